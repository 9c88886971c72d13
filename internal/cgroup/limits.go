package cgroup

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
)

// Limits caps the memory and the number of processes of a group of processes as a whole
// (one limit for a whole tree, where the sandbox's rlimits bound each process), with the
// version 1 memory and pids controllers, which is where machines that mount both
// hierarchies keep them. Version 1 has no way to create a process in a group, but a new
// process is in its parent thread's groups: the referee's starting thread enters the
// capped groups for the start (cgroup.Start).
type Limits struct {
	memory, pids string // the referee's own groups' directories in the two hierarchies
}

// HostLimits is DetectLimits' answer for this process, found once.
var HostLimits = sync.OnceValues(DetectLimits)

// DetectLimits finds this process's version 1 memory and pids groups and checks that
// capped groups can be made below them; the error says why not.
func DetectLimits() (*Limits, error) {
	dirs, err := ownV1Groups("memory", "pids")
	if err != nil {
		return nil, err
	}
	l := &Limits{memory: dirs[0], pids: dirs[1]}
	l.removeStale()
	g, err := l.New(1<<30, 16)
	if err != nil {
		return nil, fmt.Errorf("cannot make a capped group: %w", err)
	}
	g.Close()
	return l, nil
}

// removeStale removes the capped groups a referee that was killed left behind. Their
// processes are in its charging groups too, which end them (Hierarchy.removeStale); one
// still here keeps its group until the next referee.
func (l *Limits) removeStale() {
	for _, parent := range []string{l.memory, l.pids} {
		for _, dir := range staleGroups(parent) {
			os.Remove(dir) //nolint:errcheck // best effort: busy while a process lives in it
		}
	}
}

// ownV1Groups returns this process's group directories in the version 1 hierarchies of
// the named controllers, in order, or says which is missing.
func ownV1Groups(controllers ...string) ([]string, error) {
	own, err := v1Paths()
	if err != nil {
		return nil, err
	}
	_, mounts, err := cgroupMounts()
	if err != nil {
		return nil, err
	}
	dirs := make([]string, len(controllers))
	for i, c := range controllers {
		mount, ok := mounts[c]
		path, ok2 := own[c]
		if !ok || !ok2 {
			return nil, fmt.Errorf("no version 1 %s controller", c)
		}
		dirs[i] = filepath.Join(mount, path)
	}
	return dirs, nil
}

// v1Paths maps each version 1 controller to this process's group in it, from
// /proc/self/cgroup ("4:memory:/path"; "2:cpu,cpuacct:/path" names two).
func v1Paths() (map[string]string, error) {
	data, err := os.ReadFile("/proc/self/cgroup")
	if err != nil {
		return nil, fmt.Errorf("no control groups: %v", err)
	}
	paths := map[string]string{}
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.SplitN(line, ":", 3)
		if len(f) != 3 || f[1] == "" {
			continue
		}
		for _, c := range strings.Split(f[1], ",") {
			paths[c] = f[2]
		}
	}
	return paths, nil
}

// Capped is a group with a memory and a process cap.
type Capped struct {
	dirs    []string // memory's, then pids'
	parents []string // the referee's own groups, in the same order
}

// New makes a capped group: at most memBytes of memory and procs processes in all.
func (l *Limits) New(memBytes int64, procs int) (*Capped, error) {
	name := fmt.Sprintf("gameagents-%d-%d", os.Getpid(), seq.Add(1))
	c := &Capped{parents: []string{l.memory, l.pids}}
	for _, parent := range c.parents {
		dir := filepath.Join(parent, name)
		if err := os.Mkdir(dir, 0o755); err != nil {
			c.Close()
			return nil, err
		}
		c.dirs = append(c.dirs, dir)
	}
	for _, set := range []struct{ file, value string }{
		{filepath.Join(c.dirs[0], "memory.limit_in_bytes"), strconv.FormatInt(memBytes, 10)},
		{filepath.Join(c.dirs[1], "pids.max"), strconv.Itoa(procs)},
	} {
		if err := os.WriteFile(set.file, []byte(set.value), 0); err != nil {
			c.Close()
			return nil, err
		}
	}
	return c, nil
}

// OOMKills is how many processes of the group the kernel has killed for its memory.
func (c *Capped) OOMKills() int {
	return counter(filepath.Join(c.dirs[0], "memory.oom_control"), "oom_kill")
}

// counter reads the value of key from a control file of "key value" lines (version 1's
// memory.oom_control, version 2's memory.events); 0 when the file or the key is missing.
func counter(path, key string) int {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0
	}
	for _, line := range bytes.Split(data, []byte("\n")) {
		if n, ok := bytes.CutPrefix(line, []byte(key+" ")); ok {
			v, _ := strconv.Atoi(string(n))
			return v
		}
	}
	return 0
}

// Close removes the group; its processes must have ended (Group.Kill).
func (c *Capped) Close() error {
	var errs []error
	for _, dir := range c.dirs {
		if err := os.Remove(dir); err != nil && !errors.Is(err, os.ErrNotExist) {
			errs = append(errs, err)
		}
	}
	c.dirs = nil
	return errors.Join(errs...)
}
