package reversi

// Flipping for the solver, by rays instead of fills.
//
// Board.Flips runs a four-step fill in each of eight directions whatever the position. The
// solver calls flips far more often than anything else (for every empty square it tries in
// the last plies), so it uses a precomputed ray per square and direction: the squares from
// sq (exclusive) to the edge. Along a ray the first square that is not an opponent disc is
// the "outflank" square; the move flips the opponent discs before it exactly when it holds
// an own disc. For rays running towards higher bit numbers the outflank square is the
// lowest set bit of ray&^opp (x & -x); towards lower bit numbers it is the highest
// (1<<63 >> LeadingZeros64). This is the well-known bitscan formulation of Othello flipping
// (described for instance on the Chess Programming Wiki, "Othello" and "Classical
// Approach" pages); the code here is written from that description.

import "math/bits"

// rays[sq] holds the four rays towards higher bits (east, north-west, north, north-east)
// then the four towards lower bits (west, south-east, south, south-west).
var rays = makeRays()

func makeRays() (r [64][8]uint64) {
	// steps as (row, column) deltas; the first four increase the bit number.
	steps := [8][2]int{{0, 1}, {1, -1}, {1, 0}, {1, 1}, {0, -1}, {-1, 1}, {-1, 0}, {-1, -1}}
	for sq := 0; sq < 64; sq++ {
		for d, st := range steps {
			row, col := sq/8+st[0], sq%8+st[1]
			for row >= 0 && row < 8 && col >= 0 && col < 8 {
				r[sq][d] |= 1 << (row*8 + col)
				row, col = row+st[0], col+st[1]
			}
		}
	}
	return r
}

// flips returns the opponent discs that own playing sq turns over (none when sq is not a
// legal move). It agrees with Board.Flips (TestFlipsMatchesBoard).
func flips(own, opp uint64, sq int) uint64 {
	r := &rays[sq&63]
	return flipUp(own, opp, r[0]) | flipUp(own, opp, r[1]) | flipUp(own, opp, r[2]) | flipUp(own, opp, r[3]) |
		flipDown(own, opp, r[4]) | flipDown(own, opp, r[5]) | flipDown(own, opp, r[6]) | flipDown(own, opp, r[7])
}

// flipUp flips along a ray towards higher bits: the discs of the ray below the outflank
// square, when that square is own. Branch-free: the outcome of the test is random, so a
// branch would be mispredicted half the time; c-1 masked by "c is not zero" does it.
func flipUp(own, opp, ray uint64) uint64 {
	o := ray &^ opp
	c := o & -o & own
	return (c - 1) & ray & uint64(int64(c|-c)>>63)
}

// flipDown flips along a ray towards lower bits: the discs of the ray above the outflank
// square, -(c<<1) being every bit above c, and nothing when c is zero. When the ray holds
// only opponent discs LeadingZeros64 is 64, the masked shift makes c bit 63 at most, and
// c<<1 is then zero too, which flips nothing as it should. (The mask also spares the
// compiler the code for shifts of 64 or more.)
func flipDown(own, opp, ray uint64) uint64 {
	o := ray &^ opp
	c := uint64(1<<63) >> (bits.LeadingZeros64(o) & 63) & own
	return -(c << 1) & ray
}
