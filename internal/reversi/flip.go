package reversi

// Flipping. For one square (flips: the board, the midgame search, the solver's last
// empties) by lines and small tables; for every move of one position (perft, below) by the
// runs that move generation finds on the way.
//
// A move on sq flips discs along its four lines (row, column, two diagonals), and along one
// line the outcome depends only on sq's place on the line and on the line's eight squares.
// So each line is gathered into a byte, looked up and spread back:
//
//   - gather: the row is a byte of the board already; the column is gathered by a
//     multiplication (column, which stability.go uses too) and each diagonal by masking it
//     and multiplying by fileA (every square of the diagonal has its own column, so each
//     lands on its own bit of the top byte and nothing carries);
//   - outflank: lineOutflank[i][o] is, for place i and the opponent's discs o on the six
//     inner places, the places just past each run of opponent discs next to i. Only the
//     inner places matter: an opponent disc on the line's first or last place can end a
//     run but never be inside one. Masked by the mover's discs it leaves the closing
//     discs only, at most one on each side of i;
//   - flipped: lineFlipped[i][c] is the places strictly between i and the closing discs c;
//   - spread back: the row by a shift, the column by columnOf, a diagonal by repeating the
//     byte in every row (a multiplication by fileA) and masking the diagonal.
//
// Both tables fit in 2.5 KB, so they stay in the first-level cache. This is the classic
// table ("kindergarten") formulation of Othello flipping, which the Edax engine (Richard
// Delorme, Toshihiko Okuhara) describes in the comments of its flip_*.c files; the code
// here is written from that description.

import "math/bits"

// lineOutflank[i][o]: see above; o holds the inner places 1..6 as bits 0..5.
var lineOutflank = makeLineOutflank()

// lineFlipped[i][c]: see above.
var lineFlipped = makeLineFlipped()

func makeLineOutflank() (t [8][64]uint8) {
	for i := range 8 {
		for o := range 64 {
			opp := uint8(o << 1)
			for _, d := range [2]int{-1, 1} {
				j := i + d
				for j >= 0 && j < 8 && opp&(1<<j) != 0 {
					j += d
				}
				if j != i+d && j >= 0 && j < 8 {
					t[i][o] |= 1 << j
				}
			}
		}
	}
	return t
}

func makeLineFlipped() (t [8][256]uint8) {
	for i := range 8 {
		for c := range 256 {
			for j := range 8 {
				if c&(1<<j) == 0 {
					continue
				}
				for k := min(i, j) + 1; k < max(i, j); k++ {
					t[i][c] |= 1 << k
				}
			}
		}
	}
	return t
}

// flips returns the opponent discs that own playing sq turns over (none when sq is not a
// legal move; sq must be empty). TestFlipsMatchesSlow checks it against a square-by-square
// walk.
func flips(own, opp uint64, sq int) uint64 {
	sq &= 63
	r, c := uint(sq>>3), uint(sq&7)
	rs := 8 * r
	f := uint64(lineFlips(c, opp>>rs, own>>rs)) << rs
	f |= columnOf[lineFlips(r, uint64(column(opp, c)), uint64(column(own, c)))] << c
	d := &lastLines[sq]
	f |= uint64(lineFlips(c, diagonal(opp, d[0]), diagonal(own, d[0]))) * fileA & d[0]
	f |= uint64(lineFlips(c, diagonal(opp, d[1]), diagonal(own, d[1]))) * fileA & d[1]
	return f
}

// lineFlips is the places of a line that a move on place i flips, given the line's
// opponent and own discs in the low byte of opp and own (higher bits are ignored).
func lineFlips(i uint, opp, own uint64) uint8 {
	return lineFlipped[i&7][lineOutflank[i&7][opp>>1&63]&uint8(own)]
}

// diagonal gathers the squares of x on the diagonal d (one of lastLines) into the low byte,
// bit c from column c.
func diagonal(x, d uint64) uint64 { return (x & d) * fileA >> 56 }

// Flipping every move of one position, by its runs.
//
// Generating the moves already finds, in each direction, the runs of opponent discs that
// an own disc closes at one end (runsLeft, runsRight): a move flips, in each direction,
// exactly the run of these that starts next to it, no own disc to look for. So
// movesAndRuns keeps them (flipRuns) and flipRuns.flips cuts each move's runs out:
//
//   - towards higher bits (north-west, north, north-east) the run starting next to sq is
//     the ray's squares below the lowest ray square outside the runs (x & -x). The runs are
//     kept complemented, which saves that step per move;
//   - towards lower bits the same is done on the board mirrored top to bottom (a byte
//     swap), where south-west, south and south-east become north-west, north and
//     north-east from the mirrored square sq^56, and one byte swap brings the three back;
//   - eastwards an addition carries through the run starting next to sq (as in Moves);
//   - westwards a table gives, for the row's byte of runs, the run ending next to sq.
//
// A closed run always ends before the ray does, so the lowest square outside the runs
// exists on any ray that is not empty, and an empty ray gives nothing.

// flipRuns holds a position's runs of opponent discs closed by an own disc, by the
// direction in which a move flips them.
type flipRuns struct {
	east, west uint64
	up         [3]uint64 // complemented; north-west, north, north-east
	down       [3]uint64 // complemented and mirrored; south-west, south, south-east
}

// upRays[sq] are the squares beyond sq towards the north-west, north and north-east.
var upRays = makeUpRays()

// westRun[c][g] is the set bits of g in the unbroken run that ends at bit c-1.
var westRun = makeWestRun()

func makeUpRays() (r [64][3]uint64) {
	for sq := range 64 {
		for d, dc := range [3]int{-1, 0, 1} {
			for row, col := sq/8+1, sq%8+dc; row < 8 && col >= 0 && col < 8; row, col = row+1, col+dc {
				r[sq][d] |= 1 << (row*8 + col)
			}
		}
	}
	return r
}

func makeWestRun() (t [8][256]uint8) {
	for c := range 8 {
		for g := range 256 {
			for j := c - 1; j >= 0 && g&(1<<j) != 0; j-- {
				t[c][g] |= 1 << j
			}
		}
	}
	return t
}

// flips returns the discs that the move sq, one of movesAndRuns' moves, turns over (for
// any other empty square, none). TestFlipsMatchesSlow checks it.
func (r *flipRuns) flips(sq int) uint64 {
	sq &= 63
	next := uint64(2) << sq
	f := r.east &^ (r.east + next) // next is in a run or changes nothing but itself
	rs := uint(sq &^ 7)
	f |= uint64(westRun[sq&7][uint8(r.west>>rs)]) << rs
	u := &upRays[sq]
	f |= runFrom(u[0], r.up[0]) | runFrom(u[1], r.up[1]) | runFrom(u[2], r.up[2])
	m := &upRays[sq^56]
	down := runFrom(m[0], r.down[0]) | runFrom(m[1], r.down[1]) | runFrom(m[2], r.down[2])
	return f | bits.ReverseBytes64(down)
}

// runFrom is the squares of ray below its lowest square outside the runs (notRuns being
// their complement).
func runFrom(ray, notRuns uint64) uint64 {
	x := ray & notRuns
	return (x&-x - 1) & ray
}
