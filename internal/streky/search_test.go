package streky

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"gameagents/internal/clock"
	"gameagents/internal/gamefile"
	"gameagents/internal/search"
)

// parsePosition parses an input.txt text.
func parsePosition(tb testing.TB, text string) *Position {
	tb.Helper()
	in, err := ParseInput("input.txt", gamefile.SplitLines(text))
	if err != nil {
		tb.Fatal(err)
	}
	return in.Position
}

// A region A of ten 1s with two free cells next to it, a region B of six 2s with one: both
// players hold a 1 and a 2, nothing else is free. Greedy extends A (11 points), the opponent
// extends it again (12), we extend B (7): 18 against 12. Extending B first (7) leaves A to
// the opponent once (11) and to us last (12): 19 against 11.
var parityTrap = strekyInput("FIRST", []string{
	"11111.0",
	"11111.0",
	"0000000",
	"222.000",
	"2220000",
}, []string{"1", "2"}, []string{"1", "2"})

// TestSearchTactics: positions whose best move the lookahead must find and greedy misses.
func TestSearchTactics(t *testing.T) {
	tests := []struct {
		name       string
		input      string
		want       string // the engine's move
		wantGreedy int    // greedy's gain, to show it plays otherwise
	}{
		{name: "extend the region with one free end first", input: parityTrap, want: "PLACE 3,3 2", wantGreedy: 11},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := parsePosition(t, tt.input)
			r := NewEngine().Search(p, Limits{Nodes: 1_000_000}, nil)
			if got := FormatMove(r.Move); got != tt.want {
				t.Errorf("Search = %s (value %d), want %s", got, r.Value, tt.want)
			}
			g := NewGenerator()
			greedy, _ := GreedyPlacement(g, g.Placements(&p.Board, p.Hand(), nil), PositionSeed(p))
			if int(greedy.Gain) != tt.wantGreedy {
				t.Errorf("greedy plays %s with gain %d, want gain %d", FormatMove(g.Move(greedy)), greedy.Gain, tt.wantGreedy)
			}
		})
	}
}

// searchPositions returns positions of random games (random placements, so that the
// positions vary) in both settings, on the tournament's board and on small ones, every
// fifth position of each game.
func searchPositions(t *testing.T) []*Position {
	t.Helper()
	var out []*Position
	rng := rand.New(rand.NewPCG(11, 12))
	for k, setup := range []string{"", "cards=colourless", "size=9x12 count=8", "size=10x10 cards=colourless count=10 zeros=50"} {
		cfg, err := Game{}.Configure(setup)
		if err != nil {
			t.Fatal(err)
		}
		p, err := cfg.(Game).WithSeed(uint64(k)).NewPosition()
		if err != nil {
			t.Fatal(err)
		}
		g := NewGenerator()
		for ply := 0; !p.GameOver(); ply++ {
			ps := g.Placements(&p.Board, p.Hand(), nil)
			if ply%5 == 1 || len(ps) == 0 {
				out = append(out, p.Clone())
			}
			m := PassMove
			if len(ps) > 0 {
				m = g.Move(ps[rng.IntN(len(ps))])
			}
			if _, err := p.Apply(m); err != nil {
				t.Fatal(err)
			}
		}
	}
	return out
}

// TestSearchLegalDeterministicWithinBudget: on positions of random games the search returns
// a legal move (PASS exactly when no card fits), the same move and node count twice, and
// stops within one generator call past its node budget.
func TestSearchLegalDeterministicWithinBudget(t *testing.T) {
	const limit = 300_000
	e, again := NewEngine(), NewEngine()
	g := NewGenerator()
	for i, p := range searchPositions(t) {
		r := e.Search(p, Limits{Nodes: limit}, nil)
		if err := p.Check(r.Move); err != nil {
			t.Fatalf("position %d: Search = %s: %v\n%s", i, FormatMove(r.Move), err, p.Board.String())
		}
		ps := g.Placements(&p.Board, p.Hand(), nil)
		if r.Move.Pass != (len(ps) == 0) || r.Candidates != len(ps) {
			t.Errorf("position %d: Search = %s with %d candidates; %d placements exist", i, FormatMove(r.Move), r.Candidates, len(ps))
		}
		if r2 := again.Search(p, Limits{Nodes: limit}, nil); r2 != r {
			t.Errorf("position %d: Search = %+v, then %+v: want the same", i, r2, r)
		}
		// A call lists at most every placement of a hand; the board is smaller after the
		// root's, so the root's opponent and our own lists bound the overshoot.
		bound := int64(limit + search.CheckEvery + 2*callCharge + 4*len(ps) + 4*len(g.Placements(&p.Board, p.Hands[p.ToMove^1], nil)))
		if r.Nodes > bound {
			t.Errorf("position %d: %d nodes for a budget of %d, want at most %d", i, r.Nodes, limit, bound)
		}
	}
}

// TestSearchReportsImprovements: reports come in the order of the iterations, each with the
// nodes spent so far, and the last is the result.
func TestSearchReportsImprovements(t *testing.T) {
	p := calibrationPosition()
	var reports []Result
	r := NewEngine().Search(p, Limits{Nodes: 3_000_000}, func(r Result) { reports = append(reports, r) })
	if len(reports) < 2 {
		t.Fatalf("%d reports, want at least two (the widening of iteration 1, then deeper ones)", len(reports))
	}
	last := reports[len(reports)-1]
	if last.Move != r.Move || last.Depth != r.Depth {
		t.Errorf("last report %+v, result %+v: want the same move and depth", last, r)
	}
	for i := 1; i < len(reports); i++ {
		if reports[i].Depth < reports[i-1].Depth || reports[i].Nodes < reports[i-1].Nodes {
			t.Errorf("report %d (depth %d, %d nodes) after depth %d, %d nodes", i, reports[i].Depth, reports[i].Nodes, reports[i-1].Depth, reports[i-1].Nodes)
		}
	}
	if r.Depth < 2 {
		t.Errorf("depth %d on 3,000,000 nodes, want at least 2", r.Depth)
	}
}

// TestSearchGuardStops: with the CPU guard already passed, the search stops at its first
// reading of the guard, after about readEvery nodes (a millisecond), with a legal move.
func TestSearchGuardStops(t *testing.T) {
	p := calibrationPosition()
	fake := &clock.Fake{T: time.Second}
	r := NewEngine().Search(p, Limits{Guard: clock.Deadline{Clock: fake, At: time.Millisecond}}, nil)
	// The reading comes after the generator call that reaches readEvery nodes: a call
	// lists at most a few thousand placements here.
	if r.Nodes < readEvery || r.Nodes > readEvery+20_000 {
		t.Errorf("Search past its guard stopped after %d nodes, want the first reading, after %d to %d", r.Nodes, readEvery, readEvery+20_000)
	}
	if err := p.Check(r.Move); err != nil {
		t.Errorf("Search past its guard = %s: %v", FormatMove(r.Move), err)
	}
}

// TestSearchAllocatesNothing: once an engine has searched a position, searching it again
// (its lists at their sizes) allocates nothing.
func TestSearchAllocatesNothing(t *testing.T) {
	p := calibrationPosition()
	e := NewEngine()
	limits := Limits{Nodes: 2_000_000}
	e.Search(p, limits, nil)
	allocs := testing.AllocsPerRun(3, func() { e.Search(p, limits, nil) })
	if allocs != 0 {
		t.Errorf("Search allocates %v times, want 0", allocs)
	}
}

// BenchmarkSearch measures the engine on the calibration position (24-card hands on a
// third-covered 33×33 board) at 10,000,000 nodes, about a third of a second:
//
//	go test ./internal/streky -run '^$' -bench Search -benchtime 10x
func BenchmarkSearch(b *testing.B) {
	p := calibrationPosition()
	e := NewEngine()
	limits := Limits{Nodes: 10_000_000}
	e.Search(p, limits, nil)
	var nodes int64
	var depth int
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		r := e.Search(p, limits, nil)
		nodes += r.Nodes
		depth = r.Depth
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(float64(depth), "depth")
}

// TestSearchRootWithinBudget: on the largest inputs (a 64×64 board, 256 8×8 cards, more
// than a third of a CPU second to list every root placement), a tiny node budget stops the
// root's listing at the first reading past rootFloor nodes, a passed guard at its first
// reading (after readEvery nodes), and the search returns the best of what it listed: a
// legal move.
func TestSearchRootWithinBudget(t *testing.T) {
	passed := clock.Deadline{Clock: &clock.Fake{T: time.Second}, At: time.Millisecond}
	tests := []struct {
		name  string
		l     Limits
		first int64 // the nodes of the first reading
	}{
		{name: "one node", l: Limits{Nodes: 1}, first: rootFloor},
		{name: "guard passed", l: Limits{Guard: passed}, first: readEvery},
	}
	for _, half := range []bool{false, true} {
		p := parsePosition(t, largeInput(half, "1.0"))
		all := len(NewGenerator().Placements(&p.Board, p.Hand(), nil))
		for _, tt := range tests {
			t.Run(fmt.Sprintf("half covered %v/%s", half, tt.name), func(t *testing.T) {
				r := NewEngine().Search(p, tt.l, nil)
				// The reading follows the matrix that reaches it: a matrix lists at most
				// 64·64 placements.
				if most := tt.first + MaxSide*MaxSide + callCharge + 1; r.Nodes > most || r.Candidates >= all {
					t.Errorf("Search(%+v) = %d nodes, %d of %d placements listed; want at most %d nodes, not all", tt.l, r.Nodes, r.Candidates, all, most)
				}
				if err := p.Check(r.Move); err != nil || r.Move.Pass {
					t.Errorf("Search(%+v) = %s: %v; want a placement", tt.l, FormatMove(r.Move), err)
				}
			})
		}
	}
}

// TestSearchStopsInsideCall: on the half-covered large input, a budget that ends in the
// opponent's first reply (a listing as long as the root's, 200,000 placements) stops the
// search within that listing, not after it. (The root listing counts a node per matrix
// too, 4 a card: a budget of the root and less than 1,024 nodes more stops the root.)
func TestSearchStopsInsideCall(t *testing.T) {
	p := parsePosition(t, largeInput(true, "1.0"))
	root := int64(len(NewGenerator().Placements(&p.Board, p.Hand(), nil)))
	for _, extra := range []int64{20_000, 60_000} {
		t.Run(fmt.Sprint(extra), func(t *testing.T) {
			limit := root + callCharge + 1 + extra
			r := NewEngine().Search(p, Limits{Nodes: limit}, nil)
			if most := limit + 2*search.CheckEvery + 4*MaxHand + MaxSide*MaxSide; r.Nodes > most || r.Candidates != int(root) {
				t.Errorf("Search(%d nodes) = %d nodes, %d of %d root placements; want at most %d nodes, every root placement", limit, r.Nodes, r.Candidates, root, most)
			}
			if err := p.Check(r.Move); err != nil || r.Move.Pass {
				t.Errorf("Search(%d nodes) = %s: %v; want a placement", limit, FormatMove(r.Move), err)
			}
		})
	}
}

// TestReplyScan: with ReplyScan 4 the modelled reply of the principal variation is, of the
// opponent's four best replies by greedy key, the one with the most gain less our best
// gain after it, computed here with the plain position and generator; and it plays
// otherwise than the greedy model in the calibration position.
func TestReplyScan(t *testing.T) {
	p := calibrationPosition()
	moves := map[int]Move{}
	for _, scan := range []int{0, 4} {
		e := NewEngine()
		e.Options.ReplyScan = scan
		r := e.Search(p, Limits{Nodes: 2_000_000}, nil)
		moves[scan] = r.Move
		pv := e.PV()
		if scan == 0 || len(pv) < 2 {
			continue
		}
		after := p.Clone()
		if _, err := after.Apply(pv[0]); err != nil {
			t.Fatal(err)
		}
		g := NewGenerator()
		replies := topByKey(g, g.Placements(&after.Board, after.Hand(), nil), 4, nil)
		best, bestValue := Move{}, -1<<30
		for _, rp := range replies {
			m := g.Move(rp)
			next := after.Clone()
			if _, err := next.Apply(m); err != nil {
				t.Fatal(err)
			}
			ours := 0
			for _, pl := range NewGenerator().Placements(&next.Board, next.Hand(), nil) {
				ours = max(ours, int(pl.Gain))
			}
			if v := int(rp.Gain) - ours; v > bestValue {
				best, bestValue = m, v
			}
		}
		if FormatMove(pv[1]) != FormatMove(best) {
			t.Errorf("the modelled reply to %s is %s, want %s (gain less our best answer %d)", FormatMove(pv[0]), FormatMove(pv[1]), FormatMove(best), bestValue)
		}
	}
	if moves[0] == moves[4] {
		t.Errorf("ReplyScan 4 plays %s, as the greedy model does: the option changes nothing", FormatMove(moves[4]))
	}
}
