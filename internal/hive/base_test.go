package hive

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"gameagents/internal/gamefile"
)

// TestBasePerft counts the base game's move sequences from the start, as Mzinga and
// nokamute count them (the counts both publish, and nokamute's `perft Base` prints).
func TestBasePerft(t *testing.T) {
	want := []int64{1, 4, 96, 1440, 21600, 516240}
	if testing.Short() {
		want = want[:5]
	}
	for depth, n := range want {
		if got := BasePerft(NewBaseGame(), depth); got != n {
			t.Errorf("BasePerft(start, %d) = %d, want %d", depth, got, n)
		}
	}
}

// TestBasePerftDeep goes one ply further, where pieces first move.
func TestBasePerftDeep(t *testing.T) {
	if testing.Short() {
		t.Skip("12 million move sequences")
	}
	if got, want := BasePerft(NewBaseGame(), 6), int64(12219480); got != want {
		t.Errorf("BasePerft(start, 6) = %d, want %d", got, want)
	}
}

// TestBaseNotationRoundTrip plays random games and writes every position's moves in UHP's
// notation, then reads each back: the same move; and the game string reads back as the
// same game.
func TestBaseNotationRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(27, 1))
	for game := range 20 {
		g := NewBaseGame()
		for ply := 0; ply < 80; ply++ {
			moves := g.Moves()
			if len(moves) == 0 {
				break
			}
			for i, m := range moves {
				if ply > 8 && (i+ply)%7 != 0 {
					continue // a seventh of them, to keep the test short
				}
				s := g.MoveString(m)
				back, err := g.ParseMove(s)
				if err != nil || back != m {
					t.Fatalf("game %d ply %d: %+v written %q read back as %+v, %v (game %s)", game, ply, m, s, back, err, g.GameString())
				}
			}
			g.Play(moves[rng.IntN(len(moves))])
		}
		back, err := ParseGameString(g.GameString())
		if err != nil || back.GameString() != g.GameString() {
			t.Fatalf("game %d: ParseGameString(%q) = %v, %v", game, g.GameString(), back, err)
		}
	}
}

// TestBaseUndo: undoing every move of random games gives back every position's moves.
func TestBaseUndo(t *testing.T) {
	rng := rand.New(rand.NewPCG(27, 2))
	g := NewBaseGame()
	var lists []string
	for ply := 0; ply < 120; ply++ {
		moves := g.Moves()
		if len(moves) == 0 {
			break
		}
		lists = append(lists, fmt.Sprint(moves))
		g.Play(moves[rng.IntN(len(moves))])
	}
	for i := len(lists) - 1; i >= 0; i-- {
		if !g.Undo() {
			t.Fatalf("Undo at ply %d failed", i+1)
		}
		if got := fmt.Sprint(g.Moves()); got != lists[i] {
			t.Fatalf("after undoing to ply %d the moves differ:\n%s\nwant\n%s", i, got, lists[i])
		}
	}
	if g.Undo() {
		t.Error("Undo at the start succeeded")
	}
}

// TestBaseNotationErrors: moves the notation or the rules refuse say why.
func TestBaseNotationErrors(t *testing.T) {
	g, err := ParseGameString("Base;InProgress;White[2];wS1;bG1 -wS1")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ move, want string }{
		{"wQ wS1-", ""},
		{"wQ -bG1", "not a legal move"},
		{"bQ wS1-", "it is White's turn"},
		{"wX1 wS1-", "none of QBSGA"},
		{"wA4 wS1-", "numbered 1 to 3"},
		{"wQ1 wS1-", "no number"},
		{"wQ wA1-", "not on the board"},
		{"wQ", "want where the piece goes"},
		{"pass", "moves are legal"},
	} {
		_, err := g.ParseMove(c.move)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("ParseMove(%q) = %v", c.move, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("ParseMove(%q) = %v, want an error containing %q", c.move, err, c.want)
		}
	}
	for _, c := range []struct{ game, want string }{
		{"Base+M", "only the base game"},
		{"Base;InProgress", "want GameType"},
		{"Base;InProgress;White[2];wQ;bG1 -wQ", "move 1"},
		{"Base;InProgress;White[3];wS1;bG1 -wS1", "White[2]"},
		{"Base;NotStarted;Black[1];wS1", "NotStarted"},
	} {
		if _, err := ParseGameString(c.game); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseGameString(%q) = %v, want an error containing %q", c.game, err, c.want)
		}
	}
}

// TestBaseRepetition: the third occurrence of a position is a draw (the queens step back and
// forth: the position after ply 4 comes again after plies 8 and 12).
func TestBaseRepetition(t *testing.T) {
	moves := []string{"wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-", "wQ \\wS1", "bQ bS1/",
		"wQ -wS1", "bQ bS1-", "wQ \\wS1", "bQ bS1/", "wQ -wS1"}
	g := NewBaseGame()
	for i, s := range moves {
		m, err := g.ParseMove(s)
		if err != nil {
			t.Fatalf("move %d %q: %v", i+1, s, err)
		}
		g.Play(m)
		if g.State() != "InProgress" {
			t.Fatalf("after move %d: %s, want InProgress", i+1, g.State())
		}
	}
	m, err := g.ParseMove("bQ bS1-")
	if err != nil {
		t.Fatal(err)
	}
	g.Play(m)
	if g.State() != "Draw" || len(g.Moves()) != 0 {
		t.Errorf("after the third occurrence: %s with %d moves, want Draw and none", g.State(), len(g.Moves()))
	}
	if _, err := ParseGameString(g.GameString()); err != nil || !strings.HasPrefix(g.GameString(), "Base;Draw;White[7];") {
		t.Errorf("game string %q: %v", g.GameString(), err)
	}
	g.Undo()
	if g.State() != "InProgress" {
		t.Errorf("after undo: %s, want InProgress", g.State())
	}
}

var baseOpenings = flag.String("base-openings", "",
	"TestBaseOpenings: write 40 random 4-ply openings of the base game, in UHP's notation, to this file (the openings of its matches)")

// TestBaseOpenings writes the base game's match openings (a seeded generator: the same file
// every time): go test ./internal/hive -run TestBaseOpenings -base-openings FILE
func TestBaseOpenings(t *testing.T) {
	if *baseOpenings == "" {
		t.Skip("writes a file: run with -base-openings FILE")
	}
	rng := rand.New(rand.NewPCG(561, 4))
	lines := []string{"# 40 random 4-ply openings of Hive's base game (go test ./internal/hive -run TestBaseOpenings -base-openings FILE)"}
	seen := map[string]bool{}
	for len(lines) < 41 {
		g := NewBaseGame()
		var moves []string
		for range 4 {
			ms := g.Moves()
			m := ms[rng.IntN(len(ms))]
			moves = append(moves, g.MoveString(m))
			g.Play(m)
		}
		if line := strings.Join(moves, "; "); !seen[line] {
			seen[line] = true
			lines = append(lines, line)
		}
	}
	if err := os.WriteFile(*baseOpenings, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestConfigureBase: -setup rules=base is the base game: White to move on an empty board,
// its input.txt the header, HIVE BASE and the game string, which the agent reads back.
func TestConfigureBase(t *testing.T) {
	g, err := Game{}.Configure("rules=base")
	if err != nil {
		t.Fatal(err)
	}
	m := g.New(1)
	input := string(m.Input(gamefile.Single, "1"))
	if want := "SINGLE\nWHITE\n1\nHIVE BASE\nBase;NotStarted;White[1]\n"; input != want {
		t.Fatalf("the base game's first input.txt = %q, want %q", input, want)
	}
	if _, _, err := m.Play([]byte("wQ\n"), true); err == nil {
		t.Error("the queen placed first was accepted")
	}
	if mv, _, err := m.Play([]byte("wS1\n"), true); err != nil || mv != "wS1" {
		t.Fatalf("Play(wS1) = %q, %v", mv, err)
	}
	lines := gamefile.SplitLines(string(m.Input(gamefile.GameClock, "30")))
	pos, err := Game{}.Parse("input.txt", lines)
	if err != nil {
		t.Fatal(err)
	}
	if h := pos.Header(); h.Mode != gamefile.GameClock || h.Side.Text != "BLACK" {
		t.Errorf("the agent read %v %q, want GAME BLACK", h.Mode, h.Side.Text)
	}
	if _, err := (Game{}).Parse("input.txt", gamefile.SplitLines("SINGLE\nWHITE\n1\nHIVE BASE\nBase;InProgress;Black[1];wS1\n")); err == nil ||
		!strings.Contains(err.Error(), "input.txt:2: WHITE, but the game has Black to move") {
		t.Errorf("a side that is not the game's: %v", err)
	}
}

// BenchmarkBaseMoves generates the moves of mid-game positions of random base games.
func BenchmarkBaseMoves(b *testing.B) {
	games := baseMidgames(20)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		games[i%len(games)].Moves()
	}
}

// TestCutCells: the articulation points found in one search are the cells whose removal,
// flood-filled, splits the hive, on positions of random games.
func TestCutCells(t *testing.T) {
	rng := rand.New(rand.NewPCG(27, 6))
	for game := range 30 {
		g := NewBaseGame()
		for ply := 0; ply < 60; ply++ {
			g.findCuts()
			for _, c := range g.occupiedCells(nil) {
				if want := !g.connectedWithout(c); g.isCut(c) != want {
					t.Fatalf("game %d ply %d: cell %v cut %v, the flood fill says %v (%s)", game, ply, c, g.isCut(c), want, g.GameString())
				}
			}
			ms := g.Moves()
			if len(ms) == 0 {
				break
			}
			g.Play(ms[rng.IntN(len(ms))])
		}
	}
}

// TestBaseRepeatedAgainstCount: the repetition draw (repeated: a bucket count, then a scan
// back to the last placement) agrees with counting the position among all the game's
// positions with the same side to move, on random games steered into positions met before.
func TestBaseRepeatedAgainstCount(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 33))
	draws := 0
	for game := range 60 {
		g := NewBaseGame()
		for g.Plies() < 300 {
			n := 0
			for k := len(g.hashes) - 1; k >= 0; k -= 2 {
				if g.hashes[k] == g.hash {
					n++
				}
			}
			if got, want := g.repeated(), n >= baseRepetitions; got != want {
				t.Fatalf("game %d, %s: repeated %v, the count says %d", game, g.GameString(), got, n)
			}
			ms := g.Moves()
			if len(ms) == 0 {
				draws++
				break
			}
			g.Play(pickRepeating(g, ms, rng))
		}
	}
	if draws < 20 {
		t.Fatalf("%d of 60 games ended: the test checks too few repetitions", draws)
	}
}

// pickRepeating picks a move of ms back into a position met before when there is one,
// seven times in ten, else any.
func pickRepeating(g *BaseGame, ms []BaseMove, rng *rand.Rand) BaseMove {
	if rng.IntN(10) < 7 {
		for _, m := range ms {
			g.Play(m)
			back := slices.Contains(g.hashes[:len(g.hashes)-1], g.hash)
			g.Undo()
			if back {
				return m
			}
		}
	}
	return ms[rng.IntN(len(ms))]
}
