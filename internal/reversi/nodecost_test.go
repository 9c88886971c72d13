package reversi

import (
	"flag"
	"fmt"
	"io"
	"maps"
	"math/bits"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gameagents/internal/agent"
	"gameagents/internal/benchset"
	"gameagents/internal/clock"
	"gameagents/internal/referee"
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

var nodeCostGames = flag.String("node-cost-games", "",
	"TestNodeCostInGames: a tournament's directory; report the CPU time of a node by empty squares from its Reversi agents' logs")

// TestNodeCostInGames reads the logs the Reversi agent wrote in a tournament's games (each
// move's plan, node budget, nodes searched and CPU used) and reports, by empty squares, a
// node's CPU time over the calibration position's (the tournament's calibration.txt), and
// how many moves the guard ended. Run on a gauntlet at SINGLE 1 s:
//
//	go test ./internal/reversi -run TestNodeCostInGames -node-cost-games $PWD/results/tournaments/reversi-anchors-1s-pc10 -v
func TestNodeCostInGames(t *testing.T) {
	if *nodeCostGames == "" {
		t.Skip("a measurement: run with -node-cost-games DIR")
	}
	rate := agent.ReadCalibration(filepath.Join(*nodeCostGames, "calibration.txt"), Game{}, io.Discard)
	texts, err := referee.AgentLogs(*nodeCostGames)
	if err != nil {
		t.Fatal(err)
	}
	byEmpties := map[int]*gameMoveCosts{}
	for _, text := range texts {
		for _, m := range parseAgentLog(text) {
			c := byEmpties[m.empties]
			if c == nil {
				c = &gameMoveCosts{}
				byEmpties[m.empties] = c
			}
			c.add(m, rate)
		}
	}
	for _, e := range slices.Sorted(maps.Keys(byEmpties)) {
		if line := byEmpties[e].report(e); line != "" {
			t.Log(line)
		}
	}
}

// loggedMove is one searched move of an agent's log.
type loggedMove struct {
	empties       int
	nodes, budget int64
	plan, hard    float64 // seconds
	used          float64 // CPU seconds
}

var (
	logPly    = regexp.MustCompile(`^--- ply (\d+) ---`)
	logSearch = regexp.MustCompile(`^reversi: \w+ plays \S+: depth \d+, score \S+, (\d+) nodes`)
	logPlan   = regexp.MustCompile(`^reversi: SINGLE [\d.]+, planned ([\d.]+)s \(hard ([\d.]+)s, (\d+) nodes\), used ([\d.]+)s CPU`)
)

// parseAgentLog returns the searched moves of a Reversi agent's tournament log. The empty
// squares are counted from the referee's ply (61 - ply: a pass before the end is rare).
func parseAgentLog(text string) []loggedMove {
	var out []loggedMove
	ply, nodes := 0, int64(-1)
	for _, line := range strings.Split(text, "\n") {
		if m := logPly.FindStringSubmatch(line); m != nil {
			ply, _ = strconv.Atoi(m[1])
			nodes = -1
		} else if m := logSearch.FindStringSubmatch(line); m != nil {
			nodes, _ = strconv.ParseInt(m[1], 10, 64)
		} else if m := logPlan.FindStringSubmatch(line); m != nil && nodes >= 0 && ply > 0 {
			var mv loggedMove
			mv.empties, mv.nodes = 61-ply, nodes
			mv.plan, _ = strconv.ParseFloat(m[1], 64)
			mv.hard, _ = strconv.ParseFloat(m[2], 64)
			mv.budget, _ = strconv.ParseInt(m[3], 10, 64)
			mv.used, _ = strconv.ParseFloat(m[4], 64)
			out = append(out, mv)
			nodes = -1
		}
	}
	return out
}

// gameMoveCosts gathers the moves of one count of empty squares.
type gameMoveCosts struct {
	cost, used []float64
	guarded    int
}

// add counts a move; a move that searched less than a third of its budget (a proof that
// ended early) says nothing of a node's cost.
func (c *gameMoveCosts) add(m loggedMove, rate float64) {
	c.used = append(c.used, m.used)
	if m.used >= m.hard-0.0015 {
		c.guarded++
	}
	if m.nodes > 0 && m.nodes*3 >= m.budget {
		c.cost = append(c.cost, m.used/float64(m.nodes)*rate)
	}
}

func (c *gameMoveCosts) report(empties int) string {
	if len(c.cost) == 0 {
		return ""
	}
	slices.Sort(c.cost)
	slices.Sort(c.used)
	q := func(v []float64, f float64) float64 { return v[min(len(v)-1, int(f*float64(len(v))))] }
	return fmt.Sprintf("%2d empties: %3d moves, %3d ended by the guard; CPU median %.3f s; a node over the calibration's: median %.2f, 75th pct %.2f, 90th %.2f, most %.2f",
		empties, len(c.used), c.guarded, q(c.used, 0.5), q(c.cost, 0.5), q(c.cost, 0.75), q(c.cost, 0.9), c.cost[len(c.cost)-1])
}

// TestNodeCostByEmpties checks the node cost the agent divides its budget by: within the
// range the agent believes (a value outside would be clamped, silently), at least the
// midgame's wherever the search reaches the end of the game, and read from the position's
// own empty squares.
func TestNodeCostByEmpties(t *testing.T) {
	mid := nodeCostByEmpties(60)
	for e := 0; e <= 60; e++ {
		c := nodeCostByEmpties(e)
		if c < 0.5 || c > 2 {
			t.Errorf("%d empties: node cost %.2f, outside [0.5, 2]", e, c)
		}
		if e < 29 && c < mid {
			t.Errorf("%d empties: node cost %.2f, below the midgame's %.2f", e, c, mid)
		}
	}
	for _, tc := range []struct {
		name    string
		squares int // discs to place on a1, b1, ... beyond the four in the centre
		want    float64
	}{
		{"the start, 60 empties", 0, nodeCostByEmpties(60)},
		{"22 empties", 38, nodeCostByEmpties(22)},
		{"10 empties", 50, nodeCostByEmpties(10)},
	} {
		b := Start()
		for sq := 0; tc.squares > 0; sq++ {
			if (b.Own|b.Opp)&(1<<sq) == 0 {
				b.Own |= 1 << sq
				tc.squares--
			}
		}
		p := &position{in: &Input{Position: Position{Board: b}}}
		if got := p.NodeCost(); got != tc.want {
			t.Errorf("%s: NodeCost %.2f, want %.2f", tc.name, got, tc.want)
		}
	}
}
