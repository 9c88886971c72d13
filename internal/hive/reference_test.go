package hive

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"gameagents/internal/gamefile"
)

// position builds a 13×13 position: mover, both move counts, the hand line's counts, and
// "p q stack" cells.
func position(t *testing.T, mover string, moves [2]int, hand string, cells ...string) *Position {
	t.Helper()
	text := fmt.Sprintf("SINGLE\n%s\n1\nHIVE 13 %d %d\nHAND %s\nCELLS %d\n%s", mover, moves[0], moves[1], hand, len(cells), strings.Join(cells, "\n"))
	in, err := ParseInput("input.txt", gamefile.SplitLines(text))
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	return in.Position()
}

// formatted returns the sorted output lines of the moves.
func formatted(p *Position, moves []Move) []string {
	var out []string
	for _, m := range moves {
		out = append(out, p.Format(m))
	}
	slices.Sort(out)
	return out
}

func TestReferenceMoves(t *testing.T) {
	const fullHand = "q1 b2 s2 g2 a2 Q1 B2 S2 G2 A2"
	tests := []struct {
		name    string
		pos     func(t *testing.T) *Position
		want    []string // every move, sorted; or
		has     []string // moves that must be among them
		hasNot  []string // moves that must not
		contact Contact
	}{
		{name: "first move: the centre only",
			pos:  func(t *testing.T) *Position { return position(t, "LOWER", [2]int{0, 0}, fullHand) },
			want: []string{"PLACE a 3,6", "PLACE b 3,6", "PLACE g 3,6", "PLACE q 3,6", "PLACE s 3,6"}},
		{name: "second player's first move: next to the opponent's piece",
			pos: func(t *testing.T) *Position {
				return position(t, "UPPER", [2]int{0, 1}, "q0 b2 s2 g2 a2 Q1 B2 S2 G2 A2", "3 6 q")
			},
			has:    []string{"PLACE Q 4,6", "PLACE A 2,7", "PLACE G 3,5"},
			hasNot: []string{"PLACE Q 3,6", "PLACE Q 5,6"}},
		{name: "placement touches own pieces only",
			pos: func(t *testing.T) *Position {
				return position(t, "LOWER", [2]int{1, 1}, "q0 b2 s2 g2 a2 Q0 B2 S2 G2 A2", "3 6 q", "4 6 Q")
			},
			has:    []string{"PLACE a 2,6", "PLACE a 2,7", "PLACE a 3,5"},
			hasNot: []string{"PLACE a 4,5", "PLACE a 3,7", "PLACE a 5,6"}},
		{name: "queen deadline at move 3: only queen placements",
			pos: func(t *testing.T) *Position {
				return position(t, "LOWER", [2]int{3, 3}, "q1 b1 s1 g2 a2 Q0 B2 S2 G2 A2", "3 6 b", "2 6 s", "1 6 a", "4 6 Q", "5 6 B", "6 6 S")
			},
			// 3,5 touches b and s only: (4,6) is not a neighbour of (3,5); 3,7 touches Q.
			want: []string{"PLACE q 0,6", "PLACE q 0,7", "PLACE q 1,5", "PLACE q 1,7", "PLACE q 2,5", "PLACE q 2,7", "PLACE q 3,5"}},
		{name: "no movement before move 4",
			pos: func(t *testing.T) *Position {
				return position(t, "LOWER", [2]int{3, 3}, "q0 b1 s1 g2 a2 Q0 B2 S2 G2 A2", "3 6 q", "2 6 s", "1 6 a", "4 6 Q", "5 6 B", "6 6 S")
			},
			hasNot: []string{"MOVE a 1,6 0,7", "MOVE q 3,6 3,5"}},
		{name: "grasshopper jumps over a line, not off the board",
			pos: func(t *testing.T) *Position {
				return position(t, "LOWER", [2]int{4, 4}, "q0 b0 s0 g0 a0 Q0 B0 S0 G0 A0", "12 0 g", "11 0 q", "10 0 Q", "9 0 b", "8 0 B")
			},
			has:    []string{"MOVE g 12,0 7,0"},
			hasNot: []string{"MOVE g 12,0 13,0", "MOVE g 12,0 11,1"}},
		{name: "beetle climbs, and the piece under it is frozen",
			pos: func(t *testing.T) *Position {
				return position(t, "LOWER", [2]int{4, 4}, "q0 b1 s2 g2 a2 Q0 B2 S2 G2 A2", "3 6 q", "4 6 Qb", "5 6 a")
			},
			has:    []string{"MOVE b 4,6 3,6", "MOVE b 4,6 5,6", "MOVE b 4,6 4,5"},
			hasNot: []string{"MOVE Q 4,6 4,5"}},
		{name: "one hive: the middle of a line cannot move",
			pos: func(t *testing.T) *Position {
				return position(t, "LOWER", [2]int{4, 4}, "q0 b2 s2 g2 a1 Q0 B2 S2 G2 A2", "2 6 q", "3 6 a", "4 6 Q")
			},
			hasNot: []string{"MOVE a 3,6 3,5", "MOVE a 3,6 2,7"},
			has:    []string{"MOVE q 2,6 3,5", "MOVE q 2,6 2,7"}},
		{name: "spider: exactly three steps round a pair; the queen between them is pinned",
			pos: func(t *testing.T) *Position {
				return position(t, "LOWER", [2]int{4, 4}, "q0 b0 s1 g0 a0 Q0 B2 S2 G2 A2", "2 6 s", "3 6 q", "4 6 Q")
			},
			// The ring round (3,6),(4,6): 2,6 2,7 3,7 4,7 5,6 5,5 4,5 3,5; three steps
			// either way from 2,6 end on 4,7 and 5,5.
			want: []string{"MOVE s 2,6 4,7", "MOVE s 2,6 5,5",
				"PLACE s 1,6", "PLACE s 1,7", "PLACE s 2,5", "PLACE s 2,7", "PLACE s 3,5"}},
		{name: "the board's edge blocks a slide (the seed's FAQ: nothing slides into 10,0)",
			pos: func(t *testing.T) *Position {
				return position(t, "LOWER", [2]int{4, 4}, "q0 b0 s0 g0 a0 Q0 B0 S0 G0 A0", "11 0 q", "10 1 Q")
			},
			// 11,0 -> 10,0: the flanks are 10,1 (a piece) and 11,-1 (off the board).
			// 11,0 -> 12,0: a flank off the board, the other empty: no contact.
			want: []string{"MOVE q 11,0 11,1"}},
		{name: "edge: a loose-only slide (the inner flank empty, the cell touches a piece)",
			pos: func(t *testing.T) *Position {
				return position(t, "LOWER", [2]int{4, 4}, "q0 b0 s0 g0 a0 Q0 B0 S0 G0 A0", "11 0 q", "11 1 a", "10 2 A", "9 2 Q", "9 1 G")
			},
			want: []string{"MOVE q 11,0 10,1"}},
		{name: "edge: the same under the loose reading",
			pos: func(t *testing.T) *Position {
				return position(t, "LOWER", [2]int{4, 4}, "q0 b0 s0 g0 a0 Q0 B0 S0 G0 A0", "11 0 q", "11 1 a", "10 2 A", "9 2 Q", "9 1 G")
			},
			contact: Loose,
			want:    []string{"MOVE q 11,0 10,0", "MOVE q 11,0 10,1"}},
		{name: "gate: the queen cannot slide between two pieces into a hole",
			pos: func(t *testing.T) *Position {
				return position(t, "LOWER", [2]int{4, 4}, "q0 b0 s0 g0 a0 Q0 B0 S0 G0 A0", "3 6 q", "4 5 Q", "5 5 A", "5 6 G", "4 7 a", "3 7 s")
			},
			has:    []string{"MOVE q 3,6 3,5", "MOVE q 3,6 2,7"},
			hasNot: []string{"MOVE q 3,6 4,6", "MOVE q 3,6 2,6"}},
		{name: "gate: the ant goes round the hive but not into the hole",
			pos: func(t *testing.T) *Position {
				return position(t, "LOWER", [2]int{4, 4}, "q0 b0 s0 g0 a0 Q0 B0 S0 G0 A0", "3 6 a", "4 5 Q", "5 5 A", "5 6 G", "4 7 q", "3 7 s")
			},
			has:    []string{"MOVE a 3,6 2,7", "MOVE a 3,6 6,5", "MOVE a 3,6 4,4", "MOVE a 3,6 5,7"},
			hasNot: []string{"MOVE a 3,6 4,6", "MOVE a 3,6 3,6", "MOVE a 3,6 1,6"}},
		{name: "ant: along a line of pieces, to every cell touching it",
			pos: func(t *testing.T) *Position {
				return position(t, "LOWER", [2]int{4, 4}, "q0 b0 s0 g0 a0 Q0 B0 S0 G0 A0", "2 6 a", "3 6 q", "4 6 Q")
			},
			// The ring round 3,6 and 4,6, less the ant's own cell.
			want: []string{"MOVE a 2,6 2,7", "MOVE a 2,6 3,5", "MOVE a 2,6 3,7", "MOVE a 2,6 4,5", "MOVE a 2,6 4,7", "MOVE a 2,6 5,5", "MOVE a 2,6 5,6"}},
		{name: "beetle: the only link cannot move, not even to where it reconnects (the seed's FAQ)",
			pos: func(t *testing.T) *Position {
				return position(t, "LOWER", [2]int{4, 4}, "q0 b0 s0 g0 a0 Q0 B0 S0 G0 A0", "2 6 q", "3 6 b", "3 7 Q")
			},
			hasNot: []string{"MOVE b 3,6 2,7", "MOVE b 3,6 2,6", "MOVE b 3,6 3,7"}},
		{name: "beetle: down from a stack onto an empty cell, and onto another beetle",
			pos: func(t *testing.T) *Position {
				return position(t, "LOWER", [2]int{4, 4}, "q0 b0 s0 g0 a0 Q0 B0 S0 G0 A0", "3 6 Ab", "4 6 B", "2 6 q", "4 5 Q")
			},
			has: []string{"MOVE b 3,6 3,5", "MOVE b 3,6 4,6", "MOVE b 3,6 2,7", "MOVE b 3,6 3,7", "MOVE b 3,6 2,6", "MOVE b 3,6 4,5"}},
		{name: "grasshopper: over a stack and a line, never onto its own side",
			pos: func(t *testing.T) *Position {
				return position(t, "LOWER", [2]int{4, 4}, "q0 b0 s0 g0 a0 Q0 B0 S0 G0 A0", "1 6 g", "2 6 q", "3 6 AB", "4 6 Q")
			},
			want: []string{"MOVE g 1,6 5,6"}},
		{name: "spider: never back to a cell it visited, so not to its start",
			pos: func(t *testing.T) *Position {
				return position(t, "LOWER", [2]int{4, 4}, "q0 b0 s0 g0 a0 Q1 B0 S0 G0 A0", "2 6 s", "3 6 q")
			},
			// Round a single piece, three steps either way end on the opposite cell; the
			// queen slides along the spider.
			want: []string{"MOVE q 3,6 2,7", "MOVE q 3,6 3,5", "MOVE s 2,6 4,6"}},
		{name: "pass when nothing is legal",
			pos: func(t *testing.T) *Position {
				return position(t, "LOWER", [2]int{4, 4}, "q0 b0 s0 g0 a0 Q0 B0 S0 G1 A0", "2 6 Q", "3 6 q", "4 6 B")
			},
			want: []string{"PASS"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := tt.pos(t)
			got := formatted(p, p.ReferenceMoves(tt.contact))
			if fast := formatted(p, fastMoves(p, tt.contact)); !slices.Equal(fast, got) {
				t.Errorf("fast generator: %q,\nreference: %q", fast, got)
			}
			if tt.want != nil && !slices.Equal(got, tt.want) {
				t.Errorf("moves = %q,\nwant %q", got, tt.want)
			}
			for _, m := range tt.has {
				if !slices.Contains(got, m) {
					t.Errorf("moves lack %q: %q", m, got)
				}
			}
			for _, m := range tt.hasNot {
				if slices.Contains(got, m) {
					t.Errorf("moves hold %q", m)
				}
			}
		})
	}
}

// fastMoves lists the fast generator's moves of a position in the reference form.
func fastMoves(p *Position, c Contact) []Move {
	var moves []Move
	for _, m := range NewBoard(p).Moves(c, make([]PackedMove, 0, MaxMoves)) {
		moves = append(moves, m.Move())
	}
	return moves
}
