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
	return discLabel(mix*label + (1-mix)*float64(old))
}

// discLabel is a label in discs, rounded and clamped to ±64.
func discLabel(l float64) int8 { return int8(max(-64, min(64, math.Round(l)))) }

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
// order). Below ProbCut's least depth, and more than a ply from the end of the game (where
// the engine solves its leaves exactly), the value is exactly PlainValue's (TestRelabel).
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
	if err := sameSets(base, with); err != nil {
		return err
	}
	for i := range base {
		if b := &base[i]; !b.Exact {
			b.Score = mixLabel(b.Score, float64(with[i].Score), mix)
		}
	}
	return nil
}

// BlendChained is Blend with the game's next position in place of its result. Going back
// from each game's end, every inexact sample's label becomes mix*(its label in with) +
// (1-mix)*(the new label of the game's next position, seen from this sample's side to
// move): the λ-return of temporal-difference learning with λ = 1-mix (R. Sutton,
// "Learning to Predict by the Methods of Temporal Differences", 1988; TD-Leaf, J. Baxter,
// A. Tridgell and L. Weaver, 1998, whose targets are searched values as with's are). A
// chain starts from the game's first exactly labelled position, or, in a game that ended
// before the solved endgame, from base's own label of its last position (the result).
// Where base came from gen, mix 0 therefore gives base's labels back; with mix m a
// position n plies before the chain's start weighs the result by (1-m)^n where Blend
// weighs it by 1-m, and learns mostly from the searches of the positions the game went
// through next, which are nearer the end. The chain keeps its labels unrounded; each is
// rounded when stored. The samples of a game must be consecutive in play order, as gen
// writes them; a sample whose successor is not a position after one move (and perhaps a
// pass) is an error naming it.
func BlendChained(base, with []Sample, mix float64) error {
	if err := sameSets(base, with); err != nil {
		return err
	}
	var next float64 // the new label of sample i+1, seen from its own side to move
	for i := len(base) - 1; i >= 0; i-- {
		b := &base[i]
		if b.Exact {
			next = float64(b.Score)
			continue
		}
		tail := float64(b.Score)
		if i+1 < len(base) && base[i+1].Game == b.Game {
			same, ok := moverAfter(b.Board, base[i+1].Board)
			if !ok {
				return fmt.Errorf("position %d (game %d): the next position of its game is not one move later", i, b.Game)
			}
			tail = next
			if !same {
				tail = -next
			}
		}
		next = mix*float64(with[i].Score) + (1-mix)*tail
		b.Score = discLabel(next)
	}
	return nil
}

// moverAfter tells whether position b, one move after a (and perhaps a pass), has a's
// side to move again (the other side passed). A move adds one disc to the board, and the
// side that moved keeps its discs, so they are all b's own or all b's opponent's; ok is
// false when b cannot be such a position.
func moverAfter(a, b reversi.Board) (same, ok bool) {
	if bits.OnesCount64(b.Own|b.Opp) != bits.OnesCount64(a.Own|a.Opp)+1 || a.Own == 0 {
		return false, false
	}
	switch {
	case a.Own&b.Opp == a.Own:
		return false, true
	case a.Own&b.Own == a.Own:
		return true, true
	}
	return false, false
}

// sameSets checks that two data sets hold the same positions of the same games in the
// same order, as relabel keeps them, and names the first position that differs.
func sameSets(base, with []Sample) error {
	if len(base) != len(with) {
		return fmt.Errorf("%d positions against %d: not the same data set", len(base), len(with))
	}
	for i := range base {
		b, w := &base[i], &with[i]
		if b.Board != w.Board || b.Game != w.Game || b.Exact != w.Exact {
			return fmt.Errorf("position %d (game %d): not the same position, game or exactness in both sets", i, b.Game)
		}
	}
	return nil
}
