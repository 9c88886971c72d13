package referee

import (
	"errors"
	"os"
	"strings"
	"syscall"
	"testing"

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

func TestSplitOutput(t *testing.T) {
	tests := []struct {
		name      string
		in        string
		strict    bool
		want      []string
		warnings  int
		wantError string
	}{
		{"empty", "", false, nil, 0, ""},
		{"one line", "E 1,2 2,3\n", false, []string{"E 1,2 2,3"}, 0, ""},
		{"two lines", "J 1,1 3,3\nJ 3,3 5,5\n", true, []string{"J 1,1 3,3", "J 3,3 5,5"}, 0, ""},
		{"no final LF", "J 1,1 3,3\nJ 3,3 5,5", false, []string{"J 1,1 3,3", "J 3,3 5,5"}, 1, ""},
		{"no final LF strict", "J 1,1 3,3\nJ 3,3 5,5", true, nil, 0, "line 2, the last, does not end with LF"},
		{"CRLF", "J 1,1 3,3\r\nJ 3,3 5,5\r\n", false, []string{"J 1,1 3,3", "J 3,3 5,5"}, 1, ""},
		{"CRLF strict", "J 1,1 3,3\r\nJ 3,3 5,5\r\n", true, nil, 0, "line 1 ends with CRLF, want LF"},
		{"CRLF and no final LF", "E 1,2 2,3\r\nx", false, []string{"E 1,2 2,3", "x"}, 2, ""},
		{"lone CR", "E 1,2\r2,3\n", false, nil, 0, "line 1 holds a carriage return (CR) not followed by LF"},
		{"blank line kept", "E 1,2 2,3\n\n", false, []string{"E 1,2 2,3", ""}, 0, ""},
		{"trailing space kept", "E 1,2 2,3 \n", false, []string{"E 1,2 2,3 "}, 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, warnings, err := SplitOutput([]byte(tt.in), tt.strict)
			if tt.wantError != "" {
				if err == nil || err.Error() != tt.wantError {
					t.Fatalf("SplitOutput(%q, %v) error = %v, want %q", tt.in, tt.strict, err, tt.wantError)
				}
				return
			}
			if err != nil {
				t.Fatalf("SplitOutput(%q, %v) error = %v, want none", tt.in, tt.strict, err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("SplitOutput(%q, %v) lines mismatch (-want +got):\n%s", tt.in, tt.strict, diff)
			}
			if len(warnings) != tt.warnings {
				t.Errorf("SplitOutput(%q, %v) warnings = %q, want %d", tt.in, tt.strict, warnings, tt.warnings)
			}
		})
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

func TestSplitOneLine(t *testing.T) {
	const forms = "MOVE x or PASS"
	tests := []struct {
		name, in     string
		want, errMsg string
		warnings     int
	}{
		{"one line", "PASS\n", "PASS", "", 0},
		{"CRLF tolerated", "PASS\r\n", "PASS", "", 1},
		{"empty", "", "", "malformed output.txt: the file is empty, want one line: " + forms, 0},
		{"two lines", "PASS\nPASS\n", "", "malformed output.txt: 2 lines, want one: " + forms, 0},
		{"stray CR", "PA\rSS\n", "", "malformed output.txt: ", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, warnings, err := SplitOneLine([]byte(tt.in), false, forms)
			if tt.errMsg != "" {
				if err == nil || !strings.HasPrefix(err.Error(), tt.errMsg) {
					t.Errorf("SplitOneLine(%q) = %q, %v; want an error starting %q", tt.in, got, err, tt.errMsg)
				}
				return
			}
			if err != nil || got != tt.want || len(warnings) != tt.warnings {
				t.Errorf("SplitOneLine(%q) = %q, %q, %v; want %q and %d warnings", tt.in, got, warnings, err, tt.want, tt.warnings)
			}
		})
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
