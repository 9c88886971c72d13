package reversi

import (
	"flag"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"gameagents/internal/sprt"
	"gameagents/internal/tournament"
)

var (
	arena      = flag.Int("arena", 0, "play this many pairs of in-process games (a tuning aid; strength claims come from the referee)")
	arenaNodes = flag.Int64("arena-nodes", 200_000, "node budget per move in -arena games")
	arenaA     = flag.String("arena-a", "engine", "player A in -arena games: engine, or the engine with a change: "+arenaVariants)
	arenaB     = flag.String("arena-b", "hand", "player B in -arena games (see -arena-a), or greedy, random")
	arenaEnd   = flag.Int("arena-endgame", 0, "start each pair of games at this many empty squares: after the random opening the engine plays both sides at 100,000 nodes a move until then (0: from the opening)")
	arenaSeed  = flag.Uint64("arena-seed", 11, "the stream of random openings: two runs with other seeds play independent games, so one comparison can use two cores (add their pentanomial counts)")
	arenaSPRT  = flag.String("arena-sprt", "", "ELO0,ELO1[,ALPHA,BETA]: test A's normalized Elo against B, H0 ELO0 against H1 ELO1 (internal/sprt), on the pairs of games, playing pairs until the test decides; -arena is then the most pairs")
)

const arenaVariants = "hand (the hand-written evaluation), warm (the table kept from the player's last move, not cleared), carry (the table's entries that may follow the move played carried to the next move through playdata's lines, as the agent carries them), nott, nopvs, nosort, nosolver, share2, share3 (a new iteration only while under a half, a third of the budget: the rules before the whole budget was spent), predict (a new iteration when predicted to end within the budget), solvefixed (the solver tried from 22 empties whatever the budget), noprobcut, probcut:T (ProbCut's confidence T tenths of σ), weights:FILE (the patterns with the weights of FILE); NAME@N plays NAME with N nodes a move instead of -arena-nodes"

// arenaOpeningPlies random plies start each pair of games, so that the pairs differ; each
// opening is played twice, the players swapping colours.
const arenaOpeningPlies = 8

// arenaPlayer returns a move function for a player name.
func arenaPlayer(t *testing.T, name string) func(Board) int {
	if name == "greedy" {
		return GreedyMove
	}
	if name == "random" {
		return RandomMove
	}
	name, nodes, err := arenaBudget(name, *arenaNodes)
	if err != nil {
		t.Fatal(err)
	}
	var f Features
	warm := false  // keep the table between moves instead of starting each search empty
	carry := false // carry the table between moves through playdata's lines, as the agent
	switch name {
	case "engine":
	case "warm":
		warm = true
	case "carry":
		carry = true
	case "hand":
		f.Evaluation = HandEval
	case "nott":
		f.NoTT = true
	case "nopvs":
		f.NoPVS = true
	case "nosort":
		f.NoSort = true
	case "nosolver":
		f.NoSolver = true
	case "share2":
		f.Share = 2
	case "share3":
		f.Share = 3
	case "predict":
		f.PredictIteration = true
	case "solvefixed":
		f.SolveFixed = true
	case "noprobcut":
		f.NoProbCut = true
	default:
		if conf, ok := strings.CutPrefix(name, "probcut:"); ok {
			v, err := strconv.Atoi(conf)
			if err != nil || v < 1 || v > 100 {
				t.Fatalf("arena player %q: want probcut:T, T the confidence in tenths of σ, 1 to 100", name)
			}
			f.ProbCutT = int32(v)
			break
		}
		file, ok := strings.CutPrefix(name, "weights:")
		if !ok {
			t.Fatalf("unknown arena player %q: want engine, greedy, random, %s", name, arenaVariants)
		}
		w, err := ReadPatternWeights(file)
		if err != nil {
			t.Fatal(err)
		}
		f.Weights = w
	}
	e := NewEngine(ttLogSize(nodes))
	e.Features = f
	var memory []string // the lines carried from this player's last move
	return func(b Board) int {
		if !warm {
			e.ClearTT()
		}
		if carry {
			if err := e.loadLines(memory, 1); err != nil {
				t.Fatal(err)
			}
		}
		r := e.Search(b, Limits{Nodes: nodes}, nil)
		if carry {
			memory = e.carryAfter(b, r.Move, carryLimit(len(e.tt)))
		}
		return r.Move
	}
}

// arenaBudget splits a player name NAME@N into NAME and its node budget N; a name without
// "@" keeps the arena's budget.
func arenaBudget(name string, arenaNodes int64) (string, int64, error) {
	base, n, ok := strings.Cut(name, "@")
	if !ok {
		return name, arenaNodes, nil
	}
	v, err := strconv.ParseInt(n, 10, 64)
	if err != nil || v < 1000 {
		return "", 0, fmt.Errorf("arena player %q: want NAME@N, N a node budget of at least 1000", name)
	}
	return base, v, nil
}

func TestArenaBudget(t *testing.T) {
	tests := []struct {
		in    string
		name  string
		nodes int64
		ok    bool
	}{
		{"engine", "engine", 300_000, true},
		{"engine@600000", "engine", 600_000, true},
		{"probcut:15@1000", "probcut:15", 1000, true},
		{"engine@999", "", 0, false},
		{"engine@", "", 0, false},
		{"engine@6e5", "", 0, false},
	}
	for _, tt := range tests {
		name, nodes, err := arenaBudget(tt.in, 300_000)
		if (err == nil) != tt.ok || name != tt.name || nodes != tt.nodes {
			t.Errorf("arenaBudget(%q) = %q, %d, %v; want %q, %d, ok %v", tt.in, name, nodes, err, tt.name, tt.nodes, tt.ok)
		}
	}
}

// TestArena plays -arena pairs of games between -arena-a and -arena-b at a fixed node
// budget and reports the score of A with a 95% error bar:
//
//	go test ./internal/reversi -run TestArena -arena 50 -arena-a engine -arena-b hand -v
//
// With -arena-sprt it runs a sequential test on the pairs (a pair is one opening played
// with A as Black, then as White), stops when it decides, and reports its verdict:
//
//	go test ./internal/reversi -run TestArena -arena 2000 -arena-sprt 0,10 -arena-a engine -arena-b share3 -arena-nodes 300000 -v
func TestArena(t *testing.T) {
	if *arena == 0 {
		t.Skip("a tuning aid: run with -arena N")
	}
	playArena(t)
}

// playArena plays the arena the flags describe and returns its -arena-sprt test (nil
// without one).
func playArena(t *testing.T) *sprt.Sequential {
	seq := arenaTest(t)
	players := [2]func(Board) int{arenaPlayer(t, *arenaA), arenaPlayer(t, *arenaB)}
	rng := rand.New(rand.NewPCG(2026, *arenaSeed))
	var wins, draws, losses int
	var discs int
	for pair := 0; pair < *arena; pair++ {
		opening := randomOpening(rng)
		if *arenaEnd > 0 {
			opening = playToEmpties(opening, *arenaEnd)
		}
		var results [2]sprt.Result // A's, as Black and as White
		for aIsBlack := range 2 {
			// Black moves first from the opening; A is Black in the first game of a pair.
			d := arenaGame(opening, players, aIsBlack == 0)
			discs += d
			switch {
			case d > 0:
				wins++
				results[aIsBlack] = sprt.Win
			case d < 0:
				losses++
				results[aIsBlack] = sprt.Loss
			default:
				draws++
				results[aIsBlack] = sprt.Draw
			}
		}
		decided, llr := false, ""
		if seq != nil {
			decided = seq.Add(results[0], results[1]) != sprt.Continue
			llr = fmt.Sprintf("; LLR %.3f", seq.LLR)
		}
		if (pair+1)%10 == 0 {
			t.Logf("after %d games: %s %d wins, %d draws, %d losses%s", 2*(pair+1), *arenaA, wins, draws, losses, llr)
		}
		if decided {
			break
		}
	}
	n := float64(wins + draws + losses)
	t.Logf("%s vs %s, %d games at %d nodes per move: %s; mean disc difference %+.1f",
		*arenaA, *arenaB, int(n), *arenaNodes, tournament.HeadToHead(wins, draws, losses), float64(discs)/n)
	if seq != nil {
		t.Logf("SPRT from A's side, A %s against B %s:\n%s", *arenaA, *arenaB, seq.Summary(*arena))
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
	if *arena != 0 {
		t.Skip("-arena is set: the flags are TestArena's")
	}
	defer func(games int, nodes int64, a, b, test string) {
		*arena, *arenaNodes, *arenaA, *arenaB, *arenaSPRT = games, nodes, a, b, test
	}(*arena, *arenaNodes, *arenaA, *arenaB, *arenaSPRT)
	*arena, *arenaNodes, *arenaA, *arenaB, *arenaSPRT = 20, 2000, "engine", "random", "0,200"
	seq := playArena(t)
	if seq.Verdict != sprt.AcceptH1 || seq.Counts.N() >= *arena {
		t.Errorf("engine against random, -arena-sprt 0,200: %v after %d pairs, want H1 accepted before %d", seq.Verdict, seq.Counts.N(), *arena)
	}
}

// randomOpening plays arenaOpeningPlies random moves from the start (Black to move at the
// start; the plies are even, so Black moves again after them unless someone passed, which
// cannot happen this early).
func randomOpening(rng *rand.Rand) Board { return randomPlies(rng, arenaOpeningPlies) }

// playToEmpties plays b on with the engine at 100,000 nodes a move for both sides until at
// most empties squares are empty (or the game is over), for pairs of games that start in
// the endgame (-arena-endgame).
func playToEmpties(b Board, empties int) Board {
	e := NewEngine(ttLogSize(100_000))
	for bits.OnesCount64(^(b.Own | b.Opp)) > empties {
		if b.Moves() == 0 {
			if b.Pass().Moves() == 0 {
				return b
			}
			b = b.Pass()
			continue
		}
		e.ClearTT()
		b = b.Play(e.Search(b, Limits{Nodes: 100_000}, nil).Move)
	}
	return b
}

// arenaGame plays a game from b (player A to move if aIsBlack, else B; Black in the
// opening) and returns the final disc difference for player A.
func arenaGame(b Board, players [2]func(Board) int, aIsBlack bool) int {
	mover := 0 // 0: A
	if !aIsBlack {
		mover = 1
	}
	for {
		if b.Moves() == 0 {
			if b.Pass().Moves() == 0 {
				d := final(b) // for the side to move, which is mover
				if mover == 1 {
					d = -d
				}
				return d
			}
			b, mover = b.Pass(), 1-mover
			continue
		}
		sq := players[mover](b)
		if b.Moves()&(1<<sq) == 0 {
			panic(fmt.Sprintf("player %d played the illegal move %d", mover, sq))
		}
		b, mover = b.Play(sq), 1-mover
	}
}

var (
	writeOpenings = flag.String("write-openings", "", "write the referee's openings file (-openings-count random 6-ply openings, seeded) to this path")
	openingsCount = flag.Int("openings-count", 20, "how many openings -write-openings writes (the first ones are the same whatever the count)")
	openingsPlies = flag.Int("openings-plies", 6, "how many random plies each opening -write-openings writes has")
)

// TestWriteOpenings writes the openings the Reversi matches of RESULTS.md start from
// (homework referee -openings): distinct sequences of -openings-plies (6) seeded random legal
// moves.
//
//	go test ./internal/reversi -run TestWriteOpenings -write-openings $PWD/results/reversi/openings.txt
func TestWriteOpenings(t *testing.T) {
	if *writeOpenings == "" {
		t.Skip("a data tool: run with -write-openings FILE")
	}
	rng := rand.New(rand.NewPCG(561, 33))
	seen := map[Board]bool{}
	lines := []string{fmt.Sprintf("# %d random %d-ply openings (go test ./internal/reversi -run TestWriteOpenings -openings-count %d -openings-plies %d); games 2k-1 and 2k play opening k",
		*openingsCount, *openingsPlies, *openingsCount, *openingsPlies)}
	for len(lines) < *openingsCount+1 {
		b := Start()
		var moves []string
		for range *openingsPlies {
			m := b.Moves()
			if m == 0 {
				t.Fatalf("a pass within %d plies of the start: the openings file has no way to write it", *openingsPlies)
			}
			for k := rng.IntN(bits.OnesCount64(m)); k > 0; k-- {
				m &= m - 1
			}
			sq := bits.TrailingZeros64(m)
			moves = append(moves, SquareName(sq))
			b = b.Play(sq)
		}
		if !seen[b] {
			seen[b] = true
			lines = append(lines, strings.Join(moves, " "))
		}
	}
	if err := os.WriteFile(*writeOpenings, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}
