package reversi

import (
	"bufio"
	"bytes"
	"io"
	"math/bits"
	"math/rand/v2"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"gameagents/internal/agent"
)

// TestGTPTranscript plays testdata/gtp-transcript.txt, a GTP session written from the
// protocol's specification, against the engine mode and wants its answers line for line.
func TestGTPTranscript(t *testing.T) {
	data, err := os.ReadFile("testdata/gtp-transcript.txt")
	if err != nil {
		t.Fatal(err)
	}
	var sent []string
	type answer struct {
		lines   []string
		pattern bool // one line, a regular expression
		after   string
	}
	var want []answer
	for _, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		switch {
		case strings.HasPrefix(line, "> "):
			sent = append(sent, line[2:])
			want = append(want, answer{after: line[2:]})
		case strings.HasPrefix(line, "<~ "):
			want[len(want)-1] = answer{lines: []string{line[3:]}, pattern: true, after: sent[len(sent)-1]}
		case strings.HasPrefix(line, "<"):
			a := &want[len(want)-1]
			a.lines = append(a.lines, strings.TrimPrefix(strings.TrimPrefix(line, "<"), " "))
		}
	}
	got := gtpSession(t, []string{"-player", "greedy"}, sent)
	if len(got) != len(want) {
		t.Fatalf("%d answers, want %d:\n%s", len(got), len(want), strings.Join(got, "\n--\n"))
	}
	for i, w := range want {
		if w.pattern {
			if !regexp.MustCompile("^" + w.lines[0] + "$").MatchString(got[i]) {
				t.Errorf("`%s` was answered %q, want a match of %q", w.after, got[i], w.lines[0])
			}
			continue
		}
		if g, wt := got[i], strings.Join(w.lines, "\n"); g != wt {
			t.Errorf("`%s` was answered\n%s\nwant\n%s", w.after, g, wt)
		}
	}
}

// gtpSession sends commands to the GTP mode with the player's options and returns the
// answers, each without the empty line that ends it.
func gtpSession(t *testing.T, args []string, commands []string) []string {
	t.Helper()
	opts := agent.EngineOptions{Options: agent.Options{Dir: t.TempDir(), Log: io.Discard}, MoveSeconds: 0.2, Name: "gameagents reversi"}
	if len(args) == 2 && args[0] == "-player" {
		opts.Player = args[1]
	}
	var out bytes.Buffer
	if status := agent.ServeGTP(Game{}, strings.NewReader(strings.Join(commands, "\n")+"\n"), &out, opts); status != 0 {
		t.Fatalf("ServeGTP = %d, want 0", status)
	}
	answers := strings.Split(strings.TrimSuffix(out.String(), "\n\n"), "\n\n")
	return answers
}

// TestGTPAnalyze: the analysis extension answers the move genmove then plays, with the
// search's score, depth, nodes and a principal variation that begins with the move (the
// engine without its book: the position is in it).
func TestGTPAnalyze(t *testing.T) {
	got := gtpSession(t, []string{"-player", NoBook}, []string{"play b f5", "gameagents-analyze white", "genmove white", "showboard"})
	m := regexp.MustCompile(`^= ([A-H][1-8]) [+-]\d+\.\d\d discs depth (\d+) nodes (\d+) pv ([A-H][1-8](?: (?:[A-H][1-8]|pass))*)$`).FindStringSubmatch(got[1])
	if m == nil {
		t.Fatalf("gameagents-analyze white was answered %q", got[1])
	}
	if got[2] != "= "+m[1] {
		t.Errorf("genmove white = %q, want the analysed move %s", got[2], m[1])
	}
	if !strings.HasPrefix(m[4], m[1]) || m[2] == "0" || m[3] == "0" {
		t.Errorf("analysis %q: want a PV beginning with its move, a depth and nodes", got[1])
	}
}

// gtpClient talks to a GTP engine over pipes.
type gtpClient struct {
	in  io.Writer
	out *bufio.Reader
}

// send sends a command and returns whether it succeeded and its answer's text.
func (c *gtpClient) send(t *testing.T, cmd string) (bool, string) {
	t.Helper()
	if _, err := io.WriteString(c.in, cmd+"\n"); err != nil {
		t.Fatalf("sending %q: %v", cmd, err)
	}
	var lines []string
	for {
		line, err := c.out.ReadString('\n')
		if err != nil {
			t.Fatalf("the answer to %q: %v (so far %q)", cmd, err, lines)
		}
		line = strings.TrimRight(line, "\r\n")
		if line == "" && len(lines) > 0 {
			break
		}
		if line != "" {
			lines = append(lines, line)
		}
	}
	text := strings.Join(lines, "\n")
	return text[0] == '=', strings.TrimSpace(text[1:])
}

// TestGTPAgainstGRhino plays random games, with random illegal moves among the legal ones,
// by telling every move to our GTP mode and to GRhino's gtp-rhino (Debian's grhino), a second
// implementation of Othello over GTP: both accept and refuse the same moves, pass for the
// side without a move alike, and score each game's end alike.
func TestGTPAgainstGRhino(t *testing.T) {
	const rhino = "/usr/games/gtp-rhino"
	if _, err := os.Stat(rhino); err != nil {
		t.Skipf("GRhino is not installed (%v): scripts/install-deps.sh installs Debian's grhino", err)
	}
	games := 40
	if testing.Short() {
		games = 5
	}
	cmd := exec.Command(rhino)
	rin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	rout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { rin.Close(); cmd.Wait() }()
	oursIn, oursInW := io.Pipe()
	oursOutR, oursOut := io.Pipe()
	go func() {
		agent.ServeGTP(Game{}, oursIn, oursOut, agent.EngineOptions{Options: agent.Options{Dir: t.TempDir(), Log: io.Discard}, MoveSeconds: 0.01})
		oursOut.Close()
	}()
	defer oursInW.Close()
	engines := []*gtpClient{{rin, bufio.NewReader(rout)}, {oursInW, bufio.NewReader(oursOutR)}}
	names := []string{"gtp-rhino", "ours"}
	both := func(cmd string) (bool, [2]string) {
		t.Helper()
		var ok [2]bool
		var text [2]string
		for i, e := range engines {
			ok[i], text[i] = e.send(t, cmd)
		}
		if ok[0] != ok[1] {
			t.Fatalf("`%s`: %s answered %v %q, %s %v %q", cmd, names[0], ok[0], text[0], names[1], ok[1], text[1])
		}
		return ok[0], text
	}
	rng := rand.New(rand.NewPCG(561, 27))
	colour := [2]string{"black", "white"}
	plies, refused, passes := 0, 0, 0
	for range games {
		both("boardsize 8")
		both("clear_board")
		b, side := Start(), Black
		for {
			if b.Moves() == 0 {
				if b.Pass().Moves() == 0 {
					break
				}
				b, side = b.Pass(), 1-side // left unsaid: both pass by themselves
				passes++
			}
			legal := b.Moves()
			sq := rng.IntN(64)
			if rng.IntN(4) != 0 { // mostly a legal move
				for k := rng.IntN(bits.OnesCount64(legal)); k > 0; k-- {
					legal &= legal - 1
				}
				sq = bits.TrailingZeros64(legal)
			}
			ok, _ := both("play " + colour[side] + " " + strings.ToUpper(SquareName(sq)))
			if want := b.Moves()&(1<<sq) != 0; ok != want {
				t.Fatalf("play %s %s: both answered %v, the rules say %v", colour[side], SquareName(sq), ok, want)
			}
			if !ok {
				refused++
				continue
			}
			b, side = b.Play(sq), 1-side
			plies++
		}
		_, scores := both("final_score")
		if scores[0] != scores[1] {
			t.Fatalf("final_score: %s %q, %s %q", names[0], scores[0], names[1], scores[1])
		}
	}
	if passes == 0 && !testing.Short() {
		t.Errorf("no game had a pass: the test does not check them")
	}
	t.Logf("%d games, %d moves accepted and %d refused alike, %d passes", games, plies, refused, passes)
}
