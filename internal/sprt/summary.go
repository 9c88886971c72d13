package sprt

// A test's state in words, for the logs of the games' in-process arenas, which are test
// files of different packages and cannot share code. The tournament writes its own report
// (internal/tournament), with its entries' names and the games it used.

import (
	"fmt"
	"math"
	"strings"
)

// Summary describes the test's state from the tested side, a line for each of the verdict,
// the LLR with its bounds, the pentanomial and trinomial counts and the estimates, e.g.
//
//	verdict  H1 accepted after 7 pairs (14 games): nElo 200 rather than 0
//	LLR      3.423, bounds [-2.944, 2.944] (H0 nElo 0, H1 nElo 200, alpha 0.05, beta 0.05)
//	pairs    LL 0, LD 0, DD/WL 0, WD 0, WW 7 (W-D-L 14-0-0)
//	score    100.0% [100.0%, 100.0%]
//	Elo      +inf [+inf, +inf] (logistic)
//	nElo     +inf [+inf, +inf] (normalized)
//	LOS      100.0%
//
// most is the most pairs the run may play, so that a test still undecided after them is
// called inconclusive (0: no such limit).
func (s *Sequential) Summary(most int) string {
	t, c := s.Test, &s.Counts
	n := c.N()
	verdict := fmt.Sprintf("%v after %d pairs (%d games)", s.Verdict, n, 2*n)
	switch s.Verdict {
	case AcceptH1:
		verdict += fmt.Sprintf(": nElo %g rather than %g", t.Elo1, t.Elo0)
	case AcceptH0:
		verdict += fmt.Sprintf(": nElo %g rather than %g", t.Elo0, t.Elo1)
	default:
		if most > 0 && n >= most {
			verdict = fmt.Sprintf("no bound crossed after %d pairs (%d games), the most: inconclusive", n, 2*n)
		}
	}
	lower, upper := t.Bounds()
	rows := c.Rows()
	rows[1][1] += " (W-D-L " + rows[0][1] + ")" // one line for both views of the games
	lines := append([][2]string{
		{"verdict", verdict},
		{"LLR", fmt.Sprintf("%.3f, bounds [%.3f, %.3f] (H0 nElo %g, H1 nElo %g, alpha %g, beta %g)", s.LLR, lower, upper, t.Elo0, t.Elo1, t.Alpha, t.Beta)},
	}, rows[1:]...)
	var b strings.Builder
	for i, l := range lines {
		if i > 0 {
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, "%-8s %s", l[0], l[1])
	}
	return b.String()
}

// Rows are what the pairs c say, as a report's labelled rows: W-D-L (the games), pairs
// (the pentanomial counts), score, Elo, nElo (each with its 95% interval) and LOS.
func (c *Counts) Rows() [][2]string {
	e := c.Estimate()
	p := c.Pairs
	return [][2]string{
		{"W-D-L", fmt.Sprintf("%d-%d-%d", c.Wins, c.Draws, c.Losses)},
		{"pairs", fmt.Sprintf("LL %d, LD %d, DD/WL %d, WD %d, WW %d", p[0], p[1], p[2], p[3], p[4])},
		{"score", fmt.Sprintf("%s [%s, %s]", percent(e.Score), percent(e.ScoreLow), percent(e.ScoreHigh))},
		{"Elo", fmt.Sprintf("%s [%s, %s] (logistic)", signed(e.Elo), signed(e.EloLow), signed(e.EloHigh))},
		{"nElo", fmt.Sprintf("%s [%s, %s] (normalized)", signed(e.NElo), signed(e.NEloLow), signed(e.NEloHigh))},
		{"LOS", percent(e.LOS)},
	}
}

// percent writes a fraction as a percentage, "-" when the pairs do not determine it.
func percent(v float64) string {
	if math.IsNaN(v) {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", 100*v)
}

// signed writes an Elo difference with its sign, "+inf" or "-inf" for a score of 1 or 0,
// "-" when the pairs do not determine it.
func signed(v float64) string {
	switch {
	case math.IsNaN(v):
		return "-"
	case math.IsInf(v, 1):
		return "+inf"
	case math.IsInf(v, -1):
		return "-inf"
	}
	return fmt.Sprintf("%+.1f", v+0) // +0 makes a negative zero positive
}
