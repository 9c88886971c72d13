package referee

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestNextResponse(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []reply
		err  string // the error after the replies: "" for io.EOF
	}{
		{"empty success", "=\n\n", []reply{{ok: true}}, ""},
		{"a vertex", "= D3\n\n", []reply{{ok: true, text: "D3"}}, ""},
		{"a failure", "? illegal move\n\n", []reply{{text: "illegal move"}}, ""},
		{"several", "=\n\n= E6\n\n? unknown command\n\n", []reply{{ok: true}, {ok: true, text: "E6"}, {text: "unknown command"}}, ""},
		{"an id", "=12 C4\n\n", []reply{{ok: true, text: "C4"}}, ""},
		{"CRLF", "= C4\r\n\r\n", []reply{{ok: true, text: "C4"}}, ""},
		{"blank lines before", "\n\n= C4\n\n", []reply{{ok: true, text: "C4"}}, ""},
		{"several lines", "= Next move: White\n  a b\n  1 .\n\n", []reply{{ok: true, text: "Next move: White\n  a b\n  1 ."}}, ""},
		{"cut short by the end", "= C4\n", []reply{{ok: true, text: "C4"}}, ""},
		{"not GTP", "C4\n\n", nil, `malformed response "C4": want a line starting with = or ?`},
		{"not GTP after a reply", "=\n\nhello\n\n", []reply{{ok: true}}, `malformed response "hello"`},
		{"a line too long", "= " + strings.Repeat("x", maxGTPLine) + "\n\n", nil, "a line longer than"},
		{"nothing", "", nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sc := bufio.NewScanner(strings.NewReader(tt.in))
			sc.Buffer(nil, maxGTPLine)
			var got []reply
			var err error
			for {
				var r reply
				if r, err = nextResponse(sc); err != nil {
					break
				}
				got = append(got, r)
			}
			if diff := cmp.Diff(tt.want, got, cmp.AllowUnexported(reply{})); diff != "" {
				t.Errorf("nextResponse(%q) replies mismatch (-want +got):\n%s", tt.in, diff)
			}
			if tt.err == "" && !errors.Is(err, io.EOF) || tt.err != "" && !strings.Contains(err.Error(), tt.err) {
				t.Errorf("nextResponse(%q) final error = %v, want %q (or io.EOF when empty)", tt.in, err, tt.err)
			}
		})
	}
}

func TestParseStat(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want procStat
		ok   bool
	}{
		{"cat", "27288 (cat) R 27284 27284 16978 0 -1 4194304 99 0 0 0 7 3 2 1 20 0 1 0 926000 3133440 418",
			procStat{pgrp: 27284, utime: 7, stime: 3, cutime: 2, cstime: 1}, true},
		{"a name with spaces and parentheses", "42 (a (b) c) S 1 40 40 0 -1 0 0 0 0 0 150 20 0 0 20 0",
			procStat{pgrp: 40, utime: 150, stime: 20}, true},
		{"cut short", "42 (x) S 1 40 40 0", procStat{}, false},
		{"no name", "42 x S 1 40 40 0 -1 0 0 0 0 0 1 2 3 4", procStat{}, false},
		{"not numbers", "42 (x) S 1 z 40 0 -1 0 0 0 0 0 1 2 3 4", procStat{}, false},
	}
	for _, tt := range tests {
		got, ok := parseStat(tt.in)
		if ok != tt.ok || (ok && got != tt.want) {
			t.Errorf("%s: parseStat(%q) = %+v, %v; want %+v, %v", tt.name, tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

// TestKindOf: among a match's kinds, a "gtp:" command is a GTP engine (leading blanks allowed); anything else is
// a file-protocol agent, its command unchanged.
func TestKindOf(t *testing.T) {
	tests := []struct {
		in, prefix, want string
	}{
		{"gtp:/usr/games/gtp-rhino --level 5", gtpPrefix, "/usr/games/gtp-rhino --level 5"},
		{"  gtp:rhino", gtpPrefix, "rhino"},
		{"./homework", "", "./homework"},
		{"GTP:rhino", "", "GTP:rhino"},
		{"echo gtp:x", "", "echo gtp:x"},
	}
	for _, tt := range tests {
		k, got := AgentKinds{GTP}.Of(tt.in)
		if k.Prefix != tt.prefix || got != tt.want {
			t.Errorf("Of(%q) = kind %q, %q; want kind %q, %q", tt.in, k.Prefix, got, tt.prefix, tt.want)
		}
	}
	// Without GTP among a match's kinds, a "gtp:" command is a plain command.
	if k, got := (AgentKinds{}).Of("gtp:rhino"); k.Prefix != "" || got != "gtp:rhino" {
		t.Errorf("AgentKinds{}.Of(gtp:rhino) = kind %q, %q; want a plain command", k.Prefix, got)
	}
}

// TestKindsCheck: overlapping prefixes, and a kind without a prefix or a Start, are refused.
func TestKindsCheck(t *testing.T) {
	other := GTP
	other.Prefix = "gt"
	tests := []struct {
		kinds AgentKinds
		want  string
	}{
		{AgentKinds{GTP}, ""},
		{AgentKinds{GTP, other}, `agent kind "gt" overlaps "gtp:"`},
		{AgentKinds{{Prefix: "x:"}}, "want a prefix and a Start function"},
	}
	for _, tt := range tests {
		err := tt.kinds.Check()
		if (err == nil) != (tt.want == "") || err != nil && !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Check(%d kinds) = %v, want %q", len(tt.kinds), err, tt.want)
		}
	}
}

func TestIsPassPlay(t *testing.T) {
	for in, want := range map[string]bool{
		"play black pass": true, "play white PASS": true, "play black D3": false, "play black": false,
	} {
		if got := isPassPlay(in); got != want {
			t.Errorf("isPassPlay(%q) = %v, want %v", in, got, want)
		}
	}
}

func TestGTPSeconds(t *testing.T) {
	for d, want := range map[time.Duration]string{
		300 * time.Second: "300", 299990 * time.Millisecond: "299", 500 * time.Millisecond: "0", -time.Second: "0",
	} {
		if got := gtpSeconds(d); got != want {
			t.Errorf("gtpSeconds(%v) = %q, want %q", d, got, want)
		}
	}
}

// TestClockTicks: the kernel's clock tick is what /proc counts in; Linux makes it 100.
func TestClockTicks(t *testing.T) {
	if clockTicks != 100 {
		t.Errorf("clockTicks = %d, want 100 (Linux's USER_HZ)", clockTicks)
	}
	if got := ticks(15); got != 150*time.Millisecond {
		t.Errorf("ticks(15) = %v, want 150ms", got)
	}
}

// TestCappedLogStopsAtCap: a GTP engine's log takes writes up to maxLogBytes and not a
// byte more, a write that straddles the cap cut at it; every write reports success.
func TestCappedLogStopsAtCap(t *testing.T) {
	path := filepath.Join(t.TempDir(), "agent.log")
	l, err := openCappedLog(path)
	if err != nil {
		t.Fatal(err)
	}
	chunk := bytes.Repeat([]byte("x"), 3<<20) // 16 MiB is not a multiple of it
	for range 7 {
		if n, err := l.Write(chunk); n != len(chunk) || err != nil {
			t.Fatalf("Write = %d, %v", n, err)
		}
	}
	l.printf("--- ply %d ---\n", 9)
	l.Close()
	if fi, err := os.Stat(path); err != nil || fi.Size() != maxLogBytes {
		t.Errorf("the log: %v, %v; want exactly %d bytes", fi.Size(), err, maxLogBytes)
	}
}
