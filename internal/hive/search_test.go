package hive

import (
	"testing"
)

// minimax is the plain fixed-depth negamax the engine must agree with: no pruning, no
// table, the same final positions and evaluation.
func minimax(b *Board, depth, ply int) int32 {
	w := DefaultWeights
	if v, over := b.final(ply); over {
		return v
	}
	if depth == 0 {
		b.findPinned()
		return b.evaluate(&w)
	}
	best := int32(-scoreInf)
	for _, m := range b.Moves(Strict, nil) {
		b.Make(m)
		best = max(best, -minimax(b, depth-1, ply+1))
		b.Unmake(m)
	}
	return best
}

// TestSearchEqualsMinimax: alpha-beta with null windows, the table, killers and history
// change what is searched, not the value of a fixed-depth search.
func TestSearchEqualsMinimax(t *testing.T) {
	boards := midGameBoards(t)
	if testing.Short() {
		boards = boards[:3]
	}
	for i, b := range boards[:8] {
		for depth := 1; depth <= 3; depth++ {
			want := int32(-scoreInf)
			for _, m := range RootMoves(b, nil) {
				b.Make(m)
				want = max(want, -minimax(b, depth-1, 1))
				b.Unmake(m)
			}
			got := NewEngine(14).Search(b, Limits{MaxDepth: depth}, nil)
			if got.Score != want || got.Depth != depth {
				t.Errorf("board %d, depth %d: search %d (depth %d), minimax %d", i, depth, got.Score, got.Depth, want)
			}
		}
	}
}

// TestSearchFindsSurround: a queen with one empty neighbour that an ant can fill: the
// engine surrounds it at once.
func TestSearchFindsSurround(t *testing.T) {
	p := position(t, "LOWER", [2]int{6, 6}, "q0 b0 s1 g1 a0 Q0 B1 S1 G1 A1",
		"3 6 q", "2 6 a", "2 7 s", "3 7 g", "1 7 a", "4 5 b", "4 6 Q", "5 6 A", "5 5 B", "6 5 S", "6 6 G", "3 8 b")
	b := NewBoard(p)
	r := NewEngine(14).Search(b, Limits{Nodes: 50000}, nil)
	if got := p.Format(r.Move.Move()); got != "MOVE a 2,6 4,7" && got != "MOVE b 3,8 4,7" {
		t.Errorf("engine plays %s (score %d), want a move to 4,7 surrounding Q", got, r.Score)
	}
	if r.Score < winBonus-maxPly {
		t.Errorf("score %d, want a win", r.Score)
	}
}

// TestSearchAllocatesNothing: once the engine is built, a search allocates nothing.
func TestSearchAllocatesNothing(t *testing.T) {
	b := midGameBoards(t)[1]
	e := NewEngine(14)
	if a := testing.AllocsPerRun(3, func() { e.Search(b, Limits{Nodes: 20000}, nil) }); a != 0 {
		t.Errorf("a search allocates %v times, want 0", a)
	}
}

// BenchmarkSearch reports the search's units of work per second (nodes, and a unit per
// movesPerUnit moves generated: search.go) on mid-game positions.
func BenchmarkSearch(b *testing.B) {
	boards := midGameBoards(b)
	e := NewEngine(16)
	var nodes int64
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		nodes += e.Search(boards[i%len(boards)], Limits{Nodes: 200_000}, nil).Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "units/s")
}

// TestSearchAvoidsSeenPositions: ahead, the engine does not play back into a position it has
// had after an earlier move (Limits.Seen), and it plays the same move without the memory.
func TestSearchAvoidsSeenPositions(t *testing.T) {
	p := position(t, "LOWER", [2]int{6, 6}, "q0 b0 s1 g1 a0 Q0 B1 S1 G1 A1",
		"3 6 q", "2 6 a", "2 7 s", "3 7 g", "1 7 a", "1 6 b", "4 6 Q", "5 6 A", "5 5 B", "6 5 S", "6 6 G", "3 8 b")
	b := NewBoard(p)
	first := NewEngine(14).Search(b, Limits{Nodes: 100000}, nil)
	if first.Score <= 0 {
		t.Fatalf("the test needs a position where the mover is ahead: score %d", first.Score)
	}
	b.Make(first.Move)
	seen := []uint64{b.hash}
	b.Unmake(first.Move)
	again := NewEngine(14).Search(b, Limits{Nodes: 100000, Seen: seen}, nil)
	if again.Move == first.Move {
		t.Errorf("with the position after %s seen, the engine plays it again", p.Format(first.Move.Move()))
	}
	if same := NewEngine(14).Search(b, Limits{Nodes: 100000}, nil); same.Move != first.Move {
		t.Errorf("without memory the engine plays %s, then %s", p.Format(first.Move.Move()), p.Format(same.Move.Move()))
	}
}
