package contract

import (
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gameagents/internal/gamefile"
	"gameagents/internal/halma"
)

// TestKillLeavesLegalOutput kills the halma binary with SIGKILL at random instants of a
// move and checks what a grader would then find: no output.txt (killed before the first
// write) or a complete legal move, never a part of one, and no stray files.
//
// The position (published case 031, mid-game, home pieces in the free case) makes a SINGLE
// move of 2 s search for about half a second, so kills within the first 300 ms land before
// the first write, during it, between writes and during the search. The seed is fixed: a
// failure repeats.
//
// A kill between creating the temporary file of an atomic write and renaming it leaves
// that file behind: nothing can remove it once the process is dead. The test counts such
// files (.output.txt.tmp*, .playdata.txt.tmp*) and logs them rather than failing.
func TestKillLeavesLegalOutput(t *testing.T) {
	t.Parallel()
	runs := 40
	if testing.Short() {
		runs = 10
	}
	var input []byte
	for _, c := range readCases(t) {
		if c.num == "031" {
			in := c.input(t)
			input = halma.FormatInput(gamefile.Single, in.ToMove, "2", in.Board)
		}
	}
	in := parseHalma(t, input)
	rng := rand.New(rand.NewPCG(561, 2019))
	var absent, present, finished, tempLeft int
	for i := 0; i < runs; i++ {
		// Every other kill lands in the first 15 ms, where the process starts and makes
		// its first write; the others anywhere in the first 300 ms.
		window := 300 * time.Millisecond
		if i%2 == 1 {
			window = 15 * time.Millisecond
		}
		delay := time.Duration(rng.Int64N(int64(window)))
		dir := t.TempDir()
		writeFile(t, filepath.Join(dir, "input.txt"), input)
		writeFile(t, filepath.Join(dir, "calibration.txt"), []byte(calibration))
		cmd := exec.Command(filepath.Join(binDir, "halma"))
		cmd.Dir = dir
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(delay)
		cmd.Process.Kill() // an error means it already exited: then there is nothing to kill
		cmd.Wait()
		if cmd.ProcessState.Success() {
			finished++
		}
		out, err := os.ReadFile(filepath.Join(dir, "output.txt"))
		switch {
		case os.IsNotExist(err):
			absent++
		case err != nil:
			t.Fatal(err)
		default:
			present++
			if err := checkHalmaOutput(in, out); err != nil {
				t.Errorf("run %d, killed after %v: %v", i, delay, err)
			}
		}
		for _, name := range strayFiles(t, dir) {
			if strings.HasPrefix(name, ".output.txt.tmp") || strings.HasPrefix(name, ".playdata.txt.tmp") {
				tempLeft++
				t.Logf("run %d, killed after %v: left the temporary file %s", i, delay, name)
				continue
			}
			t.Errorf("run %d, killed after %v: left %s, want only the contract's files", i, delay, name)
		}
	}
	t.Logf("%d kills: %d left no output.txt, %d a legal move (%d had finished); %d temporary files left",
		runs, absent, present, finished, tempLeft)
}
