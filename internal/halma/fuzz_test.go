package halma

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gameagents/internal/gamefile"
)

func addCaseSeeds(f *testing.F, suffix string) {
	f.Helper()
	files, _ := filepath.Glob(filepath.Join("testdata", "cases", "*-"+suffix+".txt"))
	for _, name := range files {
		if data, err := os.ReadFile(name); err == nil {
			f.Add(data)
		}
	}
}

// FuzzParseInput: any bytes either parse or fail with "input.txt:LINE: problem"; nothing
// panics. `go test -fuzz FuzzParseInput ./internal/halma` explores further.
func FuzzParseInput(f *testing.F) {
	addCaseSeeds(f, "input")
	f.Add([]byte("GAME\nWHITE\n1e-05\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		in, err := ParseInput("input.txt", gamefile.SplitLines(string(data)))
		if err != nil {
			if !strings.HasPrefix(err.Error(), "input.txt:") {
				t.Errorf("ParseInput error %q, want it to start with input.txt:", err)
			}
			return
		}
		if in.Header.Seconds <= 0 {
			t.Errorf("ParseInput accepted time %v", in.Header.Seconds)
		}
	})
}

// FuzzParseMove: the judge of output.txt never panics and accepts only generated moves.
func FuzzParseMove(f *testing.F) {
	addCaseSeeds(f, "output")
	f.Add([]byte("J 0,0 2,2\nJ 2,2 0,0\n"))
	f.Add([]byte("E 15,15 16,16\n"))
	lines, err := gamefile.ReadLines(filepath.Join("testdata", "cases", "010-input.txt"))
	if err != nil {
		f.Fatal(err)
	}
	in, err := ParseInput("input.txt", lines)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var g Generator
		b := *in.Board
		var out []string
		for _, l := range gamefile.SplitLines(string(data)) {
			out = append(out, l.Text)
		}
		m, err := ParseMove(&b, in.ToMove, out, &g)
		if err == nil && m.From != m.To && !g.IsLegal(&b, in.ToMove, m) {
			t.Errorf("ParseMove(%q) accepted %v, not a legal move", out, m)
		}
		if b != *in.Board {
			t.Errorf("ParseMove(%q) changed the board", out)
		}
	})
}
