package train

import (
	"fmt"
	"math"

	"gameagents/internal/reversi"
)

// Average returns the weights whose every entry is the mean of the files' entries,
// rounded: an ensemble of fits made on different data, which shrinks each fit's own noise
// (the weight of a configuration that one data set happened to see in a few positions).
// The files must map the empties to the same phases.
func Average(ws []*reversi.PatternWeights) (*reversi.PatternWeights, error) {
	if len(ws) == 0 {
		return nil, fmt.Errorf("no weights to average")
	}
	first := ws[0]
	for k, w := range ws[1:] {
		if w.Phase != first.Phase || len(w.W) != len(first.W) {
			return nil, fmt.Errorf("weights %d map the empties to other phases than weights 1", k+2)
		}
	}
	avg := &reversi.PatternWeights{Phase: first.Phase, W: make([][]int16, len(first.W))}
	for p := range avg.W {
		t := make([]int16, len(first.W[p]))
		for i := range t {
			var sum float64
			for _, w := range ws {
				sum += float64(w.W[p][i])
			}
			t[i] = int16(math.Round(sum / float64(len(ws))))
		}
		avg.W[p] = t
	}
	return avg, nil
}
