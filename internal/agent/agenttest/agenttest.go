// Package agenttest plays a game's samples through the engine modes' Thinker, in process, for
// the games' tests of what their searches report (agent.Analysis). Tests import it; no binary
// links it.
package agenttest

import (
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"testing"

	"gameagents/internal/agent"
	"gameagents/internal/clock"
	"gameagents/internal/gamefile"
)

// Sample plays samples/<game>/<sample> (the repository two levels above the test's
// package) with a clock that never moves, so that the node budget alone ends the search as
// on an idle machine, and wants the move to be the sample's output.txt: reporting the
// analysis changes nothing the agent writes. It returns the sample's input.txt, the move's
// lines and what the search reported. The Thinker pins the runtime to one thread, as an
// agent process does; that is undone when t ends.
func Sample(t *testing.T, game agent.Game, sample string) (input []byte, lines []string, a agent.Analysis) {
	t.Helper()
	procs, gc := runtime.GOMAXPROCS(0), debug.SetGCPercent(100)
	debug.SetGCPercent(gc)
	t.Cleanup(func() {
		runtime.GOMAXPROCS(procs)
		debug.SetGCPercent(gc)
	})
	dir := filepath.Join("..", "..", "samples", game.Name(), sample)
	input, err := os.ReadFile(filepath.Join(dir, "input.txt"))
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join(dir, "output.txt"))
	if err != nil {
		t.Fatal(err)
	}
	lines, a, err = agent.NewThinker(game, agent.Options{Dir: dir, Clock: &clock.Fake{}}).Move(input, 0)
	if err != nil {
		t.Fatalf("Move: %v", err)
	}
	t.Logf("%q: %+v", lines, a)
	if got := string(gamefile.JoinLines(lines)); got != string(want) {
		t.Errorf("Move = %q, want the sample's %q", got, want)
	}
	return input, lines, a
}
