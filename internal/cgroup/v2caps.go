package cgroup

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
)

// Version 2 keeps memory and pids in the one hierarchy: a group's memory.max and pids.max
// bound all its processes together, so an agent's charging group caps itself. The files
// exist only where the parent enables the controllers for its children (its
// cgroup.subtree_control), and the kernel enables a controller only for a parent that holds
// no processes itself (the "no internal processes" rule; the root group is exempt). A
// referee alone in its group (a delegated one: systemd-run --scope -p Delegate=yes) moves
// itself into a leaf below it, named refereeLeaf, so that its agents' groups can be capped.

// capControllers are the controllers the caps need.
var capControllers = []string{"memory", "pids"}

// refereeLeaf names the leaf group a referee moves itself into (removeStale removes it with
// the referee gone, as it does agents' groups).
func refereeLeaf(pid int) string { return fmt.Sprintf("gameagents-%d-referee", pid) }

// enableBelow enables controllers for the groups below parent, moving this process into a
// leaf below parent first where it is the only process in parent; the error says why not.
func enableBelow(parent string, controllers []string) error {
	have, err := readWords(filepath.Join(parent, "cgroup.controllers"))
	if err != nil {
		return err
	}
	on, err := readWords(filepath.Join(parent, "cgroup.subtree_control"))
	if err != nil {
		return err
	}
	var want []string
	for _, c := range controllers {
		if !slices.Contains(have, c) {
			return fmt.Errorf("the %s controller is not available in %s (cgroup.controllers: %q)", c, parent, strings.Join(have, " "))
		}
		if !slices.Contains(on, c) {
			want = append(want, "+"+c)
		}
	}
	if len(want) == 0 {
		return nil
	}
	control := filepath.Join(parent, "cgroup.subtree_control")
	err = os.WriteFile(control, []byte(strings.Join(want, " ")), 0)
	if !errors.Is(err, syscall.EBUSY) {
		return err
	}
	// Processes in parent: ours alone can move to a leaf, anyone else's must not be moved.
	procs, err := readWords(filepath.Join(parent, "cgroup.procs"))
	if err != nil {
		return err
	}
	self := strconv.Itoa(os.Getpid())
	if len(procs) != 1 || procs[0] != self {
		return fmt.Errorf("%s holds other processes than this one (%d in all), and the kernel enables controllers below a group only when it holds none: start the referee in a group of its own (systemd-run --scope -p Delegate=yes)", parent, len(procs))
	}
	leaf := filepath.Join(parent, refereeLeaf(os.Getpid()))
	if err := os.Mkdir(leaf, 0o755); err != nil && !errors.Is(err, os.ErrExist) {
		return err
	}
	if err := os.WriteFile(filepath.Join(leaf, "cgroup.procs"), []byte(self), 0); err != nil {
		os.Remove(leaf)
		return fmt.Errorf("moving the referee into %s: %w", leaf, err)
	}
	return os.WriteFile(control, []byte(strings.Join(want, " ")), 0)
}

// readWords reads a control file of space-separated words.
func readWords(path string) ([]string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return strings.Fields(string(data)), nil
}

// ownParent is the group agents' groups are made in, given this process's version 2 group
// own: its parent when own is the leaf a referee moved itself into (enableBelow).
func ownParent(own string) string {
	if filepath.Base(own) == refereeLeaf(os.Getpid()) {
		return filepath.Dir(own)
	}
	return own
}

// Cap bounds the memory and the number of processes of g, all of them together; the error
// says why it cannot (version 1, where Limits caps instead, or controllers not enabled).
func (g *Group) Cap(memBytes int64, procs int) error {
	if g.v1 != nil {
		return errors.New("version 1 groups are capped by Limits")
	}
	if g.capsProblem != nil {
		return g.capsProblem
	}
	for _, set := range []struct{ file, value string }{
		{"memory.max", strconv.FormatInt(memBytes, 10)},
		{"memory.swap.max", "0"},
		{"pids.max", strconv.Itoa(procs)},
	} {
		err := os.WriteFile(filepath.Join(g.dir, set.file), []byte(set.value), 0)
		if err != nil && !(set.file == "memory.swap.max" && errors.Is(err, os.ErrNotExist)) {
			return err // no swap accounting: memory.max still holds
		}
	}
	g.capped = true
	return nil
}

// OOMKills is how many processes of a capped g the kernel has killed for its memory (0 for
// a group not capped by Cap).
func (g *Group) OOMKills() int {
	if !g.capped {
		return 0
	}
	return counter(filepath.Join(g.dir, "memory.events"), "oom_kill")
}
