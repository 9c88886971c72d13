package streky

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"gameagents/internal/agent/agenttest"
	"gameagents/internal/render"
)

var (
	// docs/streky.md's example of gains: the card 1110 on row 0 of a 3×5 board; the
	// mover holds 101 and 11.
	docsGains = strekyInput("SECOND", []string{"1110.", ".....", "....."}, []string{"101", "11"}, []string{"101", "11"})
	// samples/streky/one-rotation-fits: a 2×4 hole that one turn of the 4×2 card fills.
	oneTurnFits = strekyInput("SECOND", []string{"011110", "0....0", "0....0", "000000"}, []string{"41/32/23/14"}, []string{"41/32/23/14"})
)

// randomlyPlayed returns the game of setup after plies random legal moves (the generator's
// placements, PASS when none) chosen by seed.
func randomlyPlayed(t *testing.T, setup string, seed uint64, plies int) *judgeMatch {
	t.Helper()
	g, err := Game{}.Configure(setup)
	if err != nil {
		t.Fatal(err)
	}
	m := g.New(0).(*judgeMatch)
	rng := rand.New(rand.NewPCG(seed, 28))
	gen := NewGenerator()
	for ply := range plies {
		mv := PassMove
		if ps := gen.Placements(&m.pos.Board, m.pos.Hand(), nil); len(ps) > 0 {
			mv = gen.Move(ps[rng.IntN(len(ps))])
		}
		if _, _, err := m.Play(FormatOutput(mv), true); err != nil {
			t.Fatalf("ply %d: %s: %v", ply, FormatMove(mv), err)
		}
	}
	return m
}

// TestPicksAreTheLegalMoves: in each position there are as many picks as the reference
// rules list legal placements (PASS alone when they list none), each plays one of them,
// its last click is the centre of the card's anchor labelled with the anchor and the
// reference gain, and the placements of one card take the same number of clicks.
func TestPicksAreTheLegalMoves(t *testing.T) {
	tests := []struct {
		name  string
		match func(t *testing.T) *judgeMatch
		legal int // the legal placements, as the reference rules count them
	}{
		{"first move of the tournament's deal 0", func(*testing.T) *judgeMatch { return Game{}.New(0).(*judgeMatch) }, 66548},
		{"docs example", func(t *testing.T) *judgeMatch { return loadJudge(t, docsGains) }, 13},
		{"one turn fits", func(t *testing.T) *judgeMatch { return loadJudge(t, oneTurnFits) }, 1},
		{"no card fits", func(t *testing.T) *judgeMatch { return loadJudge(t, judgeFull) }, 0},
		{"tournament deal 3, 20 random plies", func(t *testing.T) *judgeMatch {
			return randomlyPlayed(t, "seed=3", 1, 20)
		}, 2632},
		// One game of random plies: 146 placements, then 4 near its end, then none while the
		// game goes on (the opponent's cards still fit).
		{"colourless 12×12, 6 random plies", func(t *testing.T) *judgeMatch {
			return randomlyPlayed(t, "size=12x12 cards=colourless seed=5 count=12", 2, 6)
		}, 146},
		{"colourless 12×12, 8 random plies", func(t *testing.T) *judgeMatch {
			return randomlyPlayed(t, "size=12x12 cards=colourless seed=5 count=12", 2, 8)
		}, 4},
		{"colourless 12×12, 9 random plies: no card fits", func(t *testing.T) *judgeMatch {
			return randomlyPlayed(t, "size=12x12 cards=colourless seed=5 count=12", 2, 9)
		}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := tt.match(t)
			p := m.pos
			picks := m.Picks()
			legal := ReferenceMoves(&p.Board, p.Hand())
			if len(legal) != tt.legal {
				t.Fatalf("ReferenceMoves() = %d placements, want %d", len(legal), tt.legal)
			}
			if len(legal) == 0 {
				want := []render.Pick{{Output: "PASS\n", Steps: []render.Step{{Label: "pass"}}}}
				if diff := cmp.Diff(want, picks); diff != "" {
					t.Errorf("Picks() with no card that fits (-want +got):\n%s", diff)
				}
				return
			}
			if len(picks) != len(legal) {
				t.Fatalf("Picks() = %d picks, want the %d legal placements", len(picks), len(legal))
			}
			gains := referenceGainsOf(t, legal)
			clicks := map[string]int{} // a card's first step → its picks' steps
			seen := map[string]bool{}
			for _, pk := range picks {
				mv, err := ParseMove(strings.TrimSuffix(pk.Output, "\n"))
				if err != nil || FormatMove(mv)+"\n" != pk.Output {
					t.Fatalf("pick %q: not an output.txt line ended by LF (%v)", pk.Output, err)
				}
				gain, ok := gains[placementID{mv.Row, mv.Col, mv.Card}]
				if !ok || seen[pk.Output] {
					t.Fatalf("pick %q: not a legal placement, or listed twice", pk.Output)
				}
				seen[pk.Output] = true
				last := pk.Steps[len(pk.Steps)-1]
				x, y := marginPixels+mv.Col*cellPixels+cellPixels/2, marginPixels+mv.Row*cellPixels+cellPixels/2
				label := fmt.Sprintf("%d,%d: +%d point", mv.Row, mv.Col, gain)
				if !last.On || last.X != x || last.Y != y || !strings.HasPrefix(last.Label, label) {
					t.Errorf("pick %q: last step %+v, want on the board at %d,%d, labelled %q...", pk.Output, last, x, y, label)
				}
				for _, s := range pk.Steps[:len(pk.Steps)-1] {
					if s.On {
						t.Errorf("pick %q: steps %+v: want the card and its turn beside the board", pk.Output, pk.Steps)
					}
				}
				card := pk.Steps[0].Label
				if n, ok := clicks[card]; ok && n != len(pk.Steps) {
					t.Errorf("pick %q takes %d steps, another pick of its %s %d", pk.Output, len(pk.Steps), card, n)
				}
				clicks[card] = len(pk.Steps)
			}
		})
	}
}

// TestKnownPicks: the steps of known placements, and the gain their last step shows is
// the one Play scores.
func TestKnownPicks(t *testing.T) {
	tests := []struct {
		name, input, output string
		gain                int
		steps               []render.Step
	}{
		{
			name: "docs: two groups join one region, counted once", input: docsGains, output: "PLACE 1,0 101\n", gain: 5,
			steps: []render.Step{{Label: "card 101"}, {Label: "not rotated: 101"}, {On: true, X: 32, Y: 52, Label: "1,0: +5 points"}},
		},
		{
			name: "docs: the card turned, touching the colourless cell", input: docsGains, output: "PLACE 0,4 1/0/1\n", gain: 0,
			steps: []render.Step{{Label: "card 101"}, {Label: "rotated 90°: 1/0/1"}, {On: true, X: 112, Y: 32, Label: "0,4: +0 points"}},
		},
		{
			name: "docs: the other card", input: docsGains, output: "PLACE 1,3 1/1\n", gain: 0,
			steps: []render.Step{{Label: "card 11"}, {Label: "rotated 90°: 1/1"}, {On: true, X: 92, Y: 52, Label: "1,3: +0 points"}},
		},
		{
			// One turn of the card fits: no click for the turn.
			name: "one turn fits", input: oneTurnFits, output: "PLACE 1,1 1234/4321\n", gain: 5,
			steps: []render.Step{{Label: "card 41/32/23/14"}, {On: true, X: 52, Y: 52, Label: "1,1: +5 points"}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := loadJudge(t, tt.input)
			var got *render.Pick
			for _, pk := range m.Picks() {
				if pk.Output == tt.output {
					got = &pk
				}
			}
			if got == nil {
				t.Fatalf("no pick plays %q", tt.output)
			}
			if diff := cmp.Diff(tt.steps, got.Steps); diff != "" {
				t.Errorf("Picks() steps of %q (-want +got):\n%s", tt.output, diff)
			}
			side := m.ToMove()
			before := m.Points()[side]
			if _, _, err := m.Play([]byte(tt.output), true); err != nil {
				t.Fatalf("Play(%q) = %v", tt.output, err)
			}
			if gain := m.Points()[side] - before; gain != tt.gain {
				t.Errorf("Play(%q) scores %d, want the %d its pick shows", tt.output, gain, tt.gain)
			}
		})
	}
}

// TestThinkerAnalysis: the engine's search reports its analysis through the engine modes'
// Thinker: points, its principal variation a line of legal moves starting with the move
// played (the sample's), and a depth where a search ran.
func TestThinkerAnalysis(t *testing.T) {
	tests := []struct {
		sample   string
		searched bool // whether a search runs: more than one root candidate, and time
	}{
		{"mid-game", true},
		{"mid-game-second", true},
		{"spec-example", true},
		{"one-rotation-fits", false},
		{"full-board-pass", false},
	}
	for _, tt := range tests {
		t.Run(tt.sample, func(t *testing.T) {
			input, lines, a := agenttest.Sample(t, Game{}, tt.sample)
			if len(lines) != 1 || a.Unit != "points" || a.Nodes <= 0 || len(a.PV) == 0 || a.PV[0] != lines[0] || a.Exact {
				t.Fatalf("Analysis = %+v for the move %q: want points, nodes above 0, PV[0] the move, not exact", a, lines)
			}
			if searched := a.Depth > 0; searched != tt.searched {
				t.Errorf("Analysis depth %d, want a search %v", a.Depth, tt.searched)
			}
			m := loadJudge(t, string(input))
			for i, mv := range a.PV {
				if _, _, err := m.Play([]byte(mv+"\n"), true); err != nil {
					t.Fatalf("PV %q: move %d %q is refused: %v", a.PV, i+1, mv, err)
				}
			}
		})
	}
}
