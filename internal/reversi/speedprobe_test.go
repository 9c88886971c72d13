package reversi

// The speed probe is the child process of tools/reversi-bench, which copies this file into
// a worktree of an earlier commit and builds that commit's test binary with it. So this
// file uses only the package's exported API as it stood at commit f8ed124 (Start, Perft,
// NewSolver, Solver.Solve and Nodes, ParseOBF) and the clock package, and none of the other
// test files' helpers, which an earlier commit may lack or define differently; every name
// it declares starts with speedProbe so that it cannot collide with theirs.

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"gameagents/internal/clock"
)

var speedProbeSpec = flag.String("speed-probe", "", "perft:DEPTH or ffo:FIRST-LAST: do that work once and print the line speed-probe KIND WORK CPU-SECONDS (tools/reversi-bench)")

// TestSpeedProbe does the work -speed-probe names and prints its one line; without the
// flag it is skipped.
func TestSpeedProbe(t *testing.T) {
	if *speedProbeSpec == "" {
		t.Skip("run with -speed-probe perft:DEPTH or -speed-probe ffo:FIRST-LAST")
	}
	if err := speedProbe(os.Stdout, *speedProbeSpec); err != nil {
		t.Fatal(err)
	}
}

// TestSpeedProbeRuns: short probes print their line with the right amount of work, and
// malformed specs are errors.
func TestSpeedProbeRuns(t *testing.T) {
	tests := []struct {
		spec   string
		prefix string // "" when the spec must be rejected
	}{
		{"perft:5", "speed-probe perft 1396 "},
		{"ffo:1-1", "speed-probe ffo "},
		{"perft:0", ""},
		{"perft:14", ""},
		{"perft:x", ""},
		{"ffo:5-3", ""},
		{"ffo:0-1", ""},
		{"ffo:79-80", ""},
		{"ffo:7", ""},
		{"nodes:5", ""},
		{"", ""},
	}
	for _, tt := range tests {
		t.Run(tt.spec, func(t *testing.T) {
			var out strings.Builder
			err := speedProbe(&out, tt.spec)
			if tt.prefix == "" {
				if err == nil {
					t.Errorf("speedProbe(%q) = nil error, want one (printed %q)", tt.spec, out.String())
				}
				return
			}
			if err != nil {
				t.Fatalf("speedProbe(%q) = %v, want nil", tt.spec, err)
			}
			f := strings.Fields(out.String())
			if !strings.HasPrefix(out.String(), tt.prefix) || len(f) != 4 || !strings.HasSuffix(out.String(), "\n") {
				t.Fatalf("speedProbe(%q) printed %q, want one line %q WORK SECONDS", tt.spec, out.String(), tt.prefix)
			}
			if secs, err := strconv.ParseFloat(f[3], 64); err != nil || secs < 0 {
				t.Errorf("speedProbe(%q) printed CPU seconds %q, want a number >= 0", tt.spec, f[3])
			}
		})
	}
}

// speedProbe does the work spec names once and writes its line to w: for perft:D the
// leaves of perft D from the start, for ffo:A-B the solver nodes of FFO #A-#B (each
// solved exactly with a fresh 2^22-entry table, as TestSolveFFO40to49 does, and checked
// against the file's score), with the process CPU time of the work alone.
func speedProbe(w io.Writer, spec string) error {
	kind, arg, _ := strings.Cut(spec, ":")
	var work int64
	var secs float64
	var err error
	switch kind {
	case "perft":
		work, secs, err = speedProbePerft(arg)
	case "ffo":
		work, secs, err = speedProbeFFO(arg)
	default:
		err = fmt.Errorf("-speed-probe %q: want perft:DEPTH or ffo:FIRST-LAST", spec)
	}
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "speed-probe %s %d %.6f\n", kind, work, secs)
	return err
}

// speedProbeMaxDepth bounds perft: depth 13 is already about an hour at 300 M leaves/s.
const speedProbeMaxDepth = 13

func speedProbePerft(arg string) (leaves int64, secs float64, err error) {
	depth, err := strconv.Atoi(arg)
	if err != nil || depth < 1 || depth > speedProbeMaxDepth {
		return 0, 0, fmt.Errorf("perft depth %q: want 1 to %d", arg, speedProbeMaxDepth)
	}
	clk := clock.Process{}
	start := clk.Used()
	leaves = Perft(Start(), depth)
	return leaves, (clk.Used() - start).Seconds(), nil
}

// speedProbeFiles are testdata/ffo's files, each holding the positions first..last.
var speedProbeFiles = []struct {
	first, last int
	name        string
}{
	{1, 19, "fforum-1-19.obf"},
	{20, 39, "fforum-20-39.obf"},
	{40, 59, "fforum-40-59.obf"},
	{60, 79, "fforum-60-79.obf"},
}

func speedProbeFFO(arg string) (nodes int64, secs float64, err error) {
	a, b, ok := strings.Cut(arg, "-")
	first, err1 := strconv.Atoi(a)
	last, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || first < 1 || first > last || last > 79 {
		return 0, 0, fmt.Errorf("FFO range %q: want FIRST-LAST with 1 <= FIRST <= LAST <= 79", arg)
	}
	clk := clock.Process{}
	for n := first; n <= last; n++ {
		pos, want, err := speedProbePosition(n)
		if err != nil {
			return 0, 0, err
		}
		s := NewSolver(22)
		start := clk.Used()
		score, _ := s.Solve(pos.Board)
		secs += (clk.Used() - start).Seconds()
		nodes += s.Nodes
		if score != want {
			return 0, 0, fmt.Errorf("FFO #%d: Solve = %d, want %d", n, score, want)
		}
	}
	return nodes, secs, nil
}

// speedProbePosition reads FFO #n and its exact score (the first move's value after the
// position's ';').
func speedProbePosition(n int) (Position, int, error) {
	for _, f := range speedProbeFiles {
		if n < f.first || n > f.last {
			continue
		}
		path := filepath.Join("testdata", "ffo", f.name)
		data, err := os.ReadFile(path)
		if err != nil {
			return Position{}, 0, err
		}
		lines := strings.Split(string(data), "\n")
		if n-f.first >= len(lines) {
			return Position{}, 0, fmt.Errorf("%s: %d lines, want FFO #%d on line %d", path, len(lines), n, n-f.first+1)
		}
		line := n - f.first + 1
		text := lines[line-1]
		pos, err := ParseOBF(text)
		if err != nil {
			return Position{}, 0, fmt.Errorf("%s:%d: %v", path, line, err)
		}
		_, moves, _ := strings.Cut(text, ";")
		_, value, ok := strings.Cut(moves, ":")
		value, _, _ = strings.Cut(value, ";")
		score, err := strconv.Atoi(strings.TrimPrefix(strings.TrimSpace(value), "+"))
		if !ok || err != nil || score < -64 || score > 64 {
			return Position{}, 0, fmt.Errorf("%s:%d: no score after the position, want e.g. \"; G8:+18\"", path, line)
		}
		return pos, score, nil
	}
	return Position{}, 0, fmt.Errorf("FFO #%d: no file holds it", n)
}
