package quoridor

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"gameagents/internal/gamefile"
)

// position parses an input.txt made of the header "SINGLE", side, "1.0" and body.
func position(t *testing.T, side, body string) *Position {
	t.Helper()
	in, err := ParseInput("input.txt", gamefile.SplitLines("SINGLE\n"+side+"\n1.0\n"+body))
	if err != nil {
		t.Fatalf("ParseInput: %v", err)
	}
	return &in.Position
}

// legalWalls returns both generators' walls for p, failing the test if they differ.
func legalWalls(t *testing.T, p *Position) []Move {
	t.Helper()
	fast := p.AppendLegalWalls(nil)
	ref := p.ReferenceLegalWalls()
	if diff := cmp.Diff(ref, fast); diff != "" {
		t.Fatalf("AppendLegalWalls differs from ReferenceLegalWalls (-reference +fast):\n%s", diff)
	}
	return fast
}

// example4x4 is the seed's known answer: a 4×4 board, players at (0,0) and (0,3), one wall
// blocking (0,1)-(0,2) and (1,1)-(1,2) (horizontal at 0,1); exactly 11 walls can be placed.
const example4x4 = `QUORIDOR 4 4
ME 0 0 3 5
OPPONENT 0 3 0 5
WALLS 1
0,1 0,2 1,1 1,2
`

func TestExample4x4ElevenWalls(t *testing.T) {
	p := position(t, "FIRST", example4x4)
	got := legalWalls(t, p)
	// The seed gives only the count. The set, worked out by hand: of the 18 anchors, H 0,1 is
	// the wall itself and H 1,1 shares its step (1,1)-(1,2); H 2,1 closes the only gap between
	// rows 1 and 2 (x = 2, 3); V 0,0 and V 1,0 close the mover into the top-left corner, V 0,2
	// and V 1,2 close the opponent into the bottom-left one. The other 11 remain, the crossing
	// V 0,1 among them.
	want := []Move{
		WallAt(0, 0, Horizontal), WallAt(1, 0, Horizontal), WallAt(2, 0, Horizontal), WallAt(2, 0, Vertical),
		WallAt(0, 1, Vertical), WallAt(1, 1, Vertical), WallAt(2, 1, Vertical),
		WallAt(0, 2, Horizontal), WallAt(1, 2, Horizontal), WallAt(2, 2, Horizontal), WallAt(2, 2, Vertical),
	}
	if len(got) != 11 {
		t.Errorf("the 4×4 example has %d legal walls, want 11 (the seed's answer)", len(got))
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("legal walls of the 4×4 example (-want +got):\n%s", diff)
	}
	// The opponent sees the same walls: legality does not depend on who places the wall.
	p.ToMove = 1
	if diff := cmp.Diff(want, legalWalls(t, p)); diff != "" {
		t.Errorf("legal walls of the 4×4 example for the opponent (-want +got):\n%s", diff)
	}
}

func TestSteps(t *testing.T) {
	for _, tc := range []struct {
		name, body string
		want       []Move // in AppendSteps' order: +x, -x, +y, -y
	}{
		{"open board: all four", "QUORIDOR 5 5\nME 2 2 4 0\nOPPONENT 0 4 0 0\nWALLS 0\n",
			[]Move{StepTo(3, 2), StepTo(1, 2), StepTo(2, 3), StepTo(2, 1)}},
		{"corner: the board edge blocks -x and -y", "QUORIDOR 5 5\nME 0 0 4 0\nOPPONENT 0 4 0 0\nWALLS 0\n",
			[]Move{StepTo(1, 0), StepTo(0, 1)}},
		{"far corner: the edge blocks +x and +y", "QUORIDOR 5 5\nME 4 4 0 0\nOPPONENT 0 0 4 0\nWALLS 0\n",
			[]Move{StepTo(3, 4), StepTo(4, 3)}},
		{"the other player blocks, no jumping over it", "QUORIDOR 5 5\nME 2 2 4 0\nOPPONENT 2 3 0 0\nWALLS 0\n",
			[]Move{StepTo(3, 2), StepTo(1, 2), StepTo(2, 1)}},
		{"a horizontal wall blocks +y", "QUORIDOR 5 5\nME 2 2 4 0\nOPPONENT 0 4 0 0\nWALLS 1\n1,2 1,3 2,2 2,3\n",
			[]Move{StepTo(3, 2), StepTo(1, 2), StepTo(2, 1)}},
		{"a vertical wall blocks -x, either cell order", "QUORIDOR 5 5\nME 2 2 4 0\nOPPONENT 0 4 0 0\nWALLS 1\n2,1 1,1 2,2 1,2\n",
			[]Move{StepTo(3, 2), StepTo(2, 3), StepTo(2, 1)}},
		{"an odd initial wall blocks +x and -y", "QUORIDOR 5 5\nME 2 2 4 0\nOPPONENT 0 4 0 0\nWALLS 1\n2,2 3,2 2,1 2,2\n",
			[]Move{StepTo(1, 2), StepTo(2, 3)}},
		{"boxed in: a wall and the other player", "QUORIDOR 3 3\nME 0 0 2 0\nOPPONENT 0 1 0 0\nWALLS 1\n0,0 1,0 0,1 1,1\n",
			nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := position(t, "FIRST", tc.body)
			got := p.AppendSteps(nil)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("AppendSteps (-want +got):\n%s", diff)
			}
			for _, m := range got {
				if err := p.Check(m); err != nil {
					t.Errorf("Check(%v) = %v for a listed step", m, err)
				}
			}
		})
	}
}

func TestCheckIllegalSteps(t *testing.T) {
	p := position(t, "FIRST", "QUORIDOR 5 5\nME 0 2 4 0\nOPPONENT 1 2 0 0\nWALLS 1\n0,2 0,3 1,2 1,3\n")
	for _, tc := range []struct {
		m    Move
		want string
	}{
		{StepTo(0, 3), "step from 0,2 to 0,3: a wall blocks it"},
		{StepTo(1, 2), "step to 1,2: the other player stands there"},
		{StepTo(2, 2), "step from 0,2 to 2,2: not an orthogonal neighbour"},
		{StepTo(1, 1), "step from 0,2 to 1,1: not an orthogonal neighbour"},
		{StepTo(0, 2), "step from 0,2 to 0,2: not an orthogonal neighbour"},
		{StepTo(0, 5), "step to 0,5: off the 5×5 board"},
		{Move{}, "move kind 0 is not a move"},
	} {
		if err := p.Check(tc.m); err == nil || err.Error() != tc.want {
			t.Errorf("Check(%v) = %v, want %q", tc.m, err, tc.want)
		}
	}
	if err := p.Check(StepTo(0, 1)); err != nil {
		t.Errorf("Check(MOVE 0,1) = %v, want nil", err)
	}
}

func TestWallRules(t *testing.T) {
	for _, tc := range []struct {
		name, body string
		wall       Move
		want       string // "" when the wall is legal, else the start of Check's error
	}{
		{"a plain wall", example4x4, WallAt(2, 0, Vertical), ""},
		{"the same wall again overlaps", example4x4, WallAt(0, 1, Horizontal), "WALL 0,1 0,2 1,1 1,2 overlaps a wall on the step 0,1-0,2"},
		{"one shared step overlaps", example4x4, WallAt(1, 1, Horizontal), "WALL 1,1 1,2 2,1 2,2 overlaps a wall on the step 1,1-1,2"},
		{"crossing at the same anchor is allowed", example4x4, WallAt(0, 1, Vertical), ""},
		{"overlapping a vertical wall", "QUORIDOR 5 5\nME 0 0 4 3\nOPPONENT 4 4 0 3\nWALLS 1\n2,1 3,1 2,2 3,2\n",
			WallAt(2, 2, Vertical), "WALL 2,2 3,2 2,3 3,3 overlaps a wall on the step 2,2-3,2"},
		{"crossing a vertical wall", "QUORIDOR 5 5\nME 0 0 4 3\nOPPONENT 4 4 0 3\nWALLS 1\n2,1 3,1 2,2 3,2\n",
			WallAt(2, 1, Horizontal), ""},
		{"x past the board", example4x4, WallAt(3, 0, Horizontal), "WALL 3,0 3,1 4,0 4,1 is not inside the 4×4 board"},
		{"y past the board", example4x4, WallAt(0, 3, Vertical), "WALL 0,3 1,3 0,4 1,4 is not inside the 4×4 board"},
		{"cuts both off", example4x4, WallAt(2, 1, Horizontal), "WALL 2,1 2,2 3,1 3,2 cuts the mover off from its goal row 3"},
		{"cuts the mover off", example4x4, WallAt(0, 0, Vertical), "WALL 0,0 1,0 0,1 1,1 cuts the mover off from its goal row 3"},
		{"cuts the opponent off", example4x4, WallAt(1, 2, Vertical), "WALL 1,2 2,2 1,3 2,3 cuts the opponent off from its goal row 0"},
		{"no walls left", "QUORIDOR 4 4\nME 0 0 3 0\nOPPONENT 0 3 0 5\nWALLS 0\n", WallAt(1, 1, Horizontal), "no walls left"},
		// With the wall, column 1 of rows 0-1 is a corridor: the opponent's only way on passes
		// the mover's cell (1,1), and the mover's the opponent's (1,0). The wall is still
		// legal, as paths ignore the other player.
		{"paths ignore the other player", "QUORIDOR 3 3\nME 1 1 0 2\nOPPONENT 1 0 2 2\nWALLS 1\n0,0 1,0 0,1 1,1\n",
			WallAt(1, 0, Vertical), ""},
		{"a player already cut off by initial walls: no wall leaves it a path", "QUORIDOR 4 4\nME 0 0 3 5\nOPPONENT 3 3 0 5\nWALLS 1\n0,0 1,0 0,0 0,1\n",
			WallAt(2, 1, Vertical), "WALL 2,1 3,1 2,2 3,2 cuts the mover off from its goal row 3"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := position(t, "FIRST", tc.body)
			err := p.Check(tc.wall)
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("Check(%v) = %v, want nil", tc.wall, err)
			case tc.want != "" && (err == nil || !strings.HasPrefix(err.Error(), tc.want)):
				t.Errorf("Check(%v) = %v, want %q", tc.wall, err, tc.want)
			}
			listed := slices.Contains(legalWalls(t, p), tc.wall)
			if listed != (tc.want == "") {
				t.Errorf("%v listed by the generators = %v, want %v", tc.wall, listed, tc.want == "")
			}
		})
	}
}

func TestNoWallsLeftListsNoWalls(t *testing.T) {
	p := position(t, "SECOND", "QUORIDOR 9 9\nME 4 8 0 0\nOPPONENT 4 0 8 10\nWALLS 0\n")
	if got := legalWalls(t, p); len(got) != 0 {
		t.Errorf("a mover with no walls left has %d legal walls, want 0", len(got))
	}
	moves := p.AppendLegalMoves(nil)
	if diff := cmp.Diff([]Move{StepTo(5, 8), StepTo(3, 8), StepTo(4, 7)}, moves); diff != "" {
		t.Errorf("AppendLegalMoves (-want +got):\n%s", diff)
	}
	p.ToMove = 0 // the opponent, with 10 walls, has all 128 anchors
	if got := legalWalls(t, p); len(got) != 128 {
		t.Errorf("the empty 9×9 board has %d legal walls, want 2·8·8 = 128", len(got))
	}
}

func TestPassAndBothStuck(t *testing.T) {
	for _, tc := range []struct {
		name, body string
		moves      []Move // the mover's legal moves
		result     Result
	}{
		// The mover at (0,0) is walled off from (1,0) and the opponent stands on (0,1): no
		// step; no walls left: it must pass. The opponent can still step to (0,2).
		{"the mover must pass", "QUORIDOR 3 3\nME 0 0 2 0\nOPPONENT 0 1 0 4\nWALLS 1\n0,0 1,0 0,1 1,1\n",
			[]Move{Pass}, Undecided},
		// The same with a wall in hand: a wall is possible, so no pass.
		{"walls left: no pass", "QUORIDOR 3 3\nME 0 0 2 1\nOPPONENT 0 1 0 4\nWALLS 1\n0,0 1,0 0,1 1,1\n",
			// H 0,0 and H 0,1 would cut the mover off, V 0,1 overlaps the wall.
			[]Move{WallAt(1, 0, Horizontal), WallAt(1, 0, Vertical), WallAt(1, 1, Horizontal), WallAt(1, 1, Vertical)},
			Undecided},
		// A 2×2 board, the left column walled off: each player's only neighbour holds the
		// other, and each one's path (through the other's cell) is the only one, so no wall
		// is possible either: both are stuck, whatever walls they hold.
		{"both stuck, no walls", "QUORIDOR 2 2\nME 0 0 1 0\nOPPONENT 0 1 0 0\nWALLS 1\n0,0 1,0 0,1 1,1\n",
			[]Move{Pass}, BothLost},
		{"both stuck, walls in hand", "QUORIDOR 2 2\nME 0 0 1 3\nOPPONENT 0 1 0 3\nWALLS 1\n0,0 1,0 0,1 1,1\n",
			[]Move{Pass}, BothLost},
		// One column: no wall fits anywhere; the players face each other.
		{"one column, facing", "QUORIDOR 1 2\nME 0 0 1 5\nOPPONENT 0 1 0 5\nWALLS 0\n",
			[]Move{Pass}, BothLost},
		{"one column, room to step", "QUORIDOR 1 3\nME 0 0 2 5\nOPPONENT 0 1 0 5\nWALLS 0\n",
			[]Move{Pass}, Undecided},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := position(t, "FIRST", tc.body)
			got := p.AppendLegalMoves(nil)
			if diff := cmp.Diff(tc.moves, got); diff != "" {
				t.Errorf("AppendLegalMoves (-want +got):\n%s", diff)
			}
			mustPass := len(tc.moves) == 1 && tc.moves[0] == Pass
			if err := p.Check(Pass); (err == nil) != mustPass {
				t.Errorf("Check(PASS) = %v, want legal %v", err, mustPass)
			}
			if p.CanAct(p.ToMove) == mustPass {
				t.Errorf("CanAct(mover) = %v, want %v", !mustPass, !mustPass)
			}
			if r := p.Result(); r != tc.result {
				t.Errorf("Result() = %v, want %v", r, tc.result)
			}
		})
	}
}

func TestWin(t *testing.T) {
	p := position(t, "SECOND", "QUORIDOR 5 5\nME 2 1 0 3\nOPPONENT 2 3 4 3\nWALLS 0\n")
	if r := p.Result(); r != Undecided {
		t.Fatalf("Result() = %v before the winning step, want undecided", r)
	}
	p.Apply(StepTo(2, 0)) // the second player reaches row 0, its goal
	if r := p.Result(); r != SecondWon {
		t.Errorf("Result() after stepping onto the goal row = %v, want %v", r, SecondWon)
	}
	// Standing on the goal row of the other player is no win.
	q := position(t, "FIRST", "QUORIDOR 5 5\nME 2 1 4 3\nOPPONENT 2 3 0 3\nWALLS 0\n")
	q.Apply(StepTo(2, 0))
	if r := q.Result(); r != Undecided {
		t.Errorf("Result() after stepping onto the other's goal row = %v, want undecided", r)
	}
	// Both on their goal rows (only by hand): the player who just moved, the opponent of the
	// side to move, wins.
	both := position(t, "FIRST", "QUORIDOR 5 5\nME 2 4 4 3\nOPPONENT 2 0 0 3\nWALLS 0\n")
	if r := both.Result(); r != SecondWon {
		t.Errorf("Result() with both on their goal rows, FIRST to move = %v, want %v", r, SecondWon)
	}
}

func TestApply(t *testing.T) {
	p := position(t, "FIRST", "QUORIDOR 5 5\nME 2 0 4 2\nOPPONENT 2 4 0 2\nWALLS 0\n")
	// The last wall crosses the one before. Apply does not check moves: the final pass (not
	// legal here) only hands the turn back.
	seq := []Move{StepTo(2, 1), WallAt(1, 2, Horizontal), WallAt(1, 2, Vertical), Pass}
	for _, m := range seq {
		if err := p.Check(m); err != nil && m != Pass {
			t.Fatalf("Check(%v) = %v", m, err)
		}
		p.Apply(m)
	}
	want := [2]Player{{2, 1, 4, 1}, {2, 4, 0, 1}}
	if p.Players != want || p.ToMove != 0 {
		t.Errorf("after %v: players %v, to move %d; want %v, 0", seq, p.Players, p.ToMove, want)
	}
	if n := p.BlockedSteps(); n != 4 {
		t.Errorf("BlockedSteps() = %d after two walls, want 4", n)
	}
	for _, w := range seq[1:3] {
		for _, s := range w.Steps() {
			if p.StepOpen(s) {
				t.Errorf("StepOpen(%v) = true after the wall on it", s)
			}
		}
	}
	// From (2,1) to row 4: (2,2)-(2,3) and (2,2)-(1,2) are walled, so round by x = 3.
	if d := p.Distance(0); d != 4 {
		t.Errorf("Distance(first) = %d, want 4", d)
	}
}

func TestDistance(t *testing.T) {
	for _, tc := range []struct {
		name, body string
		want       [2]int
	}{
		{"open board", "QUORIDOR 9 9\nME 4 0 8 10\nOPPONENT 4 8 0 10\nWALLS 0\n", [2]int{8, 8}},
		{"on the goal row", "QUORIDOR 9 9\nME 4 8 8 10\nOPPONENT 4 7 0 10\nWALLS 0\n", [2]int{0, 7}},
		// A wall above the mover covers columns 0 and 1: two steps along row 0 to x = 2,
		// then two up.
		{"a detour", "QUORIDOR 4 3\nME 0 0 2 1\nOPPONENT 3 2 0 1\nWALLS 1\n0,0 0,1 1,0 1,1\n", [2]int{4, 2}},
		{"cut off", "QUORIDOR 4 4\nME 0 0 3 5\nOPPONENT 3 3 0 5\nWALLS 1\n0,0 1,0 0,0 0,1\n", [2]int{-1, 3}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := position(t, "FIRST", tc.body)
			if got := [2]int{p.Distance(0), p.Distance(1)}; got != tc.want {
				t.Errorf("Distance = %v, want %v", got, tc.want)
			}
		})
	}
}
