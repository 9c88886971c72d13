package sprt

import (
	"fmt"
	"math"
	"testing"
)

func TestBounds(t *testing.T) {
	lower, upper := Test{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}.Bounds()
	// ln(0.05/0.95) = −ln 19 and ln(0.95/0.05) = ln 19 = 2.944439.
	if math.Abs(lower+2.944439) > 1e-6 || math.Abs(upper-2.944439) > 1e-6 {
		t.Errorf("Bounds(alpha 0.05, beta 0.05) = %.6f, %.6f, want -2.944439, 2.944439", lower, upper)
	}
	lower, upper = Test{Elo0: 0, Elo1: 10, Alpha: 0.01, Beta: 0.1}.Bounds()
	// ln(0.1/0.99) = −2.292535, ln(0.9/0.01) = ln 90 = 4.499810.
	if math.Abs(lower+2.292535) > 1e-6 || math.Abs(upper-4.499810) > 1e-6 {
		t.Errorf("Bounds(alpha 0.01, beta 0.1) = %.6f, %.6f, want -2.292535, 4.499810", lower, upper)
	}
}

func TestCheck(t *testing.T) {
	tests := []struct {
		test Test
		ok   bool
	}{
		{Test{0, 10, 0.05, 0.05}, true},
		{Test{-5, 0, 0.01, 0.2}, true},
		{Test{-500, 500, 0.05, 0.05}, true},
		{Test{10, 0, 0.05, 0.05}, false},
		{Test{5, 5, 0.05, 0.05}, false},
		{Test{0, 501, 0.05, 0.05}, false},
		{Test{math.NaN(), 10, 0.05, 0.05}, false},
		{Test{0, math.Inf(1), 0.05, 0.05}, false},
		{Test{0, 10, 0, 0.05}, false},
		{Test{0, 10, 0.05, 0.5}, false},
		{Test{0, 10, math.NaN(), 0.05}, false},
	}
	for _, tc := range tests {
		if err := tc.test.Check(); (err == nil) != tc.ok {
			t.Errorf("Check(%+v) = %v, want ok %v", tc.test, err, tc.ok)
		}
	}
}

// TestLLRReference: fishtest's method on a test of a published statistics page (montytest,
// the fishtest instance of the Monty Go engine, test 69d3c8dc7c5b3724e29d2712: pairs
// [13 37 50 25 3], nElo 0 against 4): "LLR -0.5491", its "Normalized (exact)" -0.54912.
func TestLLRReference(t *testing.T) {
	c := Counts{Pairs: [5]int{13, 37, 50, 25, 3}}
	if got := (Test{Elo0: 0, Elo1: 4, Alpha: 0.05, Beta: 0.05}).LLR(c); math.Abs(got+0.54912) > 5e-5 {
		t.Errorf("LLR(%v, nElo 0 against 4) = %.5f, want -0.54912", c.Pairs, got)
	}
}

// TestLLRGaussian: for many pairs and small differences the generalized LLR is that of a
// normal mean. The t-value estimate ŝ = (μ − ½)/√V (pairs' units) is then about normal
// with variance 1/N, the profile log-likelihood of s is −N(ŝ − s)²/2, and
//
//	LLR ≈ N·(s1 − s0)·(2ŝ − s0 − s1)/2,
//
// N the pairs (in games' units, t = s/√2 and the games 2N, the same expression). The
// approximation's error is of the order of s times the skewness; within 1% here.
func TestLLRGaussian(t *testing.T) {
	counts := [][5]int{
		{4000, 20000, 50000, 21000, 5000},
		{5000, 20000, 50000, 20000, 5000},
		{10000, 10000, 10000, 10000, 12000},
		{1000, 24000, 50000, 24000, 1500},
		{20000, 1000, 2000, 1000, 21000},
	}
	for _, pairs := range counts {
		n, mu, v := 0.0, 0.0, 0.0
		for k, m := range pairs {
			n += float64(m)
			mu += float64(m) * float64(k) / 4
		}
		mu /= n
		for k, m := range pairs {
			u := float64(k)/4 - mu
			v += float64(m) * u * u / n
		}
		sHat := (mu - 0.5) / math.Sqrt(v)
		for _, h := range [][2]float64{{0, 5}, {-3, 3}, {0, 2}, {-5, 0}, {0, 10}} {
			s0, s1 := math.Sqrt2*h[0]*math.Ln10/800, math.Sqrt2*h[1]*math.Ln10/800
			want := n * (s1 - s0) * (2*sHat - s0 - s1) / 2
			if math.Abs(want) < 1 {
				continue // relative agreement means little near 0
			}
			got := Test{Elo0: h[0], Elo1: h[1], Alpha: 0.05, Beta: 0.05}.LLR(Counts{Pairs: pairs})
			if math.Abs(got/want-1) > 0.01 {
				t.Errorf("LLR(%v, nElo %v against %v) = %.4f, want the Gaussian approximation's %.4f within 1%%", pairs, h[0], h[1], got, want)
			}
		}
	}
}

// TestLLRSymmetry: mirroring the pairs (bucket k ↔ 4−k: the other side's view) mirrors
// the hypotheses too, so the LLR of H1' nElo = −elo0 against H0' nElo = −elo1 on mirrored
// pairs is the likelihood of elo0 against elo1 on the pairs: the LLR negated. Symmetric
// pairs with elo0 = −elo1 therefore have LLR 0.
func TestLLRSymmetry(t *testing.T) {
	for _, pairs := range append(mleCounts, [5]int{3, 8, 20, 11, 1}) {
		var mirror [5]int
		for k := range pairs {
			mirror[4-k] = pairs[k]
		}
		for _, h := range [][2]float64{{0, 10}, {-5, 0}, {-3, 3}, {2, 50}, {-200, 100}} {
			llr := Test{Elo0: h[0], Elo1: h[1], Alpha: 0.05, Beta: 0.05}.LLR(Counts{Pairs: pairs})
			back := Test{Elo0: -h[1], Elo1: -h[0], Alpha: 0.05, Beta: 0.05}.LLR(Counts{Pairs: mirror})
			if math.Abs(llr+back) > 1e-9*math.Max(1, math.Abs(llr)) {
				t.Errorf("LLR(%v, nElo %v against %v) = %.12f, LLR(%v, %v against %v) = %.12f, want opposites", pairs, h[0], h[1], llr, mirror, -h[1], -h[0], back)
			}
		}
	}
	for _, pairs := range [][5]int{{1, 2, 3, 2, 1}, {10, 0, 5, 0, 10}, {0, 0, 7, 0, 0}, {5, 40, 100, 40, 5}} {
		for _, e := range []float64{1, 5, 20, 300} {
			if llr := (Test{Elo0: -e, Elo1: e, Alpha: 0.05, Beta: 0.05}).LLR(Counts{Pairs: pairs}); math.Abs(llr) > 1e-9 {
				t.Errorf("LLR(%v, nElo %v against %v) = %v, want 0", pairs, -e, e, llr)
			}
		}
	}
}

// TestSweep: when every pair is won twice, the distribution of nElo = e > 0 that makes a
// sweep likeliest wins both games of a fraction q of pairs and loses both of the others
// (all its mass on x = 1, the rest where it costs least spread, x = 0): t-value
// (q − ½)/√(q(1−q)) = s gives q = (1 + s/√(1+s²))/2, and against nElo 0 (q = ½) each
// pair adds ln(1 + s/√(1+s²)) to the LLR. The test accepts H1 at the first N with N times
// that ≥ ln 19, less a hair for the empty buckets' thousandth of a pair: 74 pairs for
// nElo 10, not a handful, because H1 includes that all-or-nothing distribution.
func TestSweep(t *testing.T) {
	for _, e := range []float64{5, 10, 20, 40} {
		s := math.Sqrt2 * e * math.Ln10 / 800
		step := math.Log(1 + s/math.Sqrt(1+s*s))
		want := int(math.Ceil(math.Log(19) / step))
		test := Test{Elo0: 0, Elo1: e, Alpha: 0.05, Beta: 0.05}
		if got := test.LLR(Counts{Pairs: [5]int{0, 0, 0, 0, want}}); math.Abs(got-float64(want)*step) > 1e-3 {
			t.Errorf("LLR(%d sweeps, nElo 0 against %v) = %.6f, want %.6f", want, e, got, float64(want)*step)
		}
		seq := Sequential{Test: test}
		pairs := 0
		for seq.Verdict == Continue && pairs < 1000 {
			seq.Add(Win, Win)
			pairs++
		}
		if seq.Verdict != AcceptH1 || pairs != want {
			t.Errorf("Sequential(nElo 0 against %v) on sweeps: %v after %d pairs, want H1 accepted after %d", e, seq.Verdict, pairs, want)
		}
		// Losing every pair is the mirror image: the distribution of nElo e likeliest
		// for it loses a fraction 1 − q of pairs, that of nElo 0 half of them, and each
		// pair adds ln(1 − s/√(1+s²)) until H0 is accepted.
		want = int(math.Ceil(math.Log(19) / -math.Log(1-s/math.Sqrt(1+s*s))))
		seq = Sequential{Test: test}
		pairs = 0
		for seq.Verdict == Continue && pairs < 1000 {
			seq.Add(Loss, Loss)
			pairs++
		}
		if seq.Verdict != AcceptH0 || pairs != want {
			t.Errorf("Sequential(nElo 0 against %v) on lost pairs: %v after %d pairs, want H0 accepted after %d", e, seq.Verdict, pairs, want)
		}
	}
}

// TestSequentialStops: pairs after the decision are not counted.
func TestSequentialStops(t *testing.T) {
	seq := Sequential{Test: Test{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}}
	for range 74 {
		seq.Add(Win, Win)
	}
	llr := seq.LLR
	for range 100 {
		if v := seq.Add(Loss, Loss); v != AcceptH1 {
			t.Fatalf("Add after the decision = %v, want H1 accepted still", v)
		}
	}
	if seq.Counts.N() != 74 || seq.Counts.Wins != 148 || seq.Counts.Losses != 0 || seq.LLR != llr {
		t.Errorf("Sequential after the decision = %+v, LLR %v, want the 74 pairs and LLR %v of the decision", seq.Counts, seq.LLR, llr)
	}
}

func TestCountsAdd(t *testing.T) {
	var c Counts
	for _, pair := range [][2]Result{{Loss, Loss}, {Loss, Draw}, {Draw, Loss}, {Draw, Draw}, {Win, Loss}, {Loss, Win}, {Win, Draw}, {Win, Win}} {
		c.Add(pair[0], pair[1])
	}
	want := Counts{Pairs: [5]int{1, 2, 3, 1, 1}, Wins: 5, Draws: 5, Losses: 6}
	if c != want || c.N() != 8 {
		t.Errorf("Counts after 8 pairs = %+v, N %d, want %+v, N 8", c, c.N(), want)
	}
}

func TestDecide(t *testing.T) {
	test := Test{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	for _, tc := range []struct {
		llr  float64
		want Verdict
	}{{0, Continue}, {2.94, Continue}, {2.945, AcceptH1}, {-2.94, Continue}, {-2.945, AcceptH0}, {100, AcceptH1}} {
		if got := test.Decide(tc.llr); got != tc.want {
			t.Errorf("Decide(%v) = %v, want %v", tc.llr, got, tc.want)
		}
	}
	if got := test.LLR(Counts{}); got != 0 {
		t.Errorf("LLR(no pairs) = %v, want 0", got)
	}
}

// TestWorkedExample pins the numbers of docs/tournament.md's worked example: 300 pairs LL
// 9, LD 61, DD/WL 131, WD 77, WW 22, nElo 0 against 10.
func TestWorkedExample(t *testing.T) {
	c := Counts{Pairs: [5]int{9, 61, 131, 77, 22}}
	w := weights(c.Pairs)
	p0, p1 := maxLikelihood(w, pairT(0)), maxLikelihood(w, pairT(10))
	want0 := [5]float64{0.0444, 0.2427, 0.4367, 0.2208, 0.0554}
	want1 := [5]float64{0.0401, 0.2321, 0.4377, 0.2303, 0.0598}
	jumps := [5]float64{-0.1033, -0.0446, 0.0023, 0.0421, 0.0776}
	for k := range p0 {
		if math.Abs(p0[k]-want0[k]) > 5e-5 || math.Abs(p1[k]-want1[k]) > 5e-5 || math.Abs(math.Log(p1[k]/p0[k])-jumps[k]) > 5e-5 {
			t.Fatalf("the example's p0 = %v, p1 = %v, want %v and %v, ln(p1/p0) %v", p0, p1, want0, want1, jumps)
		}
	}
	llr := Test{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}.LLR(c)
	e := c.Estimate()
	got := fmt.Sprintf("LLR %.3f; score %.3f [%.3f, %.3f]; Elo %.1f [%.1f, %.1f]; nElo %.1f [%.1f, %.1f]",
		llr, e.Score, e.ScoreLow, e.ScoreHigh, e.Elo, e.EloLow, e.EloHigh, e.NElo, e.NEloLow, e.NEloHigh)
	if want := "LLR 1.594; score 0.535 [0.509, 0.561]; Elo 24.4 [6.2, 42.7]; nElo 37.2 [9.4, 65.0]"; got != want {
		t.Errorf("the example = %s, want %s", got, want)
	}
}

func TestFromFlag(t *testing.T) {
	if seq, err := FromFlag(""); seq != nil || err != nil {
		t.Errorf(`FromFlag("") = %v, %v, want nil, nil`, seq, err)
	}
	seq, err := FromFlag("0,10")
	if err != nil || seq == nil || seq.Test != (Test{Elo0: 0, Elo1: 10, Alpha: DefaultAlpha, Beta: DefaultBeta}) || seq.Verdict != Continue {
		t.Errorf(`FromFlag("0,10") = %+v, %v, want a fresh test of 0 against 10 at the default error rates`, seq, err)
	}
	if _, err := FromFlag("10,0"); err == nil {
		t.Errorf(`FromFlag("10,0") = nil error, want elo0 < elo1 refused`)
	}
}
