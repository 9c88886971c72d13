package halma

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"gameagents/internal/sprt"
	"gameagents/internal/tournament"
)

var (
	arena        = flag.Int("arena", 0, "play this many in-process games (a tuning aid; strength claims come from the referee)")
	arenaNodes   = flag.Int64("arena-nodes", 300_000, "engine node budget per move in -arena games")
	arenaVs      = flag.String("arena-vs", "minimax", "the opponent in -arena games: minimax, greedy, or the engine or the engine without a feature: nott, nopvs, nokillers, nohistory, nolmr, norepetition")
	arenaDepth   = flag.Int("arena-depth", 2, "minimax depth in -arena games")
	arenaTT      = flag.Float64("arena-tt", 0, "the engine's table in -arena games: this many slots a node of the budget, as the agent sizes it (0: 2^20 slots)")
	arenaVsTT    = flag.Float64("arena-vs-tt", 0, "the same for an engine opponent")
	arenaTwoTier = flag.Bool("arena-two-tier", false, "the engine's table keeps the deeper entry of each pair of slots (Features.TwoTier; an engine opponent's stays one slot a key)")
	arenaMetric  = flag.Int("arena-metric", MetricDiagonal, "the engine's distance metric in -arena games (an engine opponent's stays the default, diagonal): 0 diagonal, 1 Manhattan, 2 steps, 3 mild")
	arenaResume  = flag.String("arena-resume", "", "the -v log of an earlier -arena run with the same flags: its games count as played, and the arena goes on from the first game the log lacks (the games are deterministic, so the result is the run's had it not stopped)")
	arenaSPRT    = flag.String("arena-sprt", "", "ELO0,ELO1[,ALPHA,BETA]: test the engine's normalized Elo against the opponent, H0 ELO0 against H1 ELO1 (internal/sprt), on the pairs of games, playing pairs until the test decides; -arena is then the most games (an odd last one is left out)")
)

// arenaRandomPlies opening plies are random, the same for the four games of a group (both
// colours, both first movers), so that each opening is played from both sides.
const arenaRandomPlies = 4

// arenaPlayer chooses a move; seen holds the game's positions so far.
type arenaPlayer func(b *Board, c Color, seen []uint64) Move

func engineArenaPlayer(f Features, ttEntries int) arenaPlayer {
	e := NewEngine(ttEntries)
	e.Features = f
	return func(b *Board, c Color, seen []uint64) Move {
		e.ClearTT() // as the real agent: a fresh process every move
		e.SetSeen(seen)
		return e.Search(b, c, Limits{Nodes: *arenaNodes}, nil).Move
	}
}

// arenaTable is the slots of an arena engine's table: perNode a node of the budget, or
// 2^20 when perNode is 0.
func arenaTable(perNode float64) int {
	if perNode <= 0 {
		return 1 << 20
	}
	return int(perNode * float64(*arenaNodes))
}

func opponentArenaPlayer(t *testing.T) arenaPlayer {
	var g Generator
	switch *arenaVs {
	case "minimax":
		return func(b *Board, c Color, _ []uint64) Move { return Minimax(b, c, *arenaDepth, Limits{}, &g, nil).Move }
	case "greedy":
		return func(b *Board, c Color, _ []uint64) Move {
			return Greedy(b, c, g.Generate(b, c, Legal, make([]Move, 0, MaxMoves)))
		}
	}
	f := map[string]Features{
		"engine": {}, "nott": {NoTT: true}, "nopvs": {NoPVS: true}, "nokillers": {NoKillers: true},
		"nohistory": {NoHistory: true}, "nolmr": {NoLMR: true}, "norepetition": {NoRepetition: true},
	}
	feat, ok := f[*arenaVs]
	if !ok {
		t.Fatalf("unknown -arena-vs %q", *arenaVs)
	}
	return engineArenaPlayer(feat, arenaTable(*arenaVsTT))
}

// TestArena plays the engine against an opponent in process, both colours and both first
// movers in turn, and reports the score with its standard error:
//
//	go test ./internal/halma -run TestArena -arena 32 -arena-vs nolmr -arena-nodes 100000 -v
//
// Games 4k..4k+3 (from 0) share the random plies' seed; the first mover is Black in 4k and
// 4k+1, White in 4k+2 and 4k+3, and the engine Black in the even games. So games 2j and
// 2j+1 play the same opening, the same side to move after it, the engine on either side:
// they are a pair, on which -arena-sprt runs a sequential test, stopping when it decides:
//
//	go test ./internal/halma -run TestArena -arena 2000 -arena-sprt 0,10 -arena-vs nolmr -arena-nodes 100000 -v
func TestArena(t *testing.T) {
	if *arena == 0 {
		t.Skip("run with -arena N")
	}
	playArena(t)
}

// playArena plays the arena the flags describe and returns its -arena-sprt test (nil
// without one).
func playArena(t *testing.T) *sprt.Sequential {
	seq, games := arenaTest(t), *arena
	if seq != nil {
		games -= games % 2 // the test counts whole pairs only
	}
	if *arenaMetric < 0 || *arenaMetric >= metrics {
		t.Fatalf("-arena-metric %d: want 0 to %d", *arenaMetric, metrics-1)
	}
	engine, opponent := engineArenaPlayer(Features{Metric: *arenaMetric, TwoTier: *arenaTwoTier}, arenaTable(*arenaTT)), opponentArenaPlayer(t)
	var g Generator
	played := 0
	var wins, draws, losses int
	var first sprt.Result // the engine's result in the pair's first game
	// count adds a game's result to the tallies and the test, and says whether the test
	// has decided.
	count := func(game int, result float64) (decided bool, llr string) {
		played++
		switch result {
		case 1:
			wins++
		case 0:
			losses++
		default:
			draws++
		}
		if seq != nil && game%2 == 1 {
			decided = seq.Add(first, halmaResult(result)) != sprt.Continue
			llr = fmt.Sprintf("; pair %d: LLR %.3f", seq.Counts.N(), seq.LLR)
		}
		first = halmaResult(result)
		return decided, llr
	}
	start := 0
	if *arenaResume != "" {
		earlier, err := readArenaLog(*arenaResume)
		if err != nil {
			t.Fatal(err)
		}
		if seq != nil {
			earlier = earlier[:len(earlier)-len(earlier)%2] // a pair's first game is played again
		}
		for game, result := range earlier {
			if decided, _ := count(game, result); decided {
				t.Fatalf("%s: the test decided at game %d already", *arenaResume, game)
			}
		}
		start = len(earlier)
		t.Logf("%s: %d games counted as played", *arenaResume, start)
	}
	for game := start; game < games; game++ {
		b := StartBoard()
		engineColor := Color(game % 2)
		toMove := Color((game / 2) % 2)
		var seen []uint64
		rng := rand.New(rand.NewPCG(uint64(game/4), 1))
		result, plies := 0.5, 0
		for ; plies < 1000; plies++ {
			player := opponent
			if toMove == engineColor {
				player = engine
			}
			var m Move
			if plies < arenaRandomPlies { // varied openings: deterministic players repeat games
				moves := g.Generate(b, toMove, Preferred, make([]Move, 0, MaxMoves))
				m = moves[rng.IntN(len(moves))]
			} else {
				m = player(b, toMove, seen)
			}
			if m == (Move{}) || !g.IsLegal(b, toMove, m) {
				t.Fatalf("game %d ply %d: %v plays %v: not a legal move", game, plies, toMove, m)
			}
			b.Move(m.From, m.To)
			seen = append(seen, b.PositionKey(toMove.Other()))
			if b.Wins(toMove) {
				result = 0
				if toMove == engineColor {
					result = 1
				}
				break
			}
			toMove = toMove.Other()
		}
		decided, llr := count(game, result)
		t.Logf("game %d: engine %v, %v first: engine scores %v after %d plies%s", game, engineColor, Color((game/2)%2), result, plies+1, llr)
		if decided {
			break
		}
	}
	t.Logf("engine vs %s, %d games: %s", *arenaVs, played, tournament.HeadToHead(wins, draws, losses))
	if seq != nil {
		t.Logf("SPRT from the engine's side, against %s:\n%s", *arenaVs, seq.Summary(games/2))
	}
	return seq
}

// readArenaLog reads the games' results from an arena's -v log: its lines "game N: ...
// engine scores R after ...", N counting from 0 without a gap, R 0, 0.5 or 1.
func readArenaLog(path string) ([]float64, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var results []float64
	for i, line := range strings.Split(string(data), "\n") {
		_, rest, ok := strings.Cut(line, "arena_test.go:")
		if !ok || !strings.Contains(rest, ": game ") || !strings.Contains(rest, "engine scores ") {
			continue
		}
		var n int
		var result float64
		_, rest, _ = strings.Cut(rest, ": game ")
		if _, err := fmt.Sscanf(rest, "%d:", &n); err != nil {
			return nil, fmt.Errorf("%s:%d: no game number: %q", path, i+1, line)
		}
		_, rest, _ = strings.Cut(rest, "engine scores ")
		if _, err := fmt.Sscanf(rest, "%g after", &result); err != nil || (result != 0 && result != 0.5 && result != 1) {
			return nil, fmt.Errorf("%s:%d: want a score of 0, 0.5 or 1: %q", path, i+1, line)
		}
		if n != len(results) {
			return nil, fmt.Errorf("%s:%d: game %d, want game %d", path, i+1, n, len(results))
		}
		results = append(results, result)
	}
	return results, nil
}

// halmaResult is a game's score for the engine (1, ½ when the ply cap is reached, 0) as a
// result for the test.
func halmaResult(score float64) sprt.Result {
	return sprt.Result(2 * score)
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
// at 300 nodes a move wins nearly every game against greedy, so nElo 0 against 200 is
// settled for H1 in about 7 pairs, well before the 20 allowed.
func TestSPRTArenaStops(t *testing.T) {
	if *arena != 0 {
		t.Skip("-arena is set: the flags are TestArena's")
	}
	defer func(games int, nodes int64, vs, test string) {
		*arena, *arenaNodes, *arenaVs, *arenaSPRT = games, nodes, vs, test
	}(*arena, *arenaNodes, *arenaVs, *arenaSPRT)
	*arena, *arenaNodes, *arenaVs, *arenaSPRT = 40, 300, "greedy", "0,200"
	seq := playArena(t)
	if seq.Verdict != sprt.AcceptH1 || seq.Counts.N() >= *arena/2 {
		t.Errorf("engine against greedy, -arena-sprt 0,200: %v after %d pairs, want H1 accepted before %d", seq.Verdict, seq.Counts.N(), *arena/2)
	}
}

var (
	writeOpenings = flag.String("write-openings", "", "write the referee's openings file (-openings-count openings of 4 random single steps, seeded) to this path")
	openingsCount = flag.Int("openings-count", 100, "how many openings -write-openings writes (the first ones are the same whatever the count)")
)

// TestWriteOpenings writes openings for referee matches, so that deterministic agents play
// different games: distinct sequences of arenaRandomPlies random single steps (one-line
// moves, as an openings file holds them) out of the camps, Black first, seeded.
//
//	go test ./internal/halma -run TestWriteOpenings -write-openings $PWD/openings.txt
func TestWriteOpenings(t *testing.T) {
	if *writeOpenings == "" {
		t.Skip("a data tool: run with -write-openings FILE")
	}
	var g Generator
	rng := rand.New(rand.NewPCG(561, 2019))
	seen := map[uint64]bool{}
	lines := []string{fmt.Sprintf("# Halma openings: %d random single steps (seeded), written by TestWriteOpenings in internal/halma; games 2k-1 and 2k play opening k", arenaRandomPlies)}
	for len(lines) < *openingsCount+1 {
		b := StartBoard()
		var words []string
		for ply := range arenaRandomPlies {
			c := Color(ply % 2) // Black first
			var steps []Move
			for _, m := range g.Generate(b, c, Preferred, make([]Move, 0, MaxMoves)) {
				if !m.IsJump() {
					steps = append(steps, m)
				}
			}
			m := steps[rng.IntN(len(steps))]
			words = append(words, FormatMove(b, m))
			b.Move(m.From, m.To)
		}
		if !seen[b.Hash()] {
			seen[b.Hash()] = true
			lines = append(lines, strings.Join(words, "; "))
		}
	}
	if err := os.WriteFile(*writeOpenings, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestReadArenaLog: -arena-resume reads the results of the games a log holds, in order,
// and refuses a log with a gap or a score that is not a game's.
func TestReadArenaLog(t *testing.T) {
	const head = "=== RUN   TestArena\n"
	game := func(n int, score string) string {
		return fmt.Sprintf("    arena_test.go:155: game %d: engine BLACK, BLACK first: engine scores %s after 186 plies; pair 1: LLR -0.001\n", n, score)
	}
	for _, c := range []struct {
		name, log string
		want      []float64
		err       string
	}{
		{"three games", head + game(0, "0") + game(1, "1") + game(2, "0.5") + "signal: interrupt\n", []float64{0, 1, 0.5}, ""},
		{"no games", head + "FAIL\n", nil, ""},
		{"a gap", head + game(0, "1") + game(2, "1"), nil, "game 2, want game 1"},
		{"a score of 2", head + game(0, "2"), nil, "want a score of 0, 0.5 or 1"},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := t.TempDir() + "/arena.log"
			if err := os.WriteFile(path, []byte(c.log), 0o644); err != nil {
				t.Fatal(err)
			}
			got, err := readArenaLog(path)
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("error %v, want one saying %q", err, c.err)
				}
				return
			}
			if err != nil || !slices.Equal(got, c.want) {
				t.Fatalf("got %v, %v; want %v", got, err, c.want)
			}
		})
	}
}
