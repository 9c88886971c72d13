package tournament

// The progress line: games done of all, the leading course scores so far, and the time
// left estimated from the games this run has played. On a terminal it is redrawn in place;
// into a file or a pipe each update is a line of its own.

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"sync"
	"time"
)

// progressLeaders is how many entries the progress line names.
const progressLeaders = 4

// Progress shows a running tournament's progress on a writer.
type Progress struct {
	w      io.Writer
	redraw bool // w is a terminal: redraw the line in place
	now    func() time.Time

	mu      sync.Mutex
	t       *Tournament
	tally   *tally
	all     int // games in the tournament
	done    int // games with results
	played  int // games this run played
	started time.Time
}

// NewProgress shows progress on w, redrawing one line when redraw is set.
func NewProgress(w io.Writer, redraw bool) *Progress {
	return &Progress{w: w, redraw: redraw, now: time.Now}
}

// Start begins a run of t that found done finished and missing games to play.
func (p *Progress) Start(t *Tournament, done []Outcome, missing int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.t, p.tally = t, newTally(t)
	for i := range done {
		p.tally.add(&done[i])
	}
	p.all, p.done, p.started = len(done)+missing, len(done), p.now()
	p.show()
}

// Add counts a game that has just finished.
func (p *Progress) Add(o Outcome) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.tally.add(&o)
	p.done++
	p.played++
	p.show()
}

// Finish ends the redrawn line.
func (p *Progress) Finish() {
	if p.redraw {
		fmt.Fprintln(p.w)
	}
}

// show writes the line.
func (p *Progress) show() {
	line := p.line()
	if p.redraw {
		fmt.Fprintf(p.w, "\r%s\x1b[K", line)
		return
	}
	fmt.Fprintln(p.w, line)
}

// line is the progress line, e.g. "games 12/40; scores alpha 7.5, beta 4.5, gamma 0; about 1m20s left".
func (p *Progress) line() string {
	order := make([]int, len(p.t.Entries))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(x, y int) bool { return p.tally.course[order[x]] > p.tally.course[order[y]] })
	var leaders []string
	for _, i := range order[:min(progressLeaders, len(order))] {
		leaders = append(leaders, p.t.Entries[i].Name+" "+number(p.tally.course[i]))
	}
	more := ""
	if len(order) > progressLeaders {
		more = ", ..."
	}
	left := "time left unknown"
	switch {
	case p.done == p.all:
		left = "done"
	case p.played > 0:
		elapsed := p.now().Sub(p.started)
		est := time.Duration(float64(elapsed) / float64(p.played) * float64(p.all-p.done))
		left = "about " + est.Round(time.Second).String() + " left"
	}
	return fmt.Sprintf("games %d/%d; %s %s%s; %s", p.done, p.all, p.t.scoreName(), strings.Join(leaders, ", "), more, left)
}
