package gamefile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParseSeconds(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want float64
		ok   bool
	}{
		{"300", 300, true}, {"100.0", 100, true}, {"6.6", 6.6, true},
		{"99.6900000000001", 99.6900000000001, true}, {"0.01", 0.01, true}, {"1e-05", 1e-5, true},
		{"1e10", 1e10, true}, {"1e300", 1e300, true}, // planned as a long time: agent.PlanMove
		{"0", 0, false}, {"-5", 0, false}, {"nan", 0, false}, {"inf", 0, false}, {"1e999", 0, false},
		{"", 0, false}, {"0x10", 0, false}, {"3 s", 0, false}, {"1e-400", 0, false},
	} {
		got, err := ParseSeconds(tc.in)
		if (err == nil) != tc.ok || (tc.ok && got != tc.want) {
			t.Errorf("ParseSeconds(%q) = %v, %v; want %v, ok %v", tc.in, got, err, tc.want, tc.ok)
		}
	}
}

func TestSplitLinesTolerance(t *testing.T) {
	got := SplitLines("GAME\r\nWHITE  \n300\t\n\n\n")
	want := []Line{{1, "GAME"}, {2, "WHITE"}, {3, "300"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("SplitLines mismatch (-want +got):\n%s", diff)
	}
}

func TestParseHeaderErrors(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"", "input.txt:1: missing line: want SINGLE or GAME, the side to move, and the time on lines 1-3"},
		{"single\nWHITE\n1\n", `input.txt:1: got "single", want SINGLE or GAME`},
		{"GAME\nWHITE\n-1\n", `input.txt:3: time "-1" must be a positive, finite number of seconds`},
		{"GAME\nWHITE\n", "input.txt:3: missing line: want SINGLE or GAME, the side to move, and the time on lines 1-3"},
	} {
		_, _, err := ParseHeader("input.txt", SplitLines(tc.text))
		if err == nil || err.Error() != tc.want {
			t.Errorf("ParseHeader(%q) error = %v, want %q", tc.text, err, tc.want)
		}
	}
}

// TestWriteAtomicAndStaleTemps: WriteAtomic replaces the file whole and leaves nothing
// else; RemoveStaleTemps clears what a killed writer left.
func TestWriteAtomicAndStaleTemps(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "output.txt")
	for _, content := range []string{"E 1,1 2,2\n", "J 3,3 5,5\nJ 5,5 7,7\n"} {
		if err := WriteAtomic(path, []byte(content)); err != nil {
			t.Fatal(err)
		}
		if got, _ := os.ReadFile(path); string(got) != content {
			t.Errorf("after WriteAtomic, file = %q, want %q", got, content)
		}
	}
	os.WriteFile(filepath.Join(dir, ".output.txt.tmp123"), []byte("E 1"), 0o644)
	os.WriteFile(filepath.Join(dir, "keep.txt"), nil, 0o644)
	RemoveStaleTemps(dir, "output.txt", "playdata.txt")
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if diff := cmp.Diff([]string{"keep.txt", "output.txt"}, names); diff != "" {
		t.Errorf("files after RemoveStaleTemps (-want +got):\n%s", diff)
	}
}

func TestSideIndexAndBodyReader(t *testing.T) {
	lines := SplitLines("SINGLE\nSECOND\n1\nA\nB\n")
	h, body, err := ParseHeader("input.txt", lines)
	if err != nil {
		t.Fatal(err)
	}
	if i, err := h.SideIndex("input.txt", [2]string{"FIRST", "SECOND"}); i != 1 || err != nil {
		t.Errorf("SideIndex = %d, %v; want 1", i, err)
	}
	if _, err := h.SideIndex("input.txt", [2]string{"LOWER", "UPPER"}); err == nil || err.Error() != `input.txt:2: got "SECOND", want LOWER or UPPER` {
		t.Errorf("SideIndex of a wrong token: %v", err)
	}
	r := NewBodyReader("input.txt", lines, body)
	if l, err := r.Next("A"); l.Text != "A" || l.Num != 4 || err != nil {
		t.Errorf("Next = %+v, %v; want line 4 A", l, err)
	}
	if err := r.End("A"); err == nil || err.Error() != "input.txt:5: unexpected line after A" {
		t.Errorf("End with a line left = %v", err)
	}
	r.Next("B")
	if _, err := r.Next("C"); err == nil || err.Error() != "input.txt:6: missing line: want C" {
		t.Errorf("Next past the end = %v", err)
	}
	if err := r.End("B"); err != nil {
		t.Errorf("End = %v, want nil", err)
	}
}

// TestCheckWritable: a writable directory passes and is left empty; a missing one gets the
// reason alone, without the temporary file's name.
func TestCheckWritable(t *testing.T) {
	dir := t.TempDir()
	if err := CheckWritable(dir); err != nil {
		t.Errorf("CheckWritable(%s) = %v, want nil", dir, err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) > 0 {
		t.Errorf("CheckWritable left %v", entries)
	}
	missing := filepath.Join(dir, "missing")
	if err := CheckWritable(missing); err == nil || err.Error() != "no such file or directory" {
		t.Errorf("CheckWritable(%s) = %v, want no such file or directory", missing, err)
	}
}

func TestRecognize(t *testing.T) {
	halmaRow := "BBBBB..........."
	halma := "SINGLE\nWHITE\n1\n" + strings.Repeat(halmaRow+"\n", 16)
	reversi := "SINGLE\nBLACK\n1\n" + strings.Repeat("........\n", 8)
	tests := []struct {
		name, text string
		want       string // the game, or the start of the error ("file:line: ...")
	}{
		{"halma", halma, "halma"},
		{"halma, a short first row", "SINGLE\nWHITE\n1\nBBBB\n" + strings.Repeat(halmaRow+"\n", 15), "halma"},
		{"halma, 15 rows", "SINGLE\nWHITE\n1\n" + strings.Repeat(halmaRow+"\n", 15), "halma"},
		{"reversi", reversi, "reversi"},
		{"reversi, 7 rows", "SINGLE\nBLACK\n1\n" + strings.Repeat("........\n", 7), "reversi"},
		{"hive", "SINGLE\nLOWER\n1\nHIVE 13 4 5\n", "hive"},
		{"hive alone", "SINGLE\nLOWER\n1\nHIVE\n", "hive"},
		{"hive, tabs", "SINGLE\nLOWER\n1\nHIVE\t13  4\t5\n", "hive"},
		{"hive, lower case", "SINGLE\nLOWER\n1\nhive 13 0 0\n", "hive"},
		{"quoridor", "SINGLE\nFIRST\n1\nQUORIDOR 9 9\n", "quoridor"},
		{"streky, mixed case", "SINGLE\nFIRST\n1\nStreky 10 20\n", "streky"},
		{"a word that only starts like a game", "SINGLE\nLOWER\n1\nHIVEX 13\n",
			`input.txt:4: got "HIVEX 13": want a board row of B, W and . (Halma, Reversi) or a line starting with HIVE, QUORIDOR or STREKY`},
		{"a short row, few lines", "SINGLE\nBLACK\n1\nBBB\n", `input.txt:4: got "BBB": want a board row`},
		{"a row of other letters", "SINGLE\nLOWER\n1\nLOWER\n" + strings.Repeat(halmaRow+"\n", 15), `input.txt:4: got "LOWER": want a board row`},
		{"no body", "SINGLE\nBLACK\n1\n", "input.txt:4: missing line: want a board row"},
		{"the header's fault first", "SINGLE\nBLACK\n0\nCHESS\n", `input.txt:3: time "0" must be`},
		{"the game's parser checks the header", "SINGLE\nBLACK\n0\n........\n", "reversi"},
		{"empty", "", "input.txt:1: missing line"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Recognize("input.txt", SplitLines(tt.text))
			if err != nil {
				got = err.Error()
			}
			wantErr := strings.Contains(tt.want, ":")
			if !strings.HasPrefix(got, tt.want) || (err != nil) != wantErr {
				t.Errorf("Recognize(%q) = %q, want %q", tt.text, got, tt.want)
			}
		})
	}
}

// named is a game known by its name, as agent.Game and rules.Game are.
type named string

func (n named) Name() string { return string(n) }

func TestPick(t *testing.T) {
	games := []named{"halma", "hive"}
	tests := []struct {
		name, text string
		games      []named
		want       string // the game, or the error
	}{
		{"one of them", "SINGLE\nLOWER\n1\nHIVE 13 0 0\n", games, "hive"},
		{"another game", "SINGLE\nFIRST\n1\nQUORIDOR 9 9\n", games, "input.txt:4: an input of quoridor, not of halma or hive"},
		{"the header first", "SINGLE\nFIRST\nx\nQUORIDOR 9 9\n", games, `input.txt:3: time "x" is not a decimal number`},
		{"no game", "SINGLE\nFIRST\n1\nCHESS\n", games, `input.txt:4: got "CHESS": want a board row`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := Pick("input.txt", tt.games, SplitLines(tt.text))
			got := string(g)
			if err != nil {
				got = err.Error()
			}
			if !strings.HasPrefix(got, tt.want) {
				t.Errorf("Pick(%q) = %q, want %q", tt.text, got, tt.want)
			}
		})
	}
}

func TestNamed(t *testing.T) {
	games := []named{"halma", "hive"}
	for _, tt := range []struct {
		name   string
		wantOK bool
	}{{"hive", true}, {"halma", true}, {"quoridor", false}, {"", false}} {
		g, ok := Named(games, tt.name)
		if ok != tt.wantOK || (ok && string(g) != tt.name) {
			t.Errorf("Named(%q) = %q, %v; want ok %v", tt.name, g, ok, tt.wantOK)
		}
	}
}

func TestCheckText(t *testing.T) {
	for _, tc := range []struct {
		text string
		most int
		want string // "" for accepted
	}{
		{"size=8x8 walls=10", 100, ""},
		{"žluťoučký kůň", 100, ""},
		{"rules=base\nentry x /bin/sh", 100, "a control character (U+000A) at byte 10"},
		{"a\tb", 100, "a control character (U+0009) at byte 1"},
		{"red\x1b[31m", 100, "a control character (U+001B) at byte 3"},
		{"\x7f", 100, "a control character (U+007F) at byte 0"},
		{"abcdef", 5, "6 bytes long, want at most 5"},
		{"abcde", 5, ""},
	} {
		err := CheckText(tc.text, tc.most)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%q: %v, want it accepted", tc.text, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%q: error %v, want %q", tc.text, err, tc.want)
		}
	}
}
