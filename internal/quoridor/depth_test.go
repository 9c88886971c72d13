package quoridor

import (
	"flag"
	"testing"
	"time"
)

var (
	depthProbe        = flag.Int("depth-probe", 0, "search every SINGLE benchmark position to this depth and report the nodes and CPU (0: skip)")
	depthProbeVariant = flag.String("depth-probe-variant", "", "the engine variant probed (arenaVariants; none: the default engine)")
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
	start := time.Now()
	for _, p := range positions {
		e := NewEngine(18)
		if ok {
			change(&e.Features)
		}
		nodes += e.Search(p, Limits{MaxDepth: *depthProbe}, nil).Nodes
	}
	t.Logf("%d positions to depth %d: %d nodes, %v", len(positions), *depthProbe, nodes, time.Since(start))
}
