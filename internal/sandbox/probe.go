package sandbox

// Whether the box works here, found once per process by making one, and what its own
// start-up costs in CPU time.

import (
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"
)

// tools are the programs a box is made with, found on the referee's PATH.
type tools struct {
	bwrap, prlimit   string
	setpriv, unshare string // used by a root referee
	root             bool
}

var (
	probeOnce sync.Once
	probed    tools
	probeErr  error
	overhead  [2]time.Duration // user, sys
)

// Check reports whether agents can run in the box here: nil, or why not. It makes a box
// once per process (a few milliseconds) and remembers the answer.
func Check() error {
	_, err := probe()
	return err
}

// Overhead is the CPU time (user, sys) that a box's own start-up adds to the process it
// runs, measured when the box was probed: the median over a few runs of `true` in a box,
// less that of `true` run directly. Zero when the box does not work here.
func Overhead() (user, sys time.Duration) {
	if _, err := probe(); err != nil {
		return 0, 0
	}
	return overhead[0], overhead[1]
}

// Use resolves a mode: whether agents run in the box, and for Auto where the box does not
// work, one line that says so. On fails there.
func Use(m Mode) (use bool, note string, err error) {
	if m == Off {
		return false, "", nil
	}
	if err := Check(); err != nil {
		if m == On {
			return false, "", fmt.Errorf("-sandbox on: agents cannot run in the sandbox here: %v", err)
		}
		return false, fmt.Sprintf("sandbox off: %v; agents run unconfined (-sandbox off runs them so without this note)", err), nil
	}
	return true, "", nil
}

func probe() (tools, error) {
	probeOnce.Do(func() {
		probed, probeErr = findTools()
		if probeErr == nil {
			probeErr = trial(probed)
		}
	})
	return probed, probeErr
}

// findTools looks up the programs a box needs.
func findTools() (tools, error) {
	t := tools{root: os.Geteuid() == 0}
	var err error
	if t.bwrap, err = exec.LookPath("bwrap"); err != nil {
		return t, errNoBwrap
	}
	need := map[string]*string{"prlimit": &t.prlimit}
	if t.root {
		need["setpriv"], need["unshare"] = &t.setpriv, &t.unshare
	}
	for name, p := range need {
		if *p, err = exec.LookPath(name); err != nil {
			return t, fmt.Errorf("%s is not installed (Debian: util-linux)", name)
		}
	}
	return t, nil
}

// trialRuns is how many times the trial runs `true`, in a box and directly, to measure the
// box's overhead.
const trialRuns = 5

// trial makes a box that runs `true`, and measures the box's CPU overhead.
func trial(t tools) error {
	dir, err := os.MkdirTemp("", "sandbox-probe")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	var boxed, direct [2][]time.Duration
	for range trialRuns {
		cmd := exec.Command("true")
		cmd.Dir = dir
		b := Box{Dir: dir}
		if err := b.wrap(t, cmd); err != nil {
			return err
		}
		var stderr strings.Builder
		cmd.Stderr = &stderr
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("bwrap fails here: %v: %s", err, strings.TrimSpace(stderr.String()))
		}
		addUsage(&boxed, cmd)
		plain := exec.Command("true")
		if err := plain.Run(); err != nil {
			return err
		}
		addUsage(&direct, plain)
	}
	for i := range overhead {
		overhead[i] = max(0, median(boxed[i])-median(direct[i]))
	}
	return nil
}

// addUsage appends the user and sys time of a finished command.
func addUsage(u *[2][]time.Duration, cmd *exec.Cmd) {
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		u[0] = append(u[0], time.Duration(ru.Utime.Nano()))
		u[1] = append(u[1], time.Duration(ru.Stime.Nano()))
	}
}

func median(d []time.Duration) time.Duration {
	if len(d) == 0 {
		return 0
	}
	s := slices.Clone(d)
	slices.Sort(s)
	return s[len(s)/2]
}
