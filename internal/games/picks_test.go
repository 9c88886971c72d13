package games

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"gameagents/internal/render"
	"gameagents/internal/rules"
)

// pickedGames are the games a person can play on the web board: every game of All, as
// the referee starts it (ŠTREKY's first deal), and standard Hive.
func pickedGames(t *testing.T) []rules.Game {
	t.Helper()
	var out []rules.Game
	for _, g := range Judges {
		if d, ok := g.(rules.Dealt); ok {
			g, _ = d.Deal(0)
		}
		out = append(out, g)
	}
	base, err := Judges[2].(rules.Configurable).Configure("rules=base")
	if err != nil {
		t.Fatal(err)
	}
	return append(out, base)
}

// TestPicks plays seeded random games of every game by its picks (render.Picker), as the
// web board's person does, checking at every ply that the side to move has picks exactly
// when it has a move, that no two picks play the same output or take the same steps, that
// every step on the board lies on the picture, and, every few plies, that every pick's
// output is a legal move on a copy of the game replayed from its start (some of them: each
// check replays the game).
func TestPicks(t *testing.T) {
	for _, g := range pickedGames(t) {
		t.Run(g.Name(), func(t *testing.T) {
			for seed := range uint64(3) {
				playByPicks(t, g, seed)
			}
		})
	}
}

func playByPicks(t *testing.T, g rules.Game, seed uint64) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 28))
	m := g.New(0)
	var played []string
	for ply := 0; ply < 300; ply++ {
		if over, _, _ := m.Over(); over {
			return
		}
		picks := m.(render.Picker).Picks()
		scene := m.(render.Drawer).Scene()
		if has := m.HasMove(); has != (len(picks) > 0) {
			t.Fatalf("seed %d ply %d: HasMove() = %v with %d picks", seed, ply, has, len(picks))
		}
		if len(picks) == 0 {
			return
		}
		checkPicks(t, picks, scene)
		if ply%10 == 0 && ply <= 60 {
			// Each check replays the game: a dozen picks spread over the list will do.
			for i := 0; i < len(picks); i += max(1, len(picks)/12) {
				p := picks[i]
				c := replay(t, g, played)
				if _, _, err := c.Play([]byte(p.Output), true); err != nil {
					t.Fatalf("seed %d ply %d: pick %q (steps %v) is refused: %v", seed, ply, p.Output, p.Steps, err)
				}
			}
		}
		p := picks[rng.IntN(len(picks))]
		move, _, err := m.Play([]byte(p.Output), true)
		if err != nil {
			t.Fatalf("seed %d ply %d: pick %q is refused: %v", seed, ply, p.Output, err)
		}
		played = append(played, move)
	}
}

// checkPicks checks one position's picks against each other and the picture.
func checkPicks(t *testing.T, picks []render.Pick, scene render.Scene) {
	t.Helper()
	outputs, steps := map[string]bool{}, map[string]string{}
	for _, p := range picks {
		if outputs[p.Output] {
			t.Fatalf("two picks play %q", p.Output)
		}
		outputs[p.Output] = true
		if len(p.Steps) == 0 {
			t.Fatalf("pick %q has no steps", p.Output)
		}
		for _, s := range p.Steps {
			if s.Label == "" {
				t.Errorf("pick %q: a step without a label: %v", p.Output, p.Steps)
			}
			if s.On && (s.X < 0 || s.Y < 0 || s.X >= scene.Width || s.Y >= scene.Height) {
				t.Errorf("pick %q: step %v off the %d×%d picture", p.Output, s, scene.Width, scene.Height)
			}
		}
		key := fmt.Sprint(p.Steps)
		if q, ok := steps[key]; ok {
			t.Fatalf("picks %q and %q take the same steps %v", p.Output, q, p.Steps)
		}
		steps[key] = p.Output
	}
}

// replay returns a fresh match of g with the logged moves played.
func replay(t *testing.T, g rules.Game, moves []string) rules.Match {
	t.Helper()
	m := g.New(0)
	for i, mv := range moves {
		if _, _, err := m.Play(rules.OutputOf(g, mv), true); err != nil {
			t.Fatalf("replaying move %d %q: %v", i+1, mv, err)
		}
	}
	return m
}
