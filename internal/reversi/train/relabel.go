package train

import (
	"math"
	"math/bits"

	"gameagents/internal/reversi"
)

// Bootstrapping (the second round of the recipe): a game's result is a noisy label for a
// position many plies before E empties, because the cheap player's mistakes in between
// decide much of it. Relabel replaces such labels by the value of a shallow negamax
// search of the position whose leaves are scored by an earlier fit (temporal-difference
// style: the search looks a few plies closer to the exactly solved endgame, where the
// fit is accurate). Exactly labelled positions keep their labels.

// Relabel sets the label of every inexact sample to mix*search + (1-mix)*label, where
// search is the depth-ply negamax value of the position with w at the leaves (rounded to
// discs, clamped to ±64). progress, if not nil, is called every 100,000 samples.
func Relabel(samples []Sample, w *reversi.PatternWeights, depth int, mix float64, progress func(done int)) {
	for i := range samples {
		s := &samples[i]
		if progress != nil && i%100_000 == 0 {
			progress(i)
		}
		if s.Exact {
			continue
		}
		v := float64(searchValue(s.Board, w, depth, -1<<20, 1<<20, false)) / 100
		l := mix*v + (1-mix)*float64(s.Score)
		s.Score = int8(max(-64, min(64, math.Round(l))))
	}
}

// searchValue is plain alpha-beta negamax to depth plies (a pass does not count as a
// ply), in 1/100 disc; finished games score their exact result.
func searchValue(b reversi.Board, w *reversi.PatternWeights, depth int, alpha, beta int32, passed bool) int32 {
	moves := b.Moves()
	if moves == 0 {
		if passed {
			return 100 * int32(finalScore(b))
		}
		return -searchValue(b.Pass(), w, depth, -beta, -alpha, true)
	}
	if depth == 0 {
		return w.Eval(b)
	}
	best := int32(-1 << 30)
	for m := moves; m != 0; m &= m - 1 {
		v := -searchValue(b.Play(bits.TrailingZeros64(m)), w, depth-1, -beta, -alpha, false)
		if v > best {
			best = v
			if v > alpha {
				alpha = v
				if alpha >= beta {
					break
				}
			}
		}
	}
	return best
}
