package reversi

import (
	"fmt"
	"testing"
)

// TestSearchVisitsSameNodes pins the midgame search's result and node count on a fixed
// budget: speed work on the board operations must not change what the search does. The
// wanted values were recorded at commit 043e188, before that work. The solver is off: its
// own tests check that it is exact, and its node counts may change with its ordering.
func TestSearchVisitsSameNodes(t *testing.T) {
	tests := []struct {
		plies int // random plies from the start (randomPlayout)
		want  Result
	}{
		{0, Result{Move: 19, Score: 236, Depth: 12, Nodes: 179794}},
		{20, Result{Move: 56, Score: 603, Depth: 8, Nodes: 105731}},
		{36, Result{Move: 56, Score: 199, Depth: 8, Nodes: 73690}},
		{44, Result{Move: 31, Score: -1107, Depth: 10, Nodes: 105377}},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.plies), func(t *testing.T) {
			e := NewEngine(16)
			e.NoSolver = true
			if got := e.Search(randomPlayout(tt.plies), Limits{Nodes: 200_000}, nil); got != tt.want {
				t.Errorf("Search(%d random plies, 200000 nodes) = %#v, want %#v", tt.plies, got, tt.want)
			}
		})
	}
}
