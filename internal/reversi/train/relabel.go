package train

import (
	"fmt"
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

// Relabel sets the label of every inexact sample to mix*value + (1-mix)*label, where
// value is a search value of the position in 1/100 disc (PlainValue or EngineValue),
// rounded to discs and clamped to ±64. progress, if not nil, is called every 100,000
// samples.
func Relabel(samples []Sample, value func(reversi.Board) int32, mix float64, progress func(done int)) {
	for i := range samples {
		s := &samples[i]
		if progress != nil && i%100_000 == 0 {
			progress(i)
		}
		if s.Exact {
			continue
		}
		s.Score = mixLabel(s.Score, float64(value(s.Board))/100, mix)
	}
}

// mixLabel is mix*label + (1-mix)*old, rounded to a disc and clamped to ±64.
func mixLabel(old int8, label, mix float64) int8 {
	l := mix*label + (1-mix)*float64(old)
	return int8(max(-64, min(64, math.Round(l))))
}

// PlainValue is the depth-ply negamax value with w at the leaves: every move searched,
// no table, no pruning beyond alpha-beta (the first recipe's, which built w4).
func PlainValue(w *reversi.PatternWeights, depth int) func(reversi.Board) int32 {
	return func(b reversi.Board) int32 { return searchValue(b, w, depth, -1<<20, 1<<20, false) }
}

// EngineValue is the value the playing engine's midgame search gives the position at
// depth plies with w at the leaves: move ordering, transposition table and ProbCut make
// deeper labels affordable (depth 6 takes about 0.26 ms a position here, RESULTS.md).
// The table persists from one position to the next: it saves work, and an entry stored
// deeper than needed may answer for a shallower search, so a label can depend on the
// positions before it in the file (a run stays reproducible: they are taken in file
// order). Below ProbCut's least depth the value is exactly PlainValue's (TestRelabel).
func EngineValue(w *reversi.PatternWeights, depth int) func(reversi.Board) int32 {
	e := reversi.NewEngine(20)
	e.Weights = w
	return func(b reversi.Board) int32 { return engineValue(e, w, b, depth) }
}

// engineValue plays forced moves and passes itself, as negamax would, before handing a
// real choice to the engine: the engine's root answers a position without a choice with
// its static value.
func engineValue(e *reversi.Engine, w *reversi.PatternWeights, b reversi.Board, depth int) int32 {
	if depth == 0 {
		return searchValue(b, w, 0, -1<<20, 1<<20, false)
	}
	m := b.Moves()
	switch {
	case m == 0 && b.Pass().Moves() == 0:
		return 100 * int32(finalScore(b))
	case m == 0: // a pass is not a ply
		return -engineValue(e, w, b.Pass(), depth)
	case m&(m-1) == 0:
		return -engineValue(e, w, b.Play(bits.TrailingZeros64(m)), depth-1)
	}
	return e.Search(b, reversi.Limits{MaxDepth: depth}, nil).Score
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

// Blend sets the label of every inexact sample of base to mix*(the label of the same
// position in with) + (1-mix)*(its own), rounded: a blend of two labellings of one data
// set without searching again (typically base the game results gen wrote, with a relabel
// of the same file by search). Blending a search's value with the game's result is the
// λ of engines' training recipes (NNUE trainers mix evaluation and result the same way):
// the result is noisy but is not the searching evaluation's own opinion of itself. The two
// sets must hold the same positions of the same games in the same order, which relabel
// keeps; the first one that differs is an error naming it. Exact labels stay.
func Blend(base, with []Sample, mix float64) error {
	if len(base) != len(with) {
		return fmt.Errorf("%d positions against %d: not the same data set", len(base), len(with))
	}
	for i := range base {
		b, w := &base[i], &with[i]
		if b.Board != w.Board || b.Game != w.Game || b.Exact != w.Exact {
			return fmt.Errorf("position %d (game %d): not the same position, game or exactness in both sets", i, b.Game)
		}
		if b.Exact {
			continue
		}
		b.Score = mixLabel(b.Score, float64(w.Score), mix)
	}
	return nil
}
