package quoridor

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"gameagents/internal/benchset"
	"gameagents/internal/gamefile"
	"gameagents/internal/sprt"
	"gameagents/internal/tournament"
)

// The arena plays whole games in-process between two players at a fixed node budget, for
// tuning; matches that count are played through the referee. Each pair of games starts from
// the same seeded random opening, once with each player moving first: games 2k-1 and 2k
// (from 1), A FIRST in the first. -arena-sprt runs a sequential test on the pairs and
// stops when it decides.
//
//	go test ./internal/quoridor -run TestArena -arena 20 -arena-a engine -arena-b greedy -v
//	go test ./internal/quoridor -run TestArena -arena 20 -arena-setup "size=11x11 walls=12 initial=8" -v
//	go test ./internal/quoridor -run TestArena -arena 1000 -arena-sprt 0,10 -arena-a engine-wall120 -arena-b engine -arena-nodes 100000 -v
//	go test ./internal/quoridor -run TestArena -arena 1000 -arena-sprt 0,10 -arena-a engine@200000 -arena-b engine -arena-nodes 100000 -v
//	go test ./internal/quoridor -run TestArena -arena 1000 -arena-sprt 0,10 -arena-a engine+memory -arena-b engine -arena-nodes 100000 -v
var (
	arenaGames  = flag.Int("arena", 0, "play this many arena games (0: skip)")
	arenaA      = flag.String("arena-a", "engine", "arena player A: engine, greedy, random, or engine-VARIANT (see arenaVariants); a suffix +memory gives that engine the game's positions since the last wall, a last @N its own nodes a move")
	arenaB      = flag.String("arena-b", "greedy", "arena player B")
	arenaNodes  = flag.Int64("arena-nodes", 300_000, "engine nodes per move")
	arenaSetup  = flag.String("arena-setup", "", "the game's setup, as the judge's -setup (default: 9x9, 10 walls each)")
	arenaOpen   = flag.Int("arena-opening", 2, "random plies opening each pair of games")
	arenaShow   = flag.Bool("arena-show", false, "log every ply: the move, both shortest paths and walls left")
	arenaOnly   = flag.Int("arena-only", 0, "play only this game of the -arena games (1-based), e.g. to -arena-show it")
	arenaMemory = flag.Bool("arena-memory", false, "give the engine the game's positions since the last wall, as playdata.txt does in GAME mode (default: none, as in SINGLE mode)")
	arenaSPRT   = flag.String("arena-sprt", "", "ELO0,ELO1[,ALPHA,BETA]: test A's normalized Elo against B, H0 ELO0 against H1 ELO1 (internal/sprt), on the pairs of games, playing pairs until the test decides; -arena is then the most games (an odd last one is left out)")
)

// arenaVariants are engines with one feature switched or one weight changed, for measuring.
var arenaVariants = map[string]func(*Features){
	"notable":   func(f *Features) { f.NoTT = true },
	"nopvs":     func(f *Features) { f.NoPVS = true },
	"noprotect": func(f *Features) { f.NoProtect = true },
	"pathwalls": func(f *Features) { f.PathWalls = true },
	"wall80":    func(f *Features) { f.Weights = DefaultWeights; f.Weights.Wall = 80 },
	"wall120":   func(f *Features) { f.Weights = DefaultWeights; f.Weights.Wall = 120 },
	"wall160":   func(f *Features) { f.Weights = DefaultWeights; f.Weights.Wall = 160 },
	"wall300":   func(f *Features) { f.Weights = DefaultWeights; f.Weights.Wall = 300 },
	"tempo0":    func(f *Features) { f.Weights = DefaultWeights; f.Weights.Tempo = 0 },
	"tempo100":  func(f *Features) { f.Weights = DefaultWeights; f.Weights.Tempo = 100 },
	"cap5":      func(f *Features) { f.Weights = DefaultWeights; f.Weights.WallCap = 5 },
}

// arenaPlayer chooses a move; history is the game's positions since the last wall, oldest
// first (Limits.History).
type arenaPlayer func(p *Position, history []uint64) Move

func newArenaPlayer(t *testing.T, name string) arenaPlayer {
	switch name {
	case "random":
		return func(p *Position, _ []uint64) Move { return RandomMove(p, p.AppendLegalMoves(nil)) }
	case "greedy":
		return func(p *Position, _ []uint64) Move { return GreedyMove(p) }
	}
	variant, isEngine := strings.CutPrefix(name, "engine")
	if !isEngine {
		t.Fatalf("unknown arena player %q", name)
	}
	// "@N": this engine searches N nodes a move instead of -arena-nodes.
	nodes := *arenaNodes
	if v, n, ok := strings.Cut(variant, "@"); ok {
		var err error
		if nodes, err = strconv.ParseInt(n, 10, 64); err != nil || nodes <= 0 {
			t.Fatalf("arena player %q: %q is not a number of nodes", name, n)
		}
		variant = v
	}
	// "+memory": this engine alone is given the game's positions since the last wall.
	variant, memory := strings.CutSuffix(variant, "+memory")
	memory = memory || *arenaMemory
	e := NewEngine(ttLogSize(nodes))
	if variant != "" {
		change, ok := arenaVariants[strings.TrimPrefix(variant, "-")]
		if !ok {
			t.Fatalf("unknown engine variant %q", variant)
		}
		change(&e.Features)
	}
	return func(p *Position, history []uint64) Move {
		e.ClearTT() // each move as the agent plays it: a fresh table
		lim := Limits{Nodes: nodes}
		if memory {
			lim.History = history
		}
		return e.Search(p, lim, nil).Move
	}
}

// arenaOpening plays n random plies from the start: each a step or a wall with equal
// chances (walls outnumber steps, so a uniform pick would spend every wall), never a step
// onto the goal row.
func arenaOpening(p *Position, n int, rng *rand.Rand) []Move {
	var moves []Move
	for range n {
		var steps []Move
		for _, s := range p.AppendSteps(nil) {
			if int(s.Y) != p.Players[p.ToMove].Goal {
				steps = append(steps, s)
			}
		}
		walls := p.AppendLegalWalls(nil)
		var m Move
		switch {
		case len(walls) > 0 && (len(steps) == 0 || rng.IntN(2) == 0):
			m = walls[rng.IntN(len(walls))]
		case len(steps) > 0:
			m = steps[rng.IntN(len(steps))]
		default:
			return moves
		}
		p.Apply(m)
		moves = append(moves, m)
	}
	return moves
}

// playArenaGame plays one game from start, players[0] as FIRST; it returns the result and
// the plies played.
func playArenaGame(t *testing.T, players [2]arenaPlayer, start Position, plyCap int) (Result, int) {
	p := start
	var history []uint64
	for ply := 0; ply < plyCap; ply++ {
		if r := p.Result(); r != Undecided {
			return r, ply
		}
		m := players[p.ToMove](&p, history)
		if err := p.Check(m); err != nil {
			t.Fatalf("arena: %v played an illegal move %v: %v", SideName(p.ToMove), m, err)
		}
		history = append(history, p.Hash())
		if m.Kind == KindWall {
			history = history[:0]
		}
		p.Apply(m)
		if *arenaShow {
			a, b := p.Players[0], p.Players[1]
			t.Logf("  ply %d: %s %v; FIRST at %v path %d walls %d, SECOND at %v path %d walls %d",
				ply+1, SideName(p.ToMove^1), m, a.Cell(), p.Distance(0), a.WallsLeft, b.Cell(), p.Distance(1), b.WallsLeft)
		}
	}
	return p.Result(), plyCap
}

func TestArena(t *testing.T) {
	if *arenaGames == 0 {
		t.Skip("a measurement: run with -arena N")
	}
	playArena(t)
}

// playArena plays the arena the flags describe and returns its -arena-sprt test (nil
// without one).
func playArena(t *testing.T) *sprt.Sequential {
	setup, err := ParseSetup(*arenaSetup)
	if err != nil {
		t.Fatal(err)
	}
	initial, err := setup.InitialWalls()
	if err != nil {
		t.Fatal(err)
	}
	seq, games := arenaTest(t), *arenaGames
	if seq != nil {
		if *arenaOnly > 0 {
			t.Fatal("-arena-only plays one game, -arena-sprt whole pairs: use one of them")
		}
		games -= games % 2 // the test counts whole pairs only
	}
	a, b := newArenaPlayer(t, *arenaA), newArenaPlayer(t, *arenaB)
	var wins, draws, losses, plies int
	var first sprt.Result // A's result in the pair's first game
	for g := range games {
		if *arenaOnly > 0 && g+1 != *arenaOnly {
			continue
		}
		start := buildPosition(setup.NX, setup.NY, setup.Start(), 0, initial)
		opening := arenaOpening(&start, *arenaOpen, rand.New(rand.NewPCG(uint64(g/2), 7)))
		players, aSide := [2]arenaPlayer{a, b}, 0
		if g%2 == 1 {
			players, aSide = [2]arenaPlayer{b, a}, 1
		}
		r, n := playArenaGame(t, players, start, setup.PlyCap)
		plies += n
		outcome := "draw"
		result := sprt.Draw
		switch {
		case r == FirstWon+Result(aSide):
			wins++
			outcome, result = "A won", sprt.Win
		case r == FirstWon+Result(1-aSide):
			losses++
			outcome, result = "B won", sprt.Loss
		default:
			draws++
		}
		decided, llr := false, ""
		if seq != nil && g%2 == 1 {
			decided = seq.Add(first, result) != sprt.Continue
			llr = fmt.Sprintf("; pair %d: LLR %.3f", seq.Counts.N(), seq.LLR)
		}
		first = result
		t.Logf("game %d: A %s, opening %v: %s (%v) after %d plies%s", g+1, SideName(aSide), opening, outcome, r, n, llr)
		if decided {
			break
		}
	}
	n := wins + draws + losses
	t.Logf("A %s vs B %s, %s, %d nodes a move, %d games: %s; %.1f plies a game",
		*arenaA, *arenaB, setup, *arenaNodes, n, tournament.HeadToHead(wins, draws, losses), float64(plies)/float64(n))
	if seq != nil {
		t.Logf("SPRT from A's side, A %s against B %s:\n%s", *arenaA, *arenaB, seq.Summary(games/2))
	}
	return seq
}

// arenaTest is the test -arena-sprt asks for, nil without the flag.
func arenaTest(t *testing.T) *sprt.Sequential {
	seq, err := sprt.FromFlag(*arenaSPRT)
	if err != nil {
		t.Fatalf("-arena-sprt %v", err)
	}
	return seq
}

// TestSPRTArenaStops: with -arena-sprt the arena stops when the test decides. The engine
// at 2,000 nodes a move wins nearly every game against random moves, so nElo 0 against
// 200 is settled for H1 in about 7 pairs, well before the 20 allowed.
func TestSPRTArenaStops(t *testing.T) {
	if *arenaGames != 0 {
		t.Skip("-arena is set: the flags are TestArena's")
	}
	defer func(games int, nodes int64, a, b, test string) {
		*arenaGames, *arenaNodes, *arenaA, *arenaB, *arenaSPRT = games, nodes, a, b, test
	}(*arenaGames, *arenaNodes, *arenaA, *arenaB, *arenaSPRT)
	*arenaGames, *arenaNodes, *arenaA, *arenaB, *arenaSPRT = 40, 2000, "engine", "random", "0,200"
	seq := playArena(t)
	if seq.Verdict != sprt.AcceptH1 || seq.Counts.N() >= *arenaGames/2 {
		t.Errorf("engine against random, -arena-sprt 0,200: %v after %d pairs, want H1 accepted before %d", seq.Verdict, seq.Counts.N(), *arenaGames/2)
	}
}

var (
	writeOpenings = flag.String("write-openings", "", "write -openings-count random 2-ply openings (the referee's -openings format) for -arena-setup to this file")
	openingsCount = flag.Int("openings-count", 10, "how many openings -write-openings writes (the first ones are the same whatever the count)")
)

// TestWriteOpenings writes openings for referee matches: 10 distinct openings of 2 random
// plies (a step or a wall each, as the arena's), seeded, so that deterministic agents play
// 10 different pairs of games.
//
//	go test ./internal/quoridor -run TestWriteOpenings -write-openings $PWD/openings.txt
func TestWriteOpenings(t *testing.T) {
	if *writeOpenings == "" {
		t.Skip("a data tool: run with -write-openings FILE")
	}
	setup, err := ParseSetup(*arenaSetup)
	if err != nil {
		t.Fatal(err)
	}
	initial, err := setup.InitialWalls()
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(2026, 5))
	text := fmt.Sprintf("# Quoridor openings for %s: distinct pairs of 2 random plies (seeded), written by TestWriteOpenings in internal/quoridor.\n", setup)
	// Distinct: half the plies are steps, so a draw repeats one of the nine pairs of steps
	// often, and a repeated opening counts its games twice in a sequential test. A pair of
	// plies, one a side, makes a different position from every other pair.
	seen := map[string]bool{}
	for len(seen) < *openingsCount {
		p := buildPosition(setup.NX, setup.NY, setup.Start(), 0, initial)
		var words []string
		for _, m := range arenaOpening(&p, 2, rng) {
			words = append(words, FormatMove(m))
		}
		line := strings.Join(words, "; ")
		if !seen[line] {
			seen[line] = true
			text += line + "\n"
		}
	}
	if err := os.WriteFile(*writeOpenings, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

var writeBench = flag.Bool("write-single-bench", false, "rewrite testdata/single-bench from arena games")

// TestWriteSingleBench writes the SINGLE 1.0 benchmark set: 200 positions spread evenly over
// 24 arena games, half on 9×9 with 10 walls each and half on 11×11 with 12 walls each and
// 10 initial walls; the engine at 300,000 nodes a move against greedy, random and itself,
// each game opening with 2 seeded random plies; every position where the mover has more
// than one legal move.
//
//	go test ./internal/quoridor -run TestWriteSingleBench -write-single-bench
func TestWriteSingleBench(t *testing.T) {
	if !*writeBench {
		t.Skip("a data tool: run with -write-single-bench")
	}
	*arenaNodes = 300_000
	var all [][]byte
	for g := range 24 {
		text := "size=9x9 walls=10"
		if g%2 == 1 {
			text = "size=11x11 walls=12 initial=10"
		}
		setup, err := ParseSetup(text)
		if err != nil {
			t.Fatal(err)
		}
		walls, err := setup.InitialWalls()
		if err != nil {
			t.Fatal(err)
		}
		p := buildPosition(setup.NX, setup.NY, setup.Start(), 0, walls)
		walls = append([]StepPair(nil), walls...)
		for _, m := range arenaOpening(&p, 2, rand.New(rand.NewPCG(uint64(g), 99))) {
			if m.Kind == KindWall {
				walls = append(walls, m.Steps())
			}
		}
		opponent := []string{"greedy", "random", "engine"}[g/2%3]
		players := [2]arenaPlayer{newArenaPlayer(t, "engine"), newArenaPlayer(t, opponent)}
		if g/6%2 == 1 {
			players[0], players[1] = players[1], players[0]
		}
		for ply := 0; ply < setup.PlyCap && p.Result() == Undecided; ply++ {
			if len(p.AppendLegalMoves(nil)) > 1 {
				all = append(all, gamefile.JoinLines(InputLines(gamefile.Single, "1.0", &p, walls)))
			}
			m := players[p.ToMove](&p, nil)
			if m.Kind == KindWall {
				walls = append(walls, m.Steps())
			}
			p.Apply(m)
		}
	}
	dir := filepath.Join("testdata", "single-bench")
	if err := benchset.Write(dir, all); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %d of %d positions to %s", benchset.Size, len(all), dir)
}
