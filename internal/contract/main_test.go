package contract

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"
)

// binDir holds the binaries TestMain builds, one build for all the tests.
var binDir string

// repoRoot is the module's root, two levels above this package.
var repoRoot = filepath.Join("..", "..")

// binaries are the commands the tests run: the umbrella and every game's own binary,
// named as its samples/<game>/ directory (add each new game here).
var binaries = []string{"homework", "halma", "reversi", "hive", "quoridor", "streky", "calibrate"}

// calibration is what every test directory gets, so that the node budget, hence the move,
// depends on the input alone: the CPU-time guard only fires on a machine several times
// slower than this rate, and then the test failure says so (see runHint). The rates are
// about half of what the development machine measures, so that a CI machine running other
// tests beside them keeps a margin: ŠTREKY's was its full rate, and Halma's 2 M, until a
// busy machine brought ŠTREKY's mid-game samples within 25% of the guard and Halma's 0.1 s
// ones within 10% (issue 23, with larger SINGLE shares than the ones kept).
const calibration = "gameagents-calibration 1\nhalma.nodes_per_second 1600000\nreversi.nodes_per_second 2000000\nhive.nodes_per_second 1000000\nquoridor.nodes_per_second 1000000\nstreky.nodes_per_second 10000000\n"

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "contract-bin-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	binDir = dir
	if err := build(dir); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// build compiles the binaries into dir with the go command that runs the tests (go test
// puts its GOROOT/bin first on PATH). GOPROXY=off: tests never use the network.
func build(dir string) error {
	args := []string{"build", "-o", dir + string(filepath.Separator)}
	for _, b := range binaries {
		args = append(args, "./"+b)
	}
	cmd := exec.Command("go", args...)
	cmd.Dir = repoRoot
	cmd.Env = append(os.Environ(), "GOPROXY=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return nil
}

// run is one finished process.
type run struct {
	exit      int
	stderr    string
	cpu, wall time.Duration // user+sys of the process, as the kernel reports it; and wall time
}

// runIn runs binary name in dir with no arguments, as a grader does, and returns its exit
// status and stderr. A process still running after a minute is killed and fails the test:
// no input may make an agent hang.
func runIn(t *testing.T, name, dir string) run {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, filepath.Join(binDir, name))
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	var cpu time.Duration
	if cmd.ProcessState != nil {
		cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	}
	var exit *exec.ExitError
	switch {
	case err == nil:
		return run{exit: 0, stderr: stderr.String(), cpu: cpu, wall: wall}
	case ctx.Err() != nil:
		t.Fatalf("%s in %s: still running after a minute; stderr:\n%s", name, dir, stderr.String())
	case errors.As(err, &exit) && exit.ExitCode() >= 0:
		return run{exit: exit.ExitCode(), stderr: stderr.String(), cpu: cpu, wall: wall}
	default:
		t.Fatalf("%s in %s: %v; stderr:\n%s", name, dir, err, stderr.String())
	}
	return run{}
}

// firstLine returns s up to its first newline.
func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// listDir returns the names of the files in dir, sorted.
func listDir(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	sort.Strings(names)
	return names
}

// contractFiles are the only files an agent may leave in its directory (common.md).
var contractFiles = map[string]bool{
	"input.txt": true, "output.txt": true, "calibration.txt": true, "playdata.txt": true,
}

// strayFiles returns the files in dir that the contract does not allow.
func strayFiles(t *testing.T, dir string) []string {
	t.Helper()
	var stray []string
	for _, name := range listDir(t, dir) {
		if !contractFiles[name] {
			stray = append(stray, name)
		}
	}
	return stray
}

// writeFile writes a file or fails the test.
func writeFile(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// readFile reads a file or fails the test.
func readFile(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}
