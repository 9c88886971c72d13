package quoridor

import (
	"flag"
	"slices"
	"testing"

	"gameagents/internal/clock"
)

var (
	depthProbe        = flag.Int("depth-probe", 0, "search every SINGLE benchmark position to this depth and report the nodes and CPU (0: skip)")
	depthProbeVariant = flag.String("depth-probe-variant", "", "the engine variant probed (arenaVariants; none: the default engine)")
	unitProbe         = flag.Int64("unit-probe", 0, "search every SINGLE benchmark position for this many units and report its CPU per unit against the calibration position's (0: skip)")
)

// TestDepthProbe measures what a fixed depth costs over the SINGLE benchmark set: the
// nodes and the time of searches to -depth-probe plies, for comparing move orders.
func TestDepthProbe(t *testing.T) {
	if *depthProbe == 0 {
		t.Skip("a measurement: run with -depth-probe D")
	}
	change, ok := arenaVariants[*depthProbeVariant]
	if *depthProbeVariant != "" && !ok {
		t.Fatalf("unknown engine variant %q", *depthProbeVariant)
	}
	positions := singleBenchPositions(t)
	var nodes int64
	start := clock.Process{}.Used()
	for _, p := range positions {
		e := NewEngine(18)
		if ok {
			change(&e.Features)
		}
		nodes += e.Search(p, Limits{MaxDepth: *depthProbe}, nil).Nodes
	}
	t.Logf("%d positions to depth %d: %d units, %v of CPU", len(positions), *depthProbe, nodes, clock.Process{}.Used()-start)
}

// TestUnitProbe measures how well the budget's units track CPU time: every SINGLE benchmark
// position is searched for -unit-probe units as the agent searches it, and its rate in units
// per CPU second is divided by the calibration position's. The spread of these ratios is
// what the SINGLE share must leave room for (SingleShare); rowsPerUnit and wideRows are
// chosen to keep it narrow.
func TestUnitProbe(t *testing.T) {
	if *unitProbe == 0 {
		t.Skip("a measurement: run with -unit-probe N")
	}
	// rate is the units per CPU second of a search of p, false when the search ended
	// before half its units (a forced move or result), where start-up costs dominate.
	rate := func(p *Position) (float64, bool) {
		e := NewEngine(ttLogSize(*unitProbe))
		start := clock.Process{}.Used()
		units := e.Search(p, Limits{Nodes: *unitProbe}, nil).Nodes
		return float64(units) / (clock.Process{}.Used() - start).Seconds(), units >= *unitProbe/2
	}
	base, _ := rate(calibrationPosition())
	var ratios []float64
	positions := singleBenchPositions(t)
	for _, p := range positions {
		if r, ok := rate(p); ok {
			ratios = append(ratios, r/base)
		}
	}
	slices.Sort(ratios)
	n := len(ratios)
	t.Logf("calibration position %.2f M units/s; %d of %d positions searched to their budget, at %.2f (min) %.2f (10%%) %.2f (median) %.2f (90%%) %.2f (max) of its rate",
		base/1e6, n, len(positions), ratios[0], ratios[n/10], ratios[n/2], ratios[n*9/10], ratios[n-1])
}
