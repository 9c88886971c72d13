package halma

import (
	"path/filepath"
	"testing"

	"gameagents/internal/gamefile"
)

func readCase(t *testing.T, name string) *Input {
	t.Helper()
	lines, err := gamefile.ReadLines(filepath.Join("testdata", "cases", name+"-input.txt"))
	if err != nil {
		t.Fatal(err)
	}
	in, err := ParseInput("input.txt", lines)
	if err != nil {
		t.Fatalf("case %s: %v", name, err)
	}
	return in
}

// TestSearchFindsWin: in the assignment's examples 1 and 2 a move fills the last free
// square of the target camp; the engine must play a winning move at every depth.
func TestSearchFindsWin(t *testing.T) {
	for _, name := range []string{"003", "004", "007", "025"} {
		in := readCase(t, name)
		for depth := 1; depth <= 3; depth++ {
			e := NewEngine(1 << 12)
			r := e.Search(in.Board, in.ToMove, Limits{MaxDepth: depth}, nil)
			b := *in.Board
			b.Move(r.Move.From, r.Move.To)
			if !b.Wins(in.ToMove) {
				t.Errorf("case %s depth %d: Search = %v (score %d), not a winning move", name, depth, r.Move, r.Score)
			}
			if r.Score != WinScore-1 {
				t.Errorf("case %s depth %d: score %d, want %d", name, depth, r.Score, WinScore-1)
			}
		}
	}
}

// referenceNegamax is the slow, obviously correct search the engine must agree with:
// every move, no pruning, no tables.
func referenceNegamax(b *Board, c Color, depth, ply, metric int, g *Generator) int32 {
	if depth == 0 {
		return evaluate(b, c, metric)
	}
	moves := g.Generate(b, c, Preferred, make([]Move, 0, MaxMoves))
	if len(moves) == 0 {
		return evaluate(b, c, metric)
	}
	best := int32(-infinity)
	for _, m := range moves {
		b.Move(m.From, m.To)
		var s int32
		if b.Wins(c) {
			s = WinScore - int32(ply) - 1
		} else {
			s = -referenceNegamax(b, c.Other(), depth-1, ply+1, metric, g)
		}
		b.Move(m.To, m.From)
		best = max(best, s)
	}
	return best
}

// TestSearchMatchesMinimax: with the features that change scores (reductions, repetition)
// off, the alpha-beta search with its TT, frontier shortcut and ordering returns exactly
// the minimax score, under either distance metric.
func TestSearchMatchesMinimax(t *testing.T) {
	for metric := range metrics {
		for _, name := range []string{"003", "008", "041", "047", "057", "064"} {
			in := readCase(t, name)
			for depth := 1; depth <= 3; depth++ {
				var g Generator
				want := referenceNegamax(in.Board, in.ToMove, depth, 0, metric, &g)
				e := NewEngine(1 << 14)
				e.Features = Features{NoLMR: true, NoRepetition: true, Metric: metric}
				r := e.Search(in.Board, in.ToMove, Limits{MaxDepth: depth}, nil)
				if r.Score != want && len(g.Generate(in.Board, in.ToMove, Preferred, nil)) > 1 {
					t.Errorf("metric %d, case %s depth %d: Search score %d, want minimax %d", metric, name, depth, r.Score, want)
				}
			}
		}
	}
}

// TestMetricDistance: both metrics are 0 at the corner and dx+dy on its diagonal; along
// an edge the diagonal metric is half as much again; neither exceeds maxDist, and the
// two colours' tables mirror each other.
func TestMetricDistance(t *testing.T) {
	tests := []struct {
		dx, dy                           int
		manhattan, diagonal, steps, mild int
	}{
		{0, 0, 0, 0, 0, 0}, {3, 3, 6, 6, 6, 6}, {15, 15, 30, 30, 30, 30}, {4, 0, 4, 6, 8, 5},
		{0, 15, 15, 22, 30, 19}, {10, 5, 15, 17, 20, 16},
	}
	for _, tt := range tests {
		sq := Sq(tt.dx, tt.dy) // White fills the corner (0, 0)
		mirror := Sq(Size-1-tt.dx, Size-1-tt.dy)
		for metric, want := range map[int]int{MetricManhattan: tt.manhattan, MetricDiagonal: tt.diagonal, MetricSteps: tt.steps, MetricMild: tt.mild} {
			got, black := int(metricDistance[metric][White][sq]), int(metricDistance[metric][Black][mirror])
			if got != want || black != want {
				t.Errorf("metric %d at dx %d, dy %d: White %d, Black (mirrored) %d, want %d", metric, tt.dx, tt.dy, got, black, want)
			}
		}
	}
	for metric := range metrics {
		for c := range metricDistance[metric] {
			for sq, d := range metricDistance[metric][c] {
				if d > maxDist {
					t.Fatalf("metric %d colour %d square %d: distance %d over %d", metric, c, sq, d, maxDist)
				}
			}
		}
	}
}

// TestSearchDeterministic: the same position and node budget give the same move.
func TestSearchDeterministic(t *testing.T) {
	for _, p := range CalibrationPositions() {
		r1 := NewEngine(1<<16).Search(p.Board, p.ToMove, Limits{Nodes: 200_000}, nil)
		r2 := NewEngine(1<<16).Search(p.Board, p.ToMove, Limits{Nodes: 200_000}, nil)
		if r1 != r2 {
			t.Errorf("%s: Search = %+v then %+v, want equal", p.Name, r1, r2)
		}
	}
}

// TestSearchAvoidsRepetitionWhenAhead: a position already seen scores as a draw, so a
// side that is ahead does not return to it.
func TestSearchAvoidsRepetitionWhenAhead(t *testing.T) {
	in := readCase(t, "010")
	b, c := in.Board, in.ToMove
	e := NewEngine(1 << 16)
	r := e.Search(b, c, Limits{MaxDepth: 2}, nil)
	if r.Score <= 0 {
		t.Skipf("side to move is not ahead (score %d)", r.Score)
	}
	after := *b
	after.Move(r.Move.From, r.Move.To)
	e.SetSeen([]uint64{after.PositionKey(c.Other())})
	r2 := e.Search(b, c, Limits{MaxDepth: 2}, nil)
	if r2.Move == r.Move {
		t.Errorf("with %v's result seen before, Search = %v again, want another move", r.Move, r2.Move)
	}
}

// TestChargeGenerated: every genMovesPerNode moves generated count one node, the rest
// carried to the next generation.
func TestChargeGenerated(t *testing.T) {
	var e Engine
	for _, tc := range []struct {
		moves int
		nodes int64
		carry int
	}{
		{10, 0, 10},
		{10, 1, 4},
		{40, 3, 12},
		{4, 4, 0},
		{0, 4, 0},
		{200, 16, 8},
	} {
		e.chargeGenerated(tc.moves)
		if e.budget.Nodes != tc.nodes || e.genCarry != tc.carry {
			t.Fatalf("after %d more moves: %d nodes, %d carried; want %d, %d", tc.moves, e.budget.Nodes, e.genCarry, tc.nodes, tc.carry)
		}
	}
}

// TestTwoTierTable follows the pair of slots one key index shares through a sequence of
// stores: the first slot keeps the deepest entry seen, the second the latest shallower
// one, a key is found in one slot at most, and the plain table keeps only the latest.
func TestTwoTierTable(t *testing.T) {
	const a, b, c = 1024, 2048, 1025 // a, b and c share a pair of slots in a 1024-slot table
	for _, tc := range []struct {
		twoTier bool
		stores  []ttEntry
		want    map[uint64]int8 // key: depth found; a key absent from the map must not be found
	}{
		{false, []ttEntry{{key: a, depth: 5}, {key: b, depth: 1}}, map[uint64]int8{b: 1}},
		{true, []ttEntry{{key: a, depth: 5}, {key: b, depth: 1}}, map[uint64]int8{a: 5, b: 1}},
		{true, []ttEntry{{key: a, depth: 5}, {key: b, depth: 1}, {key: c, depth: 2}}, map[uint64]int8{a: 5, c: 2}},
		{true, []ttEntry{{key: a, depth: 2}, {key: b, depth: 6}}, map[uint64]int8{a: 2, b: 6}},
		{true, []ttEntry{{key: a, depth: 2}, {key: b, depth: 6}, {key: c, depth: 7}}, map[uint64]int8{b: 6, c: 7}},
		{true, []ttEntry{{key: a, depth: 5}, {key: b, depth: 1}, {key: b, depth: 8}}, map[uint64]int8{a: 5, b: 8}},
		{true, []ttEntry{{key: a, depth: 5}, {key: a, depth: 3}}, map[uint64]int8{a: 3}},
	} {
		e := NewEngine(1024)
		e.Features.TwoTier = tc.twoTier
		for _, ent := range tc.stores {
			e.store(ent)
		}
		for _, key := range []uint64{a, b, c} {
			ent := e.probe(key)
			want, ok := tc.want[key]
			switch {
			case ok && (ent == nil || ent.depth != want):
				t.Errorf("two-tier %v, stores %v: key %d: got %v, want depth %d", tc.twoTier, tc.stores, key, ent, want)
			case !ok && ent != nil:
				t.Errorf("two-tier %v, stores %v: key %d found, want it gone", tc.twoTier, tc.stores, key)
			}
		}
		found := 0
		for _, ent := range e.tt {
			if ent.key == b {
				found++
			}
		}
		if found > 1 {
			t.Errorf("two-tier %v, stores %v: key %d in %d slots", tc.twoTier, tc.stores, b, found)
		}
	}
}
