package reversi

// The solver's last plies (at most shallowMax empty squares), where most of its nodes
// are and where building move lists costs more than it saves.
//
// No move generation: each empty square is tried directly with flips, a square that flips
// nothing not being a move. The squares are tried in parity order: first those in a
// quadrant holding an odd number of empties (whoever plays last in a region gains there),
// the quadrants' parities being kept in four bits and flipped by each move. Three
// empties, two and one have their own code (solve3, solve2, last1); one empty is scored
// by counting flips without making the move. Plain alpha-beta, no table: these subtrees are too small for
// either to pay.

import "math/bits"

// quadrantBit[sq] is the bit of sq's quadrant (bit 0 a1-d4, 1 e1-h4, 2 a5-d8, 3 e5-h8);
// parityMask[p] is the union of the quadrants whose bits are set in p.
var quadrantBit, parityMask = makeParityTables()

func makeParityTables() (qb [64]uint8, pm [16]uint64) {
	for sq := range 64 {
		qb[sq] = 1 << (sq>>2&1 | sq>>5&1<<1)
	}
	for p := range 16 {
		for q := range 4 {
			if p&(1<<q) != 0 {
				pm[p] |= quadrants[q]
			}
		}
	}
	return qb, pm
}

// around[sq] is the set of sq's neighbours: a square none of whose neighbours is an
// opponent disc is no move, which is cheaper to see than that it flips nothing.
var around = makeAround()

func makeAround() (a [64]uint64) {
	for sq := range 64 {
		a[sq] = neighbours(1 << sq)
	}
	return a
}

// xSquares touch a corner diagonally: playing there often hands the corner over, so they
// are tried last within a parity class, and the corners first.
const (
	xSquares     uint64 = 1<<9 | 1<<14 | 1<<49 | 1<<54
	plainSquares        = ^(corners | xSquares)
)

// tryFlips is flips, answered at once for a square with no opponent disc next to it.
func tryFlips(own, opp uint64, sq int) uint64 {
	if around[sq&63]&opp == 0 {
		return 0
	}
	return flips(own, opp, sq)
}

// parityOf returns the parity bits of a set of empty squares.
func parityOf(empty uint64) uint8 {
	var p uint8
	for q := range 4 {
		p |= uint8(bits.OnesCount64(empty&quadrants[q])&1) << q
	}
	return p
}

// solveShallow solves a position with at most shallowMax empties.
func (s *Solver) solveShallow(b Board, alpha, beta int, passed bool) int {
	empty := ^(b.Own | b.Opp)
	switch bits.OnesCount64(empty) {
	case 0:
		s.Nodes++
		return final(b)
	case 1:
		return s.last1(b.Own, b.Opp, bits.TrailingZeros64(empty))
	case 2:
		return s.solve2(b.Own, b.Opp, empty, alpha, beta)
	case 3:
		return s.solve3(b.Own, b.Opp, empty, alpha, beta, parityOf(empty))
	}
	return s.shallow(b.Own, b.Opp, empty, alpha, beta, parityOf(empty), passed)
}

// shallow is alpha-beta over four or more empties, parity ordered.
func (s *Solver) shallow(own, opp, empty uint64, alpha, beta int, parity uint8, passed bool) int {
	s.Nodes++
	n := bits.OnesCount64(empty)
	if n >= stabilityMinShallow && !s.NoStability && alpha >= 64-2*bits.OnesCount64(opp) {
		if bound := stabilityBound(Board{own, opp}); bound <= alpha {
			return bound
		}
	}
	best := -solveScoreLimit - 1
	odd := empty & parityMask[parity]
	for _, set := range [6]uint64{odd & corners, odd & plainSquares, odd & xSquares, empty &^ odd & corners, empty &^ odd & plainSquares, empty &^ odd & xSquares} {
		for ; set != 0; set &= set - 1 {
			sq := bits.TrailingZeros64(set)
			f := tryFlips(own, opp, sq)
			if f == 0 {
				continue
			}
			bit := uint64(1) << sq
			var v int
			if n == 4 {
				v = -s.solve3(opp&^f, own|f|bit, empty^bit, -beta, -alpha, parity^quadrantBit[sq])
			} else {
				v = -s.shallow(opp&^f, own|f|bit, empty^bit, -beta, -alpha, parity^quadrantBit[sq], false)
			}
			if v > best {
				best = v
				if v > alpha {
					alpha = v
					if alpha >= beta {
						return best
					}
				}
			}
		}
	}
	if best > -solveScoreLimit-1 {
		return best
	}
	if passed {
		return final(Board{own, opp})
	}
	return -s.shallow(opp, own, empty, -beta, -alpha, parity, true)
}

// solve3 solves a position with exactly three empties, written out: with three empties
// the parity order is simply the square alone in its quadrant first (when two share
// one), so no sets are needed.
func (s *Solver) solve3(own, opp, empty uint64, alpha, beta int, parity uint8) int {
	s.Nodes++
	x1 := bits.TrailingZeros64(empty)
	rest := empty & (empty - 1)
	x2 := bits.TrailingZeros64(rest)
	x3 := bits.TrailingZeros64(rest & (rest - 1))
	if parity&quadrantBit[x1&63] == 0 {
		if parity&quadrantBit[x2&63] != 0 {
			x1, x2 = x2, x1
		} else {
			x1, x3 = x3, x1
		}
	}
	best := -solveScoreLimit - 1
	for _, x := range [3]int{x1, x2, x3} {
		if f := tryFlips(own, opp, x); f != 0 {
			bit := uint64(1) << x
			v := -s.solve2(opp&^f, own|f|bit, empty^bit, -beta, -alpha)
			if v > best {
				if v >= beta {
					return v
				}
				best, alpha = v, max(alpha, v)
			}
		}
	}
	if best > -solveScoreLimit-1 {
		return best
	}
	// The side to move passes: the opponent picks the lowest of its replies.
	s.Nodes++
	worst := solveScoreLimit + 1
	for _, x := range [3]int{x1, x2, x3} {
		if f := tryFlips(opp, own, x); f != 0 {
			bit := uint64(1) << x
			v := s.solve2(own&^f, opp|f|bit, empty^bit, alpha, beta)
			if v < worst {
				if v <= alpha {
					return v
				}
				worst, beta = v, min(beta, v)
			}
		}
	}
	if worst < solveScoreLimit+1 {
		return worst
	}
	return final(Board{own, opp})
}

// solve2 solves a position with exactly two empties.
func (s *Solver) solve2(own, opp, empty uint64, alpha, beta int) int {
	s.Nodes++
	x1 := bits.TrailingZeros64(empty)
	x2 := bits.TrailingZeros64(empty & (empty - 1))
	best := -solveScoreLimit - 1
	if f := tryFlips(own, opp, x1); f != 0 {
		best = -s.last1(opp&^f, own|f|1<<x1, x2)
		if best >= beta {
			return best
		}
	}
	if f := tryFlips(own, opp, x2); f != 0 {
		return max(best, -s.last1(opp&^f, own|f|1<<x2, x1))
	}
	if best > -solveScoreLimit-1 {
		return best
	}
	// The side to move passes: the opponent picks the lower of its replies.
	s.Nodes++
	worst := solveScoreLimit + 1
	if f := tryFlips(opp, own, x1); f != 0 {
		worst = s.last1(own&^f, opp|f|1<<x1, x2)
		if worst <= alpha {
			return worst
		}
	}
	if f := tryFlips(opp, own, x2); f != 0 {
		return min(worst, s.last1(own&^f, opp|f|1<<x2, x1))
	}
	if worst < solveScoreLimit+1 {
		return worst
	}
	return final(Board{own, opp})
}

// last1 scores the position whose only empty square is sq without making moves: the board
// fills up, so the score is twice the discs of whoever plays there, less 64.
func (s *Solver) last1(own, opp uint64, sq int) int {
	s.Nodes++
	sq &= 63
	if n := lastFlipCount(own, sq); n != 0 {
		return 2*(bits.OnesCount64(own)+n+1) - 64
	}
	if n := lastFlipCount(opp, sq); n != 0 { // the side to move passes; the opponent plays
		return 64 - 2*(bits.OnesCount64(opp)+n+1)
	}
	return final(Board{own, opp})
}

// With a single empty square every other square holds a disc, so the discs a move there
// flips along a line depend only on which squares of the line are the mover's: a table
// indexed by the square's place on the line and that 8-bit pattern gives the count. The
// row is a byte of the board; a column and the diagonals are gathered into a byte by a
// multiplication (each bit lands on its own bit of the top byte, so nothing carries). On
// a diagonal shorter than eight the missing squares read as opponent discs, which is
// harmless: they lie beyond the board's edge, where a run of opponent discs found no
// closing disc anyway.

// lastCount[i][p] is the number of discs flipped by playing place i of a full line whose
// other places hold the mover's discs where p has bits and the opponent's elsewhere.
var lastCount = makeLastCount()

// lastLines[sq] holds sq's two diagonals, as masks.
var lastLines = makeLastLines()

func makeLastCount() (t [8][256]uint8) {
	for i := range 8 {
		for p := range 256 {
			n := 0
			for _, d := range [2]int{-1, 1} {
				run := 0
				j := i + d
				for j >= 0 && j < 8 && p&(1<<j) == 0 {
					run++
					j += d
				}
				if j >= 0 && j < 8 {
					n += run
				}
			}
			t[i][p] = uint8(n)
		}
	}
	return t
}

func makeLastLines() (l [64][2]uint64) {
	for sq := range 64 {
		r, c := sq/8, sq%8
		for rr := range 8 {
			if cc := c + rr - r; cc >= 0 && cc < 8 {
				l[sq][0] |= 1 << (8*rr + cc)
			}
			if cc := c - (rr - r); cc >= 0 && cc < 8 {
				l[sq][1] |= 1 << (8*rr + cc)
			}
		}
	}
	return l
}

// lastFlipCount is how many discs the player owning own flips by playing sq, the only
// empty square.
func lastFlipCount(own uint64, sq int) int {
	sq &= 63
	r, c := uint(sq>>3), uint(sq&7)
	t := &lastCount[c]
	l := &lastLines[sq]
	return int(t[uint8(own>>(8*r))]) +
		int(lastCount[r][column(own, c)]) +
		int(t[uint8((own&l[0])*fileA>>56)]) +
		int(t[uint8((own&l[1])*fileA>>56)])
}
