package tournament

// The schedule: every pairing of two entries the format makes (all of them in a round
// robin, entry 1 with each other in a gauntlet) plays Games games, and each game is a unit
// of work with a stable ID, a result file and a directory for its record.

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"gameagents/internal/gamefile"
)

// Game is one game of a tournament: game N (1-based) of the pairing of entries A and B
// (indices into Entries, A < B). In the pairing's match A is the referee's agent A, so N
// decides colours, the first mover, the opening and the deal exactly as game N of
// `homework referee -games K` between them would.
type Game struct {
	A, B int
	N    int
}

// ID names the game in plans, file names and messages: "A-B-N" with entries numbered from
// 1 in the spec's order, e.g. "1-3-2".
func (g Game) ID() string { return fmt.Sprintf("%d-%d-%d", g.A+1, g.B+1, g.N) }

// Pairing is two entries that play each other, indices into Entries, A < B. In every
// pairing of a gauntlet A is entry 1.
type Pairing struct{ A, B int }

// Pairing is the pairing g belongs to.
func (g Game) Pairing() Pairing { return Pairing{g.A, g.B} }

// ID names the pairing as its games' IDs and its directory do: "A-B", entries numbered
// from 1.
func (p Pairing) ID() string { return fmt.Sprintf("%d-%d", p.A+1, p.B+1) }

// Pairings lists the pairings the format makes, in the order the schedule plays them.
func (s *Spec) Pairings() []Pairing {
	var ps []Pairing
	for a := range s.Entries {
		for b := a + 1; b < len(s.Entries); b++ {
			if !s.Gauntlet || a == 0 {
				ps = append(ps, Pairing{a, b})
			}
		}
	}
	return ps
}

// pairingCount is len(s.Pairings()), without making them.
func (s *Spec) pairingCount() int {
	n := len(s.Entries)
	if s.Gauntlet {
		return n - 1
	}
	return n * (n - 1) / 2
}

// Schedule lists every game of the tournament, game 1 of every pairing first, then game 2,
// and so on, so that a run interrupted half way has played every pairing about equally.
func (t *Tournament) Schedule() []Game {
	pairings := t.Pairings()
	games := make([]Game, 0, len(pairings)*t.Games)
	for n := 1; n <= t.Games; n++ {
		for _, p := range pairings {
			games = append(games, Game{A: p.A, B: p.B, N: n})
		}
	}
	return games
}

// ParseID reads a game ID and checks that the game is one of t's.
func (t *Tournament) ParseID(id string) (Game, error) {
	parts := strings.Split(id, "-")
	if len(parts) != 3 {
		return Game{}, fmt.Errorf("game %q: want an ID A-B-N, e.g. 1-2-3", gamefile.Clip(id))
	}
	var v [3]int
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil {
			return Game{}, fmt.Errorf("game %q: %q is not a number", gamefile.Clip(id), gamefile.Clip(p))
		}
		v[i] = n
	}
	g := Game{A: v[0] - 1, B: v[1] - 1, N: v[2]}
	switch {
	case g.A < 0 || g.B >= len(t.Entries) || g.A >= g.B:
		return Game{}, fmt.Errorf("game %s: want entries A < B from 1 to %d", id, len(t.Entries))
	case t.Gauntlet && g.A != 0:
		return Game{}, fmt.Errorf("game %s: a gauntlet's games are entry 1's, 1-B-N", id)
	case g.N < 1 || g.N > t.Games:
		return Game{}, fmt.Errorf("game %s: want a game number from 1 to %d", id, t.Games)
	}
	return g, nil
}

// plays reports whether entries i and j (in either order) meet in t's format.
func (t *Tournament) plays(i, j int) bool {
	return i != j && (!t.Gauntlet || i == 0 || j == 0)
}

// MatchDir is the directory of the pairing's match, where the referee writes the game's
// record and its agents' directories.
func (t *Tournament) MatchDir(g Game) string {
	return filepath.Join(t.Dir, "games", g.Pairing().ID())
}

// ResultPath is the game's result file; it exists exactly when the game has been played.
func (t *Tournament) ResultPath(g Game) string {
	return filepath.Join(t.Dir, "results", g.ID()+".tsv")
}
