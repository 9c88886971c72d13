package search

import (
	"slices"
	"testing"
)

// TestNarrow: a result narrows the pair of bounds from its side only, or sets both.
func TestNarrow(t *testing.T) {
	tests := []struct {
		best, alpha, beta int32
		lower, upper      int8 // from [-64, 64]
	}{
		{-5, 0, 10, -64, -5},
		{0, 0, 10, -64, 0},
		{5, 0, 10, 5, 5},
		{10, 0, 10, 10, 64},
		{15, 0, 10, 15, 64},
	}
	for _, tt := range tests {
		lower, upper := int8(-64), int8(64)
		Narrow(&lower, &upper, tt.best, tt.alpha, tt.beta)
		if lower != tt.lower || upper != tt.upper {
			t.Errorf("Narrow(%d in (%d, %d)) = [%d, %d], want [%d, %d]", tt.best, tt.alpha, tt.beta, lower, upper, tt.lower, tt.upper)
		}
	}
}

// TestBound: BoundOf and Cuts agree on one encoding, window by window.
func TestBound(t *testing.T) {
	tests := []struct {
		best, alpha, beta int32
		want              Bound
	}{
		{-5, 0, 10, Upper},
		{0, 0, 10, Upper},
		{5, 0, 10, Exact},
		{10, 0, 10, Lower},
		{15, 0, 10, Lower},
	}
	for _, tt := range tests {
		if got := BoundOf(tt.best, tt.alpha, tt.beta); got != tt.want {
			t.Errorf("BoundOf(%d, %d, %d) = %d, want %d", tt.best, tt.alpha, tt.beta, got, tt.want)
		}
	}
	cuts := []struct {
		b          Bound
		s, a, beta int32
		want       bool
	}{
		{Exact, 5, 0, 10, true},
		{Exact, 50, 0, 10, true},
		{Lower, 10, 0, 10, true},
		{Lower, 9, 0, 10, false},
		{Upper, 0, 0, 10, true},
		{Upper, 1, 0, 10, false},
		{0, 5, 0, 10, false}, // an empty entry
	}
	for _, tt := range cuts {
		if got := tt.b.Cuts(tt.s, tt.a, tt.beta); got != tt.want {
			t.Errorf("Bound(%d).Cuts(%d, %d, %d) = %v, want %v", tt.b, tt.s, tt.a, tt.beta, got, tt.want)
		}
	}
	if Exact&Lower == 0 || Exact&Upper == 0 || Lower&Upper != 0 {
		t.Errorf("the bits: Lower %b, Upper %b, Exact %b", Lower, Upper, Exact)
	}
}

// TestMix: splitmix64's finaliser, on its published first output (seed 0's first state,
// 0x9E3779B97F4A7C15, mixes to 0xE220A8397B1DCDAF).
func TestMix(t *testing.T) {
	if got := Mix(0x9E3779B97F4A7C15); got != 0xE220A8397B1DCDAF {
		t.Errorf("Mix = %#x, want 0xE220A8397B1DCDAF", got)
	}
}

// TestPickBest: each step brings the highest remaining key forward, with its move.
func TestPickBest(t *testing.T) {
	moves := []string{"a", "b", "c", "d"}
	keys := []int32{3, 9, -1, 9}
	var order []string
	for i := range moves {
		order = append(order, PickBest(moves, keys, i))
	}
	if want := []string{"b", "d", "a", "c"}; !slices.Equal(order, want) || !slices.Equal(keys, []int32{9, 9, 3, -1}) {
		t.Errorf("order %v, keys %v; want %v and keys descending", order, keys, want)
	}
}

// TestRepeat: searches that stop early are repeated with what is left; one that counts
// nothing still moves the loop on.
func TestRepeat(t *testing.T) {
	var asked []int64
	got := Repeat(1000, func(left int64) int64 {
		asked = append(asked, left)
		return min(left, 300)
	})
	if got != 1000 || !slices.Equal(asked, []int64{1000, 700, 400, 100}) {
		t.Errorf("Repeat = %d, asked %v", got, asked)
	}
	if got := Repeat(3, func(int64) int64 { return 0 }); got != 3 {
		t.Errorf("Repeat of empty searches = %d, want 3", got)
	}
}

// TestWinScores: a win's score goes into the table relative to its node and comes out the
// same at the same ply, and as the quicker or slower win at another; other scores pass.
func TestWinScores(t *testing.T) {
	w := WinScores{Win: 1000, MaxPly: 50}
	tests := []struct {
		s            int32
		ply, readPly int
		stored, read int32
	}{
		{990, 4, 4, 994, 990}, // a win 10 plies from the root, found at ply 4
		{990, 4, 8, 994, 986}, // met again 4 plies deeper: the win is 4 plies further
		{-990, 4, 8, -994, -986},
		{120, 4, 8, 120, 120}, // not decided
		{949, 3, 3, 949, 949}, // beyond Win − MaxPly's reach: an ordinary score
	}
	for _, tt := range tests {
		stored := w.ToTable(tt.s, tt.ply)
		if stored != tt.stored || w.FromTable(stored, tt.readPly) != tt.read {
			t.Errorf("ToTable(%d, %d) = %d, FromTable(.., %d) = %d; want %d, %d", tt.s, tt.ply, stored, tt.readPly, w.FromTable(stored, tt.readPly), tt.stored, tt.read)
		}
	}
}

// TestToFront: the chosen element leads, the others keep their order.
func TestToFront(t *testing.T) {
	list := []int{10, 11, 12, 13, 14}
	ToFront(list, 3)
	if want := []int{13, 10, 11, 12, 14}; !slices.Equal(list, want) {
		t.Errorf("ToFront(.., 3) = %v, want %v", list, want)
	}
	ToFront(list, 0)
	if want := []int{13, 10, 11, 12, 14}; !slices.Equal(list, want) {
		t.Errorf("ToFront(.., 0) = %v, want it unchanged", list)
	}
}
