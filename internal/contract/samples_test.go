package contract

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"gameagents/internal/gamefile"
	"gameagents/internal/games"
)

var update = flag.Bool("update", false, "rewrite the samples' output.txt and expected-stderr from what homework does now")

// samplesDir is samples/<game>/<case>/ (see samples/README.md).
var samplesDir = filepath.Join(repoRoot, "samples")

// Files of a case that describe the expected result rather than go into the directory.
const (
	wantOutput = "output.txt"
	wantExit   = "expected-exit"
	wantStderr = "expected-stderr"
)

// staleOutput is what the test puts in output.txt before a run that must fail with exit 2,
// on one of the two binaries: the contract says such a run leaves output.txt untouched, so
// this checks "unchanged" where the other binary's run checks "still absent".
const staleOutput = "E 0,0 1,1\n"

// sampleCase is one directory of samples/.
type sampleCase struct {
	game, name, dir string
	files           map[string][]byte // what goes into the working directory
	output          []byte            // expected output.txt; nil when exit is not 0
	exit            int
	stderr          string // expected first line of stderr; "" when not checked
}

func readSamples(t *testing.T) []sampleCase {
	t.Helper()
	games, err := os.ReadDir(samplesDir)
	if err != nil {
		t.Fatal(err)
	}
	var cases []sampleCase
	for _, g := range games {
		if !g.IsDir() {
			continue
		}
		dirs, err := os.ReadDir(filepath.Join(samplesDir, g.Name()))
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range dirs {
			if d.IsDir() {
				cases = append(cases, readSample(t, g.Name(), d.Name()))
			}
		}
	}
	if len(cases) == 0 {
		t.Fatalf("no cases in %s", samplesDir)
	}
	return cases
}

func readSample(t *testing.T, game, name string) sampleCase {
	t.Helper()
	c := sampleCase{game: game, name: name, dir: filepath.Join(samplesDir, game, name), files: map[string][]byte{}}
	entries, err := os.ReadDir(c.dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		data := readFile(t, filepath.Join(c.dir, e.Name()))
		switch e.Name() {
		case wantOutput:
			c.output = data
		case wantExit:
			c.exit, err = strconv.Atoi(strings.TrimSpace(string(data)))
			if err != nil {
				t.Fatalf("%s/%s: %v", c.dir, wantExit, err)
			}
		case wantStderr:
			c.stderr = strings.TrimSuffix(string(data), "\n")
		default:
			if !contractFiles[e.Name()] {
				t.Fatalf("%s: unexpected file %s", c.dir, e.Name())
			}
			c.files[e.Name()] = data
		}
	}
	if c.exit == 0 && c.output == nil && !*update {
		t.Fatalf("%s: no %s and no %s", c.dir, wantOutput, wantExit)
	}
	if c.exit != 0 && c.output != nil {
		t.Fatalf("%s: an %s with a failing exit status: output.txt must stay untouched", c.dir, wantOutput)
	}
	return c
}

// TestSamples runs homework, then the game's own binary, on every sample and compares what
// they leave with what the sample expects, byte for byte. With -update, homework's results
// become the expectations (check them with git diff) and the game binary must agree.
func TestSamples(t *testing.T) {
	for _, c := range readSamples(t) {
		t.Run(c.game+"/"+c.name, func(t *testing.T) {
			t.Parallel()
			for i, bin := range []string{"homework", c.game} {
				seedStale := c.exit != 0 && i == 1
				c = checkSample(t, c, bin, seedStale, *update && i == 0)
			}
			// An expected output is itself checked, so that -update cannot bless an
			// illegal move.
			if c.exit != 0 {
				return
			}
			if c.game == "halma" {
				if err := checkHalmaOutput(parseHalma(t, c.files["input.txt"]), c.output); err != nil {
					t.Errorf("%s/%s: %v", c.dir, wantOutput, err)
				}
			}
			if err := judgeOutput(c.game, c.files["input.txt"], c.output); err != nil {
				t.Errorf("%s/%s: %v", c.dir, wantOutput, err)
			}
		})
	}
}

// checkSample runs bin on case c and checks what it leaves; it returns the case as it
// now is on disk (rewritten when update is set).
func checkSample(t *testing.T, c sampleCase, bin string, seedStale, update bool) sampleCase {
	t.Helper()
	dir := t.TempDir()
	for name, data := range c.files {
		writeFile(t, filepath.Join(dir, name), data)
	}
	if seedStale {
		writeFile(t, filepath.Join(dir, "output.txt"), []byte(staleOutput))
	}
	r := runIn(t, bin, dir)
	if update {
		updateSample(t, c, dir, r)
		c = readSample(t, c.game, c.name)
	}
	if r.exit != c.exit {
		t.Fatalf("%s: exit status = %d, want %d; stderr:\n%s", bin, r.exit, c.exit, r.stderr)
	}
	if c.stderr != "" {
		if got := firstLine(r.stderr); got != c.stderr {
			t.Errorf("%s: first stderr line = %q, want %q", bin, got, c.stderr)
		}
	}
	if stray := strayFiles(t, dir); len(stray) > 0 {
		t.Errorf("%s left %q, want only the contract's files", bin, stray)
	}
	got, err := os.ReadFile(filepath.Join(dir, "output.txt"))
	switch {
	case c.exit == 0 && err != nil:
		t.Errorf("%s: exit 0 but %v", bin, err)
	case c.exit == 0 && string(got) != string(c.output):
		t.Errorf("%s: output.txt = %q, want %q%s", bin, got, c.output, runHint(r.stderr))
	case c.exit != 0 && seedStale && string(got) != staleOutput:
		t.Errorf("%s: exit %d changed output.txt to %q, want it untouched", bin, r.exit, got)
	case c.exit != 0 && !seedStale && err == nil:
		t.Errorf("%s: exit %d wrote output.txt %q, want none", bin, r.exit, got)
	}
	if c.exit != 0 {
		// Bad input never clobbers playdata.txt: it stays absent or as it was.
		pd, err := os.ReadFile(filepath.Join(dir, "playdata.txt"))
		want, had := c.files["playdata.txt"]
		if had && string(pd) != string(want) || !had && err == nil {
			t.Errorf("%s: exit %d left playdata.txt %q, want it untouched (%q)", bin, r.exit, pd, want)
		}
	}
	return c
}

// usedRE finds the CPU the agent reports on its last stderr line.
var usedRE = regexp.MustCompile(`hard ([0-9.]+)s.*used ([0-9.]+)s CPU`)

// runHint explains an output that differs because the CPU guard, not the node budget,
// stopped the search: then the machine is much slower than the samples' calibration
// assumes and the move depends on the machine, not on the files.
func runHint(stderr string) string {
	m := usedRE.FindStringSubmatch(stderr)
	if m == nil {
		return "\nstderr:\n" + stderr
	}
	hard, _ := strconv.ParseFloat(m[1], 64)
	used, _ := strconv.ParseFloat(m[2], 64)
	if used >= hard*0.95 {
		return fmt.Sprintf("\nthe CPU guard fired (used %.3fs of %.3fs): this machine is much slower than %q assumes, so the move is not the calibrated one\nstderr:\n%s",
			used, hard, strings.TrimSpace(calibration), stderr)
	}
	return "\nstderr:\n" + stderr
}

// updateSample rewrites the case's expectations from run r in dir.
func updateSample(t *testing.T, c sampleCase, dir string, r run) {
	t.Helper()
	if r.exit == 0 {
		writeFile(t, filepath.Join(c.dir, wantOutput), readFile(t, filepath.Join(dir, "output.txt")))
		os.Remove(filepath.Join(c.dir, wantExit))
		os.Remove(filepath.Join(c.dir, wantStderr))
		return
	}
	os.Remove(filepath.Join(c.dir, wantOutput))
	writeFile(t, filepath.Join(c.dir, wantExit), []byte(fmt.Sprintf("%d\n", r.exit)))
	writeFile(t, filepath.Join(c.dir, wantStderr), []byte(firstLine(r.stderr)+"\n"))
}

// judgeOutput judges output as the referee would, strictly, as the move for input, unless
// the side to move has nothing to play.
func judgeOutput(game string, input, output []byte) error {
	j, ok := gamefile.Named(games.Judges, game)
	if !ok {
		return fmt.Errorf("no judge for the game %q", game)
	}
	m, err := j.Load(gamefile.SplitLines(string(input)))
	if err != nil {
		return err
	}
	if !m.HasMove() { // only the game's no-move answer is legal
		want := ""
		if m.NoMove() != "" {
			want = m.NoMove() + "\n"
		}
		if string(output) != want {
			return fmt.Errorf("output.txt is %q where %v has no move, want %q", output, m.SideName(m.ToMove()), want)
		}
		return nil
	}
	_, _, err = m.Play(output, true)
	return err
}
