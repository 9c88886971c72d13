package sandbox

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// requireBox skips a test where the box cannot be made (bwrap missing or not working).
func requireBox(t *testing.T) {
	t.Helper()
	if err := Check(); err != nil {
		t.Skipf("the sandbox cannot run here, so its hostile-agent tests are skipped: %v", err)
	}
}

// layout is a match's files as the referee lays them out: the program's directory holds
// the records folder and a tournament's results, so the box must hide them.
type layout struct {
	root, out, own, other, record, results string
}

func newLayout(t *testing.T) layout {
	t.Helper()
	root := t.TempDir()
	// Readable by others, as a user's files are: a root referee's box runs as nobody.
	if err := os.Chmod(root, 0o755); err != nil {
		t.Fatal(err)
	}
	l := layout{root: root, out: filepath.Join(root, "out")}
	l.own = filepath.Join(l.out, "game-01", "agent-A")
	l.other = filepath.Join(l.out, "game-01", "agent-B")
	l.record = filepath.Join(l.out, "game-01.txt")
	l.results = filepath.Join(root, "tournament", "results")
	for _, d := range []string{l.own, l.other, l.results} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write(t, filepath.Join(l.other, "input.txt"), "the opponent's input\n")
	write(t, filepath.Join(l.root, "player.py"), "# the program's own file\n")
	write(t, l.record, "the record\n")
	write(t, filepath.Join(l.results, "a-b-1.tsv"), "a result\n")
	return l
}

func write(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// run runs argv in a box for l and returns its combined output, its error, the command
// and the CPU time of the box's start-up.
func run(t *testing.T, l layout, argv ...string) (string, error, *exec.Cmd, time.Duration) {
	t.Helper()
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = l.own
	// The hidden directories nest as a tournament's do, and come in the referee's order:
	// the match's records folder (game-01) first, then the tournament's folder holding it
	// (here the records folder).
	b := Box{Dir: l.own, Read: []string{filepath.Join(l.root, "player.py")},
		Hide: []string{filepath.Join(l.out, "game-01"), l.out, filepath.Dir(l.results)}}
	s, err := b.Wrap(cmd)
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		s.Abandon()
		t.Fatal(err)
	}
	s.Started(cmd.Process.Pid)
	err = cmd.Wait()
	return out.String(), err, cmd, s.CPU()
}

// TestBoxFiles: the agent writes its own directory and reads its program's files; the
// opponent's directory, the records, the referee's home and the rest of the file system
// are not there, and nothing outside its directory can be written.
func TestBoxFiles(t *testing.T) {
	requireBox(t)
	l := newLayout(t)
	tests := []struct {
		name   string
		script string
		ok     bool
	}{
		{"writes its directory", "echo move > output.txt && cat output.txt", true},
		{"reads its directory by its path", "cat " + filepath.Join(l.own, "output.txt"), true},
		{"reads its program", "cat " + filepath.Join(l.root, "player.py"), true},
		{"reads the opponent's input.txt", "cat ../agent-B/input.txt", false},
		{"reads the opponent's input.txt by its path", "cat " + filepath.Join(l.other, "input.txt"), false},
		{"reads a record", "cat " + l.record, false},
		{"reads a tournament's result", "cat " + filepath.Join(l.results, "a-b-1.tsv"), false},
		{"lists a tournament's results", "ls " + l.results, false},
		{"appends to a record", "echo forged >> " + l.record, false},
		{"writes into the records folder", "echo forged > " + filepath.Join(l.out, "game-02.txt"), false},
		{"writes beside its program", "echo x > " + filepath.Join(l.root, "dropped.txt"), false},
		{"writes into /tmp", "echo x > /tmp/dropped-by-agent", false},
		{"lists /work", "ls /work", false},
		{"reads /root", "ls /root/", false},
		{"reads /etc/hostname", "cat /etc/hostname", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err, _, _ := run(t, l, "/bin/sh", "-c", tt.script)
			if (err == nil) != tt.ok {
				t.Errorf("sh -c %q in the box: error %v, output %q; want success %v", tt.script, err, out, tt.ok)
			}
		})
	}
	for path, want := range map[string]string{l.record: "the record\n", filepath.Join(l.other, "input.txt"): "the opponent's input\n"} {
		if got, err := os.ReadFile(path); err != nil || string(got) != want {
			t.Errorf("%s after the box = %q, %v; want %q", path, got, err, want)
		}
	}
	for _, p := range []string{filepath.Join(l.out, "game-02.txt"), filepath.Join(l.root, "dropped.txt"), "/tmp/dropped-by-agent"} {
		if _, err := os.Stat(p); err == nil {
			t.Errorf("%s exists after the box; want nothing written outside the agent's directory", p)
		}
	}
}

// TestBoxNetwork: a connection to a port the test listens on fails in the box (and
// succeeds outside it, so the test can tell).
func TestBoxNetwork(t *testing.T) {
	requireBox(t)
	requirePython(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	accepted := make(chan struct{}, 8)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			c.Close()
			accepted <- struct{}{}
		}
	}()
	port := ln.Addr().(*net.TCPAddr).Port
	connect := fmt.Sprintf("import socket; socket.create_connection(('127.0.0.1', %d), 2).close(); print('connected')", port)
	if out, err := exec.Command("python3", "-c", connect).CombinedOutput(); err != nil {
		t.Fatalf("python3 -c %q outside the box: %v, %s; want a connection", connect, err, out)
	}
	<-accepted
	out, err, _, _ := run(t, newLayout(t), "python3", "-c", connect)
	if err == nil || strings.Contains(out, "connected") {
		t.Errorf("python3 -c %q in the box: error %v, output %q; want the connection refused", connect, err, out)
	}
	select {
	case <-accepted:
		t.Errorf("the listener accepted a connection from the box")
	case <-time.After(100 * time.Millisecond):
	}
}

// TestBoxLimits: a fork bomb stops at the process limit, a 10 GB allocation fails, a file
// stops at the size limit, and nothing the agent started outlives it.
func TestBoxLimits(t *testing.T) {
	requireBox(t)
	requirePython(t)
	tests := []struct {
		name   string
		argv   []string
		marker string // in the command line of processes the agent leaves behind
		want   string // in its output
	}{
		{"fork bomb", []string{"python3", "-c", `import os, sys
n = 0
try:
    while n < 100000:
        if os.fork() == 0:
            os.execvp("sleep", ["sleep", "31337.1"])
        n += 1
except OSError as e:
    print("forks stopped at", n, e)
    sys.exit(0)
print("forked", n)`}, "31337.1", "forks stopped"},
		{"10 GB", []string{"python3", "-c", "b = bytearray(10 << 30); print('allocated', len(b))"}, "", "MemoryError"},
		{"a huge file", []string{"/bin/sh", "-c", "head -c 100000000 /dev/zero > big || echo write failed"}, "", "write failed"},
		{"child left running", []string{"/bin/sh", "-c", "sleep 31337.2 & echo started"}, "31337.2", "started"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, _, cmd, _ := run(t, newLayout(t), tt.argv...)
			if !strings.Contains(out, tt.want) {
				t.Errorf("%s in the box printed %q; want %q in it", tt.name, clip(out), tt.want)
			}
			if tt.marker != "" {
				if pids := ProcessesWith(tt.marker); len(pids) > 0 {
					for _, pid := range pids {
						syscall.Kill(pid, syscall.SIGKILL)
					}
					t.Errorf("%s: %d processes with %q outlive the box (pids %v); want none", tt.name, len(pids), tt.marker, pids)
				}
			}
			if pids := processesInGroup(cmd.Process.Pid); len(pids) > 0 {
				t.Errorf("%s: processes %v are left in the box's group", tt.name, pids)
			}
		})
	}
}

// TestBoxChargesCPU: the CPU time of the process in the box reaches whoever waits for
// bwrap, as it does without the box, and what the box reports as its own leaves all of it.
func TestBoxChargesCPU(t *testing.T) {
	requireBox(t)
	requirePython(t)
	const burn = 300 * time.Millisecond
	script := fmt.Sprintf("import time\nt = time.process_time()\nwhile time.process_time() - t < %g: pass", burn.Seconds())
	for _, boxed := range []bool{false, true} {
		t.Run(fmt.Sprintf("boxed=%v", boxed), func(t *testing.T) {
			l := newLayout(t)
			var cmd *exec.Cmd
			var own time.Duration
			if boxed {
				var out string
				var err error
				if out, err, cmd, own = run(t, l, "python3", "-c", script); err != nil {
					t.Fatalf("python3 in the box: %v, %s", err, out)
				}
				if own <= 0 {
					t.Errorf("the box's own CPU time = %v, want it measured", own)
				}
			} else {
				cmd = exec.Command("python3", "-c", script)
				if err := cmd.Run(); err != nil {
					t.Fatal(err)
				}
			}
			ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
			if cpu := time.Duration(ru.Utime.Nano()+ru.Stime.Nano()) - own; cpu < burn {
				t.Errorf("CPU time charged for a %v burn = %v (the box's own %v left out), want at least %v", burn, cpu, own, burn)
			}
		})
	}
}

func TestParseMode(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want Mode
		ok   bool
	}{{"auto", Auto, true}, {"on", On, true}, {"off", Off, true}, {"yes", Off, false}, {"", Off, false}} {
		got, err := ParseMode(tt.in)
		if got != tt.want || (err == nil) != tt.ok {
			t.Errorf("ParseMode(%q) = %v, %v; want %v, ok %v", tt.in, got, err, tt.want, tt.ok)
		}
		if tt.ok && got.String() != tt.in {
			t.Errorf("ParseMode(%q).String() = %q", tt.in, got.String())
		}
	}
}

func TestPathsIn(t *testing.T) {
	got := strings.Join(PathsIn(`GOGC=off exec '/opt/bin/halma' -dir /data x=1 rel/path`), " ")
	if want := "/opt/bin/halma /data"; got != want {
		t.Errorf("PathsIn(...) = %q, want %q", got, want)
	}
}

func requirePython(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed")
	}
}

func clip(s string) string {
	if len(s) > 300 {
		return s[:300] + "..."
	}
	return s
}

// TestResolve: off never boxes; where the box works, auto and on box; where it does not, auto
// runs agents unconfined with one line that says why, and on fails with why.
func TestResolve(t *testing.T) {
	missing := errNoBwrap
	tests := []struct {
		mode     Mode
		why      error
		wantUse  bool
		wantNote string // in the note; "" for none
		wantErr  string // in the error; "" for none
	}{
		{Off, nil, false, "", ""},
		{Off, missing, false, "", ""},
		{Auto, nil, true, "", ""},
		{On, nil, true, "", ""},
		{Auto, missing, false, "sandbox off: bubblewrap (bwrap) is not installed", ""},
		{On, missing, false, "", "-sandbox on: agents cannot run in the sandbox here: bubblewrap (bwrap) is not installed"},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%v %v", tt.mode, tt.why), func(t *testing.T) {
			got, note, err := resolve(tt.mode, tt.why)
			if got != tt.wantUse || (tt.wantNote == "") != (note == "") || !strings.Contains(note, tt.wantNote) ||
				(tt.wantErr == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), tt.wantErr)) {
				t.Errorf("resolve(%v, %v) = %v, %q, %v; want %v, note %q, error %q", tt.mode, tt.why, got, note, err, tt.wantUse, tt.wantNote, tt.wantErr)
			}
		})
	}
}
