package sprt

// The constrained maximum likelihood: the distribution p on the five pair scores
// x_k = k/4 that maximizes Σ w_k log p_k (w the observed distribution, every w_k > 0)
// among those whose t-value (μ − ½)/σ is s, where μ = Σ p_k x_k and σ² = Σ p_k (x_k − μ)².
//
// The Lagrange conditions. With g(p) = μ − ½ − s·σ, the maximum of Σ w log p − γ(Σ p − 1)
// − λ·g has w_k/p_k = γ + λ·∂g/∂p_k, where ∂g/∂p_k = x_k − s·(x_k² − 2μx_k)/(2σ).
// Multiplying by p_k and summing gives γ = 1 − λ·Σ_j p_j ∂g/∂p_j, so
//
//	p_k = w_k / (1 + λ·ψ_k),   ψ_k = (x_k − μ) − s·((x_k − μ)² − σ²)/(2σ),
//
// ψ being ∂g/∂p_k less its mean under p. ψ depends on p only through μ and σ, and on the
// constraint both follow from one number, d = μ − ½ (σ = d/s, so d has s's sign). Given d,
// ψ is known and λ is the root of the secular equation Σ w_k ψ_k/(1 + λψ_k) = 0 (tilt):
// then Σ p_k = 1 and Σ p_k ψ_k = 0. What is left is that p's mean be the ½ + d assumed:
// if it is, Σ p ψ = 0 says p's variance is σ², so p meets the constraint and the Lagrange
// conditions. The stationary points are therefore the roots d of
//
//	h(d) = Σ_k p_k(d)·x_k − ½ − d,
//
// a one-dimensional equation. It can have several roots: when s and the observed t-value
// are on opposite sides of 0 the set of distributions with t-value s is not convex, and
// with the pairs piled on one outcome (every pair split 1-1, as deterministic agents on
// openings that favour a colour produce) the likelihood has two local maxima, the extra
// score coming from ¾ or from 1. So maxLikelihood scans the whole range of d for sign
// changes of h, refines each by bisection and keeps the root of highest likelihood,
// rather than iterate from one start (fishtest's LLRcalc iterates on μ and σ from the
// uniform distribution, which finds one stationary point).
//
// The range of d (s > 0; s < 0 is its mirror image). A distribution on [0, 1] with mean m
// has variance at most m(1 − m), so (d/s)² ≤ (½ + d)(½ − d) bounds d by dMax =
// ½s/√(1+s²). Below, ψ as a function of x is a parabola, negative at x = ½, positive
// between m − d(√(1+s²) − 1)/s² and m + d(√(1+s²) + 1)/s²: the secular equation has a
// root only once that interval reaches a grid point, ¾ first, at dLow =
// dMax·s/(2(1 + √(1+s²))). Just above dLow the solution piles onto ¾, above ½ + d, so
// h > 0 there; h < 0 at dMax (a mean at least ½ + dMax with Σ p ψ = 0 would need p on 0
// and 1 alone): h has at least one root in between. The scan takes mleGrid points spaced
// evenly in log d from dLow/2 to dMax, counting a d without a root of the secular
// equation as h > 0 (its limit from above).

import "math"

// mleGrid is the number of steps of the scan; the ratio of neighbouring points is then
// under 1.1 for any |s| above 1e-4 (nElo 0.02). Roots closer than that can only hide a
// local maximum a hair higher than the local minimum beside it, so missing them costs
// next to nothing; the test checks the scan against a dense search.
const mleGrid = 128

// pairScore is a pair's score per game in bucket k: 0, ¼, ½, ¾, 1.
func pairScore(k int) float64 { return float64(k) / 4 }

// maxLikelihood returns the distribution of t-value s that maximizes Σ w_k log p_k.
func maxLikelihood(w [5]float64, s float64) [5]float64 {
	if s == 0 {
		// The constraint is μ = ½, linear: p_k = w_k/(1 + λ(x_k − ½)).
		var psi [5]float64
		for k := range psi {
			psi[k] = pairScore(k) - 0.5
		}
		p, _ := tilt(w, psi)
		return p
	}
	a := math.Abs(s)
	root := math.Sqrt(1 + a*a)
	dMax := 0.5 * a / root
	dLow := dMax * a / (2 * (1 + root))
	from := dLow / 2
	ratio := math.Pow(dMax/from, 1.0/mleGrid)
	best, bestL := [5]float64{}, math.Inf(-1)
	prev, prevH := 0.0, 0.0
	for j := 0; j <= mleGrid; j++ {
		d := from * math.Pow(ratio, float64(j))
		if j == mleGrid {
			d = dMax
		}
		_, h := excess(w, s, d)
		if j > 0 && (prevH > 0) != (h > 0) {
			p := refine(w, s, prev, d)
			if l := logLikelihood(w, p); l > bestL {
				best, bestL = p, l
			}
		}
		prev, prevH = d, h
	}
	return best
}

// excess returns p(d), the solution of the Lagrange conditions for |μ − ½| = d, and h(d)
// signed so that h > 0 means p's mean lies further from ½ than d; 1 (and a zero p) when
// the secular equation has no root there.
func excess(w [5]float64, s, d float64) (p [5]float64, h float64) {
	if s < 0 {
		d = -d
	}
	sigma := d / s
	var psi [5]float64
	for k := range psi {
		u := pairScore(k) - 0.5 - d
		psi[k] = u - s*(u*u-sigma*sigma)/(2*sigma)
	}
	p, ok := tilt(w, psi)
	if !ok {
		return p, 1
	}
	mean := 0.0
	for k := range p {
		mean += p[k] * pairScore(k)
	}
	h = mean - 0.5 - d
	if s < 0 {
		h = -h
	}
	return p, h
}

// refine bisects the sign change of h between |d| = lo and hi and returns p at the root.
func refine(w [5]float64, s, lo, hi float64) [5]float64 {
	_, hLo := excess(w, s, lo)
	for range 100 {
		mid := lo + (hi-lo)/2
		if mid <= lo || mid >= hi {
			break
		}
		_, h := excess(w, s, mid)
		if (h > 0) == (hLo > 0) {
			lo = mid
		} else {
			hi = mid
		}
	}
	p, _ := excess(w, s, lo+(hi-lo)/2)
	return p
}

// logLikelihood is Σ w_k log p_k.
func logLikelihood(w, p [5]float64) float64 {
	l := 0.0
	for k := range w {
		l += w[k] * math.Log(p[k])
	}
	return l
}

// tilt solves the secular equation F(λ) = Σ w_k ψ_k/(1 + λψ_k) = 0 and returns
// p_k = w_k/(1 + λψ_k), a distribution (Σ p_k = Σ w_k − λ·F(λ) = 1) with Σ p_k ψ_k = 0; ok
// is false when ψ has one sign, so that no such p exists. λ must keep every 1 + λψ_k
// positive, which bounds it to an interval holding 0, at whose ends F runs from +∞ to −∞,
// falling throughout (F' = −Σ w ψ²/(1+λψ)²): Newton's steps find the one root, bisection
// standing in for a step that would leave the interval.
func tilt(w, psi [5]float64) (p [5]float64, ok bool) {
	lo, hi := math.Inf(-1), math.Inf(1)
	for _, v := range psi {
		if v > 0 {
			lo = math.Max(lo, -1/v)
		} else if v < 0 {
			hi = math.Min(hi, -1/v)
		}
	}
	if math.IsInf(lo, 0) || math.IsInf(hi, 0) {
		return p, false
	}
	lambda := 0.0
	for range 200 {
		f, df, steep := 0.0, 0.0, 0.0
		for k, v := range psi {
			q := v / (1 + lambda*v)
			f += w[k] * q
			df -= w[k] * q * q
			steep = math.Max(steep, math.Abs(q))
		}
		next := lambda - f/df
		if next == lambda {
			break
		}
		if f > 0 {
			lo = lambda
		} else {
			hi = lambda
		}
		if !(next > lo && next < hi) {
			next = lo + (hi-lo)/2
		}
		// A step of δ changes p_k by the fraction δψ_k/(1 + λψ_k): stop once that is
		// at rounding level for every k.
		step := math.Abs(next - lambda)
		lambda = next
		if step*steep <= 1e-15 {
			break
		}
	}
	for k, v := range psi {
		p[k] = w[k] / (1 + lambda*v)
	}
	return p, true
}
