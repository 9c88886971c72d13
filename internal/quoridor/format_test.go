package quoridor

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"gameagents/internal/gamefile"
)

// specExample is the input.txt of docs/quoridor.md.
const specExample = `SINGLE
FIRST
1.0
QUORIDOR 9 9
ME 4 0 8 5
OPPONENT 4 8 0 5
WALLS 2
0,1 0,2 1,1 1,2
3,3 4,3 3,4 4,4
`

func TestParseSpecExample(t *testing.T) {
	in, err := ParseInput("input.txt", gamefile.SplitLines(specExample))
	if err != nil {
		t.Fatal(err)
	}
	walls := []StepPair{
		{{Cell{0, 1}, Cell{0, 2}}, {Cell{1, 1}, Cell{1, 2}}},
		{{Cell{3, 3}, Cell{4, 3}}, {Cell{3, 4}, Cell{4, 4}}},
	}
	want, err := NewPosition(9, 9, [2]Player{{4, 0, 8, 5}, {4, 8, 0, 5}}, 0, walls)
	if err != nil {
		t.Fatal(err)
	}
	if in.Position != want {
		t.Errorf("ParseInput position = %+v, want %+v", in.Position, want)
	}
	if diff := cmp.Diff(walls, in.Walls); diff != "" {
		t.Errorf("ParseInput walls (-want +got):\n%s", diff)
	}
	if in.Header.Mode != gamefile.Single || in.Header.Seconds != 1 {
		t.Errorf("header = %+v, want SINGLE 1.0", in.Header)
	}
	// The two listed walls are horizontal at 0,1 and vertical at 3,3.
	for _, w := range []Move{WallAt(0, 1, Horizontal), WallAt(3, 3, Vertical)} {
		for _, s := range w.Steps() {
			if in.Position.StepOpen(s) {
				t.Errorf("step %v open, want blocked by a listed wall", s)
			}
		}
	}
	if n := in.Position.BlockedSteps(); n != 4 {
		t.Errorf("BlockedSteps() = %d, want 4", n)
	}
	// SECOND: ME is the second player, the side to move.
	second, err := ParseInput("input.txt", gamefile.SplitLines(strings.Replace(specExample, "FIRST", "SECOND", 1)))
	if err != nil {
		t.Fatal(err)
	}
	if p := second.Position; p.ToMove != 1 || p.Players[1] != (Player{4, 0, 8, 5}) || p.Players[0] != (Player{4, 8, 0, 5}) {
		t.Errorf("SECOND: to move %d, players %v; want 1 and ME as Players[1]", p.ToMove, p.Players)
	}
}

func TestParseTolerance(t *testing.T) {
	// CRLF, trailing spaces and trailing blank lines are the common header's tolerance;
	// fields may be separated by several spaces.
	text := strings.ReplaceAll(specExample, "\n", " \r\n") + "\r\n\n"
	text = strings.Replace(text, "ME 4 0", "ME  4   0", 1)
	want, _ := ParseInput("input.txt", gamefile.SplitLines(specExample))
	got, err := ParseInput("input.txt", gamefile.SplitLines(text))
	if err != nil {
		t.Fatal(err)
	}
	if got.Position != want.Position || !cmp.Equal(got.Walls, want.Walls) || got.Position.BlockedSteps() != 4 {
		t.Errorf("tolerant parse differs from the plain one")
	}
}

func TestParseErrors(t *testing.T) {
	head := "SINGLE\nFIRST\n1.0\n"
	for _, tc := range []struct{ text, want string }{
		{"GAME\nME\n10\n", `input.txt:2: got "ME", want FIRST or SECOND`},
		{"GAME\nFIRST\n0\n", `input.txt:3: time "0" must be a positive, finite number of seconds`},
		{head, "input.txt:4: missing line: want QUORIDOR nx ny"},
		{head + "QUORIDOR 9\n", `input.txt:4: got "QUORIDOR 9", want QUORIDOR nx ny`},
		{head + "HIVE 9 9\n", `input.txt:4: got "HIVE 9 9", want QUORIDOR nx ny`},
		{head + "QUORIDOR 9 -9\n", `input.txt:4: board size "9" "-9": want two integers of at most 6 digits`},
		{head + "QUORIDOR 9 1000000000\n", `input.txt:4: board size "9" "1000000000": want two integers of at most 6 digits`},
		{head + "QUORIDOR 65 9\n", "input.txt:4: board is 65×9: want nx from 1 to 64 and ny from 2 to 64"},
		{head + "QUORIDOR 9 1\n", "input.txt:4: board is 9×1: want nx from 1 to 64 and ny from 2 to 64"},
		{head + "QUORIDOR 0 9\n", "input.txt:4: board is 0×9: want nx from 1 to 64 and ny from 2 to 64"},
		{head + "QUORIDOR 9 9\n", "input.txt:5: missing line: want ME x y goal-row walls-left"},
		{head + "QUORIDOR 9 9\nOPPONENT 4 8 0 5\n", `input.txt:5: got "OPPONENT 4 8 0 5", want ME x y goal-row walls-left`},
		{head + "QUORIDOR 9 9\nME 4 0 8\n", `input.txt:5: got "ME 4 0 8", want ME x y goal-row walls-left`},
		{head + "QUORIDOR 9 9\nME 4 0 8 +5\n", `input.txt:5: ME: "+5" is not an integer of at most 6 digits`},
		{head + "QUORIDOR 9 9\nME 4 x 8 5\n", `input.txt:5: ME: "x" is not an integer of at most 6 digits`},
		{head + "QUORIDOR 9 9\nME 9 0 8 5\n", "input.txt:5: ME: cell 9,0 is off the 9×9 board"},
		{head + "QUORIDOR 9 9\nME 4 0 7 5\n", "input.txt:5: ME: goal row 7: want 0 or 8, the first or the last row"},
		{head + "QUORIDOR 9 9\nME 4 0 8 4033\n", "input.txt:5: ME: walls left 4033: want 0 to 4032"},
		{head + "QUORIDOR 9 9\nME 4 0 8 5\n", "input.txt:6: missing line: want OPPONENT x y goal-row walls-left"},
		{head + "QUORIDOR 9 9\nME 4 0 8 5\nOPPONENT 4 9 0 5\n", "input.txt:6: OPPONENT: cell 4,9 is off the 9×9 board"},
		{head + "QUORIDOR 9 9\nME 4 0 8 5\nOPPONENT 4 0 0 5\n", "input.txt:6: both players stand on 4,0"},
		{head + "QUORIDOR 9 9\nME 4 0 8 5\nOPPONENT 4 8 8 5\n", "input.txt:6: both players have goal row 8: one goal is the first row and the other the last"},
		{head + "QUORIDOR 9 9\nME 4 0 8 5\nOPPONENT 4 8 0 5\n", "input.txt:7: missing line: want WALLS k"},
		{head + "QUORIDOR 9 9\nME 4 0 8 5\nOPPONENT 4 8 0 5\nWALLS\n", `input.txt:7: got "WALLS", want WALLS and the number of walls on the board`},
		{head + "QUORIDOR 9 9\nME 4 0 8 5\nOPPONENT 4 8 0 5\nWALLS two\n", `input.txt:7: wall count "two": want an integer of at most 6 digits`},
		{head + "QUORIDOR 9 9\nME 4 0 8 5\nOPPONENT 4 8 0 5\nWALLS 145\n", "input.txt:7: wall count 145: want at most 144, the number of steps of a 9×9 board"},
		{head + "QUORIDOR 9 9\nME 4 0 8 5\nOPPONENT 4 8 0 5\nWALLS 2\n0,1 0,2 1,1 1,2\n", "input.txt:9: missing line: want a wall: x,y x,y x,y x,y"},
		{head + "QUORIDOR 9 9\nME 4 0 8 5\nOPPONENT 4 8 0 5\nWALLS 1\n0,1 0,2 1,1\n", `input.txt:8: got "0,1 0,2 1,1", want two steps: x,y x,y x,y x,y`},
		{head + "QUORIDOR 9 9\nME 4 0 8 5\nOPPONENT 4 8 0 5\nWALLS 1\n0,1 0,2 1;1 1,2\n", `input.txt:8: "1;1" is not a cell x,y (two integers of at most 6 digits)`},
		{head + "QUORIDOR 9 9\nME 4 0 8 5\nOPPONENT 4 8 0 5\nWALLS 1\n0,1 0,2 1,1 1,\n", `input.txt:8: "1," is not a cell x,y (two integers of at most 6 digits)`},
		{head + "QUORIDOR 9 9\nME 4 0 8 5\nOPPONENT 4 8 0 5\nWALLS 1\n8,1 9,1 8,2 9,2\n", "input.txt:8: cell 9,1 is off the 9×9 board"},
		{head + "QUORIDOR 9 9\nME 4 0 8 5\nOPPONENT 4 8 0 5\nWALLS 1\n0,1 1,2 1,1 1,2\n", "input.txt:8: 0,1-1,2 is not a step between neighbouring cells"},
		{head + "QUORIDOR 9 9\nME 4 0 8 5\nOPPONENT 4 8 0 5\nWALLS 1\n0,1 0,3 1,1 1,2\n", "input.txt:8: 0,1-0,3 is not a step between neighbouring cells"},
		{head + "QUORIDOR 9 9\nME 4 0 8 5\nOPPONENT 4 8 0 5\nWALLS 1\n0,1 0,2 0,2 0,1\n", "input.txt:8: both steps are the same: want two different steps"},
		{head + "QUORIDOR 9 9\nME 4 0 8 5\nOPPONENT 4 8 0 5\nWALLS 0\n0,1 0,2 1,1 1,2\n", "input.txt:8: unexpected line after the 0 walls"},
		{head + "QUORIDOR 9 9\nME 4 0 8 5\n\nOPPONENT 4 8 0 5\nWALLS 0\n", `input.txt:6: got "", want OPPONENT x y goal-row walls-left`},
	} {
		_, err := ParseInput("input.txt", gamefile.SplitLines(tc.text))
		if err == nil || err.Error() != tc.want {
			t.Errorf("ParseInput(%q) error = %v, want %q", tc.text, err, tc.want)
		}
	}
}

// TestInputRoundTrip: the writer's lines parse back to the same position and walls, and
// write again to the same text; a SECOND position keeps its side.
func TestInputRoundTrip(t *testing.T) {
	for _, text := range []string{
		specExample,
		strings.Replace(specExample, "FIRST", "SECOND", 1),
		"GAME\nSECOND\n99.6900000000001\nQUORIDOR 1 2\nME 0 1 0 0\nOPPONENT 0 0 1 1000\nWALLS 0\n",
		// An odd initial wall, listed steps in their given cell order, and an overlap.
		"SINGLE\nFIRST\n0.01\nQUORIDOR 5 3\nME 0 0 2 3\nOPPONENT 4 2 0 0\nWALLS 2\n2,1 1,1 1,1 1,0\n1,1 2,1 3,2 3,1\n",
	} {
		in, err := ParseInput("input.txt", gamefile.SplitLines(text))
		if err != nil {
			t.Fatalf("ParseInput(%q): %v", text, err)
		}
		checkRoundTrip(t, in)
		if got := string(FormatInput(in.Header.Mode, in.Header.Time, &in.Position, in.Walls)); got != text {
			t.Errorf("FormatInput(ParseInput(%q)) = %q", text, got)
		}
	}
}

// checkRoundTrip writes in and parses it back.
func checkRoundTrip(t *testing.T, in *Input) {
	t.Helper()
	text := FormatInput(in.Header.Mode, in.Header.Time, &in.Position, in.Walls)
	back, err := ParseInput("input.txt", gamefile.SplitLines(string(text)))
	if err != nil {
		t.Fatalf("ParseInput(FormatInput(...)) of\n%s: %v", text, err)
	}
	if back.Position != in.Position {
		t.Errorf("round trip of\n%s: position %+v, want %+v", text, back.Position, in.Position)
	}
	if diff := cmp.Diff(in.Walls, back.Walls, cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("round trip of\n%s: walls (-want +got):\n%s", text, diff)
	}
	if back.Header.Mode != in.Header.Mode || back.Header.Time != in.Header.Time {
		t.Errorf("round trip of\n%s: header %+v, want %+v", text, back.Header, in.Header)
	}
}

func TestFormatMove(t *testing.T) {
	for _, tc := range []struct {
		m    Move
		want string
	}{
		{StepTo(4, 1), "MOVE 4,1"},
		{WallAt(0, 1, Horizontal), "WALL 0,1 0,2 1,1 1,2"},
		{WallAt(3, 3, Vertical), "WALL 3,3 4,3 3,4 4,4"},
		{Pass, "PASS"},
	} {
		if got := FormatMove(tc.m); got != tc.want {
			t.Errorf("FormatMove(%+v) = %q, want %q", tc.m, got, tc.want)
		}
		if got := string(FormatOutput(tc.m)); got != tc.want+"\n" {
			t.Errorf("FormatOutput(%+v) = %q, want %q", tc.m, got, tc.want+"\n")
		}
		if got, err := ParseMove(tc.want, 9, 9); err != nil || got != tc.m {
			t.Errorf("ParseMove(%q) = %+v, %v; want %+v", tc.want, got, err, tc.m)
		}
	}
}

// TestParseMoveEveryWall: every wall of a board reads back from its own text and from its
// steps in any order.
func TestParseMoveEveryWall(t *testing.T) {
	const nx, ny = 5, 4
	for y := 0; y <= ny-2; y++ {
		for x := 0; x <= nx-2; x++ {
			for _, o := range []Orientation{Horizontal, Vertical} {
				m := WallAt(x, y, o)
				s := m.Steps()
				for _, text := range []string{
					FormatMove(m),
					"WALL " + s[1].String() + " " + s[0].String(),
					"WALL " + s[0].B.String() + " " + s[0].A.String() + " " + s[1].B.String() + " " + s[1].A.String(),
				} {
					if got, err := ParseMove(text, nx, ny); err != nil || got != m {
						t.Errorf("ParseMove(%q) = %+v, %v; want %+v", text, got, err, m)
					}
				}
			}
		}
	}
}

func TestParseMoveErrors(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"", "empty move: want MOVE x,y, WALL x,y x,y x,y x,y or PASS"},
		{"JUMP 1,1", `got "JUMP 1,1", want MOVE x,y, WALL x,y x,y x,y x,y or PASS`},
		{"pass", `got "pass", want MOVE x,y, WALL x,y x,y x,y x,y or PASS`},
		{"PASS 1", `got "PASS 1", want PASS alone`},
		{"MOVE", `got "MOVE", want MOVE x,y`},
		{"MOVE 1 1", `got "MOVE 1 1", want MOVE x,y`},
		{"MOVE 1,-1", `"1,-1" is not a cell x,y (two integers of at most 6 digits)`},
		{"MOVE 9,0", "cell 9,0 is off the 9×9 board"},
		{"WALL 0,1 0,2 1,1", `got "0,1 0,2 1,1", want two steps: x,y x,y x,y x,y`},
		{"WALL 0,1 0,2 2,1 2,2", "steps 0,1-0,2 and 2,1-2,2 are not a straight wall two cells long"},
		{"WALL 0,1 0,2 1,2 1,3", "steps 0,1-0,2 and 1,2-1,3 are not a straight wall two cells long"},
		{"WALL 0,1 0,2 0,2 1,2", "steps 0,1-0,2 and 0,2-1,2 are not a straight wall two cells long"},
		{"WALL 0,1 0,2 0,2 0,3", "steps 0,1-0,2 and 0,2-0,3 are not a straight wall two cells long"},
		{"WALL 0,1 0,2 0,1 0,2", "both steps are the same: want two different steps"},
		{"WALL 8,1 8,2 9,1 9,2", "cell 9,1 is off the 9×9 board"},
		{"WALL 0,1 0,3 1,1 1,3", "0,1-0,3 is not a step between neighbouring cells"},
	} {
		if _, err := ParseMove(tc.text, 9, 9); err == nil || err.Error() != tc.want {
			t.Errorf("ParseMove(%q) error = %v, want %q", tc.text, err, tc.want)
		}
	}
}

func TestNewPositionErrors(t *testing.T) {
	ok := [2]Player{{4, 0, 8, 5}, {4, 8, 0, 5}}
	for _, tc := range []struct {
		nx, ny  int
		players [2]Player
		toMove  int
		walls   []StepPair
		want    string
	}{
		{65, 9, ok, 0, nil, "board is 65×9: want nx from 1 to 64 and ny from 2 to 64"},
		{9, 9, [2]Player{{4, 0, 8, 5}, {4, 8, 0, -1}}, 0, nil, "player 1: walls left -1: want 0 to 4032"},
		{9, 9, [2]Player{{4, 0, 0, 5}, {4, 8, 0, 5}}, 0, nil, "both players have goal row 0: one goal is the first row and the other the last"},
		{9, 9, ok, 2, nil, "side to move 2: want 0 or 1"},
		{9, 9, ok, 0, []StepPair{{{Cell{0, 0}, Cell{0, 1}}, {Cell{-1, 0}, Cell{0, 0}}}}, "wall 0: cell -1,0 is off the 9×9 board"},
	} {
		if _, err := NewPosition(tc.nx, tc.ny, tc.players, tc.toMove, tc.walls); err == nil || err.Error() != tc.want {
			t.Errorf("NewPosition(%d, %d, %v, %d, %v) error = %v, want %q", tc.nx, tc.ny, tc.players, tc.toMove, tc.walls, err, tc.want)
		}
	}
}
