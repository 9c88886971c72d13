package course_test

import (
	"context"
	"io"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"gameagents/internal/course"
	"gameagents/internal/gamefile"
	"gameagents/internal/referee"
	"gameagents/internal/reversi"
	"gameagents/internal/sandbox"
)

// TestHostilePlayers: course players that attack the machine (testdata/players/hostile)
// play referee matches in the sandbox against a random player: each attack fails (the
// player's log says "contained:", no record says ESCAPED), the games are judged to their
// end, nothing the player started outlives its game, and the records folder holds only
// the referee's files, unchanged by the player.
func TestHostilePlayers(t *testing.T) {
	requirePython(t)
	if err := sandbox.Check(); err != nil {
		t.Skipf("the sandbox cannot run here, so the hostile players are not played: %v", err)
	}
	players := copyPlayers(t, "hostile", "reversi")
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	connected := make(chan struct{}, 16)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			c.Close()
			connected <- struct{}{}
		}
	}()
	port := strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)
	if err := os.WriteFile(filepath.Join(players, "hostile", "port.txt"), []byte(port), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		file   string
		marker string // in the command line of the processes it leaves, if any
	}{
		{"reader.py", ""},
		{"writer.py", ""},
		{"forkbomb.py", "31337.3"},
		{"hog.py", ""},
		{"connect.py", ""},
		{"orphan.py", "31337.4"},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			out := t.TempDir()
			canary := filepath.Join(out, "canary.txt")
			if err := os.WriteFile(canary, []byte("the referee's\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			cfg := referee.Config{
				Kinds: referee.AgentKinds{course.PlayerKind},
				Game:  reversi.Game{},
				Agents: [2]referee.Agent{
					{Name: "hostile", Command: "course:" + filepath.Join(players, "hostile", tt.file) + " limit=20"},
					{Name: "random", Command: "course:" + filepath.Join(players, "reversi", "randomplayer.py") + " limit=20"},
				},
				Games: 2, Mode: gamefile.Single, Seconds: 1, MaxPlies: 200, Parallel: 1,
				Grace: referee.DefaultGrace, Out: out, Sandbox: sandbox.On,
			}
			results, err := referee.Run(context.Background(), cfg, io.Discard)
			if err != nil {
				t.Fatalf("Run = %v", err)
			}
			if len(results) != 2 {
				t.Fatalf("Run played %d games, want 2", len(results))
			}
			for _, r := range results {
				if strings.Contains(r.Reason, "ESCAPED") || r.Ending == referee.EndBad || r.Ending == referee.EndTime {
					t.Errorf("game %d ended %s: %s; want the attack contained and the game played out", r.Game, r.Ending, r.Reason)
				}
				log := readText(t, filepath.Join(out, "game-0"+strconv.Itoa(r.Game), "agent-A.log"))
				if !strings.Contains(log, "contained:") {
					t.Errorf("game %d: the hostile player's log does not say its attack was contained:\n%s", r.Game, log)
				}
			}
			if tt.marker != "" {
				if pids := sandbox.ProcessesWith(tt.marker); len(pids) > 0 {
					for _, pid := range pids {
						syscall.Kill(pid, syscall.SIGKILL)
					}
					t.Errorf("%d processes with %q outlive the games (pids %v); want none", len(pids), tt.marker, pids)
				}
			}
			if got := readText(t, canary); got != "the referee's\n" {
				t.Errorf("canary.txt = %q after the match, want it unchanged", got)
			}
			checkRecords(t, out)
		})
	}
	select {
	case <-connected:
		t.Errorf("the listener on port %s accepted a connection from a player", port)
	case <-time.After(100 * time.Millisecond):
	}
}

// checkRecords fails unless out holds only the referee's files, none with "forged" in it.
func checkRecords(t *testing.T, out string) {
	t.Helper()
	want := map[string]bool{"canary.txt": true, "game-01": true, "game-01.txt": true, "game-02": true, "game-02.txt": true, "summary.tsv": true,
		"game-01.ggf": true, "game-02.ggf": true} // Reversi's games also as GGF
	entries, err := os.ReadDir(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !want[e.Name()] {
			t.Errorf("%s is in the records folder; want only the referee's files", e.Name())
		}
		if !e.IsDir() && strings.Contains(readText(t, filepath.Join(out, e.Name())), "forged") {
			t.Errorf("%s holds what the player wrote", e.Name())
		}
	}
}

// copyPlayers copies testdata/players/<dir> for each dir into a fresh directory readable
// by others (a root referee's sandbox runs as nobody), and returns it.
func copyPlayers(t *testing.T, dirs ...string) string {
	t.Helper()
	root := t.TempDir()
	if err := os.Chmod(root, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, d := range dirs {
		if err := os.CopyFS(filepath.Join(root, d), os.DirFS(filepath.Join("testdata", "players", d))); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func readText(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
