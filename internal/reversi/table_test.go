package reversi

import (
	"math/rand/v2"
	"testing"
)

// sameBucket returns n distinct random positions that share one bucket of e's table.
func sameBucket(t *testing.T, e *Engine, n int) []Board {
	r := rand.New(rand.NewPCG(5, 6))
	var out []Board
	var want uint64
	seen := map[Board]bool{}
	for tries := 0; len(out) < n; tries++ {
		if tries > 100_000 {
			t.Fatal("no positions sharing a bucket")
		}
		b := randomPlies(r, 10+r.IntN(20))
		i := hashBoard(b) & e.mask &^ 1
		if len(out) == 0 {
			want = i
		}
		if i == want && !seen[b] {
			seen[b] = true
			out = append(out, b)
		}
	}
	return out
}

// TestTableBounds: a fail-high and a fail-low of one position at one depth meet in one
// entry, which then settles every window outside them, and the exact score once they
// meet; a shallower search's entry settles nothing deeper, and a shallower search of a
// position held deeper (ProbCut's, of the node it is about to search) leaves the deeper
// entry.
func TestTableBounds(t *testing.T) {
	e := NewEngine(4)
	b := sameBucket(t, e, 1)[0]
	e.ttStore(b, 6, 120, 0, 100, 3)   // failed high: the score is at least 120
	e.ttStore(b, 6, 300, 300, 301, 5) // failed low: at most 300
	ent := e.ttProbe(b)
	if ent == nil || ent.lower != 120 || ent.upper != 300 || ent.move != 3 {
		t.Fatalf("entry %+v, want bounds [120, 300] and the fail-high's move 3", ent)
	}
	tests := []struct {
		depth       int
		alpha, beta int32
		want        int32
		cut         bool
	}{
		{6, 50, 110, 120, true},  // lower bound at or above beta
		{6, 310, 400, 300, true}, // upper bound at or below alpha
		{6, 100, 200, 0, false},  // the window holds both bounds' gap
		{5, 50, 110, 120, true},  // a shallower node takes a deeper entry
		{7, 50, 110, 0, false},   // a deeper node does not
		{6, 300, 301, 300, true}, // the upper bound itself fails low
		{6, 119, 120, 120, true}, // the lower bound itself fails high
		{6, 120, 300, 0, false},  // strictly inside
		{6, -500, 500, 0, false}, // an open window
		{6, 121, 122, 0, false},  // inside the gap
		{6, 299, 300, 0, false},  // the score may be 299 or 300: unsettled
	}
	for _, tc := range tests {
		v, cut := ent.cuts(tc.depth, tc.alpha, tc.beta)
		if cut != tc.cut || cut && v != tc.want {
			t.Errorf("cuts(depth %d, window (%d, %d)) = %d, %v; want %d, %v", tc.depth, tc.alpha, tc.beta, v, cut, tc.want, tc.cut)
		}
	}
	e.ttStore(b, 6, 200, 100, 300, 7) // exact
	if v, cut := ent.cuts(6, -500, 500); !cut || v != 200 || ent.move != 7 {
		t.Errorf("after an exact score: cuts = %d, %v, move %d; want 200, true, 7", v, cut, ent.move)
	}
	e.ttStore(b, 8, 50, 100, 101, 2) // a deeper search starts the entry afresh
	if ent.lower != -scoreInf || ent.upper != 50 || ent.depth != 8 || ent.move != 2 {
		t.Errorf("after a deeper fail-low: %+v, want bounds [-inf, 50] at depth 8, move 2", ent)
	}
	e.ttStore(b, 4, 400, 300, 301, 9) // a shallower search (ProbCut's) leaves it as it was
	if ent.lower != -scoreInf || ent.upper != 50 || ent.depth != 8 || ent.move != 2 {
		t.Errorf("after a shallower fail-high: %+v, want the depth-8 entry unchanged", ent)
	}
	e.date++
	e.ttStore(b, 4, 400, 300, 301, 9) // but not an entry of an earlier search
	if ent.lower != 400 || ent.upper != scoreInf || ent.depth != 4 || ent.move != 9 {
		t.Errorf("a shallower store over an earlier search's entry: %+v, want [400, inf] at depth 4, move 9", ent)
	}
}

// TestTableReplacement: a new position takes the entry of its bucket holding the shallower
// search, and an entry of an earlier search counts as empty.
func TestTableReplacement(t *testing.T) {
	e := NewEngine(4)
	bs := sameBucket(t, e, 4)
	held := func() (h [4]bool) {
		for i, b := range bs {
			h[i] = e.ttProbe(b) != nil
		}
		return h
	}
	steps := []struct {
		date  uint8
		b     int // the position stored
		depth int
		want  [4]bool // the positions held after it
	}{
		{1, 0, 9, [4]bool{true, false, false, false}},
		{1, 1, 3, [4]bool{true, true, false, false}}, // the empty entry
		{1, 2, 4, [4]bool{true, false, true, false}}, // replaces the shallower (3)
		{1, 3, 9, [4]bool{true, false, false, true}}, // replaces the shallower (4), not the 9
		{1, 0, 2, [4]bool{true, false, false, true}}, // a position held keeps its entry
		{2, 1, 2, [4]bool{false, true, false, true}}, // a new search: both old, the first goes
		{2, 2, 1, [4]bool{false, true, true, false}}, // the other old entry goes before a new one
	}
	for i, st := range steps {
		e.date = st.date
		e.ttStore(bs[st.b], st.depth, 10, 0, 5, 1)
		if got := held(); got != st.want {
			t.Fatalf("step %d (date %d, position %d at depth %d): held %v, want %v", i, st.date, st.b, st.depth, got, st.want)
		}
	}
}
