package reversi

// Flipping, by lines and small tables, for the board, the midgame search and the solver
// alike.
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
// Delorme, Toshihiko Okuhara) describes in its flip_kindergarten.c comments; the code here
// is written from that description.

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
