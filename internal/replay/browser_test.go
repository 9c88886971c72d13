package replay_test

// The replay page in a real browser: headless Chromium driven over its DevTools protocol
// (chromedp) steps through a recorded game of each game as a person does, with the keys
// and the buttons, and every position it shows is checked against the game's record.

import (
	"context"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"gameagents/internal/browsertest"
	"gameagents/internal/gamefile"
	"gameagents/internal/games"
	"gameagents/internal/referee"
	"gameagents/internal/render"
)

// shown is what the page shows of the step it is at.
type shown struct {
	Ply    string `json:"ply"`    // the ply number under the board
	Move   string `json:"move"`   // the move under the board
	Line   string `json:"line"`   // the move list's marked line
	Pieces int    `json:"pieces"` // the elements of the board's piece layer
}

// shownJS reads a shown from the page's DOM.
const shownJS = `(() => {
	const cur = document.querySelector("#moves li.current");
	const pieces = document.querySelector("#board svg g.pieces");
	return {
		ply: document.getElementById("ply").textContent,
		move: document.getElementById("move").textContent,
		line: cur ? cur.textContent : "",
		pieces: pieces ? pieces.childElementCount : -1,
	};
})()`

// TestBrowserSteps plays a short game of each game (greedy against random), opens its page
// in headless Chromium, and as a person would presses → a few times, clicks ◀, and presses
// End and Home, checking after each what the page shows against the record.
func TestBrowserSteps(t *testing.T) {
	ctx := browsertest.Start(t, "the replay page", 0, 0)
	for _, c := range []struct {
		game         string
		plies, steps int
	}{{"halma", 24, 10}, {"reversi", 24, 10}, {"hive", 24, 10}, {"quoridor", 24, 6}, {"streky", 24, 10}} {
		t.Run(c.game, func(t *testing.T) {
			out := playPlayers(t, c.game, c.plies, "greedy", "random")
			record, err := gamefile.ReadLines(filepath.Join(out, "game-01.txt"))
			if err != nil {
				t.Fatal(err)
			}
			lines := plyLines(record)
			steps := min(c.steps, len(lines))
			if steps < 2 {
				t.Fatalf("the game has %d plies, want at least 2", len(lines))
			}
			tab, cancel := chromedp.NewContext(ctx)
			defer cancel()
			tab, cancel = context.WithTimeout(tab, 20*time.Second)
			defer cancel()
			p := &browserPage{t: t, ctx: tab, record: record, lines: lines}
			p.do("open the page", chromedp.Navigate("file://"+filepath.Join(out, "replay.html")))
			p.check("opened", 0)
			for range steps {
				p.do("press →", chromedp.KeyEvent(kb.ArrowRight))
			}
			p.check("→ pressed "+strconv.Itoa(steps)+" times", steps)
			p.do("click ◀", chromedp.Click(chromedp.ID("prev")))
			p.check("◀ clicked", steps-1)
			p.do("press End", chromedp.KeyEvent(kb.End))
			p.check("End pressed", len(lines))
			p.do("press Home", chromedp.KeyEvent(kb.Home))
			p.check("Home pressed", 0)
		})
	}
}

// browserPage is a game's page open in a tab, and the game's record.
type browserPage struct {
	t      *testing.T
	ctx    context.Context
	record []gamefile.Line
	lines  []string // the record's ply lines
}

// do runs the browser actions; what fails the test.
func (p *browserPage) do(what string, actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, actions...); err != nil {
		p.t.Fatalf("%s: %v", what, err)
	}
}

// check wants the page, after what was done, to show ply k as the record has it: its
// number, its move (the whole line for a ply that played none), its line marked in the move
// list, and as many pieces on the board as the position replayed from the record draws.
func (p *browserPage) check(what string, k int) {
	p.t.Helper()
	got, err := chromedp.Run(p.ctx, chromedp.Evaluate[shown](shownJS))
	if err != nil {
		p.t.Fatalf("%s: reading the page: %v", what, err)
	}
	want := shown{Ply: strconv.Itoa(k), Move: "(start)", Line: "start", Pieces: p.pieces(k)}
	if k > 0 {
		want.Line = p.lines[k-1]
		want.Move = want.Line
		if m, ok := loggedMove(want.Line); ok {
			want.Move = m
		}
	}
	if got != want {
		p.t.Errorf("%s: the page shows %+v, want %+v", what, got, want)
	}
}

// pieces is the number of piece shapes of the position after ply k, replayed from the record.
func (p *browserPage) pieces(k int) int {
	p.t.Helper()
	moves := 0
	for _, line := range p.lines[:k] {
		if _, ok := loggedMove(line); ok {
			moves++
		}
	}
	m, _, err := referee.ReadRecord(games.Judges, "game-01.txt", p.record, moves)
	if err != nil {
		p.t.Fatalf("replaying %d moves: %v", moves, err)
	}
	d, ok := m.(render.Drawer)
	if !ok {
		p.t.Fatalf("%T draws no pictures", m)
	}
	return len(d.Scene().Pieces)
}
