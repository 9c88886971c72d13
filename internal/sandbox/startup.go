package sandbox

// The box's own CPU time, measured move by move so that it is not charged to the agent.
//
// Everything before the agent's program runs in one process: bwrap's child makes the
// mounts, then setpriv, unshare and prlimit exec in turn, then a shell (the reporter) reads
// that process's CPU time so far from /proc/self/schedstat (nanoseconds), writes it to a
// pipe, and runs the agent as its child and waits for it. A child, not an exec: the
// agent's own CPU clock, which it budgets its move by, must start at zero, not at the
// box's start-up. The referee adds the CPU time of bwrap's outer process at that moment
// (it only waits after it). What the box costs after
// that, when the agent exits and its namespaces and mounts are undone, cannot be told
// apart from the agent's exit: the probe's median of it (teardown) is added. Where
// schedstat is missing, the probe's median of the whole box (fallback) stands in.

import (
	"bufio"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"
)

// Startup reports the CPU time of one box's start-up.
type Startup struct {
	r, w     *os.File
	fd       int           // the pipe's descriptor in the box
	done     chan struct{} // closed when start and measured are known
	start    time.Duration // the start-up's CPU time, when measured
	measured bool
}

// newStartup makes the pipe the reporter writes to, passed to cmd as its next extra file.
func newStartup(cmd *exec.Cmd) (*Startup, error) {
	r, w, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	cmd.ExtraFiles = append(cmd.ExtraFiles, w)
	return &Startup{r: r, w: w, fd: 2 + len(cmd.ExtraFiles), done: make(chan struct{})}, nil
}

// reporter is the command that reports the start-up and runs the agent given after it,
// ending with its status: a shell's builtins but for the agent; the agent does not
// inherit the pipe.
func (s *Startup) reporter() []string {
	fd := strconv.Itoa(s.fd)
	script := `t=; [ -r /proc/self/schedstat ] && read -r t rest < /proc/self/schedstat; echo "$t" >&` + fd + `; exec ` + fd + `>&-; "$@"`
	return []string{"/bin/sh", "-c", script, "sandbox-start"}
}

// Started is called once the command has started, with bwrap's pid: it closes the
// referee's end of the pipe that the box writes to and waits, aside, for the report.
func (s *Startup) Started(pid int) {
	s.w.Close()
	go func() {
		defer close(s.done)
		defer s.r.Close()
		line, err := bufio.NewReader(s.r).ReadString('\n')
		ns, perr := strconv.ParseInt(strings.TrimSpace(line), 10, 64)
		if err != nil || perr != nil {
			return
		}
		outer, _ := schedRuntime(pid) // none when bwrap has ended already: it did little
		s.start, s.measured = time.Duration(ns)+outer, true
	}()
}

// Abandon is called instead of Started when the command could not start.
func (s *Startup) Abandon() {
	s.w.Close()
	s.r.Close()
}

// CPU returns the box's own CPU time, to be charged off the agent's, once the command has
// ended: its start-up as measured and its teardown as estimated, or the probe's estimate
// of the whole.
func (s *Startup) CPU() time.Duration {
	<-s.done
	if !s.measured {
		return fallback
	}
	return s.start + teardown
}

// schedRuntime reads the CPU time a process's main thread has used, in nanoseconds, from
// /proc/PID/schedstat.
func schedRuntime(pid int) (time.Duration, bool) {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/schedstat")
	if err != nil {
		return 0, false
	}
	f := strings.Fields(string(data))
	if len(f) == 0 {
		return 0, false
	}
	ns, err := strconv.ParseInt(f[0], 10, 64)
	return time.Duration(ns), err == nil
}
