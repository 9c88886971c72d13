package tournament

// The statistics of a report: Elo ratings with their 95% intervals, and the likelihood of
// superiority.
//
// Ratings are the maximum-likelihood fit of the Elo (Bradley–Terry, logistic) model to every
// game, a draw counting as half a win for each side: agent i scores against j with
// expectation 1/(1+10^((r_j−r_i)/400)). The fit uses each game against its actual opponent,
// so it stays right when the schedule is unbalanced (a tournament reported half way, with
// some pairings further on than others), where the simpler "each agent's score → Elo"
// assumes everyone met the same field. The fit is found by the minorization–maximization
// iteration of Hunter (2004), which converges from any start. Ratings are anchored so that
// their mean is 0.
//
// The maximum likelihood does not exist when some agents never lost to the others (a sweep
// sends their rating to infinity), which between strong and weak agents is common. The
// report therefore adds one virtual drawn game to every pairing that played (prior 1): it
// keeps every rating finite and moves a rating by less than one game's worth.
//
// The 95% interval is ±1.96 standard errors from the Fisher information of the fit (the
// expected information n·p·(1−p) per pairing, on the logistic scale), inverted under the
// mean-zero anchor (the Moore–Penrose inverse: (I + J/N)^-1 − J/N, J all ones). Draws make
// a game's variance smaller than p·(1−p), so with many draws the interval errs on the wide
// side.

import (
	"fmt"
	"math"
)

// eloScale is the logistic model's scale: natural-log units per Elo point.
const eloScale = math.Ln10 / 400

// Elo fits ratings to the games between n agents: games[i][j] is how many games i and j
// played and score[i][j] what i scored in them (wins, and draws as half). prior virtual
// drawn games are added to every pairing that played. It returns each agent's rating and
// the half-width of its 95% interval; an agent without games gets 0 and NaN, and so do
// all when the pairings do not connect the agents.
func Elo(games, score [][]float64, prior float64) (rating, half95 []float64) {
	n := len(games)
	rating, half95 = make([]float64, n), make([]float64, n)
	played := make([]bool, n)
	wins := make([]float64, n) // what each scored, the virtual draws included
	for i := range n {
		for j := range n {
			if i != j && games[i][j] > 0 {
				played[i] = true
				wins[i] += score[i][j] + prior/2
			}
		}
	}
	gamma := fitGamma(games, wins, played, prior)
	var sum float64
	var count int
	for i := range n {
		if played[i] && gamma[i] > 0 {
			rating[i] = 400 * math.Log10(gamma[i])
			sum += rating[i]
			count++
		}
	}
	for i := range n {
		if played[i] {
			rating[i] -= sum / float64(count)
		}
	}
	se := standardErrors(games, rating, played, prior)
	for i := range n {
		half95[i] = 1.96 * se[i]
	}
	return rating, half95
}

// fitGamma runs the MM iteration for the Bradley–Terry strengths γ = 10^(r/400): γ_i ←
// W_i / Σ_j n_ij/(γ_i+γ_j), until no strength moves by more than a part in 10^12.
func fitGamma(games [][]float64, wins []float64, played []bool, prior float64) []float64 {
	n := len(games)
	gamma := make([]float64, n)
	for i := range gamma {
		gamma[i] = 1
	}
	next := make([]float64, n)
	for iter := 0; iter < 10000; iter++ {
		change := 0.0
		for i := range n {
			next[i] = gamma[i]
			if !played[i] {
				continue
			}
			var d float64
			for j := range n {
				if j != i && games[i][j] > 0 {
					d += (games[i][j] + prior) / (gamma[i] + gamma[j])
				}
			}
			next[i] = wins[i] / d
			change = math.Max(change, math.Abs(next[i]-gamma[i])/gamma[i])
		}
		// Rescale so that the geometric mean stays 1: the model fixes only ratios, and
		// drifting strengths would under- or overflow.
		var logSum float64
		var count int
		for i := range n {
			if played[i] && next[i] > 0 {
				logSum += math.Log(next[i])
				count++
			}
		}
		for i := range n {
			if played[i] && count > 0 {
				next[i] /= math.Exp(logSum / float64(count))
			}
		}
		gamma, next = next, gamma
		if change < 1e-12 {
			break
		}
	}
	return gamma
}

// standardErrors returns each rating's standard error in Elo points under the mean-zero
// anchor, from the Fisher information at the fitted ratings; NaN where it does not exist.
func standardErrors(games [][]float64, rating []float64, played []bool, prior float64) []float64 {
	var idx []int // the agents that played, as rows of the information matrix
	for i, p := range played {
		if p {
			idx = append(idx, i)
		}
	}
	se := make([]float64, len(games))
	for i := range se {
		se[i] = math.NaN()
	}
	m := len(idx)
	if m < 2 {
		return se
	}
	info := make([][]float64, m)
	for a, i := range idx {
		info[a] = make([]float64, m)
		for b, j := range idx {
			if a == b || games[i][j] == 0 {
				continue
			}
			p := 1 / (1 + math.Pow(10, (rating[j]-rating[i])/400))
			v := (games[i][j] + prior) * p * (1 - p) * eloScale * eloScale
			info[a][a] += v
			info[a][b] -= v
		}
	}
	for a := range m {
		for b := range m {
			info[a][b] += 1 / float64(m)
		}
	}
	inv, ok := invert(info)
	if !ok {
		return se
	}
	for a, i := range idx {
		if v := inv[a][a] - 1/float64(m); v > 0 {
			se[i] = math.Sqrt(v)
		}
	}
	return se
}

// invert returns the inverse of the square matrix a (which it overwrites) by Gauss–Jordan
// elimination with partial pivoting; ok is false when a is singular.
func invert(a [][]float64) (inv [][]float64, ok bool) {
	n := len(a)
	inv = make([][]float64, n)
	for i := range inv {
		inv[i] = make([]float64, n)
		inv[i][i] = 1
	}
	for c := range n {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[p][c]) {
				p = r
			}
		}
		if math.Abs(a[p][c]) < 1e-14 {
			return nil, false
		}
		a[c], a[p] = a[p], a[c]
		inv[c], inv[p] = inv[p], inv[c]
		for r := range n {
			if r == c {
				continue
			}
			f := a[r][c] / a[c][c]
			for k := range n {
				a[r][k] -= f * a[c][k]
				inv[r][k] -= f * inv[c][k]
			}
		}
	}
	for r := range n {
		d := a[r][r]
		for k := range n {
			inv[r][k] /= d
		}
	}
	return inv, true
}

// LOS is the likelihood of superiority: the probability that the agent with wins wins and
// losses losses against another is the stronger, by the normal approximation
// Φ((wins−losses)/√(wins+losses)); draws say nothing about which is stronger.
func LOS(wins, losses float64) float64 {
	if wins+losses == 0 {
		return 0.5
	}
	return 0.5 * (1 + math.Erf((wins-losses)/math.Sqrt(2*(wins+losses))))
}

// HeadToHead says how one player did against another over w wins, d draws and l losses,
// in one form for every report and arena: the counts, the score (draws half) with its 95%
// interval (Wilson's, on the variance of the games' scores, draws counted as half, so that
// many draws narrow it), the Elo difference that score means and its interval
// (the logistic model, bounds mapped from the score's), and the likelihood of superiority.
func HeadToHead(w, d, l int) string {
	n := float64(w + d + l)
	if n == 0 {
		return "no games"
	}
	p := (float64(w) + float64(d)/2) / n
	variance := (float64(w)*(1-p)*(1-p) + float64(d)*(0.5-p)*(0.5-p) + float64(l)*p*p) / n
	// Wilson's form of the interval, with the games' own variance: a sweep still gets an
	// interval of its size (the plain mean ± 1.96 errors would be [100%, 100%]).
	const z = 1.96
	shrink := 1 + z*z/n
	centre := (p + z*z/(2*n)) / shrink
	half := z / shrink * math.Sqrt(variance/n+z*z/(4*n*n))
	lo, hi := max(centre-half, 0), min(centre+half, 1)
	return fmt.Sprintf("%d-%d-%d (W-D-L), score %.1f%% [%.1f%%, %.1f%%], Elo %s [%s, %s], LOS %.1f%%",
		w, d, l, 100*p, 100*lo, 100*hi, eloText(p), eloText(lo), eloText(hi), 100*LOS(float64(w), float64(l)))
}

// eloText is the Elo difference a score p means, signed, or ±inf for a sweep.
func eloText(p float64) string {
	switch {
	case p <= 0:
		return "-inf"
	case p >= 1:
		return "+inf"
	}
	elo := -400 * math.Log10(1/p-1)
	if math.Abs(elo) < 0.5 {
		elo = 0 // not "-0"
	}
	return fmt.Sprintf("%+.0f", elo)
}
