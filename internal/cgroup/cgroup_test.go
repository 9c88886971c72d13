package cgroup

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// hierarchies are the ones this machine offers, by version: version 2 and the version 1
// cpuacct and freezer controllers, each tested where it works.
func hierarchies(t *testing.T) map[string]*Hierarchy {
	found := map[string]*Hierarchy{}
	if h, err := detectV2(); err == nil {
		found["v2"] = h
	} else {
		t.Logf("version 2: %v", err)
	}
	if h, err := detectV1(); err == nil {
		found["v1"] = h
	} else {
		t.Logf("version 1: %v", err)
	}
	if len(found) == 0 {
		t.Skip("no usable control groups here")
	}
	return found
}

// TestGroupChargesAndEndsOrphans: a process that leaves a spinning child behind, unreaped,
// has the child's CPU time in its group's usage, and Kill ends it; the group takes new
// processes after; Close removes it. Frozen, the group's processes use no CPU.
func TestGroupChargesAndEndsOrphans(t *testing.T) {
	for name, h := range hierarchies(t) {
		t.Run(name, func(t *testing.T) { testGroup(t, h) })
	}
}

func testGroup(t *testing.T, h *Hierarchy) {
	g, err := h.New()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("/bin/sh", "-c", "(while :; do :; done) & sleep 0.3; exit 0")
	if err := Start(cmd, g, nil); err != nil {
		t.Fatal(err)
	}
	if err := cmd.Wait(); err != nil {
		t.Fatal(err)
	}
	total, user, err := g.Usage()
	if err != nil || total < 50*time.Millisecond || user > total {
		t.Errorf("usage after the parent ended: %v total, %v user, %v; want the child's spinning (50 ms at least)", total, user, err)
	}
	if err := g.Kill(); err != nil {
		t.Fatal(err)
	}
	usageStill(t, g, 50*time.Millisecond, "after the kill")
	// A new process after the kill, frozen while it spins: its CPU time stands still.
	spin := exec.Command("/bin/sh", "-c", "while :; do :; done")
	if err := Start(spin, g, nil); err != nil {
		t.Fatalf("a process after the kill: %v", err)
	}
	time.Sleep(50 * time.Millisecond)
	if err := g.Freeze(); err != nil {
		t.Fatal(err)
	}
	usageStill(t, g, 100*time.Millisecond, "while frozen")
	if err := g.Close(); err != nil {
		t.Fatal(err)
	}
	spin.Wait()
	dirs := []string{g.dir}
	if g.v1 != nil {
		dirs = []string{g.v1.acct, g.v1.frz}
	}
	for _, dir := range dirs {
		if _, err := os.Stat(dir); !os.IsNotExist(err) {
			t.Errorf("the group %s is still there: %v", dir, err)
		}
	}
}

// TestStaleGroupsRemoved: a group left by a referee that is gone is removed, with what runs
// in it, when the next one starts; a live referee's group stays.
func TestStaleGroupsRemoved(t *testing.T) {
	h, err := Detect()
	if err != nil {
		t.Skipf("no usable control groups here: %v", err)
	}
	dead := exec.Command("true")
	if err := dead.Run(); err != nil {
		t.Fatal(err)
	}
	stale := filepath.Join(h.parent, fmt.Sprintf("gameagents-%d-1", dead.Process.Pid))
	if err := os.Mkdir(stale, 0o755); err != nil {
		t.Fatal(err)
	}
	live, err := h.New()
	if err != nil {
		t.Fatal(err)
	}
	defer live.Close()
	h.removeStale()
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Errorf("the stale group %s is still there: %v", stale, err)
	}
	if _, err := os.Stat(live.dir); err != nil {
		t.Errorf("the live group is gone: %v", err)
	}
}

// TestCappedGroup: a group's process cap holds for the processes in it together, and its
// memory cap has the kernel kill a process that exceeds it, which OutOfMemory then says.
func TestCappedGroup(t *testing.T) {
	l, err := DetectLimits()
	if err != nil {
		t.Skipf("no version 1 memory and pids controllers here: %v", err)
	}
	c, err := l.New(64<<20, 8)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	// 20 sleeping children in all, where 8 processes are allowed: some forks fail.
	forks := exec.Command("/bin/sh", "-c", `read go; for i in $(seq 20); do sleep 1 & done 2>/dev/null; wait`)
	stdin, _ := forks.StdinPipe()
	if err := Start(forks, nil, c); err != nil {
		t.Fatal(err)
	}
	stdin.Write([]byte("go\n"))
	stdin.Close()
	forks.Wait()
	if data, _ := os.ReadFile(filepath.Join(c.dirs[1], "pids.events")); !bytes.Contains(data, []byte("max ")) || bytes.Contains(data, []byte("max 0")) {
		t.Errorf("pids.events %q: want forks refused at the cap", data)
	}
	// 200 MB where 64 MiB are allowed: the kernel kills it.
	c, err = l.New(64<<20, 64)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	hog := exec.Command("/bin/sh", "-c", `read go; x=$(head -c 200000000 /dev/zero | tr '\0' a); echo ${#x}`)
	stdin, _ = hog.StdinPipe()
	if err := Start(hog, nil, c); err != nil {
		t.Fatal(err)
	}
	stdin.Write([]byte("go\n"))
	stdin.Close()
	hog.Wait()
	if c.OOMKills() == 0 {
		t.Error("OOMKills = 0 after a process in the group went over its 64 MiB")
	}
}

// usageStill checks that g's CPU time does not grow over pause (when says why it should not).
func usageStill(t *testing.T, g *Group, pause time.Duration, when string) {
	t.Helper()
	before, _, _ := g.Usage()
	time.Sleep(pause)
	if later, _, _ := g.Usage(); later != before {
		t.Errorf("usage grew from %v to %v %s", before, later, when)
	}
}

// TestStaleCappedGroupsRemoved: the version 1 memory and pids groups a killed referee left
// are removed by the next one's DetectLimits; a live referee's stay.
func TestStaleCappedGroupsRemoved(t *testing.T) {
	l, err := DetectLimits()
	if err != nil {
		t.Skipf("no version 1 memory and pids controllers here: %v", err)
	}
	dead := exec.Command("true")
	if err := dead.Run(); err != nil {
		t.Fatal(err)
	}
	var stale []string
	for _, parent := range []string{l.memory, l.pids} {
		dir := filepath.Join(parent, fmt.Sprintf("gameagents-%d-1", dead.Process.Pid))
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		stale = append(stale, dir)
	}
	live, err := l.New(1<<30, 16)
	if err != nil {
		t.Fatal(err)
	}
	defer live.Close()
	if _, err := DetectLimits(); err != nil {
		t.Fatal(err)
	}
	for _, dir := range stale {
		if _, err := os.Stat(dir); !os.IsNotExist(err) {
			t.Errorf("the stale group %s is still there: %v", dir, err)
			os.Remove(dir)
		}
	}
	for _, dir := range live.dirs {
		if _, err := os.Stat(dir); err != nil {
			t.Errorf("the live group is gone: %v", err)
		}
	}
}
