package cgroup

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// v1Pair is a group's (or the referee's own) directories in the version 1 cpuacct and
// freezer hierarchies: what charges its processes and what stops them.
type v1Pair struct {
	acct, frz string
}

// detectV1 is Detect for a machine whose cpuacct and freezer controllers are mounted as
// version 1 hierarchies.
func detectV1() (*Hierarchy, error) {
	dirs, err := ownV1Groups("cpuacct", "freezer")
	if err != nil {
		return nil, err
	}
	p := v1Pair{acct: dirs[0], frz: dirs[1]}
	h := &Hierarchy{v1: &p}
	g, err := h.New()
	if err != nil {
		return nil, fmt.Errorf("cannot make a control group below %s: %w", p.acct, err)
	}
	defer g.Close()
	if _, _, err := g.Usage(); err != nil {
		return nil, err
	}
	if err := probe(g); err != nil {
		return nil, fmt.Errorf("cannot start a process into a control group: %v", err)
	}
	return h, nil
}

// newV1 makes an empty group in the version 1 hierarchies.
func (h *Hierarchy) newV1() (*Group, error) {
	name := fmt.Sprintf("gameagents-%d-%d", os.Getpid(), seq.Add(1))
	g := &Group{v1: &v1Pair{filepath.Join(h.v1.acct, name), filepath.Join(h.v1.frz, name)}, v1Parents: h.v1}
	if err := os.Mkdir(g.v1.acct, 0o755); err != nil {
		return nil, err
	}
	if err := os.Mkdir(g.v1.frz, 0o755); err != nil {
		os.Remove(g.v1.acct)
		return nil, err
	}
	return g, nil
}

// usageV1 reads cpuacct.usage and cpuacct.usage_user, in nanoseconds.
func (g *Group) usageV1() (total, user time.Duration, err error) {
	var ns [2]int64
	for i, f := range []string{"cpuacct.usage", "cpuacct.usage_user"} {
		data, err := os.ReadFile(filepath.Join(g.v1.acct, f))
		if err != nil {
			return 0, 0, err
		}
		v, err := strconv.ParseInt(strings.TrimSpace(string(data)), 10, 64)
		if err != nil || v < 0 {
			return 0, 0, fmt.Errorf("%s: %q", f, data)
		}
		ns[i] = v
	}
	// The user part is sampled by the scheduler's ticks and can exceed the total, which
	// is exact: it is believed up to the total.
	return time.Duration(ns[0]), time.Duration(min(ns[1], ns[0])), nil
}

// freezeV1 freezes the group and waits (at most a second) until the kernel reports it
// FROZEN.
func (g *Group) freezeV1() error {
	state := filepath.Join(g.v1.frz, "freezer.state")
	if err := os.WriteFile(state, []byte("FROZEN"), 0); err != nil {
		return err
	}
	deadline := time.Now().Add(time.Second)
	for {
		data, err := os.ReadFile(state)
		if err != nil {
			return err
		}
		if bytes.HasPrefix(data, []byte("FROZEN")) {
			return nil
		}
		if time.Now().After(deadline) {
			return errors.New(g.v1.frz + " not frozen after a second")
		}
		time.Sleep(100 * time.Microsecond)
	}
}
