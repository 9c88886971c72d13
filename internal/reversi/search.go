package reversi

// The midgame search: iterative deepening principal variation search (negamax with
// alpha-beta, null windows after the first move) on the evaluation, with a transposition
// table of two-entry buckets holding both bounds (table.go), and move ordering by the table's move first, then
// "fastest first" (the move leaving the opponent the fewest replies, its corner replies
// counting double; corners first and X-squares next to an empty corner last), the
// ordering that Othello programs from Rosenbloom's IAGO on have found best. Near the end
// of the game the exact solver (solve.go) takes over from the root.
//
// Scores are in 1/100 of a disc of final disc difference, from the side to move's point of
// view; a finished game scores its exact difference (empties to the winner) times 100.
//
// The search stops on a node budget (which makes it deterministic) and on a CPU-time guard
// checked every search.CheckEvery nodes (search.Budget). It allocates nothing once the engine is built.
//
// The pattern evaluation's indices are kept along the line, updated by each move from the
// parent's (patstate.go): the values, hence the nodes, are those of a fresh reading.

import (
	"cmp"
	"math/bits"

	"gameagents/internal/clock"
	"gameagents/internal/search"
)

const (
	maxPly       = 64
	scoreInf     = 10000
	discScore    = 100 // one disc of final difference
	maxMoves     = 34  // more than any Reversi position has (the most known is 33)
	sortMinDepth = 2   // sort by replies from this remaining depth on; cheaper order below
	// orderEvalDepth: from this remaining depth on the order also weighs the evaluation
	// after each move, one key unit (a quarter reply) per orderEvalScale, and the
	// opponent's potential mobility (Engine.order). Depth-11 searches of the benchmark
	// set's 155 midgame positions (TestOrderProbe) took 8.45 M nodes without it, 7.88 M
	// with the solver's scale (100), 7.29 M with 12 or 6; from depth 3 as many as from 4,
	// from 5 more (7.68 M).
	orderEvalDepth = 4
	orderEvalScale = 12
	// nextIterationGrowth: an iteration's cost over the one before, when there is no
	// measured ratio yet (PredictIteration).
	nextIterationGrowth = 3
	// unsettledDrop: a completed iteration whose score fell by more than 3 discs from the
	// one before leaves the search unsettled (Limits.MaxNodes).
	unsettledDrop = 3 * discScore
)

// Limits bound a search.
type Limits struct {
	Nodes    int64          // stop after this many nodes (0: no limit)
	Guard    clock.Deadline // stop at once when passed
	MaxDepth int            // deepest iteration (0: as deep as the budget allows)
	// MaxNodes: an unsettled search (its best move changed, its score fell by more than
	// unsettledDrop) may stretch Nodes up to this many (search.Watch); 0: never.
	MaxNodes int64
}

// Result is what a search found.
type Result struct {
	Move  int   // the best move, -1 when the side to move must pass
	Score int32 // its score in 1/100 disc
	Depth int   // the depth of the last completed iteration
	Nodes int64
	Exact bool // Score is the exact final difference (the game was solved)
}

// Features switches search techniques off, for measuring what each is worth.
type Features struct {
	NoTT   bool // no transposition table
	NoPVS  bool // full windows for every move
	NoSort bool // moves in square order after the table's move
	// OrderEvalDepth: nodes searched at least this deep also order their moves by the
	// evaluation after each move and by potential mobility (0: orderEvalDepth; negative: never).
	OrderEvalDepth int
	NoSolver       bool  // never solve the endgame exactly
	NoProbCut      bool  // no ProbCut (probcut.go): every node searched full width
	ProbCutT       int32 // ProbCut's confidence in tenths of σ (0: probCutT)
	SolveFixed     bool  // try the solver from solveMaxEmpties whatever the budget
	// Share: start an iteration only while under 1/Share of the budget, the rule before
	// the whole budget was spent (3); 0: while any of it is left (search.Budget.Deepen).
	Share int
	// PredictIteration: start an iteration only when it is predicted to end within the
	// budget (its cost: the last one's times the last growth, nextIterationGrowth),
	// instead of the Share rule.
	PredictIteration bool
	Evaluation       func(Board) int32 // nil: the fitted patterns (Weights); HandEval for the baseline
	// Weights: the fitted patterns' weights, when Evaluation is nil (nil: the embedded
	// ones, PatternEval's). The search keeps their indices incrementally (patstate.go).
	Weights *PatternWeights
}

// Engine is a search with its transposition table. One Engine serves one goroutine.
type Engine struct {
	Features
	solver  *Solver
	tt      []ttEntry
	mask    uint64
	budget  search.Budget
	weights *PatternWeights // the patterns evaluated, when Evaluation is nil
	// feat[sp] holds the pattern indices of the position the search is at (only when
	// Evaluation is nil), its side to move's view in half sp&1 (patstate.go): each move or
	// pass down the line pushes one, so a line of depth d plies holds at most 2d+1 (a pass
	// is followed by a move or ends the game), and the move order's evaluation of a child
	// uses the slot above.
	feat [featStack]patState
	sp   int
	// lists[sp] and replies[sp]: the move list of the node at feat[sp] and, when ordered,
	// each child's legal moves.
	lists   [featStack][maxMoves]int
	replies [featStack][maxMoves]uint64
	date    uint8 // this search's date in the table (table.go)
}

// featStack bounds Engine.feat: a line from the root to depth maxPly, every move after a
// pass, and the order's slot above the deepest.
const featStack = 2*maxPly + 2

// NewEngine returns an engine whose table has 2^logSize entries.
func NewEngine(logSize int) *Engine {
	n := 1 << logSize
	return &Engine{tt: make([]ttEntry, n), mask: uint64(n - 1)}
}

// ClearTT empties the transposition table.
func (e *Engine) ClearTT() { clear(e.tt) }

// Search finds the best move for the side to move of b, calling report after each
// completed iteration. Near the end of the game (solveFrom: as many empties as the budget
// can prove, at most solveMaxEmpties) it spends a quarter of the budget on the midgame
// search and the rest on the exact solver: first a null window
// around 0 (win, draw or loss), then the exact score: the move that wins by most or loses
// by least. A proved win or draw replaces the midgame move at once; a proved loss only once
// its exact score is known (until then the midgame move, which plays for the opponent's
// mistakes, stands).
func (e *Engine) Search(b Board, lim Limits, report func(Result)) Result {
	empties := bits.OnesCount64(^(b.Own | b.Opp))
	if e.NoSolver || lim.MaxDepth > 0 || empties > e.solveFrom(lim.Nodes) || b.Moves() == 0 {
		return e.search(b, lim, report)
	}
	mid := lim
	if lim.Nodes > 0 {
		mid.Nodes = lim.Nodes / 4
	}
	r := e.search(b, mid, report)
	if lim.Guard.Passed() || r.Exact {
		return r
	}
	if e.solver == nil {
		e.solver = NewSolver(solverLogSize)
	}
	e.solver.SetLimits((lim.Nodes-r.Nodes)*solverNodeRatio, lim.Guard)
	start := e.solver.Nodes
	score, move := e.solver.SolveWindow(b, -1, 1)
	r.Nodes += (e.solver.Nodes - start) / solverNodeRatio
	if e.solver.Aborted() || move < 0 {
		return r
	}
	if score >= 0 { // a proved win or draw replaces the midgame move; a loss does not yet
		r.Move, r.Score = move, int32(score)*discScore
		if report != nil {
			report(r)
		}
	}
	if score == 0 {
		r.Exact = true // a draw inside the window is exact
		return r
	}
	if lim.Guard.Passed() {
		return r
	}
	// With what is left, the exact score: the move that wins by most, or loses by least.
	// The first pass filled the table, so this costs much less than a solve from scratch.
	alpha, beta := 0, solveScoreLimit
	if score < 0 {
		alpha, beta = -solveScoreLimit, 0
	}
	if lim.Nodes > 0 {
		e.solver.SetLimits((lim.Nodes-r.Nodes)*solverNodeRatio, lim.Guard)
	}
	start = e.solver.Nodes
	score, move = e.solver.SolveWindow(b, alpha, beta)
	r.Nodes += (e.solver.Nodes - start) / solverNodeRatio
	if e.solver.Aborted() || move < 0 {
		return r
	}
	r.Move, r.Score, r.Exact = move, int32(score)*discScore, true
	if report != nil {
		report(r)
	}
	return r
}

// solveFrom returns the most empty squares from which Search tries the solver within a
// budget of nodes midgame nodes (0: no limit): the most, up to solveMaxEmpties, whose
// estimated win-draw-loss proof (wldNodes20 solver nodes at 20 empties, three times as many
// for each empty more) fits in the solver's share of the budget. A proof cut short by the
// budget leaves the move to a midgame search that had only a quarter of it.
func (e *Engine) solveFrom(nodes int64) int {
	if e.SolveFixed || nodes <= 0 {
		return solveMaxEmpties
	}
	share := nodes * 3 / 4 * solverNodeRatio
	empties, cost := 20, int64(wldNodes20)
	for empties < solveMaxEmpties && cost*3 <= share {
		empties, cost = empties+1, cost*3
	}
	for empties > 0 && cost > share {
		empties, cost = empties-1, cost/3
	}
	return empties
}

const (
	// solveMaxEmpties: the solver is tried from this many empty squares down at most.
	// Proving a win, draw or loss takes 19-36 M solver nodes on FFO #41-#44 (22-23 empties);
	// with the time it pays.
	solveMaxEmpties = 22
	// wldNodes20: solver nodes a win-draw-loss proof takes at 20 empties. On FFO #19-#37
	// (hard by design): 2.0-3.1 M at 19 empties, 0.4-10 M (median 2.8 M) at 20, 4.9-15.5 M
	// at 21, 7.2 M at 22. At SINGLE 1.0 (3.3 M midgame nodes, 7.4 M for the solver) the
	// solver tried from 22 empties finished in 1 of 17 positions of the benchmark set at
	// 21-22 empties, each time leaving the midgame search a quarter of the budget: it is now
	// tried from 20, and the midgame search there reaches 13.5 plies instead of 11.4. In the
	// arena (400 games from 24 and 26 empties, RESULTS.md) the strength is the same within
	// the noise (+0.7 discs a game).
	wldNodes20 = 3_000_000
	// solverNodeRatio: solver nodes per midgame node of the budget; a solver node
	// costs less (no evaluation, no table below a few empties).
	solverNodeRatio = 3
	solverLogSize   = 18
)

// search is the midgame iterative deepening.
func (e *Engine) search(b Board, lim Limits, report func(Result)) Result {
	e.budget.Start(lim.Nodes, lim.Guard)
	e.date++
	e.budget.SetCeiling(lim.MaxNodes)
	watch := search.Watch[int]{Drop: unsettledDrop}
	e.sp = 0
	if e.Evaluation == nil {
		e.weights = cmp.Or(e.Weights, patDefault)
		e.feat[0].set(b)
	}
	moves := b.Moves()
	if moves == 0 {
		return Result{Move: -1, Score: e.evaluate(b, 0)}
	}
	var root [maxMoves]int
	var replies [maxMoves]uint64
	n := e.order(b, moves, -1, maxPly, root[:0], &replies)
	best := Result{Move: root[0], Score: -scoreInf}
	if n == 1 {
		best.Score = e.evaluate(b, moves)
		return best
	}
	empties := bits.OnesCount64(^(b.Own | b.Opp))
	maxDepth := lim.MaxDepth
	if maxDepth <= 0 || maxDepth > empties {
		maxDepth = empties
	}
	var prevNodes, lastCost int64 // nodes before this iteration; the previous iteration's cost
	for depth := 1; depth <= maxDepth; depth++ {
		score, complete := e.searchRoot(b, root[:n], depth)
		if !complete {
			// The first root move is the previous best; a move that beat it before the stop
			// was moved to the front and is better still.
			if score > -scoreInf {
				best.Move, best.Score = root[0], score
			}
			break
		}
		best = Result{Move: root[0], Score: score, Depth: depth, Nodes: e.budget.Nodes, Exact: depth >= empties}
		if report != nil {
			report(best)
		}
		watch.Completed(&e.budget, best.Move, int64(best.Score))
		if lim.Nodes > 0 && !e.nextIterationFits(lim.Nodes, prevNodes, lastCost) {
			break
		}
		lastCost, prevNodes = e.budget.Nodes-prevNodes, e.budget.Nodes
	}
	best.Nodes = e.budget.Nodes
	return best
}

// nextIterationFits tells whether a new iteration may start with e.budget.Nodes of budget
// spent: prevNodes of them before the iteration just completed, and lastCost the cost of
// the iteration before that one (0: there was none).
func (e *Engine) nextIterationFits(budget, prevNodes, lastCost int64) bool {
	spent := e.budget.Nodes
	switch {
	case e.PredictIteration:
	case e.Share > 0:
		return spent <= budget/int64(e.Share)
	default:
		// An iteration the budget cuts short still counts for the root moves it searched.
		return e.budget.Deepen()
	}
	cost := spent - prevNodes
	growth := float64(nextIterationGrowth)
	if lastCost > 0 {
		// Clamped: an iteration answered mostly from the table can look almost free, or
		// one that changed its mind very dear, and neither ratio is the next one's.
		growth = min(max(float64(cost)/float64(lastCost), 1.5), 8)
	}
	return float64(spent)+float64(cost)*growth <= float64(budget)
}

// searchRoot searches the root moves to depth, keeping the best first. It returns the best
// score and whether the iteration completed; when it did not, the score is that of the
// first move if a move beat the previous best, else -scoreInf.
func (e *Engine) searchRoot(b Board, root []int, depth int) (int32, bool) {
	alpha, beta := int32(-scoreInf), int32(scoreInf)
	bestScore := int32(-scoreInf)
	for i, sq := range root {
		child := e.enter(b, sq)
		var v int32
		if i == 0 || e.NoPVS {
			v = -e.negamax(child, depth-1, -beta, -alpha, false)
		} else {
			v = -e.negamax(child, depth-1, -alpha-1, -alpha, false)
			if v > alpha && !e.budget.Stopped {
				v = -e.negamax(child, depth-1, -beta, -alpha, false)
			}
		}
		e.sp--
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

// negamax returns the score of b for the side to move, searched depth plies deep.
func (e *Engine) negamax(b Board, depth int, alpha, beta int32, passed bool) int32 {
	return e.node(b, b.Moves(), depth, alpha, beta, passed)
}

// node is negamax for b whose legal moves are moves (the parent's move order lists them
// for its children, so they are not generated twice).
func (e *Engine) node(b Board, moves uint64, depth int, alpha, beta int32, passed bool) int32 {
	if e.budget.Count() {
		return 0
	}
	if moves == 0 {
		if passed || b.Pass().Moves() == 0 {
			return int32(final(b)) * discScore
		}
		v := -e.negamax(e.enterPass(b), depth, -beta, -alpha, true)
		e.sp--
		return v
	}
	if depth <= 0 {
		return e.evaluate(b, moves)
	}
	if empties := bits.OnesCount64(^(b.Own | b.Opp)); empties <= exactLeafEmpties && depth >= empties-1 {
		return e.exact(b, alpha, beta)
	}
	ttMove := -1
	if !e.NoTT {
		if ent := e.ttProbe(b); ent != nil {
			ttMove = int(ent.move)
			if s, ok := ent.cuts(depth, alpha, beta); ok {
				return s
			}
		}
	}
	if !e.NoProbCut {
		if v, cut := e.probCut(b, moves, depth, alpha, beta); cut {
			return v
		}
	}
	alphaOrig := alpha
	best, bestMove := int32(-scoreInf), -1
	// This node's move list lives at its place on the line (e.sp), not on the stack: the
	// arrays would be cleared at every node.
	list, replies := &e.lists[e.sp], &e.replies[e.sp]
	var n int
	ordered := depth >= sortMinDepth && !e.NoSort
	if ordered {
		n = e.order(b, moves, ttMove, depth, list[:0], replies)
	} else {
		n = squareOrder(moves, ttMove, list[:0])
	}
	for i, sq := range list[:n] {
		child := e.enter(b, sq)
		cm := replies[i]
		if !ordered {
			cm = child.Moves()
		}
		var v int32
		if i == 0 || e.NoPVS {
			v = -e.node(child, cm, depth-1, -beta, -alpha, false)
		} else {
			v = -e.node(child, cm, depth-1, -alpha-1, -alpha, false)
			if v > alpha && v < beta && !e.budget.Stopped {
				v = -e.node(child, cm, depth-1, -beta, -alpha, false)
			}
		}
		e.sp--
		if e.budget.Stopped {
			return 0
		}
		if v > best {
			best, bestMove = v, sq
			if v > alpha {
				alpha = v
				if alpha >= beta {
					break
				}
			}
		}
	}
	if !e.NoTT {
		e.ttStore(b, depth, best, alphaOrig, beta, bestMove)
	}
	return best
}

// exactLeafEmpties: a node within a ply of the end of the game with this many empty
// squares or fewer is solved exactly by the solver, whose nodes cost about a third of the
// midgame search's (no evaluation, no pattern update), instead of searched on.
const exactLeafEmpties = 8

// exact returns b's exact final score for the side to move, in the window (alpha, beta)
// of the midgame search's scale: a fail-low or fail-high bound outside it. The solver's
// nodes are charged to the budget at solverNodeRatio a node.
func (e *Engine) exact(b Board, alpha, beta int32) int32 {
	if e.solver == nil {
		e.solver = NewSolver(solverLogSize)
	}
	lo := int(alpha) / discScore // toward zero: at or above alpha's disc floor, fine for a bound
	if int32(lo)*discScore > alpha {
		lo--
	}
	hi := int(beta) / discScore
	if int32(hi)*discScore < beta {
		hi++
	}
	e.solver.SetLimits(0, clock.Deadline{})
	start := e.solver.Nodes
	score, _ := e.solver.SolveWindow(b, lo, hi)
	e.budget.Charge((e.solver.Nodes - start + solverNodeRatio - 1) / solverNodeRatio)
	return int32(score) * discScore
}

// evaluate is the evaluation of b, the position the search is at, whose legal moves are
// moves.
func (e *Engine) evaluate(b Board, moves uint64) int32 {
	if e.Evaluation != nil {
		return e.Evaluation(b)
	}
	return e.weights.evalState(&e.feat[e.sp], uint(e.sp), b, moves)
}

// enter moves the search to the position after sq is played on b, the position it is at,
// and returns it; the caller leaves it with e.sp--.
func (e *Engine) enter(b Board, sq int) Board {
	f := flips(b.Own, b.Opp, sq)
	e.sp++
	if e.Evaluation == nil {
		e.feat[e.sp].play(&e.feat[e.sp-1], uint(e.sp-1), sq, f)
	}
	return b.after(sq, f)
}

// enterPass moves the search to b with the move passed; the caller leaves it with e.sp--.
func (e *Engine) enterPass(b Board) Board {
	e.sp++
	if e.Evaluation == nil {
		e.feat[e.sp] = e.feat[e.sp-1]
	}
	return b.Pass()
}

// evaluateChild is the evaluation of c, the position after sq (turning f) is played on the
// position the search is at, whose legal moves are replies, read in the slot above without
// moving there.
func (e *Engine) evaluateChild(sq int, f uint64, c Board, replies uint64) int32 {
	if e.Evaluation != nil {
		return e.Evaluation(c)
	}
	next := &e.feat[e.sp+1]
	next.play(&e.feat[e.sp], uint(e.sp), sq, f)
	return e.weights.evalState(next, uint(e.sp+1), c, replies)
}

// order lists the moves fastest first: the table's move, then by the opponent's replies
// after the move (corner replies counting double), a corner move counting as one reply
// fewer and an X-square next to an empty corner as two more. At nodes searched depth >=
// orderEvalDepth deep (and at the root) the opponent's evaluation after the move and its
// potential mobility (empty squares next to the mover's discs) join the key, as in the
// solver's order (solve.go). Ties keep square order. childMoves[i] is the legal moves of
// the position after list[i], for its search.
func (e *Engine) order(b Board, moves uint64, ttMove, depth int, list []int, childMoves *[maxMoves]uint64) int {
	var keys [maxMoves]int
	dangerous := xSquaresOfEmptyCorners(b)
	evalDepth := e.OrderEvalDepth
	if evalDepth == 0 {
		evalDepth = orderEvalDepth
	}
	byEval := evalDepth > 0 && depth >= evalDepth
	empty := ^(b.Own | b.Opp)
	n := 0
	for m := moves; m != 0; m &= m - 1 {
		sq := bits.TrailingZeros64(m)
		f := flips(b.Own, b.Opp, sq)
		c := b.after(sq, f)
		replies := c.Moves()
		k := bits.OnesCount64(replies)*4 + bits.OnesCount64(replies&corners)*4
		if corners&(1<<sq) != 0 {
			k -= 4
		}
		if dangerous&(1<<sq) != 0 {
			k += 8
		}
		switch {
		case sq == ttMove:
			k = -1000 // first whatever its key: no evaluation needed
		case byEval:
			k += bits.OnesCount64(neighbours(c.Opp)&empty&^(1<<sq)) + int(e.evaluateChild(sq, f, c, replies)/orderEvalScale)
		}
		list = append(list, sq)
		j := n
		for j > 0 && keys[j-1] > k {
			keys[j], list[j], childMoves[j] = keys[j-1], list[j-1], childMoves[j-1]
			j--
		}
		keys[j], list[j], childMoves[j] = k, sq, replies
		n++
	}
	return n
}

// squareOrder lists the table's move, then the corners, the ordinary squares and last the
// X-squares; within each class in square order.
func squareOrder(moves uint64, ttMove int, list []int) int {
	if ttMove >= 0 && moves&(1<<ttMove) != 0 {
		list = append(list, ttMove)
		moves &^= 1 << ttMove
	}
	const x = 1<<9 | 1<<14 | 1<<49 | 1<<54
	for _, class := range [3]uint64{moves & corners, moves &^ (corners | x), moves & x} {
		for ; class != 0; class &= class - 1 {
			list = append(list, bits.TrailingZeros64(class))
		}
	}
	return len(list)
}

// xSquaresOfEmptyCorners returns the X-squares whose corner is empty.
func xSquaresOfEmptyCorners(b Board) uint64 {
	var x uint64
	occupied := b.Own | b.Opp
	for i, c := range cornerSquareList {
		if occupied&c == 0 {
			x |= xSquareList[i]
		}
	}
	return x
}

// PV returns the principal variation of a search of b whose best move was first, as the
// table remembers it: first, then the table's move in each following position, while the
// table holds one (passes included, as NoSquare), at most most moves. Entries overwritten
// since cut it short; it is for people to read, not for the search.
func (e *Engine) PV(b Board, first, most int) []int {
	pv := []int{first}
	b = b.Play(first)
	for len(pv) < most {
		if b.Moves() == 0 {
			if b.Pass().Moves() == 0 {
				break
			}
			pv = append(pv, NoSquare)
			b = b.Pass()
			continue
		}
		ent := e.ttProbe(b)
		if e.NoTT || ent == nil || ent.move < 0 || b.Moves()&(1<<uint(ent.move)) == 0 {
			break
		}
		pv = append(pv, int(ent.move))
		b = b.Play(int(ent.move))
	}
	return pv
}
