package hive

// The base game's search, for the UHP engine mode and the base game's input.txt: iterative
// deepening over principal variation search (negamax with alpha-beta, null windows after
// the first move) on the plain base rules (base.go), stopped by a node budget and a
// CPU-time guard (search.Budget). The root searches the previous iteration's best move
// first and keeps the best move of an iteration the budget cuts short, as every engine here
// does.
//
// A transposition table keyed by the game's hash (its pieces' places and the side to move)
// keeps each position's bound and best move. Moves are tried in this order: the table's
// move, the ply's two killers (the last moves that cut off there), then by a history of
// cut-offs (by side, kind and destination, weighted by the depth's square) plus a static
// key: a step onto a neighbour of the opponent's queen first, one off it last. In the base
// arena (base_arena_test.go, 300,000 units a move, 40 games from 20 random 4-ply openings
// in both colours) the table and the ordering together scored 34-2-4 against the plain
// alpha-beta this search was before (+338 Elo, 95% interval +185 to +479), at 0.174 s of
// CPU a move against 0.153 s. Tried in the same arena and dropped: late move reductions
// (a ply off the fourth move on, two off the eleventh at depth 5, not for the table's move,
// a killer or a step onto the opponent's queen) scored 14-5-22 against none after 41
// games; a movable ant worth twice another movable piece, 14-5-14 after 33 games; a richer
// evaluation (a queen's neighbour that can leave worth half one that cannot, an opponent's
// 1.2; a piece on top of a queen; movable pieces and pieces in hand by kind, a stacked
// beetle twice, a queen, spider or ant that cannot slide out as pinned, a piece beside the
// opponent's queen counted for the pressure only: ideas from nokamute's evaluator,
// edre/nokamute eval.rs), 36-6-38 over 80 games against this one.
//
// The evaluation, from the side to move, in hundredths of an occupied neighbour:
//   - pressure: each occupied neighbour of the opponent's queen, less each of one's own
//     (a queen still in hand counts as none), 100 each;
//   - mobility: each top piece of one's own that may move (not pinned by the one-hive rule),
//     less the opponent's, 10 each, and 5 for each piece in hand.
// It is the course engine's evaluation cut to what the base game scores: the surround alone.
// A leaf where the opponent's queen has one free neighbour left is checked for a step
// that fills it (winsNow): a win the evaluation cannot see, for the price of listing the
// mover's steps there (in the base arena at 300,000 units: 31-11-18 over 60 games against
// no check, +76 Elo [-5, +156], at 0.076 s of CPU a move against 0.074 s).
//
// The base rules' generator works on a torus of arrays: the articulation points, the moves
// listed into reused buffers, and the stacks, pieces' cells and the game's positions in
// arrays rather than maps (BenchmarkSearchBase, each step measured side by side against the
// one before: 7.8 µs a node with maps everywhere, 3.7 with the articulation points on
// arrays, 3.1 with the buffers, 2.75-2.9 against 1.47-1.56 with no maps at all).

import (
	"slices"

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
	// course engine's calibration (hive.nodes_per_second, 1.52 million here), whose nodes
	// cost about 0.6-0.7 µs; one of this search's costs 1.3-1.5 µs (BenchmarkSearchBase,
	// on the idle 2-core AMD EPYC VM): at 2 units a node and one a 18 moves it spends
	// 1.67 to 2.0 million units a CPU second there (the benchmark's Munits/s), about what
	// the maps' search did at twice the charges, and less in a match on both cores, so a
	// move spends most of its plan (and the CPU guard ends a move that a slow position or a
	// busy machine would take past it). In the match against nokamute at 7 units and one a
	// 5 moves with a generator 1.27 times slower, the median move used 0.527 s of its plan
	// of 0.752.
	baseNodeUnits    = 2
	baseMovesPerUnit = 18
	// baseCheckEvery: units between two readings of the guard: a few nodes, under a
	// millisecond.
	baseCheckEvery = 4 * baseNodeUnits
	baseWin        = 1_000_000
	baseDecided    = baseWin - 1000 // scores beyond are wins or losses, nearer ones larger
	baseMaxDepth   = 64
)

// BaseFeatures switch the search's techniques off, for measuring what each is worth (the
// base arena, base_arena_test.go).
type BaseFeatures struct {
	NoTT       bool // no transposition table: no stored bounds, no table move first
	NoOrder    bool // the generator's order: no killers, history or static keys
	NoWinCheck bool // a leaf is evaluated without looking for a move that wins at once
}

// baseSearcher is one search's state: its budget, table and move-ordering memory.
type baseSearcher struct {
	BaseFeatures
	g       *BaseGame
	budget  baseBudget
	tt      []baseEntry
	mask    uint64
	killers [baseMaxDepth + 1][2]BaseMove
	// history counts the cut-offs each kind of piece of each side caused by going to each
	// slot of the torus, weighted by the depth's square: moves that refuted elsewhere are
	// tried earlier here.
	history [2][5][baseGrid * baseGrid]int32
	keys    [baseMaxDepth + 1][]int32
	moves   [baseMaxDepth + 1][]BaseMove // each ply's moves, the buffers reused
}

// baseEntry is a table entry: the position's hash, the best (or refuting) move found, and
// the score with its bound and depth.
type baseEntry struct {
	key   uint64
	move  BaseMove
	score int32
	depth int8
	bound search.Bound
}

// baseWins are the decided scores as the table stores them.
var baseWins = search.WinScores{Win: baseWin, MaxPly: 1000}

// baseTableLog is the table's size, 2^baseTableLog entries (48 bytes each: 3 MB): a search
// of a second visits about 200,000 nodes.
const baseTableLog = 16

// SearchBase searches g (which it leaves as it found it) within nodes (0: no limit), the
// guard, and maxDepth iterations (0: as deep as the budget allows); report, when not nil,
// hears each completed iteration. g must have a legal move.
func SearchBase(g *BaseGame, nodes int64, guard clock.Deadline, maxDepth int, report func(BaseResult)) BaseResult {
	return searchBaseWith(BaseFeatures{}, g, nodes, guard, maxDepth, report)
}

// searchBaseWith is SearchBase with the techniques f switches off.
func searchBaseWith(f BaseFeatures, g *BaseGame, nodes int64, guard clock.Deadline, maxDepth int, report func(BaseResult)) BaseResult {
	e := &baseSearcher{BaseFeatures: f, g: g}
	if !f.NoTT {
		e.tt = make([]baseEntry, 1<<baseTableLog)
		e.mask = 1<<baseTableLog - 1
	}
	b := &e.budget
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
		alpha := int32(-baseWin - 1)
		bestHere, complete := -1, true
		for i, m := range root {
			g.Play(m)
			var v int32
			if i == 0 || e.NoOrder {
				v = -e.negamax(depth-1, 1, -baseWin-1, -alpha)
			} else { // a null window first: most root moves only need to be refuted
				v = -e.negamax(depth-1, 1, -alpha-1, -alpha)
				if v > alpha && !b.Stopped {
					v = -e.negamax(depth-1, 1, -baseWin-1, -alpha)
				}
			}
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
			best.Move, best.Score = root[bestHere], int(alpha)
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

// negamax is the position's value for the side to move, ply plies below the root:
// principal variation search, the table's move first, then the killers, then by history
// and a static key (orderKey).
func (e *baseSearcher) negamax(depth, ply int, alpha, beta int32) int32 {
	g, b := e.g, &e.budget
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
			return baseWin - int32(ply)
		}
		return -baseWin + int32(ply)
	}
	if depth <= 0 {
		if !e.NoWinCheck && e.winsNow() {
			return baseWin - int32(ply+1)
		}
		return int32(evalBase(g))
	}
	var ent *baseEntry
	var ttMove BaseMove
	if e.tt != nil {
		ent = &e.tt[g.hash&e.mask]
		if ent.key == g.hash {
			ttMove = ent.move
			if int(ent.depth) >= depth {
				if s := baseWins.FromTable(ent.score, ply); ent.bound.Cuts(s, alpha, beta) {
					return s
				}
			}
		}
	}
	moves := g.AppendMoves(e.moves[ply][:0])
	e.moves[ply] = moves
	b.Charge(int64(len(moves) / baseMovesPerUnit))
	if !e.NoOrder || ttMove.Kind != 0 {
		e.order(moves, ply, ttMove)
	}
	alphaOrig := alpha
	best, bestMove := int32(-baseWin-1), moves[0]
	for i := range moves {
		m := moves[i]
		if !e.NoOrder {
			m = search.PickBest(moves, e.keys[ply], i)
		}
		g.Play(m)
		var v int32
		if i == 0 || e.NoOrder {
			v = -e.negamax(depth-1, ply+1, -beta, -alpha)
		} else {
			v = -e.negamax(depth-1, ply+1, -alpha-1, -alpha)
			if v > alpha && v < beta && !b.Stopped {
				v = -e.negamax(depth-1, ply+1, -beta, -alpha)
			}
		}
		g.Undo()
		if b.Stopped {
			return 0
		}
		if v > best {
			best, bestMove = v, m
			if v > alpha {
				alpha = v
				if alpha >= beta {
					e.refuted(m, depth, ply)
					break
				}
			}
		}
	}
	if ent != nil {
		*ent = baseEntry{key: g.hash, move: bestMove, score: baseWins.ToTable(best, ply), depth: int8(depth),
			bound: search.BoundOf(best, alphaOrig, beta)}
	}
	return best
}

// Order keys: the table's move first, then the killers, then the rest by history and a
// static key (orderKey).
const (
	ttMoveKey = 1 << 30
	killerKey = 1 << 29
)

// order keys ply's moves for PickBest; with NoOrder, only the table's move goes first.
func (e *baseSearcher) order(moves []BaseMove, ply int, ttMove BaseMove) {
	if e.NoOrder {
		for i, m := range moves {
			if m == ttMove {
				search.ToFront(moves, i)
				return
			}
		}
		return
	}
	keys := e.keys[ply][:0]
	me := e.g.ToMove()
	var q queens
	q.theirs, q.theirsOn = e.g.where(BasePiece{Colour: 1 - me})
	q.mine, q.mineOn = e.g.where(BasePiece{Colour: me})
	for _, m := range moves {
		var k int32
		switch m {
		case ttMove:
			k = ttMoveKey
		case e.killers[ply][0], e.killers[ply][1]:
			k = killerKey
		default:
			k = e.history[me][m.Piece.Kind][slot(m.To)] + q.orderKey(m)
		}
		keys = append(keys, k)
	}
	e.keys[ply] = keys
}

// queens are the cells of the mover's queen and the opponent's, where they are on the
// board, looked up once for all the moves of a node.
type queens struct {
	mine, theirs     Cell
	mineOn, theirsOn bool
}

// orderKey is a move's static key: stepping next to the opponent's queen first (a
// neighbour more of the queen the game is won by surrounding), leaving it last, and off
// our own queen before onto it.
func (q queens) orderKey(m BaseMove) int32 {
	if m.Kind != Step {
		return 0
	}
	var k int32
	if q.theirsOn {
		k += 64 * (adjacentCells(m.To, q.theirs) - adjacentCells(m.From, q.theirs))
	}
	if q.mineOn && m.Piece.Kind != 0 {
		k -= 32 * (adjacentCells(m.To, q.mine) - adjacentCells(m.From, q.mine))
	}
	return k
}

// adjacentCells is 1 when cells a and b are neighbours, else 0.
func adjacentCells(a, b Cell) int32 {
	dp, dq := a.P-b.P, a.Q-b.Q
	// The six directions are the steps of length one on the axial grid: each of dp, dq and
	// dp+dq within one, not all zero.
	if dp == 0 && dq == 0 || dp < -1 || dp > 1 || dq < -1 || dq > 1 || dp+dq < -1 || dp+dq > 1 {
		return 0
	}
	return 1
}

// refuted records m, which cut off at ply with depth left, as a killer of the ply and in
// the history.
func (e *baseSearcher) refuted(m BaseMove, depth, ply int) {
	if e.NoOrder {
		return
	}
	if k := &e.killers[ply]; k[0] != m {
		k[1], k[0] = k[0], m
	}
	h := &e.history[m.Piece.Colour][m.Piece.Kind][slot(m.To)]
	*h = min(*h+int32(depth*depth), killerKey/2)
}

// evalBase scores g for the side to move (the package comment's terms).
func evalBase(g *BaseGame) int {
	me := g.ToMove()
	score := 100 * (g.queenPressure(1-me) - g.queenPressure(me))
	g.findCuts()
	for id, on := range g.placed {
		cell := g.at[id]
		if !on || g.topID(cell) != id || g.height(cell) == 1 && g.isCut(cell) {
			continue // under another, or pinned
		}
		if basePieces[id].Colour == me {
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

// winsNow reports whether the side to move, at a leaf, has a move that surrounds the
// opponent's queen. Only where that queen has five occupied neighbours; then only steps
// onto its last free neighbour can (a placement there would touch the opponent's queen),
// and each is played to see. The evaluation cannot see a win one move away; a ply more
// of search everywhere a queen is near surrounded instead gives the mover a move its
// siblings do not get (tried: 3-3-27 after 33 games in the base arena). The check is
// charged as a node more: it lists steps as a node does.
func (e *baseSearcher) winsNow() bool {
	g := e.g
	me := g.ToMove()
	free, ok := g.lastFree(1 - me)
	if !ok || g.hand[me][0] > 0 { // no steps before one's queen is placed
		return false
	}
	e.budget.Charge(baseNodeUnits)
	g.findCuts()
	tops, n := g.tops(me)
	for _, cell := range tops[:n] {
		p, dests := g.stepsFrom(cell)
		if !slices.Contains(dests, free) {
			continue
		}
		g.Play(BaseMove{Kind: Step, Piece: p, From: cell, To: free})
		over, winner := g.Over()
		g.Undo()
		if over && winner == int(me) {
			return true
		}
	}
	return false
}

// lastFree is the one empty neighbour of side c's queen when it has five occupied ones.
func (g *BaseGame) lastFree(c Colour) (Cell, bool) {
	at, ok := g.where(BasePiece{Colour: c})
	if !ok {
		return Cell{}, false
	}
	var free Cell
	empty := 0
	for _, d := range baseRing {
		if n := add(at, d); !g.occupied(n) {
			free = n
			empty++
		}
	}
	return free, empty == 1
}

// queenPressure is the number of occupied neighbours of side c's queen (0 in hand).
func (g *BaseGame) queenPressure(c Colour) int {
	at, ok := g.where(BasePiece{Colour: c})
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
