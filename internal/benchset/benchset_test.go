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
