package hive

// The search: iterative deepening principal variation search (negamax with alpha-beta, null
// windows after the first move) on the evaluation (eval.go), with a transposition table
// keyed by the Zobrist hash, and move ordering by the table's move, then two killer moves
// per ply, then a static guess (a piece arriving next to the opponent's queen first, a
// piece leaving our own queen's side next, pieces crowding our queen last) and the history
// heuristic.
//
// Both sides are searched under the strict contact reading (docs/hive.md: the agent
// writes a strict-legal move whenever one exists); the root falls back to the loose reading
// only when no strict move exists.
//
// Against an opponent that can only pass, the first moves of the shortest surround plans
// get a bonus at the root (plan.go), so that minimax's caution does not keep a frozen
// opponent frozen until the move limit.
//
// A position where a queen is surrounded is final: it scores the course's points exactly
// (15 for a surrounded queen), the nearer win preferred. So is a position after both sides'
// move 80 (the course's limit). The search stops on a node budget (deterministic) and a
// CPU-time guard checked every search.CheckEvery nodes; the budget counts work (nodes, and
// the moves generated: movesPerUnit). It allocates nothing once the engine is built.

import (
	"slices"

	"gameagents/internal/clock"
	"gameagents/internal/search"
)

const (
	maxPly   = 48
	scoreInf = 1 << 20
	// winBonus separates a finished game from any evaluation, so that the nearer
	// surround is preferred (winBonus - ply) and a loss is put off.
	winBonus = 1 << 16
	// unsettledDrop: a completed iteration whose score fell by more than half a course
	// point from the one before leaves the search unsettled (Limits.MaxNodes).
	unsettledDrop = pointWeight / 2
)

// movesPerUnit: an interior node also counts a unit of work for every movesPerUnit moves it
// generates (search.Budget.Charge), because generating a long move list costs more than a
// leaf. Over the SINGLE benchmark set's positions, work units per CPU second then range
// from 0.78 to 1.29 times the median (1,000,000-unit searches); plain nodes per CPU second
// ranged from 0.49 to 1.44 times, so that a budget sized on one position overran on others
// (divisors 4, 8 and 16 gave 0.66-1.61, 0.75-1.35 and 0.77-1.28). The budget, Result.Nodes
// and the calibrated rate are in these units.
const movesPerUnit = 12

// Limits bound a search.
type Limits struct {
	Nodes    int64          // stop after this many units of work (0: no limit)
	Guard    clock.Deadline // stop at once when passed
	MaxDepth int            // deepest iteration (0: as deep as the budget allows)
	// MaxNodes: an unsettled search (its best move changed, its score fell by more than
	// unsettledDrop) may stretch Nodes up to this many (search.Watch); 0: never.
	MaxNodes int64
	// Seen holds the hashes of the positions the game has had after the mover's earlier
	// moves (playdata). A root move back to one of them scores 0, as a draw would: when
	// ahead the engine makes progress instead of stepping a piece to and fro while a
	// stuck opponent passes (which cost a surround in a match against random).
	Seen []uint64
}

// Result is what a search found.
type Result struct {
	Move  PackedMove
	Score int32 // in 1/100 course point, for the side to move (with planBonus for a plan's move)
	Depth int   // the depth of the last completed iteration
	Nodes int64
}

// Engine is a search with its tables. One Engine serves one goroutine.
type Engine struct {
	Weights Weights // the evaluation's; NewEngine sets DefaultWeights
	tt      []ttEntry
	mask    uint64
	budget  search.Budget
	killers [maxPly][2]PackedMove
	history [11][maxCells]int32
	lists   [maxPly][]PackedMove
	keys    [maxPly][]int32
	seen    []uint64     // Limits.Seen of the search in progress
	planned []PackedMove // root moves that start a surround plan (plan.go)
}

type ttEntry struct {
	key   uint64
	move  PackedMove
	score int32
	depth int8
	bound search.Bound
}

// NewEngine returns an engine whose table has 2^logSize entries.
func NewEngine(logSize int) *Engine {
	n := 1 << logSize
	e := &Engine{Weights: DefaultWeights, tt: make([]ttEntry, n), mask: uint64(n - 1), planned: make([]PackedMove, 0, MaxMoves)}
	for i := range e.lists {
		e.lists[i] = make([]PackedMove, 0, MaxMoves)
		e.keys[i] = make([]int32, MaxMoves)
	}
	return e
}

// RootMoves returns the moves the agent chooses from: the strict ones, or the loose ones when
// no strict move exists (a single PASS when there is none either).
func RootMoves(b *Board, buf []PackedMove) []PackedMove {
	moves := b.Moves(Strict, buf)
	if moves[0] == 0 {
		moves = b.Moves(Loose, buf)
	}
	return moves
}

// Search finds the best move for the side to move, calling report after each completed
// iteration.
func (e *Engine) Search(b *Board, lim Limits, report func(Result)) Result {
	e.budget.Start(lim.Nodes, lim.Guard)
	e.budget.SetCeiling(lim.MaxNodes)
	watch := search.Watch[PackedMove]{Drop: unsettledDrop}
	e.killers = [maxPly][2]PackedMove{}
	for i := range e.history {
		for j := range e.history[i] {
			e.history[i][j] /= 8
		}
	}
	e.seen = lim.Seen
	root := RootMoves(b, e.lists[0])
	e.orderRoot(b, root)
	best := Result{Move: root[0]}
	if len(root) == 1 {
		return best
	}
	e.findPlans(b, root, lim)
	maxDepth := lim.MaxDepth
	if maxDepth <= 0 || maxDepth >= maxPly {
		maxDepth = maxPly - 1
	}
	for depth := 1; depth <= maxDepth; depth++ {
		score, complete := e.searchRoot(b, root, depth)
		if !complete {
			if score > -scoreInf {
				best.Move, best.Score = root[0], score
			}
			break
		}
		best = Result{Move: root[0], Score: score, Depth: depth, Nodes: e.budget.Nodes}
		if report != nil {
			report(best)
		}
		watch.Completed(&e.budget, best.Move, int64(best.Score))
		if score >= winBonus-maxPly || score <= -winBonus+maxPly {
			break // a forced result: deeper iterations find nothing better
		}
		// Another iteration while nodes are left: one the budget cuts short still counts
		// for the root moves it searched (search.Budget.Deepen).
		if !e.budget.Deepen() {
			break
		}
	}
	best.Nodes = e.budget.Nodes
	return best
}

// PV returns the principal variation the table holds after a search of b: best, then
// each position's table move while the table has an entry of that position whose move is
// legal there, a pass where a side has nothing else; at most n moves, none after the
// game's end or a second pass in a row. It leaves b as it found it; it allocates, and is
// not for the search's hot path.
func (e *Engine) PV(b *Board, best PackedMove, n int) []PackedMove {
	pv := []PackedMove{best}
	b.Make(best)
	buf := make([]PackedMove, 0, MaxMoves)
	for len(pv) < n {
		if _, over := b.final(len(pv)); over {
			break
		}
		moves := b.Moves(Strict, buf)
		m := moves[0] // a pass, when alone
		if len(moves) > 1 || m != 0 {
			ent := &e.tt[b.hash&e.mask]
			if ent.key != b.hash || !slices.Contains(moves, ent.move) {
				break
			}
			m = ent.move
		} else if pv[len(pv)-1] == 0 {
			break // neither side can move: the variation goes no further
		}
		pv = append(pv, m)
		b.Make(m)
	}
	for i := len(pv) - 1; i >= 0; i-- {
		b.Unmake(pv[i])
	}
	return pv
}

// orderRoot sorts the root moves by the static guess, for the first iteration.
func (e *Engine) orderRoot(b *Board, moves []PackedMove) {
	keys := e.keys[0][:len(moves)]
	for i, m := range moves {
		keys[i] = e.guess(b, m)
	}
	for i := 1; i < len(moves); i++ { // insertion sort, stable: a deterministic order
		m, k := moves[i], keys[i]
		j := i
		for ; j > 0 && keys[j-1] < k; j-- {
			moves[j], keys[j] = moves[j-1], keys[j-1]
		}
		moves[j], keys[j] = m, k
	}
}

// searchRoot searches the root moves to depth, keeping the best first. It returns the best
// score and whether the iteration completed; when it did not, the score is that of the
// first move if a move beat the previous best, else -scoreInf.
func (e *Engine) searchRoot(b *Board, root []PackedMove, depth int) (int32, bool) {
	alpha, beta := int32(-scoreInf), int32(scoreInf)
	bestScore := int32(-scoreInf)
	for i, m := range root {
		// A plan's first move is searched in a window lowered by its bonus (plan.go).
		bonus := int32(0)
		if slices.Contains(e.planned, m) {
			bonus = planBonus
		}
		a, bt := alpha-bonus, beta-bonus
		b.Make(m)
		var v int32
		if slices.Contains(e.seen, b.hash) {
			v = 0 // a repetition: see Limits.Seen
		} else if i == 0 {
			v = -e.negamax(b, depth-1, 1, -bt, -a)
		} else {
			v = -e.negamax(b, depth-1, 1, -a-1, -a)
			if v > a && !e.budget.Stopped {
				v = -e.negamax(b, depth-1, 1, -bt, -a)
			}
		}
		b.Unmake(m)
		v += bonus
		if e.budget.Stopped {
			if i > 0 && bestScore > -scoreInf {
				return bestScore, false
			}
			return -scoreInf, false
		}
		if v > bestScore {
			bestScore = v
			alpha = max(alpha, v)
			search.ToFront(root, i) // the new best goes first, the others keep their order
		}
	}
	return bestScore, true
}

// final returns the score of a finished game for the side to move at ply, and whether the
// game is over: a queen surrounded, or both sides past the move limit.
func (b *Board) final(ply int) (int32, bool) {
	me := b.mover
	lost, won := b.Surrounded(me), b.Surrounded(1-me)
	if !lost && !won && (b.moves[0] < moveLimit || b.moves[1] < moveLimit) {
		return 0, false
	}
	v := int32(pointWeight * (b.Points(me) - b.Points(1-me)))
	switch {
	case v > 0:
		v += winBonus - int32(ply)
	case v < 0:
		v -= winBonus - int32(ply)
	}
	return v, true
}

// negamax returns the score of the side to move, searched depth plies deep.
func (e *Engine) negamax(b *Board, depth, ply int, alpha, beta int32) int32 {
	if e.budget.Count() {
		return 0
	}
	if v, over := b.final(ply); over {
		return v
	}
	if depth <= 0 || ply >= maxPly-1 {
		b.findPinned()
		return b.evaluate(&e.Weights)
	}
	ent := &e.tt[b.hash&e.mask]
	var ttMove PackedMove
	if ent.key == b.hash {
		ttMove = ent.move
		if int(ent.depth) >= depth {
			s := ent.score
			if ent.bound.Cuts(s, alpha, beta) {
				return s
			}
		}
	}
	moves := b.Moves(Strict, e.lists[ply])
	e.lists[ply] = moves
	e.budget.Charge(int64(len(moves)) / movesPerUnit)
	if moves[0] == 0 && len(moves) == 1 { // pass
		b.Make(0)
		v := -e.negamax(b, depth-1, ply+1, -beta, -alpha)
		b.Unmake(0)
		return v
	}
	keys := e.keys[ply][:len(moves)]
	for i, m := range moves {
		switch m {
		case ttMove:
			keys[i] = 1 << 30
		case e.killers[ply][0]:
			keys[i] = 1 << 29
		case e.killers[ply][1]:
			keys[i] = 1<<29 - 1
		default:
			keys[i] = e.guess(b, m) + e.history[m.code()][m.To()]
		}
	}
	alphaOrig := alpha
	best, bestMove := int32(-scoreInf), PackedMove(0)
	for i := range moves {
		m := search.PickBest(moves, keys, i)
		b.Make(m)
		var v int32
		if i == 0 {
			v = -e.negamax(b, depth-1, ply+1, -beta, -alpha)
		} else {
			v = -e.negamax(b, depth-1, ply+1, -alpha-1, -alpha)
			if v > alpha && v < beta && !e.budget.Stopped {
				v = -e.negamax(b, depth-1, ply+1, -beta, -alpha)
			}
		}
		b.Unmake(m)
		if e.budget.Stopped {
			return 0
		}
		if v > best {
			best, bestMove = v, m
			if v > alpha {
				alpha = v
				if alpha >= beta {
					if m != e.killers[ply][0] {
						e.killers[ply][1] = e.killers[ply][0]
						e.killers[ply][0] = m
					}
					e.history[m.code()][m.To()] += int32(depth * depth)
					break
				}
			}
		}
	}
	*ent = ttEntry{key: b.hash, move: bestMove, score: best, depth: int8(depth), bound: search.BoundOf(best, alphaOrig, beta)}
	return best
}

// Static ordering guesses, in the history table's units.
const (
	guessNearTheirQueen = 4000
	guessOntoTheirQueen = 6000
	guessLeaveTheirs    = -3000
	guessFreeOurQueen   = 2000
	guessCrowdOurQueen  = -2000
	guessStep           = 100 // movement before placement, other things equal
)

// guess is the static ordering key of a move of the side to move.
func (e *Engine) guess(b *Board, m PackedMove) int32 {
	if m.Kind() == Pass {
		return 0
	}
	me := b.mover
	to := m.To()
	var g int32
	if their := b.queen[1-me]; their >= 0 {
		if to == their {
			g += guessOntoTheirQueen
		} else if b.t.neighbour[their].has(to) {
			g += guessNearTheirQueen
		}
		if m.Kind() == Step && b.t.neighbour[their].has(m.From()) && b.height[m.From()] == 1 {
			g += guessLeaveTheirs
		}
	}
	if ours := b.queen[me]; ours >= 0 {
		if b.t.neighbour[ours].has(to) {
			g += guessCrowdOurQueen
		}
		if m.Kind() == Step && b.t.neighbour[ours].has(m.From()) && b.height[m.From()] == 1 {
			g += guessFreeOurQueen
		}
	}
	if m.Kind() == Step {
		g += guessStep
	}
	return g
}
