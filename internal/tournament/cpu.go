package tournament

// The CPU table of a report: how much of its time each entry spends a move, from the
// moves' CPU times the result files keep (as the referee charged them), so that a change to
// an agent's time management is seen in the same report as its score.

import (
	"fmt"
	"io"
	"slices"
	"text/tabwriter"
)

// cpuTable writes each entry's moves, the median, mean and longest CPU time of a move, over
// the games whose result files keep the moves' times; nothing when none does (files
// written before they were kept).
func cpuTable(w io.Writer, t *Tournament, done []Outcome) {
	moves := make([][]int, len(t.Entries))
	games := 0
	for i := range done {
		o := &done[i]
		if o.CPU[0] == nil {
			continue
		}
		games++
		moves[o.Game.A] = append(moves[o.Game.A], o.CPU[0]...)
		moves[o.Game.B] = append(moves[o.Game.B], o.CPU[1]...)
	}
	if games == 0 {
		return
	}
	fmt.Fprintf(w, "\nCPU a move, as the referee charged it (%d games)\n", games)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "entry\tmoves\tmedian\tmean\tlongest\t")
	for i, e := range t.Entries {
		m := moves[i]
		if len(m) == 0 {
			fmt.Fprintf(tw, "%s\t0\t-\t-\t-\t\n", e.Name)
			continue
		}
		s := slices.Clone(m)
		slices.Sort(s)
		sum := 0
		for _, v := range s {
			sum += v
		}
		fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t%s\t\n", e.Name, len(s), seconds(medianMillis(s)),
			seconds(float64(sum)/float64(len(s))), seconds(float64(s[len(s)-1])))
	}
	tw.Flush()
}

// medianMillis is the median of sorted values: the middle one, or the mean of the two.
func medianMillis(sorted []int) float64 {
	n := len(sorted)
	if n%2 == 1 {
		return float64(sorted[n/2])
	}
	return float64(sorted[n/2-1]+sorted[n/2]) / 2
}

// seconds writes milliseconds as seconds with three decimals.
func seconds(ms float64) string { return fmt.Sprintf("%.3fs", ms/1000) }
