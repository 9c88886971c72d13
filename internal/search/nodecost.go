package search

import (
	"fmt"
	"slices"
)

// NodeCosts collects the CPU time a node took over many positions, with each position's
// stage (a ply, the empty squares, the pieces on the board), for the games' TestNodeCost
// measurements. A node budget sized by the calibration position's rate fills a move's time
// only as far as this time is the same everywhere, so the report says how far it is not:
// the spread over all the positions and the median of each stage, both relative to the
// median of all.
type NodeCosts struct {
	stages []int
	ns     []float64
}

// Add records a position of the given stage whose search took ns CPU nanoseconds a node.
func (c *NodeCosts) Add(stage int, ns float64) {
	c.stages = append(c.stages, stage)
	c.ns = append(c.ns, ns)
}

// Len is the number of positions recorded.
func (c *NodeCosts) Len() int { return len(c.ns) }

// Report returns the summary lines: the spread over every position, then one line per
// stage interval of the given width (named by stageName) that holds a position.
func (c *NodeCosts) Report(stageName string, width int) []string {
	if len(c.ns) == 0 {
		return []string{"no positions measured"}
	}
	all := slices.Sorted(slices.Values(c.ns))
	mid := all[len(all)/2]
	lines := []string{fmt.Sprintf("%d positions, a node's CPU time: median %.0f ns; over the median: 10th percentile %.2f, 90th %.2f, least %.2f, most %.2f",
		len(all), mid, all[len(all)/10]/mid, all[len(all)*9/10]/mid, all[0]/mid, all[len(all)-1]/mid)}
	last := slices.Max(c.stages)
	for lo := slices.Min(c.stages) / width * width; lo <= last; lo += width {
		var stage []float64
		for i, s := range c.stages {
			if s >= lo && s < lo+width {
				stage = append(stage, c.ns[i])
			}
		}
		if len(stage) > 0 {
			slices.Sort(stage)
			lines = append(lines, fmt.Sprintf("%s %3d-%3d: %3d positions, median %.2f of all's", stageName, lo, lo+width-1, len(stage), stage[len(stage)/2]/mid))
		}
	}
	return lines
}
