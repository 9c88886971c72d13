package hive

// Writing input.txt: the inverse of ParseInput, for the referee (which gives every mover a
// fresh input.txt) and for tests that need a position as a file.

import (
	"fmt"
	"strings"

	"gameagents/internal/gamefile"
)

// InputLines returns the lines of the input.txt that gives the position to its mover:
// mode, LOWER or UPPER, seconds (written as given), "HIVE N n m" (the mover's moves so far,
// then the opponent's), HAND with all ten kinds (q b s g a, then Q B S G A), "CELLS k" and
// the occupied cells as "p q stack" in cell-index order (row by row), stacks bottom first.
// The spec allows any order in HAND and CELLS; a fixed one makes the file the same for the
// same position, so that records and tests can compare inputs as text.
func (p *Position) InputLines(mode gamefile.Mode, seconds string) []string {
	me := p.Mover
	lines := []string{
		mode.String(),
		me.String(),
		seconds,
		fmt.Sprintf("HIVE %d %d %d", p.Geometry.N, p.Moves[me], p.Moves[1-me]),
		"HAND " + handText(p.Hand),
	}
	var cells []string
	for i, st := range p.Stacks {
		if len(st) > 0 {
			c := p.Geometry.Cells[i]
			cells = append(cells, fmt.Sprintf("%d %d %s", c.P, c.Q, st))
		}
	}
	lines = append(lines, fmt.Sprintf("CELLS %d", len(cells)))
	return append(lines, cells...)
}

// handText writes both hands as input.txt's HAND line does after the word HAND:
// "q1 b2 s2 g2 a2 Q1 B2 S2 G2 A2".
func handText(hand [2][5]int) string {
	var words []string
	for _, side := range []Side{Lower, Upper} {
		for kind := range len(Kinds) {
			words = append(words, fmt.Sprintf("%c%d", side.Letter(kind), hand[side][kind]))
		}
	}
	return strings.Join(words, " ")
}
