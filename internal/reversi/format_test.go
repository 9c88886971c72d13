package reversi

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gameagents/internal/gamefile"
)

func TestParseInput(t *testing.T) {
	good := "SINGLE\nBLACK\n1.0\n........\n........\n........\n...WB...\n...BW...\n........\n........\n........\n"
	in, err := ParseInput("input.txt", gamefile.SplitLines(good))
	if err != nil {
		t.Fatalf("ParseInput(start) error %v", err)
	}
	if in.Board != Start() || in.ToMove != Black {
		t.Errorf("ParseInput(start) = %+v, want the start position with Black to move", in.Position)
	}
	if got := strings.Join(in.Rows(), "\n") + "\n"; got != strings.Join(strings.Split(good, "\n")[3:], "\n") {
		t.Errorf("Rows() = %q, want the input's rows", got)
	}
	for _, tc := range []struct{ text, want string }{
		{strings.Replace(good, "BLACK", "RED", 1), `input.txt:2: got "RED", want BLACK or WHITE`},
		{strings.Replace(good, "...WB...", "...WB..", 1), "input.txt:7: row has 7 cells, want 8"},
		{strings.Replace(good, "...WB...", "...WX...", 1), `input.txt:7: column 5: got "X", want B, W or .`},
		{good + "........\n", "input.txt:12: unexpected line after the 8 board rows"},
		{"SINGLE\nBLACK\n1.0\n........\n", "input.txt:5: missing board row: got 1 rows, want 8"},
	} {
		if _, err := ParseInput("input.txt", gamefile.SplitLines(tc.text)); err == nil || err.Error() != tc.want {
			t.Errorf("ParseInput error = %v, want %q", err, tc.want)
		}
	}
}

func TestSquareNames(t *testing.T) {
	for sq := 0; sq < 64; sq++ {
		got, err := ParseSquare(SquareName(sq))
		if err != nil || got != sq {
			t.Errorf("ParseSquare(SquareName(%d) = %q) = %d, %v", sq, SquareName(sq), got, err)
		}
	}
	if SquareName(0) != "a1" || SquareName(63) != "h8" || SquareName(19) != "d3" {
		t.Errorf("SquareName(0, 63, 19) = %s %s %s, want a1 h8 d3", SquareName(0), SquareName(63), SquareName(19))
	}
	for _, bad := range []string{"", "i1", "a9", "a0", "d33", "PASS"} {
		if _, err := ParseSquare(bad); err == nil {
			t.Errorf("ParseSquare(%q) accepted", bad)
		}
	}
}

// TestFFOBestMovesAreLegal: every FFO position parses and its listed best moves are legal
// there: a check of OBF reading and of move generation on 79 endgames.
func TestFFOBestMovesAreLegal(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "ffo", "*.obf"))
	n := 0
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		for line := 1; sc.Scan(); line++ {
			text := strings.TrimSpace(sc.Text())
			if text == "" || strings.HasPrefix(text, "%") {
				continue
			}
			p, err := ParseOBF(text)
			if err != nil {
				t.Errorf("%s:%d: %v", filepath.Base(name), line, err)
				continue
			}
			n++
			_, moves, _ := strings.Cut(text, ";")
			for _, item := range strings.Split(moves, ";") {
				sqName, _, ok := strings.Cut(strings.TrimSpace(item), ":")
				if !ok {
					continue
				}
				sq, err := ParseSquare(sqName)
				if err != nil {
					t.Errorf("%s:%d: %v", filepath.Base(name), line, err)
					continue
				}
				if p.Board.Moves()&(1<<sq) == 0 {
					t.Errorf("%s:%d: best move %s is not among our legal moves", filepath.Base(name), line, sqName)
				}
			}
		}
		f.Close()
	}
	if n != 79 {
		t.Errorf("read %d FFO positions, want 79", n)
	}
}
