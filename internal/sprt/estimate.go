package sprt

// Estimates for a report: what the pairs say about the tested side's strength, with 95%
// intervals from the pairs' own variance (so the correlation within a pair is accounted
// for, as the trinomial model's intervals would not).

import "math"

// z95 is the normal quantile of a two-sided 95% interval, as the tournament's other
// intervals use it.
const z95 = 1.96

// Estimate is what the pairs say. A value the pairs do not determine is NaN (none without
// pairs); a score of 0 or 1 is an infinite Elo.
type Estimate struct {
	// Score is the mean score per game, μ = Σ_k n_k·(k/4)/N, and [ScoreLow, ScoreHigh]
	// its interval μ ± 1.96·√(V/N), V the variance of a pair's score per game, clipped to
	// [0, 1].
	Score, ScoreLow, ScoreHigh float64
	// Elo is the logistic Elo of the score, −400·log10(1/μ − 1), and the interval that of
	// the score's ends.
	Elo, EloLow, EloHigh float64
	// NElo is the normalized Elo (μ − ½)/√(2V)·800/ln 10, and the interval that of the
	// score's ends (unclipped) on the same scale: ±1.96·800/ln 10/√(2N), the same for any
	// pairs of N (the normalized Elo's point: its precision is the number of games').
	NElo, NEloLow, NEloHigh float64
	// LOS, the likelihood of superiority, is the probability that the true score is above
	// ½: Φ((μ − ½)/√(V/N)), ½ when the pairs do not tell.
	LOS float64
}

// Estimate returns the estimates of the pairs c.
func (c *Counts) Estimate() Estimate {
	nan := math.NaN()
	e := Estimate{nan, nan, nan, nan, nan, nan, nan, nan, nan, nan}
	n := float64(c.N())
	if n == 0 {
		return e
	}
	mu, v := 0.0, 0.0
	for k, m := range c.Pairs {
		mu += float64(m) * pairScore(k)
	}
	mu /= n
	for k, m := range c.Pairs {
		u := pairScore(k) - mu
		v += float64(m) * u * u
	}
	v /= n
	se := math.Sqrt(v / n)
	lo, hi := mu-z95*se, mu+z95*se
	e.Score, e.ScoreLow, e.ScoreHigh = mu, math.Max(lo, 0), math.Min(hi, 1)
	e.Elo, e.EloLow, e.EloHigh = logisticElo(mu), logisticElo(e.ScoreLow), logisticElo(e.ScoreHigh)
	sigma := math.Sqrt(2 * v)
	if sigma > 0 {
		e.NElo, e.NEloLow, e.NEloHigh = (mu-0.5)/sigma*nEloScale, (lo-0.5)/sigma*nEloScale, (hi-0.5)/sigma*nEloScale
	} else if mu != 0.5 {
		// Every pair alike and not even: as far from even as it gets.
		inf := math.Inf(int(math.Copysign(1, mu-0.5)))
		e.NElo, e.NEloLow, e.NEloHigh = inf, inf, inf
	}
	e.LOS = 0.5
	switch {
	case se > 0:
		e.LOS = 0.5 * math.Erfc(-(mu-0.5)/se/math.Sqrt2)
	case mu > 0.5:
		e.LOS = 1
	case mu < 0.5:
		e.LOS = 0
	}
	return e
}

// logisticElo is the Elo difference at which the logistic model expects score mu.
func logisticElo(mu float64) float64 {
	return -400 * math.Log10(1/mu-1)
}
