package review

import (
	"bytes"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"gameagents/internal/gamefile"
	"gameagents/internal/reversi"
	"gameagents/internal/rules"
)

// randomRecord plays a game of uniformly random moves (seeded) through the judge and
// writes it as the referee records it, with alice as BLACK and bob as WHITE.
func randomRecord(seed uint64) (string, []reversi.Position) {
	text, positions, _ := randomGame(seed)
	return text, positions
}

// randomGame is randomRecord with the same game as GGF, alice as PB and bob as PW.
func randomGame(seed uint64) (string, []reversi.Position, string) {
	rng := rand.New(rand.NewPCG(seed, 1))
	m := reversi.Game{}.New(0)
	var b strings.Builder
	b.WriteString("referee record: reversi, game 1 of 1\n")
	b.WriteString("agent A: alice plays BLACK: ./alice\nagent B: bob plays WHITE: ./bob\nfirst: alice (BLACK)\n")
	names := [2]string{"alice", "bob"}
	var positions []reversi.Position
	for ply := 1; m.HasMove(); ply++ {
		in, err := reversi.ParseInput("input.txt", gamefile.SplitLines(string(m.Input(gamefile.Single, "1"))))
		if err != nil {
			panic(err)
		}
		positions = append(positions, in.Position)
		move := reversi.Pass
		if moves := in.Board.Moves(); moves != 0 {
			k := rng.IntN(bits.OnesCount64(moves))
			for ; k > 0; k-- {
				moves &= moves - 1
			}
			move = reversi.SquareName(bits.TrailingZeros64(moves))
		}
		side := m.ToMove()
		if _, _, err := m.Play([]byte(move+"\n"), true); err != nil {
			panic(err)
		}
		fmt.Fprintf(&b, "ply %d: %s (%s) plays [%s] cpu 0.001s of 1s\n", ply, names[side], m.SideName(side), move)
	}
	in, _ := reversi.ParseInput("input.txt", gamefile.SplitLines(string(m.Input(gamefile.Single, "1"))))
	positions = append(positions, in.Position)
	b.WriteString("result: the game is over\n")
	ggf := m.(rules.GGFMatch).GGF([][2]string{{"PB", "alice"}, {"PW", "bob"}}, nil)
	return b.String(), positions, ggf
}

// negamax is the exact value for the side to move by plain exhaustive search, empty
// squares to the winner: the reference the solver's values are checked against.
func negamax(b reversi.Board, passed bool) int {
	moves := b.Moves()
	if moves == 0 {
		if passed {
			own, opp := bits.OnesCount64(b.Own), bits.OnesCount64(b.Opp)
			empties := 64 - own - opp
			switch {
			case own > opp:
				return own - opp + empties
			case own < opp:
				return own - opp - empties
			}
			return 0
		}
		return -negamax(b.Pass(), true)
	}
	best := -100
	for ; moves != 0; moves &= moves - 1 {
		best = max(best, -negamax(b.Play(bits.TrailingZeros64(moves)), false))
	}
	return best
}

func empties(p reversi.Position) int { return bits.OnesCount64(^(p.Board.Own | p.Board.Opp)) }

func TestAnalyseAgainstNegamax(t *testing.T) {
	const from = 9
	cfg := Config{From: from, LogSize: 16}
	solver := reversi.NewSolver(cfg.LogSize)
	decisive, mistakes := 0, 0
	for seed := range uint64(12) {
		text, positions := randomRecord(seed)
		g, err := Analyse("game.txt", gamefile.SplitLines(text), cfg, solver)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if g.Players != [2]string{"alice", "bob"} || g.Sides != [2]string{"BLACK", "WHITE"} {
			t.Fatalf("seed %d: players %q, sides %q", seed, g.Players, g.Sides)
		}
		var want []reversi.Position
		for _, p := range positions {
			if empties(p) <= from {
				want = append(want, p)
			}
		}
		if len(g.Plies) != len(want) {
			t.Fatalf("seed %d: %d plies analysed, want %d", seed, len(g.Plies), len(want))
		}
		for i, p := range g.Plies {
			v := negamax(want[i].Board, false)
			if p.Value != v || p.Mover != int(want[i].ToMove) || p.Empties != empties(want[i]) {
				t.Fatalf("seed %d, move %d: value %d mover %d empties %d, want %d, %d, %d", seed, p.N, p.Value, p.Mover, p.Empties, v, want[i].ToMove, empties(want[i]))
			}
			if i+1 < len(want) {
				after := negamax(want[i+1].Board, false)
				if want[i+1].ToMove != want[i].ToMove {
					after = -after
				}
				if p.After != after || p.Cost() != v-after || p.Decisive() != (sign(after) < sign(v)) {
					t.Fatalf("seed %d, move %d: after %d cost %d decisive %v, want %d, %d, %v", seed, p.N, p.After, p.Cost(), p.Decisive(), after, v-after, sign(after) < sign(v))
				}
			} else if p.Move != "" {
				t.Fatalf("seed %d: the last position has move %q", seed, p.Move)
			}
			if p.Cost() > 0 {
				mistakes++
			}
			if p.Decisive() {
				decisive++
			}
		}
		last := want[len(want)-1]
		final := negamax(last.Board, false)
		if last.ToMove != reversi.Black {
			final = -final
		}
		if g.Final != final {
			t.Errorf("seed %d: final %d, want %d", seed, g.Final, final)
		}
	}
	// Random play blunders: the test sees both kinds of move it must tell apart.
	if mistakes == 0 || decisive == 0 {
		t.Errorf("12 random games: %d mistakes, %d decisive moves; want some of each", mistakes, decisive)
	}
}

func TestTallies(t *testing.T) {
	var games []*Game
	cfg := Config{From: 8, LogSize: 16}
	solver := reversi.NewSolver(cfg.LogSize)
	for seed := range uint64(6) {
		text, _ := randomRecord(100 + seed)
		g, err := Analyse("game.txt", gamefile.SplitLines(text), cfg, solver)
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, g)
	}
	tallies := Tallies(games)
	if len(tallies) != 2 || tallies[0].Name != "alice" || tallies[1].Name != "bob" {
		t.Fatalf("tallies of %d players, want alice and bob", len(tallies))
	}
	a, b := tallies[0], tallies[1]
	if a.End != [3]int{b.End[2], b.End[1], b.End[0]} || a.Start != [3]int{b.Start[2], b.Start[1], b.Start[0]} {
		t.Errorf("alice ends %v from %v, bob %v from %v: want mirror images", a.End, a.Start, b.End, b.Start)
	}
	moves, discs, dec := 0, 0, 0
	for _, g := range games {
		for _, p := range g.Plies {
			if p.Move != "" && p.Move != reversi.Pass {
				moves++
			}
			discs += p.Cost()
			if p.Decisive() {
				dec++
			}
		}
	}
	if a.Moves+b.Moves != moves || a.Discs+b.Discs != discs || a.Decisive+b.Decisive != dec {
		t.Errorf("tallies: %d moves, %d discs, %d decisive; the games hold %d, %d, %d", a.Moves+b.Moves, a.Discs+b.Discs, a.Decisive+b.Decisive, moves, discs, dec)
	}
	// A win at the start that ends a loss needs a decisive move of that player.
	for _, tl := range tallies {
		if tl.End[2] > tl.Start[2] && tl.Decisive == 0 {
			t.Errorf("%s: %d losses from %d lost starts, and no decisive move", tl.Name, tl.End[2], tl.Start[2])
		}
	}
}

func TestNodeLimitLeavesUnknown(t *testing.T) {
	text, _ := randomRecord(7)
	g, err := Analyse("game.txt", gamefile.SplitLines(text), Config{From: 20, Nodes: 1, LogSize: 16}, reversi.NewSolver(16))
	if err != nil {
		t.Fatal(err)
	}
	unknown := 0
	for _, p := range g.Plies {
		if p.Value == Unknown {
			unknown++
			if p.Cost() != 0 || p.Decisive() {
				t.Errorf("move %d: unknown value, cost %d", p.N, p.Cost())
			}
		}
	}
	if unknown == 0 || g.Start() != Unknown {
		t.Errorf("a one-node limit left %d of %d values unknown, start %d", unknown, len(g.Plies), g.Start())
	}
}

func TestBadFiles(t *testing.T) {
	dir := t.TempDir()
	good, _ := randomRecord(3)
	illegal := strings.Replace(good, "ply 1: alice (BLACK) plays [", "ply 1: alice (BLACK) plays [a1] x [", 1)
	files := map[string]string{
		"halma.txt":   "referee record: halma, game 1 of 1\n",
		"illegal.txt": illegal,
		"empty.txt":   "",
		"good.txt":    good,
	}
	var paths []string
	for _, name := range []string{"halma.txt", "illegal.txt", "empty.txt", "good.txt", "missing.txt"} {
		p := filepath.Join(dir, name)
		if content, ok := files[name]; ok {
			if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		paths = append(paths, p)
	}
	games, errs := Run(paths, Config{From: 8, Workers: 2, LogSize: 16}, nil)
	if len(games) != 1 || games[0].File != paths[3] {
		t.Fatalf("%d games analysed, want good.txt alone", len(games))
	}
	wants := []string{"halma.txt:1: unknown game", "illegal.txt:", "empty.txt:1:", "missing.txt"}
	if len(errs) != len(wants) {
		t.Fatalf("errors %q, want %d", errs, len(wants))
	}
	for i, w := range wants {
		if !strings.Contains(errs[i].Error(), w) {
			t.Errorf("error %q, want it to name %q", errs[i], w)
		}
	}
	if !strings.Contains(errs[1].Error(), "illegal move") {
		t.Errorf("error %q, want it to say the move is illegal", errs[1])
	}
}

func TestMain(t *testing.T) {
	dir := t.TempDir()
	text, _ := randomRecord(5)
	path := filepath.Join(dir, "game-01.txt")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	if got := Main([]string{"-from", "8", path}, &out, &errOut); got != 0 {
		t.Fatalf("exit %d: %s", got, errOut.String())
	}
	for _, w := range []string{path + ": alice (BLACK) against bob (WHITE): ", "at 8 empties", "alice ", "bob "} {
		if !strings.Contains(out.String(), w) {
			t.Errorf("report lacks %q:\n%s", w, out.String())
		}
	}
	for _, args := range [][]string{{"-from", "0", path}, {"-from", "31", path}, {"-workers", "0", path}, {"-nodes", "-1", path}, {}} {
		if got := Main(args, &out, &errOut); got != 2 {
			t.Errorf("%q: exit %d, want 2", args, got)
		}
	}
	if got := Main([]string{filepath.Join(dir, "none.txt")}, &out, &errOut); got != 1 {
		t.Errorf("a missing file: exit %d, want 1", got)
	}
}

func TestGGFAsRecord(t *testing.T) {
	text, _, ggf := randomGame(11)
	cfg := Config{From: 9, LogSize: 16}
	fromRecord, err := Analyse("game.txt", gamefile.SplitLines(text), cfg, reversi.NewSolver(16))
	if err != nil {
		t.Fatal(err)
	}
	fromGGF, err := Analyse("game.ggf", gamefile.SplitLines(ggf), cfg, reversi.NewSolver(16))
	if err != nil {
		t.Fatal(err)
	}
	fromGGF.File = fromRecord.File
	if diff := cmp.Diff(fromRecord, fromGGF); diff != "" || len(fromGGF.Plies) == 0 {
		t.Errorf("the game as GGF analysed otherwise than as a record (-record +ggf):\n%s", diff)
	}
}
