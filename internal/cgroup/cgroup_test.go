package cgroup

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestGroupChargesAndEndsOrphans: a process that leaves a spinning child behind, unreaped,
// has the child's CPU time in its group's usage, and Kill ends it; Close removes the group.
func TestGroupChargesAndEndsOrphans(t *testing.T) {
	h, err := Detect()
	if err != nil {
		t.Skipf("no usable control groups here: %v", err)
	}
	g, err := h.New()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("/bin/sh", "-c", "(while :; do :; done) & sleep 0.3; exit 0")
	cmd.SysProcAttr = &syscall.SysProcAttr{}
	g.Enter(cmd.SysProcAttr)
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	total, user, err := g.Usage()
	if err != nil || total < 50*time.Millisecond || user > total {
		t.Errorf("usage after the parent ended: %v total, %v user, %v; want the child's spinning (50 ms at least)", total, user, err)
	}
	if err := g.Kill(); err != nil {
		t.Fatal(err)
	}
	after, _, _ := g.Usage()
	time.Sleep(50 * time.Millisecond)
	if later, _, _ := g.Usage(); later != after {
		t.Errorf("usage grew from %v to %v after the kill", after, later)
	}
	if err := g.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(g.dir); !os.IsNotExist(err) {
		t.Errorf("the group %s is still there: %v", filepath.Base(g.dir), err)
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
