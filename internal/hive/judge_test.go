package hive

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"gameagents/internal/gamefile"
)

// judgeInput writes a 13×13 SINGLE input.txt: mover, the mover's and the opponent's move
// counts (as line 4 gives them), the HAND counts and "p q stack" cells.
func judgeInput(mover string, moves [2]int, hand string, cells ...string) string {
	return fmt.Sprintf("SINGLE\n%s\n1\nHIVE 13 %d %d\nHAND %s\nCELLS %d\n%s", mover, moves[0], moves[1], hand, len(cells), strings.Join(cells, "\n"))
}

func loadJudge(t *testing.T, text string) *judgeMatch {
	t.Helper()
	m, err := Game{}.Load(gamefile.SplitLines(text))
	if err != nil {
		t.Fatalf("Load = %v\n%s", err, text)
	}
	return m.(*judgeMatch)
}

// Positions for the judge, LOWER to move unless named otherwise.
var (
	// The first move of the game.
	judgeStart = judgeInput("LOWER", [2]int{0, 0}, "q1 b2 s2 g2 a2 Q1 B2 S2 G2 A2")
	// Both queens placed side by side: LOWER's second move.
	twoQueens = judgeInput("LOWER", [2]int{1, 1}, "q0 b2 s2 g2 a2 Q0 B2 S2 G2 A2", "3 6 q", "4 6 Q")
	// LOWER's move 3 with its queen still in hand.
	queenDue = judgeInput("LOWER", [2]int{3, 3}, "q1 b1 s1 g2 a2 Q0 B2 S2 G2 A2", "3 6 b", "2 6 s", "1 6 a", "4 6 Q", "5 6 B", "6 6 S")
	// LOWER's move 3, queen placed: still too early to move.
	tooEarly = judgeInput("LOWER", [2]int{3, 3}, "q0 b1 s2 g2 a2 Q0 B2 S2 G2 A2", "3 6 q", "2 6 s", "1 6 a", "4 6 Q")
	// A line q a Q aB with LOWER's ant a in the middle, and LOWER's b on its a at 3,5, next
	// to q and the middle ant.
	line = judgeInput("LOWER", [2]int{4, 4}, "q0 b1 s2 g2 a0 Q0 B1 S2 G2 A2", "2 6 q", "3 6 a", "4 6 Q", "5 6 aB", "3 5 ab")
	// Nothing for LOWER to do (its queen is pinned between Q and B, its hand is empty),
	// while UPPER can move: LOWER passes.
	lowerStuck = judgeInput("LOWER", [2]int{4, 4}, "q0 b0 s0 g0 a0 Q0 B0 S0 G1 A0", "2 6 Q", "3 6 q", "4 6 B")
	// MOVE q 5,0 6,0 slides along the edge between an off-board flank and the empty 5,1,
	// ending next to b: legal under the loose contact reading only.
	looseOnly = judgeInput("LOWER", [2]int{4, 4}, "q0 b1 s2 g2 a1 Q0 B2 S2 G2 A1", "5 0 q", "4 1 a", "4 2 Q", "5 2 A", "6 1 b")
	// UPPER's Q on 3,6 has five of its six neighbours occupied; MOVE b 2,8 2,7 fills the
	// sixth. LOWER's q on 4,5 has three occupied neighbours (UPPER 2 points).
	nearSurround = judgeInput("LOWER", [2]int{4, 4}, "q0 b1 s2 g2 a1 Q0 B2 S1 G1 A1",
		"3 6 Q", "4 6 A", "2 6 G", "3 7 a", "3 5 S", "4 5 q", "2 8 b")
	// Q on 3,6 and q on 4,6 each have five neighbours occupied and share the empty 3,7;
	// MOVE b 3,8 3,7 surrounds both.
	nearDouble = judgeInput("LOWER", [2]int{4, 4}, "q0 b1 s1 g1 a1 Q0 B1 S1 G1 A1",
		"3 6 Q", "4 6 q", "2 6 A", "3 5 a", "4 5 G", "2 7 S", "5 6 g", "4 7 s", "5 5 B", "3 8 b")
	// UPPER's move 80 (its 81st), LOWER has made 81: after it the game stops.
	lastMove = judgeInput("UPPER", [2]int{80, 81}, "q0 b0 s0 g0 a0 Q0 B0 S0 G0 A0", "3 6 q", "4 6 Q", "2 6 a")
	// LOWER's move 80, UPPER has made 80: UPPER still has its move 80 to come.
	limitMinusOne = judgeInput("LOWER", [2]int{80, 80}, "q0 b0 s0 g0 a0 Q0 B0 S0 G0 A0", "3 6 q", "4 6 Q", "2 6 a")
	// Empty hands and move 1 each: nobody can place, nor move before move 4. Both pass
	// until then, and the queens can move after.
	passUntilMove4 = judgeInput("LOWER", [2]int{1, 1}, "q0 b0 s0 g0 a0 Q0 B0 S0 G0 A0", "3 6 q", "4 6 Q")
	// A 2×2 board (0,0 1,0 / 0,1 1,1) with a on 0,0 and A on 1,1: both empty cells touch
	// both colours, so neither queen can ever be placed, and nothing moves before it is.
	bothStuck = "SINGLE\nLOWER\n1\nHIVE 2 3 3\nHAND q1 b0 s0 g0 a0 Q1 B0 S0 G0 A0\nCELLS 2\n0 0 a\n1 1 A\n"
)

func TestJudgePlay(t *testing.T) {
	tests := []struct {
		name    string
		input   string
		output  string
		strict  bool
		move    string // the accepted move, "" when it must be refused
		warning string // a substring of a warning, when one is wanted
		wantErr string // a substring of the error
	}{
		{name: "first piece on the centre", input: judgeStart, output: "PLACE q 3,6\n", move: "PLACE q 3,6"},
		{name: "first piece off the centre", input: judgeStart, output: "PLACE q 4,6\n",
			wantErr: "illegal move: PLACE q 4,6: the first piece goes on the centre cell 3,6 (legal, 5 in all: PLACE q 3,6; PLACE b 3,6;"},
		{name: "legal placement", input: twoQueens, output: "PLACE a 2,6\n", move: "PLACE a 2,6"},
		{name: "placement touching the opponent", input: twoQueens, output: "PLACE a 3,7\n",
			wantErr: "illegal move: PLACE a 3,7: cell 3,7 touches UPPER's Q on 4,6: after the first move a placement touches only the mover's own pieces"},
		{name: "placement touching nothing of the mover's", input: twoQueens, output: "PLACE a 6,6\n",
			wantErr: "cell 6,6 touches none of LOWER's pieces"},
		{name: "placement on an occupied cell", input: twoQueens, output: "PLACE b 4,6\n",
			wantErr: "cell 4,6 is occupied"},
		{name: "placement off the board", input: twoQueens, output: "PLACE a 13,0\n",
			wantErr: "cell 13,0 is not on the 13×13 board"},
		{name: "piece not in hand", input: twoQueens, output: "PLACE q 2,6\n",
			wantErr: "LOWER has no q left in hand"},
		{name: "queen not placed by move 3", input: queenDue, output: "PLACE a 0,6\n",
			wantErr: "LOWER's queen must be on the board by the end of its move 3, and this is its move 3: only queen placements are legal (legal, 7 in all: PLACE q"},
		{name: "queen placed at move 3", input: queenDue, output: "PLACE q 0,6\n", move: "PLACE q 0,6"},
		{name: "moving before move 4", input: tooEarly, output: "MOVE q 3,6 3,5\n",
			wantErr: "pieces move only from move 4 on, and this is LOWER's move 3"},
		{name: "a legal step", input: line, output: "MOVE q 2,6 2,7\n", move: "MOVE q 2,6 2,7"},
		{name: "a piece that cannot reach the cell", input: line, output: "MOVE q 2,6 6,6\n",
			wantErr: "q on 2,6 cannot reach 6,6; it can reach 2,7 2,5"},
		{name: "lifting splits the hive", input: line, output: "MOVE a 3,6 3,7\n",
			wantErr: "lifting a from 3,6 would split the hive"},
		{name: "the opponent's top piece", input: line, output: "MOVE a 5,6 5,5\n",
			wantErr: "the top piece of 5,6 is UPPER's B"},
		{name: "a piece under a beetle", input: line, output: "MOVE a 3,5 2,5\n",
			wantErr: "a is under the top of the stack ab on 3,5: only the top piece moves"},
		{name: "another of the mover's pieces on top", input: line, output: "MOVE s 3,5 2,5\n",
			wantErr: "the top piece of 3,5 is b, not s"},
		{name: "an empty cell", input: line, output: "MOVE a 7,7 7,6\n", wantErr: "cell 7,7 is empty"},
		{name: "moving from off the board", input: line, output: "MOVE a -9,0 0,0\n",
			wantErr: "cell -9,0 is not on the 13×13 board"},
		{name: "PASS while moves exist", input: twoQueens, output: "PASS\n",
			wantErr: "illegal move: PASS: LOWER has 12 legal moves, and PASS is only for a player with none"},
		{name: "PASS with nothing legal", input: lowerStuck, output: "PASS\n", move: "PASS"},
		{name: "a move with nothing legal", input: lowerStuck, output: "MOVE q 3,6 3,5\n",
			wantErr: "(LOWER has no legal move: the only legal output is PASS)"},
		{name: "loose-only slide accepted with a warning", input: looseOnly, output: "MOVE q 5,0 6,0\n",
			move: "MOVE q 5,0 6,0", warning: "not strict-legal (the loose contact reading only): MOVE q 5,0 6,0"},
		{name: "wrong-case piece letter", input: twoQueens, output: "PLACE A 2,6\n",
			wantErr: `malformed output.txt: piece "A" is UPPER's: LOWER plays q b s g a`},
		{name: "not a piece letter", input: twoQueens, output: "PLACE x 2,6\n",
			wantErr: `malformed output.txt: piece "x": want one of LOWER's letters q b s g a`},
		{name: "a word for a piece", input: twoQueens, output: "PLACE ant 2,6\n",
			wantErr: `malformed output.txt: piece "ant": want one letter, q b s g a`},
		{name: "extra space", input: twoQueens, output: "PLACE  a 2,6\n",
			wantErr: `malformed output.txt: got "PLACE  a 2,6": want single spaces between the words and none at either end`},
		{name: "trailing space", input: twoQueens, output: "PLACE a 2,6 \n", wantErr: "want single spaces"},
		{name: "leading space", input: twoQueens, output: " PLACE a 2,6\n", wantErr: "want single spaces"},
		{name: "MOVE with one cell", input: line, output: "MOVE q 2,6\n",
			wantErr: `malformed output.txt: got "MOVE q 2,6", want MOVE, a piece and two cells: MOVE x p,q p,q`},
		{name: "PLACE with two cells", input: twoQueens, output: "PLACE a 2,6 2,7\n",
			wantErr: `malformed output.txt: got "PLACE a 2,6 2,7", want PLACE, a piece and a cell: PLACE x p,q`},
		{name: "text after PASS", input: lowerStuck, output: "PASS now\n",
			wantErr: `malformed output.txt: got "PASS now": PASS stands alone on its line`},
		{name: "lower-case word", input: twoQueens, output: "place a 2,6\n",
			wantErr: `malformed output.txt: got "place a 2,6", want PLACE x p,q, MOVE x p,q p,q or PASS`},
		{name: "cell without a comma", input: twoQueens, output: "PLACE a 2;6\n",
			wantErr: `malformed output.txt: cell "2;6": want p,q`},
		{name: "cell with a plus sign", input: twoQueens, output: "PLACE a +2,6\n", wantErr: `cell "+2,6": want p,q`},
		{name: "cell with a space", input: twoQueens, output: "PLACE a 2, 6\n", wantErr: `malformed output.txt: got "PLACE a 2, 6"`},
		{name: "two lines", input: twoQueens, output: "PLACE a 2,6\nPLACE a 2,7\n",
			wantErr: "malformed output.txt: 2 lines, want one: PLACE x p,q, MOVE x p,q p,q or PASS"},
		{name: "empty file", input: twoQueens, output: "", wantErr: "malformed output.txt: the file is empty"},
		{name: "empty line", input: twoQueens, output: "\n", wantErr: "malformed output.txt: the line is empty"},
		{name: "missing final LF tolerated", input: twoQueens, output: "PLACE a 2,6", move: "PLACE a 2,6",
			warning: "does not end with LF (accepted; strict judging rejects it)"},
		{name: "missing final LF strict", input: twoQueens, output: "PLACE a 2,6", strict: true,
			wantErr: "malformed output.txt: line 1, the last, does not end with LF"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := loadJudge(t, tt.input)
			before := m.pos.InputLines(gamefile.Single, "1")
			move, warnings, err := m.Play([]byte(tt.output), tt.strict)
			after := m.pos.InputLines(gamefile.Single, "1")
			if tt.move == "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("Play(%q) = %q, %v; want an error containing %q", tt.output, move, err, tt.wantErr)
				}
				if diff := cmp.Diff(before, after); diff != "" {
					t.Errorf("a refused move changed the position (-before +after):\n%s", diff)
				}
				return
			}
			if err != nil || move != tt.move {
				t.Fatalf("Play(%q) = %q, %v; want %q", tt.output, move, err, tt.move)
			}
			joined := strings.Join(warnings, "\n")
			if (tt.warning == "") != (len(warnings) == 0) || !strings.Contains(joined, tt.warning) {
				t.Errorf("Play(%q) warnings = %q, want one containing %q", tt.output, warnings, tt.warning)
			}
			if slices.Equal(before, after) {
				t.Errorf("Play(%q) left the position unchanged", tt.output)
			}
		})
	}
}

// TestJudgePlayApplies checks what an accepted move does: the piece moves, the move counts
// and the side to move change.
func TestJudgePlayApplies(t *testing.T) {
	m := loadJudge(t, line)
	if _, _, err := m.Play([]byte("MOVE q 2,6 2,7\n"), true); err != nil {
		t.Fatal(err)
	}
	want := []string{"SINGLE", "UPPER", "1", "HIVE 13 4 5", "HAND q0 b1 s2 g2 a0 Q0 B1 S2 G2 A2", "CELLS 5",
		"3 5 ab", "3 6 a", "4 6 Q", "5 6 aB", "2 7 q"}
	if diff := cmp.Diff(want, m.pos.InputLines(gamefile.Single, "1")); diff != "" {
		t.Errorf("input after MOVE q 2,6 2,7 mismatch (-want +got):\n%s", diff)
	}
}

func TestJudgeOver(t *testing.T) {
	tests := []struct {
		name   string
		input  string
		output string // played first, "" for none
		over   bool
		winner int
		reason string
		points [2]int
	}{
		{"game goes on", twoQueens, "", false, -1, "", [2]int{0, 0}},
		{"a surround ends the game with 15 points", nearSurround, "MOVE b 2,8 2,7\n",
			true, int(Lower), "UPPER's queen is surrounded: LOWER 15, UPPER 2 points", [2]int{15, 2}},
		{"both queens surrounded at once: a draw", nearDouble, "MOVE b 3,8 3,7\n",
			true, -1, "both queens are surrounded: LOWER 15, UPPER 15 points, a draw", [2]int{15, 15}},
		{"81 moves each", lastMove, "MOVE Q 4,6 4,5\n",
			true, int(Upper), "move limit (81 moves each): LOWER 0, UPPER 1 points", [2]int{0, 1}},
		{"81 moves for LOWER only", limitMinusOne, "MOVE a 2,6 2,7\n", false, -1, "", [2]int{0, 1}},
		{"one side stuck: the game goes on", lowerStuck, "", false, -1, "", [2]int{0, 1}},
		{"both must pass, but pieces move from move 4", passUntilMove4, "PASS\n", false, -1, "", [2]int{0, 0}},
		{"LOWER stuck for good, UPPER until its move 4",
			judgeInput("LOWER", [2]int{4, 3}, "q0 b0 s0 g0 a0 Q0 B0 S0 G0 A0", "2 6 Q", "3 6 q", "4 6 B"),
			"PASS\n", false, -1, "", [2]int{0, 1}},
		{"neither side can ever move", bothStuck, "",
			true, -1, "neither side can move any more: LOWER 0, UPPER 0 points, a draw", [2]int{0, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := loadJudge(t, tt.input)
			if tt.output != "" {
				if over, _, reason := m.Over(); over {
					t.Fatalf("Over() before %q = true, %q; want false", tt.output, reason)
				}
				if _, _, err := m.Play([]byte(tt.output), true); err != nil {
					t.Fatalf("Play(%q) = %v", tt.output, err)
				}
			}
			over, winner, reason := m.Over()
			if over != tt.over || winner != tt.winner || reason != tt.reason {
				t.Errorf("Over() = %v, %d, %q; want %v, %d, %q", over, winner, reason, tt.over, tt.winner, tt.reason)
			}
			if m.HasMove() == tt.over {
				t.Errorf("HasMove() = %v with the game over = %v", m.HasMove(), tt.over)
			}
			if got := m.Points(); got != tt.points {
				t.Errorf("Points() = %v, want %v", got, tt.points)
			}
			if tt.over {
				if _, _, err := m.Play([]byte("PASS\n"), false); err == nil || !strings.Contains(err.Error(), "the game is already over") {
					t.Errorf("Play after the end = %v, want an error: the game is already over", err)
				}
			}
		})
	}
}

// TestPoints checks the course's score on hand-built neighbourhoods of UPPER's queen: the
// points are LOWER's.
func TestPoints(t *testing.T) {
	tests := []struct {
		name  string
		cells []string
		want  int
	}{
		{"queen in hand", []string{"3 6 q"}, 0},
		{"no neighbour: never below 0", []string{"3 6 Q", "8 9 q"}, 0},
		{"one neighbour", []string{"3 6 Q", "4 6 q"}, 0},
		{"three neighbours: k-1", []string{"3 6 Q", "4 6 q", "2 6 a", "3 5 b"}, 2},
		{"a stack is one neighbour", []string{"3 6 Q", "4 6 qb", "2 6 aB"}, 1},
		{"five neighbours", []string{"3 6 Q", "4 6 q", "2 6 a", "3 5 b", "3 7 A", "4 5 B"}, 4},
		{"edge, three of four neighbours: 2(k-1)", []string{"5 0 Q", "4 0 q", "6 0 a", "4 1 b"}, 4},
		{"edge, one neighbour", []string{"5 0 Q", "4 0 q"}, 0},
		{"edge, two neighbours", []string{"5 0 Q", "4 0 q", "5 1 a"}, 2},
		{"corner surrounded", []string{"0 0 Q", "1 0 q", "0 1 a"}, 15},
		{"surrounded", []string{"3 6 Q", "4 6 q", "2 6 a", "3 5 b", "3 7 A", "4 5 B", "2 7 G"}, 15},
		{"under a beetle", []string{"3 6 Qb", "4 6 q", "2 6 a", "3 5 B"}, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			hand := "q0 b2 s2 g2 a2 Q0 B2 S2 G2 A2"
			if !slices.ContainsFunc(tt.cells, func(c string) bool { return strings.Contains(c, "Q") }) {
				hand = "q0 b2 s2 g2 a2 Q1 B2 S2 G2 A2"
			}
			p := loadJudge(t, judgeInput("LOWER", [2]int{4, 4}, hand, tt.cells...)).pos
			if got := p.Points()[Lower]; got != tt.want {
				t.Errorf("LOWER's points = %d, want %d", got, tt.want)
			}
		})
	}
}

// TestInputRoundTrip: ParseInput reads back what InputLines writes, for hand-built
// positions and along random games.
func TestInputRoundTrip(t *testing.T) {
	check := func(t *testing.T, p *Position, mode gamefile.Mode, seconds string) {
		t.Helper()
		lines := p.InputLines(mode, seconds)
		in, err := ParseInput("input.txt", gamefile.SplitLines(string(gamefile.JoinLines(lines))))
		if err != nil {
			t.Fatalf("ParseInput(InputLines) = %v\n%s", err, strings.Join(lines, "\n"))
		}
		if in.Header.Mode != mode || in.Header.Time != seconds {
			t.Errorf("header = %v %q, want %v %q", in.Header.Mode, in.Header.Time, mode, seconds)
		}
		if diff := cmp.Diff(positionText(p), positionText(in.Position())); diff != "" {
			t.Fatalf("round trip mismatch (-want +got):\n%s", diff)
		}
	}
	for _, text := range []string{judgeStart, twoQueens, line, looseOnly, nearDouble, lastMove} {
		check(t, loadJudge(t, text).pos, gamefile.GameClock, "12.5")
	}
	five := Game{size: 5, hand: [5]int{1, 0, 1, 0, 3}}
	check(t, five.New(0).(*judgeMatch).pos, gamefile.Single, "1e-05")
	rng := rand.New(rand.NewPCG(4, 4))
	for g := range 3 {
		p := Game{}.New(0).(*judgeMatch).pos
		for ply := range 40 {
			moves := p.ReferenceMoves(Loose)
			p.Apply(moves[rng.IntN(len(moves))])
			if ply%5 == 4 {
				check(t, p, gamefile.GameClock, fmt.Sprint(g+ply))
			}
		}
	}
}

// positionText is everything of a position that input.txt carries, comparable by cmp.
func positionText(p *Position) map[string]string {
	got := map[string]string{
		"N":     fmt.Sprint(p.Geometry.N),
		"mover": p.Mover.String(),
		"moves": fmt.Sprint(p.Moves),
		"hand":  fmt.Sprint(p.Hand),
	}
	for i, st := range p.Stacks {
		if st != nil {
			got[p.Geometry.Cells[i].String()] = string(st)
		}
	}
	return got
}

func TestJudgeInput(t *testing.T) {
	m := Game{}.New(1)
	if m.ToMove() != int(Lower) {
		t.Errorf("New(1).ToMove() = %d, want LOWER (0): LOWER always begins", m.ToMove())
	}
	want := "GAME\nLOWER\n300\nHIVE 13 0 0\nHAND q1 b2 s2 g2 a2 Q1 B2 S2 G2 A2\nCELLS 0\n"
	if got := string(m.Input(gamefile.GameClock, "300")); got != want {
		t.Errorf("Input of a new game = %q, want %q", got, want)
	}
	for _, mv := range []string{"PLACE g 3,6", "PLACE Q 4,6", "PLACE b 2,6", "PLACE B 5,6", "PLACE q 1,6", "PLACE A 6,6", "PLACE a 0,6"} {
		if _, _, err := m.Play([]byte(mv+"\n"), true); err != nil {
			t.Fatalf("Play(%s) = %v", mv, err)
		}
	}
	want = "SINGLE\nUPPER\n0.5\nHIVE 13 3 4\nHAND q0 b1 s2 g1 a1 Q0 B1 S2 G2 A1\nCELLS 7\n0 6 a\n1 6 q\n2 6 b\n3 6 g\n4 6 Q\n5 6 B\n6 6 A\n"
	if got := string(m.Input(gamefile.Single, "0.5")); got != want {
		t.Errorf("Input after 7 moves = %q, want %q", got, want)
	}
}

// TestJudgeGames plays seeded random games through the judge, with every move also applied
// to a copy by the reference rules: the judge accepts each loose-legal move, its input.txt
// reads back as the position, and every game ends by the rules within 81 moves each.
func TestJudgeGames(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	games := 12
	if testing.Short() {
		games = 3
	}
	ends := map[string]int{}
	for g := range games {
		m := Game{}.New(g % 2).(*judgeMatch)
		p := NewPosition(13, defaultHand, Lower)
		for m.HasMove() {
			moves := p.ReferenceMoves(Loose)
			mv := moves[rng.IntN(len(moves))]
			if _, _, err := m.Play([]byte(p.Format(mv)+"\n"), true); err != nil {
				t.Fatalf("game %d, move %d-%d: Play(%s) = %v", g, p.Moves[0], p.Moves[1], p.Format(mv), err)
			}
			p.Apply(mv)
			if diff := cmp.Diff(positionText(p), positionText(m.pos)); diff != "" {
				t.Fatalf("game %d: the judge's position differs from the reference's (-want +got):\n%s", g, diff)
			}
		}
		over, winner, reason := m.Over()
		if !over || p.Moves[Lower] > moveLimit || p.Moves[Upper] > moveLimit {
			t.Fatalf("game %d ended: over %v after %v moves; want over within %d moves each", g, over, p.Moves, moveLimit)
		}
		pts := p.Points()
		if (winner == -1) != (pts[0] == pts[1]) || (winner >= 0 && pts[winner] <= pts[1-winner]) {
			t.Errorf("game %d: winner %d with points %v (%s)", g, winner, pts, reason)
		}
		kind, _, _ := strings.Cut(reason, ":")
		ends[kind]++
	}
	t.Logf("ends: %v", ends)
}

func TestConfigure(t *testing.T) {
	tests := []struct {
		setup   string
		size    int    // the new game's board size
		hand    string // its HAND line
		wantErr string
	}{
		{"", 13, "HAND q1 b2 s2 g2 a2 Q1 B2 S2 G2 A2", ""},
		{"size=11", 11, "HAND q1 b2 s2 g2 a2 Q1 B2 S2 G2 A2", ""},
		{"pieces=q1,a3,b2,s2,g3", 13, "HAND q1 b2 s2 g3 a3 Q1 B2 S2 G3 A3", ""},
		{"pieces=a3,q1  size=7", 7, "HAND q1 b0 s0 g0 a3 Q1 B0 S0 G0 A3", ""},
		{fmt.Sprintf("size=%d pieces=q1", MaxSize), MaxSize, "HAND q1 b0 s0 g0 a0 Q1 B0 S0 G0 A0", ""},
		{"size=1", 1, "HAND q1 b2 s2 g2 a2 Q1 B2 S2 G2 A2", ""},
		{"size=0", 0, "", fmt.Sprintf("size=0: want a board size from 1 to %d", MaxSize)},
		{fmt.Sprintf("size=%d", MaxSize+1), 0, "", fmt.Sprintf("size=%d: want a board size from 1 to %d", MaxSize+1, MaxSize)},
		{"size=x", 0, "", fmt.Sprintf("size=x: want a board size from 1 to %d", MaxSize)},
		{"size=+5", 0, "", "size=+5: want a board size"},
		{"size=9 size=9", 0, "", "size given twice"},
		{"colour=red", 0, "", `unknown key "colour": want rules, size or pieces`},
		{"rules=course size=9", 9, "HAND q1 b2 s2 g2 a2 Q1 B2 S2 G2 A2", ""},
		{"rules=base size=9", 0, "", "rules=base: size and pieces are the course's"},
		{"rules=standard", 0, "", "rules=standard: want base"},
		{"size", 0, "", `"size": want key=value words`},
		{"pieces=a2,b2", 0, "", "pieces=a2,b2: each side has exactly one queen: the list must hold q1"},
		{"pieces=q2,a2", 0, "", "pieces=q2,a2: each side has exactly one queen"},
		{"pieces=q1,A2", 0, "", `pieces=q1,A2: "A2": want a lower-case kind (q b s g a) and a count`},
		{"pieces=q1,x2", 0, "", `"x2": want a lower-case kind`},
		{"pieces=q1,a2,a3", 0, "", "a listed twice"},
		{"pieces=q1,,a2", 0, "", "an empty item"},
		{"pieces=q1,a", 0, "", `pieces=q1,a: a: got "", want a count`},
		{"pieces=q1,a100", 0, "", "a: got \"100 is more than 99\", want a count"},
		{"pieces=", 0, "", "pieces=: want a comma-separated list"},
		{"pieces=q1,b7,a32", 13, "HAND q1 b7 s0 g0 a32 Q1 B7 S0 G0 A32", ""},
		{"pieces=q1,b7,a33", 0, "", "pieces=q1,b7,a33: 41 pieces a side, more than the 40 an input may hold"},
		{"pieces=q1,b8", 0, "", "pieces=q1,b8: b8: 16 beetles in all, more than the 15 an input may hold"},
	}
	for _, tt := range tests {
		t.Run(tt.setup, func(t *testing.T) {
			g, err := Game{}.Configure(tt.setup)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("Configure(%q) = %v, want an error containing %q", tt.setup, err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("Configure(%q) = %v", tt.setup, err)
			}
			lines := strings.Split(string(g.New(0).Input(gamefile.GameClock, "1")), "\n")
			if want := fmt.Sprintf("HIVE %d 0 0", tt.size); lines[3] != want || lines[4] != tt.hand {
				t.Errorf("Configure(%q): new game lines 4-5 = %q, %q; want %q, %q", tt.setup, lines[3], lines[4], want, tt.hand)
			}
		})
	}
}

func TestJudgeRender(t *testing.T) {
	m := loadJudge(t, line)
	got := m.Render()
	if len(got) != 14 {
		t.Fatalf("Render() has %d lines, want 13 rows and a legend:\n%s", len(got), strings.Join(got, "\n"))
	}
	// Row 5 starts at -2,5 and row 6 at -3,6, shifted half a cell (2 characters) to the
	// left, so that 3,5 sits above between 2,6 and 3,6, its neighbours.
	want := map[int]string{
		0:  "   0,0 .   .   .   .   .   .   .   .   .   .   .   .   .",
		1:  "   0,1   .   .   .   .   .   .   .   .   .   .   .   .   .",
		5:  "  -2,5   .   .   .   .   .   b2  .   .   .   .   .   .   .",
		6:  "  -3,6 .   .   .   .   .   q   a   Q   B2  .   .   .   .",
		12: " -6,12 .   .   .   .   .   .   .   .   .   .   .   .   .",
		13: "hand q0 b1 s2 g2 a0 Q0 B1 S2 G2 A2; moves LOWER 4, UPPER 4; points LOWER 1, UPPER 1; LOWER to move",
	}
	for i, w := range want {
		if got[i] != w {
			t.Errorf("Render() line %d = %q, want %q", i, got[i], w)
		}
	}
}

// TestJudgeLoadMalformed: HIVE alone on line 4 is Hive's input (gamefile.Recognize), and
// Load says what is wrong with it.
func TestJudgeLoadMalformed(t *testing.T) {
	if _, err := (Game{}).Load(gamefile.SplitLines("SINGLE\nLOWER\n1\nHIVE\n")); err == nil || !strings.HasPrefix(err.Error(), "input.txt:4: ") {
		t.Errorf("Load(HIVE alone) = %v, want an error at input.txt:4", err)
	}
}
