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
	// height is the terminal's number of lines (0: unknown, nothing cut); a board taller
	// than the frame has room for is shown through a window that follows the last move.
	height int
	width  int // the terminal's columns (0: unknown): longer lines are cut, never wrapped
	top    int // the window's first board line after the header, kept while it serves
}

// terminalSize is the number of lines and columns of the terminal w is, or 0, 0 when
// unknown.
func terminalSize(w io.Writer) (lines, columns int) {
	f, ok := w.(*os.File)
	if !ok {
		return 0, 0
	}
	ws, err := unix.IoctlGetWinsize(int(f.Fd()), unix.TIOCGWINSZ)
	if err != nil {
		return 0, 0
	}
	return int(ws.Row), int(ws.Col)
}

// fit cuts a line of plain text to the terminal's width, less a column (a line that fills
// the last column wraps on some terminals), so that a frame takes the lines it counts.
func (l *live) fit(s string) string {
	if l.width <= 1 {
		return s
	}
	r := []rune(s)
	if len(r) < l.width {
		return s
	}
	return string(r[:l.width-2]) + "…"
}

// newLive is the live view on the terminal w, sized to it.
func newLive(w io.Writer, delay time.Duration) *live {
	l := &live{w: w, delay: delay, colour: hasColour()}
	l.height, l.width = terminalSize(w)
	return l
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
	l.line(&b, l.fit(g.Config.Header())) // what the match is stays on the screen
	title := fmt.Sprintf("%s, game %d of %d: %s vs %s", g.Config.Game.Name(), g.Number, g.Config.Games, g.Who(0), g.Who(1))
	l.line(&b, l.bold(l.fit(title)))
	l.line(&b, l.fit(what))
	board := g.Match.Render()
	for i := range board {
		board[i] = l.fit(board[i])
	}
	shown, note := l.window(board, p)
	for _, i := range shown {
		l.line(&b, l.marked(board[i], i))
	}
	if note != "" {
		l.line(&b, l.fit(note))
	}
	l.prev = board
	if p != nil {
		l.line(&b, l.fit(clocksLine(g, p)))
		if p.Scored {
			l.line(&b, l.fit(fmt.Sprintf("points: %s %d, %s %d", g.Who(0), p.Points[0], g.Who(1), p.Points[1])))
		}
	}
	b.WriteString(ansiClearDown)
	io.WriteString(l.w, b.String())
}

// frameLines are the lines of a frame besides the board: the match's header, the game's
// title, the ply, the clocks, the points, the window's note, and the line the cursor rests
// on after the frame.
const frameLines = 7

// window chooses which of the board's lines to draw: all of them where they fit the
// terminal; else the first (the column header every game's Render starts with) and a
// window of the others that holds the lines the ply changed, kept where it was while they
// show in it, with a note that says what is cut. A terminal too small even for that is
// told so, and shown the window it has room for.
func (l *live) window(board []string, p *Ply) ([]int, string) {
	all := make([]int, len(board))
	for i := range all {
		all[i] = i
	}
	room := l.height - frameLines
	if l.height == 0 || len(board) <= room+1 || len(board) < 2 {
		return all, ""
	}
	size := max(room-1, 1) // after the header
	first, last := -1, -1  // the lines the ply changed, after the header
	for i := 1; i < len(board) && l.prev != nil && p != nil; i++ {
		if i >= len(l.prev) || board[i] != l.prev[i] {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	if first >= 0 && (first < l.top || last >= l.top+size) {
		l.top = max(1, min(first-(size-(last-first+1))/2, len(board)-size))
	}
	l.top = max(1, min(l.top, len(board)-size))
	shown := append([]int{0}, all[l.top:l.top+size]...)
	note := fmt.Sprintf("(lines %d–%d of the board's %d, following the last move)", l.top+1, l.top+size, len(board))
	if room < 4 {
		note = fmt.Sprintf("(the terminal has %d lines, too few for the live board: -plain prints a board per ply)", l.height)
	}
	return shown, note
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
