package halma

import (
	"strings"
	"testing"

	"gameagents/internal/agent/agenttest"
)

// TestThinkerAnalysis: a move played through the engine modes' Thinker reports what its
// search concluded, its principal variation starting with the move written, which is the
// sample's: reporting changes nothing the agent writes.
func TestThinkerAnalysis(t *testing.T) {
	tests := []struct {
		sample   string
		searched bool // false: the move is played without a search, at depth 0
		exact    bool
	}{
		{"assignment-001-initial", true, false},
		{"assignment-005-chain", true, false},
		// The one move that fills the camp: a win found at depth 1.
		{"win-in-one", true, true},
		// A budget too small to search (minSearchNodes): the move that gains most.
		{"time-0.01", false, false},
		{"single-legal-move", false, false},
	}
	for _, tt := range tests {
		t.Run(tt.sample, func(t *testing.T) {
			_, lines, a := agenttest.Sample(t, Game{}, tt.sample)
			if len(a.PV) == 0 || a.PV[0] != strings.Join(lines, " ; ") {
				t.Errorf("Analysis.PV = %q, want the move played %q first", a.PV, strings.Join(lines, " ; "))
			}
			if a.Unit != "distance" || (a.Depth > 0) != tt.searched || (a.Nodes > 0) != tt.searched {
				t.Errorf("Analysis = %+v: want Unit \"distance\", Depth and Nodes > 0 = %v", a, tt.searched)
			}
			if a.Exact != tt.exact || (tt.exact && a.Score <= 1e4) || (!tt.exact && (a.Score < -2e3 || a.Score > 2e3)) {
				t.Errorf("Analysis = %+v: want Exact = %v, a win's score when exact, a race's else", a, tt.exact)
			}
		})
	}
}

// TestPVIsPlayable: the principal variation the engine reads off its table after a search
// is a line of moves the search itself would play, one side then the other.
func TestPVIsPlayable(t *testing.T) {
	for _, name := range []string{"001", "005", "013", "036"} {
		t.Run(name, func(t *testing.T) {
			in := readCase(t, name)
			// A table of twenty times the nodes: the PV is read off the table, which
			// always replaces, and a later node landing on a line's slot loses the line
			// (with as many slots as nodes, about half the slots are written over).
			e := NewEngine(1 << 20)
			r := e.Search(in.Board, in.ToMove, Limits{Nodes: 50_000}, nil)
			pv := e.PV(in.Board, in.ToMove, r.Move, maxPV)
			if len(pv) < 2 || pv[0] != r.Move {
				t.Fatalf("PV = %v after depth %d, want the best move %v and a reply", pv, r.Depth, r.Move)
			}
			b, c := *in.Board, in.ToMove
			var g Generator
			var buf [MaxMoves]Move
			for i, m := range pv {
				found := false
				for _, x := range g.Generate(&b, c, Preferred, buf[:0]) {
					found = found || x == m
				}
				if !found {
					t.Fatalf("PV[%d] = %v is not a move of %v in %v", i, m, c, pv)
				}
				b.Move(m.From, m.To)
				c = c.Other()
			}
		})
	}
}
