package games

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"gameagents/internal/render"
)

// TestEveryGameComplete is docs/architecture.md's checklist for adding a game, each step
// checked for every game of All: a thin main of its own name, samples, a page in docs/,
// the reference players, a calibration that searches, and a
// picture of its positions. (Registering it in All is the step that brings it here; the
// layering test checks what its binary links, and internal/contract's README test that the
// README's layout lists its package.)
func TestEveryGameComplete(t *testing.T) {
	for _, g := range All {
		name := g.Name()
		t.Run(name, func(t *testing.T) {
			for _, path := range []string{
				filepath.Join(name, "main.go"),
				filepath.Join("docs", name+".md"),
			} {
				if _, err := os.Stat(filepath.Join("..", "..", path)); err != nil {
					t.Errorf("no %s: %v", path, err)
				}
			}
			cases, _ := filepath.Glob(filepath.Join("..", "..", "samples", name, "*", "input.txt"))
			if len(cases) == 0 {
				t.Errorf("no samples/%s/*/input.txt", name)
			}
			for _, p := range []string{"engine", "random", "greedy"} {
				if !slices.Contains(g.Players(), p) {
					t.Errorf("Players() = %q, want %q among them", g.Players(), p)
				}
			}
			if n := g.Calibrate(2000); n < 2000 {
				t.Errorf("Calibrate(2000) searched %d nodes", n)
			}
			if _, ok := g.New(0).(render.Drawer); !ok {
				t.Errorf("its Match draws no picture (render.Drawer)")
			}
		})
	}
}
