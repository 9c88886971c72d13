package serve_test

// The web board in a real browser: headless Chromium, driven over its DevTools protocol
// (chromedp), plays a whole game of each game as a person does, by clicks on the board's
// spots and buttons, against our random player run through the file protocol; it checks
// that a click off the legal moves does nothing and that a move the server refuses is shown
// as an error, takes a move back and asks a hint, compares the final position and result
// with the referee's record, and analyses the game (its graph drawn, a point clicked).
// SERVE_SCREENSHOTS=DIR keeps a picture of each game in DIR, taken at the person's sixth
// move after its first click, and of Reversi's hint and analysis (docs/pictures holds
// them).

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"gameagents/internal/browsertest"
	"gameagents/internal/serve"
)

func TestBrowserPlays(t *testing.T) {
	ctx := browsertest.Start(t, "the web board", 1200, 900)
	exe, err := filepath.Abs(os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	random := serve.Agent{Name: "random", Command: fmt.Sprintf("%s=random exec '%s'", agentEnv, exe)}
	for _, c := range []struct {
		game, setup string
		side        int
	}{
		{"reversi", "", 0},
		{"halma", "", 1},
		{"hive", "size=7 pieces=q1,b1,a1", 0},
		{"hive", "rules=base", 1},
		{"quoridor", "size=5x5 walls=2", 0},
		{"streky", "size=18x18 count=10 seed=2", 1},
	} {
		t.Run(c.game+" "+c.setup, func(t *testing.T) {
			// Analyses at 0.01 s a position: the graph is what is checked here.
			b := newBoardWith(t, 160, func(c *serve.Config) { c.AnalysisSeconds = 0.01 }, random)
			tab, cancel := chromedp.NewContext(ctx)
			defer cancel()
			tab, cancel = context.WithTimeout(tab, 4*time.Minute)
			defer cancel()
			p := &page{t: t, ctx: tab}
			p.do("open the page", chromedp.Navigate(b.url+"/"))
			p.poll("the game list", `document.getElementById("game").options.length > 0`)
			p.eval(fmt.Sprintf(`(() => {
				const g = document.getElementById("game");
				g.value = %q; g.onchange();
				document.getElementById("setup").value = %q;
				document.getElementById("side").value = "%d";
				document.getElementById("agent").value = "random";
				return true; })()`, c.game, c.setup, c.side))
			p.do("click New game", chromedp.Click(chromedp.ID("new")))
			rng := rand.New(rand.NewPCG(28, uint64(c.side)))
			st := p.settled(-1)
			if st.YourTurn {
				p.refusals(st)
			}
			for moves := 0; !st.Over; moves++ {
				if moves == 3 {
					st = p.takeBackAndHint(st)
				}
				pick := st.Picks[rng.IntN(len(st.Picks))]
				var shot func()
				if name := shotName(c.game, c.setup, ""); name != "" && moves == 5 {
					shot = func() { p.screenshot(name) }
				}
				p.play(pick, shot)
				st = p.settled(st.Version)
			}
			checkRecord(t, st)
			p.analyse(len(st.Moves), c.game != "reversi", shotName(c.game, c.setup, "analysis"))
		})
	}
}

// page is the web board open in a tab.
type page struct {
	t   *testing.T
	ctx context.Context
}

func (p *page) do(what string, actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, actions...); err != nil {
		p.t.Fatalf("%s: %v", what, err)
	}
}

func evalAs[T any](p *page, a chromedp.Action[T]) T {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, a)
	if err != nil {
		p.t.Fatalf("%v", err)
	}
	return v
}

func (p *page) eval(js string) bool { p.t.Helper(); return evalAs(p, chromedp.Evaluate[bool](js)) }

func (p *page) poll(what, js string) {
	p.t.Helper()
	// The tab's own deadline bounds the wait: an analysis on a busy machine takes longer
	// than Poll's default half minute.
	if _, err := chromedp.Run(p.ctx, chromedp.Poll[bool](js, chromedp.WithPollingTimeout(3*time.Minute))); err != nil {
		p.t.Fatalf("waiting for %s: %v", what, err)
	}
}

// settled waits until the page shows a state past version after in which the person is to
// move or the game is over, and returns it.
func (p *page) settled(after int) serve.State {
	p.t.Helper()
	p.poll("the person's move or the end", fmt.Sprintf(`board.state !== null && board.version > %d &&
		(board.state.yourTurn || board.state.over || !!board.state.error)`, after))
	st := evalAs(p, chromedp.Evaluate[serve.State]("board.state"))
	if st.Error != "" {
		p.t.Fatalf("the table stopped: %s", st.Error)
	}
	return st
}

// play enters a pick by its clicks: each step's spot or button, found among those the page
// offers next, then the play button when the steps are a move that others continue.
func (p *page) play(pick serve.Pick, shot func()) {
	p.t.Helper()
	for i, s := range pick.Steps {
		if shot != nil && (i == 1 || len(pick.Steps) == 1) {
			shot() // the choices after the first click, or the board before a one-click move
		}
		next := evalAs(p, chromedp.Evaluate[[]serve.Step]("board.next"))
		j := -1
		for k, n := range next {
			if n == s {
				j = k
			}
		}
		if j < 0 {
			p.t.Fatalf("pick %q: step %d %+v is not offered (offered: %+v)", pick.Output, i+1, s, next)
		}
		p.do(fmt.Sprintf("click step %d of %q", i+1, pick.Output), chromedp.Click(chromedp.ID(fmt.Sprintf("step-%d", j))))
	}
	if p.eval("board.chosen.length > 0") {
		if !p.eval(`!!document.getElementById("play-here")`) {
			chosen := evalAs(p, chromedp.Evaluate[string]("JSON.stringify(board.chosen)"))
			p.t.Fatalf("pick %q: its steps %+v are clicked, the page has chosen %s and offers no play button", pick.Output, pick.Steps, chosen)
		}
		p.do("click play", chromedp.Click(chromedp.ID("play-here")))
	}
}

// shotName is where SERVE_SCREENSHOTS keeps a picture of a game's view ("" for play,
// "analysis"): DIR/serve[-VIEW]-GAME[-base].png; "" without SERVE_SCREENSHOTS.
func shotName(game, setup, view string) string {
	dir := os.Getenv("SERVE_SCREENSHOTS")
	if dir == "" {
		return ""
	}
	if view != "" {
		view = "-" + view
	}
	if setup == "rules=base" {
		game += "-base"
	}
	return filepath.Join(dir, "serve"+view+"-"+game+".png")
}

// screenshot keeps a picture of the page in file.
func (p *page) screenshot(file string) {
	p.t.Helper()
	shot := evalAs(p, chromedp.FullScreenshot(90))
	if err := os.WriteFile(file, shot, 0o644); err != nil {
		p.t.Error(err)
	}
}

// refusals: a click on the board away from every spot changes nothing, and a move the
// server refuses is shown as its error.
func (p *page) refusals(st serve.State) {
	p.t.Helper()
	corner := evalAs(p, chromedp.Evaluate[[2]float64](`(() => {
		const r = document.querySelector("#board svg").getBoundingClientRect();
		return [r.left + 3, r.top + 3]; })()`))
	p.do("click the board's corner", chromedp.MouseClickXY(corner[0], corner[1]))
	if got := evalAs(p, chromedp.Evaluate[string](`JSON.stringify([board.version, board.chosen.length, document.getElementById("error").textContent])`)); got != fmt.Sprintf(`[%d,0,""]`, st.Version) {
		p.t.Errorf("a click off the legal moves changed the page: version, steps chosen, error = %s, want version %d, none, none", got, st.Version)
	}
	p.eval(`(send("no such move\n"), true)`)
	p.poll("the refusal", `document.getElementById("error").textContent.includes("not a legal move")`)
}

// takeBackAndHint takes the person's last move back, checks the position is the one
// before it, and asks a hint, which the page marks.
func (p *page) takeBackAndHint(st serve.State) serve.State {
	p.t.Helper()
	before := len(st.Moves)
	p.do("click Take back", chromedp.Click(chromedp.ID("undo")))
	back := p.settled(st.Version)
	if len(back.Moves) >= before {
		p.t.Errorf("take back: %d moves, had %d", len(back.Moves), before)
	}
	p.do("click Hint", chromedp.Click(chromedp.ID("hint")))
	p.poll("the hint", `document.getElementById("hintText").textContent.startsWith("hint:") &&
		document.querySelectorAll("#board .hinted").length > 0 &&
		document.querySelectorAll("#board text.score").length === (board.hint.moves || []).filter((m) => {
			const p = board.state.picks.find((p) => p.o === m.output);
			return p && p.s.length === 1 && p.s[0].on; }).length`)
	if dir := os.Getenv("SERVE_SCREENSHOTS"); dir != "" && evalAs(p, chromedp.Evaluate[string]("board.state.game")) == "reversi" {
		p.screenshot(filepath.Join(dir, "serve-hint.png"))
	}
	return back
}

// analyse opens the analysis view, analyses the game just played (by the button under it,
// or as the only record the server lists), and checks the graph (a point per position, a mark per largest drop) and
// that clicking a point shows that position.
func (p *page) analyse(moves int, byButton bool, shot string) {
	p.t.Helper()
	if byButton { // the button under the finished game
		p.do("click Analyse this game", chromedp.Click(chromedp.ID("analyseThis")))
	} else {
		p.do("click Analyse a game", chromedp.Click(chromedp.ID("modeAnalyse")))
		p.poll("the record list", `document.getElementById("recordList").options.length === 1`)
		p.do("click Analyse", chromedp.Click(chromedp.ID("analyseListed")))
	}
	p.poll("the analysis", `analysis.state !== null && analysis.state.over`)
	got := evalAs(p, chromedp.Evaluate[[4]int](`[document.querySelectorAll("#graph .pt").length,
		document.querySelectorAll("#graph .drop").length, analysis.state.marked.length,
		analysis.state.plies.filter((p) => p.after !== undefined).length]`))
	// A point for the start and one after each move whose next position was searched (all
	// but the last, when the game ended by its rules).
	if got[0] != got[3]+1 || got[3] < moves-1 || got[1] != got[2] || got[2] == 0 {
		p.t.Errorf("the graph has %d points and %d marks (%d moves with a score after, %d drops marked), want a point each and a mark per drop", got[0], got[1], got[3], got[2])
	}
	p.do("click the graph's fifth move", chromedp.Click(chromedp.ID("pt-5")))
	if !p.eval(`(() => {
		const pieces = (svg) => new DOMParser().parseFromString(svg, "image/svg+xml").querySelectorAll("g.pieces > *").length;
		return document.getElementById("aPly").textContent.startsWith("ply 5:") &&
			document.querySelectorAll("#aBoard g.pieces > *").length === pieces(analysis.state.plies[4].svg); })()`) {
		p.t.Errorf("clicking the graph's point 5 does not show ply 5")
	}
	if shot != "" {
		p.screenshot(shot)
	}
}
