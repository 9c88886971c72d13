package serve_test

import (
	"math/rand/v2"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"gameagents/internal/gamefile"
	"gameagents/internal/games"
	"gameagents/internal/referee"
	"gameagents/internal/reversi"
	"gameagents/internal/serve"
)

// cpuTime is the process's user+sys CPU time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestAnalysisAgreesWithSolver analyses a whole game of Reversi at the server's default
// budget (0.2 s a position, the default node rate) and checks its last 20 plies against
// Reversi's exact solver: every score the analysis calls exact is the solver's, and the
// blunder marks there are the solver's: a ply among them whose exact drop exceeds the
// smallest marked drop is marked, and a marked one really drops. It logs the analysis's
// CPU time, which RESULTS.md quotes.
func TestAnalysisAgreesWithSolver(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: a whole game's analysis and 20 exact solves")
	}
	b := newBoardWith(t, 100, func(c *serve.Config) { c.AnalysisSeconds = 0.2 })
	id := b.open("reversi", "", 0)
	rng := rand.New(rand.NewPCG(60, 20))
	st := b.playOut(id, rng)
	data, err := os.ReadFile(st.Record)
	if err != nil {
		t.Fatal(err)
	}
	start, wall := cpuTime(), time.Now()
	status, text := b.post("/api/analyse", map[string]string{"name": "game-01.txt", "record": string(data)})
	if status != 200 {
		t.Fatalf("analyse: %d %s", status, text)
	}
	a := b.analysis(strings.TrimSuffix(strings.TrimPrefix(text, `{"id":"`), "\"}\n"))
	t.Logf("analysis of %d plies: %.1f s of CPU, %.1f s of wall time", len(a.Plies), (cpuTime() - start).Seconds(), time.Since(wall).Seconds())

	lines := gamefile.SplitLines(string(data))
	solver := reversi.NewSolver(20)
	solve := func(k int) (int, int) { // the exact score of position k, for its side to move
		m, _, err := referee.ReadRecord(games.Judges, "game-01.txt", lines, k)
		if err != nil {
			t.Fatal(err)
		}
		in, err := reversi.ParseInput("input.txt", gamefile.SplitLines(string(m.Input(gamefile.Single, "1"))))
		if err != nil {
			t.Fatal(err)
		}
		score, _ := solver.Solve(in.Board)
		return score, m.ToMove()
	}
	n := len(a.Plies)
	threshold := 0.0 // the smallest marked drop
	for _, k := range a.Marked {
		if d := *a.Plies[k-1].Drop; threshold == 0 || d < threshold {
			threshold = d
		}
	}
	exactScores := 0
	for k := max(n-20, 0); k < n; k++ {
		p := a.Plies[k]
		before, _ := solve(k)
		after, next := solve(k + 1)
		if next != p.Side {
			after = -after
		}
		drop := float64(before - after)
		if p.Exact {
			exactScores++
			if *p.Before != float64(before) {
				t.Errorf("ply %d: the analysis's exact score %v, the solver's %d", p.N, *p.Before, before)
			}
		}
		marked := false
		for _, m := range a.Marked {
			marked = marked || m == p.N
		}
		switch {
		case marked && drop <= 0:
			t.Errorf("ply %d is marked, but the solver gives it no drop (%d to %d)", p.N, before, after)
		case !marked && len(a.Marked) == 5 && drop > threshold:
			t.Errorf("ply %d drops %v discs by the solver, more than the smallest mark (%v), and is not marked", p.N, drop, threshold)
		}
	}
	t.Logf("the last 20 plies: %d of their scores exact by the analysis", exactScores)
	// At 0.2 s the engine solves the last 14 plies or so (its solver takes over there);
	// the marks above agree with the solver on all 20 regardless.
	if exactScores < 10 {
		t.Errorf("only %d of the last 20 plies' scores are exact: the analysis does not solve the endgame", exactScores)
	}
}
