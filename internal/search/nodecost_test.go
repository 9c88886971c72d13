package search

import (
	"strings"
	"testing"
)

func TestNodeCostsReport(t *testing.T) {
	var c NodeCosts
	if got := c.Report("ply", 10); len(got) != 1 || got[0] != "no positions measured" {
		t.Fatalf("empty report %q", got)
	}
	// Stage 0-9 at 100 ns, stage 20-29 at 200 and 400: the median of all is 200.
	for _, s := range []struct {
		stage int
		ns    float64
	}{{1, 100}, {5, 100}, {22, 200}, {25, 400}, {28, 200}} {
		c.Add(s.stage, s.ns)
	}
	got := c.Report("ply", 10)
	want := []string{
		"5 positions, a node's CPU time: median 200 ns; over the median: 10th percentile 0.50, 90th 2.00, least 0.50, most 2.00",
		"ply   0-  9:   2 positions, median 0.50 of all's",
		"ply  20- 29:   3 positions, median 1.00 of all's",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("report\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if c.Len() != 5 {
		t.Fatalf("Len %d, want 5", c.Len())
	}
}
