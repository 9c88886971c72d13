package reversi

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"gameagents/internal/search"
)

// randomPositions plays seeded random games and keeps the position after plies plies (or
// the last one before the game ended), one per game.
func randomPositions(seed uint64, n, plies int) []Board {
	rng := rand.New(rand.NewPCG(seed, 7))
	var out []Board
	for len(out) < n {
		b := Start()
		for i := 0; i < plies; i++ {
			moves := b.Moves()
			if moves == 0 {
				if b.Pass().Moves() == 0 {
					break
				}
				b = b.Pass()
				continue
			}
			k := rng.IntN(bits.OnesCount64(moves))
			for ; k > 0; k-- {
				moves &= moves - 1
			}
			b = b.Play(bits.TrailingZeros64(moves))
		}
		out = append(out, b)
	}
	return out
}

// minimax is the reference: plain negamax to depth with the same evaluation and the same
// pass and end-of-game rules as the engine, no pruning.
func minimax(b Board, depth int, eval func(Board) int32, passed bool) int32 {
	moves := b.Moves()
	if moves == 0 {
		if passed || b.Pass().Moves() == 0 {
			return int32(final(b)) * discScore
		}
		return -minimax(b.Pass(), depth, eval, true)
	}
	if depth == 0 {
		return eval(b)
	}
	best := int32(-scoreInf)
	for ; moves != 0; moves &= moves - 1 {
		best = max(best, -minimax(b.Play(bits.TrailingZeros64(moves)), depth-1, eval, false))
	}
	return best
}

// TestSearchEqualsMinimax: every combination of the search's features finds the exact
// minimax value of a fixed depth, since pruning, ordering and the table (whose entries only
// serve the same depth within an iteration: a position's distance from the root is fixed by
// its empty squares) must not change it.
func TestSearchEqualsMinimax(t *testing.T) {
	// ProbCut is off throughout: it is selective by design (TestProbCut checks it).
	features := map[string]Features{
		"all":    {NoProbCut: true},
		"noTT":   {NoTT: true, NoProbCut: true},
		"noPVS":  {NoPVS: true, NoProbCut: true},
		"noSort": {NoSort: true, NoProbCut: true},
	}
	positions := randomPositions(1, 24, 24)
	positions = append(positions, randomPositions(2, 12, 50)...)
	for name, f := range features {
		t.Run(name, func(t *testing.T) {
			for i, b := range positions {
				if b.Moves() == 0 {
					continue
				}
				for _, depth := range []int{1, 2, 3, 4} {
					e := NewEngine(14)
					e.Features = f
					e.Evaluation = HandEval
					got := e.Search(b, Limits{MaxDepth: depth}, nil)
					want := minimax(b, depth, HandEval, false)
					if got.Score != want {
						t.Fatalf("position %d %v depth %d: Search score %d, want minimax %d", i, b, depth, got.Score, want)
					}
					if got.Move < 0 || b.Moves()&(1<<got.Move) == 0 {
						t.Fatalf("position %d depth %d: Search move %d is not legal", i, depth, got.Move)
					}
					if v := -minimax(b.Play(got.Move), depth-1, HandEval, false); v != want {
						t.Fatalf("position %d depth %d: Search move %s scores %d, want the best %d", i, depth, SquareName(got.Move), v, want)
					}
				}
			}
		})
	}
}

// TestSearchSolvesEndgames: searched to the end, the score is the exact disc difference.
func TestSearchSolvesEndgames(t *testing.T) {
	s := NewSolver(16)
	for i, b := range randomPositions(3, 40, 52) {
		if b.Moves() == 0 {
			continue
		}
		want, _ := s.Solve(b)
		r := NewEngine(14).Search(b, Limits{}, nil)
		if !r.Exact || r.Score != int32(want)*discScore {
			t.Errorf("position %d %v: Search = %+v, want exact score %d", i, b, r, want*discScore)
		}
	}
}

// TestSearchUsesSolver: with a budget, an endgame's move comes from the solver: a proved
// win or draw is a move that keeps it, and an exact result is the best move.
func TestSearchUsesSolver(t *testing.T) {
	s := NewSolver(18)
	solved := 0
	for i, b := range randomPositions(5, 30, 44) {
		if b.Moves() == 0 {
			continue
		}
		want, _ := s.Solve(b)
		r := NewEngine(16).Search(b, Limits{Nodes: 400_000}, nil)
		got, _ := s.Solve(b.Play(r.Move))
		got = -got
		switch {
		case r.Exact:
			solved++
			if r.Score != int32(want)*discScore || got != want {
				t.Errorf("position %d %v: exact result %+v, move scores %d, want %d", i, b, r, got, want)
			}
		case want >= 0 && got < 0:
			t.Errorf("position %d %v: move %s loses (%d) where %d was possible: %+v", i, b, SquareName(r.Move), got, want, r)
		}
	}
	if solved < 10 {
		t.Errorf("%d of 30 positions with 16 empties solved exactly with 400k nodes, want at least 10", solved)
	}
}

// TestSearchStopsOnNodeBudget: the budget stops the search soon after it is spent, and the
// move is still legal.
func TestSearchStopsOnNodeBudget(t *testing.T) {
	for _, budget := range []int64{100, 5000, 50000} {
		b := randomPlayout(20)
		r := NewEngine(16).Search(b, Limits{Nodes: budget}, nil)
		if r.Nodes > budget+search.CheckEvery {
			t.Errorf("budget %d: searched %d nodes", budget, r.Nodes)
		}
		if b.Moves()&(1<<r.Move) == 0 {
			t.Errorf("budget %d: move %d is not legal", budget, r.Move)
		}
	}
}

func TestSearchAllocatesNothing(t *testing.T) {
	e := NewEngine(16)
	b := randomPlayout(20)
	allocs := testing.AllocsPerRun(3, func() {
		e.Search(b, Limits{Nodes: 20000}, nil)
	})
	if allocs != 0 {
		t.Errorf("Search allocates %v times per run, want 0", allocs)
	}
}

func TestGreedyAndRandomMoves(t *testing.T) {
	for i, b := range randomPositions(4, 50, 30) {
		moves := b.Moves()
		if moves == 0 {
			continue
		}
		g := GreedyMove(b)
		if moves&(1<<g) == 0 {
			t.Fatalf("position %d: GreedyMove %d is not legal", i, g)
		}
		for m := moves; m != 0; m &= m - 1 {
			if sq := bits.TrailingZeros64(m); bits.OnesCount64(b.Flips(sq)) > bits.OnesCount64(b.Flips(g)) {
				t.Fatalf("position %d: GreedyMove %s flips fewer than %s", i, SquareName(g), SquareName(sq))
			}
		}
		if r := RandomMove(b); moves&(1<<r) == 0 || RandomMove(b) != r {
			t.Fatalf("position %d: RandomMove %d is not legal or not repeatable", i, r)
		}
	}
}

func BenchmarkSearch(b *testing.B) {
	for _, p := range CalibrationPositions() {
		b.Run(p.Name, func(b *testing.B) {
			b.ReportAllocs()
			e := NewEngine(ttLogSize(1_000_000))
			var nodes int64
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				e.ClearTT()
				nodes += e.Search(p.Board, Limits{Nodes: 1_000_000}, nil).Nodes
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

// TestEngineFindsFFOBestMoves: on the budget of a SINGLE 1.0 move at the samples'
// calibration (2 M nodes/s), the engine plays an exact best move in FFO #1-#19.
func TestEngineFindsFFOBestMoves(t *testing.T) {
	const budget = 1_184_000 // samples/reversi: 0.592 s planned at 2 M nodes/s
	for _, p := range readFFO(t, "fforum-1-19.obf", 1) {
		r := NewEngine(ttLogSize(budget)).Search(p.pos.Board, Limits{Nodes: budget}, nil)
		if !p.best[r.Move] {
			t.Errorf("FFO #%d: engine plays %s (%+v), want a best move (score %+d)", p.num, SquareName(r.Move), r, p.score)
		}
	}
}

// TestSolveFrom: the solver is tried from as many empties as its share of the budget can
// prove (wldNodes20 at 20 empties, three times as many for each more), at most
// solveMaxEmpties; SolveFixed and an unlimited budget keep solveMaxEmpties.
func TestSolveFrom(t *testing.T) {
	tests := []struct {
		nodes int64
		fixed bool
		want  int
	}{
		{0, false, solveMaxEmpties},
		{3_300_000, true, solveMaxEmpties},
		{100_000_000, false, solveMaxEmpties}, // 225 M solver nodes: 22 empties take 27 M
		{3_300_000, false, 20},                // SINGLE 1.0 here: 7.4 M solver nodes
		{1_000_000, false, 19},                // 2.25 M: 20 empties would take 3 M
		{20_000, false, 16},                   // 45 k: 16 empties take 37 k, 17 take 111 k
	}
	for _, tt := range tests {
		e := NewEngine(4)
		e.SolveFixed = tt.fixed
		if got := e.solveFrom(tt.nodes); got != tt.want {
			t.Errorf("solveFrom(%d) with SolveFixed %v = %d, want %d", tt.nodes, tt.fixed, got, tt.want)
		}
	}
}
