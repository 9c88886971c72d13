package reversi

// Stable discs: discs that no continuation of the game can flip. The solver uses a lower
// bound on the opponent's stable discs for a cutoff: the opponent ends with at least that
// many discs, so the side to move scores at most 64 - 2*stable (stabilityBound).
//
// The bound is built from three facts, each conservative:
//
//  1. An edge disc can only be flipped along its edge (nothing lies beyond the edge to
//     flank it across). Which discs of an edge stay put is therefore a one-dimensional
//     question, answered once for all 3^8 edge patterns by exhaustive search (edgeStable),
//     letting either colour play on any empty edge square: in a real game a move on the
//     edge may be legal through another direction without flipping anything on the edge.
//  2. A disc whose four lines (row, column, both diagonals) are full can never be flipped:
//     a flip along a line needs a move on that line. (Computing the full lines costs, so
//     they are only looked at when some edge disc is stable: a lower bound may miss
//     discs, it only must not count unstable ones.)
//  3. A disc is safe along one line if that line is full, if it lies on the board's edge
//     across that line, or if a neighbour on the line is a stable disc of its own colour:
//     to flip it, the run of its colour being flanked would have to include that
//     neighbour. Discs safe along all four lines are stable; the rule is applied until
//     nothing changes.
//
// These are the usual ingredients of stability estimates in Othello programs (see the
// Chess Programming Wiki's Othello pages, or the stability code of Edax, whose idea, not
// text, this follows).

import "math/bits"

const (
	fileA uint64 = 0x0101010101010101
	fileH uint64 = 0x8080808080808080
	rank1 uint64 = 0xff
	rank8 uint64 = 0xff << 56
	edges        = fileA | fileH | rank1 | rank8
)

// edgeStable[own | opp<<8] is the set of discs (of either colour) of an 8-square line that
// no sequence of placements on that line can flip.
var edgeStable = makeEdgeStable()

// columnOf[b] spreads the 8 bits of b over column a (bit i to row i).
var columnOf = makeColumnOf()

func makeEdgeStable() *[1 << 16]uint8 {
	t := new([1 << 16]uint8)
	done := new([1 << 16]bool)
	var rec func(p, o uint8) uint8
	rec = func(p, o uint8) uint8 {
		idx := int(p) | int(o)<<8
		if done[idx] {
			return t[idx]
		}
		st := p | o
		for x := 0; x < 8; x++ {
			bit := uint8(1) << x
			if (p|o)&bit != 0 {
				continue
			}
			// p plays x, then o plays x: the stable set is what survives both.
			f := lineFlips8(p, o, x)
			st &= rec(p|bit|f, o&^f) &^ f
			f = lineFlips8(o, p, x)
			st &= rec(p&^f, o|bit|f) &^ f
		}
		t[idx], done[idx] = st, true
		return st
	}
	for p := 0; p < 256; p++ {
		for o := 0; o < 256; o++ {
			if p&o == 0 {
				rec(uint8(p), uint8(o))
			}
		}
	}
	return t
}

// lineFlips8 is the set of o discs that p placing at x flips along an 8-square line.
func lineFlips8(p, o uint8, x int) uint8 {
	var f uint8
	for _, d := range [2]int{-1, 1} {
		var run uint8
		y := x + d
		for y >= 0 && y < 8 && o&(1<<y) != 0 {
			run |= 1 << y
			y += d
		}
		if y >= 0 && y < 8 && p&(1<<y) != 0 {
			f |= run
		}
	}
	return f
}

func makeColumnOf() (c [256]uint64) {
	for b := 0; b < 256; b++ {
		for i := 0; i < 8; i++ {
			if b&(1<<i) != 0 {
				c[b] |= 1 << (8 * i)
			}
		}
	}
	return c
}

// column returns column a of x (shifted by col first) as 8 bits, bit i from row i. The
// multiplier sends bit 8i to bit 56+i without carries (no two products share a bit).
func column(x uint64, col uint) uint8 {
	return uint8(((x >> col) & fileA) * 0x0102040810204080 >> 56)
}

// edgeStableDiscs returns the own discs that the edge table proves stable on the four
// edges.
func edgeStableDiscs(own, opp uint64) uint64 {
	st := uint64(edgeStable[uint16(uint8(own))|uint16(uint8(opp))<<8]) |
		uint64(edgeStable[uint16(own>>56)|uint16(opp>>56)<<8])<<56 |
		columnOf[edgeStable[uint16(column(own, 0))|uint16(column(opp, 0))<<8]] |
		columnOf[edgeStable[uint16(column(own, 7))|uint16(column(opp, 7))<<8]]<<7
	return st & own
}

// fullLines returns, for each of the four line directions, the squares whose line in that
// direction is full.
func fullLines(filled uint64) (h, v, d9, d7 uint64) {
	// a row is full when the AND of its eight bits, folded into its bit 0, is set; the
	// folds only ever combine bits of the same row into bit 0.
	r := filled & (filled >> 4)
	r &= r >> 2
	r &= r >> 1
	h = (r & fileA) * 0xff
	c := filled & (filled >> 32)
	c &= c >> 16
	c &= c >> 8
	v = (c & 0xff) * fileA
	m := &diagonalEdges
	d9 = fullDiagonal(filled, 9, m[0][0], m[0][1], m[0][2], m[0][3], m[0][4], m[0][5])
	d7 = fullDiagonal(filled, 7, m[1][0], m[1][1], m[1][2], m[1][3], m[1][4], m[1][5])
	// The corner squares' and short diagonals are on the edge, where walls decide.
	return h, v, d9 | edges, d7 | edges
}

// fullDiagonal returns the squares whose diagonal in the direction of shifting by s is
// full. up[x] says that x and the squares after it (x+s, x+2s, ... up to 2^k of them)
// are filled or off the board; each step doubles the reach, the masks eK marking the
// squares fewer than K steps from the board's edge in that direction, where the shifted
// bits have wrapped or fallen off and the run has ended. down is the same backwards.
func fullDiagonal(filled uint64, s uint, e1, e2, e4, f1, f2, f4 uint64) uint64 {
	up := filled & (filled>>s | e1)
	up &= up>>(2*s) | e2
	up &= up>>(4*s) | e4
	down := filled & (filled<<s | f1)
	down &= down<<(2*s) | f2
	down &= down<<(4*s) | f4
	return up & down
}

// diagonalEdges holds fullDiagonal's masks for the two diagonal directions.
var diagonalEdges = [2][6]uint64{
	{filesFrom(7) | ranksFrom(7), filesFrom(6) | ranksFrom(6), filesFrom(4) | ranksFrom(4),
		filesTo(0) | ranksTo(0), filesTo(1) | ranksTo(1), filesTo(3) | ranksTo(3)},
	{filesTo(0) | ranksFrom(7), filesTo(1) | ranksFrom(6), filesTo(3) | ranksFrom(4),
		filesFrom(7) | ranksTo(0), filesFrom(6) | ranksTo(1), filesFrom(4) | ranksTo(3)},
}

// filesFrom(c) is columns c..7, filesTo(c) columns 0..c; ranksFrom and ranksTo rows.
func filesFrom(c int) uint64 { return fileA * (0xff << c & 0xff) }
func filesTo(c int) uint64   { return fileA * (0xff >> (7 - c)) }
func ranksFrom(r int) uint64 { return ^uint64(0) << (8 * r) }
func ranksTo(r int) uint64   { return ^uint64(0) >> (8 * (7 - r)) }

// stableDiscs returns a set of own discs that can never be flipped (a lower bound on the
// true set).
func stableDiscs(own, opp uint64) uint64 {
	st := edgeStableDiscs(own, opp)
	if st == 0 {
		// Without a stable edge disc, only discs with four full lines could be stable:
		// rare enough that the bound skips them rather than compute the lines.
		return 0
	}
	h, v, d9, d7 := fullLines(own | opp)
	st |= own & h & v & d9 & d7
	h |= fileA | fileH
	v |= rank1 | rank8
	for {
		n := st | own&
			(h|(st<<1)&notFileA|(st>>1)&notFileH)&
			(v|st<<8|st>>8)&
			(d9|(st<<9)&notFileA|(st>>9)&notFileH)&
			(d7|(st<<7)&notFileH|(st>>7)&notFileA)
		if n == st {
			return st
		}
		st = n
	}
}

// stabilityBound is the most the side to move can score: 64 less twice the opponent's
// stable discs.
func stabilityBound(b Board) int {
	return 64 - 2*bits.OnesCount64(stableDiscs(b.Opp, b.Own))
}
