package hive

// The base game's search, for the UHP engine mode: iterative deepening over negamax with
// alpha-beta on the plain base rules (base.go), stopped by a node budget and a CPU-time
// guard (search.Budget). The root searches the previous iteration's best move first and
// keeps the best move of an iteration the budget cuts short, as every engine here does.
//
// The evaluation, from the side to move, in hundredths of an occupied neighbour:
//   - pressure: each occupied neighbour of the opponent's queen, less each of one's own
//     (a queen still in hand counts as none), 100 each;
//   - mobility: each top piece of one's own that may move (not pinned by the one-hive rule),
//     less the opponent's, 10 each, and 5 for each piece in hand.
// It is the course engine's evaluation cut to what the base game scores: the surround alone.
// The base rules' generator is written for clarity more than speed (100,000-200,000 nodes a
// second): this engine is the base game's first, not its strongest.

import (
	"gameagents/internal/clock"
	"gameagents/internal/search"
)

// BaseResult is what a base search found.
type BaseResult struct {
	Move  BaseMove
	Score int   // from the mover's side, hundredths of a queen neighbour; ±baseWin decided
	Depth int   // the last iteration completed
	Nodes int64 // the nodes searched (the budget counts them in units)
}

const (
	// baseNodeUnits: the budget's units a node of this search is charged, and a node that
	// generates moves one more for each baseMovesPerUnit of them. The budgets are sized by the
	// course engine's calibration (hive.nodes_per_second), whose nodes cost about 0.6-0.7
	// µs; one of this search's costs about 5 µs and more with the moves it lists and the
	// pieces on the board (14,169 nodes in 0.08 s at 16 plies; a budget that took 0.58 s
	// there took 0.88 s at 36 plies): the units below keep the longer ones within the plan.
	baseNodeUnits    = 12
	baseMovesPerUnit = 3
	// baseCheckEvery: units between two readings of the guard: a few nodes, under a
	// millisecond.
	baseCheckEvery = 4 * baseNodeUnits
	baseWin        = 1_000_000
	baseDecided    = baseWin - 1000 // scores beyond are wins or losses, nearer ones larger
	baseMaxDepth   = 64
)

// SearchBase searches g (which it leaves as it found it) within nodes (0: no limit), the
// guard, and maxDepth iterations (0: as deep as the budget allows); report, when not nil,
// hears each completed iteration. g must have a legal move.
func SearchBase(g *BaseGame, nodes int64, guard clock.Deadline, maxDepth int, report func(BaseResult)) BaseResult {
	b := &baseBudget{}
	b.StartEvery(nodes, guard, baseCheckEvery)
	root := g.Moves()
	best := BaseResult{Move: root[0]}
	if len(root) == 1 || maxDepth <= 0 && nodes <= 0 {
		return best
	}
	if maxDepth <= 0 || maxDepth > baseMaxDepth {
		maxDepth = baseMaxDepth
	}
	for depth := 1; depth <= maxDepth && b.Deepen(); depth++ {
		alpha := -baseWin - 1
		bestHere, complete := -1, true
		for i, m := range root {
			g.Play(m)
			v := -negamaxBase(g, b, depth-1, 1, -baseWin-1, -alpha)
			g.Undo()
			if b.Stopped {
				complete = false
				break
			}
			if v > alpha {
				alpha, bestHere = v, i
			}
		}
		if bestHere >= 0 {
			best.Move, best.Score = root[bestHere], alpha
			search.ToFront(root, bestHere)
		}
		if !complete {
			break
		}
		best.Depth = depth
		if report != nil {
			report(best)
		}
		if alpha >= baseDecided || alpha <= -baseDecided {
			break // decided: deeper is no better
		}
	}
	best.Nodes = b.nodes
	return best
}

// baseBudget is the search's budget, in units, with the nodes it counted.
type baseBudget struct {
	search.Budget
	nodes int64
}

// negamaxBase is g's value for the side to move, ply plies below the root.
func negamaxBase(g *BaseGame, b *baseBudget, depth, ply, alpha, beta int) int {
	b.nodes++
	b.Charge(baseNodeUnits - 1)
	if b.Count() {
		return 0
	}
	if over, winner := g.Over(); over {
		switch {
		case winner < 0:
			return 0
		case Colour(winner) == g.ToMove():
			return baseWin - ply
		}
		return -baseWin + ply
	}
	if depth <= 0 {
		return evalBase(g)
	}
	best := -baseWin - 1
	moves := g.Moves()
	b.Charge(int64(len(moves) / baseMovesPerUnit))
	for _, m := range moves {
		g.Play(m)
		v := -negamaxBase(g, b, depth-1, ply+1, -beta, -max(alpha, best))
		g.Undo()
		if b.Stopped {
			return 0
		}
		if v > best {
			best = v
			if v >= beta {
				break
			}
		}
	}
	return best
}

// evalBase scores g for the side to move (the package comment's terms).
func evalBase(g *BaseGame) int {
	me := g.ToMove()
	score := 100 * (g.queenPressure(1-me) - g.queenPressure(me))
	cut := g.cutCells()
	for cell, st := range g.stacks {
		if len(st) == 1 && cut[cell] {
			continue // pinned
		}
		if st[len(st)-1].Colour == me {
			score += 10
		} else {
			score -= 10
		}
	}
	for k := range 5 {
		score += 5 * (g.hand[me][k] - g.hand[1-me][k])
	}
	return score
}

// queenPressure is the number of occupied neighbours of side c's queen (0 in hand).
func (g *BaseGame) queenPressure(c Colour) int {
	at, ok := g.where[BasePiece{Colour: c}]
	if !ok {
		return 0
	}
	n := 0
	for _, d := range baseRing {
		if g.occupied(add(at, d)) {
			n++
		}
	}
	return n
}
