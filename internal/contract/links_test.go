package contract

import (
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// gamePackages are the packages of the games, named as their binaries.
var gamePackages = []string{"halma", "reversi", "hive", "quoridor", "streky"}

// TestGameBinariesLinkOnlyTheirGame: each game's binary imports no other game's package.
// Every package linked runs its initialisation at start-up, which a SINGLE 0.01 s move
// cannot afford (RESULTS.md, Halma, Time: Reversi's tables alone took 1.4 ms).
func TestGameBinariesLinkOnlyTheirGame(t *testing.T) {
	for _, game := range gamePackages {
		cmd := exec.Command("go", "list", "-deps", "./"+game)
		cmd.Dir = repoRoot
		cmd.Env = append(os.Environ(), "GOPROXY=off")
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("go list -deps ./%s: %v", game, err)
		}
		deps := strings.Fields(string(out))
		if !slices.Contains(deps, "gameagents/internal/"+game) {
			t.Errorf("%s's binary does not link gameagents/internal/%s: %q", game, game, deps)
		}
		for _, other := range gamePackages {
			if other != game && slices.Contains(deps, "gameagents/internal/"+other) {
				t.Errorf("%s's binary links gameagents/internal/%s", game, other)
			}
		}
	}
}
