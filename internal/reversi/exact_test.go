package reversi

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

// TestExactLeaves checks the midgame search's exact leaves (exactLeafEmpties): within any
// window, exact answers the true score when it lies inside, and a bound on the right side
// when it does not; and a search to the end of random endgames, which reaches those leaves
// under every window its null-window searches set, scores what the solver proves.
func TestExactLeaves(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 8))
	s := NewSolver(16)
	for i := range 300 {
		empties := 2 + i%(exactLeafEmpties+5)
		b := randomEndgame(r, empties)
		want, _ := s.SolveWindow(b, -solveScoreLimit, solveScoreLimit)
		exact := int32(want) * discScore
		e := NewEngine(12)
		for range 20 {
			alpha := int32(r.IntN(13001) - 6500)
			beta := alpha + 1 + int32(r.IntN(800))
			v := e.exact(b, alpha, beta)
			switch {
			case exact <= alpha && v > alpha:
				t.Fatalf("position %d: exact %d in (%d, %d) gave %d, want a fail-low bound", i, exact, alpha, beta, v)
			case exact >= beta && v < beta:
				t.Fatalf("position %d: exact %d in (%d, %d) gave %d, want a fail-high bound", i, exact, alpha, beta, v)
			case exact > alpha && exact < beta && v != exact:
				t.Fatalf("position %d: exact %d in (%d, %d) gave %d", i, exact, alpha, beta, v)
			}
		}
		if bits.OnesCount64(b.Moves()) < 2 {
			continue // the search answers a single move with the evaluation, unsearched
		}
		got := e.Search(b, Limits{MaxDepth: empties}, nil)
		if got.Score != exact {
			t.Fatalf("position %d (%d empties): a search to the end scored %d, the solver %d", i, empties, got.Score, exact)
		}
	}
}
