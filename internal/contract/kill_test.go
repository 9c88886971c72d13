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

// TestKillLeavesLegalOutput kills each game's binary with SIGKILL at random instants of a
// move and checks what a grader would then find: no output.txt (killed before the first
// write) or a complete legal move, never a part of one, and no stray files.
//
// Each position is a mid-game SINGLE move of 2 s, which searches for about half a second
// with the tests' calibration, so kills within the first 300 ms land before the first write,
// during it, between writes and during the search (Halma: published case 031, home pieces in
// the free case; the other games: a sample's input with its time set to 2). The seed is
// fixed: a failure repeats.
//
// A kill between creating the temporary file of an atomic write and renaming it leaves
// that file behind: nothing can remove it once the process is dead. The test counts such
// files (.output.txt.tmp*, .playdata.txt.tmp*) and logs them rather than failing.
func TestKillLeavesLegalOutput(t *testing.T) {
	var halmaInput []byte
	for _, c := range readCases(t) {
		if c.num == "031" {
			in := c.input(t)
			halmaInput = halma.FormatInput(gamefile.Single, in.ToMove, "2", in.Board)
		}
	}
	tests := []struct {
		game  string
		input []byte
		runs  int
	}{
		{"halma", halmaInput, 40},
		{"reversi", sampleAtTwoSeconds(t, "reversi", "opening-white-after-d3"), 16},
		{"hive", sampleAtTwoSeconds(t, "hive", "mid-game-upper"), 16},
		{"quoridor", sampleAtTwoSeconds(t, "quoridor", "board-11x11-initial-walls"), 16},
		{"streky", sampleAtTwoSeconds(t, "streky", "mid-game"), 16},
	}
	for i, tt := range tests {
		t.Run(tt.game, func(t *testing.T) {
			t.Parallel()
			runs := tt.runs
			if testing.Short() {
				runs /= 4
			}
			killRuns(t, tt.game, tt.input, runs, rand.New(rand.NewPCG(561, 2019+uint64(i))))
		})
	}
}

// sampleAtTwoSeconds returns the input.txt of samples/GAME/NAME with 2 s on line 3.
func sampleAtTwoSeconds(t *testing.T, game, name string) []byte {
	t.Helper()
	lines := strings.SplitAfter(string(readFile(t, filepath.Join(repoRoot, "samples", game, name, "input.txt"))), "\n")
	if len(lines) < 4 || lines[0] != "SINGLE\n" {
		t.Fatalf("samples/%s/%s: want a SINGLE input", game, name)
	}
	lines[2] = "2\n"
	return []byte(strings.Join(lines, ""))
}

// killRuns starts game's binary on input runs times, kills it after a random delay, and
// judges what it left.
func killRuns(t *testing.T, game string, input []byte, runs int, rng *rand.Rand) {
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
		cmd := exec.Command(filepath.Join(binDir, game))
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
			if err := judgeOutput(game, input, out); err != nil {
				t.Errorf("run %d, killed after %v: %q: %v", i, delay, out, err)
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
