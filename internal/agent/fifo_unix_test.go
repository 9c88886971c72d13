//go:build unix

package agent

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"gameagents/internal/clock"
)

// TestRunNamedPipes: a named pipe for input.txt is malformed input (exit 2), for
// calibration.txt or playdata.txt it is ignored with a note; none of them holds the agent.
func TestRunNamedPipes(t *testing.T) {
	for _, tc := range []struct {
		fifo    string
		want    int
		wantLog string
	}{
		{"input.txt", ExitBadInput, "input.txt: not a regular file but a named pipe"},
		{"calibration.txt", ExitOK, "calibration.txt: not read (not a regular file but a named pipe); using the default speed"},
		{"playdata.txt", ExitOK, "playdata.txt: not a regular file but a named pipe; ignored"},
	} {
		t.Run(tc.fifo, func(t *testing.T) {
			dir := t.TempDir()
			if tc.fifo != "input.txt" {
				os.WriteFile(filepath.Join(dir, "input.txt"), []byte("GAME\nX\n100\n"+fakeBody), 0o644)
			}
			if err := syscall.Mkfifo(filepath.Join(dir, tc.fifo), 0o644); err != nil {
				t.Skipf("no named pipes here: %v", err)
			}
			var log bytes.Buffer
			done := make(chan int, 1)
			go func() { done <- Run([]Game{fakeHive{}}, Options{Dir: dir, Log: &log, Clock: &clock.Fake{}}) }()
			select {
			case got := <-done:
				if got != tc.want {
					t.Errorf("Run = %d, want %d; log %s", got, tc.want, log.String())
				}
				if !strings.Contains(log.String(), tc.wantLog) {
					t.Errorf("log %q, want it to say %q", log.String(), tc.wantLog)
				}
			case <-time.After(10 * time.Second):
				t.Fatal("the agent still waits on the pipe after 10 s")
			}
		})
	}
}
