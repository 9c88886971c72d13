package tournament

import (
	"math"
	"testing"

	"gameagents/internal/referee"
)

// square builds an n×n table from the entries given for i<j (wins, draws, losses of i
// against j): the games and the scores Elo takes.
func square(n int, results map[[2]int][3]float64) (games, score [][]float64) {
	games, score = make([][]float64, n), make([][]float64, n)
	for i := range n {
		games[i], score[i] = make([]float64, n), make([]float64, n)
	}
	for p, r := range results {
		i, j := p[0], p[1]
		w, d, l := r[0], r[1], r[2]
		games[i][j], games[j][i] = w+d+l, w+d+l
		score[i][j], score[j][i] = w+d/2, l+d/2
	}
	return games, score
}

func TestEloHandValues(t *testing.T) {
	tests := []struct {
		name    string
		n       int
		results map[[2]int][3]float64
		prior   float64
		rating  []float64
		half95  []float64
	}{
		// 75% over 100 games: 400·log10(3) = 190.8 Elo between the two, so ±95.4 about
		// the mean; the difference's standard error is 1/(c·√(100·0.75·0.25)) = 40.1,
		// each rating's half of it, times 1.96.
		{"75 of 100", 2, map[[2]int][3]float64{{0, 1}: {75, 0, 25}}, 0, []float64{95.424, -95.424}, []float64{39.316, 39.316}},
		{"75 of 100 with draws", 2, map[[2]int][3]float64{{0, 1}: {60, 30, 10}}, 0, []float64{95.424, -95.424}, []float64{39.316, 39.316}},
		// A sweep, 10-0: with one virtual draw 10.5 of 11, 400·log10(21) = 528.9 between them.
		{"sweep with prior", 2, map[[2]int][3]float64{{0, 1}: {10, 0, 0}}, 1, []float64{264.444, -264.444}, []float64{246.426, 246.426}},
		// A rock-paper-scissors cycle: nobody is stronger.
		{"cycle", 3, map[[2]int][3]float64{{0, 1}: {3, 0, 1}, {1, 2}: {3, 0, 1}, {0, 2}: {1, 0, 3}}, 0, []float64{0, 0, 0}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			games, score := square(tt.n, tt.results)
			rating, half := Elo(games, score, tt.prior)
			for i := range tt.n {
				if math.Abs(rating[i]-tt.rating[i]) > 0.01 {
					t.Errorf("Elo(%v) rating[%d] = %.3f, want %.3f", tt.results, i, rating[i], tt.rating[i])
				}
				if tt.half95 != nil && math.Abs(half[i]-tt.half95[i]) > 0.01 {
					t.Errorf("Elo(%v) half95[%d] = %.3f, want %.3f", tt.results, i, half[i], tt.half95[i])
				}
			}
		})
	}
}

// TestEloIsMaximumLikelihood checks the fit on an unbalanced 4-agent table by the
// likelihood equations: each agent's expected score equals its actual score, and the mean
// rating is 0.
func TestEloIsMaximumLikelihood(t *testing.T) {
	games, score := square(4, map[[2]int][3]float64{
		{0, 1}: {6, 2, 2}, {0, 2}: {3, 0, 1}, {0, 3}: {20, 4, 6},
		{1, 2}: {5, 5, 4}, {1, 3}: {2, 1, 1}, {2, 3}: {7, 0, 3},
	})
	rating, half := Elo(games, score, 0)
	var sum float64
	for i := range 4 {
		sum += rating[i]
		var expected, actual float64
		for j := range 4 {
			if i != j {
				expected += games[i][j] / (1 + math.Pow(10, (rating[j]-rating[i])/400))
				actual += score[i][j]
			}
		}
		if math.Abs(expected-actual) > 1e-6 {
			t.Errorf("agent %d: expected score %.6f, want its actual %.6f", i, expected, actual)
		}
		if !(half[i] > 0) {
			t.Errorf("agent %d: half95 = %v, want positive", i, half[i])
		}
	}
	if math.Abs(sum) > 1e-6 {
		t.Errorf("sum of ratings = %v, want 0", sum)
	}
}

func TestEloWithoutGames(t *testing.T) {
	games, score := square(3, map[[2]int][3]float64{{0, 1}: {3, 0, 1}})
	rating, half := Elo(games, score, 1)
	if rating[2] != 0 || !math.IsNaN(half[2]) {
		t.Errorf("Elo: agent without games = %v ± %v, want 0 ± NaN", rating[2], half[2])
	}
	if math.IsNaN(half[0]) || rating[0] <= 0 {
		t.Errorf("Elo: agent 0 = %v ± %v, want positive with an interval", rating[0], half[0])
	}
}

func TestLOS(t *testing.T) {
	tests := []struct {
		wins, losses, want float64
	}{
		{10, 0, 0.999217}, // Φ(10/√10)
		{10, 8, 0.681324}, // Φ(2/√18)
		{5, 5, 0.5},
		{0, 0, 0.5},
		{0, 10, 0.000783},
	}
	for _, tt := range tests {
		if got := LOS(tt.wins, tt.losses); math.Abs(got-tt.want) > 1e-6 {
			t.Errorf("LOS(%v, %v) = %.6f, want %.6f", tt.wins, tt.losses, got, tt.want)
		}
	}
}

// TestHeadToHead: the one line every arena prints for two players; its intervals are
// Wilson's (10 of 20 gives [29.9%, 70.1%], 5 of 5 [56.6%, 100%], as the textbook form).
func TestHeadToHead(t *testing.T) {
	tests := []struct {
		w, d, l int
		want    string
	}{
		{271, 0, 171, "271-0-171 (W-D-L), score 61.3% [56.7%, 65.7%], Elo +80 [+47, +113], LOS 100.0%"},
		{10, 0, 10, "10-0-10 (W-D-L), score 50.0% [29.9%, 70.1%], Elo +0 [-148, +148], LOS 50.0%"},
		{0, 20, 0, "0-20-0 (W-D-L), score 50.0% [41.9%, 58.1%], Elo +0 [-56, +56], LOS 50.0%"},
		{5, 0, 0, "5-0-0 (W-D-L), score 100.0% [56.6%, 100.0%], Elo +inf [+46, +inf], LOS 98.7%"},
		{0, 0, 0, "no games"},
	}
	for _, tt := range tests {
		if got := HeadToHead(tt.w, tt.d, tt.l); got != tt.want {
			t.Errorf("HeadToHead(%d, %d, %d) = %q, want %q", tt.w, tt.d, tt.l, got, tt.want)
		}
	}
}

// TestPlyText: a game's length in its record's ply numbers, as the referee's progress line
// gives it: a game ended by the rules "in N plies", one ended on a ply not played "at ply
// N+1 (N played)".
func TestPlyText(t *testing.T) {
	tests := []struct {
		ending referee.Ending
		plies  int
		want   string
	}{
		{referee.EndWin, 40, "in 40 plies"},
		{referee.EndDraw, 60, "in 60 plies"},
		{referee.EndPlyCap, 400, "in 400 plies"},
		{referee.EndTime, 4, "at ply 5 (4 played)"},
		{referee.EndBad, 0, "at ply 1 (0 played)"},
		{referee.EndNoMove, 33, "at ply 34 (33 played)"},
	}
	for _, tt := range tests {
		if got := plyText(&Outcome{Ending: tt.ending, Plies: tt.plies}); got != tt.want {
			t.Errorf("plyText(%s, %d plies) = %q, want %q", tt.ending, tt.plies, got, tt.want)
		}
	}
}
