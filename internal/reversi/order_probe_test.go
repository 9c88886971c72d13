package reversi

import (
	"flag"
	"math/bits"
	"testing"
	"time"

	"gameagents/internal/benchset"
	"gameagents/internal/clock"
)

var orderProbe = flag.Int("order-probe", 0, "search the SINGLE benchmark positions of 20 or more empties to this depth with each move-ordering setting and report nodes and CPU time (0: skip)")

// TestOrderProbe measures the midgame move ordering: the nodes (and process CPU time) that
// fixed-depth searches of the benchmark set's midgame positions take with the evaluation
// in the order from each remaining depth, and without it. Nodes are the measure (they do
// not depend on the machine); the time says whether the dearer order pays for itself.
//
//	go test ./internal/reversi -run TestOrderProbe -order-probe 10 -v
func TestOrderProbe(t *testing.T) {
	if *orderProbe == 0 {
		t.Skip("a measurement: run with -order-probe DEPTH")
	}
	boards := probePositions(t)
	cpu := clock.Process{}
	for _, setting := range []int{-1, 3, 4, 5} {
		var nodes int64
		start := cpu.Used()
		for _, b := range boards {
			e := NewEngine(20)
			e.NoSolver, e.OrderEvalDepth = true, setting
			nodes += e.Search(b, Limits{MaxDepth: *orderProbe}, nil).Nodes
		}
		used := cpu.Used() - start
		t.Logf("order by evaluation from depth %2d: %d positions, %d nodes, %v CPU, %.0f ns a node",
			setting, len(boards), nodes, used.Round(time.Millisecond), float64(used)/float64(nodes))
	}
}

var (
	depthProbe    = flag.Int("depth-probe", 0, "search the SINGLE benchmark positions of 20 or more empties to this depth, as the engine plays (ProbCut on, solver off), and report the nodes (0: skip)")
	depthProbeLog = flag.Int("depth-probe-log", 18, "log2 of the table entries -depth-probe gives each search")
	depthProbeCut = flag.Bool("depth-probe-noprobcut", false, "-depth-probe searches full width (ProbCut off)")
)

// TestDepthProbe measures what a change to the search costs in nodes to reach a depth: a
// fresh engine a position, as the agent has, the table of -depth-probe-log entries. Run it
// on two builds to compare them (RESULTS.md, issue 24, "A transposition table of pairs"):
//
//	go test ./internal/reversi -run TestDepthProbe -depth-probe 17 -v
func TestDepthProbe(t *testing.T) {
	if *depthProbe == 0 {
		t.Skip("a measurement: run with -depth-probe DEPTH")
	}
	boards := probePositions(t)
	cpu := clock.Process{}
	var nodes int64
	start := cpu.Used()
	for _, b := range boards {
		e := NewEngine(*depthProbeLog)
		e.NoSolver, e.NoProbCut = true, *depthProbeCut
		nodes += e.Search(b, Limits{MaxDepth: *depthProbe}, nil).Nodes
	}
	used := cpu.Used() - start
	t.Logf("depth %d, 2^%d entries, ProbCut off %v: %d positions, %d nodes, %v CPU", *depthProbe, *depthProbeLog, *depthProbeCut, len(boards), nodes, used.Round(time.Millisecond))
}

// probePositions returns the SINGLE benchmark set's positions of 20 or more empty squares
// with a move to make: the midgame the probes measure.
func probePositions(t *testing.T) []Board {
	t.Helper()
	files, inputs, err := benchset.Read("testdata/single-bench")
	if err != nil {
		t.Fatal(err)
	}
	var boards []Board
	for i, f := range files {
		in, err := ParseInput(f, inputs[i])
		if err != nil {
			t.Fatal(err)
		}
		if bits.OnesCount64(^(in.Board.Own|in.Board.Opp)) >= 20 && in.Board.Moves() != 0 {
			boards = append(boards, in.Board)
		}
	}
	return boards
}
