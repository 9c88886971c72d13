package reversi

import (
	"fmt"
	"math/bits"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// perftTable reads the published perft counts (testdata/perft.md).
func perftTable(t *testing.T) map[int]int64 {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "perft.md"))
	if err != nil {
		t.Fatal(err)
	}
	table := map[int]int64{}
	for _, m := range regexp.MustCompile(`(?m)^\| (\d+) \| (\d+) \|$`).FindAllStringSubmatch(string(data), -1) {
		d, _ := strconv.Atoi(m[1])
		n, _ := strconv.ParseInt(m[2], 10, 64)
		table[d] = n
	}
	return table
}

// TestPerft: leaf counts from the start position equal the published table to depth 9
// (depth 11 is a benchmark).
func TestPerft(t *testing.T) {
	table := perftTable(t)
	maxDepth := 9
	if testing.Short() {
		maxDepth = 7
	}
	for d := 1; d <= maxDepth; d++ {
		want, ok := table[d]
		if !ok {
			t.Fatalf("perft.md has no depth %d", d)
		}
		if got := Perft(Start(), d); got != want {
			t.Errorf("Perft(start, %d) = %d, want %d", d, got, want)
		}
	}
}

// TestCTUDataset: our legal moves equal the course dataset's for all 59 positions.
func TestCTUDataset(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "ctu-dataset", "*.txt"))
	if len(files) != 59 {
		t.Fatalf("found %d dataset files, want 59", len(files))
	}
	for _, name := range files {
		b, want := readCTUPosition(t, name)
		var got []string
		for m := b.Moves(); m != 0; m &= m - 1 {
			sq := bits.TrailingZeros64(m)
			got = append(got, fmt.Sprintf("%d %d", sq/8, sq%8))
		}
		sort.Strings(got)
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s: Moves mismatch (-want +got):\n%s", filepath.Base(name), diff)
		}
	}
}

// readCTUPosition reads a dataset file: 8 rows of -1/0/1 (board[row][col], bit row*8+col),
// the colour to move, and its legal moves as "row col", sorted.
func readCTUPosition(t *testing.T, name string) (Board, []string) {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) < 10 {
		t.Fatalf("%s: %d lines, want at least 10", name, len(lines))
	}
	color := strings.TrimSpace(lines[9])
	var b Board
	for r := 0; r < 8; r++ {
		cells := strings.Fields(lines[r])
		if len(cells) != 8 {
			t.Fatalf("%s:%d: %d cells, want 8", name, r+1, len(cells))
		}
		for c, v := range cells {
			bit := uint64(1) << (r*8 + c)
			switch {
			case v == color:
				b.Own |= bit
			case v != "-1":
				b.Opp |= bit
			}
		}
	}
	var moves []string
	for _, l := range lines[10:] {
		if l = strings.TrimSpace(l); l != "" {
			moves = append(moves, l)
		}
	}
	sort.Strings(moves)
	return b, moves
}

// TestPlayFlipsExactly: a move flips the lines it closes and nothing else, compared with a
// square-by-square walk.
func TestPlayFlipsExactly(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "ctu-dataset", "*.txt"))
	for _, name := range files {
		b, _ := readCTUPosition(t, name)
		for m := b.Moves(); m != 0; m &= m - 1 {
			sq := bits.TrailingZeros64(m)
			if got, want := b.Flips(sq), slowFlips(b, sq); got != want {
				t.Errorf("%s: Flips(%d) = %x, want %x", filepath.Base(name), sq, got, want)
			}
		}
	}
}

func slowFlips(b Board, sq int) uint64 {
	var flips uint64
	r0, c0 := sq/8, sq%8
	for _, d := range [][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
		var line uint64
		r, c := r0+d[0], c0+d[1]
		for r >= 0 && r < 8 && c >= 0 && c < 8 && b.Opp&(1<<(r*8+c)) != 0 {
			line |= 1 << (r*8 + c)
			r, c = r+d[0], c+d[1]
		}
		if r >= 0 && r < 8 && c >= 0 && c < 8 && b.Own&(1<<(r*8+c)) != 0 {
			flips |= line
		}
	}
	return flips
}

// BenchmarkPerft11 counts depth 11 (212,258,800 leaves) and reports leaves per second.
func BenchmarkPerft11(b *testing.B) {
	want := int64(212258800)
	var n int64
	for b.Loop() {
		n = Perft(Start(), 11)
	}
	if n != want {
		b.Fatalf("Perft(start, 11) = %d, want %d", n, want)
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "leaves/s")
}
