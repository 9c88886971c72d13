package referee_test

// The Halma judge (halma.Game) as the referee and the validator use it. These tests live
// here because the referee owns the Game contract they check.

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"gameagents/internal/gamefile"
	"gameagents/internal/halma"
	"gameagents/internal/rules"
)

// position builds the lines of a GAME input.txt with side to move and pieces such as
// "B 7,7" or "W 8,8" on an otherwise empty board.
func position(side string, pieces ...string) []gamefile.Line {
	var rows [halma.Size][halma.Size]byte
	for y := range rows {
		for x := range rows[y] {
			rows[y][x] = '.'
		}
	}
	for _, p := range pieces {
		var c byte
		var x, y int
		if _, err := fmt.Sscanf(p, "%c %d,%d", &c, &x, &y); err != nil {
			panic(fmt.Sprintf("position: bad piece %q: %v", p, err))
		}
		rows[y][x] = c
	}
	text := []string{"GAME", side, "300"}
	for _, r := range rows {
		text = append(text, string(r[:]))
	}
	return gamefile.SplitLines(string(gamefile.JoinLines(text)))
}

// whiteCampBut lists White pieces on every square of White's camp except the given ones.
func whiteCampBut(except ...string) []string {
	width := []int{5, 5, 4, 3, 2}
	var pieces []string
	for y, w := range width {
		for x := 0; x < w; x++ {
			sq := fmt.Sprintf("%d,%d", 15-x, 15-y)
			skip := false
			for _, e := range except {
				skip = skip || e == sq
			}
			if !skip {
				pieces = append(pieces, "W "+sq)
			}
		}
	}
	return pieces
}

// Crafted positions, Black to move unless named otherwise.
var (
	// Black outside its camp on 7,7 next to White on 8,8, which has 9,10 two rows below
	// its landing square: J 7,7 9,9 then J 9,9 9,11 is a two-hop chain.
	open = position("BLACK", "B 7,7", "W 8,8", "W 9,10", "W 0,15")
	// Black pieces in the opposing camp (11,15) and just outside its own (5,0).
	camps = position("BLACK", "B 11,15", "B 5,0", "W 8,8")
	// Black at home on 0,0 and 4,0: 4,0 can step out of the camp, so a move must take a
	// piece out (addendum b, first case).
	mustLeave = position("BLACK", "B 0,0", "B 4,0", "B 7,7", "W 9,9")
	// Black at home only on 0,0, which cannot leave but can move further from its corner:
	// a move must do that (addendum b, second case).
	mustAdvance = position("BLACK", "B 0,0", "B 7,7", "W 9,9")
	// White's camp full but for 11,15, Black next to it on 10,15: E 10,15 11,15 wins.
	nearWin = position("BLACK", append(whiteCampBut("11,15"), "B 10,15", "B 7,7")...)
	// Black's only piece is boxed into its corner: no legal move.
	boxed = position("BLACK", "B 0,0", "W 1,0", "W 0,1", "W 1,1", "W 2,0", "W 0,2", "W 2,2")
)

func TestHalmaJudgePlay(t *testing.T) {
	tests := []struct {
		name     string
		input    []gamefile.Line // nil: the start position with BLACK to move
		output   string
		strict   bool
		move     string // the accepted move, or "" when it must be rejected
		warnings int
		err      string // a substring of the error
	}{
		{"step out of the camp", nil, "E 4,1 5,2\n", false, "E 4,1 5,2", 0, ""},
		{"jump out of the camp", nil, "J 2,2 2,4\n", false, "J 2,2 2,4", 0, ""},
		{"chain", open, "J 7,7 9,9\nJ 9,9 9,11\n", true, "J 7,7 9,9 ; J 9,9 9,11", 0, ""},
		{"broken chain", open, "J 7,7 9,9\nJ 8,8 10,10\n", false, "", 0, "illegal move: line 2: hop starts at 8,8, but the piece is on 9,9"},
		{"E after J", open, "J 7,7 9,9\nE 9,9 10,10\n", false, "", 0, "illegal move: line 2: a step (E) cannot follow a jump"},
		{"two steps", open, "E 7,7 6,6\nE 6,6 5,5\n", false, "", 0, "illegal move: line 2: a step (E) must be the only line"},
		{"jump over nothing", open, "J 7,7 7,9\n", false, "", 0, "jumps over the empty square 7,8"},
		{"step too far", open, "E 7,7 7,9\n", false, "", 0, "is not a step to a neighbouring square"},
		{"wrong piece", open, "E 8,8 8,7\n", false, "", 0, "illegal move: line 1: 8,8 does not hold a BLACK piece"},
		{"empty square", open, "E 6,6 5,5\n", false, "", 0, "6,6 does not hold a BLACK piece"},
		{"leave the opposing camp", camps, "E 11,15 10,15\n", false, "", 0, "a piece in the opposing camp may not leave it"},
		{"move within the opposing camp", camps, "E 11,15 12,15\n", false, "E 11,15 12,15", 0, ""},
		{"enter the own camp", camps, "E 5,0 4,0\n", false, "", 0, "may not move into it (addendum a)"},
		{"must leave the camp", mustLeave, "E 7,7 8,7\n", false, "", 0, "a move must take one out (addendum b)"},
		{"leaving the camp", mustLeave, "E 4,0 5,0\n", false, "E 4,0 5,0", 0, ""},
		{"must advance in the camp", mustAdvance, "E 7,7 8,7\n", false, "", 0, "further from the corner, so a move must (addendum b)"},
		{"advancing in the camp", mustAdvance, "E 0,0 1,1\n", false, "E 0,0 1,1", 0, ""},
		{"missing final LF", nil, "E 4,1 5,2", false, "E 4,1 5,2", 1, ""},
		{"missing final LF strict", nil, "E 4,1 5,2", true, "", 0, "malformed output.txt: line 1, the last, does not end with LF"},
		{"CRLF", open, "J 7,7 9,9\r\nJ 9,9 9,11\r\n", false, "J 7,7 9,9 ; J 9,9 9,11", 1, ""},
		{"CRLF strict", open, "J 7,7 9,9\r\nJ 9,9 9,11\r\n", true, "", 0, "malformed output.txt: line 1 ends with CRLF, want LF"},
		{"empty file", nil, "", false, "", 0, "malformed output.txt: the file is empty"},
		{"blank line", nil, "E 4,1 5,2\n\n", false, "", 0, "malformed output.txt: line 2: got \"\""},
		{"trailing space", nil, "E 4,1 5,2 \n", false, "", 0, "malformed output.txt: line 1:"},
		{"lowercase", nil, "e 4,1 5,2\n", false, "", 0, "malformed output.txt: line 1:"},
		{"off the board", nil, "E 4,1 16,2\n", false, "", 0, "malformed output.txt: line 1: square 16,2 is off the board"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := halmaMatch(t, tt.input)
			before := strings.Join(m.Render(), "\n")
			move, warnings, err := m.Play([]byte(tt.output), tt.strict)
			if tt.move == "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("Play(%q) = %q, %v; want an error containing %q", tt.output, move, err, tt.err)
				}
				if after := strings.Join(m.Render(), "\n"); after != before || m.ToMove() != 0 {
					t.Errorf("Play(%q) failed but changed the match:\n%s", tt.output, after)
				}
				return
			}
			if err != nil || move != tt.move || len(warnings) != tt.warnings {
				t.Fatalf("Play(%q) = %q, %q, %v; want %q, %d warnings, no error", tt.output, move, warnings, err, tt.move, tt.warnings)
			}
			if m.ToMove() != 1 {
				t.Errorf("after Play(%q) ToMove() = %d, want 1", tt.output, m.ToMove())
			}
		})
	}
}

// halmaMatch loads input, or starts a game with BLACK first when input is nil.
func halmaMatch(t *testing.T, input []gamefile.Line) rules.Match {
	t.Helper()
	if input == nil {
		return halma.Game{}.New(0)
	}
	m, err := halma.Game{}.Load(input)
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	return m
}

func TestHalmaJudgeWin(t *testing.T) {
	m := halmaMatch(t, nearWin)
	if over, _, _ := m.Over(); over {
		t.Fatalf("Over() before the winning move = true, want false")
	}
	if _, _, err := m.Play([]byte("E 10,15 11,15\n"), true); err != nil {
		t.Fatalf("Play(winning step) error = %v", err)
	}
	over, winner, reason := m.Over()
	if diff := cmp.Diff([]any{true, 0, "BLACK filled the opposing camp"}, []any{over, winner, reason}); diff != "" {
		t.Errorf("Over() after the winning move mismatch (-want +got):\n%s", diff)
	}
	if _, _, err := m.Play([]byte("E 7,7 7,8\n"), true); err == nil {
		t.Errorf("Play after the game ended = nil error, want one")
	}
}

func TestHalmaJudgeGame(t *testing.T) {
	j := halma.Game{}
	if j.Name() != "halma" {
		t.Errorf("Name() = %q, want halma", j.Name())
	}
	for first, want := range []string{"BLACK", "WHITE"} {
		m := j.New(first)
		if got := m.SideName(m.ToMove()); got != want {
			t.Errorf("New(%d) side to move = %s, want %s", first, got, want)
		}
		in := gamefile.SplitLines(string(m.Input(gamefile.Single, "0.5")))
		if name, err := gamefile.Recognize("input.txt", in); name != j.Name() {
			t.Errorf("Recognize(New(%d).Input) = %q, %v; want %q", first, name, err, j.Name())
		}
		back, err := j.Load(in)
		if err != nil || back.ToMove() != first || !back.HasMove() {
			t.Errorf("Load(New(%d).Input) = side %v, %v; want side %d with moves", first, back, err, first)
		}
		if got := string(m.Input(gamefile.GameClock, "299.3")); !strings.HasPrefix(got, "GAME\n"+want+"\n299.3\nBBBBB...........\n") {
			t.Errorf("New(%d).Input(GAME, 299.3) = %q, want the master's header and start position", first, got)
		}
	}
	if got := halmaMatch(t, boxed).HasMove(); got {
		t.Errorf("HasMove() of a boxed-in Black = true, want false")
	}
	bad := position("BLACK")
	bad[6].Text = bad[6].Text[:15]
	if _, err := j.Load(bad); err == nil || err.Error() != "input.txt:7: row has 15 cells, want 16" {
		t.Errorf("Load(short row 7) error = %v, want input.txt:7: row has 15 cells, want 16", err)
	}
}
