package quoridor

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"gameagents/internal/gamefile"
	"gameagents/internal/rules"
)

func loadJudge(t *testing.T, side, body string) *judgeMatch {
	t.Helper()
	m, err := Game{}.Load(gamefile.SplitLines("SINGLE\n" + side + "\n1.0\n" + body))
	if err != nil {
		t.Fatalf("Load = %v", err)
	}
	return m.(*judgeMatch)
}

// Positions for the judge (bodies of input.txt, after the header).
const (
	// The spec's 9×9 example: FIRST at 4,0, SECOND at 4,8, walls H 0,1 and V 3,3.
	judgeSpec = "QUORIDOR 9 9\nME 4 0 8 5\nOPPONENT 4 8 0 5\nWALLS 2\n0,1 0,2 1,1 1,2\n3,3 4,3 3,4 4,4\n"
	// The mover at 0,0 is walled off from 1,0 and the opponent stands on 0,1; no walls left:
	// it must pass.
	judgeMustPass = "QUORIDOR 3 3\nME 0 0 2 0\nOPPONENT 0 1 0 4\nWALLS 1\n0,0 1,0 0,1 1,1\n"
	// The mover at 2,3 of a 5×5 board steps onto its goal row 4 with MOVE 2,4.
	judgeWinInOne = "QUORIDOR 5 5\nME 2 3 4 0\nOPPONENT 2 1 0 0\nWALLS 0\n"
	// A 2×2 board, the left column walled off, the players face to face: both stuck.
	judgeBothStuck = "QUORIDOR 2 2\nME 0 0 1 3\nOPPONENT 0 1 0 3\nWALLS 1\n0,0 1,0 0,1 1,1\n"
	// 4×4, one wall in hand each: the mover at 0,0 is closed in the top-left corner by
	// V 0,0 (blocking 0,0-1,0 and 0,1-1,1) with H 0,1 down, so V 0,0 is illegal.
	judgeCorner = "QUORIDOR 4 4\nME 0 0 3 1\nOPPONENT 3 3 0 1\nWALLS 1\n0,1 0,2 1,1 1,2\n"
)

func TestJudgePlay(t *testing.T) {
	tests := []struct {
		name    string
		side    string
		body    string
		output  string
		strict  bool
		move    string // the accepted move, "" when it must be refused
		wantErr string // a substring of the error
	}{
		{"step", "FIRST", judgeSpec, "MOVE 4,1\n", false, "MOVE 4,1", ""},
		{"wall", "FIRST", judgeSpec, "WALL 4,4 4,5 5,4 5,5\n", false, "WALL 4,4 4,5 5,4 5,5", ""},
		{"wall, steps in another order", "FIRST", judgeSpec, "WALL 5,5 5,4 4,5 4,4\n", false, "WALL 4,4 4,5 5,4 5,5", ""},
		{"no final LF", "FIRST", judgeSpec, "MOVE 4,1", false, "MOVE 4,1", ""},
		{"no final LF, strict", "FIRST", judgeSpec, "MOVE 4,1", true, "", "malformed output.txt: line 1, the last, does not end with LF"},
		{"CRLF", "FIRST", judgeSpec, "MOVE 4,1\r\n", false, "MOVE 4,1", ""},
		{"CRLF, strict", "FIRST", judgeSpec, "MOVE 4,1\r\n", true, "", "ends with CRLF"},
		{"empty file", "FIRST", judgeSpec, "", false, "", "malformed output.txt: the file is empty"},
		{"empty line", "FIRST", judgeSpec, "\n", false, "", "malformed output.txt: the line is empty"},
		{"two lines", "FIRST", judgeSpec, "MOVE 4,1\nPASS\n", false, "", "malformed output.txt: 2 lines, want one"},
		{"double space", "FIRST", judgeSpec, "MOVE  4,1\n", false, "", "want single spaces"},
		{"trailing space", "FIRST", judgeSpec, "MOVE 4,1 \n", false, "", "want single spaces"},
		{"lower case", "FIRST", judgeSpec, "move 4,1\n", false, "", "malformed output.txt: got \"move 4,1\""},
		{"cell off the board", "FIRST", judgeSpec, "MOVE 9,0\n", false, "", "malformed output.txt: cell 9,0 is off the 9×9 board"},
		{"not a cell", "FIRST", judgeSpec, "MOVE 4;1\n", false, "", "malformed output.txt: \"4;1\" is not a cell"},
		{"crooked wall", "FIRST", judgeSpec, "WALL 4,4 4,5 5,5 5,6\n", false, "", "not a straight wall two cells long"},
		{"not a neighbour", "FIRST", judgeSpec, "MOVE 4,2\n", false, "", "illegal move: MOVE 4,2: step from 4,0 to 4,2: not an orthogonal neighbour (FIRST's legal steps: MOVE 5,0, MOVE 3,0, MOVE 4,1)"},
		{"through a wall", "SECOND", "QUORIDOR 9 9\nME 1 2 0 5\nOPPONENT 4 0 8 5\nWALLS 1\n0,1 0,2 1,1 1,2\n", "MOVE 1,1\n", false, "",
			"illegal move: MOVE 1,1: step from 1,2 to 1,1: a wall blocks it"},
		{"onto the opponent", "FIRST", "QUORIDOR 9 9\nME 4 3 8 5\nOPPONENT 4 4 0 5\nWALLS 0\n", "MOVE 4,4\n", false, "",
			"illegal move: MOVE 4,4: step to 4,4: the other player stands there"},
		{"overlapping wall", "FIRST", judgeSpec, "WALL 1,1 1,2 2,1 2,2\n", false, "", "overlaps a wall on the step 1,1-1,2"},
		{"crossing wall", "FIRST", judgeSpec, "WALL 0,1 1,1 0,2 1,2\n", false, "WALL 0,1 1,1 0,2 1,2", ""},
		{"cutting a player off", "FIRST", judgeCorner, "WALL 0,0 1,0 0,1 1,1\n", false, "", "cuts the mover off from its goal row 3"},
		{"no walls left", "FIRST", judgeWinInOne, "WALL 0,0 0,1 1,0 1,1\n", false, "", "illegal move: WALL 0,0 0,1 1,0 1,1: no walls left"},
		{"PASS while moves exist", "FIRST", judgeSpec, "PASS\n", false, "", "illegal move: PASS: PASS while a step or a wall is possible"},
		{"forced PASS", "FIRST", judgeMustPass, "PASS\n", false, "PASS", ""},
		{"a step instead of PASS", "FIRST", judgeMustPass, "MOVE 1,0\n", false, "", "the only legal output is PASS"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := loadJudge(t, tt.side, tt.body)
			before := m.pos
			move, _, err := m.Play([]byte(tt.output), tt.strict)
			if tt.move != "" {
				if err != nil || move != tt.move {
					t.Fatalf("Play(%q) = %q, %v; want %q", tt.output, move, err, tt.move)
				}
				if m.pos.ToMove == before.ToMove {
					t.Errorf("Play(%q) left %s to move", tt.output, SideName(m.pos.ToMove))
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("Play(%q) = %q, %v; want an error with %q", tt.output, move, err, tt.wantErr)
			}
			if m.pos != before || m.plies != 0 {
				t.Errorf("a refused move changed the match")
			}
		})
	}
}

func TestJudgeOver(t *testing.T) {
	tests := []struct {
		name       string
		side, body string
		play       string // a move to play first, "" for none
		over       bool
		winner     int
		reason     string
	}{
		{"start", "FIRST", judgeSpec, "", false, -1, ""},
		{"win", "FIRST", judgeWinInOne, "MOVE 2,4", true, 0, "FIRST reached its goal row 4"},
		{"win of SECOND", "SECOND", judgeWinInOne, "MOVE 2,4", true, 1, "SECOND reached its goal row 4"},
		{"both stuck", "FIRST", judgeBothStuck, "", true, -1, "neither player can step or place a wall: both lose"},
		{"one stuck", "FIRST", judgeMustPass, "", false, -1, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := loadJudge(t, tt.side, tt.body)
			if tt.play != "" {
				if _, _, err := m.Play([]byte(tt.play+"\n"), true); err != nil {
					t.Fatal(err)
				}
			}
			over, winner, reason := m.Over()
			if over != tt.over || winner != tt.winner || reason != tt.reason {
				t.Errorf("Over() = %v, %d, %q; want %v, %d, %q", over, winner, reason, tt.over, tt.winner, tt.reason)
			}
			if m.HasMove() == tt.over {
				t.Errorf("HasMove() = %v with the game over %v", m.HasMove(), tt.over)
			}
			if over {
				if _, _, err := m.Play([]byte("PASS\n"), false); err == nil || !strings.Contains(err.Error(), "already over") {
					t.Errorf("Play after the end = %v, want an error", err)
				}
			}
		})
	}
}

// TestJudgePlyCap: a setup's ply cap ends the game as a draw after that many plies, and
// the default is the spec's 400.
func TestJudgePlyCap(t *testing.T) {
	g, err := Game{}.Configure("plies=3")
	if err != nil {
		t.Fatal(err)
	}
	m := g.New(0)
	for i, mv := range []string{"MOVE 5,0", "MOVE 5,8", "MOVE 4,0"} {
		if over, _, _ := m.Over(); over {
			t.Fatalf("over before ply %d", i+1)
		}
		if _, _, err := m.Play([]byte(mv+"\n"), true); err != nil {
			t.Fatal(err)
		}
	}
	over, winner, reason := m.Over()
	if !over || winner != -1 || reason != "ply cap: 3 plies without a winner, a draw" {
		t.Errorf("after 3 plies with plies=3: Over() = %v, %d, %q; want a draw by the ply cap", over, winner, reason)
	}
	if n := (Game{}).New(0).(*judgeMatch).plyCap; n != 400 {
		t.Errorf("default ply cap %d, want 400", n)
	}
}

// TestJudgeRepeatDraw: with repeat=draw a game is a draw as soon as a position recurs
// (the players' cells and the side to move, between two walls); a wall starts the memory
// anew, since no earlier position can come again; without it, play goes on.
func TestJudgeRepeatDraw(t *testing.T) {
	shuffle := []string{"MOVE 5,0", "MOVE 5,8", "MOVE 4,0", "MOVE 4,8"} // back to the start
	tests := []struct {
		setup string
		moves []string
		over  bool // after the last move
	}{
		{"repeat=draw", shuffle, true},
		{"repeat=draw", shuffle[:3], false},
		{"", shuffle, false},
		{"repeat=play", shuffle, false},
		// A wall after the first step: the start, before it, does not count; the position
		// the wall left does, and recurs at the sixth move.
		{"repeat=draw", []string{"MOVE 5,0", "WALL 0,3 1,3 0,4 1,4", "MOVE 4,0", "MOVE 4,7"}, false},
		{"repeat=draw", []string{"MOVE 5,0", "WALL 0,3 1,3 0,4 1,4", "MOVE 4,0", "MOVE 5,8", "MOVE 5,0"}, false},
		{"repeat=draw", []string{"MOVE 5,0", "WALL 0,3 1,3 0,4 1,4", "MOVE 4,0", "MOVE 5,8", "MOVE 5,0", "MOVE 4,8"}, true},
	}
	for _, tt := range tests {
		g, err := Game{}.Configure(tt.setup)
		if err != nil {
			t.Fatal(err)
		}
		m := g.New(0)
		for i, mv := range tt.moves {
			if over, _, reason := m.Over(); over {
				t.Fatalf("setup %q: over before move %d (%s): %s", tt.setup, i+1, mv, reason)
			}
			if _, _, err := m.Play([]byte(mv+"\n"), true); err != nil {
				t.Fatalf("setup %q, move %d %s: %v", tt.setup, i+1, mv, err)
			}
		}
		over, winner, reason := m.Over()
		if over != tt.over || (over && (winner != -1 || reason != "the position recurred (setup repeat=draw), a draw")) {
			t.Errorf("setup %q, %d moves: Over() = %v, %d, %q; want over %v (a draw)", tt.setup, len(tt.moves), over, winner, reason, tt.over)
		}
	}
}

// TestJudgeNew: the usual game starts as the spec's example without its walls: FIRST at
// 4,0 aiming at row 8, SECOND at 4,8, 10 walls each, FIRST to move; a wall played is listed
// in the next input.txt.
func TestJudgeNew(t *testing.T) {
	m := Game{}.New(1)
	if m.ToMove() != 0 || m.SideName(0) != "FIRST" || m.SideName(1) != "SECOND" {
		t.Errorf("ToMove %d, sides %s %s; want 0, FIRST SECOND", m.ToMove(), m.SideName(0), m.SideName(1))
	}
	want := "GAME\nFIRST\n300\nQUORIDOR 9 9\nME 4 0 8 10\nOPPONENT 4 8 0 10\nWALLS 0\n"
	if got := string(m.Input(gamefile.GameClock, "300")); got != want {
		t.Errorf("Input =\n%s\nwant\n%s", got, want)
	}
	if _, _, err := m.Play([]byte("WALL 3,6 3,7 4,6 4,7\n"), true); err != nil {
		t.Fatal(err)
	}
	want = "SINGLE\nSECOND\n1.0\nQUORIDOR 9 9\nME 4 8 0 10\nOPPONENT 4 0 8 9\nWALLS 1\n3,6 3,7 4,6 4,7\n"
	if got := string(m.Input(gamefile.Single, "1.0")); got != want {
		t.Errorf("Input after a wall =\n%s\nwant\n%s", got, want)
	}
	// Loading the input.txt a match writes gives the same match.
	loaded, err := Game{}.Load(gamefile.SplitLines(want))
	if err != nil {
		t.Fatal(err)
	}
	if got := string(loaded.Input(gamefile.Single, "1.0")); got != want {
		t.Errorf("Load(Input()).Input() =\n%s\nwant\n%s", got, want)
	}
}

func TestParseSetup(t *testing.T) {
	tests := []struct {
		text    string
		want    Setup
		wantErr string
	}{
		{"", DefaultSetup, ""},
		{"size=9x9 walls=10", DefaultSetup, ""},
		{"size=11x7 walls=12 initial=6 seed=42 plies=300", Setup{NX: 11, NY: 7, Walls: 12, Initial: 6, Seed: 42, PlyCap: 300}, ""},
		{"plies=200 repeat=draw", Setup{NX: 9, NY: 9, Walls: 10, Seed: 1, PlyCap: 200, RepeatDraw: true}, ""},
		{"repeat=play", DefaultSetup, ""},
		{"repeat=never", Setup{}, "repeat=never: want draw or play"},
		{"walls=0", Setup{NX: 9, NY: 9, Walls: 0, Seed: 1, PlyCap: 400}, ""},
		{"size=9", Setup{}, "size=9: want NXxNY"},
		{"size=9x1", Setup{}, "size=9x1: board is 9×1"},
		{"size=65x65", Setup{}, "board is 65×65"},
		{"walls=-1", Setup{}, "walls=-1: want a number"},
		{"walls=5000", Setup{}, "walls=5000: want at most 4032"},
		{"plies=0", Setup{}, "plies=0: want at least 1"},
		{"seed=x", Setup{}, "seed=x: want an unsigned integer"},
		{"walls=3 walls=4", Setup{}, "walls given twice"},
		{"colour=red", Setup{}, "unknown key \"colour\""},
		{"size 9x9", Setup{}, "\"size\": want key=value words"},
	}
	for _, tt := range tests {
		got, err := ParseSetup(tt.text)
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("ParseSetup(%q) = %+v, %v; want an error with %q", tt.text, got, err, tt.wantErr)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("ParseSetup(%q) = %+v, %v; want %+v", tt.text, got, err, tt.want)
		}
		if again, err := ParseSetup(got.String()); err != nil || again != got {
			t.Errorf("ParseSetup(%q) = %+v, %v; want %+v back", got.String(), again, err, got)
		}
	}
}

// TestInitialWalls: the initial walls obey the placement rules (they are straight and
// overlap nothing: 2 blocked steps each; both players keep a path), come in pairs
// symmetric under a half turn where the board allows it, depend on the seed only, and a
// setup asking for more than fit fails.
func TestInitialWalls(t *testing.T) {
	for _, text := range []string{"initial=10", "size=11x11 walls=12 initial=10", "size=7x5 initial=7 seed=99", "size=4x4 initial=6 seed=3"} {
		s, err := ParseSetup(text)
		if err != nil {
			t.Fatal(err)
		}
		walls, err := s.InitialWalls()
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		if len(walls) != s.Initial {
			t.Fatalf("%s: %d walls, want %d", text, len(walls), s.Initial)
		}
		p, err := NewPosition(s.NX, s.NY, s.Start(), 0, walls)
		if err != nil {
			t.Fatal(err)
		}
		if b := p.BlockedSteps(); b != 2*s.Initial {
			t.Errorf("%s: %d blocked steps, want %d: the walls overlap", text, b, 2*s.Initial)
		}
		for i := range 2 {
			if p.Distance(i) < 0 {
				t.Errorf("%s: player %d is cut off", text, i)
			}
		}
		symmetric := 0
		for _, w := range walls {
			m, ok := straightWall(w)
			if !ok {
				t.Fatalf("%s: %v is not a straight wall", text, w)
			}
			image := WallAt(s.NX-2-int(m.X), s.NY-2-int(m.Y), m.Orient).Steps()
			for _, v := range walls {
				if v == image {
					symmetric++
				}
			}
		}
		t.Logf("%s: %d of %d walls have their image", text, symmetric, len(walls))
		if symmetric < len(walls)/2 {
			t.Errorf("%s: %d of %d walls have their image, want most", text, symmetric, len(walls))
		}
		again, _ := s.InitialWalls()
		if diff := cmp.Diff(walls, again); diff != "" {
			t.Errorf("%s: a second draw differs:\n%s", text, diff)
		}
		s.Seed++
		if other, _ := s.InitialWalls(); cmp.Equal(walls, other) {
			t.Errorf("%s: another seed gives the same walls", text)
		}
	}
	s, _ := ParseSetup("size=3x3 initial=20")
	if _, err := s.InitialWalls(); err == nil || !strings.Contains(err.Error(), "initial=20: only") {
		t.Errorf("InitialWalls of 20 walls on 3×3 = %v, want an error", err)
	}
	if _, err := (Game{}).Configure("size=3x3 initial=20"); err == nil {
		t.Errorf("Configure with too many initial walls succeeded")
	}
}

// TestJudgeConfigured: a configured judge starts its games on its board, with its walls in
// hand and its initial walls listed.
func TestJudgeConfigured(t *testing.T) {
	g, err := Game{}.Configure("size=7x5 walls=4 initial=2 seed=5")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := g.(rules.Configurable); !ok {
		t.Fatalf("Configure returned a %T, not Configurable", g)
	}
	s, _ := ParseSetup("size=7x5 walls=4 initial=2 seed=5")
	walls, _ := s.InitialWalls()
	p, _ := NewPosition(7, 5, [2]Player{{3, 0, 4, 4}, {3, 4, 0, 4}}, 0, walls)
	want := string(FormatInput(gamefile.Single, "1", &p, walls))
	if got := string(g.New(0).Input(gamefile.Single, "1")); got != want {
		t.Errorf("Input =\n%s\nwant\n%s", got, want)
	}
	// An even width: FIRST on the left middle column, SECOND on the right one.
	even, _ := Game{}.Configure("size=8x6")
	if got := string(even.New(0).Input(gamefile.Single, "1")); !strings.Contains(got, "ME 3 0 5 10\nOPPONENT 4 5 0 10\n") {
		t.Errorf("8×6 Input =\n%s\nwant FIRST at 3,0 and SECOND at 4,5", got)
	}
}

func TestJudgeRender(t *testing.T) {
	m := loadJudge(t, "SECOND", example4x4)
	want := []string{
		"      0   1   2   3",
		"    +---+---+---+---+",
		"  0 | S   .   .   . |",
		"    +   +   +   +   +",
		"  1 | .   .   .   . |",
		"    +---+---+   +   +",
		"  2 | .   .   .   . |",
		"    +   +   +   +   +",
		"  3 | F   .   .   . |",
		"    +---+---+---+---+",
		"FIRST (F) at 0,3, goal row 0, 5 walls left; SECOND (S) at 0,0, goal row 3, 5 walls left; SECOND to move; ply 0",
	}
	if diff := cmp.Diff(want, m.Render()); diff != "" {
		t.Errorf("Render (-want +got):\n%s", diff)
	}
	if _, _, err := m.Play([]byte("WALL 2,0 3,0 2,1 3,1\n"), true); err != nil {
		t.Fatal(err)
	}
	if got := m.Render()[2]; got != "  0 | S   .   . | . |" {
		t.Errorf("row 0 after V 2,0 = %q", got)
	}
}

// TestJudgeLoadMalformed: a malformed game line is named by Load (recognition is
// gamefile.Recognize's, tested there).
func TestJudgeLoadMalformed(t *testing.T) {
	if _, err := (Game{}).Load(gamefile.SplitLines("SINGLE\nFIRST\n1\nQUORIDOR 9\n")); err == nil || !strings.HasPrefix(err.Error(), "input.txt:4:") {
		t.Errorf("Load of a malformed input = %v, want input.txt:4: ...", err)
	}
}
