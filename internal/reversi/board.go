// Package reversi holds the rules of Reversi (Othello) as the CTU B4B33RPH course plays it:
// bitboard move generation and flipping.
//
// Representation: a position is two 64-bit sets, the discs of the side to move and of its
// opponent. Bit r*8+c is row r, column c, with row 0 the first rank and column 0 file a, so
// bit 0 is a1 (the first square of an FFO/OBF string) and bit 63 is h8.
//
// Move generation shifts the mover's discs one step in each of the eight directions
// through runs of opponent discs (at most six in a row fit between two squares) and keeps
// the empty squares reached: the classic "dumb7fill", branch-free and allocation-free,
// with two refinements: the two directions of a line share their pairs of opponent discs,
// and eastwards an addition's carry runs through a row's runs at once. For directions
// along a row the opponent's discs are masked to the inner six columns, so no shift can
// wrap from one edge to the other. Flipping is in flip.go.
//
// The rest of the package: format.go (input.txt, output.txt, OBF), eval.go (the hand-written
// evaluation) and pattern.go (the fitted pattern evaluation, weights in weights.bin, fitted
// by internal/reversi/train), search.go (the midgame search), solve*.go and stability.go
// (the exact endgame solver), play.go (the agent and the reference players), judge.go (the
// referee's rules and GTP), positions.go (calibration and benchmark positions).
package reversi

import "math/bits"

// Board is a position from the side to move's point of view.
type Board struct {
	Own, Opp uint64
}

const (
	notFileA uint64 = 0xfefefefefefefefe // every square but column 0
	notFileH uint64 = 0x7f7f7f7f7f7f7f7f // every square but column 7
)

// inner masks the opponent's discs for directions that move along a row: a run of
// opponent discs confined to columns 1..6 can neither start nor end by wrapping round an
// edge, so the shifts need no other masks.
const inner = notFileA & notFileH

// Start is the standard initial position with the first mover's discs on d5 and e4 (the
// CTU course's colour 0 instead starts on d4 and e5: its boards are read as they are).
func Start() Board {
	return Board{Own: 1<<(3*8+4) | 1<<(4*8+3), Opp: 1<<(3*8+3) | 1<<(4*8+4)}
}

// Moves returns the set of squares where the side to move may play.
func (b Board) Moves() uint64 {
	own, opp := b.Own, b.Opp
	oi := opp & innerMask
	// Eastwards (towards higher bits along a row) a run of opponent discs is a run of
	// consecutive bits, so adding the bit where it starts carries through it to the square
	// just past it: that square is the only bit of the sum outside oi (and the discs of
	// oi left in the sum are removed with the occupied squares at the end).
	m := oi + (own<<1)&oi
	m |= runsRight(own, oi, oi&(oi>>1), 1) >> 1
	p := opp & (opp << 8)
	m |= runsLeft(own, opp, p, 8)<<8 | runsRight(own, opp, p>>8, 8)>>8
	p = oi & (oi << 7)
	m |= runsLeft(own, oi, p, 7)<<7 | runsRight(own, oi, p>>7, 7)>>7
	p = oi & (oi << 9)
	m |= runsLeft(own, oi, p, 9)<<9 | runsRight(own, oi, p>>9, 9)>>9
	return m &^ (own | opp)
}

// movesAndRuns is Moves, also filling r with the runs that its moves flip, so that
// r.flips finds each move's flips for less than flips would (flip.go). The three lines
// through opp (vertical, both diagonals) are written out one after another on purpose:
// a helper for one line is past the compiler's inlining budget, and calling it cost 3%
// of perft's speed (0.97x, reversi-bench -perft 11 -runs 7).
func (b Board) movesAndRuns(r *flipRuns) uint64 {
	own, opp := b.Own, b.Opp
	oi := opp & innerMask
	sum := oi + (own<<1)&oi
	r.west = oi &^ sum // the runs the carry went through, closed by an own disc to the west
	m := sum
	x := runsRight(own, oi, oi&(oi>>1), 1)
	r.east = x
	m |= x >> 1
	p := opp & (opp << 8)
	x = runsLeft(own, opp, p, 8)
	r.down[1] = ^bits.ReverseBytes64(x)
	m |= x << 8
	x = runsRight(own, opp, p>>8, 8)
	r.up[1] = ^x
	m |= x >> 8
	p = oi & (oi << 7)
	x = runsLeft(own, oi, p, 7)
	r.down[2] = ^bits.ReverseBytes64(x)
	m |= x << 7
	x = runsRight(own, oi, p>>7, 7)
	r.up[0] = ^x
	m |= x >> 7
	p = oi & (oi << 9)
	x = runsLeft(own, oi, p, 9)
	r.down[0] = ^bits.ReverseBytes64(x)
	m |= x << 9
	x = runsRight(own, oi, p>>9, 9)
	r.up[2] = ^x
	m |= x >> 9
	return m &^ (own | opp)
}

// innerMask is inner, held in a variable: with the constant, the compiler reassociates
// every x & (opp & inner) into (x & opp) & inner and spends an extra AND on each step of
// the fills (about 30 instructions more per Moves).
var innerMask = inner

// runsLeft returns the opp discs in runs that start next to an own disc, in the direction
// of shifting left by s (shifted once more, they are the squares just past the runs);
// pairs is opp & (opp << s), the opp discs whose neighbour s back is opp too. A run holds
// at most six discs: two single steps and two double steps through pairs cover it. (The
// right direction's pairs are the same set shifted back, so Moves computes them once per
// line.)
func runsLeft(own, opp, pairs uint64, s uint) uint64 {
	x := opp & (own << s)
	x |= opp & (x << s)
	x |= pairs & (x << (2 * s))
	return x | pairs&(x<<(2*s))
}

// runsRight is runsLeft shifting right; pairs is opp & (opp >> s).
func runsRight(own, opp, pairs uint64, s uint) uint64 {
	x := opp & (own >> s)
	x |= opp & (x >> s)
	x |= pairs & (x >> (2 * s))
	return x | pairs&(x>>(2*s))
}

// Flips returns the opponent discs that a move on sq turns over (none when sq is not a
// legal move).
func (b Board) Flips(sq int) uint64 { return flips(b.Own, b.Opp, sq) }

// Play returns the position after the side to move plays sq, seen from the opponent, who
// moves next.
func (b Board) Play(sq int) Board { return b.after(sq, flips(b.Own, b.Opp, sq)) }

// after is the position after the side to move plays sq, turning over f.
func (b Board) after(sq int, f uint64) Board {
	return Board{Own: b.Opp &^ f, Opp: b.Own | f | 1<<(sq&63)}
}

// Pass returns the position with the other side to move and nothing changed.
func (b Board) Pass() Board { return Board{Own: b.Opp, Opp: b.Own} }

// Decided reports whether the game is over, neither side having a move, and why: the
// judge ends the game there and the agent answers PASS, by this one rule.
func (b Board) Decided() (why string, over bool) {
	switch {
	case b.Moves() != 0 || b.Pass().Moves() != 0:
		return "", false
	case b.Own|b.Opp == ^uint64(0):
		return "the board is full", true
	}
	return "neither side can move", true
}

// Perft counts the leaves of the game tree depth plies deep, a pass counting as a ply and
// a finished game (neither side can move) as a leaf at every deeper depth.
func Perft(b Board, depth int) int64 {
	return perft(b, depth, false)
}

// perft counts the last ply by the number of moves (a position without any counting one
// leaf: a pass or the end of the game), so the positions two plies up count their
// children's moves in one loop without calls.
func perft(b Board, depth int, passed bool) int64 {
	switch depth {
	case 0:
		return 1
	case 1:
		return int64(max(bits.OnesCount64(b.Moves()), 1))
	}
	var r flipRuns
	moves := b.movesAndRuns(&r)
	if moves == 0 {
		if passed {
			return 1
		}
		return perft(b.Pass(), depth-1, true)
	}
	var n int64
	for ; moves != 0; moves &= moves - 1 {
		sq := bits.TrailingZeros64(moves)
		c := b.after(sq, r.flips(sq))
		if depth == 2 {
			n += int64(max(bits.OnesCount64(c.Moves()), 1))
		} else {
			n += perft(c, depth-1, false)
		}
	}
	return n
}
