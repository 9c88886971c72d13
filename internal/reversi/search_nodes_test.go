package reversi

import (
	"fmt"
	"testing"
)

// TestSearchVisitsSameNodes pins the midgame search's result and node count on a fixed
// budget: speed work on the board operations must not change what the search does. The
// wanted values were recorded before that work: without ProbCut at commit 043e188, with it
// at 8302db8. The solver is off: its own tests check that it is exact, and its node counts
// may change with its ordering.
func TestSearchVisitsSameNodes(t *testing.T) {
	tests := []struct {
		plies     int // random plies from the start (randomPlayout)
		noProbCut bool
		want      Result
	}{
		{0, true, Result{Move: 19, Score: 236, Depth: 12, Nodes: 179794}},
		{20, true, Result{Move: 56, Score: 603, Depth: 8, Nodes: 105731}},
		{36, true, Result{Move: 56, Score: 199, Depth: 8, Nodes: 73690}},
		{44, true, Result{Move: 31, Score: -1107, Depth: 10, Nodes: 105377}},
		{0, false, Result{Move: 19, Score: 373, Depth: 13, Nodes: 69132}},
		{20, false, Result{Move: 56, Score: 580, Depth: 10, Nodes: 104367}},
		{36, false, Result{Move: 56, Score: 310, Depth: 12, Nodes: 100202}},
		{44, false, Result{Move: 7, Score: -1200, Depth: 11, Nodes: 89882}},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.plies, " noProbCut=", tt.noProbCut), func(t *testing.T) {
			e := NewEngine(16)
			e.NoSolver, e.NoProbCut = true, tt.noProbCut
			if got := e.Search(randomPlayout(tt.plies), Limits{Nodes: 200_000}, nil); got != tt.want {
				t.Errorf("Search(%d random plies, 200000 nodes) = %#v, want %#v", tt.plies, got, tt.want)
			}
		})
	}
}
