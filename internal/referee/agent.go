package referee

// The file-protocol agent, the kind every command without a registered prefix is: a command
// started once per move in its directory, which reads input.txt and writes output.txt. It
// runs in a process group of its own, is charged the CPU time the kernel reports for it,
// and is killed with its whole group when the wall clock says it has overstayed.

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"gameagents/internal/cgroup"
	"gameagents/internal/gamefile"
	"gameagents/internal/sandbox"
)

// fileKind is the kind of every agent command without a registered prefix.
var fileKind = AgentKind{Start: startFileAgent}

// fileAgent is a file-protocol agent in one game: nothing runs between its moves.
type fileAgent struct {
	command  string
	dir, log string
	box      *sandbox.Box // nil: run directly
	mode     gamefile.Mode
	grace    time.Duration
	// The agent's control groups for the game, one for all its moves (making and removing
	// a group costs milliseconds): nil where the machine has none.
	groups moveGroups
}

func startFileAgent(_ context.Context, s *Seat) (Player, error) {
	box, err := s.Config.Box(s.Dir)
	if err != nil {
		return nil, err
	}
	groups, err := newMoveGroups()
	if err != nil {
		return nil, err
	}
	return &fileAgent{command: s.Command, dir: s.Dir, log: s.Log, box: box, mode: s.Config.Mode, grace: s.Config.Grace, groups: groups}, nil
}

// moveGroups are an agent's control groups: the one that charges and ends its processes
// (nil without control groups), which in version 2 also caps their memory and number where
// the machine lets it (cgroup.Group.Cap), and else the one that caps them (nil without the
// version 1 memory and pids controllers).
type moveGroups struct {
	charge *cgroup.Group
	caps   *cgroup.Capped
}

func newMoveGroups() (moveGroups, error) {
	var g moveGroups
	var err error
	if g.charge, err = cgroup.NewGroup(); err != nil {
		return g, err
	}
	if !capGroup(g.charge) {
		g.caps = newCaps()
	}
	return g, nil
}

// capGroup caps a version 2 group's memory and processes, all of them together, as the
// sandbox caps each process; false where it cannot (no group, version 1, no controllers).
func capGroup(g *cgroup.Group) bool {
	return g != nil && g.Cap(sandbox.MemoryBytes, sandbox.Processes) == nil
}

// oomKills is how many of the groups' processes the kernel has killed for their memory.
func (g moveGroups) oomKills() int {
	if g.caps != nil {
		return g.caps.OOMKills()
	}
	if g.charge != nil {
		return g.charge.OOMKills()
	}
	return 0
}

// close ends what runs in the groups and removes them.
func (g moveGroups) close() {
	if g.charge != nil {
		g.charge.Close()
	}
	if g.caps != nil {
		g.caps.Close()
	}
}

// Move gives the agent a fresh input.txt, without the previous output.txt, runs it, and
// reads what it wrote.
func (p *fileAgent) Move(ctx context.Context, t *Turn) (Answer, error) {
	input := t.Match.Input(p.mode, inputSecs(t.Limit))
	// Both removed, not overwritten: either may be a link the agent made to a file of the
	// referee's.
	for _, f := range []string{"output.txt", "input.txt"} {
		if err := os.Remove(filepath.Join(p.dir, f)); err != nil && !errors.Is(err, os.ErrNotExist) {
			return Answer{}, err
		}
	}
	if err := os.WriteFile(filepath.Join(p.dir, "input.txt"), input, 0o644); err != nil {
		return Answer{}, err
	}
	if err := appendLog(p.log, fmt.Sprintf("--- ply %d ---\n", t.Ply)); err != nil {
		return Answer{}, err
	}
	tr, err := runTurn(ctx, p.command, p.dir, p.box, p.groups, t.Limit+p.grace, p.log)
	if err != nil {
		return Answer{}, err
	}
	ans := Answer{CPU: tr.cpu, User: tr.user, Wall: tr.wall, Exit: tr.exit}
	if tr.disk != "" {
		ans.Lost = &Loss{Ending: EndDisk, Reason: tr.disk}
		return ans, nil
	}
	if tr.killed {
		ans.Killed = fmt.Sprintf("still running after %s of wall time (time %ss + grace %ss), killed", ms(tr.wall), secs(t.Limit), secs(p.grace))
		return ans, nil
	}
	if ans.Output, err = ReadOutput(filepath.Join(p.dir, "output.txt")); err != nil {
		if diskFull(p.dir) {
			// Nobody's move: the agent may have had nothing to write to.
			return ans, fmt.Errorf("%s, and the disk holding its directory is full: %w", err, syscall.ENOSPC)
		}
		ans.Lost = &Loss{Ending: EndNoOutput, Reason: err.Error()}
	}
	return ans, nil
}

// diskFull reports whether the file system holding dir has less than a mebibyte left for
// an ordinary user: an agent that wrote no output.txt there may not have been able to.
func diskFull(dir string) bool {
	var st syscall.Statfs_t
	if syscall.Statfs(dir, &st) != nil {
		return false
	}
	return st.Bavail*uint64(st.Bsize) < 1<<20
}

// Played: the agent learns the game from its next input.txt.
func (p *fileAgent) Played(int, string) {}

// Close: the agent's processes ended with its move (runTurn kills the group). A directory
// left over its bounds is emptied but for the contract's files, so that the disk it took is
// given back.
func (p *fileAgent) Close() {
	p.groups.close()
	if overDisk(p.dir) == "" {
		return
	}
	entries, _ := os.ReadDir(p.dir)
	for _, e := range entries {
		switch e.Name() {
		case "input.txt", "output.txt", "playdata.txt", "calibration.txt":
		default:
			os.RemoveAll(filepath.Join(p.dir, e.Name()))
		}
	}
}

// maxLogBytes bounds an agent's log of stdout and stderr in a game: a move that writes past
// it is cut back to it (capLog), and later moves' output goes to /dev/null, so a chatty or
// runaway agent cannot fill the disk.
const maxLogBytes = 16 << 20

// turn is what running one move found.
type turn struct {
	cpu    time.Duration // user+sys of the move's processes: its control group's, else those waited for
	user   time.Duration // its user part
	wall   time.Duration
	killed bool   // the wall limit passed and the group was killed
	disk   string // why the agent's directory is over its bounds (overDisk), "" when it is not
	exit   string // "" for status 0, else how the process ended, e.g. "exit status 1"
}

// runTurn runs command in dir (StartProcess, in box unless it is nil) and waits for it, at
// most wallLimit; a kill reaches its whole process group (the shell, the agent, anything
// they spawned). stdout and stderr go to logPath. In a box, the box's own CPU time
// (sandbox.Startup) is not charged.
// An error means the referee could not run the command at all.
func runTurn(ctx context.Context, command, dir string, box *sandbox.Box, groups moveGroups, wallLimit time.Duration, logPath string) (turn, error) {
	var t turn
	out, err := openLog(logPath)
	if err != nil {
		return t, err
	}
	defer out.Close()
	group, caps := groups.charge, groups.caps
	var before, beforeUser time.Duration
	if group != nil {
		if before, beforeUser, err = group.Usage(); err != nil {
			return t, err
		}
	}
	oomBefore := groups.oomKills()
	start := time.Now()
	// out is an *os.File: no copying goroutine that a lingering child could block.
	cmd, startup, err := startIn(group, caps, command, dir, box, nil, out, out)
	if err != nil {
		return t, fmt.Errorf("starting %q: %w", command, err)
	}
	pgid := cmd.Process.Pid // with Setpgid the child leads a group of its own pid
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	timer := time.NewTimer(wallLimit)
	defer timer.Stop()
	watch := time.NewTicker(watchEvery)
	defer watch.Stop()
	var waitErr error
	for waiting := true; waiting; {
		select {
		case waitErr = <-done:
			waiting = false
		case <-timer.C:
			t.killed = true
			killGroup(pgid)
			waitErr = <-done
			waiting = false
		case <-watch.C:
			capLog(out)
			if t.disk = overDisk(dir); t.disk != "" {
				killGroup(pgid)
				if group != nil {
					group.Kill()
				}
				waitErr = <-done
				waiting = false
			}
		case <-ctx.Done():
			killGroup(pgid)
			<-done
			return t, ctx.Err()
		}
	}
	capLog(out)
	if t.disk == "" {
		t.disk = overDisk(dir) // what a quick move wrote between two looks
	}
	t.wall = time.Since(start)
	// Processes the agent left behind in its group would steal CPU from the next moves
	// (and from parallel games): end them. The group id cannot have been reused while any
	// of them lives, and with none left the kill finds nothing.
	killGroup(pgid)
	if group != nil {
		// Every process of the move, waited for or not, ended by now: what they used.
		if err := group.Kill(); err != nil {
			return t, err
		}
		after, afterUser, err := group.Usage()
		if err != nil {
			return t, err
		}
		t.cpu, t.user = after-before, afterUser-beforeUser
	} else if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		t.cpu = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
		t.user = time.Duration(ru.Utime.Nano())
	}
	if startup != nil {
		// The box's own time is mostly the kernel's (mounts, namespaces): it comes off the
		// system time first, and off the user time only for what sys cannot hold.
		own := startup.CPU()
		sys := t.cpu - t.user
		t.cpu = max(0, t.cpu-own)
		t.user = max(0, t.user-max(0, own-sys))
	}
	var exitErr *exec.ExitError
	if errors.As(waitErr, &exitErr) {
		t.exit = exitErr.ProcessState.String()
	} else if waitErr != nil {
		return t, waitErr
	}
	if groups.oomKills() > oomBefore {
		t.exit = strings.TrimSpace(t.exit + fmt.Sprintf(" (the kernel killed a process of the move: its processes together went over %d MiB of memory)", sandbox.MemoryBytes>>20))
	}
	return t, nil
}

// newCaps makes the memory and process caps of a move's (or a game's) processes, all of
// them together (cgroup.Limits: the sandbox's per-process limits, for the whole tree), or
// returns nil where the machine has no version 1 memory and pids controllers for them.
func newCaps() *cgroup.Capped {
	l, err := cgroup.HostLimits()
	if err != nil {
		return nil
	}
	c, err := l.New(sandbox.MemoryBytes, sandbox.Processes)
	if err != nil {
		return nil
	}
	return c
}

func killGroup(pgid int) { _ = syscall.Kill(-pgid, syscall.SIGKILL) }

// accounting says, for records, how a move's CPU time is measured.
func accounting() string {
	if h, err := cgroup.Host(); err == nil {
		return "every process of the move, ended or not (" + h.String() + ")"
	} else {
		return "the processes the referee waited for (" + err.Error() + ")"
	}
}

// watchEvery is how often, during a move, the referee looks at the agent's directory and
// its log.
const watchEvery = 50 * time.Millisecond

// Bounds of an agent's directory, which it may write as it likes: beyond them it loses
// (overDisk). Each file is also bounded by the sandbox's file size limit.
const (
	maxDirBytes = 256 << 20
	maxDirFiles = 10_000
)

// overDisk says why dir is over its bounds: the disk space its files take (blocks
// allocated, so a sparse file costs what it uses) or their number; "" when within them.
func overDisk(dir string) string {
	var bytes, files int64
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error { //nolint:errcheck // what cannot be read cannot be counted
		if err != nil || path == dir {
			return nil
		}
		files++
		if files > maxDirFiles {
			return filepath.SkipAll
		}
		if info, err := d.Info(); err == nil {
			if st, ok := info.Sys().(*syscall.Stat_t); ok {
				bytes += st.Blocks * 512
			}
		}
		return nil
	})
	switch {
	case files > maxDirFiles:
		return fmt.Sprintf("its directory holds more than %d files, over the limit", maxDirFiles)
	case bytes > maxDirBytes:
		return fmt.Sprintf("its directory holds %d MiB, over the limit of %d MiB", bytes>>20, maxDirBytes>>20)
	}
	return ""
}

// capLog cuts an agent's log back to maxLogBytes when a move has written it past: the
// agent's writes go on at the end of the file, and are cut again at the next look, so a
// log never grows far past its cap during a move.
func capLog(out *os.File) {
	if st, err := out.Stat(); err == nil && st.Mode().IsRegular() && st.Size() > maxLogBytes {
		out.Truncate(maxLogBytes) //nolint:errcheck // a log that cannot be cut is cut next time
	}
}

// openLog opens an agent's log for appending, or /dev/null once it has reached
// maxLogBytes (a log cut back to its cap takes not even a ply marker more).
func openLog(path string) (*os.File, error) {
	if fi, err := os.Stat(path); err == nil && fi.Size() >= maxLogBytes {
		return os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	}
	return os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
}

// appendLog writes a note (a ply marker) to an agent's log.
func appendLog(path, note string) error {
	f, err := openLog(path)
	if err != nil {
		return err
	}
	_, err = f.WriteString(note)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// shellMeta are the characters that make a command need the shell.
const shellMeta = "|&;<>()$`\\\"' \t\n*?[]#~=%{}!"

// commandFor runs a plain command (words without shell syntax) directly, so that the CPU
// time charged is the agent's alone, as the official master's /usr/bin/time measured it;
// anything else goes through /bin/sh -c, whose own start-up is then charged too.
func commandFor(command string) *exec.Cmd {
	words := strings.Fields(command)
	plain := len(words) > 0
	for _, w := range words {
		if strings.ContainsAny(w, shellMeta) {
			plain = false
		}
	}
	if plain {
		return exec.Command(words[0], words[1:]...)
	}
	return exec.Command("/bin/sh", "-c", command)
}

// AbsCommand is absCommand for an agent command, past the prefix of its kind ("gtp:"): a
// program given by a relative path is made absolute, since agents run in directories of
// their own.
func (ks AgentKinds) AbsCommand(command string) string {
	k, rest := ks.Of(command)
	return k.Prefix + absCommand(rest)
}

// absCommand makes the first word of a shell command absolute when it is a relative path
// to an existing file ("./homework", "bin/halma"): agents run in their own directories, where
// the path the user typed would not resolve. Anything else is left to the shell.
func absCommand(command string) string {
	trimmed := strings.TrimLeft(command, " \t")
	first, rest, _ := strings.Cut(trimmed, " ")
	if first == "" || !strings.Contains(first, "/") || filepath.IsAbs(first) || strings.ContainsAny(first, "'\"\\$`") {
		return command
	}
	if _, err := os.Stat(first); err != nil {
		return command
	}
	abs, err := filepath.Abs(first)
	if err != nil {
		return command
	}
	if rest != "" {
		return ShellQuote(abs) + " " + rest
	}
	return ShellQuote(abs)
}

// ShellQuote quotes s as one word for /bin/sh when it needs it.
func ShellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./+,:@=") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
