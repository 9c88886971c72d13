package referee

// Openings: a match may start its games from given move sequences instead of the initial
// position, so that deterministic agents play different games. Each opening is a list of
// moves, each the one line of an output.txt; the referee plays them through the game's own
// rules (Match.Play, strictly), records them, and tells GTP engines with "play". Games 2k-1
// and 2k play opening k (cycling through the list), so each opening is played with the
// agents on both sides of the schedule.

import (
	"errors"
	"fmt"
	"strings"

	"gameagents/internal/gamefile"
	"gameagents/internal/rules"
)

// ReadOpenings reads an openings file: one opening per line, its moves separated by
// spaces, or by semicolons when the line holds one (for games whose moves are several
// words: "PLACE a 3,6; PLACE B 3,5"); blank lines and lines starting with # are skipped.
// The file is read as the agents read theirs (gamefile.ReadLines: bounded, any line ending);
// its errors name the path as given and the line. The moves themselves are the game's to
// judge (checkOpenings).
func ReadOpenings(path string) ([][]string, error) {
	lines, err := gamefile.ReadLines(path)
	if err != nil {
		var e *gamefile.Error
		if errors.As(err, &e) {
			e.File = path // ReadLines names the file alone; the user gave a path
		}
		return nil, err
	}
	return parseOpenings(path, lines)
}

// parseOpenings parses the lines of the openings file at path.
func parseOpenings(path string, lines []gamefile.Line) ([][]string, error) {
	var openings [][]string
	for _, l := range lines {
		line := strings.TrimSpace(l.Text)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		op := splitOpening(line)
		switch {
		case len(op) == 0:
			return nil, gamefile.Errorf(path, l.Num, "an opening without moves")
		case strings.HasPrefix(op[0], "#"):
			// Written back (openingText), the line would be a comment.
			return nil, gamefile.Errorf(path, l.Num, "an opening starting with %q would read as a comment", gamefile.Clip(op[0]))
		}
		openings = append(openings, op)
	}
	if len(openings) == 0 {
		return nil, gamefile.Errorf(path, 0, "no openings")
	}
	return openings, nil
}

// splitOpening splits an opening's line into its moves: at semicolons when it has one, else
// at spaces.
func splitOpening(line string) []string {
	if !strings.Contains(line, ";") {
		return strings.Fields(line)
	}
	var moves []string
	for _, mv := range strings.Split(line, ";") {
		if mv = strings.Join(strings.Fields(mv), " "); mv != "" {
			moves = append(moves, mv)
		}
	}
	return moves
}

// Repeats lists the openings of ops that repeat an earlier one, as pairs of 1-based
// numbers: the repeat and the first opening it repeats. Deterministic agents play the same
// games from both, so a repeated opening counts its games twice in a match's score and
// in a sequential test, which then claims more evidence than it has.
func Repeats(ops [][]string) [][2]int {
	first := make(map[string]int, len(ops))
	var repeats [][2]int
	for i, op := range ops {
		key := openingText(op)
		if j, seen := first[key]; seen {
			repeats = append(repeats, [2]int{i + 1, j + 1})
			continue
		}
		first[key] = i
	}
	return repeats
}

// RepeatsText says which opening first repeats which, and how many of all n repeat, for
// the messages about Repeats' result r (not empty).
func RepeatsText(r [][2]int, n int) string {
	return fmt.Sprintf("opening %d repeats opening %d (openings repeated: %d of %d)", r[0][0], r[0][1], len(r), n)
}

// openingText writes an opening as its line in the file: moves of one word separated by
// spaces, moves of several words by "; ", and a single move of several words followed by
// ";" so that it reads back as one move.
func openingText(op []string) string {
	for _, mv := range op {
		if !strings.Contains(mv, " ") {
			continue
		}
		if len(op) == 1 {
			return mv + ";"
		}
		return strings.Join(op, "; ")
	}
	return strings.Join(op, " ")
}

// openingFor returns the opening of game n (1-based) as first, the side that moves first,
// plays it: mirrored (Mirrored) when side 1 begins; nil when the match has none.
func openingFor(cfg *Config, n, first int) ([]string, error) {
	if len(cfg.Openings) == 0 {
		return nil, nil
	}
	return fitOpening(cfg.Game, cfg.Openings[(n-1)/2%len(cfg.Openings)], first)
}

// fitOpening returns op, written for side 0 moving first, for a game first begins: itself,
// or its mirror image in a Mirrored game side 1 begins.
func fitOpening(game rules.Game, op []string, first int) ([]string, error) {
	m, ok := game.(rules.Mirrored)
	if !ok || first == 0 {
		return op, nil
	}
	mirrored := make([]string, len(op))
	for i, mv := range op {
		var err error
		if mirrored[i], err = m.MirrorMove(mv); err != nil {
			return nil, fmt.Errorf("move %d %q: %v", i+1, mv, err)
		}
	}
	return mirrored, nil
}

// checkOpenings plays every opening on a new game, so that a bad one stops the match before
// it starts rather than in the middle; in a Mirrored game, also mirrored, with side 1 first.
func checkOpenings(cfg *Config) error {
	firsts := []int{0}
	if _, ok := cfg.Game.(rules.Mirrored); ok {
		firsts = append(firsts, 1)
	}
	for _, first := range firsts {
		for i := range cfg.Openings {
			if err := checkOpening(cfg, i, first); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkOpening plays opening i on a new game that side first begins.
func checkOpening(cfg *Config, i, first int) error {
	op, err := fitOpening(cfg.Game, cfg.Openings[i], first)
	if err != nil {
		return fmt.Errorf("opening %d (%s): %v", i+1, openingText(cfg.Openings[i]), err)
	}
	mirrored := ""
	if first != 0 {
		mirrored = ", mirrored for the other side moving first"
	}
	m := cfg.Game.New(first)
	for j, mv := range op {
		if over, _, _ := m.Over(); over {
			return fmt.Errorf("opening %d (%s%s): the game is over before move %d", i+1, openingText(op), mirrored, j+1)
		}
		if _, _, err := m.Play(rules.OutputOf(cfg.Game, mv), true); err != nil {
			return fmt.Errorf("opening %d (%s%s): move %d %q: %v", i+1, openingText(op), mirrored, j+1, mv, err)
		}
	}
	return nil
}
