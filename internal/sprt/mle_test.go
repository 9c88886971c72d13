package sprt

import (
	"math"
	"testing"
)

// profileMax finds the constrained maximum a second, deliberately different way, sharing
// no code with mle.go: it maximizes the profile likelihood over the mean by a dense
// search. For a fixed distance a = |μ − ½| the constraint fixes the mean and the variance,
// two linear constraints, and the best distribution under them is the empirical
// likelihood of Owen (1988), found by Newton's method on its convex dual (dualMax); the
// outer maximum over a is a scan of logProfileGrid points spaced evenly in log a (eight
// times as many as maxLikelihood's, and over a wider range), refined
// by golden-section search between the best point's neighbours. For s = 0 the mean is ½
// and the scan runs over the variance instead.
func profileMax(w [5]float64, s float64) (p [5]float64, l float64) {
	var profile func(a float64) ([5]float64, float64)
	var from, to float64
	if s == 0 {
		profile = func(v float64) ([5]float64, float64) { return dualMax(w, 0.5, v) }
		from, to = 1e-14, 0.25
	} else {
		sign := math.Copysign(1, s)
		profile = func(a float64) ([5]float64, float64) {
			return dualMax(w, 0.5+sign*a, (a/s)*(a/s))
		}
		// The largest a any distribution on [0, 1] allows: (a/s)² ≤ (½+a)(½−a).
		to = 0.5 * math.Abs(s) / math.Sqrt(1+s*s) * (1 - 1e-12)
		from = to * 1e-4 // below the least a any root needs for |nElo| ≥ 2 (mle.go's dLow)
	}
	const logProfileGrid = 1000
	ratio := math.Pow(to/from, 1.0/logProfileGrid)
	at := func(j int) float64 { return from * math.Pow(ratio, float64(min(max(j, 0), logProfileGrid))) }
	var ls [logProfileGrid + 1]float64
	for j := range ls {
		_, ls[j] = profile(at(j))
	}
	l = math.Inf(-1)
	for j := range ls {
		if (j > 0 && ls[j-1] > ls[j]) || (j < logProfileGrid && ls[j+1] > ls[j]) || math.IsInf(ls[j], -1) {
			continue
		}
		// A local maximum of the grid: golden-section search between its neighbours.
		// Every one, not only the highest: pairs all split 1-1 have two maxima of
		// almost the same height (two-point distributions on ½ and ¾, or on ½ and 1),
		// one of them narrow enough for a grid point beside it to sit lower than the
		// other's.
		lo, hi := at(j-1), at(j+1)
		golden := (math.Sqrt(5) - 1) / 2
		for range 100 {
			m1, m2 := hi-golden*(hi-lo), lo+golden*(hi-lo)
			_, l1 := profile(m1)
			_, l2 := profile(m2)
			if l1 < l2 {
				lo = m1
			} else {
				hi = m2
			}
		}
		if q, lq := profile((lo + hi) / 2); lq > l {
			p, l = q, lq
		}
	}
	return p, l
}

// dualMax maximizes Σ w_k log p_k over the distributions with mean m and variance v: p_k =
// w_k/(1 + η·g_k), g_k = (x_k − m, (x_k − m)² − v), where η maximizes the concave
// Q(η) = Σ w_k log(1 + η·g_k); the maximum is Σ w log w − Q(η). Newton's steps are halved
// until they keep every 1 + η·g_k positive and raise Q. When no distribution has those
// moments Q grows without bound; the likelihood is then −∞.
func dualMax(w [5]float64, m, v float64) ([5]float64, float64) {
	var g [5][2]float64
	for k := range g {
		u := float64(k)/4 - m
		g[k] = [2]float64{u, u*u - v}
	}
	q := func(eta [2]float64) float64 {
		sum := 0.0
		for k := range g {
			den := 1 + eta[0]*g[k][0] + eta[1]*g[k][1]
			if den <= 0 {
				return math.Inf(-1)
			}
			sum += w[k] * math.Log(den)
		}
		return sum
	}
	var eta [2]float64
	qEta := 0.0
	for range 500 {
		var grad [2]float64
		var hess [2][2]float64
		for k := range g {
			den := 1 + eta[0]*g[k][0] + eta[1]*g[k][1]
			for i := range 2 {
				grad[i] += w[k] * g[k][i] / den
				for j := range 2 {
					hess[i][j] -= w[k] * g[k][i] * g[k][j] / (den * den)
				}
			}
		}
		det := hess[0][0]*hess[1][1] - hess[0][1]*hess[1][0]
		step := [2]float64{-(hess[1][1]*grad[0] - hess[0][1]*grad[1]) / det, -(hess[0][0]*grad[1] - hess[1][0]*grad[0]) / det}
		rise := grad[0]*step[0] + grad[1]*step[1] // twice what the step would gain, near the top
		if !(rise > 0) {
			break
		}
		if rise < 1e-14 {
			// Newton's convergence is quadratic: after this step Q is at its top to
			// rounding, which a line search could no longer tell from below it.
			eta = [2]float64{eta[0] + step[0], eta[1] + step[1]}
			break
		}
		t := 1.0
		for ; t > 1e-18; t /= 2 {
			next := [2]float64{eta[0] + t*step[0], eta[1] + t*step[1]}
			if qn := q(next); qn >= qEta+t*rise/4 {
				eta, qEta = next, qn
				break
			}
		}
		if t <= 1e-18 || qEta > 100 {
			break
		}
	}
	if qEta > 100 {
		return [5]float64{}, math.Inf(-1)
	}
	var p [5]float64
	l := 0.0
	for k := range p {
		p[k] = w[k] / (1 + eta[0]*g[k][0] + eta[1]*g[k][1])
		l += w[k] * math.Log(p[k])
	}
	return p, l
}

// weights is the regularized empirical distribution of counts, as Test.LLR makes it.
func weights(counts [5]int) [5]float64 {
	var w [5]float64
	total := 0.0
	for k, v := range counts {
		w[k] = math.Max(float64(v), epsilon)
		total += w[k]
	}
	for k := range w {
		w[k] /= total
	}
	return w
}

// moments returns p's total, mean and standard deviation.
func moments(p [5]float64) (total, mean, sd float64) {
	for k, v := range p {
		total += v
		mean += v * float64(k) / 4
	}
	for k, v := range p {
		u := float64(k)/4 - mean
		sd += v * u * u
	}
	return total, mean, math.Sqrt(sd)
}

// mleCounts are the count vectors the constrained maximum is checked on: regular data
// (fishtest's kind), one-sided, piled on one outcome, two-humped and skewed.
var mleCounts = [][5]int{
	{13, 37, 50, 25, 3},
	{0, 0, 0, 0, 74},
	{71, 0, 0, 0, 0},
	{0, 0, 100, 0, 0},
	{0, 1, 100, 0, 0},
	{5, 0, 0, 0, 5},
	{1, 0, 0, 3, 0},
	{200, 10, 5, 10, 300},
	{2, 30, 400, 35, 1},
}

// TestMaxLikelihoodAgreesWithProfile: the scan of the Lagrange conditions' roots and the
// dense profile search reach the same maximum, and the scan's distribution meets the
// constraint.
func TestMaxLikelihoodAgreesWithProfile(t *testing.T) {
	for _, counts := range mleCounts {
		w := weights(counts)
		for _, elo := range []float64{-500, -200, -50, -10, -2, 0, 2, 5, 10, 50, 200, 500} {
			s := pairT(elo)
			p := maxLikelihood(w, s)
			total, mean, sd := moments(p)
			// To 1e-9: a bucket counted 0.001 times that carries most of a hypothesis'
			// mass has p_k = w_k/(1 + λψ_k) with a denominator near 1e-5, which costs
			// five of the sixteen digits.
			if math.Abs(total-1) > 1e-9 || math.Abs((mean-0.5)-s*sd) > 1e-9 {
				t.Errorf("maxLikelihood(%v, nElo %v) = %v: total %v, t-value %v, want 1 and %v", counts, elo, p, total, (mean-0.5)/sd, s)
			}
			want, wantL := profileMax(w, s)
			if got := logLikelihood(w, p); math.Abs(got-wantL) > 1e-10 {
				t.Errorf("maxLikelihood(%v, nElo %v) = %v of log-likelihood %.12f, want %v of %.12f (the profile's)", counts, elo, p, got, want, wantL)
			}
			for k := range p {
				if math.Abs(p[k]-want[k]) > 1e-5 {
					t.Errorf("maxLikelihood(%v, nElo %v) = %v, want %v (the profile's)", counts, elo, p, want)
					break
				}
			}
		}
	}
}
