package train

import (
	"fmt"
	"math/bits"
	"math/rand/v2"

	"gameagents/internal/reversi"
)

// GenConfig sets up data generation.
type GenConfig struct {
	Games         int     // number of games
	Seed          uint64  // game g is generated from (Seed, g) alone
	FirstGame     int     // number of the first game (to extend a data set with new games)
	MinRandom     int     // each game opens with MinRandom..MaxRandom uniformly random plies
	MaxRandom     int     //
	Epsilon       float64 // probability that the cheap player moves at random
	SolveEmpties  int     // E: solve exactly from this many empties on
	SolverLogSize int     // the solver's table: 2^SolverLogSize entries
	// Player: the fitted evaluation the greedy moves maximise one ply deep (nil: the
	// small hand evaluation cheapEval). A fitted evaluation plays more like the positions
	// a search meets, whose leaves the evaluation must judge.
	Player *reversi.PatternWeights
	// Depth: when positive, the player's moves are the playing engine's search of that
	// many plies with Player (the embedded weights when nil) at the leaves, instead of one
	// ply: games closer to the ones the agent plays and meets, for the midgame positions
	// an engine's search must judge. The engine's table is cleared at each game's start,
	// so that game g still depends on (Seed, g) alone.
	Depth          int
	ProgressEvery  int // report progress every this many games (0: never)
	ProgressReport func(games, samples int)
}

// DefaultGen is the recipe of the committed weights (see RESULTS.md, "Reversi evaluation").
var DefaultGen = GenConfig{
	MinRandom:     2,
	MaxRandom:     14,
	Epsilon:       0.1,
	SolveEmpties:  16,
	SolverLogSize: 20,
}

// Generate plays cfg.Games games and hands every labelled position to emit, game by game
// in order.
func Generate(cfg GenConfig, emit func(Sample) error) error {
	if cfg.SolveEmpties < 1 || cfg.SolveEmpties > 30 {
		return fmt.Errorf("solve empties %d: want 1..30", cfg.SolveEmpties)
	}
	if cfg.MinRandom < 0 || cfg.MaxRandom < cfg.MinRandom {
		return fmt.Errorf("random plies %d..%d: want 0 <= min <= max", cfg.MinRandom, cfg.MaxRandom)
	}
	if cfg.Depth < 0 || cfg.Depth > maxPlayerDepth {
		return fmt.Errorf("player depth %d: want 0..%d", cfg.Depth, maxPlayerDepth)
	}
	solver := reversi.NewSolver(cfg.SolverLogSize)
	player := newPlayer(cfg)
	var game []Sample
	samples := 0
	for g := range cfg.Games {
		id := uint32(cfg.FirstGame + g)
		game = player.playGame(id, solver, game[:0])
		for _, s := range game {
			if err := emit(s); err != nil {
				return err
			}
		}
		samples += len(game)
		if cfg.ProgressEvery > 0 && (g+1)%cfg.ProgressEvery == 0 && cfg.ProgressReport != nil {
			cfg.ProgressReport(g+1, samples)
		}
	}
	return nil
}

// maxPlayerDepth bounds GenConfig.Depth: deeper players cost more than the labels.
const maxPlayerDepth = 12

// playerTableLog is the log2 of the searching player's table: small, as it is cleared
// for every game.
const playerTableLog = 16

// player is the data generator's player for one run: the recipe and, for a searching
// player (GenConfig.Depth), its engine.
type player struct {
	cfg    GenConfig
	eval   func(reversi.Board) int32 // the one-ply player's evaluation: cfg.Player's, or cheapEval
	engine *reversi.Engine
}

func newPlayer(cfg GenConfig) *player {
	p := &player{cfg: cfg, eval: cheapEval}
	if cfg.Player != nil {
		p.eval = cfg.Player.Eval
	}
	if cfg.Depth > 0 {
		p.engine = reversi.NewEngine(playerTableLog)
		p.engine.Weights = cfg.Player
	}
	return p
}

// playGame plays game number id of the recipe and appends its labelled positions to out:
// every position from the start on where the side to move has a legal move (positions
// where it must pass are skipped: the search never evaluates them, it passes first).
func (p *player) playGame(id uint32, solver *reversi.Solver, out []Sample) []Sample {
	cfg := p.cfg
	if p.engine != nil {
		p.engine.ClearTT()
	}
	rng := rand.New(rand.NewPCG(cfg.Seed, uint64(id)))
	randomPlies := cfg.MinRandom + rng.IntN(cfg.MaxRandom-cfg.MinRandom+1)
	b := reversi.Start()
	start := len(out)
	// flip[i] tells whether sample i's side to move is the opponent of the side to move
	// at the solved position: its label is then the negated score.
	var side []bool
	mover := false // false: the side that moved first
	ply := 0
	for {
		moves := b.Moves()
		if moves == 0 {
			if b.Pass().Moves() == 0 { // game over before E empties: its result is exact
				res := finalScore(b)
				for i := start; i < len(out); i++ {
					out[i].Score = int8(signed(res, side[i-start] != mover))
				}
				return out
			}
			b, mover = b.Pass(), !mover
			continue
		}
		empties := bits.OnesCount64(^(b.Own | b.Opp))
		if empties <= cfg.SolveEmpties {
			break
		}
		out = append(out, Sample{Board: b, Game: id})
		side = append(side, mover)
		b, mover = b.Play(p.move(b, moves, ply < randomPlies, rng)), !mover
		ply++
	}
	// Solved from here on: the earlier positions take this score.
	res, _ := solver.Solve(b)
	for i := start; i < len(out); i++ {
		out[i].Score = int8(signed(res, side[i-start] != mover))
	}
	for solved := true; ; solved = false {
		moves := b.Moves()
		if moves == 0 {
			if b.Pass().Moves() == 0 {
				return out
			}
			b = b.Pass()
			continue
		}
		if !solved {
			res, _ = solver.Solve(b)
		}
		out = append(out, Sample{Board: b, Score: int8(res), Exact: true, Game: id})
		b = b.Play(p.move(b, moves, false, rng))
	}
}

func signed(v int, negate bool) int {
	if negate {
		return -v
	}
	return v
}

// finalScore is the result of a finished game for the side to move, empties to the winner.
func finalScore(b reversi.Board) int {
	own, opp := bits.OnesCount64(b.Own), bits.OnesCount64(b.Opp)
	d := own - opp
	switch {
	case d > 0:
		return d + 64 - own - opp
	case d < 0:
		return d - (64 - own - opp)
	}
	return 0
}

// move is the data generator's player: a uniformly random move when random or with
// probability cfg.Epsilon; else, for a searching player, the engine's move at cfg.Depth
// (before the solved endgame only: the solved positions' labels do not depend on how the
// game goes on, so their moves stay cheap); else the move whose resulting position
// cfg.Player (the small hand evaluation by default) likes best (ties to the first in
// square order, random ordering would add nothing the random moves do not).
func (p *player) move(b reversi.Board, moves uint64, random bool, rng *rand.Rand) int {
	cfg := p.cfg
	if random || rng.Float64() < cfg.Epsilon {
		n := rng.IntN(bits.OnesCount64(moves))
		for range n {
			moves &= moves - 1
		}
		return bits.TrailingZeros64(moves)
	}
	empties := bits.OnesCount64(^(b.Own | b.Opp))
	if p.engine != nil && moves&(moves-1) != 0 && empties > cfg.SolveEmpties {
		return p.engine.Search(b, reversi.Limits{MaxDepth: cfg.Depth}, nil).Move
	}
	best, bestSq := int32(-1<<30), -1
	for m := moves; m != 0; m &= m - 1 {
		sq := bits.TrailingZeros64(m)
		if v := -p.eval(b.Play(sq)); v > best {
			best, bestSq = v, sq
		}
	}
	return bestSq
}

// cheapSquare values holding each square (corners high, the squares that give corners
// away low): a textbook disc-square table in the spirit of IAGO's (Rosenbloom 1982),
// symmetric, values our own.
var cheapSquare = [64]int32{
	100, -20, 10, 5, 5, 10, -20, 100,
	-20, -50, -2, -2, -2, -2, -50, -20,
	10, -2, 1, 1, 1, 1, -2, 10,
	5, -2, 1, 0, 0, 1, -2, 5,
	5, -2, 1, 0, 0, 1, -2, 5,
	10, -2, 1, 1, 1, 1, -2, 10,
	-20, -50, -2, -2, -2, -2, -50, -20,
	100, -20, 10, 5, 5, 10, -20, 100,
}

// cheapEval scores a position for its side to move: disc-square values plus mobility.
func cheapEval(b reversi.Board) int32 {
	var v int32
	for x := b.Own; x != 0; x &= x - 1 {
		v += cheapSquare[bits.TrailingZeros64(x)]
	}
	for x := b.Opp; x != 0; x &= x - 1 {
		v -= cheapSquare[bits.TrailingZeros64(x)]
	}
	return v + 8*int32(bits.OnesCount64(b.Moves())-bits.OnesCount64(b.Pass().Moves()))
}
