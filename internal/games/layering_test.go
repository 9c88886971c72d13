package games

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// matchRunner are the packages that run matches and draw them: a game binary, which a
// grader runs for one move, links none of them.
var matchRunner = []string{
	"gameagents/internal/referee",
	"gameagents/internal/sandbox",
	"gameagents/internal/tournament",
	"gameagents/internal/replay",
	"gameagents/internal/render/raster",
	"gameagents/internal/course",
	"gameagents/internal/cgroup",
}

// deps lists the project's packages that pkg depends on (go list -deps), pkg included.
func deps(t *testing.T, pkg string) []string {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("no go command to list dependencies with: %v", err)
	}
	out, err := exec.Command(goTool, "list", "-deps", pkg).Output()
	if err != nil {
		t.Fatalf("go list -deps %s: %v", pkg, err)
	}
	var own []string
	for _, p := range strings.Fields(string(out)) {
		if strings.HasPrefix(p, "gameagents/") {
			own = append(own, p)
		}
	}
	return own
}

// TestLayering: the game contract (internal/rules) is a leaf below the games, and each
// game's binary links its own game and none of the match runner, nor another game.
func TestLayering(t *testing.T) {
	if got := deps(t, "gameagents/internal/rules"); !slices.Equal(got, []string{"gameagents/internal/gamefile", "gameagents/internal/rules"}) {
		t.Errorf("internal/rules depends on %q, want gamefile alone", got)
	}
	var names []string
	for _, g := range All {
		names = append(names, g.Name())
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			got := deps(t, "gameagents/"+name)
			for _, p := range got {
				if slices.Contains(matchRunner, p) {
					t.Errorf("the %s binary links %s", name, p)
				}
				for _, other := range names {
					if other != name && p == "gameagents/internal/"+other {
						t.Errorf("the %s binary links another game, %s", name, p)
					}
				}
			}
			if !slices.Contains(got, "gameagents/internal/"+name) {
				t.Errorf("the %s binary does not link its game: %q", name, got)
			}
		})
	}
	t.Run("calibrate", func(t *testing.T) {
		for _, p := range deps(t, "gameagents/calibrate") {
			if slices.Contains(matchRunner, p) {
				t.Errorf("calibrate links %s", p)
			}
		}
	})
}
