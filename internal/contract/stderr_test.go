package contract

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestClosedStderr: graders ignore stderr, so a stderr nobody reads must never stop a move.
// Each binary runs with stderr a pipe whose read end is closed before it starts, and with
// no calibration.txt, so that its first write to stderr (the calibration note) comes
// before any move: it must still write a legal move and exit 0, not die of SIGPIPE.
func TestClosedStderr(t *testing.T) {
	for game, sample := range map[string]string{
		"halma": "time-0.01", "reversi": "tiny-time-0.01", "hive": "tiny-time-0.01",
		"quoridor": "tiny-time-0.01", "streky": "tiny-time-0.01",
	} {
		for _, bin := range []string{"homework", game} {
			t.Run(game+"/"+bin, func(t *testing.T) {
				dir := t.TempDir()
				input := readFile(t, filepath.Join(samplesDir, game, sample, "input.txt"))
				writeFile(t, filepath.Join(dir, "input.txt"), input)
				if code := runClosedStderr(t, bin, dir); code != 0 {
					t.Fatalf("%s with a closed stderr: exit %d, want 0", bin, code)
				}
				out, err := os.ReadFile(filepath.Join(dir, "output.txt"))
				if err != nil {
					t.Fatalf("%s with a closed stderr: %v", bin, err)
				}
				if err := judgeOutput(game, input, out); err != nil {
					t.Errorf("%s with a closed stderr wrote %q: %v", bin, out, err)
				}
			})
		}
	}
}

// runClosedStderr runs binary name in dir, as runIn does, with its stderr a pipe whose
// read end is already closed; it returns the exit status, or -1 when a signal killed it.
func runClosedStderr(t *testing.T, name, dir string) int {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	r.Close()
	defer w.Close()
	cmd := exec.Command(filepath.Join(binDir, name))
	cmd.Dir = dir
	cmd.Stderr = w
	err = cmd.Run()
	if cmd.ProcessState == nil {
		t.Fatalf("%s: %v", name, err)
	}
	return cmd.ProcessState.ExitCode()
}

// TestClosedStderrBadInput: a malformed input still exits 2, not killed by a signal, when
// the message naming the line cannot be written.
func TestClosedStderrBadInput(t *testing.T) {
	for _, bin := range []string{"homework", "halma"} {
		t.Run(bin, func(t *testing.T) {
			dir := t.TempDir()
			writeFile(t, filepath.Join(dir, "input.txt"), readFile(t, filepath.Join(samplesDir, "halma", "bad-time-zero", "input.txt")))
			if code := runClosedStderr(t, bin, dir); code != 2 {
				t.Errorf("%s with a closed stderr and a malformed input: exit %d, want 2", bin, code)
			}
		})
	}
}
