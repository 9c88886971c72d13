package review

import (
	"flag"
	"fmt"
	"math/bits"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"gameagents/internal/clock"
	"gameagents/internal/gamefile"
	"gameagents/internal/reversi"
)

// The late-midgame probe: how well the engine chooses its move a few plies before the
// solver takes over, where the games against the anchors lost their endgame discs
// (RESULTS.md, issue 24, "Where the games against the anchors were lost"). Each position
// of the records with -late-probe-min to -late-probe-max empties and two or more legal
// moves is solved exactly; each setting's engine chooses a move with a budget of
// -late-probe-nodes midgame nodes (the SINGLE budget of a move, without the clock), and
// the move's exact cost is what the report sums. The solves are exact, so the figures
// do not depend on the machine, only the CPU times do.
var (
	lateProbe      = flag.String("late-probe", "", "glob of Reversi referee records whose late-midgame positions the probe solves and searches (empty: skip)")
	lateProbeMin   = flag.Int("late-probe-min", 21, "fewest empty squares of a probed position")
	lateProbeMax   = flag.Int("late-probe-max", 24, "most empty squares of a probed position")
	lateProbeNodes = flag.Int64("late-probe-nodes", 2_000_000, "midgame node budget of each setting's search")
	lateProbeSet   = flag.String("late-probe-settings", "main,fixed,t15,t20,noprobcut", "comma-separated settings: main, fixed (the solver tried whatever the budget), tN (ProbCut at N tenths of σ), noprobcut; SETTING@N searches N nodes instead of -late-probe-nodes")
	lateProbeJobs  = flag.Int("late-probe-workers", 2, "positions probed at once")
)

// lateSetting returns the engine features a setting's name stands for, and its node budget
// (NAME@N: N nodes; else -late-probe-nodes).
func lateSetting(setting string) (reversi.Features, int64, error) {
	var f reversi.Features
	name, budget, found := strings.Cut(setting, "@")
	nodes := *lateProbeNodes
	if found {
		n, err := strconv.ParseInt(budget, 10, 64)
		if err != nil || n < 1000 {
			return f, 0, fmt.Errorf("setting %q: want NAME@N, N a node budget of at least 1000", setting)
		}
		nodes = n
	}
	switch {
	case name == "main":
	case name == "fixed":
		f.SolveFixed = true
	case name == "noprobcut":
		f.NoProbCut = true
	case strings.HasPrefix(name, "t"):
		var t int32
		if _, err := fmt.Sscanf(name, "t%d", &t); err != nil || t < 1 || t > 100 {
			return f, 0, fmt.Errorf("setting %q: want tN with N tenths of σ, 1..100", name)
		}
		f.ProbCutT = t
	default:
		return f, 0, fmt.Errorf("unknown setting %q", name)
	}
	return f, nodes, nil
}

// lateResult is one setting's tally over the probed positions.
type lateResult struct {
	cost, decisive, changed int
	cpu                     time.Duration
}

func TestLateProbe(t *testing.T) {
	if *lateProbe == "" {
		t.Skip("no -late-probe records")
	}
	files, err := filepath.Glob(*lateProbe)
	if err != nil || len(files) == 0 {
		t.Fatalf("-late-probe %q: no records (%v)", *lateProbe, err)
	}
	slices.Sort(files)
	names := strings.Split(*lateProbeSet, ",")
	settings := make([]reversi.Features, len(names))
	budgets := make([]int64, len(names))
	for i, n := range names {
		if settings[i], budgets[i], err = lateSetting(n); err != nil {
			t.Fatal(err)
		}
	}
	var boards []reversi.Board
	seen := map[reversi.Board]bool{}
	for _, f := range files {
		lines, err := gamefile.ReadLinesUpTo(f, 4<<20)
		if err != nil {
			t.Fatal(err)
		}
		r, err := Replay(f, lines, *lateProbeMax)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range r.Positions {
			b := p.Board
			e := bits.OnesCount64(^(b.Own | b.Opp))
			if e >= *lateProbeMin && bits.OnesCount64(b.Moves()) >= 2 && !seen[b] {
				seen[b] = true
				boards = append(boards, b)
			}
		}
	}
	t.Logf("%d records, %d positions with %d-%d empties and a choice; budget %d nodes", len(files), len(boards), *lateProbeMin, *lateProbeMax, *lateProbeNodes)
	results := make([]lateResult, len(settings))
	var mu sync.Mutex
	next := make(chan int)
	var wg sync.WaitGroup
	done := 0
	for range max(1, *lateProbeJobs) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			runtime.LockOSThread() // the search's CPU time is read on this thread's clock
			solver := reversi.NewSolver(22)
			solver.SetLimits(0, clock.Deadline{})
			for i := range next {
				rows := probeLate(boards[i], settings, budgets, solver)
				mu.Lock()
				for k, r := range rows {
					results[k].cost += r.cost
					results[k].decisive += r.decisive
					results[k].changed += r.changed
					results[k].cpu += r.cpu
				}
				done++
				if done%50 == 0 {
					t.Logf("%d of %d positions", done, len(boards))
				}
				mu.Unlock()
			}
		}()
	}
	for i := range boards {
		next <- i
	}
	close(next)
	wg.Wait()
	t.Logf("| setting | positions | discs given away | a position | moves that changed the result | moves unlike main's | search CPU |")
	t.Logf("|---|---|---|---|---|---|---|")
	for k, r := range results {
		t.Logf("| %s | %d | %d | %.3f | %d | %d | %.1f s |", names[k], len(boards), r.cost,
			float64(r.cost)/float64(len(boards)), r.decisive, r.changed, r.cpu.Seconds())
	}
}

// probeLate solves b, lets each setting choose a move with its budget and returns
// each choice's exact cost; changed counts a choice unlike the first setting's.
func probeLate(b reversi.Board, settings []reversi.Features, budgets []int64, solver *reversi.Solver) []lateResult {
	best, _ := solver.Solve(b)
	after := map[int]int{}
	out := make([]lateResult, len(settings))
	first := -1
	for k, f := range settings {
		e := reversi.NewEngine(18)
		e.Features = f
		t0 := threadCPU()
		r := e.Search(b, reversi.Limits{Nodes: budgets[k]}, nil)
		out[k].cpu = threadCPU() - t0
		v, ok := after[r.Move]
		if !ok {
			c, _ := solver.Solve(b.Play(r.Move))
			v = -c
			after[r.Move] = v
		}
		out[k].cost = best - v
		if v < best && sign(v) < sign(best) {
			out[k].decisive = 1
		}
		if k == 0 {
			first = r.Move
		} else if r.Move != first {
			out[k].changed = 1
		}
	}
	return out
}

// threadCPU is the calling thread's CPU time (the goroutine must be locked to it).
func threadCPU() time.Duration {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts); err != nil {
		panic(err)
	}
	return time.Duration(ts.Nano())
}
