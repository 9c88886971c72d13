package tournament

// The schedule: every pairing of two entries plays Games games, and each game is a unit of
// work with a stable ID, a result file and a directory for its record.

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

// Schedule lists every game of the tournament, game 1 of every pairing first, then game 2,
// and so on, so that a run interrupted half way has played every pairing about equally.
func (t *Tournament) Schedule() []Game {
	var games []Game
	for n := 1; n <= t.Games; n++ {
		for a := range t.Entries {
			for b := a + 1; b < len(t.Entries); b++ {
				games = append(games, Game{A: a, B: b, N: n})
			}
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
	case g.N < 1 || g.N > t.Games:
		return Game{}, fmt.Errorf("game %s: want a game number from 1 to %d", id, t.Games)
	}
	return g, nil
}

// MatchDir is the directory of the pairing's match, where the referee writes the game's
// record and its agents' directories.
func (t *Tournament) MatchDir(g Game) string {
	return filepath.Join(t.Dir, "games", fmt.Sprintf("%d-%d", g.A+1, g.B+1))
}

// ResultPath is the game's result file; it exists exactly when the game has been played.
func (t *Tournament) ResultPath(g Game) string {
	return filepath.Join(t.Dir, "results", g.ID()+".tsv")
}
