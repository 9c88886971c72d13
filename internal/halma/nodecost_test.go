package halma

import (
	"flag"
	"math/rand"
	"slices"
	"testing"

	"gameagents/internal/clock"
	"gameagents/internal/search"
)

var nodeCost = flag.Int64("node-cost", 0,
	"TestNodeCost: search self-play positions to this many nodes and report the CPU time of a node by stage")

// TestNodeCost measures how steady a node's CPU time is over a game: it plays four
// self-play games from seeded random openings and searches every fourth position to
// -node-cost nodes with a fresh engine, as the agent does. A node budget sized by the
// calibration position's rate spends a move's time only as far as this cost is steady
// (genMovesPerNode). Run on an idle machine:
//
//	go test ./internal/halma -run TestNodeCost -node-cost 600000 -v
func TestNodeCost(t *testing.T) {
	if *nodeCost <= 0 {
		t.Skip("a measurement: run with -node-cost N")
	}
	var costs search.NodeCosts
	var g Generator
	cpu := clock.Process{}
	for game := range 4 {
		rng := rand.New(rand.NewSource(int64(game)))
		b, c := StartBoard(), Black
		player := NewEngine(1 << 16)
		for ply := 0; ply < 300; ply++ {
			moves := g.Generate(b, c, Preferred, make([]Move, 0, MaxMoves))
			if _, _, over := b.Decided(c); over || len(moves) == 0 {
				break
			}
			if ply%4 == 0 {
				e := NewEngine(int(min(max(*nodeCost/4, 1<<12), 1<<22)))
				start := cpu.Used()
				r := e.Search(b, c, Limits{Nodes: *nodeCost}, nil)
				used := cpu.Used() - start
				if !slices.Contains(moves, r.Move) {
					t.Fatalf("game %d ply %d: the search returned %v, not a legal move", game, ply, r.Move)
				}
				// A search that ended early (a forced win, one move) says nothing of a node.
				if r.Nodes >= *nodeCost/2 {
					ns := float64(used.Nanoseconds()) / float64(r.Nodes)
					costs.Add(ply, ns)
					t.Logf("game %d ply %3d: %3d moves, %7d nodes, depth %2d, %.0f ns a node",
						game, ply, len(moves), r.Nodes, r.Depth, ns)
				}
			}
			var m Move
			if ply < 4 {
				m = moves[rng.Intn(len(moves))]
			} else {
				player.ClearTT()
				m = player.Search(b, c, Limits{Nodes: 20_000}, nil).Move
			}
			b.Move(m.From, m.To)
			c = c.Other()
		}
	}
	if costs.Len() < 20 {
		t.Fatalf("only %d positions measured", costs.Len())
	}
	for _, line := range costs.Report("plies", 40) {
		t.Log(line)
	}
}
