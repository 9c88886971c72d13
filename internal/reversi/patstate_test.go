package reversi

import (
	"cmp"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestPatStateLinear: every instance index is its base plus 3^i (own disc) or 2·3^i
// (opponent's) for each square it reads, as patSquareRefs lists them, on random positions and
// on random bitboards (arbitrary disc sets): the premise of the incremental update.
func TestPatStateLinear(t *testing.T) {
	for i, b := range randomPatternBoards(400, 5) {
		var f [PatternFeatures]uint32
		PatternIndices(b, &f)
		want := patSlotBase
		for s := range 64 {
			for _, r := range patSquareRefs[s][:patSquareRefCount[s]] {
				switch {
				case b.Own>>s&1 != 0:
					want[r.slot] += uint32(r.pow)
				case b.Opp>>s&1 != 0:
					want[r.slot] += 2 * uint32(r.pow)
				}
			}
		}
		for k := range PatternInstances {
			if f[k] != want[k] {
				t.Fatalf("board %d %v: instance %d reads %d, the square sum is %d", i, b, k, f[k], want[k])
			}
		}
	}
	// Each instance reads all its pattern's squares (the one whose table its base starts),
	// each once; each pattern is read on as many instances as patImagesOf says.
	count := map[uint8]int{}
	for s := range 64 {
		for _, r := range patSquareRefs[s][:patSquareRefCount[s]] {
			count[r.slot]++
		}
	}
	read := map[int]int{}
	for k := range PatternInstances {
		i := slices.Index(patOffsets[:], int(patSlotBase[k]))
		if i < 0 {
			t.Fatalf("instance %d: base %d starts no pattern's table", k, patSlotBase[k])
		}
		if count[uint8(k)] != len(Patterns[i].Squares) {
			t.Errorf("instance %d (%s): %d squares listed, want %d", k, Patterns[i].Name, count[uint8(k)], len(Patterns[i].Squares))
		}
		read[i]++
	}
	for i, p := range Patterns {
		if read[i] != bits.OnesCount8(patImagesOf[i]) {
			t.Errorf("pattern %s: read on %d instances, want %d", p.Name, read[i], bits.OnesCount8(patImagesOf[i]))
		}
	}
}

// TestPatStateMatchesIndices: along random games (passes included), the state updated move
// by move holds a fresh reading in both halves (the side to move's in the half the plies'
// parity says), and evalState equals Eval, with the embedded weights and with random ones.
func TestPatStateMatchesIndices(t *testing.T) {
	weights := []*PatternWeights{patDefault, randomPatternWeights(7, 3)}
	rng := rand.New(rand.NewPCG(11, 0))
	for game := range 200 {
		b := Start()
		var s, fresh patState
		s.set(b)
		for ply := uint(0); ; ply++ {
			fresh.set(b)
			if ply%2 == 1 { // the side to move's view is the high half
				for k := range fresh.idx {
					fresh.idx[k] = fresh.idx[k]>>16 | fresh.idx[k]<<16
				}
			}
			if s != fresh {
				t.Fatalf("game %d ply %d %v: updated state differs from a fresh reading", game, ply, b)
			}
			for wi, w := range weights {
				if got, want := w.evalState(&s, ply, b, b.Moves()), w.Eval(b); got != want {
					t.Fatalf("game %d ply %d weights %d: evalState %d, Eval %d", game, ply, wi, got, want)
				}
			}
			m := b.Moves()
			if m == 0 {
				if b.Pass().Moves() == 0 {
					break
				}
				b = b.Pass() // the state stays
				continue
			}
			for i := rng.IntN(bits.OnesCount64(m)); i > 0; i-- {
				m &= m - 1
			}
			sq := bits.TrailingZeros64(m)
			var next patState
			next.play(&s, ply, sq, b.Flips(sq))
			s, b = next, b.Play(sq)
		}
	}
}

// TestIncrementalSearchSame: the engine on the incremental evaluation (Weights) and on the
// same weights read afresh at every node (Evaluation) visit the same nodes and return the
// same move and score, ProbCut, the order's evaluations and passes included.
func TestIncrementalSearchSame(t *testing.T) {
	w := randomPatternWeights(5, 9)
	positions := append(randomPositions(21, 12, 16), randomPositions(22, 12, 36)...)
	for _, p := range CalibrationPositions() {
		positions = append(positions, p.Board)
	}
	for i, b := range positions {
		for _, weights := range []*PatternWeights{nil, w} {
			inc := NewEngine(16)
			inc.Weights = weights
			fresh := NewEngine(16)
			fresh.Evaluation = cmp.Or(weights, patDefault).Eval
			lim := Limits{Nodes: 60_000}
			got, want := inc.Search(b, lim, nil), fresh.Search(b, lim, nil)
			if got != want {
				t.Fatalf("position %d %v (random weights %v): incremental %+v, afresh %+v", i, b, weights != nil, got, want)
			}
			if inc.sp != 0 {
				t.Fatalf("position %d: the feature stack ends at %d, want 0", i, inc.sp)
			}
		}
	}
}
