package referee

// The live view: the Listener that, on a terminal, redraws one board in place after every
// ply (cursor home, the frame, clear the rest) instead of the printer's board per ply:
// the game and ply, the ply's line (the last move), the board with the characters the ply
// changed highlighted, both clocks and the points where the game has them, then a pause so
// that a person can follow.

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"golang.org/x/sys/unix"
)

const (
	ansiHome      = "\x1b[H"
	ansiClearLine = "\x1b[K"
	ansiClearDown = "\x1b[J"
	ansiBold      = "\x1b[1m"
	ansiMark      = "\x1b[30;43m" // black on yellow: what the last ply changed
	ansiReset     = "\x1b[0m"
)

// live draws the plies of one game at a time on w, a terminal; Run uses it only when games
// are played one at a time.
type live struct {
	mu     sync.Mutex
	w      io.Writer
	delay  time.Duration
	colour bool
	prev   []string // the board drawn last, to find what the next ply changes
}

// IsTerminal reports whether w is a terminal (it answers the terminal ioctl; /dev/null,
// also a character device, does not), where output may be redrawn in place.
func IsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	_, err := unix.IoctlGetTermios(int(f.Fd()), unix.TCGETS)
	return err == nil
}

// hasColour reports whether the terminal the environment describes shows ANSI colours:
// not when NO_COLOR is set (no-color.org) or TERM is unset or "dumb".
func hasColour() bool {
	term := os.Getenv("TERM")
	return os.Getenv("NO_COLOR") == "" && term != "" && term != "dumb"
}

// GameStarted draws the first position.
func (l *live) GameStarted(g *GameInfo) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.prev = nil
	l.draw(g, "start", nil)
}

// Played draws the position after the ply, then waits the delay.
func (l *live) Played(g *GameInfo, p *Ply) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.draw(g, PlyLine(g, p), p)
	time.Sleep(l.delay)
}

// GameEnded leaves the last frame on the screen; the printer's line for the game follows.
func (l *live) GameEnded(*GameInfo) error { return nil }

// draw writes one frame: what, the board with the ply's changes marked, the clocks after p
// (nil before the first ply).
func (l *live) draw(g *GameInfo, what string, p *Ply) {
	var b strings.Builder
	b.WriteString(ansiHome)
	title := fmt.Sprintf("%s, game %d of %d: %s vs %s", g.Config.Game.Name(), g.Number, g.Config.Games, g.Who(0), g.Who(1))
	l.line(&b, l.bold(title))
	l.line(&b, what)
	board := g.Match.Render()
	for i, row := range board {
		l.line(&b, l.marked(row, i))
	}
	l.prev = board
	if p != nil {
		l.line(&b, clocksLine(g, p))
		if p.Scored {
			l.line(&b, fmt.Sprintf("points: %s %d, %s %d", g.Who(0), p.Points[0], g.Who(1), p.Points[1]))
		}
	}
	b.WriteString(ansiClearDown)
	io.WriteString(l.w, b.String())
}

// line adds s and clears the rest of the terminal's line, left from the previous frame.
func (l *live) line(b *strings.Builder, s string) {
	b.WriteString(s)
	b.WriteString(ansiClearLine + "\n")
}

func (l *live) bold(s string) string {
	if !l.colour {
		return s
	}
	return ansiBold + s + ansiReset
}

// marked is row i of the board with the characters that differ from the previous frame's
// highlighted, when the terminal has colours: the last move's squares, whatever the game.
func (l *live) marked(row string, i int) string {
	if !l.colour || l.prev == nil || i >= len(l.prev) {
		return row
	}
	old := []rune(l.prev[i])
	var b strings.Builder
	on := false
	for j, r := range []rune(row) {
		changed := j >= len(old) || old[j] != r
		switch {
		case changed && !on:
			b.WriteString(ansiMark)
		case !changed && on:
			b.WriteString(ansiReset)
		}
		on = changed
		b.WriteRune(r)
	}
	if on {
		b.WriteString(ansiReset)
	}
	return b.String()
}
