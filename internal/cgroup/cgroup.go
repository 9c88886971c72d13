// Package cgroup charges, ends, freezes and caps a group of processes as one, with the
// kernel's control groups: every process an agent starts, waited for or not, inside the
// sandbox or not, is in its group from its first instruction; its CPU time is in the
// group's accounting (version 2 cpu.stat, or version 1 cpuacct); Kill ends them all, the
// group frozen meanwhile so that none forks; Freeze stops them all between a long-lived
// player's turns; and Capped groups (version 1 memory and pids) bound their memory and
// number together.
//
// Groups are made below the referee's own groups (as /proc/self/cgroup names them), never
// beside or above them, so every limit the machine puts on the referee holds for its
// agents; they are removed when the agent's game ends, and a killed referee's are removed
// by the next one. A process begins its life in its groups (Start): created into the
// version 2 group (clone3's CLONE_INTO_CGROUP, syscall.SysProcAttr.UseCgroupFD), and in
// version 1 by the starting thread joining the groups for the fork, since a new process is
// in its parent thread's groups. There is no moment at which a child could fork outside.
//
// Version 2 is used where it works (mounted, writable, Linux 5.7 or later), else version 1's
// cpuacct and freezer; where neither does (no root, no delegation), Detect says why and
// the referee keeps its older accounting (the rusage of the processes it waited for).
package cgroup

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// Hierarchy is the place where this process's agent groups are made.
type Hierarchy struct {
	parent string // the referee's own group's directory (version 2)
	// capsProblem says why the groups made here cannot be capped (Group.Cap); nil when
	// they can.
	capsProblem error
	// v1: the referee's own groups in the version 1 cpuacct and freezer hierarchies, where
	// the machine has no usable version 2 one; nil otherwise.
	v1 *v1Pair
}

// Detect finds this process's version 2 group, or else its version 1 cpuacct and freezer
// groups, and checks that groups can be made, started into, killed and removed below it.
// The error says why not.
func Detect() (*Hierarchy, error) {
	h, err := detectV2()
	if err == nil {
		return h, nil
	}
	h1, err1 := detectV1()
	if err1 != nil {
		return nil, fmt.Errorf("%v; and version 1: %v", err, err1)
	}
	return h1, nil
}

// detectV2 is Detect for the version 2 hierarchy.
func detectV2() (*Hierarchy, error) {
	own, err := ownPath()
	if err != nil {
		return nil, err
	}
	mount, _, err := cgroupMounts()
	if err != nil {
		return nil, err
	}
	if mount == "" {
		return nil, errors.New("no version 2 control group hierarchy is mounted")
	}
	h := &Hierarchy{parent: filepath.Join(mount, ownParent(own))}
	h.removeStale()
	g, err := h.New()
	if err != nil {
		return nil, fmt.Errorf("cannot make a control group below %s: %w", h.parent, err)
	}
	defer g.Close()
	for _, f := range []string{"cgroup.freeze", "cpu.stat", "cgroup.procs"} {
		if _, err := os.Stat(filepath.Join(g.dir, f)); err != nil {
			return nil, fmt.Errorf("control groups without %s (Linux 5.2 or later has it)", f)
		}
	}
	if err := probe(g); err != nil {
		return nil, fmt.Errorf("cannot start a process into a control group (Linux 5.7 or later can): %v", err)
	}
	if err := enableBelow(h.parent, capControllers); err != nil {
		h.capsProblem = fmt.Errorf("no version 2 memory and pids caps: %w", err)
	}
	return h, nil
}

// probe starts a process into g and waits for it.
func probe(g *Group) error {
	cmd := exec.Command("/bin/true")
	cmd.SysProcAttr = &syscall.SysProcAttr{}
	if err := Start(cmd, g, nil); err != nil {
		return err
	}
	return cmd.Wait()
}

// Host is Detect's answer for this process, found once.
var Host = sync.OnceValues(Detect)

// NewGroup makes a group in this process's hierarchy (Host), or returns nil, with no error,
// where there is none to make in.
func NewGroup() (*Group, error) {
	h, err := Host()
	if err != nil {
		return nil, nil
	}
	return h.New()
}

// String names the accounting for records.
func (h *Hierarchy) String() string {
	if h.v1 != nil {
		return "cgroup v1 cpuacct and freezer below " + h.v1.acct
	}
	if h.capsProblem == nil {
		return "cgroup v2 below " + h.parent + ", memory and pids capped per group"
	}
	return "cgroup v2 below " + h.parent
}

// ownPath is this process's group in the version 2 hierarchy: the "0::" line of
// /proc/self/cgroup.
func ownPath() (string, error) {
	data, err := os.ReadFile("/proc/self/cgroup")
	if err != nil {
		return "", fmt.Errorf("no control groups: %v", err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if p, ok := strings.CutPrefix(line, "0::"); ok {
			return p, nil
		}
	}
	return "", errors.New("no version 2 control group in /proc/self/cgroup")
}

// cgroupMounts reads /proc/self/mountinfo for where the control group hierarchies are
// mounted whole: the version 2 one ("" when none) and each version 1 controller's.
func cgroupMounts() (v2 string, v1 map[string]string, err error) {
	f, err := os.Open("/proc/self/mountinfo")
	if err != nil {
		return "", nil, fmt.Errorf("no mount table: %v", err)
	}
	defer f.Close()
	v1 = map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		// "ID PARENT MAJ:MIN ROOT MOUNTPOINT OPTIONS ... - FSTYPE SOURCE SUPEROPTIONS"
		pre, post, ok := strings.Cut(sc.Text(), " - ")
		fields, types := strings.Fields(pre), strings.Fields(post)
		if !ok || len(fields) < 5 || len(types) == 0 || fields[3] != "/" {
			continue
		}
		switch {
		case types[0] == "cgroup2" && v2 == "":
			v2 = fields[4]
		case types[0] == "cgroup" && len(types) >= 3:
			for _, opt := range strings.Split(types[2], ",") {
				v1[opt] = fields[4]
			}
		}
	}
	return v2, v1, nil
}

// removeStale removes the groups a referee that was killed left behind (their names hold
// its pid, and it is gone), with whatever still runs in them.
func (h *Hierarchy) removeStale() {
	for _, dir := range staleGroups(h.parent) {
		g := &Group{dir: dir}
		os.WriteFile(filepath.Join(dir, "cgroup.freeze"), []byte("0"), 0) //nolint:errcheck // best effort
		if g.Kill() == nil {
			os.Remove(dir)
		}
	}
}

// staleGroups lists the groups below parent that a referee now gone made (their names
// hold its pid).
func staleGroups(parent string) []string {
	var stale []string
	dirs, _ := filepath.Glob(filepath.Join(parent, "gameagents-*-*"))
	for _, dir := range dirs {
		f := strings.Split(filepath.Base(dir), "-")
		pid, err := strconv.Atoi(f[1])
		if err != nil || pid <= 0 || syscall.Kill(pid, 0) == nil || pid == os.Getpid() {
			continue // not ours, or its referee lives
		}
		stale = append(stale, dir)
	}
	return stale
}

// Group is one agent's group of processes.
type Group struct {
	dir string
	fd  int // the open directory, for UseCgroupFD; -1 once closed
	// v1: the group's cpuacct and freezer directories, and the referee's own, in a
	// version 1 hierarchy (dir and fd are then unused); nil in version 2.
	v1, v1Parents *v1Pair
	capsProblem   error // the hierarchy's: why Cap cannot cap
	capped        bool  // Cap has capped it
}

var seq atomic.Int64

// New makes an empty group.
func (h *Hierarchy) New() (*Group, error) {
	if h.v1 != nil {
		return h.newV1()
	}
	dir := filepath.Join(h.parent, fmt.Sprintf("gameagents-%d-%d", os.Getpid(), seq.Add(1)))
	if err := os.Mkdir(dir, 0o755); err != nil {
		return nil, err
	}
	fd, err := syscall.Open(dir, syscall.O_RDONLY|syscall.O_DIRECTORY|syscall.O_CLOEXEC, 0)
	if err != nil {
		os.Remove(dir)
		return nil, err
	}
	return &Group{dir: dir, fd: fd, capsProblem: h.capsProblem}, nil
}

// Start starts cmd with its process beginning its life in g (nil: none) and under caps
// (nil: none): in version 2 created into g (clone3's CLONE_INTO_CGROUP), in version 1 by
// the starting thread joining the groups for the fork (a new process is in its parent
// thread's groups) and leaving them after. No child of it can fork outside them.
func Start(cmd *exec.Cmd, g *Group, caps *Capped) error {
	var dirs, parents []string
	if g != nil && g.v1 == nil {
		if cmd.SysProcAttr == nil {
			cmd.SysProcAttr = &syscall.SysProcAttr{}
		}
		cmd.SysProcAttr.UseCgroupFD = true
		cmd.SysProcAttr.CgroupFD = g.fd
	}
	if g != nil && g.v1 != nil {
		dirs = append(dirs, g.v1.acct, g.v1.frz)
		parents = append(parents, g.v1Parents.acct, g.v1Parents.frz)
	}
	if caps != nil {
		dirs = append(dirs, caps.dirs...)
		parents = append(parents, caps.parents...)
	}
	if len(dirs) == 0 {
		return cmd.Start()
	}
	return threadIn(dirs, parents, cmd.Start)
}

// threadIn runs start with the calling thread in the version 1 groups dirs, then moves it
// back to parents (the referee's own groups, in the same order).
func threadIn(dirs, parents []string, start func() error) error {
	runtime.LockOSThread()
	tid := []byte(strconv.Itoa(syscall.Gettid()))
	leave := func(n int) bool {
		ok := true
		for _, parent := range parents[:n] {
			if os.WriteFile(filepath.Join(parent, "tasks"), tid, 0) != nil {
				ok = false
			}
		}
		return ok
	}
	for i, dir := range dirs {
		if err := os.WriteFile(filepath.Join(dir, "tasks"), tid, 0); err != nil {
			if leave(i) {
				runtime.UnlockOSThread()
			}
			return err
		}
	}
	err := start()
	if leave(len(dirs)) {
		runtime.UnlockOSThread()
	} // else the thread stays locked to this goroutine and ends with it, never reused
	return err
}

// Usage is the CPU time every process of g has used, ended or not: user+sys, and user.
func (g *Group) Usage() (total, user time.Duration, err error) {
	if g.v1 != nil {
		return g.usageV1()
	}
	data, err := os.ReadFile(filepath.Join(g.dir, "cpu.stat"))
	if err != nil {
		return 0, 0, err
	}
	var usec [2]int64
	found := 0
	for _, line := range bytes.Split(data, []byte("\n")) {
		key, value, _ := strings.Cut(string(line), " ")
		for i, want := range []string{"usage_usec", "user_usec"} {
			if key == want {
				v, err := strconv.ParseInt(value, 10, 64)
				if err != nil || v < 0 {
					return 0, 0, fmt.Errorf("cpu.stat: %s %q", key, value)
				}
				usec[i] = v
				found++
			}
		}
	}
	if found != 2 {
		return 0, 0, errors.New("cpu.stat without usage_usec and user_usec")
	}
	return time.Duration(usec[0]) * time.Microsecond, time.Duration(usec[1]) * time.Microsecond, nil
}

// Kill ends every process of g and waits until none is left (at most five seconds); g can
// take new processes after. It freezes g, so that nothing forks while it is read, kills
// each process listed, and thaws it: cgroup.kill would do it in one write, but this
// kernel kills a process later created into a group once killed that way.
func (g *Group) Kill() error {
	procs, err := g.procs()
	if err != nil || len(procs) == 0 {
		return err
	}
	if err := g.Freeze(); err != nil {
		return err
	}
	if procs, err = g.procs(); err != nil {
		return err
	}
	for _, pid := range procs {
		syscall.Kill(pid, syscall.SIGKILL) //nolint:errcheck // it may have ended already
	}
	if err := g.Thaw(); err != nil {
		return err
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		left, err := g.procs()
		if err != nil || len(left) == 0 {
			return err
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("processes still in %s after the kill", g.dir)
		}
		for _, pid := range left {
			syscall.Kill(pid, syscall.SIGKILL) //nolint:errcheck // started as the first ones died
		}
		time.Sleep(time.Millisecond)
	}
}

// procs lists the processes in g.
func (g *Group) procs() ([]int, error) {
	dir := g.dir
	if g.v1 != nil {
		dir = g.v1.frz
	}
	data, err := os.ReadFile(filepath.Join(dir, "cgroup.procs"))
	if err != nil {
		return nil, err
	}
	var pids []int
	for _, f := range strings.Fields(string(data)) {
		if pid, err := strconv.Atoi(f); err == nil {
			pids = append(pids, pid)
		}
	}
	return pids, nil
}

// Freeze stops every process of g where it is, children and threads too, until Thaw: a
// long-lived player between its calls, which must not run on its opponent's time. It waits
// (at most a second) until the kernel reports the group frozen.
func (g *Group) Freeze() error {
	if g.v1 != nil {
		return g.freezeV1()
	}
	if err := os.WriteFile(filepath.Join(g.dir, "cgroup.freeze"), []byte("1"), 0); err != nil {
		return err
	}
	deadline := time.Now().Add(time.Second)
	for {
		events, err := os.ReadFile(filepath.Join(g.dir, "cgroup.events"))
		if err != nil {
			return err
		}
		if bytes.Contains(events, []byte("frozen 1")) {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%s not frozen after a second", g.dir)
		}
		time.Sleep(100 * time.Microsecond)
	}
}

// Thaw lets g's processes run again.
func (g *Group) Thaw() error {
	if g.v1 != nil {
		return os.WriteFile(filepath.Join(g.v1.frz, "freezer.state"), []byte("THAWED"), 0)
	}
	return os.WriteFile(filepath.Join(g.dir, "cgroup.freeze"), []byte("0"), 0)
}

// Close kills what is left in g and removes it.
func (g *Group) Close() error {
	if g.fd < 0 {
		return nil
	}
	g.Thaw() // a frozen process cannot die; a group that never froze is thawed already
	err := g.Kill()
	if g.v1 != nil {
		g.fd = -1
		for _, dir := range []string{g.v1.acct, g.v1.frz} {
			if rerr := os.Remove(dir); err == nil {
				err = rerr
			}
		}
		return err
	}
	syscall.Close(g.fd)
	g.fd = -1
	if rerr := os.Remove(g.dir); err == nil {
		err = rerr
	}
	return err
}
