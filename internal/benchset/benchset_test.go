package benchset

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// TestWriteSpreadsEvenly: 400 inputs give every other one, old files are replaced, and too
// few inputs write nothing.
func TestWriteSpreadsEvenly(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "999.txt"), []byte("stale"), 0o644); err != nil {
		t.Fatal(err)
	}
	var inputs [][]byte
	for i := range 2 * Size {
		inputs = append(inputs, []byte(fmt.Sprintf("input %d\n", i)))
	}
	if err := Write(dir, inputs); err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
	if len(files) != Size {
		t.Fatalf("%d files, want %d", len(files), Size)
	}
	for _, i := range []int{1, 2, Size} {
		got, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("%03d.txt", i)))
		if want := fmt.Sprintf("input %d\n", 2*(i-1)); err != nil || string(got) != want {
			t.Errorf("file %03d.txt: %q, %v; want %q", i, got, err, want)
		}
	}
	if err := Write(t.TempDir(), inputs[:Size-1]); err == nil {
		t.Errorf("Write with %d inputs succeeded, want an error", Size-1)
	}
}

// TestRead: a written set reads back, file by file, and a missing one is an error.
func TestRead(t *testing.T) {
	dir := t.TempDir()
	var inputs [][]byte
	for i := range Size {
		inputs = append(inputs, []byte(fmt.Sprintf("SINGLE\nBLACK\n%d\n", i)))
	}
	if err := Write(dir, inputs); err != nil {
		t.Fatal(err)
	}
	paths, lines, err := Read(dir)
	if err != nil || len(paths) != Size || len(lines) != Size {
		t.Fatalf("Read = %d paths, %d inputs, %v; want %d", len(paths), len(lines), err, Size)
	}
	if got := lines[7][2].Text; got != "7" {
		t.Errorf("the 8th input's line 3 = %q, want 7", got)
	}
	if _, _, err := Read(filepath.Join(dir, "none")); err == nil {
		t.Error("Read of a missing set succeeded")
	}
}
