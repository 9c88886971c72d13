package reversi

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
	"unsafe"

	"github.com/google/go-cmp/cmp"
)

// slowImageSquare maps a square to its place on image k, one coordinate at a time:
// transpose (k&4), then mirror left-right (k&2), then mirror top-bottom (k&1).
func slowImageSquare(sq, k int) int {
	r, c := sq/8, sq%8
	if k&4 != 0 {
		r, c = c, r
	}
	if k&2 != 0 {
		c = 7 - c
	}
	if k&1 != 0 {
		r = 7 - r
	}
	return r*8 + c
}

func slowImage(x uint64, k int) uint64 {
	var y uint64
	for sq := range 64 {
		if x>>sq&1 != 0 {
			y |= 1 << slowImageSquare(sq, k)
		}
	}
	return y
}

// randomPatternBoards returns n positions of random self-play games at every stage,
// plus random (unreachable) disc patterns, which exercise every square.
func randomPatternBoards(n int, seed uint64) []Board {
	rng := rand.New(rand.NewPCG(seed, 0))
	var out []Board
	for len(out) < n/2 {
		b := Start()
		for plies := rng.IntN(61); plies > 0; plies-- {
			m := b.Moves()
			if m == 0 {
				if b.Pass().Moves() == 0 {
					break
				}
				b = b.Pass()
				continue
			}
			for i := rng.IntN(bits.OnesCount64(m)); i > 0; i-- {
				m &= m - 1
			}
			b = b.Play(bits.TrailingZeros64(m))
		}
		out = append(out, b)
	}
	for len(out) < n {
		own := rng.Uint64()
		out = append(out, Board{Own: own, Opp: rng.Uint64() &^ own})
	}
	return out
}

func TestPatternImages(t *testing.T) {
	for _, b := range randomPatternBoards(200, 1) {
		for k := range 8 {
			if got, want := patImage(b.Own, k), slowImage(b.Own, k); got != want {
				t.Fatalf("patImage(%#x, %d) = %#x, want %#x", b.Own, k, got, want)
			}
		}
	}
}

// TestPatternIndices checks every pattern instance's index, the mobility and the bias
// against a square-by-square reading of the image.
func TestPatternIndices(t *testing.T) {
	for _, b := range randomPatternBoards(400, 2) {
		var f [PatternFeatures]uint32
		PatternIndices(b, &f)
		n := 0
		for k := range 8 {
			own, opp := slowImage(b.Own, k), slowImage(b.Opp, k)
			for i, p := range Patterns {
				if patImagesOf[i]>>k&1 == 0 {
					continue
				}
				want, pow := patOffsets[i], 1
				for _, sq := range p.Squares {
					switch {
					case own>>sq&1 != 0:
						want += pow
					case opp>>sq&1 != 0:
						want += 2 * pow
					}
					pow *= 3
				}
				if got := int(f[n]); got != want {
					t.Fatalf("%+v: pattern %s on image %d: index %d, want %d", b, p.Name, k, got, want)
				}
				n++
			}
		}
		if n != PatternInstances {
			t.Fatalf("patImagesOf lists %d instances, want %d", n, PatternInstances)
		}
		empties := 64 - bits.OnesCount64(b.Own|b.Opp)
		want := []uint32{
			uint32(patMobOwn + min(bits.OnesCount64(b.Moves()), PatternMobilityMax)),
			uint32(patMobOpp + min(bits.OnesCount64(b.Pass().Moves()), PatternMobilityMax)),
			uint32(patPotOwn + slowPotential(b.Opp, b.Own|b.Opp)),
			uint32(patPotOpp + slowPotential(b.Own, b.Own|b.Opp)),
			uint32(patBias + empties),
		}
		if diff := cmp.Diff(want, f[PatternInstances:]); diff != "" {
			t.Fatalf("%+v: mobility and bias features (-want +got):\n%s", b, diff)
		}
	}
}

// slowPotential counts the empty squares with a disc of x among their eight neighbours,
// capped, one square at a time.
func slowPotential(x, covered uint64) int {
	n := 0
	for sq := range 64 {
		if covered>>sq&1 != 0 {
			continue
		}
		r, c := sq/8, sq%8
		near := false
		for dr := -1; dr <= 1; dr++ {
			for dc := -1; dc <= 1; dc++ {
				rr, cc := r+dr, c+dc
				if (dr != 0 || dc != 0) && rr >= 0 && rr < 8 && cc >= 0 && cc < 8 && x>>(rr*8+cc)&1 != 0 {
					near = true
				}
			}
		}
		if near {
			n++
		}
	}
	return min(n, PatternPotentialMax)
}

// squareSet is the set of board squares that image k shows on pattern p's squares.
func squareSet(p PatternDef, k int) uint64 {
	var set uint64
	for _, s := range p.Squares {
		for q := range 64 {
			if slowImageSquare(q, k) == s {
				set |= 1 << q
			}
		}
	}
	return set
}

// TestPatternImagesDistinct: each pattern is read exactly once on each distinct set of
// squares among its eight images, and its stabilizer holds one permutation per other
// image showing the same squares as image 0.
func TestPatternImagesDistinct(t *testing.T) {
	for i, p := range Patterns {
		read := map[uint64]int{}
		all := map[uint64]bool{}
		same := 0
		for k := range 8 {
			set := squareSet(p, k)
			all[set] = true
			if patImagesOf[i]>>k&1 != 0 {
				read[set]++
			}
			if k > 0 && set == squareSet(p, 0) {
				same++
			}
		}
		for set := range all {
			if read[set] != 1 {
				t.Errorf("pattern %s: squares %#x read %d times, want once", p.Name, set, read[set])
			}
		}
		if got := len(PatternStabilizer(i)); got != same {
			t.Errorf("len(PatternStabilizer(%s)) = %d, want %d", p.Name, got, same)
		}
	}
}

// symmetrize ties each table entry to the smallest index of its stabilizer orbit, as the
// fitter does.
func symmetrize(w *PatternWeights) {
	for i, p := range Patterns {
		stab := PatternStabilizer(i)
		for _, t := range w.W {
			for idx := range p.Size() {
				c := idx
				for _, pi := range stab {
					c = min(c, PatternPermute(idx, pi))
				}
				t[patOffsets[i]+idx] = t[patOffsets[i]+c]
			}
		}
	}
}

func TestPatternLayout(t *testing.T) {
	if len(Patterns) != numPatterns {
		t.Fatalf("len(Patterns) = %d, want %d", len(Patterns), numPatterns)
	}
	for _, p := range Patterns {
		if len(p.Squares) > 10 {
			t.Errorf("pattern %s has %d squares; patTernary handles 10", p.Name, len(p.Squares))
		}
	}
	if want := patBias + PatternPhaseEmpties; PatternWeightsPerPhase != want {
		t.Errorf("PatternWeightsPerPhase = %d, want %d", PatternWeightsPerPhase, want)
	}
}

func randomPatternWeights(phases int, seed uint64) *PatternWeights {
	rng := rand.New(rand.NewPCG(seed, 1))
	w := &PatternWeights{W: make([][]int16, phases)}
	for e := range w.Phase {
		w.Phase[e] = uint8(e * phases / PatternPhaseEmpties)
	}
	for p := range w.W {
		w.W[p] = make([]int16, PatternWeightsPerPhase)
		for i := range w.W[p] {
			w.W[p][i] = int16(rng.IntN(2001) - 1000)
		}
	}
	return w
}

// TestPatternEvalSymmetric: the evaluation is the same on all eight images of a position,
// with random weights (no help from fitted symmetric tables) and with the embedded ones.
func TestPatternEvalSymmetric(t *testing.T) {
	for _, tc := range []struct {
		name string
		w    *PatternWeights
	}{
		{"random symmetric", func() *PatternWeights {
			w := randomPatternWeights(3, 3)
			symmetrize(w)
			return w
		}()},
		{"embedded", DefaultPatternWeights()},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, b := range randomPatternBoards(200, 4) {
				want := tc.w.Eval(b)
				for k := 1; k < 8; k++ {
					img := Board{Own: slowImage(b.Own, k), Opp: slowImage(b.Opp, k)}
					if got := tc.w.Eval(img); got != want {
						t.Fatalf("Eval(image %d of %+v) = %d, want %d", k, b, got, want)
					}
				}
			}
		})
	}
}

func TestPatternWeightsRoundTrip(t *testing.T) {
	w := randomPatternWeights(4, 5)
	buf, err := w.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	var got PatternWeights
	if err := got.UnmarshalBinary(buf); err != nil {
		t.Fatalf("UnmarshalBinary: %v", err)
	}
	// cmp.Diff of a million weights takes seconds: compare the phases, then the tables.
	if diff := cmp.Diff(w.Phase, got.Phase); diff != "" {
		t.Fatalf("round trip: phases (-want +got):\n%s", diff)
	}
	if len(got.W) != len(w.W) {
		t.Fatalf("round trip: %d phases, want %d", len(got.W), len(w.W))
	}
	for p := range w.W {
		if !slices.Equal(w.W[p], got.W[p]) {
			t.Fatalf("round trip: phase %d's weights differ", p)
		}
	}
	// header: where the pattern list ends and the caps start.
	header := 8
	for _, p := range Patterns {
		header += 2 + len(p.Name) + len(p.Squares)
	}
	pad := (header + 3 + PatternPhaseEmpties) % 2
	if want := header + 3 + PatternPhaseEmpties + pad + 2*4*PatternWeightsPerPhase; len(buf) != want {
		t.Fatalf("weights file of %d bytes, want %d", len(buf), want)
	}
	for _, tc := range []struct {
		name string
		edit func([]byte) []byte
	}{
		{"empty", func([]byte) []byte { return nil }},
		{"magic", func(b []byte) []byte { b[0] = 'X'; return b }},
		{"version", func(b []byte) []byte { b[4] = 9; return b }},
		{"pattern name", func(b []byte) []byte { b[10] = 'X'; return b }},
		{"pattern square", func(b []byte) []byte { b[header-1]++; return b }},
		{"mobility cap", func(b []byte) []byte { b[header]++; return b }},
		{"potential cap", func(b []byte) []byte { b[header+1]++; return b }},
		{"phase out of range", func(b []byte) []byte { b[header+3+60] = 4; return b }},
		{"pad byte", func(b []byte) []byte {
			if pad == 0 {
				return b[:0]
			}
			b[header+3+PatternPhaseEmpties] = 1
			return b
		}},
		{"truncated", func(b []byte) []byte { return b[:len(b)-1] }},
		{"too long", func(b []byte) []byte { return append(b, 0, 0) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var w PatternWeights
			if err := w.UnmarshalBinary(tc.edit(append([]byte(nil), buf...))); err == nil {
				t.Errorf("UnmarshalBinary accepted a file with a bad %s", tc.name)
			}
		})
	}
}

func TestPatternEvalAllocs(t *testing.T) {
	b := randomPatternBoards(2, 6)[0]
	if n := testing.AllocsPerRun(100, func() { PatternEval(b) }); n != 0 {
		t.Errorf("PatternEval allocates %v times per call, want 0", n)
	}
}

// TestPatternEvalSense: the embedded weights see the obvious — a symmetric start is about
// even, and a side that holds the four corners and most discs late in the game is winning.
func TestPatternEvalSense(t *testing.T) {
	if v := PatternEval(Start()); v < -500 || v > 500 {
		t.Errorf("PatternEval(Start()) = %d, want within ±500", v)
	}
	// Own: the four corners, the whole edges and c2; opponent: a block in the middle and
	// b2. Both sides have moves: the evaluation is never asked about a position where the
	// side to move must pass (the search passes first) or the game is over (it is scored
	// exactly), so such positions say nothing about it.
	edges := uint64(0xff000000000000ff | 0x8181818181818181)
	b := Board{Own: edges | 1<<10, Opp: 0x00003c3c3c3c0000 | 1<<9}
	if b.Moves() == 0 || b.Pass().Moves() == 0 {
		t.Fatalf("the test position must give both sides a move")
	}
	if v := PatternEval(b); v <= 0 {
		t.Errorf("PatternEval(own edges, opponent centre) = %d, want > 0", v)
	}
	if v := PatternEval(b.Pass()); v >= 0 {
		t.Errorf("PatternEval(opponent's edges, own centre) = %d, want < 0", v)
	}
}

func BenchmarkPatternEval(b *testing.B) {
	boards := randomPatternBoards(1024, 7)
	b.ReportAllocs()
	var s int32
	for i := 0; b.Loop(); i++ {
		s += PatternEval(boards[i&1023])
	}
	_ = s
}

// BenchmarkPatternLoad measures decoding the embedded weights, which every process
// using the evaluation pays once at start-up.
func BenchmarkPatternLoad(b *testing.B) {
	b.ReportAllocs()
	b.SetBytes(int64(len(patWeightsFile)))
	for b.Loop() {
		var w PatternWeights
		if err := w.UnmarshalBinary(patWeightsFile); err != nil {
			b.Fatal(err)
		}
	}
}

// TestPatternDefaultInPlace: the embedded weights are used where they lie, so start-up
// neither allocates nor copies them (the weights start at an even offset of the file).
func TestPatternDefaultInPlace(t *testing.T) {
	first := uintptr(unsafe.Pointer(&patDefault.W[0][0]))
	start := uintptr(unsafe.Pointer(unsafe.SliceData(patWeightsFile)))
	if first < start || first >= start+uintptr(len(patWeightsFile)) {
		t.Errorf("the default weights are a copy, not the embedded file's bytes")
	}
}

// BenchmarkPatternLoadEmbedded measures what start-up pays for the embedded weights:
// checking the header and pointing the tables at the file.
func BenchmarkPatternLoadEmbedded(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		var w PatternWeights
		if err := w.decode(patWeightsFile, true); err != nil {
			b.Fatal(err)
		}
	}
}
