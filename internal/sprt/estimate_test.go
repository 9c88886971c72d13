package sprt

import (
	"math"
	"testing"
)

// TestEstimateHandValues works a small example by hand: 10 pairs [0 1 2 4 3], scores
// per game ¼, ½ ½, ¾ ¾ ¾ ¾, 1 1 1.
//
//	μ = (0.25 + 2·0.5 + 4·0.75 + 3·1)/10 = 0.725
//	V = (0.475² + 2·0.225² + 4·0.025² + 3·0.275²)/10 = 0.055625
//	√(V/N) = 0.0745822; μ ± 1.96·0.0745822 = [0.578819, 0.871181]
//	Elo: −400·log10(1/0.725 − 1) = 168.402; of the ends 55.230 and 332.051
//	nElo: 0.225/√(2·0.055625)·347.4356 = 234.373, ± 1.96·347.4356/√20 = ±152.270
//	LOS: Φ(0.225/0.0745822) = Φ(3.01681) = 0.998723
func TestEstimateHandValues(t *testing.T) {
	c := Counts{Pairs: [5]int{0, 1, 2, 4, 3}}
	got := c.Estimate()
	want := Estimate{0.725, 0.578819, 0.871181, 168.402, 55.230, 332.051, 234.373, 82.102, 386.643, 0.998723}
	checkEstimate(t, c, got, want, 1e-3)
}

// TestEstimateReference: the point estimates of the statistics page TestLLRReference
// cites, for pairs [13 37 50 25 3]: score 0.43750, Elo −43.6578, variance per game
// 0.11523 (so σ = 0.33946), normalized Elo −63.97.
func TestEstimateReference(t *testing.T) {
	c := Counts{Pairs: [5]int{13, 37, 50, 25, 3}}
	e := c.Estimate()
	if math.Abs(e.Score-0.4375) > 1e-9 || math.Abs(e.Elo+43.6578) > 1e-4 || math.Abs(e.NElo+63.97) > 5e-3 {
		t.Errorf("Estimate(%v) = score %v, Elo %v, nElo %v; want 0.4375, -43.6578, -63.97", c.Pairs, e.Score, e.Elo, e.NElo)
	}
	// The normalized interval's half-width depends only on the games: 1.96·347.4356/√256.
	if half := (e.NEloHigh - e.NEloLow) / 2; math.Abs(half-42.5609) > 1e-3 {
		t.Errorf("Estimate(%v) nElo interval half-width %v, want 42.5609", c.Pairs, half)
	}
}

func TestEstimateEdges(t *testing.T) {
	inf, nan := math.Inf(1), math.NaN()
	tests := []struct {
		pairs [5]int
		want  Estimate
	}{
		{[5]int{}, Estimate{nan, nan, nan, nan, nan, nan, nan, nan, nan, nan}},
		// Every pair won: the score is 1 with no spread, infinitely far from even.
		{[5]int{0, 0, 0, 0, 7}, Estimate{1, 1, 1, inf, inf, inf, inf, inf, inf, 1}},
		{[5]int{7, 0, 0, 0, 0}, Estimate{0, 0, 0, -inf, -inf, -inf, -inf, -inf, -inf, 0}},
		// Every pair split: even, without spread, so the normalized Elo is undefined.
		{[5]int{0, 0, 7, 0, 0}, Estimate{0.5, 0.5, 0.5, 0, 0, 0, nan, nan, nan, 0.5}},
		// One pair won twice, one lost twice: μ = ½, V = ¼, √(V/N) = 0.353553, the
		// score's interval clipped to [0, 1]; nElo ± 1.96·347.4356/√4.
		{[5]int{1, 0, 0, 0, 1}, Estimate{0.5, 0, 1, 0, -inf, inf, 0, -340.487, 340.487, 0.5}},
	}
	for _, tc := range tests {
		c := Counts{Pairs: tc.pairs}
		checkEstimate(t, c, c.Estimate(), tc.want, 1e-3)
	}
}

// checkEstimate compares every field of got with want: NaN matches NaN, infinities
// themselves, numbers within tol.
func checkEstimate(t *testing.T, c Counts, got, want Estimate, tol float64) {
	t.Helper()
	g := []float64{got.Score, got.ScoreLow, got.ScoreHigh, got.Elo, got.EloLow, got.EloHigh, got.NElo, got.NEloLow, got.NEloHigh, got.LOS}
	w := []float64{want.Score, want.ScoreLow, want.ScoreHigh, want.Elo, want.EloLow, want.EloHigh, want.NElo, want.NEloLow, want.NEloHigh, want.LOS}
	for i := range g {
		same := math.IsNaN(g[i]) && math.IsNaN(w[i]) || g[i] == w[i] || math.Abs(g[i]-w[i]) <= tol
		if !same {
			t.Errorf("Estimate(%v) = %+v, want %+v", c.Pairs, got, want)
			return
		}
	}
}
