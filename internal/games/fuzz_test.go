package games

import (
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"testing"

	"gameagents/internal/agent"
	"gameagents/internal/clock"
	"gameagents/internal/fuzzcheck"
	"gameagents/internal/gamefile"
)

// Sentinels: what output.txt and playdata.txt hold before the move.
const (
	sentinelOutput   = "sentinel output\n"
	sentinelPlaydata = "sentinel playdata\n"
)

// FuzzRunLeavesDirectory: any bytes as input.txt, in a directory that already holds an
// output.txt and a playdata.txt, make agent.Run (every game, the random players) exit 0 or
// 2, and leave no file but those three. Exit 2 leaves output.txt and playdata.txt as they
// were. Exit 0 leaves in output.txt a move the judge of the recognised game accepts
// (strictly): exactly the game's own no-move answer when the judge counts the side to move
// as having none, which includes a game already decided (HasMove false).
func FuzzRunLeavesDirectory(f *testing.F) {
	for _, g := range Judges {
		fuzzcheck.SeedInputs(f, g.Name())
	}
	f.Add([]byte{})
	f.Add([]byte("SINGLE\nBLACK\n1\n"))
	f.Add([]byte("SINGLE\nLOWER\n1\nHIVE\n"))
	f.Add([]byte("SINGLE\nFIRST\n1\nquoridor 3 3\n"))
	f.Add([]byte("SINGLE\nFIRST\n1\nSTREKY\t1 1\nSCORE 0 0\nBOARD\n.\nHAND 0\nOPPONENT 0\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := t.TempDir()
		write(t, dir, "input.txt", data)
		write(t, dir, "output.txt", []byte(sentinelOutput))
		write(t, dir, "playdata.txt", []byte(sentinelPlaydata))
		code := run(dir)
		if files := names(t, dir); !slices.Equal(files, []string{"input.txt", "output.txt", "playdata.txt"}) {
			t.Errorf("exit %d left %v, want input.txt, output.txt, playdata.txt", code, files)
		}
		output := read(t, dir, "output.txt")
		switch code {
		case agent.ExitBadInput:
			if string(output) != sentinelOutput || string(read(t, dir, "playdata.txt")) != sentinelPlaydata {
				t.Errorf("exit 2 changed output.txt to %q or playdata.txt to %q", output, read(t, dir, "playdata.txt"))
			}
		case agent.ExitOK:
			checkMove(t, data, output)
		default:
			t.Errorf("agent.Run exit %d, want 0 or 2", code)
		}
	})
}

// run plays one move in dir as `homework -player random` does, on a clock that stands
// still (the fuzzing process has used far more CPU than any move's plan), and restores
// what agent.Run changes in the process for a long move.
func run(dir string) int {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	return agent.Run(Agents, agent.Options{Player: "random", Dir: dir, Log: io.Discard, Clock: &clock.Fake{}})
}

// checkMove checks the output.txt of a move that exited 0 against the judge of the game
// that recognises input.
func checkMove(t *testing.T, input, output []byte) {
	t.Helper()
	g, err := gamefile.Pick("input.txt", Judges, gamefile.SplitLines(string(input)))
	if err != nil {
		t.Fatalf("exit 0, but no game recognises the input: %v", err)
	}
	m, err := g.Load(gamefile.SplitLines(string(input)))
	if err != nil {
		t.Fatalf("%s: exit 0, but the judge's Load says %v", g.Name(), err)
	}
	switch {
	case !m.HasMove():
		if want := string(gamefile.JoinLines([]string{m.NoMove()})); m.NoMove() == "" && len(output) != 0 || m.NoMove() != "" && string(output) != want {
			t.Errorf("%s: output.txt %q with no legal move, want the game's no-move answer %q", g.Name(), output, m.NoMove())
		}
	default:
		if _, _, err := m.Play(output, true); err != nil {
			t.Errorf("%s: output.txt %q: %v", g.Name(), output, err)
		}
	}
}

func write(t *testing.T, dir, name string, data []byte) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func read(t *testing.T, dir, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// names lists dir's files, sorted.
func names(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	for _, e := range entries {
		files = append(files, e.Name())
	}
	return files
}
