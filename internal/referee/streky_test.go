package referee_test

// ŠTREKY through the referee: a Dealt game is dealt anew every two games.

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gameagents/internal/command/homework"
	"gameagents/internal/gamefile"
	"gameagents/internal/halma"
	"gameagents/internal/rules"
	"gameagents/internal/streky"
)

// isStreky reports whether a fake agent's input.txt is ŠTREKY's.
func isStreky(lines []gamefile.Line) bool {
	name, _ := gamefile.Recognize("input.txt", lines)
	return name == streky.Game{}.Name()
}

// strekyMove is a fake agent's move for a ŠTREKY input.txt: the first legal placement the
// reference rules list, or PASS.
func strekyMove(lines []gamefile.Line) ([]string, error) {
	in, err := streky.ParseInput("input.txt", lines)
	if err != nil {
		return nil, err
	}
	p := in.Position
	m, ok := streky.FirstLegal(&p.Board, p.Hand())
	if !ok {
		m = streky.Move{Pass: true}
	}
	return []string{streky.FormatMove(m)}, nil
}

// TestStrekyDeals plays four games of a small setup: games 1 and 2 are dealt by the setup's
// seed, games 3 and 4 by the next one, and the records say so.
func TestStrekyDeals(t *testing.T) {
	games := []rules.Game{halma.Game{}, streky.Game{}}
	out, stdout := runMain(t, games, "-game", "streky", "-setup", "size=7x7 count=3 seed=5",
		"-a", agent(t, "first"), "-b", agent(t, "first"), "-games", "4", "-single", "5")
	if !strings.Contains(stdout, "mean points per game") {
		t.Errorf("Main stdout lacks the points:\n%s", stdout)
	}
	var firstMoves []string
	for n, want := range []string{"seed=5 (deal 1, games 1 and 2)", "seed=5 (deal 1, games 1 and 2)",
		"seed=6 (deal 2, games 3 and 4)", "seed=6 (deal 2, games 3 and 4)"} {
		rec, err := os.ReadFile(filepath.Join(out, "game-0"+string(rune('1'+n))+".txt"))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(rec), "\ndeal: "+want+"\n") {
			t.Errorf("game %d's record lacks %q:\n%s", n+1, "deal: "+want, rec)
		}
		_, after, _ := strings.Cut(string(rec), "PLACE ")
		move, _, _ := strings.Cut(after, "]") // "0,0 [23241/33244/43243]": the place and the card
		firstMoves = append(firstMoves, move)
	}
	// Both agents play the first placement: the same deal gives the same first move.
	if firstMoves[0] == "" || firstMoves[0] != firstMoves[1] || firstMoves[2] != firstMoves[3] || firstMoves[0] == firstMoves[2] {
		t.Errorf("first moves of games 1-4: %q; want the same within a deal and different between the deals", firstMoves)
	}
}

// TestStrekyRefusesOpenings: a dealt game's pairs start from different deals, which no
// opening fits.
func TestStrekyRefusesOpenings(t *testing.T) {
	games := []rules.Game{halma.Game{}, streky.Game{}}
	var stdout, stderr bytes.Buffer
	args := []string{"-game", "streky", "-a", "x", "-b", "y", "-openings", "openings.txt"}
	want := "referee: -openings: streky deals every pair of games anew"
	if code := homework.RefereeMain(games, args, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), want) {
		t.Errorf("Main(%q) = %d, stderr %q; want 2, containing %q", args, code, stderr.String(), want)
	}
}
