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
)

// The arena plays whole games in-process between two players at a fixed node budget, for
// tuning; matches that count are played through the referee (RESULTS.md).
//
//	go test ./internal/hive -run TestArena -arena 20 -arena-a engine -arena-b greedy -v
var (
	arenaGames = flag.Int("arena", 0, "play this many arena games (0: skip)")
	arenaA     = flag.String("arena-a", "engine", "arena player A: engine, greedy, random, or weights:NAME=N,... (the engine with other evaluation weights)")
	arenaB     = flag.String("arena-b", "greedy", "arena player B")
	arenaNodes = flag.Int64("arena-nodes", 400_000, "engine nodes per move")
	arenaSet   = flag.String("arena-pieces", "1,2,2,2,2", "pieces per side: q,b,s,g,a")
	arenaOpen  = flag.Int("arena-opening", 4, "random plies opening each pair of games")
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
	var hand [5]int
	if _, err := fmt.Sscanf(*arenaSet, "%d,%d,%d,%d,%d", &hand[0], &hand[1], &hand[2], &hand[3], &hand[4]); err != nil {
		t.Fatal(err)
	}
	var wins, draws, losses, pointsA, pointsB, surrounds int
	for g := range *arenaGames {
		a, b := newArenaPlayer(t, *arenaA), newArenaPlayer(t, *arenaB)
		players, aSide := [2]arenaPlayer{a, b}, 0
		if g%2 == 1 {
			players, aSide = [2]arenaPlayer{b, a}, 1
		}
		pts, plies, how := playArenaGame(players, hand, rand.New(rand.NewPCG(uint64(g/2), 7)))
		pa, pb := pts[aSide], pts[1-aSide]
		pointsA += pa
		pointsB += pb
		switch {
		case pa > pb:
			wins++
		case pa == pb:
			draws++
		default:
			losses++
		}
		if how == "surround" && pa == 15 {
			surrounds++
		}
		t.Logf("game %d: A (%v) %d, B %d points, %d plies, %s", g+1, Side(aSide), pa, pb, plies, how)
	}
	n := float64(*arenaGames)
	t.Logf("A %s vs B %s: %d wins, %d draws, %d losses; A surrounded B's queen in %d; average points A %.2f, B %.2f",
		*arenaA, *arenaB, wins, draws, losses, surrounds, float64(pointsA)/n, float64(pointsB)/n)
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
// 10 openings of 4 random placements each (two a side), seeded, so that deterministic agents
// play 10 different pairs of games. Placements only use kinds every piece set has.
//
//	go test ./internal/hive -run TestWriteOpenings -write-openings $PWD/results/hive/openings.txt
func TestWriteOpenings(t *testing.T) {
	if *writeOpenings == "" {
		t.Skip("a data tool: run with -write-openings FILE")
	}
	rng := rand.New(rand.NewPCG(2026, 11))
	text := "# Hive openings: 4 random placements (seeded), written by TestWriteOpenings in internal/hive.\n"
	for range *openingsCount {
		b := NewBoard(NewPosition(13, [5]int{1, 1, 1, 1, 1}, Lower))
		var moves []string
		for range 4 {
			legal := RootMoves(b, nil)
			m := legal[rng.IntN(len(legal))]
			moves = append(moves, b.Position().Format(m.Move()))
			b.Make(m)
		}
		text += strings.Join(moves, "; ") + "\n"
	}
	if err := os.WriteFile(*writeOpenings, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}
