package hive

import (
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"gameagents/internal/agent"
	"gameagents/internal/gamefile"
	"gameagents/internal/render"
	"gameagents/internal/rules"
)

// playedMatch returns a new match of game with plies moves played, each a pick chosen by
// a generator seeded with seed (fewer when the game ends first).
func playedMatch(t *testing.T, game rules.Game, seed uint64, plies int) rules.Match {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 28))
	m := game.New(0)
	for range plies {
		picks := m.(render.Picker).Picks()
		if len(picks) == 0 {
			break
		}
		p := picks[rng.IntN(len(picks))]
		if _, _, err := m.Play([]byte(p.Output), true); err != nil {
			t.Fatalf("pick %q is refused: %v", p.Output, err)
		}
	}
	return m
}

// TestPicksAreTheLegalMoves counts each position's picks against the game's own
// generator: the fast one (Board.Moves, the loose reading the judge plays) for the course
// game, BaseGame.Moves for the base game, whose targets must also lie in the picture's
// window.
func TestPicksAreTheLegalMoves(t *testing.T) {
	tests := []struct {
		name  string
		game  rules.Game
		seed  uint64
		plies int
	}{
		{"course start", Game{}, 0, 0},
		{"course opening", Game{}, 1, 7},
		{"course middle game", Game{}, 2, 30},
		{"course late game", Game{}, 3, 70},
		{"base start", BaseRules{}, 0, 0},
		{"base opening", BaseRules{}, 1, 5},
		{"base middle game", BaseRules{}, 2, 30},
		{"base late game", BaseRules{}, 3, 70},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := playedMatch(t, tt.game, tt.seed, tt.plies)
			picks := m.(render.Picker).Picks()
			var want int
			switch m := m.(type) {
			case *judgeMatch:
				if !m.over {
					want = len(NewBoard(m.pos).Moves(Loose, make([]PackedMove, 0, MaxMoves)))
				}
			case *baseMatch:
				moves := m.g.Moves()
				want = len(moves)
				w := newBaseWindow(m.g)
				for _, mv := range moves {
					if mv.Kind != Pass && !w.cells[mv.To] {
						t.Errorf("%s reaches %v, outside the picture's window", m.g.MoveString(mv), mv.To)
					}
				}
			}
			if len(picks) != want {
				t.Errorf("%d picks, want %d legal moves", len(picks), want)
			}
		})
	}
}

// TestKnownPicks checks the steps of one pick of known positions: the piece's cell, the
// target's, the hand's buttons and pass, with their pixels on the picture.
func TestKnownPicks(t *testing.T) {
	course := func(input string) func(t *testing.T) rules.Match {
		return func(t *testing.T) rules.Match { return loadJudge(t, input) }
	}
	base := func(moves ...string) func(t *testing.T) rules.Match {
		return func(t *testing.T) rules.Match {
			m := BaseRules{}.New(0)
			for _, mv := range moves {
				if _, _, err := m.Play([]byte(mv+"\n"), true); err != nil {
					t.Fatalf("Play(%q) = %v", mv, err)
				}
			}
			return m
		}
	}
	tests := []struct {
		name   string
		match  func(t *testing.T) rules.Match
		output string
		steps  []render.Step
	}{
		{"course placement", course(judgeStart), "PLACE a 3,6\n", []render.Step{
			{Label: "ant from hand (2 left)"}, {On: true, X: 431, Y: 388, Label: "to 3,6"}}},
		{"course beetle climbing", course(line), "MOVE b 3,5 3,6\n", []render.Step{
			{On: true, X: 400, Y: 334, Label: "beetle at 3,5"}, {On: true, X: 431, Y: 388, Label: "onto 3,6"}}},
		{"course pass", course(lowerStuck), "PASS\n", []render.Step{{Label: "pass"}}},
		// The first piece goes on 0,0, the picture's only cell.
		{"base first placement", base(), "wA1\n", []render.Step{
			{Label: "ant from hand (3 left)"}, {On: true, X: 59, Y: 64, Label: "to 0,0"}}},
		// wQ -1,0, wS1 0,0, bS1 1,0, bQ 2,0: the window's leftmost cell is -2,0, drawn at
		// column 1 of row 1 (a shift of 2,1), wQ at 1,1; UHP's "/wS1" is below wS1 on the
		// left, -1,1.
		{"base queen step", base("wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-"), "wQ /wS1\n", []render.Step{
			{On: true, X: 152, Y: 118, Label: "queen wQ at -1,0"}, {On: true, X: 183, Y: 172, Label: "to -1,1"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := tt.match(t)
			for _, p := range m.(render.Picker).Picks() {
				if p.Output == tt.output {
					if diff := cmp.Diff(tt.steps, p.Steps); diff != "" {
						t.Errorf("steps of %q mismatch (-want +got):\n%s", tt.output, diff)
					}
					return
				}
			}
			t.Errorf("no pick plays %q", tt.output)
		})
	}
}

// TestEngineAnalysis plays samples through the engine modes' Thinker and checks what the
// course engine's search reported: a completed depth, points, and the move it played first
// in the variation.
func TestEngineAnalysis(t *testing.T) {
	tests := []struct {
		sample string
		exact  bool
		points float64 // the score wanted when exact
	}{
		{sample: "tiny-time-0.01"},
		{sample: "mid-game"},
		// MOVE a 2,6 4,7 surrounds Q (15 points); the ant leaves q's side, where four
		// occupied neighbours are left (UPPER's 3 points).
		{sample: "surround-in-one", exact: true, points: 12},
	}
	for _, tt := range tests {
		t.Run(tt.sample, func(t *testing.T) {
			dir := filepath.Join("..", "..", "samples", "hive", tt.sample)
			input, err := os.ReadFile(filepath.Join(dir, "input.txt"))
			if err != nil {
				t.Fatal(err)
			}
			lines, a, err := agent.NewThinker(Game{}, agent.Options{Dir: dir, Log: io.Discard}).Move(input, 0)
			if err != nil {
				t.Fatalf("Move = %v", err)
			}
			if len(lines) != 1 || a.Depth <= 0 || a.Unit != "points" || a.Nodes <= 0 || len(a.PV) == 0 || a.PV[0] != lines[0] {
				t.Fatalf("Move = %q with analysis %+v, want a move, depth and nodes above 0, points, the move first in the PV", lines, a)
			}
			if a.Exact != tt.exact || tt.exact && a.Score != tt.points {
				t.Errorf("analysis %+v, want exact %v (score %v when exact)", a, tt.exact, tt.points)
			}
			t.Logf("%s: %+v", lines[0], a)
			checkVariation(t, input, a.PV)
		})
	}
}

// checkVariation plays pv from input's position with the judge: every move legal.
func checkVariation(t *testing.T, input []byte, pv []string) {
	t.Helper()
	m, err := Game{}.Load(gamefile.SplitLines(string(input)))
	if err != nil {
		t.Fatal(err)
	}
	for i, mv := range pv {
		if _, _, err := m.Play([]byte(mv+"\n"), true); err != nil {
			t.Fatalf("PV %s: move %d %q is refused: %v", strings.Join(pv, "; "), i+1, mv, err)
		}
	}
}
