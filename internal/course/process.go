package course

// The Python process: starting it, one order and its reply under a deadline, the capped
// log of what the player prints, and the kill of its process group.

import (
	"bufio"
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"gameagents/internal/cgroup"
	"gameagents/internal/gamefile"
	"gameagents/internal/referee"
	"gameagents/internal/sandbox"
)

//go:embed driver.py
var driverSource string

// maxReply bounds a reply line: the driver clips tracebacks and reprs, so a longer line
// means the protocol is broken.
const maxReply = 256 << 10

// process is the running driver.
type process struct {
	cmd     *exec.Cmd
	orders  *os.File      // write end of fd 3
	replies *os.File      // read end of fd 4
	reader  *bufio.Reader // over replies
	exited  chan struct{} // closed when cmd.Wait has returned
	waitErr error         // cmd.Wait's result, once exited is closed
	// group holds every process of the player, frozen between its calls and charged
	// for them (cgroup); nil where the machine has no usable control groups.
	group  *cgroup.Group
	log    *outputLog
	copied chan struct{} // closed when the player's output is drained
	killed bool
}

// pythonEnv are the variables the driver runs with: no byte-code files in the student's
// directory; the player's text as UTF-8.
var pythonEnv = []string{"PYTHONDONTWRITEBYTECODE=1", "PYTHONIOENCODING=utf-8"}

// startProcess starts the driver in dir, in box unless it is nil, with the player's output
// going to log.
func startProcess(python, dir string, box *sandbox.Box, log *outputLog) (*process, error) {
	ordersR, ordersW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	repliesR, repliesW, err := os.Pipe()
	if err != nil {
		closeAll(ordersR, ordersW)
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		closeAll(ordersR, ordersW, repliesR, repliesW)
		return nil, err
	}
	cmd := exec.Command(python, "-u", "-c", driverSource)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), pythonEnv...)
	cmd.Stdout, cmd.Stderr = outW, outW
	cmd.ExtraFiles = []*os.File{ordersR, repliesW} // fd 3 and fd 4
	// The box's own time is not asked for: the driver starts, and the box with it, before
	// the first call is timed.
	group, err := cgroup.NewGroup()
	if group != nil { // version 2 caps the player's processes together where it can
		group.Cap(sandbox.MemoryBytes, sandbox.Processes) //nolint:errcheck // else the box's per-process limits hold
	}
	if err == nil {
		_, err = referee.Launch(cmd, box, nil, group, nil)
	}
	closeAll(ordersR, repliesW, outW) // the child's ends
	if err != nil {
		closeAll(ordersW, repliesR, outR)
		if group != nil {
			group.Close()
		}
		return nil, fmt.Errorf("course: cannot start %s: %w", python, err)
	}
	p := &process{
		cmd: cmd, orders: ordersW, replies: repliesR, reader: bufio.NewReaderSize(repliesR, maxReply),
		exited: make(chan struct{}), log: log, copied: make(chan struct{}), group: group,
	}
	go func() {
		p.waitErr = cmd.Wait()
		close(p.exited)
	}()
	go func() {
		io.Copy(log, outR) //nolint:errcheck // the log drops what it cannot write
		outR.Close()
		close(p.copied)
	}()
	return p, nil
}

func closeAll(files ...*os.File) {
	for _, f := range files {
		f.Close()
	}
}

// reply is the driver's answer to an order.
type reply struct {
	OK     bool            `json:"ok"`
	Value  json.RawMessage `json:"value"`
	Kind   string          `json:"kind"`
	Call   string          `json:"call"`
	Trace  string          `json:"trace"`
	Msg    string          `json:"msg"`
	Got    string          `json:"got"`
	Want   string          `json:"want"`
	Python string          `json:"python"`
}

// errTimeout and errDied say why an order got no reply.
var (
	errTimeout = errors.New("no reply in time")
	errDied    = errors.New("the process ended")
)

// roundTrip sends one order and reads its reply, waiting at most timeout (and no longer
// than ctx allows). On a timeout the process is killed. It times the order itself, never
// trusting the player's process: the wall time from sending the order to reading the
// reply, and, with a control group, the CPU time every process of the player used
// meanwhile; the group is thawed for the order and frozen again after it, so nothing of
// the player runs between its calls.
func (p *process) roundTrip(ctx context.Context, order any, timeout time.Duration) (*reply, Spent, error) {
	var sp Spent
	line, err := json.Marshal(order)
	if err != nil {
		return nil, sp, err
	}
	var before, beforeUser time.Duration
	if p.group != nil {
		if before, beforeUser, err = p.group.Usage(); err == nil {
			err = p.group.Thaw()
		}
		if err != nil {
			return nil, sp, fmt.Errorf("course: the player's control group: %w", err)
		}
	}
	start := time.Now()
	r, err := p.exchange(ctx, line, timeout)
	sp.Wall = time.Since(start)
	sp.CPU, sp.User = sp.Wall, sp.Wall // without a control group, the wall time is all the referee can measure
	if p.group != nil && err == nil {
		if ferr := p.group.Freeze(); ferr != nil {
			return nil, sp, fmt.Errorf("course: the player's control group: %w", ferr)
		}
		after, afterUser, uerr := p.group.Usage()
		if uerr != nil {
			return nil, sp, fmt.Errorf("course: the player's control group: %w", uerr)
		}
		sp.CPU, sp.User, sp.Measured = after-before, afterUser-beforeUser, true
	}
	return r, sp, err
}

// Spent is what a player's calls took, as the referee measured them.
type Spent struct {
	Wall time.Duration
	// CPU is the user+sys time of every process of the player during its calls (its
	// control group's); the wall time where the machine has no usable control groups.
	CPU      time.Duration
	User     time.Duration // CPU's user part
	Measured bool          // CPU is the control group's
}

// add counts another call's time.
func (s *Spent) add(o Spent) {
	s.Wall += o.Wall
	s.CPU += o.CPU
	s.User += o.User
	s.Measured = o.Measured
}

// exchange writes one order line and reads its reply.
func (p *process) exchange(ctx context.Context, line []byte, timeout time.Duration) (*reply, error) {
	deadline := time.Now().Add(timeout)
	p.orders.SetWriteDeadline(deadline)
	p.replies.SetReadDeadline(deadline)
	stop := context.AfterFunc(ctx, func() { p.replies.SetReadDeadline(time.Now()) })
	defer stop()
	if _, err := p.orders.Write(append(line, '\n')); err != nil {
		return nil, p.noReply(ctx, err)
	}
	data, err := p.reader.ReadSlice('\n')
	if err != nil {
		return nil, p.noReply(ctx, err)
	}
	var r reply
	if err := json.Unmarshal(data, &r); err != nil {
		p.kill()
		return nil, fmt.Errorf("course: the driver's reply %q: %v", gamefile.Clip(string(data)), err)
	}
	return &r, nil
}

// noReply turns a failed read or write into ctx's error, errTimeout or errDied.
func (p *process) noReply(ctx context.Context, err error) error {
	switch {
	case ctx.Err() != nil:
		p.kill()
		return ctx.Err()
	case errors.Is(err, os.ErrDeadlineExceeded):
		p.kill()
		return errTimeout
	case errors.Is(err, io.EOF), errors.Is(err, syscall.EPIPE):
		return errDied
	case errors.Is(err, bufio.ErrBufferFull):
		p.kill()
		return fmt.Errorf("course: the driver's reply is longer than %d bytes", maxReply)
	}
	p.kill()
	return err
}

// exitStatus waits a moment for the process to end and says how it ended; its output is
// then in the log, for the reason's last lines.
func (p *process) exitStatus() string {
	select {
	case <-p.exited:
	case <-time.After(2 * time.Second):
		p.kill()
		<-p.exited
	}
	p.drain()
	var ee *exec.ExitError
	if errors.As(p.waitErr, &ee) {
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			return "killed by signal " + ws.Signal().String()
		}
		return fmt.Sprintf("exit status %d", ee.ExitCode())
	}
	if p.waitErr != nil {
		return p.waitErr.Error()
	}
	return "exit status 0"
}

// kill ends the whole process group, and the control group with every process in it.
func (p *process) kill() {
	if !p.killed {
		p.killed = true
		syscall.Kill(-p.cmd.Process.Pid, syscall.SIGKILL)
		if p.group != nil {
			p.group.Close()
		}
	}
}

// close kills the group, reaps the process and lets the log drain (a moment at most: a
// child that escaped the group could hold the output pipe).
func (p *process) close() {
	p.kill()
	<-p.exited
	closeAll(p.orders, p.replies)
	p.drain()
}

// drain waits until the player's output is copied to the log: the pipe reaches its end
// once the process has exited, but the copy may still be behind it (a moment at most: a
// child that escaped the group could hold the pipe open).
func (p *process) drain() {
	select {
	case <-p.copied:
	case <-time.After(time.Second):
	}
}

// outputLog writes the player's output to w until cap bytes, then notes the cut once and
// drops the rest, keeping the last lines in memory for the reason of a dead process.
type outputLog struct {
	mu      sync.Mutex
	w       io.Writer
	left    int64
	cut     bool
	tail    []byte
	tailCap int
}

func newOutputLog(w io.Writer, cap int64) *outputLog {
	return &outputLog{w: w, left: cap, tailCap: 2048}
}

// Write never fails, so that the copy from the player's pipe never stops draining it.
func (l *outputLog) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.tail = append(l.tail, b...)
	if len(l.tail) > l.tailCap {
		l.tail = append(l.tail[:0], l.tail[len(l.tail)-l.tailCap:]...)
	}
	switch {
	case int64(len(b)) <= l.left:
		l.w.Write(b)
		l.left -= int64(len(b))
	case !l.cut:
		l.w.Write(b[:l.left])
		l.left = 0
		l.cut = true
		fmt.Fprintf(l.w, "\n[course: the player's output reached the log's cap; the rest is dropped]\n")
	}
	return len(b), nil
}

// note writes a line of the bridge's own (a traceback), outside the cap.
func (l *outputLog) note(text string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	fmt.Fprintf(l.w, "[course] %s\n", strings.ReplaceAll(strings.TrimRight(text, "\n"), "\n", "\n[course] "))
}

// lastLines returns up to n non-empty lines of the end of the player's output.
func (l *outputLog) lastLines(n int) []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return tailLines(string(l.tail), n)
}

// absFile returns the absolute path of an existing regular file.
func absFile(path string) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	st, err := os.Stat(abs)
	if err != nil {
		return "", err
	}
	if !st.Mode().IsRegular() {
		return "", fmt.Errorf("%s is not a file", path)
	}
	return abs, nil
}
