package quoridor

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"gameagents/internal/agent/agenttest"
	"gameagents/internal/gamefile"
	"gameagents/internal/render"
)

// loadMatch is the referee's match of an input.txt whose lines after the header are body.
func loadMatch(t *testing.T, side, body string) *judgeMatch {
	t.Helper()
	m, err := Game{}.Load(gamefile.SplitLines("SINGLE\n" + side + "\n1.0\n" + body))
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	return m.(*judgeMatch)
}

// pickOutputs returns the outputs of m's picks.
func pickOutputs(m *judgeMatch) []string {
	var out []string
	for _, p := range m.Picks() {
		out = append(out, p.Output)
	}
	return out
}

// legalOutputs returns the output.txt of every legal move of m's side to move, as the
// game's own generator lists them; none once the game is over.
func legalOutputs(m *judgeMatch) []string {
	if over, _, _ := m.Over(); over {
		return nil
	}
	var out []string
	for _, mv := range m.pos.AppendLegalMoves(nil) {
		out = append(out, string(FormatOutput(mv)))
	}
	return out
}

// TestPicksCount: a position has one pick per legal move, and none once the game is over.
func TestPicksCount(t *testing.T) {
	for _, tc := range []struct {
		name, side, body string
		want             int
	}{
		// Three steps (+x, -x, +y) and a wall at each of the 2·8·8 anchors.
		{"9×9 start", "FIRST", "QUORIDOR 9 9\nME 4 0 8 10\nOPPONENT 4 8 0 10\nWALLS 0\n", 3 + 128},
		// The course's example: two steps and its eleven walls.
		{"4×4 example", "FIRST", example4x4, 2 + 11},
		{"no walls left", "FIRST", "QUORIDOR 9 9\nME 4 0 8 0\nOPPONENT 4 8 0 10\nWALLS 0\n", 3},
		// Walled in with no walls left, while the other player can act: PASS alone.
		{"must pass", "FIRST", "QUORIDOR 3 3\nME 0 0 2 0\nOPPONENT 0 1 0 4\nWALLS 1\n0,0 1,0 0,1 1,1\n", 1},
		{"decided", "FIRST", "QUORIDOR 9 9\nME 4 5 8 5\nOPPONENT 4 0 0 5\nWALLS 0\n", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := loadMatch(t, tc.side, tc.body)
			got := pickOutputs(m)
			if len(got) != tc.want {
				t.Errorf("len(Picks()) = %d, want %d", len(got), tc.want)
			}
			if diff := cmp.Diff(legalOutputs(m), got); diff != "" {
				t.Errorf("Picks() outputs differ from the legal moves (-legal +picks):\n%s", diff)
			}
			if m.HasMove() != (len(got) > 0) {
				t.Errorf("HasMove() = %v with %d picks", m.HasMove(), len(got))
			}
		})
	}
}

// TestPicksRandomPositions: on positions of seeded random games, with walls from the start of
// any shape, the picks play exactly the legal moves, each accepted by Play.
func TestPicksRandomPositions(t *testing.T) {
	n := 60
	if testing.Short() {
		n = 20
	}
	forRandomPositions(n, 28, func(g *randomGame) {
		m := newJudgeMatch(g.pos, slices.Clone(g.walls), DefaultSetup)
		got := pickOutputs(m)
		if diff := cmp.Diff(legalOutputs(m), got); diff != "" {
			t.Fatalf("%d×%d board: Picks() outputs differ from the legal moves (-legal +picks):\n%s", g.pos.NX, g.pos.NY, diff)
		}
		for _, out := range got {
			c := *m
			c.walls = slices.Clone(m.walls)
			if _, _, err := c.Play([]byte(out), true); err != nil {
				t.Fatalf("%d×%d board: pick %q is refused: %v", g.pos.NX, g.pos.NY, out, err)
			}
		}
	})
}

// TestPickSteps: the clicks of known moves on the 9×9 board (cells of 40 pixels in a margin
// of 24: the grid line left of column x is at 24+40x, the one above row y at 24+40y).
func TestPickSteps(t *testing.T) {
	const body = "QUORIDOR 9 9\nME 4 0 8 10\nOPPONENT 4 8 0 10\nWALLS 1\n0,1 0,2 1,1 1,2\n"
	for _, tc := range []struct {
		output string
		want   render.Step
	}{
		// The centre of cell 4,1.
		{"MOVE 4,1\n", render.Step{On: true, X: 204, Y: 84, Label: "step to 4,1"}},
		// The horizontal wall at 3,5: its middle is the intersection at 184,264; a quarter
		// cell left of it on the horizontal groove.
		{"WALL 3,5 3,6 4,5 4,6\n", render.Step{On: true, X: 174, Y: 264, Label: "horizontal wall below 3,5 and 4,5"}},
		// The vertical wall at 0,1 crosses the horizontal one standing there: its point, a
		// quarter cell above the shared middle 64,104 on the vertical groove, is its own.
		{"WALL 0,1 1,1 0,2 1,2\n", render.Step{On: true, X: 64, Y: 94, Label: "vertical wall right of 0,1 and 0,2"}},
		// The last anchor of the board, 7,7.
		{"WALL 7,7 8,7 7,8 8,8\n", render.Step{On: true, X: 344, Y: 334, Label: "vertical wall right of 7,7 and 7,8"}},
	} {
		t.Run(strings.TrimSpace(tc.output), func(t *testing.T) {
			m := loadMatch(t, "FIRST", body)
			i := slices.IndexFunc(m.Picks(), func(p render.Pick) bool { return p.Output == tc.output })
			if i < 0 {
				t.Fatalf("no pick plays %q", tc.output)
			}
			if diff := cmp.Diff([]render.Step{tc.want}, m.Picks()[i].Steps); diff != "" {
				t.Errorf("Picks() steps of %q (-want +got):\n%s", tc.output, diff)
			}
		})
	}
	// A stuck mover's PASS is a button beside the board.
	m := loadMatch(t, "FIRST", "QUORIDOR 3 3\nME 0 0 2 0\nOPPONENT 0 1 0 4\nWALLS 1\n0,0 1,0 0,1 1,1\n")
	want := []render.Pick{{Output: "PASS\n", Steps: []render.Step{{Label: "pass"}}}}
	if diff := cmp.Diff(want, m.Picks()); diff != "" {
		t.Errorf("Picks() of a stuck mover (-want +got):\n%s", diff)
	}
}

// TestThinkerAnalysis: the engine's search reports its analysis, its principal variation
// starting with the move played, which is the sample's.
func TestThinkerAnalysis(t *testing.T) {
	for _, tc := range []struct {
		sample string
		exact  bool
		score  float64 // checked when exact
	}{
		{"spec-example", false, 0},
		// A step onto the goal row: a win at ply 1.
		{"win-in-one", true, provenSteps - 1},
	} {
		t.Run(tc.sample, func(t *testing.T) {
			_, lines, a := agenttest.Sample(t, Game{}, tc.sample)
			if a.Depth <= 0 || a.Nodes <= 0 || a.Unit != "path difference" || len(a.PV) == 0 || len(lines) != 1 || a.PV[0] != lines[0] {
				t.Errorf("Analysis = %+v for the move %q: want Depth and Nodes > 0, Unit \"path difference\", PV[0] the move", a, lines)
			}
			if a.Exact != tc.exact || (tc.exact && a.Score != tc.score) {
				t.Errorf("Analysis = %+v: want Exact %v (Score %v when exact)", a, tc.exact, tc.score)
			}
		})
	}
}
