package hive

import (
	"flag"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"gameagents/internal/clock"
	"gameagents/internal/tournament"
)

// The base arena plays whole base games in-process between two settings of the base
// search at a fixed budget (in the search's units, as hive.nodes_per_second counts them),
// for measuring what a technique is worth; matches that count (against nokamute) are
// played through the referee (RESULTS.md). Games 2k-1 and 2k (from 1) share a seeded
// random opening of -base-arena-opening plies, A moving first (White) in the first.
//
//	go test ./internal/hive -run TestBaseArena -base-arena 100 -base-arena-a base -base-arena-b base-old -v
var (
	baseArenaGames = flag.Int("base-arena", 0, "play this many base arena games (0: skip)")
	baseArenaA     = flag.String("base-arena-a", "base", "base arena player A: "+strings.Join(baseArenaNames(), ", "))
	baseArenaB     = flag.String("base-arena-b", "base-old", "base arena player B")
	baseArenaUnits = flag.Int64("base-arena-units", 300_000, "the search's budget a move, in its units")
	baseArenaOpen  = flag.Int("base-arena-opening", 4, "random plies opening each pair of games")
	baseArenaCap   = flag.Int("base-arena-plies", 300, "plies after which a game is called a draw")
)

// baseArenaPlayers are the base search's settings the arena knows.
var baseArenaPlayers = map[string]BaseFeatures{
	"base":         {},
	"base-old":     {NoTT: true, NoOrder: true}, // the search before the table and ordering
	"base-notable": {NoTT: true},
	"base-noorder": {NoOrder: true},
	"base-nowin":   {NoWinCheck: true},
}

func baseArenaNames() []string {
	var names []string
	for n := range baseArenaPlayers {
		names = append(names, n)
	}
	return names
}

func TestBaseArena(t *testing.T) {
	if *baseArenaGames == 0 {
		t.Skip("a measurement: run with -base-arena N")
	}
	var features [2]BaseFeatures
	for i, name := range []string{*baseArenaA, *baseArenaB} {
		f, ok := baseArenaPlayers[name]
		if !ok {
			t.Fatalf("unknown base arena player %q: want one of %v", name, baseArenaNames())
		}
		features[i] = f
	}
	var wins, draws, losses, plies int
	var nodes [2]int64
	var moves [2]int
	var cpu [2]time.Duration
	var process clock.Process
	for game := range *baseArenaGames {
		g := NewBaseGame()
		rng := rand.New(rand.NewPCG(uint64(game/2), 561))
		for range *baseArenaOpen {
			ms := g.Moves()
			g.Play(ms[rng.IntN(len(ms))])
		}
		aColour := Colour(game % 2) // A is White in the pair's first game
		for g.Plies() < *baseArenaCap {
			if over, _ := g.Over(); over {
				break
			}
			side := 0
			if g.ToMove() != aColour {
				side = 1
			}
			start := process.Used()
			r := searchBaseWith(features[side], g, *baseArenaUnits, clock.Deadline{}, 0, nil)
			cpu[side] += process.Used() - start
			nodes[side] += r.Nodes
			moves[side]++
			g.Play(r.Move)
		}
		over, winner := g.Over()
		outcome := "draw"
		switch {
		case !over || winner < 0:
			draws++
		case Colour(winner) == aColour:
			wins++
			outcome = "A won"
		default:
			losses++
			outcome = "B won"
		}
		plies += g.Plies()
		t.Logf("game %d: A %v: %s after %d plies", game+1, aColour, outcome, g.Plies())
	}
	n := wins + draws + losses
	perMove := func(side int) (int64, float64) {
		m := max(moves[side], 1)
		return nodes[side] / int64(m), cpu[side].Seconds() / float64(m)
	}
	nodesA, cpuA := perMove(0)
	nodesB, cpuB := perMove(1)
	t.Logf("A %s vs B %s, %d units a move, %d games: %s; %.1f plies a game; a move: A %d nodes, %.3f s CPU; B %d nodes, %.3f s CPU",
		*baseArenaA, *baseArenaB, *baseArenaUnits, n, tournament.HeadToHead(wins, draws, losses),
		float64(plies)/float64(n), nodesA, cpuA, nodesB, cpuB)
}

// baseSamples plays seeded random base games and returns copies of positions along them:
// every tenth ply of the first games, for tests of the search.
func baseSamples(t *testing.T, n int) []*BaseGame {
	t.Helper()
	var out []*BaseGame
	rng := rand.New(rand.NewPCG(27, 3))
	for len(out) < n {
		g := NewBaseGame()
		for g.Plies() < 80 {
			if over, _ := g.Over(); over {
				break
			}
			ms := g.Moves()
			g.Play(ms[rng.IntN(len(ms))])
			if g.Plies()%10 == 0 && len(out) < n {
				c, err := ParseGameString(g.GameString())
				if err != nil {
					t.Fatal(err)
				}
				if over, _ := c.Over(); !over {
					out = append(out, c)
				}
			}
		}
	}
	return out
}

// TestSearchBaseFeaturesAgree: to a fixed depth of two plies, where no position can be
// reached twice, the table, the null windows and the move order change which moves are
// searched, never the value: every setting scores the root alike, and leaves the game as
// it found it.
func TestSearchBaseFeaturesAgree(t *testing.T) {
	for i, g := range baseSamples(t, 12) {
		before := g.GameString()
		var scores []int
		for _, name := range []string{"base", "base-old", "base-notable", "base-noorder"} {
			r := searchBaseWith(baseArenaPlayers[name], g, 0, clock.Deadline{}, 2, nil)
			scores = append(scores, r.Score)
			if r.Depth != 2 {
				t.Errorf("sample %d, %s: depth %d, want 2", i, name, r.Depth)
			}
		}
		for _, s := range scores[1:] {
			if s != scores[0] {
				t.Errorf("sample %d (%s): scores %v by setting, want one value", i, before, scores)
				break
			}
		}
		if after := g.GameString(); after != before {
			t.Errorf("sample %d: the search left %s, want %s", i, after, before)
		}
	}
}

// TestSearchBaseTakesTheWin: where a move surrounds the opponent's queen, the search plays
// a winning move and scores the win, whatever its settings.
func TestSearchBaseTakesTheWin(t *testing.T) {
	found := 0
	rng := rand.New(rand.NewPCG(5, 61))
	for game := 0; found < 5 && game < 400; game++ {
		g := NewBaseGame()
		for g.Plies() < 150 && found < 5 {
			if over, _ := g.Over(); over {
				break
			}
			ms := g.Moves()
			if wins := winningMoves(g, ms); len(wins) > 0 {
				found++
				for name, f := range baseArenaPlayers {
					r := searchBaseWith(f, g, 100_000, clock.Deadline{}, 0, nil)
					if r.Score < baseDecided || !slices.Contains(wins, r.Move) {
						t.Errorf("%s, %s: played %s scoring %d, want one of the %d winning moves", g.GameString(), name, g.MoveString(r.Move), r.Score, len(wins))
					}
				}
			}
			g.Play(ms[rng.IntN(len(ms))])
		}
	}
	t.Logf("%d positions with a winning move", found)
	if found < 5 {
		t.Fatalf("found %d positions with a winning move in 400 random games, want 5", found)
	}
}

// TestWinsNow: the leaf's check for a move that wins at once agrees with playing every
// legal move, on the positions of random games (whatever its queen's neighbours).
func TestWinsNow(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 62))
	checked, wins := 0, 0
	for game := 0; game < 300; game++ {
		g := NewBaseGame()
		e := &baseSearcher{g: g}
		for g.Plies() < 150 {
			if over, _ := g.Over(); over {
				break
			}
			ms := g.Moves()
			want := len(winningMoves(g, ms)) > 0
			if got := e.winsNow(); got != want {
				t.Fatalf("%s: winsNow %v, playing every move says %v", g.GameString(), got, want)
			}
			checked++
			if want {
				wins++
			}
			g.Play(ms[rng.IntN(len(ms))])
		}
	}
	t.Logf("%d positions, %d with a winning move", checked, wins)
	if wins < 20 {
		t.Fatalf("only %d positions with a winning move: the test checks too little", wins)
	}
}

// winningMoves are the moves of ms after which the side that played them has won.
func winningMoves(g *BaseGame, ms []BaseMove) []BaseMove {
	var wins []BaseMove
	me := g.ToMove()
	for _, m := range ms {
		g.Play(m)
		if over, winner := g.Over(); over && winner == int(me) {
			wins = append(wins, m)
		}
		g.Undo()
	}
	return wins
}

// BenchmarkSearchBase searches mid-game positions of seeded random base games at the base
// arena's budget (300,000 units, about 20,000 nodes).
func BenchmarkSearchBase(b *testing.B) {
	games := baseMidgames(20)
	b.ResetTimer()
	var nodes int64
	for i := 0; i < b.N; i++ {
		nodes += SearchBase(games[i%len(games)], 300_000, clock.Deadline{}, 0, nil).Nodes
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(nodes), "ns/node")
	// The units the budgets spent a second (a search ends early only when decided or
	// forced): what the charges (baseNodeUnits) are set by.
	b.ReportMetric(300_000*float64(b.N)/b.Elapsed().Seconds()/1e6, "Munits/s")
}

// baseMidgames plays n seeded random base games 30 to 59 plies and returns their positions
// (each with a legal move).
func baseMidgames(n int) []*BaseGame {
	rng := rand.New(rand.NewPCG(27, 5))
	var games []*BaseGame
	for len(games) < n {
		g := NewBaseGame()
		for range 30 + rng.IntN(30) {
			ms := g.Moves()
			if len(ms) == 0 {
				break
			}
			g.Play(ms[rng.IntN(len(ms))])
		}
		if len(g.Moves()) > 0 {
			games = append(games, g)
		}
	}
	return games
}
