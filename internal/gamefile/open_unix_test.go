//go:build unix

package gamefile

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestReadLinesOnlyRegularFiles: a named pipe with no writer, a directory and a device are
// errors naming what they are, at once; a regular file is read.
func TestReadLinesOnlyRegularFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "input.txt")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	regular := filepath.Join(dir, "plain.txt")
	os.WriteFile(regular, []byte("GAME\n"), 0o644)
	for _, tc := range []struct {
		path, want string
	}{
		{fifo, "input.txt: not a regular file but a named pipe"},
		{dir, "not a regular file but a directory"},
		{"/dev/null", "null: not a regular file but a device"},
		{regular, ""},
	} {
		done := make(chan error, 1)
		go func() {
			_, err := ReadLines(tc.path)
			done <- err
		}()
		select {
		case err := <-done:
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("%s: %v, want it read", tc.path, err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Errorf("%s: error %v, want %q", tc.path, err, tc.want)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: ReadLines still blocked after 10 s", tc.path)
		}
	}
}
