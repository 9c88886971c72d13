package homework

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gameagents/internal/games"
)

// hiveInput writes a 13×13 SINGLE Hive input.txt: mover, the mover's and the opponent's
// move counts, the HAND counts and "p q stack" cells.
func hiveInput(mover string, moves [2]int, hand string, cells ...string) string {
	return fmt.Sprintf("SINGLE\n%s\n1.0\nHIVE 13 %d %d\nHAND %s\nCELLS %d\n%s\n", mover, moves[0], moves[1], hand, len(cells), strings.Join(cells, "\n"))
}

// TestValidateHive: `homework validate` recognises Hive's input.txt and judges the move as
// the referee does.
func TestValidateHive(t *testing.T) {
	// Both queens side by side, LOWER's second move.
	twoQueens := hiveInput("LOWER", [2]int{1, 1}, "q0 b2 s2 g2 a2 Q0 B2 S2 G2 A2", "3 6 q", "4 6 Q")
	// MOVE q 5,0 6,0 slides along the board's edge with no occupied flank: loose-legal only.
	looseOnly := hiveInput("LOWER", [2]int{4, 4}, "q0 b1 s2 g2 a1 Q0 B2 S2 G2 A1", "5 0 q", "4 1 a", "4 2 Q", "5 2 A", "6 1 b")
	// MOVE b 2,8 2,7 fills the last free neighbour of UPPER's queen on 3,6.
	nearSurround := hiveInput("LOWER", [2]int{4, 4}, "q0 b1 s2 g2 a1 Q0 B2 S1 G1 A1",
		"3 6 Q", "4 6 A", "2 6 G", "3 7 a", "3 5 S", "4 5 q", "2 8 b")
	// The same after that move, UPPER to move: the game is over.
	surrounded := hiveInput("UPPER", [2]int{4, 5}, "q0 b1 s2 g2 a1 Q0 B2 S1 G1 A1",
		"3 6 Q", "4 6 A", "2 6 G", "3 7 a", "3 5 S", "4 5 q", "2 7 b")
	tests := []struct {
		name   string
		input  string
		output string
		args   []string
		code   int
		stdout string // the whole of stdout, or its start when it ends with "..."
		stderr string // DIR stands for the directory
	}{
		{"legal", twoQueens, "PLACE a 2,6\n", nil, 0, "legal: PLACE a 2,6\n", ""},
		{"illegal", twoQueens, "PLACE a 3,7\n", nil, 1,
			"not legal: illegal move: PLACE a 3,7: cell 3,7 touches UPPER's Q on 4,6: after the first move a placement touches only the mover's own pieces (legal, 12 in all: PLACE b 3,5; ...", ""},
		{"malformed", twoQueens, "PLACE a 2,6 \n", nil, 1,
			"not legal: malformed output.txt: got \"PLACE a 2,6 \": want single spaces between the words and none at either end\n", ""},
		{"loose-only legal, with a warning", looseOnly, "MOVE q 5,0 6,0\n", nil, 0,
			"warning: output.txt: not strict-legal (the loose contact reading only): MOVE q 5,0 6,0 slides through a step where no flank is occupied; accepted, as the course's checker may read the contact rule loosely\nlegal: MOVE q 5,0 6,0\n", ""},
		{"winning move", nearSurround, "MOVE b 2,8 2,7\n", nil, 0,
			"legal: MOVE b 2,8 2,7\nwins: UPPER's queen is surrounded: LOWER 15, UPPER 2 points\n", ""},
		{"missing final LF, strict", twoQueens, "PLACE a 2,6", []string{"-strict"}, 1,
			"not legal: malformed output.txt: line 1, the last, does not end with LF\n", ""},
		{"finished game, PASS", surrounded, "PASS\n", nil, 0,
			"legal: no move (the game is over (UPPER's queen is surrounded: LOWER 15, UPPER 2 points), and output.txt is PASS)\n", ""},
		{"finished game, empty output", surrounded, "", nil, 1,
			"not legal: the game is over (UPPER's queen is surrounded: LOWER 15, UPPER 2 points); want PASS\n", ""},
		{"malformed input.txt", strings.Replace(twoQueens, "HAND q0", "HAND q1", 1), "PLACE a 2,6\n", nil, 2,
			"", "validate: DIR/input.txt:5: LOWER has 2 queens in hand and on the board, want exactly 1\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, text := range map[string]string{"input.txt": tt.input, "output.txt": tt.output} {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			var stdout, stderr bytes.Buffer
			args := append(append([]string{"validate"}, tt.args...), dir)
			code := Main(games.Agents, games.Judges, args, &stdout, &stderr)
			got := stdout.String()
			if prefix, ok := strings.CutSuffix(tt.stdout, "..."); ok && strings.HasPrefix(got, prefix) {
				got = tt.stdout
			}
			wantStderr := strings.ReplaceAll(tt.stderr, "DIR", dir)
			if code != tt.code || got != tt.stdout || stderr.String() != wantStderr {
				t.Errorf("Main(%q) = %d, stdout %q, stderr %q; want %d, %q, %q",
					args[:len(args)-1], code, stdout.String(), stderr.String(), tt.code, tt.stdout, wantStderr)
			}
		})
	}
}
