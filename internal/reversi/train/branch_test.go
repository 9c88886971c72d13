package train

import (
	"math/bits"
	"testing"

	"github.com/google/go-cmp/cmp"

	"gameagents/internal/reversi"
)

// TestBranch: every branch is a legal child (or, when its side to move must pass, the
// child passed) of an inexact sample of its game, never the game's next position, with a
// move to make; each inexact sample with another move not ending the game gets exactly
// one; the same seed gives the same branches and another seed other ones.
func TestBranch(t *testing.T) {
	samples := generate(t, smallGen(20))
	got := Branch(samples, 7)
	if diff := cmp.Diff(got, Branch(samples, 7)); diff != "" {
		t.Fatalf("Branch is not reproducible (-first +second):\n%s", diff)
	}
	if cmp.Equal(got, Branch(samples, 8)) {
		t.Errorf("seeds 7 and 8 give the same branches")
	}
	j, want := 0, 0
	for i, s := range samples {
		if s.Exact {
			continue
		}
		var next reversi.Board
		if i+1 < len(samples) && samples[i+1].Game == s.Game {
			next = samples[i+1].Board
		}
		children := map[reversi.Board]bool{}
		for m := s.Board.Moves(); m != 0; m &= m - 1 {
			c := s.Board.Play(bits.TrailingZeros64(m))
			if c.Moves() == 0 {
				c = c.Pass()
			}
			if c != next && c.Moves() != 0 {
				children[c] = true
			}
		}
		if len(children) == 0 {
			continue
		}
		want++
		if j == len(got) {
			t.Fatalf("sample %d: no branch left", i)
		}
		b := got[j]
		j++
		if b.Game != s.Game || b.Exact || b.Score != 0 || !children[b.Board] {
			t.Fatalf("sample %d (game %d): branch %+v is not a labelless child of it off the game's line", i, s.Game, b)
		}
	}
	if j != len(got) || want == 0 {
		t.Fatalf("%d branches, want %d (one per inexact sample with another move)", len(got), want)
	}
}

// TestJoin: a data set's branches join it, after its own positions; positions of a game
// the data set does not hold are refused.
func TestJoin(t *testing.T) {
	samples := generate(t, smallGen(5))
	branches := Branch(samples, 1)
	got, err := Join(samples, branches)
	if err != nil {
		t.Fatalf("Join: %v", err)
	}
	if diff := cmp.Diff(append(append([]Sample{}, samples...), branches...), got); diff != "" {
		t.Fatalf("Join (-want +got):\n%s", diff)
	}
	stray := append([]Sample{}, branches[:1]...)
	stray[0].Game = 99
	if _, err := Join(samples, stray); err == nil {
		t.Fatalf("Join accepted a position of game 99, not in the data")
	}
}
