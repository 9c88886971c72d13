package streky

import (
	"fmt"
	"maps"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// placementID identifies a placement as the course's data does: anchor and written matrix.
type placementID struct {
	row, col int
	card     Card
}

// String writes the placement as output.txt's PLACE does after the word: "row,col card".
func (id placementID) String() string { return fmt.Sprintf("%d,%d %v", id.row, id.col, id.card) }

// gainMap is a set of placements with their gains.
type gainMap map[placementID]int

// byName returns m keyed by the placements' String, for readable tables and diffs.
func (m gainMap) byName() map[string]int {
	out := make(map[string]int, len(m))
	for id, gain := range m {
		out[id.String()] = gain
	}
	return out
}

// gainsOf returns a generator's placements as a gainMap, failing on a duplicate.
func gainsOf(t *testing.T, g *Generator, ps []Placement) gainMap {
	t.Helper()
	out := make(gainMap, len(ps))
	for _, p := range ps {
		id := placementID{int(p.Row), int(p.Col), g.Matrix(p.Matrix)}
		if _, dup := out[id]; dup {
			t.Fatalf("placement %v listed twice", id)
		}
		out[id] = int(p.Gain)
	}
	return out
}

// referenceGainsOf is gainsOf for ReferenceMoves.
func referenceGainsOf(t *testing.T, ms []ScoredMove) gainMap {
	t.Helper()
	out := make(gainMap, len(ms))
	for _, m := range ms {
		id := placementID{m.Move.Row, m.Move.Col, m.Move.Card}
		if _, dup := out[id]; dup {
			t.Fatalf("reference placement %v listed twice", id)
		}
		out[id] = m.Gain
	}
	return out
}

// gainsDiff is cmp.Diff(want, got) with placements by name, and a fast path for the equal
// maps of the random tests.
func gainsDiff(want, got gainMap) string {
	if maps.Equal(want, got) {
		return ""
	}
	return cmp.Diff(want.byName(), got.byName())
}
