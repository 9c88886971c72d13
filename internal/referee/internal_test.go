package referee

import (
	"errors"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestSchedule(t *testing.T) {
	type game struct{ ASide, First int }
	tests := []struct {
		first First
		want  []game
	}{
		// A: side 0 first, side 1 second, side 1 first, side 0 second; then again.
		{Alternate, []game{{0, 0}, {1, 1}, {1, 0}, {0, 1}, {0, 0}, {1, 1}}},
		{AFirst, []game{{0, 0}, {1, 0}, {0, 0}, {1, 0}}},
		{BFirst, []game{{0, 1}, {1, 1}, {0, 1}, {1, 1}}},
	}
	for _, tt := range tests {
		var got []game
		for i := range tt.want {
			s, f := schedule(i, tt.first)
			got = append(got, game{s, f})
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("schedule(i, %d) mismatch (-want +got):\n%s", tt.first, diff)
		}
	}
	// Over four alternating games each agent plays each side once first, once second.
	seen := map[game]bool{}
	for i := range 4 {
		s, f := schedule(i, Alternate)
		seen[game{s, f}] = true
	}
	if len(seen) != 4 {
		t.Errorf("schedule over 4 games covers %d of the 4 (side, first) pairs, want 4", len(seen))
	}
}

func TestShellQuote(t *testing.T) {
	tests := []struct{ in, want string }{
		{"/usr/bin/homework", "/usr/bin/homework"},
		{"/tmp/my agent", "'/tmp/my agent'"},
		{"/tmp/it's", `'/tmp/it'\''s'`},
	}
	for _, tt := range tests {
		if got := ShellQuote(tt.in); got != tt.want {
			t.Errorf("ShellQuote(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestCommandFor: plain commands run directly, so that the shell's start-up is not charged
// to the agent; anything with shell syntax goes through /bin/sh -c.
func TestCommandFor(t *testing.T) {
	for _, tc := range []struct {
		command string
		want    []string
	}{
		{"/bin/halma", []string{"/bin/halma"}},
		{"/bin/halma -player minimax -depth 3", []string{"/bin/halma", "-player", "minimax", "-depth", "3"}},
		{"python3 agent.py > log", []string{"/bin/sh", "-c", "python3 agent.py > log"}},
		{"cd x && ./a", []string{"/bin/sh", "-c", "cd x && ./a"}},
		{"FOO=1 ./a", []string{"/bin/sh", "-c", "FOO=1 ./a"}},
		{"java -cp 'a b' Main", []string{"/bin/sh", "-c", "java -cp 'a b' Main"}},
	} {
		if diff := cmp.Diff(tc.want, commandFor(tc.command).Args); diff != "" {
			t.Errorf("commandFor(%q).Args mismatch (-want +got):\n%s", tc.command, diff)
		}
	}
}

// TestAbortedOnFullDisk: a game the disk ended is aborted, with no result, and says so;
// other errors pass unchanged.
func TestAbortedOnFullDisk(t *testing.T) {
	full := &os.PathError{Op: "write", Path: "game-01/agent-A/input.txt", Err: syscall.ENOSPC}
	err := aborted(3, full)
	if !errors.Is(err, syscall.ENOSPC) || !strings.Contains(err.Error(), "game 3 aborted, no result: the disk the referee writes to is full") {
		t.Errorf("aborted(ENOSPC) = %v", err)
	}
	other := errors.New("cannot start")
	if got := aborted(3, other); got != other {
		t.Errorf("aborted(other) = %v, want it unchanged", got)
	}
}

// TestDiskFull: a file system with under a mebibyte left is full; one with more is not.
// It needs a small tmpfs, which only root can mount.
func TestDiskFull(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mount("tmpfs", dir, "tmpfs", 0, "size=4m"); err != nil {
		t.Skipf("cannot mount a small tmpfs here (%v): needs root", err)
	}
	defer syscall.Unmount(dir, 0)
	if diskFull(dir) {
		t.Error("an empty 4 MiB tmpfs is full")
	}
	os.WriteFile(dir+"/junk", make([]byte, 3700<<10), 0o644) //nolint:errcheck // filled as far as it goes
	if !diskFull(dir) {
		t.Error("a 4 MiB tmpfs holding 3.6 MiB is not full")
	}
}

// TestSecs: clocks and limits for people are seconds to the millisecond without trailing
// zeros; input.txt keeps the exact time.
func TestSecs(t *testing.T) {
	tests := []struct {
		d           time.Duration
		want, input string
	}{
		{29734953441, "29.735", "29.734953441"},
		{10 * time.Second, "10", "10"},
		{200 * time.Millisecond, "0.2", "0.2"},
		{0, "0", "0"},
		{1499 * time.Microsecond, "0.001", "0.001499"},
	}
	for _, tt := range tests {
		if got := secs(tt.d); got != tt.want {
			t.Errorf("secs(%v) = %q, want %q", tt.d, got, tt.want)
		}
		if got := inputSecs(tt.d); got != tt.input {
			t.Errorf("inputSecs(%v) = %q, want %q", tt.d, got, tt.input)
		}
	}
}
