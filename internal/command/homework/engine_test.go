package homework

import (
	"context"
	"os"
	"regexp"
	"slices"
	"testing"

	"gameagents/internal/gamefile"
	"gameagents/internal/referee"
	"gameagents/internal/reversi"
)

// TestGTPEngineSameMoves plays a game of Reversi between the engine in its GTP mode and the
// engine as a file agent, and the same game between two file agents: at the same budget
// (SINGLE 0.2 s, the GTP engine's -move-time, the referee sending no time), every move is
// the same, because both plan and search each move alike (agent.Thinker).
func TestGTPEngineSameMoves(t *testing.T) {
	if testing.Short() {
		t.Skip("plays two games of Reversi")
	}
	bin, err := homeworkBinary()
	if err != nil {
		t.Fatal(err)
	}
	file := referee.Agent{Name: "file", Command: bin + " play"}
	gtp := referee.Agent{Name: "gtp", Command: "gtp:" + bin + " play gtp -move-time 0.2"}
	var moves [2][]string
	for i, agents := range [][2]referee.Agent{{gtp, file}, {file, {Name: "file2", Command: bin + " play"}}} {
		cfg := referee.Config{
			Game: reversi.Game{}, Games: 1, Mode: gamefile.Single, Seconds: 0.2, MaxPlies: 200, Parallel: 1,
			Agents: agents, Out: t.TempDir(), Grace: referee.DefaultGrace, GTPUntimed: true, Kinds: agentKinds,
		}
		r, err := referee.PlayGame(context.Background(), &cfg, 1, &referee.Recorder{})
		if err != nil {
			t.Fatal(err)
		}
		if r.Ending != referee.EndWin && r.Ending != referee.EndDraw {
			t.Fatalf("game %d ended %s: %s", i+1, r.Ending, r.Reason)
		}
		record, err := os.ReadFile(referee.RecordPath(&cfg, 1))
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range recordMove.FindAllStringSubmatch(string(record), -1) {
			moves[i] = append(moves[i], m[1])
		}
		if len(moves[i]) != r.Plies || r.Plies < 50 {
			t.Fatalf("game %d: %d moves read of %d plies:\n%s", i+1, len(moves[i]), r.Plies, record)
		}
	}
	if !slices.Equal(moves[0], moves[1]) {
		t.Errorf("GTP engine against the file agent played\n%v\nthe file agents\n%v", moves[0], moves[1])
	}
}

// recordMove finds the moves of a referee record's plies.
var recordMove = regexp.MustCompile(`(?m)^ply \d+: .* plays (\S+) cpu `)
