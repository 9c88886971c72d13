package reversi

import (
	"flag"
	"math/bits"
	"testing"

	"gameagents/internal/benchset"
	"gameagents/internal/clock"
	"gameagents/internal/search"
)

var nodeCost = flag.Int64("node-cost", 0,
	"TestNodeCost: search the SINGLE benchmark set's positions to this many nodes and report the CPU time of a node by stage")

// TestNodeCost measures how steady a node's CPU time is over the SINGLE benchmark set's
// positions, searched as the agent searches them (a fresh engine, the table sized to the
// budget), by empty squares. A node budget sized by the calibration position's rate fills
// a move's time only as far as this time is steady. Run on an idle machine:
//
//	go test ./internal/reversi -run TestNodeCost -node-cost 3000000 -v
func TestNodeCost(t *testing.T) {
	if *nodeCost <= 0 {
		t.Skip("a measurement: run with -node-cost N")
	}
	files, inputs, err := benchset.Read("testdata/single-bench")
	if err != nil {
		t.Fatal(err)
	}
	var costs search.NodeCosts
	cpu := clock.Process{}
	for i, f := range files {
		in, err := ParseInput(f, inputs[i])
		if err != nil {
			t.Fatal(err)
		}
		b := in.Board
		if bits.OnesCount64(b.Moves()) < 2 {
			continue // the agent answers at once
		}
		e := NewEngine(ttLogSize(*nodeCost))
		start := cpu.Used()
		r := e.Search(b, Limits{Nodes: *nodeCost}, nil)
		used := cpu.Used() - start
		if b.Moves()&(1<<r.Move) == 0 {
			t.Fatalf("%s: the search returned %s, not a legal move", f, SquareName(r.Move))
		}
		if r.Nodes >= *nodeCost/2 { // an early end (a solved endgame) says nothing of a node
			costs.Add(bits.OnesCount64(^(b.Own | b.Opp)), float64(used.Nanoseconds())/float64(r.Nodes))
		}
	}
	for _, line := range costs.Report("empties", 8) {
		t.Log(line)
	}
}
