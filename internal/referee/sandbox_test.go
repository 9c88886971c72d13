package referee_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"gameagents/internal/referee"
	"gameagents/internal/rules"
	"gameagents/internal/sandbox"
)

// TestHostileAgents: file-protocol agents that attack the opponent, the records and the
// referee itself play whole games with -sandbox on, moving legally after each attack: the
// games are judged to their end, the attacks find nothing and change nothing, and nothing
// they start outlives their moves.
func TestHostileAgents(t *testing.T) {
	if err := sandbox.Check(); err != nil {
		t.Skipf("the sandbox cannot run here, so the hostile agents are not played: %v", err)
	}
	victim := filepath.Join(t.TempDir(), "victim.txt")
	if err := os.WriteFile(victim, []byte("the referee's\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		attack string // a shell command (without the words it writes: records quote it); the agent then plays 1
		marker string // in the command line of processes it leaves, if any
	}{
		{"reads the opponent and the records", "cat ../agent-B/input.txt ../../game-01.txt ../../summary.tsv >> stolen.txt 2>&1", ""},
		{"writes the records and the opponent", "w=for; for f in ../../game-01.txt ../../summary.tsv ../../planted.txt ../agent-B/output.txt; do echo ${w}ged >> $f; done", ""},
		{"links input.txt to a file of the referee's", "rm -f input.txt; ln -s " + victim + " input.txt", ""},
		{"leaves a child running", "(setsid sleep 31337.5 > /dev/null 2>&1 &)", "31337.5"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			hostile := tt.attack + "; " + plays1
			out, _ := runMain(t, []rules.Game{countGame{target: 8}}, "-a", hostile, "-b", plays1,
				"-name-a", "hostile", "-name-b", "plain", "-games", "2", "-single", "1", "-sandbox", "on")
			for _, r := range readSummary(t, out) {
				if r["kind"] != string(referee.EndWin) {
					t.Errorf("game %s ended %s: %s; want it played out", r["game"], r["kind"], r["reason"])
				}
			}
			for _, game := range []string{"game-01", "game-02"} {
				stolen, err := os.ReadFile(filepath.Join(out, game, "agent-A", "stolen.txt"))
				if err == nil && (strings.Contains(string(stolen), "COUNT") || strings.Contains(string(stolen), "hostile")) {
					t.Errorf("%s: the hostile agent read the opponent's input or a record:\n%s", game, stolen)
				}
			}
			if err := filepath.WalkDir(out, func(path string, d os.DirEntry, err error) error {
				if err != nil || d.IsDir() || strings.Contains(path, "agent-A") {
					return err
				}
				if data, err := os.ReadFile(path); err != nil || strings.Contains(string(data), "forged") {
					t.Errorf("%s holds what the hostile agent wrote (%v)", path, err)
				}
				return nil
			}); err != nil {
				t.Fatal(err)
			}
			if _, err := os.Stat(filepath.Join(out, "planted.txt")); err == nil {
				t.Errorf("planted.txt is in the records folder")
			}
			if got := readFile(t, victim); got != "the referee's\n" {
				t.Errorf("victim.txt = %q after the match, want it unchanged", got)
			}
			if tt.marker != "" {
				if pids := sandbox.ProcessesWith(tt.marker); len(pids) > 0 {
					for _, pid := range pids {
						syscall.Kill(pid, syscall.SIGKILL)
					}
					t.Errorf("%d processes with %q outlive the moves (pids %v); want none", len(pids), tt.marker, pids)
				}
			}
		})
	}
}

// TestSandboxCharges: an agent that burns 0.2 s of CPU time at each move is charged at
// least that, in the sandbox and out of it (the box's own time, left out, never eats the
// agent's), and in the sandbox not the box's 10 ms start-up on top of what it is charged
// outside, give or take the few milliseconds a move's start-up varies by.
func TestSandboxCharges(t *testing.T) {
	if err := sandbox.Check(); err != nil {
		t.Skipf("the sandbox cannot run here: %v", err)
	}
	const burn = 0.2
	charged := map[string]float64{}
	for _, mode := range []string{"off", "on"} {
		out, _ := runMain(t, []rules.Game{countGame{target: 3}}, "-a", agent(t, fmt.Sprintf("burn:%g", burn)), "-b", plays1,
			"-games", "1", "-first", "a", "-single", "5", "-sandbox", mode)
		r := readSummary(t, out)[0]
		cpu, err := strconv.ParseFloat(r["cpu_a"], 64)
		if err != nil {
			t.Fatalf("-sandbox %s: cpu_a %q: %v", mode, r["cpu_a"], err)
		}
		moves := 2.0 // plies 1 and 3 of a game to 3, counting by ones
		if cpu < moves*burn {
			t.Errorf("-sandbox %s: agent A charged %.4f s for %g moves of %g s, want at least %g", mode, cpu, moves, burn, moves*burn)
		}
		charged[mode] = cpu / moves
	}
	if d := charged["on"] - charged["off"]; d > 0.005 {
		t.Errorf("a move in the sandbox is charged %.4f s, out of it %.4f s: %.1f ms more, want the box's start-up left out", charged["on"], charged["off"], d*1000)
	}
}
