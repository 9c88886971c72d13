package referee_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"gameagents/internal/command/homework"
	"gameagents/internal/gamefile"
	"gameagents/internal/halma"
	"gameagents/internal/hive"
	"gameagents/internal/rules"
)

// inputText renders position lines back into the text of an input.txt.
func inputText(lines []gamefile.Line) string {
	var text []string
	for _, l := range lines {
		text = append(text, l.Text)
	}
	return string(gamefile.JoinLines(text))
}

func TestValidateMain(t *testing.T) {
	start := inputText(position("BLACK", append(whiteCampBut(), "B 0,0", "B 4,0")...))
	noOutput := "\x00none" // a marker: write no output.txt
	// Markers: output.txt is a link to a file holding a legal move, or a named pipe (an
	// agent's traps for the referee: one must not be followed, the other must not block).
	link, fifo := "\x00link", "\x00fifo"
	tests := []struct {
		name   string
		input  string
		output string
		args   []string
		code   int
		stdout string // exact stdout
		stderr string // exact stderr, DIR standing for the directory
	}{
		{"legal step", start, "E 4,0 5,0\n", nil, 0, "legal: E 4,0 5,0\n", ""},
		{"win", inputText(nearWin), "E 10,15 11,15\n", nil, 0, "legal: E 10,15 11,15\nwins: BLACK filled the opposing camp\n", ""},
		{"missing final LF", start, "E 4,0 5,0", nil, 0,
			"warning: output.txt: line 1, the last, does not end with LF (accepted; strict judging rejects it)\nlegal: E 4,0 5,0\n", ""},
		{"missing final LF strict", start, "E 4,0 5,0", []string{"-strict"}, 1,
			"not legal: malformed output.txt: line 1, the last, does not end with LF\n", ""},
		{"illegal", start, "E 0,0 1,1\n", nil, 1,
			"not legal: illegal move: 0,0 to 1,1 breaks a camp rule: a piece in its own camp can leave it, so a move must take one out (addendum b)\n", ""},
		{"broken chain", inputText(open), "J 7,7 9,9\nJ 9,10 9,12\n", nil, 1,
			"not legal: illegal move: line 2: hop starts at 9,10, but the piece is on 9,9\n", ""},
		{"no output.txt", start, noOutput, nil, 1, "not legal: no output.txt\n", ""},
		{"output.txt a link", start, link, nil, 1, "not legal: output.txt is a symbolic link, want a file\n", ""},
		{"output.txt a named pipe", start, fifo, nil, 1, "not legal: output.txt is not a regular file\n", ""},
		{"no legal move, empty output", inputText(boxed), "", nil, 0,
			"legal: no move (BLACK has no legal move, and output.txt is empty)\n", ""},
		{"no legal move, a move", inputText(boxed), "E 0,0 1,1\n", nil, 1,
			"not legal: BLACK has no legal move; want an empty output.txt\n", ""},
		{"malformed input", strings.Replace(start, "BLACK", "BLUE", 1), "E 4,0 5,0\n", nil, 2,
			"", "validate: DIR/input.txt:2: got \"BLUE\", want BLACK or WHITE\n"},
		{"short row", strings.Replace(start, "B...B...........\n", "B...B..........\n", 1), "E 4,0 5,0\n", nil, 2,
			"", "validate: DIR/input.txt:4: row has 15 cells, want 16\n"},
		{"no input.txt", "", "E 4,0 5,0\n", nil, 2, "", "validate: DIR/input.txt: no such file or directory\n"},
		{"unknown game", "GAME\nBLACK\n300\n........\n", "E 4,0 5,0\n", []string{"-game", "chess"}, 2,
			"", "validate: unknown game \"chess\": want one of halma\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			if tt.input != "" {
				writeFile(t, filepath.Join(dir, "input.txt"), tt.input)
			}
			output := filepath.Join(dir, "output.txt")
			switch tt.output {
			case noOutput:
			case link:
				writeFile(t, filepath.Join(dir, "move.txt"), "E 4,0 5,0\n")
				if err := os.Symlink("move.txt", output); err != nil {
					t.Fatal(err)
				}
			case fifo:
				if err := syscall.Mkfifo(output, 0o644); err != nil {
					t.Fatal(err)
				}
			default:
				writeFile(t, output, tt.output)
			}
			var stdout, stderr bytes.Buffer
			args := append(append([]string{}, tt.args...), dir)
			code := homework.ValidateMain(halmaOnly, args, &stdout, &stderr)
			wantStderr := strings.ReplaceAll(tt.stderr, "DIR", dir)
			if code != tt.code || stdout.String() != tt.stdout || stderr.String() != wantStderr {
				t.Errorf("ValidateMain(%q) = %d, stdout %q, stderr %q; want %d, %q, %q",
					tt.args, code, stdout.String(), stderr.String(), tt.code, tt.stdout, wantStderr)
			}
		})
	}
}

// TestValidateRecognizes picks the game from input.txt among several, as the agents do
// (gamefile.Pick), and names the directory in the errors.
func TestValidateRecognizes(t *testing.T) {
	games := []rules.Game{halma.Game{}, hive.Game{}}
	hiveStart := "SINGLE\nLOWER\n1\nHIVE 13 0 0\nHAND q1 b2 s2 g2 a2 Q1 B2 S2 G2 A2\nCELLS 0\n"
	tests := []struct {
		name, input string
		code        int
		stdout      string
		stderr      string // DIR stands for the directory
	}{
		{"hive", hiveStart, 0, "legal: PLACE a 3,6\n", ""},
		{"hive, tabs", strings.ReplaceAll(hiveStart, " ", "\t"), 0, "legal: PLACE a 3,6\n", ""},
		{"hive, lower case", strings.Replace(hiveStart, "HIVE", "hive", 1), 2, "",
			"validate: DIR/input.txt:4: got \"hive 13 0 0\", want HIVE, the board size and both move counts\n"},
		{"a game not judged", "SINGLE\nFIRST\n1\nQUORIDOR 9 9\n", 2, "",
			"validate: DIR/input.txt:4: an input of quoridor, not of halma or hive\n"},
		{"no game", "SINGLE\nONE\n1\nREVERSI\n", 2, "",
			"validate: DIR/input.txt:4: got \"REVERSI\": want a board row of B, W and . (Halma, Reversi) or a line starting with HIVE, QUORIDOR or STREKY\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFile(t, filepath.Join(dir, "input.txt"), tt.input)
			writeFile(t, filepath.Join(dir, "output.txt"), "PLACE a 3,6\n")
			var stdout, stderr bytes.Buffer
			code := homework.ValidateMain(games, []string{dir}, &stdout, &stderr)
			wantStderr := strings.ReplaceAll(tt.stderr, "DIR", dir)
			if code != tt.code || stdout.String() != tt.stdout || stderr.String() != wantStderr {
				t.Errorf("ValidateMain(%q) = %d, %q, %q; want %d, %q, %q", tt.input, code, stdout.String(), stderr.String(), tt.code, tt.stdout, wantStderr)
			}
		})
	}
}

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}
