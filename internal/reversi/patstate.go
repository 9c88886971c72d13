package reversi

// Incremental pattern indices. PatternIndices reads every pattern instance from the
// bitboards (eight images, gathers, ternary tables): about a third of the midgame search's
// time went there. A move changes only the squares it places and flips, so the search
// keeps each position's 58 instance indices and updates them from the parent's: each
// changed square adds its digit's weight 3^i to the few instances that read it (about
// eight). Edax (R. Delorme) updates its features on each move in the same spirit; the
// layout and the code here are our own.
//
// Every index is linear in the squares' states: the index of an instance is its base (the
// index of an empty board) plus, for each square it reads, 3^i times the square's state
// (1 the side to move's disc, 2 the opponent's). patSquareRefs lists, for each square, the
// instances it is a digit of and the digit's weight, found by reading PatternIndices on
// boards of one disc, so it cannot disagree with it (TestPatStateLinear checks the
// linearity on random positions, TestPatStateMatchesIndices every update against a fresh
// reading).
//
// A state holds two views of a position, packed in one uint32 per instance: the low 16
// bits read with one side's discs as 1s, the high 16 with the other's. A move adds to both
// views at once (pow times a multiplier that puts each view's change in its half: the
// views stay within 0..3^10-1 at every step, so no carry or borrow crosses the halves),
// and a pass changes nothing: which half is the side to move's alternates with the plies,
// so the search passes it along (the parity of its depth). The evaluation sums that half's
// indices, which equal PatternIndices' reading: the same table entries, so the same value,
// and the search visits the same nodes either way.

import "math/bits"

// patRef is one digit a square is in a pattern instance: the instance and the digit's weight.
type patRef struct {
	slot uint8  // the instance, 0..PatternInstances-1, in PatternIndices' order
	pow  uint16 // 3^i for digit i
}

// patState is a position's pattern instance indices within their tables, in two views
// (low and high 16 bits). The array has 64 entries, of which the first PatternInstances
// are used, so that an index masked to 6 bits needs no bounds check.
type patState struct {
	idx [64]uint32
}

// patMaxRefs bounds the instances one square is a digit of (a corner's are the most).
const patMaxRefs = 16

// patSquareRefs[s] lists the digits square s is, patSquareRefCount[s] of them.
// patSlotBase[k] is where instance k's table starts in a phase's weights: the weight index
// of an empty reading.
var patSlotBase, patSquareRefs, patSquareRefCount = patRefLayout()

func patRefLayout() (base [PatternInstances]uint32, refs [64][patMaxRefs]patRef, count [64]uint8) {
	var f0, f [PatternFeatures]uint32
	PatternIndices(Board{}, &f0)
	copy(base[:], f0[:PatternInstances])
	for s := range 64 {
		PatternIndices(Board{Own: 1 << s}, &f)
		for k := range PatternInstances {
			if d := f[k] - f0[k]; d != 0 {
				if count[s] == patMaxRefs {
					panic("reversi: a square is a digit of more than patMaxRefs pattern instances")
				}
				refs[s][count[s]] = patRef{slot: uint8(k), pow: uint16(d)}
				count[s]++
			}
		}
	}
	return base, refs, count
}

// set reads b's indices from scratch, its side to move's view in the low half.
func (s *patState) set(b Board) {
	var own, opp [PatternFeatures]uint32
	PatternIndices(b, &own)
	PatternIndices(b.Pass(), &opp)
	for k := range PatternInstances {
		s.idx[k] = own[k] - patSlotBase[k] | (opp[k]-patSlotBase[k])<<16
	}
}

// Multipliers of a digit's weight: the mover's disc placed on an empty square (0 to 1 in
// the mover's view, 0 to 2 in the other), and a disc flipped to the mover (2 to 1 in the
// mover's view, 1 to 2 in the other); index 0 when the mover's view is the low half.
var (
	patPlaceMul = [2]uint32{1 + 2<<16, 2 + 1<<16}
	patFlipMul  = [2]uint32{1<<16 - 1, 1<<32 + 1 - 1<<16} // -pow+pow<<16, pow-pow<<16 (mod 2^32)
)

// play makes s the state after the side to move of parent's position plays sq, turning
// the discs flipped; half is 0 when the mover's view is parent's low half, 1 when high.
func (s *patState) play(parent *patState, half uint, sq int, flipped uint64) {
	s.idx = parent.idx
	place, flip := patPlaceMul[half&1], patFlipMul[half&1]
	sq &= 63
	for _, r := range patSquareRefs[sq][:patSquareRefCount[sq]] {
		s.idx[r.slot&63] += uint32(r.pow) * place
	}
	for ; flipped != 0; flipped &= flipped - 1 {
		q := bits.TrailingZeros64(flipped) & 63
		for _, r := range patSquareRefs[q][:patSquareRefCount[q]] {
			s.idx[r.slot&63] += uint32(r.pow) * flip
		}
	}
}

// evalState is w.Eval(b) for the position b whose indices s holds, its side to move's view
// in half (0 low, 1 high), and whose legal moves are moves (b.Moves(), which the search
// has already listed): the same sum, without reading the patterns again.
func (w *PatternWeights) evalState(s *patState, half uint, b Board, moves uint64) int32 {
	empty := ^(b.Own | b.Opp)
	t := w.W[w.Phase[bits.OnesCount64(empty)]]
	t = t[:PatternWeightsPerPhase]
	shift := 16 * (half & 1)
	var sum int32
	for k, x := range s.idx[:PatternInstances] {
		sum += int32(t[patSlotBase[k]+(x>>shift&0xffff)])
	}
	var extra [5]uint32
	patMoveFeatures(&extra, b, moves)
	for _, i := range extra {
		sum += int32(t[i])
	}
	return sum
}
