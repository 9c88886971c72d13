package train

import (
	"fmt"
	"math/bits"
	"math/rand/v2"

	"gameagents/internal/reversi"
)

// Positions off the games' lines. A data set's positions lie on the lines its players
// chose, but the evaluation is read at the leaves of a search, and most of those follow a
// move no player would choose: the side to move has just given up a corner or a wall. A
// fit that never saw such positions values them by configurations learned elsewhere.
// Branch adds, for each position before the solved endgame, the position after one of its
// other legal moves (a move the game did not play), to be labelled by a search (relabel
// -mix 1): the search then reads its own kind of leaf in training.

// Branch returns, for each inexact sample with a legal move its game did not play, the
// position after one such move chosen uniformly at random (from seed and the sample's
// index, so a run is reproducible), seen from the side to move next (its opponent, or
// itself when the opponent must pass). A branch keeps its sample's game, so it falls in
// the same training or test set; its label is 0 and inexact, for relabel to replace. The
// move the game played is the one whose position is the game's next sample; a branch that
// ends the game is skipped.
func Branch(samples []Sample, seed uint64) []Sample {
	var out []Sample
	for i, s := range samples {
		if s.Exact {
			continue
		}
		var next reversi.Board
		if i+1 < len(samples) && samples[i+1].Game == s.Game {
			next = samples[i+1].Board
		}
		var others []reversi.Board
		for m := s.Board.Moves(); m != 0; m &= m - 1 {
			c := s.Board.Play(bits.TrailingZeros64(m))
			if c.Moves() == 0 {
				if c.Pass().Moves() == 0 {
					continue // the game ends there
				}
				c = c.Pass()
			}
			if c != next {
				others = append(others, c)
			}
		}
		if len(others) == 0 {
			continue
		}
		rng := rand.New(rand.NewPCG(seed, uint64(i)))
		out = append(out, Sample{Board: others[rng.IntN(len(others))], Game: s.Game})
	}
	return out
}

// Join returns base's samples followed by extra's, whose every game must be one of
// base's: the branches of a data set, labelled, join the games they came from, so that
// each game stays wholly in the training or the test set.
func Join(base, extra []Sample) ([]Sample, error) {
	games := make(map[uint32]bool)
	for _, s := range base {
		games[s.Game] = true
	}
	for i, s := range extra {
		if !games[s.Game] {
			return nil, fmt.Errorf("added position %d is of game %d, which is not in the data", i, s.Game)
		}
	}
	return append(base[:len(base):len(base)], extra...), nil
}
