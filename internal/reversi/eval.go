package reversi

// The hand-written evaluation: the classic features of Othello programs before pattern
// tables (Rosenbloom's IAGO, 1982; Buro's survey "How Machines have Learned to Play
// Othello", 1999): mobility (moves available to each side), potential mobility (empty
// squares next to the opponent's discs, where moves may appear), corners, the X- and
// C-squares next to an empty corner (which hand the corner to the opponent), and late in
// the game the disc count and parity (who gets the last move). Weights move linearly from
// their opening to their endgame values with the number of empty squares.
//
// It is the evaluation of the reference "engine with the hand evaluation" (Features) and
// the baseline the fitted pattern evaluation is measured against.

import "math/bits"

// Squares next to the corners: X-squares touch a corner diagonally, C-squares along an
// edge. Each table lists, per corner, the squares that are bad to hold while it is empty.
var (
	cornerSquareList = [4]uint64{1 << 0, 1 << 7, 1 << 56, 1 << 63}
	xSquareList      = [4]uint64{1 << 9, 1 << 14, 1 << 49, 1 << 54}
	cSquarePairs     = [4]uint64{1<<1 | 1<<8, 1<<6 | 1<<15, 1<<48 | 1<<57, 1<<55 | 1<<62}
)

// handWeights are the feature weights in 1/100 disc, at 60 empties (open) and at 0 (end).
var handWeights = struct{ open, end [7]int32 }{
	//        mobility, potential, corner, X-square, C-square, discs, parity
	open: [7]int32{70, 30, 800, -350, -120, 0, 0},
	end:  [7]int32{40, 10, 500, -100, -40, 60, 150},
}

// HandEval estimates the final disc difference for the side to move, in 1/100 disc.
func HandEval(b Board) int32 {
	empty := ^(b.Own | b.Opp)
	empties := int32(bits.OnesCount64(empty))
	ownMoves, oppMoves := b.Moves(), b.Pass().Moves()
	var f [7]int32
	f[0] = int32(bits.OnesCount64(ownMoves) - bits.OnesCount64(oppMoves))
	f[1] = int32(bits.OnesCount64(neighbours(b.Opp)&empty) - bits.OnesCount64(neighbours(b.Own)&empty))
	for i, c := range cornerSquareList {
		switch {
		case b.Own&c != 0:
			f[2]++
		case b.Opp&c != 0:
			f[2]--
		default: // the corner is empty: holding its neighbours invites the opponent in
			f[3] += int32(bits.OnesCount64(b.Own&xSquareList[i]) - bits.OnesCount64(b.Opp&xSquareList[i]))
			f[4] += int32(bits.OnesCount64(b.Own&cSquarePairs[i]) - bits.OnesCount64(b.Opp&cSquarePairs[i]))
		}
	}
	f[5] = int32(bits.OnesCount64(b.Own) - bits.OnesCount64(b.Opp))
	if empties&1 == 1 {
		f[6] = 1
	}
	var open, end int32
	for i := range f {
		open += f[i] * handWeights.open[i]
		end += f[i] * handWeights.end[i]
	}
	return (open*empties + end*(60-empties)) / 60
}
