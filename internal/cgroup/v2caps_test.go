package cgroup

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// testParent makes an empty version 2 group below this process's own for one test, with a
// controller that the machine offers there, and removes it after. Where memory and pids are
// bound to version 1 (this project's test machine), hugetlb is often the one left to
// version 2; enableBelow treats every controller alike.
func testParent(t *testing.T) (dir, controller string) {
	h, err := detectV2()
	if err != nil {
		t.Skipf("no usable version 2 hierarchy: %v", err)
	}
	have, err := readWords(filepath.Join(h.parent, "cgroup.controllers"))
	if err != nil || len(have) == 0 {
		t.Skipf("no controller available in %s: %v", h.parent, err)
	}
	controller = have[0]
	if slices.Contains(have, "pids") {
		controller = "pids"
	}
	// The test's group gets the controller only if its parent enables it for its children.
	if err := os.WriteFile(filepath.Join(h.parent, "cgroup.subtree_control"), []byte("+"+controller), 0); err != nil {
		t.Skipf("cannot enable %s below %s: %v", controller, h.parent, err)
	}
	dir = filepath.Join(h.parent, fmt.Sprintf("capstest-%d-%s", os.Getpid(), strings.ReplaceAll(t.Name(), "/", "_")))
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { removeTree(t, dir) })
	return dir, controller
}

// removeTree removes a group and the groups below it, deepest first.
func removeTree(t *testing.T, dir string) {
	subs, _ := filepath.Glob(filepath.Join(dir, "*", "cgroup.procs"))
	for _, s := range subs {
		removeTree(t, filepath.Dir(s))
	}
	if err := os.Remove(dir); err != nil {
		t.Errorf("removing %s: %v", dir, err)
	}
}

// TestEnableBelow: a controller is enabled below an empty group; below a group that holds
// another process it is refused with the reason (that process is never moved); a group
// holding this process alone gets it after this process moves into a leaf below, which
// ownParent maps back to the group; a controller the machine lacks is named.
func TestEnableBelow(t *testing.T) {
	t.Run("empty", func(t *testing.T) {
		dir, c := testParent(t)
		if err := enableBelow(dir, []string{c}); err != nil {
			t.Fatal(err)
		}
		if on, _ := readWords(filepath.Join(dir, "cgroup.subtree_control")); !slices.Contains(on, c) {
			t.Errorf("subtree_control %q, want %s", on, c)
		}
		if err := enableBelow(dir, []string{c}); err != nil {
			t.Errorf("enabled once more: %v", err)
		}
	})
	t.Run("another process inside", func(t *testing.T) {
		dir, c := testParent(t)
		sleeper := exec.Command("sleep", "30")
		if err := sleeper.Start(); err != nil {
			t.Fatal(err)
		}
		defer sleeper.Wait()         //nolint:errcheck // killed
		defer sleeper.Process.Kill() //nolint:errcheck // ends the test's process
		if err := os.WriteFile(filepath.Join(dir, "cgroup.procs"), []byte(strconv.Itoa(sleeper.Process.Pid)), 0); err != nil {
			t.Fatal(err)
		}
		err := enableBelow(dir, []string{c})
		if err == nil || !strings.Contains(err.Error(), "holds other processes") {
			t.Fatalf("enableBelow = %v, want it refused for the other process", err)
		}
		if procs, _ := readWords(filepath.Join(dir, "cgroup.procs")); !slices.Contains(procs, strconv.Itoa(sleeper.Process.Pid)) {
			t.Errorf("cgroup.procs %q: the other process was moved", procs)
		}
		sleeper.Process.Kill() //nolint:errcheck // before the group's removal
		sleeper.Wait()         //nolint:errcheck // killed
	})
	t.Run("this process alone", func(t *testing.T) {
		dir, c := testParent(t)
		home, err := ownPath()
		if err != nil {
			t.Fatal(err)
		}
		mount, _, _ := cgroupMounts()
		self := []byte(strconv.Itoa(os.Getpid()))
		if err := os.WriteFile(filepath.Join(dir, "cgroup.procs"), self, 0); err != nil {
			t.Skipf("cannot move this process: %v", err)
		}
		defer func() {
			if err := os.WriteFile(filepath.Join(mount, home, "cgroup.procs"), self, 0); err != nil {
				t.Errorf("moving back: %v", err)
			}
		}()
		if err := enableBelow(dir, []string{c}); err != nil {
			t.Fatal(err)
		}
		own, _ := ownPath()
		if filepath.Join(mount, own) != filepath.Join(dir, refereeLeaf(os.Getpid())) {
			t.Errorf("this process is in %s, want the leaf below %s", own, dir)
		}
		if got := filepath.Join(mount, ownParent(own)); got != dir {
			t.Errorf("ownParent(%s) = %s, want %s", own, got, dir)
		}
	})
	t.Run("missing controller", func(t *testing.T) {
		dir, _ := testParent(t)
		err := enableBelow(dir, []string{"nonesuch"})
		if err == nil || !strings.Contains(err.Error(), "nonesuch controller is not available") {
			t.Errorf("enableBelow = %v, want the controller named", err)
		}
	})
}

// TestGroupCap: where version 2 has memory and pids, a capped group refuses a fork over
// its process cap; where it has not, Cap says why, and OOMKills is 0.
func TestGroupCap(t *testing.T) {
	h, err := detectV2()
	if err != nil {
		t.Skipf("no usable version 2 hierarchy: %v", err)
	}
	g, err := h.New()
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	if err := g.Cap(1<<30, 4); err != nil {
		if h.capsProblem == nil || !strings.Contains(err.Error(), "no version 2 memory and pids caps") {
			t.Fatalf("Cap = %v with the hierarchy's problem %v", err, h.capsProblem)
		}
		if g.OOMKills() != 0 {
			t.Errorf("OOMKills of an uncapped group = %d", g.OOMKills())
		}
		t.Skipf("this machine cannot cap in version 2: %v", err)
	}
	// Eight background sleeps from one shell: at most four processes in the group.
	cmd := exec.Command("sh", "-c", "for i in 1 2 3 4 5 6 7 8; do sleep 5 & done; wait")
	if err := Start(cmd, g, nil); err != nil {
		t.Fatal(err)
	}
	defer cmd.Wait() //nolint:errcheck // killed by Close
	events := ""
	for range 100 {
		data, _ := os.ReadFile(filepath.Join(g.dir, "pids.events"))
		if events = string(data); strings.Contains(events, "max ") && !strings.Contains(events, "max 0") {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	if !strings.Contains(events, "max ") || strings.Contains(events, "max 0") {
		t.Errorf("pids.events %q: want forks refused at the cap", events)
	}
}

// TestCounter: a key's value in a control file of "key value" lines, version 1's
// memory.oom_control and version 2's memory.events alike; 0 for a missing key or file.
func TestCounter(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"memory.oom_control": "oom_kill_disable 0\nunder_oom 0\noom_kill 3\n",
		"memory.events":      "low 0\nhigh 0\nmax 7\noom 2\noom_kill 2\noom_group_kill 0\n",
	}
	for name, text := range files {
		os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644)
	}
	tests := []struct {
		file, key string
		want      int
	}{
		{"memory.oom_control", "oom_kill", 3},
		{"memory.events", "oom_kill", 2},
		{"memory.events", "max", 7},
		{"memory.events", "nonesuch", 0},
		{"missing", "oom_kill", 0},
	}
	for _, tt := range tests {
		if got := counter(filepath.Join(dir, tt.file), tt.key); got != tt.want {
			t.Errorf("counter(%s, %s) = %d, want %d", tt.file, tt.key, got, tt.want)
		}
	}
}
