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
	// fallback is the whole box's CPU time, charged off where its start-up cannot be
	// measured: the trial's median, less that of `true` run directly.
	fallback time.Duration
	// teardown is what the box costs after its start-up (the reporter's wait, the
	// namespaces and mounts undone when the agent exits): the trial's median of the rest,
	// less that of `true` run directly.
	teardown time.Duration
)

// Check reports whether agents can run in the box here: nil, or why not. It makes a box
// once per process (a few milliseconds) and remembers the answer.
func Check() error {
	_, err := probe()
	return err
}

// Use resolves a mode: whether agents run in the box, and for Auto where the box does not
// work, one line that says so. On fails there.
func Use(m Mode) (use bool, note string, err error) {
	if m == Off {
		return false, "", nil
	}
	return resolve(m, Check())
}

// resolve is Use where the box works or fails with why.
func resolve(m Mode, why error) (bool, string, error) {
	if m != Off && why != nil {
		if m == On {
			return false, "", fmt.Errorf("-sandbox on: agents cannot run in the sandbox here: %v", why)
		}
		return false, fmt.Sprintf("sandbox off: %v; agents run unconfined (-sandbox off runs them so without this note)", why), nil
	}
	return m != Off, "", nil
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
// box's costs.
const trialRuns = 15

// trial makes a box that runs `true`, and measures the box's costs (fallback, teardown).
func trial(t tools) error {
	dir, err := os.MkdirTemp("", "sandbox-probe")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	var boxed, rest, direct []time.Duration
	for range trialRuns {
		cmd := exec.Command("true")
		cmd.Dir = dir
		b := Box{Dir: dir}
		s, err := b.wrap(t, cmd)
		if err != nil {
			return err
		}
		var stderr strings.Builder
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			s.Abandon()
			return fmt.Errorf("bwrap fails here: %v", err)
		}
		s.Started(cmd.Process.Pid)
		if err := cmd.Wait(); err != nil {
			return fmt.Errorf("bwrap fails here: %v: %s", err, strings.TrimSpace(stderr.String()))
		}
		s.CPU()
		boxed = append(boxed, usage(cmd))
		if s.measured {
			rest = append(rest, usage(cmd)-s.start)
		}
		plain := exec.Command("true")
		if err := plain.Run(); err != nil {
			return err
		}
		direct = append(direct, usage(plain))
	}
	fallback = max(0, median(boxed)-median(direct))
	if len(rest) > 0 {
		teardown = max(0, median(rest)-median(direct))
	}
	return nil
}

// usage is the CPU time (user+sys) of a finished command.
func usage(cmd *exec.Cmd) time.Duration {
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	return 0
}

func median(d []time.Duration) time.Duration {
	if len(d) == 0 {
		return 0
	}
	s := slices.Clone(d)
	slices.Sort(s)
	return s[len(s)/2]
}
