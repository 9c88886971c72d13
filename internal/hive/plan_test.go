package hive

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"gameagents/internal/gamefile"
)

// loadBoard reads a test input.txt.
func loadBoard(t *testing.T, path string) (*Position, *Board) {
	t.Helper()
	lines, err := gamefile.ReadLines(path)
	if err != nil {
		t.Fatal(err)
	}
	in, err := ParseInput(path, lines)
	if err != nil {
		t.Fatal(err)
	}
	p := in.Position()
	return p, NewBoard(p)
}

// planMoves returns the formatted first moves of the shortest surround plans at b's root.
func planMoves(p *Position, b *Board, lim Limits) []string {
	e := NewEngine(16)
	e.budget.Start(lim.Nodes, lim.Guard)
	e.findPlans(b, RootMoves(b, make([]PackedMove, 0, MaxMoves)), lim)
	var got []string
	for _, m := range e.planned {
		got = append(got, p.Format(m.Move()))
	}
	slices.Sort(got)
	return got
}

// TestPlansAgainstAFrozenOpponent: in the position where the engine once shuffled until the
// move limit, the three-move plans are found, and none when the opponent can move or the
// budget is tiny.
func TestPlansAgainstAFrozenOpponent(t *testing.T) {
	p, b := loadBoard(t, "testdata/frozen-opponent.txt")
	// The gaps 3,7 and 5,7: the grasshopper 8,7 jumps into 5,7; the beetle 1,8 reaches 3,7
	// through 2,8 or on top of the ant at 2,7. Either can go first; or the ant 5,6 fills 5,7
	// (the ant may enter it from 5,6 itself) and another piece its place.
	want := []string{"MOVE A 5,6 5,7", "MOVE B 1,8 2,7", "MOVE B 1,8 2,8", "MOVE G 8,7 5,7"}
	if got := planMoves(p, b, Limits{}); !slices.Equal(got, want) {
		t.Errorf("plans' first moves: %q, want %q", got, want)
	}
	if got := planMoves(p, b, Limits{Nodes: minPlanBudget - 1}); len(got) != 0 {
		t.Errorf("with a budget below minPlanBudget: plans %q, want none", got)
	}
	// The same position with the opponent to move: it can only pass, and we are not frozen.
	b.Make(0)
	if got := planMoves(p, b, Limits{}); len(got) != 0 {
		t.Errorf("opponent to move: plans %q, want none (our side can move)", got)
	}
}

// TestEngineSurroundsAFrozenOpponent plays the engine, at about its SINGLE 1 s budget,
// against seeded random replies from the frozen position: every game ends with the queen
// surrounded within 10 of our moves.
func TestEngineSurroundsAFrozenOpponent(t *testing.T) {
	if testing.Short() {
		t.Skip("about 5 s of searches")
	}
	_, start := loadBoard(t, "testdata/frozen-opponent.txt")
	var buf [MaxMoves]PackedMove
	for seed := range 3 {
		b := NewBoard(start.Position())
		rng := rand.New(rand.NewPCG(uint64(seed), 1))
		e := NewEngine(18)
		ours := 0
		for !b.Surrounded(Lower) && ours < 10 {
			if b.mover == Upper {
				b.Make(e.Search(b, Limits{Nodes: 1_400_000}, nil).Move)
				ours++
				continue
			}
			moves := RootMoves(b, buf[:0])
			b.Make(moves[rng.IntN(len(moves))])
		}
		if !b.Surrounded(Lower) || b.Surrounded(Upper) {
			t.Errorf("seed %d: after %d moves of ours LOWER's queen surrounded %v, ours %v; want only LOWER's", seed, ours, b.Surrounded(Lower), b.Surrounded(Upper))
		}
	}
}

// TestNodeCostModel: the calibration position costs 1, fewer pieces cost less (never
// under 1/1.35) and more cost more.
func TestNodeCostModel(t *testing.T) {
	calib := calibrationInput()
	if n := piecesOnBoard(calib); n != calibrationPieces {
		t.Fatalf("the calibration position has %d pieces on the board, calibrationPieces says %d", n, calibrationPieces)
	}
	if c := (&agentPosition{in: calib}).NodeCost(); c != 1 {
		t.Errorf("the calibration position's NodeCost = %v, want 1", c)
	}
	for _, tc := range []struct {
		pieces int
		want   float64
	}{
		{20, 1},
		{30, (29.7 + 30) / 49.7},
		{15, (29.7 + 15) / 49.7},
		{4, 1 / 1.35}, // (29.7+4)/49.7 = 0.68, floored
		{0, 1 / 1.35},
	} {
		in := &Input{Stacks: make([][]byte, tc.pieces)}
		for i := range in.Stacks {
			in.Stacks[i] = []byte{'A'}
		}
		if got := (&agentPosition{in: in}).NodeCost(); math.Abs(got-tc.want) > 1e-9 {
			t.Errorf("%d pieces: NodeCost = %v, want %v", tc.pieces, got, tc.want)
		}
	}
}
