package quoridor

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
	"time"

	"gameagents/internal/gamefile"
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
	files, _ := filepath.Glob("testdata/single-bench/*.txt")
	var nodes int64
	start := time.Now()
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		in, err := ParseInput(f, gamefile.SplitLines(string(data)))
		if err != nil {
			t.Fatal(err)
		}
		if in.Position.Result() != Undecided {
			continue
		}
		e := NewEngine(18)
		if *depthProbeVariant != "" {
			arenaVariants[*depthProbeVariant](&e.Features)
		}
		nodes += e.Search(&in.Position, Limits{MaxDepth: *depthProbe}, nil).Nodes
	}
	t.Logf("%d positions to depth %d: %d nodes, %v", len(files), *depthProbe, nodes, time.Since(start))
}
