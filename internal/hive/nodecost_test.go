package hive

import (
	"flag"
	"slices"
	"testing"

	"gameagents/internal/benchset"
	"gameagents/internal/clock"
	"gameagents/internal/search"
)

var nodeCost = flag.Int64("node-cost", 0,
	"TestNodeCost: search the SINGLE benchmark set's positions to this many nodes and report the CPU time of a node by pieces on the board")

// TestNodeCost measures how steady a node's CPU time is over the SINGLE benchmark set's
// positions, searched as the agent searches them, by pieces on the board: first per node,
// then per node of the budget (the time over NodeCost, which the agent divides the budget
// by). Run on an idle machine:
//
//	go test ./internal/hive -run TestNodeCost -node-cost 1000000 -v
func TestNodeCost(t *testing.T) {
	if *nodeCost <= 0 {
		t.Skip("a measurement: run with -node-cost N")
	}
	files, inputs, err := benchset.Read("testdata/single-bench")
	if err != nil {
		t.Fatal(err)
	}
	var perNode, perBudgetNode search.NodeCosts
	cpu := clock.Process{}
	for i, f := range files {
		in, err := ParseInput(f, inputs[i])
		if err != nil {
			t.Fatal(err)
		}
		pos := in.Position()
		if _, over := pos.Decided(); over {
			continue
		}
		b := NewBoard(pos)
		moves := RootMoves(b, make([]PackedMove, 0, MaxMoves))
		if len(moves) < 2 {
			continue // the agent answers at once
		}
		e := NewEngine(ttLogSize(*nodeCost))
		start := cpu.Used()
		r := e.Search(b, Limits{Nodes: *nodeCost}, nil)
		used := cpu.Used() - start
		if !slices.Contains(moves, r.Move) {
			t.Fatalf("%s: the search returned a move not among the legal ones", f)
		}
		if r.Nodes < *nodeCost/2 {
			continue // a forced end says nothing of a node
		}
		ns := float64(used.Nanoseconds()) / float64(r.Nodes)
		pieces := piecesOnBoard(in)
		perNode.Add(pieces, ns)
		perBudgetNode.Add(pieces, ns/(&agentPosition{in: in}).NodeCost())
	}
	t.Log("per node:")
	for _, line := range perNode.Report("pieces", 4) {
		t.Log(line)
	}
	t.Log("per node of the budget:")
	for _, line := range perBudgetNode.Report("pieces", 4) {
		t.Log(line)
	}
}
