package hive

// The evaluation: the course's points as if the game ended now, plus what makes points
// later. Everything is from the side to move's point of view, in 1/100 of a course point.
//
// Terms, for each side (then the opponent's subtracted):
//   - points: the course's score from the opponent's queen (15 surrounded; k-1 for k
//     occupied neighbours, doubled on the edge); a queen still in hand gives nothing;
//   - pressure: every occupied neighbour of the opponent's queen, even the first, which
//     the points do not count yet;
//   - a frozen opponent queen: covered by a beetle, or pinned by the one-hive rule, it
//     cannot step out of a closing ring;
//   - mobility: each top piece that may move (not pinned, or on a stack), more for ants
//     and beetles, which reach a queen's last gaps; and the pieces still in hand.
// The weights were set by hand and checked in matches (RESULTS.md).

import "math/bits"

// Points returns the course's score of side s from the opponent's queen.
func (b *Board) Points(s Side) int {
	q := b.queen[1-s]
	if q < 0 {
		return 0
	}
	occupied, cells := b.queenNeighbours(q)
	return coursePoints(occupied, cells)
}

// queenNeighbours returns how many of cell q's on-board neighbours are occupied, and how
// many it has.
func (b *Board) queenNeighbours(q int) (occupied, cells int) {
	for _, j := range b.t.ring[q] {
		if j >= 0 {
			cells++
			if b.occ.has(int(j)) {
				occupied++
			}
		}
	}
	return occupied, cells
}

// coursePoints is the course's score for a queen with occupied of its cells on-board
// neighbours occupied: 15 when surrounded; k-1, doubled on the edge; never below 0.
func coursePoints(occupied, cells int) int {
	switch {
	case occupied == cells:
		return 15
	case occupied == 0:
		return 0
	case cells < 6:
		return 2 * (occupied - 1)
	}
	return occupied - 1
}

// Weights are the evaluation's weights, in 1/100 course point.
type Weights struct {
	Point         int32 // a course point (fixed: the unit of the score)
	Pressure      int32 // an occupied neighbour of the opponent's queen
	FrozenQueen   int32 // the opponent's queen pinned or under a beetle
	BeetleOnQueen int32 // more when the beetle on it is ours
	Movable       int32 // a piece free to move
	Ant, Beetle   int32 // more for a free ant, a free beetle
	InHand        int32 // a piece still in hand
}

// DefaultWeights are the engine's weights.
var DefaultWeights = Weights{Point: 100, Pressure: 30, FrozenQueen: 40, BeetleOnQueen: 40, Movable: 6, Ant: 6, Beetle: 4, InHand: 3}

const pointWeight = 100 // DefaultWeights.Point: scores are in 1/100 course point

// evaluate scores the board for the side to move; b.findPinned must be current.
func (b *Board) evaluate(w *Weights) int32 {
	me := b.mover
	return b.sideValue(me, w) - b.sideValue(1-me, w)
}

// sideValue is side s's share of the evaluation.
func (b *Board) sideValue(s Side, w *Weights) int32 {
	v := int32(0)
	if q := b.queen[1-s]; q >= 0 {
		occupied, cells := b.queenNeighbours(q)
		v += w.Point*int32(coursePoints(occupied, cells)) + w.Pressure*int32(occupied)
		switch {
		case b.height[q] > 1:
			v += w.FrozenQueen
			if codeSide(b.stack[q]&15) == s {
				v += w.BeetleOnQueen
			}
		case b.pinned.has(q):
			v += w.FrozenQueen
		}
	}
	for k, word := range b.tops[s] {
		for ; word != 0; word &= word - 1 {
			i := k<<6 | bits.TrailingZeros64(word)
			if b.height[i] == 1 && b.pinned.has(i) {
				continue
			}
			v += w.Movable
			switch Kinds[codeKind(b.stack[i]&15)] {
			case 'A':
				v += w.Ant
			case 'B':
				v += w.Beetle
			}
		}
	}
	for _, c := range b.hand[s] {
		v += w.InHand * int32(c)
	}
	return v
}
