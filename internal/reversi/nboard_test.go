package reversi

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"gameagents/internal/agent"
)

// TestNBoardTranscript plays testdata/nboard-transcript.txt, a session written from the NBoard
// protocol's documentation, against the NBoard mode and wants what it prints line for line.
func TestNBoardTranscript(t *testing.T) {
	data, err := os.ReadFile("testdata/nboard-transcript.txt")
	if err != nil {
		t.Fatal(err)
	}
	var sent, want []string
	for _, line := range strings.Split(string(data), "\n") {
		switch {
		case strings.HasPrefix(line, "> "):
			sent = append(sent, line[2:])
		case strings.HasPrefix(line, "<~ "):
			want = append(want, "~"+line[3:])
		case strings.HasPrefix(line, "< "):
			want = append(want, line[2:])
		}
	}
	got := nboardSession(t, "greedy", 0.2, sent)
	for i := range max(len(got), len(want)) {
		g, w := "(nothing)", "(nothing)"
		if i < len(got) {
			g = got[i]
		}
		if i < len(want) {
			w = want[i]
		}
		if ok := g == w || strings.HasPrefix(w, "~") && regexp.MustCompile("^"+w[1:]+"$").MatchString(g); !ok {
			t.Fatalf("line %d printed %q, want %q; all:\n%s", i+1, g, w, strings.Join(got, "\n"))
		}
	}
}

// nboardSession sends commands to the NBoard mode of player at a move time and returns the
// lines it printed.
func nboardSession(t *testing.T, player string, moveSeconds float64, commands []string) []string {
	t.Helper()
	opts := agent.EngineOptions{Options: agent.Options{Player: player, Dir: t.TempDir(), Log: io.Discard},
		MoveSeconds: moveSeconds, Name: "gameagents reversi"}
	var out bytes.Buffer
	if status := agent.ServeNBoard(Game{}, strings.NewReader(strings.Join(commands, "\n")+"\n"), &out, opts); status != 0 {
		t.Fatalf("ServeNBoard = %d, want 0", status)
	}
	return strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
}

// TestNBoardSameMove: without a clock in the game, "go" is a SINGLE move of -move-time and
// answers what the file agent writes for the same position and time; "hint" agrees.
func TestNBoardSameMove(t *testing.T) {
	g, err := ParseGGF(nboardExample)
	if err != nil {
		t.Fatal(err)
	}
	g.Props = nil // no TI: no clock
	p, _ := g.Final()
	dir := t.TempDir()
	in := append([]string{"SINGLE", p.ToMove.String(), "0.2"}, p.Rows()...)
	if err := os.WriteFile(filepath.Join(dir, "input.txt"), []byte(strings.Join(in, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if status := agent.Run([]agent.Game{Game{}}, agent.Options{Dir: dir, Log: io.Discard}); status != 0 {
		t.Fatalf("Run = %d", status)
	}
	out, _ := os.ReadFile(filepath.Join(dir, "output.txt"))
	file := strings.ToUpper(strings.TrimSpace(string(out)))
	got := nboardSession(t, "", 0.2, []string{"nboard 2", "set game " + g.String(), "go", "hint 1"})
	if len(got) < 4 || !strings.HasPrefix(got[len(got)-4], "=== "+file+"/") {
		t.Errorf("go printed %q, want === %s/...", got, file)
	}
	if !regexp.MustCompile(`^search ` + file + `(-[A-H][1-8]|-PA)* -?\d+\.\d\d 0 \d+$`).MatchString(got[len(got)-2]) {
		t.Errorf("hint printed %q, want a search line beginning with %s", got[len(got)-2], file)
	}
}
