package reversi

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

// randomEndgame plays random legal moves from the start until empties squares are left
// (or the game ends), with a seeded generator.
func randomEndgame(r *rand.Rand, empties int) Board {
	b := Start()
	for 64-bits.OnesCount64(b.Own|b.Opp) > empties {
		m := b.Moves()
		if m == 0 {
			b = b.Pass()
			if b.Moves() == 0 {
				return b
			}
			continue
		}
		for k := r.IntN(bits.OnesCount64(m)); k > 0; k-- {
			m &= m - 1
		}
		b = b.Play(bits.TrailingZeros64(m))
	}
	return b
}

// neverFlipped walks every continuation of b (passes included) and reports whether the
// discs in keepOwn stay the side to move's colour and those in keepOpp the opponent's
// throughout. moverIsOwn tracks whose turn it is relative to the starting position.
func neverFlipped(b Board, keepOwn, keepOpp uint64, moverIsOwn, passed bool) bool {
	own, opp := b.Own, b.Opp
	if !moverIsOwn {
		own, opp = opp, own
	}
	if keepOwn&^own != 0 || keepOpp&^opp != 0 {
		return false
	}
	moves := b.Moves()
	if moves == 0 {
		if passed {
			return true
		}
		return neverFlipped(b.Pass(), keepOwn, keepOpp, !moverIsOwn, true)
	}
	for ; moves != 0; moves &= moves - 1 {
		if !neverFlipped(b.Play(bits.TrailingZeros64(moves)), keepOwn, keepOpp, !moverIsOwn, false) {
			return false
		}
	}
	return true
}

// TestStableDiscsNeverFlip: on random endgames, no continuation of the game flips a disc
// that stableDiscs counts stable, for either side. The search is exhaustive, so this is
// the definition of stability checked directly; the test also makes sure the function
// finds stable discs at all.
func TestStableDiscsNeverFlip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	n := 400
	if testing.Short() {
		n = 60
	}
	found := 0
	for i := range n {
		empties := 4 + i%6 // 4..9
		b := randomEndgame(r, empties)
		stOwn, stOpp := stableDiscs(b.Own, b.Opp), stableDiscs(b.Opp, b.Own)
		if stOwn&^b.Own != 0 || stOpp&^b.Opp != 0 {
			t.Fatalf("stableDiscs(%#x, %#x) counts discs that are not the player's", b.Own, b.Opp)
		}
		found += bits.OnesCount64(stOwn | stOpp)
		if !neverFlipped(b, stOwn, stOpp, true, false) {
			t.Errorf("position %#x/%#x: stable discs %#x/%#x flip in some continuation", b.Own, b.Opp, stOwn, stOpp)
		}
	}
	if found < n {
		t.Errorf("stableDiscs found %d stable discs in %d endgames, want at least one per position on average", found, n)
	}
}

// TestStableDiscsKnown: hand-checked cases.
func TestStableDiscsKnown(t *testing.T) {
	full := Board{Own: 0x00000000ffffffff, Opp: 0xffffffff00000000}
	tests := []struct {
		name     string
		own, opp uint64
		want     uint64
	}{
		{"empty board", 0, 0, 0},
		{"a lone corner", 1, 0, 1},
		{"a lone X-square", 1 << 9, 0, 0},
		{"full board", full.Own, full.Opp, full.Own},
		{"first rank full, own a1-d1", 0x0f, 0xf0, 0x0f},
		{"own a1-c1 against opponent e1", 0x07, 0x10, 0x07},
		{"own b1-c1 next to an empty corner", 0x06, 0, 0},
		{"own a1-h1 and a2 (edge and corner run)", 0x1ff, 0, 0x1ff},
	}
	for _, tt := range tests {
		if got := stableDiscs(tt.own, tt.opp); got != tt.want {
			t.Errorf("%s: stableDiscs(%#x, %#x) = %#x, want %#x", tt.name, tt.own, tt.opp, got, tt.want)
		}
	}
}

// TestFullLines compares the bit tricks with a square-by-square walk along each line.
func TestFullLines(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 2000 {
		filled := ^uint64(0)
		for k := r.IntN(6); k > 0; k-- {
			filled &^= 1 << r.IntN(64)
		}
		h, v, d9, d7 := fullLines(filled)
		for sq := range 64 {
			for i, got := range [4]uint64{h, v, d9, d7} {
				want := slowLineFull(filled, sq, i)
				if (got>>sq)&1 == 1 != want {
					t.Fatalf("fullLines(%#x) direction %d at %s = %v, want %v", filled, i, SquareName(sq), !want, want)
				}
			}
		}
	}
}

// slowLineFull walks the line through sq in direction i (row, column, a1-h8 diagonal,
// h1-a8 diagonal); edge squares count as full across the diagonals, as fullLines says.
func slowLineFull(filled uint64, sq, i int) bool {
	steps := [4][2]int{{0, 1}, {1, 0}, {1, 1}, {1, -1}}
	r0, c0 := sq/8, sq%8
	if i >= 2 && (r0 == 0 || r0 == 7 || c0 == 0 || c0 == 7) {
		return true
	}
	for _, sign := range [2]int{1, -1} {
		r, c := r0, c0
		for r >= 0 && r < 8 && c >= 0 && c < 8 {
			if filled&(1<<(r*8+c)) == 0 {
				return false
			}
			r, c = r+sign*steps[i][0], c+sign*steps[i][1]
		}
	}
	return true
}
