package referee

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"gameagents/internal/gamefile"
)

// FuzzReadOpenings: whatever an openings file holds (within ReadLines' bound, which
// TestReadOpeningsErrors checks), the reader either fails naming the file, or returns openings that each have moves, each move a non-empty single line with no
// semicolon and no surrounding space; and those openings, written back one per line as the
// records show them (openingText), read back equal.
func FuzzReadOpenings(f *testing.F) {
	for _, p := range []string{"reversi/openings.txt", "hive/openings.txt", "quoridor/openings.txt", "quoridor/openings-11x11-initial10.txt"} {
		data, err := os.ReadFile(filepath.Join("..", "..", "results", p))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	for _, s := range []string{
		"", "# only a comment\n", "d3 c5\r\nf5\n", "PLACE a 3,6;  PLACE B  3,5 ;\n", ";\n", ";#a\n",
		"a;;b\n", "  #x y\n", "x\x00y z\n", "é\u00a0f\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		const path = "dir/openings.txt"
		ops, err := parseOpenings(path, gamefile.SplitLines(string(data)))
		if err != nil {
			if !strings.HasPrefix(err.Error(), path+":") {
				t.Fatalf("parseOpenings(%q) error %q, want it to name %s", gamefile.Clip(string(data)), err, path)
			}
			return
		}
		var text strings.Builder
		for _, op := range ops {
			if len(op) == 0 {
				t.Fatalf("parseOpenings(%q) = %q: an opening without moves", gamefile.Clip(string(data)), ops)
			}
			for _, mv := range op {
				if mv == "" || strings.ContainsAny(mv, ";\n") || strings.TrimSpace(mv) != mv {
					t.Fatalf("parseOpenings(%q): move %q", gamefile.Clip(string(data)), mv)
				}
			}
			text.WriteString(openingText(op) + "\n")
		}
		back, err := parseOpenings(path, gamefile.SplitLines(text.String()))
		if diff := cmp.Diff(ops, back); err != nil || diff != "" {
			t.Fatalf("parseOpenings(%q) = %q; written back as %q it reads %v (-first +again):\n%s", gamefile.Clip(string(data)), ops, text.String(), err, diff)
		}
	})
}
