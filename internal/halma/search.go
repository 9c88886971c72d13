package halma

// Search: iterative deepening negamax with principal variation search (null windows after
// the first move), a transposition table, and move ordering by TT move, killer moves,
// history counts and the move's race gain. Late moves that gain no ground are searched
// one or two plies shallower (late move reductions) and re-searched at full depth when
// they surprise. There is no quiescence search: Halma has no captures.
//
// Repetition: a position already seen in this game (from playdata) or earlier on the
// search path scores as a draw (0), so the engine does not shuffle when ahead.
//
// Stopping: the search counts nodes and stops when its node budget is spent, which keeps
// the chosen move the same on every machine. A node is a unit of work, not a position: a
// position searched counts one, and every genMovesPerNode moves generated count one more.
// Generating the moves of a wide middle-game position costs as much as searching several
// positions, so counting the positions and the frontier's children (as before) let a node's
// CPU time vary 3.5-fold over a game's positions (tenth to ninetieth percentile), and
// late moves used a third of their time; counted this way, it varies by about a third
// (RESULTS.md, issue 23). The search also reads the process CPU clock every
// search.CheckEvery nodes (search.Budget) and stops at once when the hard guard has
// passed. A stopped iteration still counts when its first root move was searched fully:
// any root move that then beat it was proved better.
//
// Every feature can be switched off through Features, for measuring its worth.
//
// The hot path allocates nothing: moves go into per-ply arrays, the board is made and
// unmade in place, and the transposition table is allocated once per search.

import (
	"slices"

	"gameagents/internal/clock"
	"gameagents/internal/search"
)

const (
	maxPly   = 48
	infinity = WinScore + 1000
	// genMovesPerNode: generating this many moves costs about as much CPU as searching one
	// position (fitted over self-play positions: 221 ns a position, 13 ns a move generated;
	// go test ./internal/halma -run TestNodeCost -node-cost 600000 -v).
	genMovesPerNode = 16
	// unsettledDrop: a completed iteration whose score fell by more than two diagonal
	// steps' worth from the one before leaves the search unsettled (Limits.MaxNodes).
	unsettledDrop = 4 * distUnit
)

// Features switches search techniques on and off.
type Features struct {
	NoTT         bool
	NoPVS        bool
	NoKillers    bool
	NoHistory    bool
	NoLMR        bool
	NoRepetition bool
	Metric       int // the evaluation's distance (eval.go): MetricDiagonal (0) or MetricManhattan
	// TwoTier: the table's slots go in pairs, one kept for the deeper search of the two
	// positions it holds, one always replaced (see probe and store); off, one slot a key,
	// always replaced, so that the many depth-1 entries write over the deeper ones.
	TwoTier bool
}

// ttEntry is one slot of the transposition table.
type ttEntry struct {
	key   uint64
	move  Move
	score int32
	depth int8
	bound search.Bound
}

// Limits bound one search.
type Limits struct {
	Nodes    int64          // stop when this many nodes are searched (0: no limit)
	MaxDepth int            // deepest iteration (0: maxPly-1)
	Guard    clock.Deadline // stop at once when passed
	// MaxNodes: an unsettled search (its best move changed, its score fell by more than
	// unsettledDrop) may stretch Nodes up to this many (search.Watch); 0: never.
	MaxNodes int64
}

// Result is what a finished (or stopped) iteration found.
type Result struct {
	Move  Move
	Score int32
	Depth int   // the deepest iteration whose result Move is
	Nodes int64 // nodes searched in all
}

// Engine searches Halma positions. Reuse one Engine across searches to avoid
// reallocating its tables; it serves one goroutine.
type Engine struct {
	Features Features

	gen      Generator
	board    Board
	moves    [maxPly][MaxMoves]Move
	keys     [maxPly][MaxMoves]int32
	tt       []ttEntry
	ttMask   uint64
	killers  [maxPly][2]Move
	history  [numCells][numCells]int32
	path     [maxPly + 1]uint64
	seen     map[uint64]bool // positions of the game so far, with side to move
	budget   search.Budget
	rootBest Move
	// genCarry holds the moves generated since the budget was last charged for them,
	// fewer than genMovesPerNode.
	genCarry int
}

// NewEngine returns an engine whose transposition table has about ttEntries slots
// (rounded down to a power of two, at least 1024).
func NewEngine(ttEntries int) *Engine {
	e := &Engine{}
	n := 1024
	for n*2 <= ttEntries {
		n *= 2
	}
	e.tt = make([]ttEntry, n)
	e.ttMask = uint64(n - 1)
	return e
}

// probe returns the table's entry for key, nil when it holds none.
func (e *Engine) probe(key uint64) *ttEntry {
	i := key & e.ttMask
	if e.Features.TwoTier {
		i &^= 1
		if e.tt[i+1].key == key {
			return &e.tt[i+1]
		}
	}
	if e.tt[i].key == key {
		return &e.tt[i]
	}
	return nil
}

// store writes ent in the table. Without TwoTier it replaces its key's slot. With TwoTier,
// the pair's first slot keeps the deeper entry: ent goes there when it is the same
// position's or at least as deep, the entry it displaces going to the second slot, and
// otherwise to the second slot, which is always replaced; a key is in one slot at most.
func (e *Engine) store(ent ttEntry) {
	i := ent.key & e.ttMask
	if !e.Features.TwoTier {
		e.tt[i] = ent
		return
	}
	first, second := &e.tt[i&^1], &e.tt[i|1]
	switch {
	case first.key == ent.key:
		*first = ent
	case ent.depth >= first.depth:
		*second, *first = *first, ent
	default:
		*second = ent
	}
}

// ClearTT empties the transposition table, so that a search starts from nothing.
func (e *Engine) ClearTT() { clear(e.tt) }

// SetSeen gives the positions of the game so far (PositionKey values) for repetition
// detection.
func (e *Engine) SetSeen(keys []uint64) {
	e.seen = make(map[uint64]bool, len(keys))
	for _, k := range keys {
		e.seen[k] = true
	}
}

// Search finds a move for c on b, calling report after each completed iteration. b is not
// changed. It returns the best result found; Result.Move is the zero Move when c has no
// legal move.
func (e *Engine) Search(b *Board, c Color, lim Limits, report func(Result)) Result {
	e.board = *b
	e.genCarry = 0
	e.budget.Start(lim.Nodes, lim.Guard)
	e.budget.SetCeiling(lim.MaxNodes)
	watch := search.Watch[Move]{Drop: unsettledDrop}
	e.killers = [maxPly][2]Move{}
	for i := range e.history {
		clear(e.history[i][:])
	}
	maxDepth := lim.MaxDepth
	if maxDepth <= 0 || maxDepth >= maxPly {
		maxDepth = maxPly - 1
	}
	root := e.moves[0][:0]
	root = e.gen.Generate(&e.board, c, Preferred, root)
	var best Result
	if len(root) == 0 {
		return best
	}
	e.orderRoot(c, root)
	best = Result{Move: root[0], Score: -infinity}
	if len(root) == 1 {
		best.Score = evaluate(&e.board, c, e.Features.Metric)
		return best
	}
	e.path[0] = e.board.PositionKey(c)
	for depth := 1; depth <= maxDepth; depth++ {
		score, move, complete := e.searchRoot(c, root, depth)
		if !complete {
			// A stopped iteration still counts for the root moves it proved: the first
			// (the previous best) and any that beat it.
			if e.rootBest != (Move{}) {
				best.Move, best.Score = move, score
			}
			break
		}
		best = Result{Move: move, Score: score, Depth: depth, Nodes: e.budget.Nodes}
		if report != nil {
			report(best)
		}
		watch.Completed(&e.budget, best.Move, int64(best.Score))
		if proven(score) {
			break // a forced win or loss is found: deeper search cannot change it
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

// proven reports whether score is a decided game's, which the search gives only to a win
// or loss it has found (WinScore less the plies to it), never to a race evaluation.
func proven(score int32) bool { return score >= WinScore-maxPly || score <= -WinScore+maxPly }

// PV returns the principal variation of the search that chose first for c on b: first,
// then the table's best move in each position that follows, while it is a move the search
// would play there (Preferred), the game goes on and no position comes back; at most most
// moves. It reads the table after the search, allocating, for reports only.
func (e *Engine) PV(b *Board, c Color, first Move, most int) []Move {
	pv := []Move{first}
	if e.Features.NoTT {
		return pv
	}
	board := *b
	seen := map[uint64]bool{board.PositionKey(c): true}
	var buf [MaxMoves]Move
	board.Move(first.From, first.To)
	for len(pv) < most {
		c = c.Other()
		key := board.PositionKey(c)
		if _, _, over := board.Decided(c); over || seen[key] {
			break
		}
		seen[key] = true
		ent := e.probe(key)
		if ent == nil || !slices.Contains(e.gen.Generate(&board, c, Preferred, buf[:0]), ent.move) {
			break
		}
		pv = append(pv, ent.move)
		board.Move(ent.move.From, ent.move.To)
	}
	return pv
}

// orderRoot sorts root moves by race gain, best first (stable, so ties keep generation
// order and the result is deterministic).
func (e *Engine) orderRoot(c Color, moves []Move) {
	keys := e.keys[0][:len(moves)]
	for i, m := range moves {
		keys[i] = metricGain(e.Features.Metric, c, m)
	}
	sortMoves(moves, keys)
}

// searchRoot searches every root move to depth and moves the best to the front. complete
// is false when the search stopped; then move and score are the best proved so far
// (rootBest is zero when not even the first move finished).
func (e *Engine) searchRoot(c Color, root []Move, depth int) (int32, Move, bool) {
	alpha, beta := int32(-infinity), int32(infinity)
	e.rootBest = Move{}
	bestIdx := 0
	for i, m := range root {
		e.board.Move(m.From, m.To)
		var score int32
		if e.board.Wins(c) {
			score = WinScore - 1
		} else if i == 0 || e.Features.NoPVS {
			score = -e.negamax(c.Other(), depth-1, 1, -beta, -alpha)
		} else {
			score = -e.negamax(c.Other(), depth-1, 1, -alpha-1, -alpha)
			if score > alpha && !e.budget.Stopped {
				score = -e.negamax(c.Other(), depth-1, 1, -beta, -alpha)
			}
		}
		e.board.Move(m.To, m.From)
		if e.budget.Stopped {
			break
		}
		if score > alpha {
			alpha = score
			bestIdx = i
			e.rootBest = m
		}
	}
	if e.rootBest == (Move{}) {
		return alpha, root[0], false
	}
	// Move the best to the front, keeping the others' order.
	best := root[bestIdx]
	copy(root[1:bestIdx+1], root[:bestIdx])
	root[0] = best
	return alpha, best, !e.budget.Stopped
}

// negamax returns the score of the position for c to move, searched to depth.
func (e *Engine) negamax(c Color, depth, ply int, alpha, beta int32) int32 {
	if e.budget.Count() {
		return 0
	}
	key := e.board.PositionKey(c)
	e.path[ply] = key
	if !e.Features.NoRepetition && e.repeated(key, ply) {
		return 0
	}
	if depth <= 0 || ply >= maxPly-1 {
		return evaluate(&e.board, c, e.Features.Metric)
	}
	alphaOrig := alpha
	var ttMove Move
	if !e.Features.NoTT {
		if ent := e.probe(key); ent != nil {
			ttMove = ent.move
			if int(ent.depth) >= depth {
				if s := wins.FromTable(ent.score, ply); ent.bound.Cuts(s, alpha, beta) {
					return s
				}
			}
		}
	}
	moves := e.gen.Generate(&e.board, c, Preferred, e.moves[ply][:0])
	e.chargeGenerated(len(moves))
	if len(moves) == 0 {
		return evaluate(&e.board, c, e.Features.Metric) // only in decided or artificial positions
	}
	var best int32
	var bestMove Move
	if depth == 1 && e.additive(c) {
		best, bestMove = e.frontier(c, ply, moves, beta)
	} else {
		best, bestMove = e.interior(c, depth, ply, moves, ttMove, alpha, beta)
	}
	if e.budget.Stopped {
		return 0
	}
	if !e.Features.NoTT {
		e.store(ttEntry{key: key, move: bestMove, score: wins.ToTable(best, ply), depth: int8(depth), bound: search.BoundOf(best, alphaOrig, beta)})
	}
	return best
}

// interior searches every move of an inner node, best first, with cutoffs.
func (e *Engine) interior(c Color, depth, ply int, moves []Move, ttMove Move, alpha, beta int32) (int32, Move) {
	e.orderKeys(c, ply, moves, ttMove)
	keys := e.keys[ply][:len(moves)]
	best := int32(-infinity)
	var bestMove Move
	for i := range moves {
		search.PickBest(moves, keys, i)
		m := moves[i]
		e.board.Move(m.From, m.To)
		var score int32
		if e.board.Wins(c) {
			score = WinScore - int32(ply) - 1
		} else {
			score = e.searchChild(c, m, i, depth, ply, alpha, beta)
		}
		e.board.Move(m.To, m.From)
		if e.budget.Stopped {
			return 0, Move{}
		}
		if score > best {
			best, bestMove = score, m
		}
		if score > alpha {
			alpha = score
		}
		if alpha >= beta {
			e.rememberCutoff(ply, depth, m)
			break
		}
	}
	return best, bestMove
}

// additive reports whether the race evaluation after any move of c equals the evaluation
// now plus the move's gain. That holds while neither side has more pieces outside its
// target camp than free squares in it (always, on a standard board): c's own moves keep
// its difference between the two, and can only make room in the opponent's target.
func (e *Engine) additive(c Color) bool {
	b := &e.board
	for s := Black; s <= White; s++ {
		inTarget := b.campOwn[s]
		if b.count[s]-inTarget > CampSize-b.campOcc[s] {
			return false
		}
	}
	return true
}

// frontier scores a depth-1 node without making its moves: each child is worth the
// current evaluation plus the move's gain (see additive), a win, or a draw by repetition.
// Its children are not positions searched: their cost is the moves' generation, charged
// with it.
func (e *Engine) frontier(c Color, ply int, moves []Move, beta int32) (int32, Move) {
	base := evaluate(&e.board, c, e.Features.Metric)
	target := &campOf[c.Other()]
	childKey := e.board.PositionKey(c) ^ sideKey
	best := int32(-infinity)
	var bestMove Move
	for _, m := range moves {
		score := base + metricGain(e.Features.Metric, c, m)
		if target[m.To] && !target[m.From] && e.board.campOcc[c] == CampSize-1 {
			score = WinScore - int32(ply) - 1 // fills the last free square of the camp
		} else if !e.Features.NoRepetition {
			k := childKey ^ zobrist[c][m.From] ^ zobrist[c][m.To]
			if e.repeated(k, ply+1) {
				score = 0
			}
		}
		if score > best {
			best, bestMove = score, m
			if best >= beta {
				return best, bestMove
			}
		}
	}
	return best, bestMove
}

// chargeGenerated charges the budget for n moves generated (genMovesPerNode).
func (e *Engine) chargeGenerated(n int) {
	e.genCarry += n
	e.budget.Nodes += int64(e.genCarry / genMovesPerNode)
	e.genCarry %= genMovesPerNode
}

// searchChild searches the i-th move (already made) with PVS and late move reductions.
func (e *Engine) searchChild(c Color, m Move, i, depth, ply int, alpha, beta int32) int32 {
	if i == 0 || e.Features.NoPVS {
		return -e.negamax(c.Other(), depth-1, ply+1, -beta, -alpha)
	}
	reduce := 0
	if !e.Features.NoLMR && depth >= 3 && i >= 3 && metricGain(e.Features.Metric, c, m) <= 0 {
		reduce = 1
		if i >= 12 && depth >= 4 {
			reduce = 2
		}
	}
	score := -e.negamax(c.Other(), depth-1-reduce, ply+1, -alpha-1, -alpha)
	if reduce > 0 && score > alpha && !e.budget.Stopped {
		score = -e.negamax(c.Other(), depth-1, ply+1, -alpha-1, -alpha)
	}
	if score > alpha && score < beta && !e.budget.Stopped {
		score = -e.negamax(c.Other(), depth-1, ply+1, -beta, -alpha)
	}
	return score
}

// repeated reports whether key was seen earlier in the game or on the search path (same
// side to move, so two plies apart).
func (e *Engine) repeated(key uint64, ply int) bool {
	for p := ply - 2; p >= 0; p -= 2 {
		if e.path[p] == key {
			return true
		}
	}
	return e.seen[key]
}

func (e *Engine) rememberCutoff(ply, depth int, m Move) {
	if !e.Features.NoKillers && e.killers[ply][0] != m {
		e.killers[ply][1] = e.killers[ply][0]
		e.killers[ply][0] = m
	}
	if !e.Features.NoHistory {
		e.history[m.From][m.To] += int32(depth * depth)
	}
}

// Ordering keys: the TT move first, then killers, then by history and race gain.
const (
	keyTT     = 1 << 30
	keyKiller = 1 << 29
)

func (e *Engine) orderKeys(c Color, ply int, moves []Move, ttMove Move) {
	keys := e.keys[ply][:len(moves)]
	k0, k1 := e.killers[ply][0], e.killers[ply][1]
	for i, m := range moves {
		k := metricGain(e.Features.Metric, c, m) * 64
		switch {
		case m == ttMove:
			k = keyTT
		case m == k0:
			k = keyKiller + 1
		case m == k1:
			k = keyKiller
		default:
			if !e.Features.NoHistory {
				k += min(e.history[m.From][m.To], 1<<20)
			}
		}
		keys[i] = k
	}
}

// sortMoves sorts moves by key, highest first; insertion sort is stable, so ties keep
// generation order, and it allocates nothing. Used at the root only.
func sortMoves(moves []Move, keys []int32) {
	for i := 1; i < len(moves); i++ {
		m, k := moves[i], keys[i]
		j := i
		for ; j > 0 && keys[j-1] < k; j-- {
			moves[j], keys[j] = moves[j-1], keys[j-1]
		}
		moves[j], keys[j] = m, k
	}
}

// wins are the decided positions' scores, as the table stores them.
var wins = search.WinScores{Win: WinScore, MaxPly: maxPly}
