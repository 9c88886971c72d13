// Package sprt is the sequential probability ratio test on game pairs that fishtest and
// fastchess run for chess engines, for the tournament (internal/tournament) and the games'
// in-process arenas alike; it imports only the standard library.
//
// Pairs. Two games played from the same opening or deal, the colours swapped, are a pair;
// the tested side scores 0, ½, 1, 1½ or 2 points in it, and the pair falls into bucket
// k = 0..4 by its half points (LL, LD, DD or WL, WD, WW). The test counts pairs, not games
// (a pentanomial rather than a trinomial model), because the two games of a pair are not
// independent: an opening that favours one colour makes a win and a loss far likelier than
// two wins, and the model that treats each game on its own misjudges the variance
// (overstates it, when openings favour a colour).
//
// Normalized Elo. Let x_k = k/4 be a pair's score per game, μ the mean of x over the pairs
// (the score per game) and V its variance. Were the two games of a pair independent, V
// would be half a game's variance; so σ = √(2V) is the standard deviation per game the
// pairs imply, and the normalized Elo is
//
//	nElo = (μ − ½)/σ · 800/ln 10.
//
// It is the score's distance from even in standard deviations per game (the t-value
// t = (μ − ½)/σ), which is what sets how many games a test needs, whatever the draws: a
// test between t-values t0 and t1 whose truth is one of them takes about 5.3/(t1 − t0)²
// games at 5% error rates (in the Gaussian limit the LLR drifts by (t1 − t0)²/2 a game;
// Wald's approximation of the mean length is 0.9·ln 19 over that). The scale 800/ln 10
// makes it equal the logistic Elo, −400·log10(1/μ − 1) ≈ (μ − ½)·1600/ln 10, for small
// differences between agents that never draw (σ = ½). Draws and a colour advantage make σ
// smaller, so the same logistic difference is a larger normalized one. In the pairs' own
// units the hypothesis nElo = e is s = (μ − ½)/√V = √2·e·ln 10/800.
//
// The generalized log-likelihood ratio. Each hypothesis H_i: nElo = elo_i is a set of
// distributions on the five pair outcomes (every p with (μ(p) − ½)/√V(p) = s_i), so the LLR
// compares the best of each set (Wald's SPRT with the generalized likelihood ratio, as
// fishtest's LLRcalc.py and M. Van den Bergh's notes "Normalized Elo, practical"
// (cantate.be/Fishtest/normalized_elo_practical.pdf) do):
//
//	LLR = N · Σ_k p̂_k log(p1_k/p0_k),
//
// N the pairs, p̂ their distribution and p_i the distribution of H_i that makes the
// observed pairs likeliest (maxLikelihood in mle.go explains how it is found). An empty
// bucket counts as 0.001 pairs (fishtest's value): its p̂_k would be 0, leaving the
// maximum on the simplex's edge where the Lagrange conditions do not hold; a thousandth of
// a pair moves the LLR by about a thousandth of a pair's worth, far below the bounds.
//
// Bounds. With error rates alpha (accepting H1 when H0 holds) and beta, the test accepts
// H0 once LLR ≤ ln(beta/(1−alpha)) and H1 once LLR ≥ ln((1−beta)/alpha) (Wald's
// approximations): ±ln 19 = ±2.944 for alpha = beta = 0.05. Sequential adds pairs one at a
// time in their order and stops at the first crossing, so the verdict depends only on the
// pairs up to it.
//
// Estimates (estimate.go) are the score, logistic Elo and normalized Elo with 95% intervals
// from the pairs' variance, and the likelihood of superiority.
package sprt

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Result is one game's result for the tested side, in half points.
type Result int

const (
	Loss Result = 0
	Draw Result = 1
	Win  Result = 2
)

// Counts are the pairs a test has seen.
type Counts struct {
	// Pairs[k] is the number of pairs in which the tested side scored k half points:
	// LL, LD, DD or WL, WD, WW.
	Pairs [5]int
	// Wins, Draws and Losses are the games of those pairs, the trinomial view.
	Wins, Draws, Losses int
}

// Add counts a pair: the tested side's results in its two games, each Loss, Draw or Win.
func (c *Counts) Add(first, second Result) {
	for _, r := range [2]Result{first, second} {
		switch r {
		case Win:
			c.Wins++
		case Draw:
			c.Draws++
		case Loss:
			c.Losses++
		default:
			panic(fmt.Sprintf("sprt: result %d, want Loss, Draw or Win", r))
		}
	}
	c.Pairs[first+second]++
}

// N is the number of pairs.
func (c *Counts) N() int {
	n := 0
	for _, v := range c.Pairs {
		n += v
	}
	return n
}

// MaxElo bounds the hypotheses' normalized Elo: 500 is a score 1.4 standard deviations per
// game from even, beyond any test worth running, and the constrained maximum (mle.go) is
// checked against a second method up to it.
const MaxElo = 500

// Test is an SPRT: H0 nElo = Elo0 against H1 nElo = Elo1, with the error rates Alpha
// (accepting H1 when H0 holds) and Beta (accepting H0 when H1 holds).
type Test struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
}

// DefaultAlpha and DefaultBeta are the error rates fishtest uses.
const (
	DefaultAlpha = 0.05
	DefaultBeta  = 0.05
)

// Check says what is wrong with t, or nil.
func (t Test) Check() error {
	for _, e := range [2]float64{t.Elo0, t.Elo1} {
		if !(math.Abs(e) <= MaxElo) {
			return fmt.Errorf("nElo %v, want -%d to %d", e, MaxElo, MaxElo)
		}
	}
	if !(t.Elo0 < t.Elo1) {
		return fmt.Errorf("elo0 %v and elo1 %v: want elo0 < elo1", t.Elo0, t.Elo1)
	}
	if !(t.Alpha > 0 && t.Alpha < 0.5) || !(t.Beta > 0 && t.Beta < 0.5) {
		return errors.New("alpha and beta must be above 0 and below 0.5")
	}
	return nil
}

// ParseTest reads a test as a command line gives it, "ELO0,ELO1" or "ELO0,ELO1,ALPHA,BETA"
// (alpha and beta default to DefaultAlpha and DefaultBeta), and checks it, so that every
// flag that takes a test (the games' -arena-sprt) reads it the same way.
func ParseTest(s string) (Test, error) {
	parts := strings.Split(s, ",")
	if len(parts) != 2 && len(parts) != 4 {
		return Test{}, fmt.Errorf("%q: want ELO0,ELO1 or ELO0,ELO1,ALPHA,BETA, e.g. 0,10", s)
	}
	v := [4]float64{0, 0, DefaultAlpha, DefaultBeta}
	for i, p := range parts {
		x, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil {
			return Test{}, fmt.Errorf("%q: %q is not a number", s, p)
		}
		v[i] = x
	}
	t := Test{Elo0: v[0], Elo1: v[1], Alpha: v[2], Beta: v[3]}
	if err := t.Check(); err != nil {
		return Test{}, fmt.Errorf("%q: %v", s, err)
	}
	return t, nil
}

// Bounds are the LLRs at which the test accepts H0 (lower) and H1 (upper).
func (t Test) Bounds() (lower, upper float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// epsilon is the count an empty bucket gets in the LLR (see the package comment).
const epsilon = 1e-3

// nEloScale is normalized Elo per unit of t-value: 800/ln 10 = 347.4.
const nEloScale = 800 / math.Ln10

// pairT is the t-value in the pairs' units, (μ − ½)/√V, of normalized Elo e.
func pairT(e float64) float64 { return math.Sqrt2 * e / nEloScale }

// LLR is the generalized log-likelihood ratio of H1 against H0 for the pairs c.
func (t Test) LLR(c Counts) float64 {
	n := c.N()
	if n == 0 {
		return 0
	}
	var w [5]float64
	total := 0.0
	for k, v := range c.Pairs {
		w[k] = math.Max(float64(v), epsilon)
		total += w[k]
	}
	for k := range w {
		w[k] /= total
	}
	p0, p1 := maxLikelihood(w, pairT(t.Elo0)), maxLikelihood(w, pairT(t.Elo1))
	sum := 0.0
	for k := range w {
		sum += w[k] * math.Log(p1[k]/p0[k])
	}
	return float64(n) * sum
}

// Verdict is where a test stands.
type Verdict int

const (
	Continue Verdict = iota // no bound crossed yet
	AcceptH0
	AcceptH1
)

func (v Verdict) String() string {
	switch v {
	case AcceptH0:
		return "H0 accepted"
	case AcceptH1:
		return "H1 accepted"
	}
	return "continuing"
}

// Decide is the verdict of an LLR.
func (t Test) Decide(llr float64) Verdict {
	lower, upper := t.Bounds()
	switch {
	case llr >= upper:
		return AcceptH1
	case llr <= lower:
		return AcceptH0
	}
	return Continue
}

// Sequential runs a test over pairs given one at a time, in their order: the verdict is
// the first bound the LLR crosses, and pairs given after it are not counted, so the
// verdict, the counts and the LLR depend only on the pairs up to the decision.
type Sequential struct {
	Test    Test
	Counts  Counts  // the pairs counted: all of them, or those up to the decision
	LLR     float64 // after the last pair counted
	Verdict Verdict
}

// Add counts the next pair unless the test has decided, and returns the verdict.
func (s *Sequential) Add(first, second Result) Verdict {
	if s.Verdict != Continue {
		return s.Verdict
	}
	s.Counts.Add(first, second)
	s.LLR = s.Test.LLR(s.Counts)
	s.Verdict = s.Test.Decide(s.LLR)
	return s.Verdict
}

// FromFlag is the sequential test a flag's value asks for (ParseTest), nil for an empty
// value: the games' arenas run one only when asked.
func FromFlag(s string) (*Sequential, error) {
	if s == "" {
		return nil, nil
	}
	t, err := ParseTest(s)
	if err != nil {
		return nil, err
	}
	return &Sequential{Test: t}, nil
}
