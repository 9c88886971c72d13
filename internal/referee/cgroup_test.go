package referee_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gameagents/internal/cgroup"
	"gameagents/internal/rules"
)

// hider writes its move from a child that searches about a second of CPU and then spins for
// ever, while the agent's own process only waits (sleeping) for the move and exits without
// reaping the child: the rusage of the processes waited for sees almost nothing of it.
const hider = `( i=0; while [ $i -lt 1000000 ]; do i=$((i+1)); done; printf '1\n' > output.txt; while :; do :; done ) & ` +
	`while [ ! -s output.txt ]; do sleep 0.05; done; exit 0`

// TestHiddenCPUCharged: with control groups, every CPU second of a move's processes is
// charged, waited for or not, so the hider loses on time at SINGLE 0.3 s, its spinning child
// is ended with the move, and the record says how the time was measured.
func TestHiddenCPUCharged(t *testing.T) {
	if _, err := cgroup.Detect(); err != nil {
		t.Skipf("no usable control groups here (%v): the referee charges the processes it waits for", err)
	}
	games := []rules.Game{countGame{target: 5}}
	out, _ := runMain(t, games, "-a", hider, "-b", plays1, "-games", "1", "-single", "0.3")
	rows := readSummary(t, out)
	if len(rows) != 1 || rows[0]["winner"] != "B" || rows[0]["kind"] != "time" {
		t.Fatalf("summary %v, want B winning on time", rows)
	}
	record, err := os.ReadFile(filepath.Join(out, "game-01.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(record), "charged: user+sys CPU time of every process of the move, ended or not (cgroup v2") {
		t.Errorf("record:\n%s\nwant the accounting named", record)
	}
	// The spinning child ended with the move.
	procs, _ := filepath.Glob("/proc/[0-9]*/cmdline")
	for _, p := range procs {
		if cmd, _ := os.ReadFile(p); strings.Contains(string(cmd), "while :; do :; done") {
			t.Errorf("%s still runs: %q", p, cmd)
		}
	}
}

// TestMoveInItsGroups: a move's processes are in its control group (version 2) and in its
// capped memory and pids groups (version 1), where the machine has them.
func TestMoveInItsGroups(t *testing.T) {
	if _, err := cgroup.Host(); err != nil {
		t.Skipf("no usable control groups here: %v", err)
	}
	games := []rules.Game{countGame{target: 1}}
	out, _ := runMain(t, games, "-a", "cat /proc/self/cgroup > cg.txt; "+plays1, "-b", plays1, "-games", "1", "-single", "5", "-first", "a")
	cg, err := os.ReadFile(filepath.Join(out, "game-01", "agent-A", "cg.txt"))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{":"} // the version 2 line, "0::/path"
	if _, err := cgroup.HostLimits(); err == nil {
		want = append(want, "memory:", "pids:")
	}
	for _, w := range want {
		found := false
		for _, line := range strings.Split(string(cg), "\n") {
			if _, rest, ok := strings.Cut(line, ":"); ok && strings.HasPrefix(rest, w) && strings.Contains(line, "/gameagents-") {
				found = true
			}
		}
		if !found {
			t.Errorf("the move's /proc/self/cgroup:\n%s\nwant a gameagents group for %q", cg, w)
		}
	}
}
