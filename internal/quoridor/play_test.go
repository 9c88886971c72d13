package quoridor

import (
	"slices"
	"testing"

	"gameagents/internal/gamefile"
)

func TestRandomMove(t *testing.T) {
	counts := map[Move]int{}
	forRandomPositions(500, 21, func(g *randomGame) {
		p := &g.pos
		legal := p.AppendLegalMoves(nil)
		m := RandomMove(p, legal)
		if !slices.Contains(legal, m) {
			t.Fatalf("RandomMove = %v, not among the legal moves", m)
		}
		if again := RandomMove(p, p.AppendLegalMoves(nil)); again != m {
			t.Fatalf("RandomMove = %v, then %v on the same position", m, again)
		}
		counts[m]++
	})
	if len(counts) < 100 {
		t.Errorf("RandomMove chose only %d different moves on 500 positions", len(counts))
	}
}

func TestGreedyMove(t *testing.T) {
	for _, tc := range []struct {
		name, side, body string
		want             string
	}{
		// Equal paths: walk. The step toward the goal row is the only one shortening it.
		{"walk", "FIRST", "QUORIDOR 9 9\nME 4 0 8 10\nOPPONENT 4 8 0 10\nWALLS 0\n", "MOVE 4,1"},
		// The opponent is closer: the wall lengthening its path most. On an open 5×5 board
		// with the opponent at 2,1 aiming at row 0, H 1,0 and H 2,0 both add 2 steps (the
		// path goes round the wall's end): the first in generation order.
		{"wall", "FIRST", "QUORIDOR 5 5\nME 2 0 4 3\nOPPONENT 2 1 0 3\nWALLS 0\n", "WALL 1,0 1,1 2,0 2,1"},
		// The opponent is closer but the mover has no walls: walk.
		{"no walls: walk", "FIRST", "QUORIDOR 5 5\nME 2 0 4 0\nOPPONENT 2 1 0 3\nWALLS 0\n", "MOVE 3,0"},
		// The opponent at 1,1 is one step from its goal row, and both walls that would block
		// that step overlap a blocked step (an initial wall of two separate steps): no wall
		// lengthens its path, so walk: the only step, 1,0.
		{"no wall lengthens: walk", "FIRST", "QUORIDOR 3 3\nME 0 0 2 3\nOPPONENT 1 1 0 3\nWALLS 1\n0,0 0,1 2,0 2,1\n", "MOVE 1,0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := position(t, tc.side, tc.body)
			if got := FormatMove(GreedyMove(p)); got != tc.want {
				t.Errorf("GreedyMove = %s, want %s", got, tc.want)
			}
		})
	}
}

// TestSeenMemory: playdata keeps the positions since the last wall; a wall starts afresh, and
// positions of other walls are not read back.
func TestSeenMemory(t *testing.T) {
	p := position(t, "FIRST", "QUORIDOR 9 9\nME 4 0 8 10\nOPPONENT 4 8 0 10\nWALLS 0\n")
	history := []uint64{1, 2, 3}
	after := *p
	after.Apply(StepTo(4, 1))
	lines := formatSeen(history, p, &after)
	if got, want := parseSeen(lines, 0), []uint64{1, 2, 3, p.Hash(), after.Hash()}; !slices.Equal(got, want) {
		t.Errorf("after a step: memory %v, want %v", got, want)
	}
	walled := *p
	walled.Apply(WallAt(0, 0, Horizontal))
	lines = formatSeen(history, p, &walled)
	if got := parseSeen(lines, 0); len(got) != 0 {
		t.Errorf("after a wall, positions with no wall: %v, want none", got)
	}
	if got, want := parseSeen(lines, 2), []uint64{walled.Hash()}; !slices.Equal(got, want) {
		t.Errorf("after a wall: memory %v, want %v", got, want)
	}
	if got := parseSeen([]string{"seen x 12", "seen 0 zz", "garbage", "seen 0 1f"}, 0); !slices.Equal(got, []uint64{0x1f}) {
		t.Errorf("damaged memory read as %v, want [1f]", got)
	}
	long := make([]uint64, 200)
	if got := parseSeen(formatSeen(long, p, &after), 0); len(got) != maxHistory || got[len(got)-1] != after.Hash() {
		t.Errorf("a long memory keeps %d positions ending %x, want the last %d ending %x", len(got), got[len(got)-1], maxHistory, after.Hash())
	}
}

// TestSearchAvoidsRepetition: far ahead, the engine does not go back to a position of the
// history, and still wins.
func TestSearchAvoidsRepetition(t *testing.T) {
	p := position(t, "FIRST", "QUORIDOR 5 5\nME 0 2 4 0\nOPPONENT 4 4 0 0\nWALLS 0\n")
	free := NewEngine(14).Search(p, Limits{Nodes: 100_000}, nil)
	if free.Move != StepTo(0, 3) || !isWin(free.Score) {
		t.Fatalf("without history: %v, score %d; want MOVE 0,3 and a win", free.Move, free.Score)
	}
	after := *p
	after.Apply(StepTo(0, 3))
	// after(0,3) was met 4 plies before the child: the history holds it and the two plies
	// that followed.
	r := NewEngine(14).Search(p, Limits{Nodes: 100_000, History: []uint64{after.Hash(), 7, 8}}, nil)
	if r.Move == StepTo(0, 3) || !isWin(r.Score) {
		t.Errorf("with MOVE 0,3's position in the history: %v, score %d; want another winning move", r.Move, r.Score)
	}
}

func TestCalibrate(t *testing.T) {
	if n := (Game{}).Calibrate(20_000); n < 20_000 || n > 40_000 {
		t.Errorf("Calibrate(20000) searched %d nodes, want about 20000", n)
	}
	if _, err := ParseInput("calibration", gamefile.SplitLines(calibrationInput)); err != nil {
		t.Errorf("the calibration position: %v", err)
	}
}

// TestMovesLeft: the plan's estimate is the mover's path plus every wall in hand.
func TestMovesLeft(t *testing.T) {
	in, err := ParseInput("input.txt", gamefile.SplitLines("GAME\nFIRST\n100\n"+"QUORIDOR 9 9\nME 4 0 8 10\nOPPONENT 4 8 0 7\nWALLS 0\n"))
	if err != nil {
		t.Fatal(err)
	}
	if got := (&agentPosition{in: in}).MovesLeft(); got != 8+10+7 {
		t.Errorf("MovesLeft = %d, want 25", got)
	}
}
