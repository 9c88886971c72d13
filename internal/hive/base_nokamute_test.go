package hive

import (
	"bufio"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// TestBaseAgainstNokamute is the base game's differential test: random positions of random
// games (up to 100 plies), each given to nokamute (a UHP engine built outside the
// repository, ../shared/anchors/nokamute) as a game string, whose valid moves must be ours
// exactly: every move it lists is one of ours, read with our notation, and it lists as many.
// NOKAMUTE names its binary; without it the test is skipped. 2,000 positions (200 with
// -short).
func TestBaseAgainstNokamute(t *testing.T) {
	bin := os.Getenv("NOKAMUTE")
	if bin == "" {
		t.Skip("NOKAMUTE is not set: build nokamute with ../shared/anchors/nokamute/build.sh and set NOKAMUTE to its binary")
	}
	if _, err := os.Stat(bin); err != nil {
		t.Skipf("NOKAMUTE=%s: %v", bin, err)
	}
	positions := 2000
	if testing.Short() {
		positions = 200
	}
	e := startUHP(t, bin, "--num-threads=1", "uhp")
	rng := rand.New(rand.NewPCG(27, 3))
	checked, over, moves := 0, 0, 0
	for checked < positions {
		g := NewBaseGame()
		plies := rng.IntN(100)
		for range plies {
			ms := g.Moves()
			if len(ms) == 0 {
				break
			}
			g.Play(ms[rng.IntN(len(ms))])
		}
		gs := g.GameString()
		answer := e.send(t, "newgame "+gs)
		if len(answer) != 1 {
			t.Fatalf("newgame %s: nokamute answered %q", gs, answer)
		}
		// It writes the game back in its own words (other reference pieces): the same game.
		if back, err := ParseGameString(answer[0]); err != nil || back.GameString() != gs {
			t.Fatalf("newgame %s: nokamute answered %q: %v", gs, answer[0], err)
		}
		ours := g.Moves()
		if len(ours) == 0 {
			over++
			continue
		}
		answer = e.send(t, "validmoves")
		if len(answer) != 1 {
			t.Fatalf("%s: validmoves answered %q", gs, answer)
		}
		theirs := strings.Split(answer[0], ";")
		var got []BaseMove
		for _, s := range theirs {
			m, err := g.parseMove(s, ours)
			if err != nil {
				t.Fatalf("%s: nokamute's move %q: %v (ours: %d moves)", gs, s, err, len(ours))
			}
			if !slices.Contains(got, m) {
				got = append(got, m)
			}
		}
		if len(got) != len(ours) {
			var missing []string
			for _, m := range ours {
				if !slices.Contains(got, m) {
					missing = append(missing, g.MoveString(m))
				}
			}
			t.Fatalf("%s: nokamute lists %d moves, we have %d; ours it lacks: %q", gs, len(got), len(ours), missing)
		}
		checked++
		moves += len(ours)
	}
	t.Logf("%d positions, %d moves alike (%d games over before their position)", checked, moves, over)
}

// uhpEngine talks to a UHP engine over pipes.
type uhpEngine struct {
	in  io.Writer
	out *bufio.Scanner
}

// startUHP starts a UHP engine and reads its greeting.
func startUHP(t *testing.T, bin string, args ...string) *uhpEngine {
	t.Helper()
	cmd := exec.Command(bin, args...)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { in.Close(); cmd.Process.Kill(); cmd.Wait() })
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 0, 1<<16), 1<<22)
	e := &uhpEngine{in: in, out: sc}
	e.read(t) // the greeting: id, capabilities, ok
	return e
}

// send sends a command and returns its answer's lines before "ok".
func (e *uhpEngine) send(t *testing.T, cmd string) []string {
	t.Helper()
	if _, err := io.WriteString(e.in, cmd+"\n"); err != nil {
		t.Fatal(err)
	}
	return e.read(t)
}

func (e *uhpEngine) read(t *testing.T) []string {
	t.Helper()
	var lines []string
	for e.out.Scan() {
		if e.out.Text() == "ok" {
			return lines
		}
		lines = append(lines, e.out.Text())
	}
	t.Fatalf("the engine's output ended: %v (so far %q)", e.out.Err(), lines)
	return nil
}
