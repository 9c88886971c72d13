package hive

import (
	"bytes"
	"io"
	"os"
	"regexp"
	"strings"
	"testing"

	"gameagents/internal/agent"
)

// TestUHPTranscript plays testdata/uhp-transcript.txt, a session written from the UHP's
// description, against the UHP mode and wants its answers line for line, each ended by ok.
func TestUHPTranscript(t *testing.T) {
	data, err := os.ReadFile("testdata/uhp-transcript.txt")
	if err != nil {
		t.Fatal(err)
	}
	var sent []string
	want := [][]string{nil} // the greeting, then one answer per command
	for _, line := range strings.Split(string(data), "\n") {
		switch {
		case strings.HasPrefix(line, "> "):
			sent = append(sent, line[2:])
			want = append(want, nil)
		case strings.HasPrefix(line, "<~ "):
			want[len(want)-1] = append(want[len(want)-1], "~"+line[3:])
		case strings.HasPrefix(line, "< "):
			want[len(want)-1] = append(want[len(want)-1], line[2:])
		}
	}
	opts := agent.EngineOptions{Options: agent.Options{Dir: t.TempDir(), Log: io.Discard}, MoveSeconds: 0.2, Name: "gameagents hive", Version: "test"}
	var out bytes.Buffer
	if status := agent.ServeUHP(Game{}, strings.NewReader(strings.Join(sent, "\n")+"\n"), &out, opts); status != 0 {
		t.Fatalf("ServeUHP = %d", status)
	}
	got := strings.Split(strings.TrimSuffix(out.String(), "ok\n"), "ok\n")
	if len(got) != len(want) {
		t.Fatalf("%d answers, want %d:\n%s", len(got), len(want), out.String())
	}
	for i, w := range want {
		lines := strings.Split(strings.TrimSuffix(got[i], "\n"), "\n")
		if got[i] == "" {
			lines = nil
		}
		what := "the greeting"
		if i > 0 {
			what = "`" + sent[i-1] + "`"
		}
		if len(lines) != len(w) {
			t.Errorf("%s was answered %q, want %q", what, lines, w)
			continue
		}
		for j := range w {
			ok := lines[j] == w[j] || strings.HasPrefix(w[j], "~") && regexp.MustCompile("^"+w[j][1:]+"$").MatchString(lines[j])
			if !ok {
				t.Errorf("%s was answered %q, want %q", what, lines[j], w[j])
			}
		}
	}
}
