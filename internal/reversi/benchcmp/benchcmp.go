// Package benchcmp is reversi-bench: it measures the Reversi code of the working tree
// ("new") against an earlier commit ("base") side by side, on one machine in one run, so
// that anyone can check a speed claim.
//
// Technique: both sides are test binaries of internal/reversi (go test -c), each run in a
// child process as TestSpeedProbe (internal/reversi/speedprobe_test.go), which does one
// piece of work (perft from the start, or exact solves of FFO positions) and prints its
// leaves or solver nodes and the process CPU seconds the work took. The base commit gets
// the probe by copying that file into a temporary git worktree of it before building, so
// the probe must only use API the base already has: it does for every commit from f8ed124
// on. Runs alternate (base, new, base, new, ...) so that a change in the machine's load
// falls on both sides alike; the report gives each side's median and minimum and the
// ratio new/base. Both binaries run in the working tree's package directory, so they read
// the same testdata. Invariants checked: a side's work is the same in every run (both
// searches are deterministic), both sides count the same perft leaves, and the probe
// fails unless every FFO score is exact.
package benchcmp

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
)

const usage = `usage: reversi-bench [-base REV] [-runs N] [-perft D] [-ffo A-B]

Measures the Reversi code of this working tree (uncommitted changes included) against
commit REV side by side: perft D from the start and exact solves of FFO #A-#B, each run
N times on each side, alternating, on the process CPU clock. REV is built in a temporary
git worktree with internal/reversi/speedprobe_test.go copied in (it needs only API that
commit f8ed124 already has). -perft 0 or -ffo "" leaves that part out.

`

// config is the command line.
type config struct {
	base  string // a git revision; "" for the merge base with main, or HEAD~1 on main
	runs  int
	perft int    // depth, 0 for none
	ffo   string // "A-B", "" for none
}

// maxRuns bounds -runs; maxPerft is the probe's own bound.
const (
	maxRuns  = 1000
	maxPerft = 13
)

// probeFile is the probe, relative to the repository's root.
var probeFile = filepath.Join("internal", "reversi", "speedprobe_test.go")

// Main runs reversi-bench and returns its exit status.
func Main(args []string, stdout, stderr io.Writer) int {
	cfg, err := parseFlags(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "reversi-bench: %v\n", err)
		return 2
	}
	// On these signals the children are stopped and the worktree and binaries removed;
	// SIGPIPE (output piped into head, say) would otherwise end the process at once.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGPIPE)
	defer stop()
	if err := run(ctx, cfg, stdout, stderr); err != nil {
		fmt.Fprintf(stderr, "reversi-bench: %v\n", err)
		return 1
	}
	return 0
}

func parseFlags(args []string, stderr io.Writer) (config, error) {
	var cfg config
	fs := flag.NewFlagSet("reversi-bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, usage)
		fs.PrintDefaults()
	}
	fs.StringVar(&cfg.base, "base", "", "the commit to compare with (default: the merge base with main, or HEAD~1 on main)")
	fs.IntVar(&cfg.runs, "runs", 5, "runs of each probe on each side")
	fs.IntVar(&cfg.perft, "perft", 11, "perft depth from the start (0: no perft)")
	fs.StringVar(&cfg.ffo, "ffo", "20-25", `FFO positions to solve exactly, FIRST-LAST within 1-79 ("": none)`)
	if err := fs.Parse(args); err != nil {
		return config{}, err
	}
	switch {
	case fs.NArg() > 0:
		return config{}, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	case cfg.runs < 1 || cfg.runs > maxRuns:
		return config{}, fmt.Errorf("-runs %d: want 1 to %d", cfg.runs, maxRuns)
	case cfg.perft < 0 || cfg.perft > maxPerft:
		return config{}, fmt.Errorf("-perft %d: want 0 to %d", cfg.perft, maxPerft)
	case cfg.perft == 0 && cfg.ffo == "":
		return config{}, errors.New("-perft 0 and -ffo \"\": nothing to measure")
	}
	if cfg.ffo != "" {
		if _, _, err := parseRange(cfg.ffo); err != nil {
			return config{}, err
		}
	}
	return cfg, nil
}

// run builds both sides, measures them and prints the report.
func run(ctx context.Context, cfg config, stdout, stderr io.Writer) error {
	root, err := command(ctx, "", "git", "rev-parse", "--show-toplevel")
	if err != nil {
		return err
	}
	base, err := resolveBase(ctx, root, cfg.base)
	if err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "reversi-bench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	bins, err := build(ctx, root, base, tmp, stderr)
	if err != nil {
		return err
	}
	head, _ := command(ctx, root, "git", "rev-parse", "--short=12", "HEAD")
	fmt.Fprintf(stdout, "base: commit %s with the probe copied in; new: the working tree %s (HEAD %s, uncommitted changes included)\n", base, root, head)
	dir := filepath.Join(root, "internal", "reversi")
	probe := func(side int, spec string) (probeResult, error) {
		return runProbe(ctx, bins[side], dir, spec)
	}
	for _, p := range probes(cfg) {
		res, err := measure(p.spec, cfg.runs, probe)
		if err != nil {
			return err
		}
		if err := report(stdout, p, cfg.runs, base, res); err != nil {
			return err
		}
	}
	ffo := cfg.ffo
	if ffo == "" {
		ffo = `""`
	}
	fmt.Fprintf(stdout, "reproduce: go run ./tools/reversi-bench -base %s -runs %d -perft %d -ffo %s\n", base, cfg.runs, cfg.perft, ffo)
	return nil
}

// resolveBase turns -base into a 12-digit commit: the one named, or by default the merge
// base with main, or HEAD~1 when HEAD is on main (the merge base is then HEAD itself).
func resolveBase(ctx context.Context, root, rev string) (string, error) {
	if rev == "" {
		rev = "HEAD~1"
		mb, err := command(ctx, root, "git", "merge-base", "main", "HEAD")
		head, err2 := command(ctx, root, "git", "rev-parse", "HEAD")
		if err == nil && err2 == nil && mb != head {
			rev = mb
		}
	}
	c, err := command(ctx, root, "git", "rev-parse", "--verify", "--quiet", "--short=12", rev+"^{commit}")
	if err != nil {
		return "", fmt.Errorf("-base %q: not a commit of this repository", rev)
	}
	return c, nil
}

// build makes the two test binaries in tmp: base from a temporary worktree of commit
// base with the probe copied in (removed again before returning), new from root.
func build(ctx context.Context, root, base, tmp string, stderr io.Writer) ([2]string, error) {
	bins := [2]string{filepath.Join(tmp, "base.test"), filepath.Join(tmp, "new.test")}
	tree := filepath.Join(tmp, "base")
	if _, err := command(ctx, root, "git", "worktree", "add", "--detach", "--quiet", tree, base); err != nil {
		return bins, err
	}
	defer command(context.Background(), root, "git", "worktree", "remove", "--force", tree)
	probe, err := os.ReadFile(filepath.Join(root, probeFile))
	if err != nil {
		return bins, err
	}
	if err := os.WriteFile(filepath.Join(tree, probeFile), probe, 0o644); err != nil {
		return bins, err
	}
	for i, dir := range [2]string{tree, root} {
		fmt.Fprintf(stderr, "reversi-bench: building %s\n", bins[i])
		if _, err := command(ctx, dir, "go", "test", "-c", "-o", bins[i], "./internal/reversi"); err != nil {
			return bins, err
		}
	}
	return bins, nil
}

// runProbe runs one probe in a child process and reads its line.
func runProbe(ctx context.Context, bin, dir, spec string) (probeResult, error) {
	out, err := command(ctx, dir, bin, "-test.run", "^TestSpeedProbe$", "-speed-probe", spec)
	if err != nil {
		return probeResult{}, err
	}
	return parseProbeLine(out, spec)
}

// command runs name in dir and returns its standard output, trimmed; on failure the
// error holds the end of what it printed.
func command(ctx context.Context, dir, name string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	var out, errOut strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("%s %s: %v\n%s", name, strings.Join(args, " "), err, tail(out.String()+errOut.String(), 2000))
	}
	return strings.TrimSpace(out.String()), nil
}

// tail returns the last n bytes of s.
func tail(s string, n int) string {
	if len(s) > n {
		return "..." + s[len(s)-n:]
	}
	return s
}
