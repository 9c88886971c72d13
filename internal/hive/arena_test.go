package hive

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gameagents/internal/benchset"
	"gameagents/internal/gamefile"
	"gameagents/internal/sprt"
	"gameagents/internal/tournament"
)

// The arena plays whole games in-process between two players at a fixed node budget, for
// tuning; matches that count are played through the referee (RESULTS.md). Games 2k-1 and
// 2k (from 1) are a pair: the same random opening, A moving first (LOWER) in the first.
// -arena-sprt runs a sequential test on the pairs and stops when it decides.
//
//	go test ./internal/hive -run TestArena -arena 20 -arena-a engine -arena-b greedy -v
//	go test ./internal/hive -run TestArena -arena 1000 -arena-sprt 0,10 -arena-a weights:pressure=60 -arena-b engine -arena-nodes 150000 -v
var (
	arenaGames = flag.Int("arena", 0, "play this many arena games (0: skip)")
	arenaA     = flag.String("arena-a", "engine", "arena player A: engine, greedy, random, or weights:NAME=N,... (the engine with other evaluation weights)")
	arenaB     = flag.String("arena-b", "greedy", "arena player B")
	arenaNodes = flag.Int64("arena-nodes", 400_000, "engine nodes per move")
	arenaSet   = flag.String("arena-pieces", "1,2,2,2,2", "pieces per side: q,b,s,g,a")
	arenaOpen  = flag.Int("arena-opening", 4, "random plies opening each pair of games")
	arenaSPRT  = flag.String("arena-sprt", "", "ELO0,ELO1[,ALPHA,BETA]: test A's normalized Elo against B, H0 ELO0 against H1 ELO1 (internal/sprt), on the pairs of games, playing pairs until the test decides; -arena is then the most games (an odd last one is left out)")
)

type arenaPlayer func(b *Board, moves []PackedMove) PackedMove

func newArenaPlayer(t *testing.T, name string) arenaPlayer {
	switch name {
	case "random":
		return RandomMove
	case "greedy":
		return GreedyMove
	case "engine":
		return enginePlayer(DefaultWeights)
	}
	if spec, ok := strings.CutPrefix(name, "weights:"); ok {
		w := DefaultWeights
		fields := map[string]*int32{"pressure": &w.Pressure, "frozen": &w.FrozenQueen, "beetleonqueen": &w.BeetleOnQueen,
			"movable": &w.Movable, "ant": &w.Ant, "beetle": &w.Beetle, "inhand": &w.InHand}
		for _, kv := range strings.Split(spec, ",") {
			k, v, _ := strings.Cut(kv, "=")
			var n int32
			if _, err := fmt.Sscan(v, &n); err != nil || fields[k] == nil {
				t.Fatalf("arena player %q: bad weight %q (want name=integer, names %v)", name, kv, fields)
			}
			*fields[k] = n
		}
		return enginePlayer(w)
	}
	t.Fatalf("unknown arena player %q: want engine, greedy, random or weights:NAME=N,...", name)
	return nil
}

// enginePlayer is the engine with the given evaluation weights at the arena's node budget,
// for one game: it remembers the positions after its moves, as the agent does in playdata.
func enginePlayer(w Weights) arenaPlayer {
	e := NewEngine(ttLogSize(*arenaNodes))
	e.Weights = w
	var seen []uint64 // as playdata.txt keeps them: the positions after our moves
	return func(b *Board, moves []PackedMove) PackedMove {
		m := e.Search(b, Limits{Nodes: *arenaNodes, Seen: seen}, nil).Move
		b.Make(m)
		seen = append(seen, b.hash)
		b.Unmake(m)
		return m
	}
}

// playArenaGame plays one game, players[0] as LOWER (moving first); it returns both sides'
// points, the plies played and how it ended.
func playArenaGame(players [2]arenaPlayer, hand [5]int, opening *rand.Rand) ([2]int, int, string) {
	b := NewBoard(NewPosition(13, hand, Lower))
	buf := make([]PackedMove, 0, MaxMoves)
	passes, plies := 0, 0
	for range *arenaOpen {
		moves := RootMoves(b, buf)
		b.Make(moves[opening.IntN(len(moves))])
		plies++
	}
	for {
		switch {
		case b.Surrounded(Lower) || b.Surrounded(Upper):
			return [2]int{b.Points(Lower), b.Points(Upper)}, plies, "surround"
		case b.moves[0] >= moveLimit && b.moves[1] >= moveLimit:
			return [2]int{b.Points(Lower), b.Points(Upper)}, plies, "limit"
		case passes >= 2:
			return [2]int{b.Points(Lower), b.Points(Upper)}, plies, "stuck"
		}
		moves := RootMoves(b, buf)
		m := players[b.mover](b, moves)
		if m == 0 {
			passes++
		} else {
			passes = 0
		}
		b.Make(m)
		plies++
	}
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
	var hand [5]int
	if _, err := fmt.Sscanf(*arenaSet, "%d,%d,%d,%d,%d", &hand[0], &hand[1], &hand[2], &hand[3], &hand[4]); err != nil {
		t.Fatal(err)
	}
	seq, games := arenaTest(t), *arenaGames
	if seq != nil {
		games -= games % 2 // the test counts whole pairs only
	}
	var wins, draws, losses, pointsA, pointsB, surrounds, played int
	var first sprt.Result // A's result in the pair's first game
	for g := range games {
		a, b := newArenaPlayer(t, *arenaA), newArenaPlayer(t, *arenaB)
		players, aSide := [2]arenaPlayer{a, b}, 0
		if g%2 == 1 {
			players, aSide = [2]arenaPlayer{b, a}, 1
		}
		pts, plies, how := playArenaGame(players, hand, rand.New(rand.NewPCG(uint64(g/2), 7)))
		pa, pb := pts[aSide], pts[1-aSide]
		pointsA += pa
		pointsB += pb
		played++
		var r sprt.Result
		switch {
		case pa > pb:
			wins++
			r = sprt.Win
		case pa == pb:
			draws++
			r = sprt.Draw
		default:
			losses++
			r = sprt.Loss
		}
		if how == "surround" && pa == 15 {
			surrounds++
		}
		decided, llr := false, ""
		if seq != nil && g%2 == 1 {
			decided = seq.Add(first, r) != sprt.Continue
			llr = fmt.Sprintf("; pair %d: LLR %.3f", seq.Counts.N(), seq.LLR)
		}
		first = r
		t.Logf("game %d: A (%v) %d, B %d points, %d plies, %s%s", g+1, Side(aSide), pa, pb, plies, how, llr)
		if decided {
			break
		}
	}
	n := float64(played)
	t.Logf("A %s vs B %s, %d games: %s; A surrounded B's queen in %d; average points A %.2f, B %.2f",
		*arenaA, *arenaB, played, tournament.HeadToHead(wins, draws, losses), surrounds, float64(pointsA)/n, float64(pointsB)/n)
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

var writeBench = flag.Bool("write-single-bench", false, "rewrite testdata/single-bench from arena games")

// TestWriteSingleBench writes the SINGLE 1.0 benchmark set: 200 positions spread evenly over
// 24 arena games (the engine at 300,000 nodes a move against greedy, random and itself,
// each opening with 4 random plies, with the course's pieces and with q1 b2 s2 g3 a3),
// every position where the mover has more than one move.
//
//	go test ./internal/hive -run TestWriteSingleBench -write-single-bench
func TestWriteSingleBench(t *testing.T) {
	if !*writeBench {
		t.Skip("a data tool: run with -write-single-bench")
	}
	*arenaNodes = 300_000
	var all [][]byte
	record := func(inner arenaPlayer) arenaPlayer {
		return func(b *Board, moves []PackedMove) PackedMove {
			if len(moves) > 1 {
				all = append(all, gamefile.JoinLines(b.Position().InputLines(gamefile.Single, "1.0")))
			}
			return inner(b, moves)
		}
	}
	for g := range 24 {
		hand := [5]int{1, 2, 2, 2, 2}
		if g%2 == 1 {
			hand = [5]int{1, 2, 2, 3, 3}
		}
		opponent := []string{"greedy", "random", "engine"}[g/2%3]
		players := [2]arenaPlayer{record(newArenaPlayer(t, "engine")), record(newArenaPlayer(t, opponent))}
		if g/6%2 == 1 {
			players[0], players[1] = players[1], players[0]
		}
		playArenaGame(players, hand, rand.New(rand.NewPCG(uint64(g), 99)))
	}
	dir := filepath.Join("testdata", "single-bench")
	if err := benchset.Write(dir, all); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %d of %d positions to %s", benchset.Size, len(all), dir)
}

var (
	writeOpenings = flag.String("write-openings", "", "write -openings-count random 4-ply openings (the referee's -openings format) to this file")
	openingsCount = flag.Int("openings-count", 10, "how many openings -write-openings writes (the first ones are the same whatever the count)")
)

// TestWriteOpenings writes the openings of the referee matches (results/hive/openings.txt):
// 10 distinct openings of 4 random placements each (two a side), seeded, so that
// deterministic agents play 10 different pairs of games. Placements only use kinds every
// piece set has.
//
//	go test ./internal/hive -run TestWriteOpenings -write-openings $PWD/results/hive/openings.txt
func TestWriteOpenings(t *testing.T) {
	if *writeOpenings == "" {
		t.Skip("a data tool: run with -write-openings FILE")
	}
	rng := rand.New(rand.NewPCG(2026, 11))
	text := "# Hive openings: distinct sequences of 4 random placements (seeded), written by TestWriteOpenings in internal/hive.\n"
	// Distinct, because a repeated opening counts its games twice in a sequential test;
	// skipping a repeat keeps the openings before it as they were.
	seen := map[string]bool{}
	for len(seen) < *openingsCount {
		b := NewBoard(NewPosition(13, [5]int{1, 1, 1, 1, 1}, Lower))
		var moves []string
		for range 4 {
			legal := RootMoves(b, nil)
			m := legal[rng.IntN(len(legal))]
			moves = append(moves, b.Position().Format(m.Move()))
			b.Make(m)
		}
		line := strings.Join(moves, "; ")
		if !seen[line] {
			seen[line] = true
			text += line + "\n"
		}
	}
	if err := os.WriteFile(*writeOpenings, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}
