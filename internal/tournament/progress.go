package tournament

// The progress line: games done of all, the leading course scores so far, the SPRT's LLRs,
// and the time left estimated from the games this run has played. On a terminal it is
// redrawn in place; into a file or a pipe each update is a line of its own.

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
	tests   sprtTests
	done    int // games with results
	played  int // games this run played
	started time.Time
}

// NewProgress shows progress on w, redrawing one line when redraw is set.
func NewProgress(w io.Writer, redraw bool) *Progress {
	return &Progress{w: w, redraw: redraw, now: time.Now}
}

// Start begins a run of t that found the games done finished.
func (p *Progress) Start(t *Tournament, done []Outcome) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.t, p.tally, p.tests = t, newTally(t), t.newTests(done)
	for i := range done {
		p.tally.add(&done[i])
	}
	p.done, p.started = len(done), p.now()
	p.show()
}

// Add counts a game that has just finished.
func (p *Progress) Add(o Outcome) { p.count(o, true) }

// Adopt counts a game another run of the tournament has finished: like Add, but not in
// the pace the time left is estimated from.
func (p *Progress) Adopt(o Outcome) { p.count(o, false) }

// count counts a finished game, in the pace when this run played it.
func (p *Progress) count(o Outcome, played bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.tally.add(&o)
	p.tests.add(&o)
	p.done++
	if played {
		p.played++
	}
	p.show()
}

// Note writes a line that is not progress (a game skipped), above the progress line.
func (p *Progress) Note(line string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.redraw {
		fmt.Fprintf(p.w, "\r%s\x1b[K\n", line)
		p.show()
		return
	}
	fmt.Fprintln(p.w, line)
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
	left := p.left()
	all := p.done + left
	until := "time left unknown"
	switch {
	case left == 0:
		until = "done"
	case p.played > 0:
		elapsed := p.now().Sub(p.started)
		est := time.Duration(float64(elapsed) / float64(p.played) * float64(left))
		until = "about " + est.Round(time.Second).String() + " left"
	}
	return fmt.Sprintf("games %d/%d; %s %s%s%s; %s", p.done, all, p.t.scoreName(), strings.Join(leaders, ", "), more, p.sprt(), until)
}

// left is the number of games still to play: every pairing's missing games, but none of a
// pairing whose SPRT has decided.
func (p *Progress) left() int {
	left := 0
	for _, pr := range p.t.Pairings() {
		if !p.tests.decided(pr) {
			w, d, l := p.tally.record(pr.A, pr.B)
			left += max(p.t.Games-(w+d+l), 0)
		}
	}
	return left
}

// sprt is the progress line's part for the SPRT: "; SPRT LLR +1.23 [-2.94, 2.94]" for one
// test, "; SPRT LLR [-2.94, 2.94] b +1.23, c H1 accepted, ..." for a gauntlet's, and
// nothing without one.
func (p *Progress) sprt() string {
	if p.t.SPRT == nil {
		return ""
	}
	lower, upper := p.t.SPRT.Bounds()
	bounds := fmt.Sprintf("[%.2f, %.2f]", lower, upper)
	state := func(pt *pairTest) string {
		if pt.decided() {
			return pt.seq.Verdict.String()
		}
		return fmt.Sprintf("%+.2f", pt.seq.LLR)
	}
	pairings := p.t.Pairings()
	if len(pairings) == 1 {
		pt := p.tests[pairings[0]]
		if pt.decided() {
			return "; SPRT " + pt.verdict()
		}
		return "; SPRT LLR " + state(pt) + " " + bounds
	}
	var parts []string
	for _, pr := range pairings[:min(progressLeaders, len(pairings))] {
		parts = append(parts, p.t.Entries[pr.B].Name+" "+state(p.tests[pr]))
	}
	more := ""
	if len(pairings) > progressLeaders {
		more = ", ..."
	}
	return "; SPRT LLR " + bounds + " " + strings.Join(parts, ", ") + more
}
