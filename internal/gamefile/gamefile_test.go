package gamefile

import (
	"os"
	"path/filepath"
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
