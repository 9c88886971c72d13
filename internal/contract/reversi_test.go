package contract

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// ctuDir holds the 59 positions of the CTU course's move-validity test set
// (shared/data/reversi/ctu-dataset), kept once in the repository by the rules package.
var ctuDir = filepath.Join("..", "reversi", "testdata", "ctu-dataset")

// ctuInput turns a dataset file (8 rows of -1/0/1, then the colour to move) into a SINGLE
// input.txt with the given time: the mover's discs are B and BLACK moves (the colours'
// names do not matter to the rules, only whose discs are whose).
func ctuInput(t *testing.T, name, seconds string) []byte {
	t.Helper()
	lines := strings.Split(strings.TrimSpace(string(readFile(t, name))), "\n")
	color := strings.TrimSpace(lines[9])
	out := []string{"SINGLE", "BLACK", seconds}
	for _, l := range lines[:8] {
		var row strings.Builder
		for _, v := range strings.Fields(l) {
			switch {
			case v == "-1":
				row.WriteByte('.')
			case v == color:
				row.WriteByte('B')
			default:
				row.WriteByte('W')
			}
		}
		out = append(out, row.String())
	}
	return []byte(strings.Join(out, "\n") + "\n")
}

// TestReversiAgentMovesAreLegal runs the reversi binary on every CTU dataset position, at
// a short and at the tournament's time, and judges each output.txt as the referee does.
func TestReversiAgentMovesAreLegal(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(ctuDir, "*.txt"))
	if len(files) != 59 {
		t.Fatalf("found %d dataset files, want 59", len(files))
	}
	seconds := []string{"0.05"}
	if !testing.Short() {
		seconds = append(seconds, "1.0")
	}
	for _, s := range seconds {
		for i, name := range files {
			if s == "1.0" && i%12 != 0 {
				continue // every twelfth position at the full second keeps the test short
			}
			dir := t.TempDir()
			input := ctuInput(t, name, s)
			writeFile(t, filepath.Join(dir, "input.txt"), input)
			writeFile(t, filepath.Join(dir, "calibration.txt"), []byte(calibration))
			r := runIn(t, "reversi", dir)
			if r.exit != 0 {
				t.Fatalf("%s at %s s: exit %d, stderr:\n%s", filepath.Base(name), s, r.exit, r.stderr)
			}
			output, err := os.ReadFile(filepath.Join(dir, "output.txt"))
			if err != nil {
				t.Fatal(err)
			}
			if err := judgeOutput("reversi", input, output); err != nil {
				t.Errorf("%s at %s s: output %q: %v", filepath.Base(name), s, output, err)
			}
		}
	}
}
