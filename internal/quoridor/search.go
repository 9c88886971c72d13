package quoridor

// The search: iterative deepening principal variation search (negamax with alpha-beta, null
// windows after the first move) on the evaluation of eval.go, with a transposition table
// keyed by a Zobrist hash of the blocked steps, the players' cells, their walls left and the
// side to move.
//
// Moves searched. Every step, and a few candidate walls: those that lengthen the opponent's
// shortest path (any such wall blocks a step of every shortest path of the opponent, so it
// blocks a step of the one found, and only those are tried), and those that protect ours
// (walls that overlap, hence forbid, a wall that would block a step of our shortest path,
// without blocking it themselves; crossing is allowed in this variant, so overlapping is the
// only way to forbid a wall). When the mover has no step and no candidate wall it places the
// first legal wall; when it has no legal wall either it passes, and if the opponent is stuck
// too the game is over, both losing (scored 0). A wall that blocks no step of a player's
// shortest path leaves that player's distance unchanged and cannot cut it off (the argument
// of walls.go), so only walls touching a path cost a breadth-first search, and that search
// gives the child's distance too: every child carries both players' shortest-path lengths,
// and a leaf is evaluated without any search.
//
// Paths come from distance maps (a breadth-first search from the goal row over the whole
// board, bitsets advancing a level at a time: flood.go): the mover's map gives the distance
// after each of its steps, and following decreasing distances from each player's cell gives
// one shortest path per player. Each ply keeps its mover's map, made with the steps, for its
// walls: the searches below the steps do not overwrite it.
//
// Move order, in stages generated one after the other: the table's move (a cut-off on it
// spares all generation), the steps, then the candidate walls (a cut-off on a step spares
// their path searches), then the last resort; within a stage by the child's static
// evaluation, which the carried distances make exact at no cost.
//
// A position where the player who has just moved stands on its goal row is won for it:
// winScore - ply, the nearer win preferred; the table stores such scores relative to the
// node. A position met before (on the way from the root, or in Limits.History, the game's
// positions since the last wall) scores 0, as the referee's ply cap makes endless circling
// a draw: without it, a player far ahead but afraid of the other's walls would step back and
// forth for ever. The search stops on a budget of work (deterministic: a unit per node and
// one per rowsPerUnit rows its breadth-first searches spread) and a CPU-time guard checked
// every search.CheckEvery units. Once the engine has searched a board of the size, it
// allocates nothing.

import (
	"math/bits"

	"gameagents/internal/clock"
	"gameagents/internal/search"
)

const (
	maxPly   = 64
	scoreInf = 1 << 26
	// winScore separates a finished game from any evaluation (which stays below 1<<20): a win
	// at ply p scores winScore - p.
	winScore = 1 << 24
	// stuckScore is both players stuck: both lose, which the referee records as a draw.
	stuckScore = 0
	// repeatScore is a position met again: the players go round in circles, which the
	// referee's ply cap makes a draw.
	repeatScore = 0
	// unsettledDrop: a completed iteration whose score fell by more than half a step from
	// the one before leaves the search unsettled (Limits.MaxNodes).
	unsettledDrop = 50
	// maxHistory bounds the positions of Limits.History looked at.
	maxHistory = 64
)

// noPath stands for the distance of a player cut off from its goal row, which only walls of
// the input can do: longer than any path.
const noPath = 2 * maxCells

// Limits bound a search.
type Limits struct {
	Nodes    int64          // stop after this many nodes (0: no limit)
	Guard    clock.Deadline // stop at once when passed
	MaxDepth int            // deepest iteration (0: as deep as the budget allows)
	// MaxNodes: an unsettled search (its best move changed, its score fell by more than
	// unsettledDrop) may stretch Nodes up to this many (search.Watch); 0: never.
	MaxNodes int64
	// History holds the hashes (Hash) of the game's positions before this one since the last
	// wall was placed, oldest first: a line that comes back to one of them is a repetition.
	History []uint64
}

// SearchResult is what a search found.
type SearchResult struct {
	Move  Move
	Score int32 // for the side to move: stepWeight per step of path difference, or a win
	Depth int   // the depth of the last completed iteration
	Nodes int64
}

// Features switches search techniques off or on, for measuring what each is worth. In the
// arena (9×9, 10 walls, 100,000 nodes a move, 20 games against the default engine) neither
// switch on the candidate walls made a measurable difference: NoProtect scored 52.5% ± 9.2%,
// PathWalls 57.5% ± 9.8%. Protecting walls stay, as cheap (they need no path search) and
// meaningful in corridors.
type Features struct {
	NoTT      bool // no transposition table
	NoPVS     bool // full windows for every move
	NoProtect bool // no walls that protect our path
	// PathWalls also tries walls that block a step of the opponent's shortest path without
	// lengthening it.
	PathWalls bool
	// Weights of the evaluation; the zero value means DefaultWeights.
	Weights Weights
}

// Engine is a search with its tables. One Engine serves one goroutine.
type Engine struct {
	Features
	weights Weights
	tt      []ttEntry
	mask    uint64
	budget  search.Budget
	flood   flood
	// Distance maps: each node's mover's (made with its steps, read again by its walls),
	// and the opponent's of the node whose walls are being generated.
	moverMaps [maxPly + 1][maxCells]int16
	oppMap    [maxCells]int16
	nodes     [maxPly + 1]node
	rows      int // the rows of the board of the last search, NY: nodes hold none past them
	lists     [maxPly][]candidate
	history   []uint64 // Limits.History of the search
}

// node is a position of the search with what is known of it.
type node struct {
	pos   Position
	dist  [2]int32 // shortest-path lengths of Players[0] and Players[1] (noPath: cut off)
	hash  uint64
	quiet int // plies since the last wall (counting the history before the root)
}

// candidate is a move of a node with the distances of its child and its ordering key.
type candidate struct {
	move Move
	dist [2]int32
	key  int32
}

type ttEntry struct {
	key   uint64
	move  Move
	score int32
	depth int8
	bound search.Bound
}

// NewEngine returns an engine whose table has 2^logSize entries.
func NewEngine(logSize int) *Engine {
	n := 1 << logSize
	return &Engine{tt: make([]ttEntry, n), mask: uint64(n - 1)}
}

// ClearTT empties the transposition table.
func (e *Engine) ClearTT() { clear(e.tt) }

// ttLogSize sizes the table to the budget: about one entry per four nodes, between 2^12 and
// 2^18 entries (6 MiB; fresh pages cost about 20 µs each on a VM, so a bigger table costs
// more than it saves in a one-second move).
func ttLogSize(nodes int64) int {
	n := 12
	for n < 18 && int64(1)<<(n+2) < nodes {
		n++
	}
	return n
}

// prepare sizes the per-ply move lists for p's board: a node has at most four steps and one
// candidate per wall anchor.
func (e *Engine) prepare(p *Position) {
	need := 4 + 2*max(p.NX-1, 0)*max(p.NY-1, 0)
	if cap(e.lists[0]) < need {
		for i := range e.lists {
			e.lists[i] = make([]candidate, 0, need)
		}
	}
	e.weights = e.Weights
	if e.weights == (Weights{}) {
		e.weights = DefaultWeights
	}
}

// setRoot makes p the root node.
func (e *Engine) setRoot(p *Position) {
	if p.NY < e.rows {
		// child copies a board's rows only, and rows past the board must be zero.
		for i := range e.nodes {
			e.nodes[i].pos = Position{}
		}
	}
	e.rows = p.NY
	n := &e.nodes[0]
	n.pos = *p
	n.hash = hashPosition(p)
	n.quiet = 0
	e.history = nil
	for i := range 2 {
		n.dist[i] = pathLength(p.Distance(i))
	}
}

// pathLength turns a Distance into a node's distance: noPath for a player cut off.
func pathLength(d int) int32 {
	if d < 0 {
		return noPath
	}
	return int32(d)
}

// Search finds the best move for the side to move of p, calling report after each completed
// iteration. p must be undecided (Result); the move is PASS only when the rules allow
// nothing else.
func (e *Engine) Search(p *Position, lim Limits, report func(SearchResult)) SearchResult {
	e.budget.Start(lim.Nodes, lim.Guard)
	e.budget.SetCeiling(lim.MaxNodes)
	watch := search.Watch[Move]{Drop: unsettledDrop}
	e.flood.rows = 0
	e.prepare(p)
	e.setRoot(p)
	// A long history costs a scan at every node and rarely matters: the recent part.
	e.history = lim.History[max(len(lim.History)-maxHistory, 0):]
	e.nodes[0].quiet = len(e.history)
	root := e.expand(0)
	if len(root) == 0 { // both stuck: PASS is the only legal move
		return SearchResult{Move: Pass, Score: stuckScore}
	}
	sortCandidates(root)
	best := SearchResult{Move: root[0].move, Score: root[0].key}
	if len(root) == 1 {
		return best
	}
	maxDepth := lim.MaxDepth
	if maxDepth <= 0 || maxDepth >= maxPly {
		maxDepth = maxPly - 1
	}
	for depth := 1; depth <= maxDepth; depth++ {
		score, complete := e.searchRoot(root, depth)
		if !complete {
			if score > -scoreInf {
				best.Move, best.Score = root[0].move, score
			}
			break
		}
		best = SearchResult{Move: root[0].move, Score: score, Depth: depth, Nodes: e.budget.Nodes}
		if report != nil {
			report(best)
		}
		watch.Completed(&e.budget, best.Move, int64(best.Score))
		if isWin(score) || isWin(-score) {
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

// PV returns the principal variation the table holds after a search of p: first, the move
// the search chose, then the table's move of each position reached, up to most moves. It
// stops at a decided position, at a position the table does not hold, or holds with a move
// that is not legal there (an entry of another position with the same slot and key), and
// at once without a table (NoTT). Each move is checked (Check), so the variation is a legal
// line even where the table's entries are stale.
func (e *Engine) PV(p *Position, first Move, most int) []Move {
	pv := []Move{first}
	q := *p
	q.Apply(first)
	for len(pv) < most && !e.NoTT && q.Result() == Undecided {
		h := hashPosition(&q)
		ent := &e.tt[h&e.mask]
		if ent.key != h || ent.move.Kind == 0 || q.Check(ent.move) != nil {
			break
		}
		pv = append(pv, ent.move)
		q.Apply(ent.move)
	}
	return pv
}

// rowsPerUnit: the budget counts a unit of work per node and one per rowsPerUnit rows the
// breadth-first searches spread, because a node's cost is mostly its path searches, which
// grow with the board and the walls on it. Searches of 1,500,000 units over the SINGLE
// benchmark set (9×9 and 11×11 positions): in plain nodes the rate ranged from 0.55 to 2.3
// times the calibration position's (the slowest 11×11 positions overran their plan twice
// over, into the CPU guard); with rowsPerUnit 128, 96, 64 and 48 the range in units was
// 0.78-1.48, 0.81-1.35, 0.74-1.20 and 0.66-1.10. 96 gives the smallest overrun.
const rowsPerUnit = 96

// chargeFloods charges the rows the breadth-first searches spread since the last charge.
func (e *Engine) chargeFloods() {
	if n := e.flood.rows / rowsPerUnit; n > 0 {
		e.budget.Charge(n)
		e.flood.rows -= n * rowsPerUnit
	}
}

// isWin reports whether v is the score of a won game.
func isWin(v int32) bool { return v >= winScore-maxPly }

// searchRoot searches the root moves to depth, keeping the best first. It returns the best
// score and whether the iteration completed; when it did not, the score is that of the
// first move if a move beat the previous best, else -scoreInf.
func (e *Engine) searchRoot(root []candidate, depth int) (int32, bool) {
	alpha, beta := int32(-scoreInf), int32(scoreInf)
	bestScore := int32(-scoreInf)
	for i, c := range root {
		e.child(0, c)
		var v int32
		if i == 0 || e.NoPVS {
			v = -e.negamax(1, depth-1, -beta, -alpha)
		} else {
			v = -e.negamax(1, depth-1, -alpha-1, -alpha)
			if v > alpha && !e.budget.Stopped {
				v = -e.negamax(1, depth-1, -beta, -alpha)
			}
		}
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

// negamax returns the score of node ply for its side to move, searched depth plies deep.
func (e *Engine) negamax(ply, depth int, alpha, beta int32) int32 {
	e.chargeFloods()
	if e.budget.Count() {
		return 0
	}
	n := &e.nodes[ply]
	if last := &n.pos.Players[n.pos.ToMove^1]; last.Y == last.Goal {
		return -(winScore - int32(ply))
	}
	if e.repeats(ply) {
		return repeatScore
	}
	if depth <= 0 || ply >= maxPly-1 {
		return e.evaluate(n)
	}
	var ent *ttEntry
	var ttMove Move
	if !e.NoTT {
		ent = &e.tt[n.hash&e.mask]
		if ent.key == n.hash {
			ttMove = ent.move
			if int(ent.depth) >= depth {
				s := wins.FromTable(ent.score, ply)
				if ent.bound.Cuts(s, alpha, beta) {
					return s
				}
			}
		}
	}
	alphaOrig := alpha
	best, bestMove := int32(-scoreInf), Move{}
	searched := false
	// The table's move before the others are generated: a cut-off on it spares the
	// generation and its path searches.
	staged := Move{}
	if ttMove.Kind != 0 && e.ttChild(ply, ttMove) {
		searched, staged = true, ttMove
		best, bestMove = -e.negamax(ply+1, depth-1, -beta, -alpha), ttMove
		if e.budget.Stopped {
			return 0
		}
		alpha = max(alpha, best)
	}
	// The steps, then the walls (whose generation costs path searches, spared by a cut-off
	// on a step), then, if there was neither, the last resort.
	for stage := 0; stage < 3 && alpha < beta; stage++ {
		list := e.lists[ply][:0]
		switch stage {
		case 0:
			list = e.appendSteps(ply, list)
		case 1:
			list = e.appendWalls(ply, list)
		case 2:
			if searched {
				continue
			}
			if list = e.appendLastResort(ply, list); len(list) == 0 {
				return stuckScore // neither player can act: both lose
			}
		}
		e.lists[ply] = list
		for i := range list {
			c := pickBest(list, i)
			if c.move == staged {
				continue // searched first
			}
			e.child(ply, c)
			var v int32
			if !searched || e.NoPVS {
				v = -e.negamax(ply+1, depth-1, -beta, -alpha)
			} else {
				v = -e.negamax(ply+1, depth-1, -alpha-1, -alpha)
				if v > alpha && v < beta && !e.budget.Stopped {
					v = -e.negamax(ply+1, depth-1, -beta, -alpha)
				}
			}
			searched = true
			if e.budget.Stopped {
				return 0
			}
			if v > best {
				best, bestMove = v, c.move
				if v > alpha {
					alpha = v
					if alpha >= beta {
						break
					}
				}
			}
		}
	}
	if ent != nil {
		*ent = ttEntry{key: n.hash, move: bestMove, score: wins.ToTable(best, ply), depth: int8(depth), bound: search.BoundOf(best, alphaOrig, beta)}
	}
	return best
}

// repeats reports whether node ply is a position met before on the way to it: in the
// search above it or in the history. Only positions since the last wall can be equal (walls
// stay), with the same side to move, and at least four plies back (each player must step
// away and back).
func (e *Engine) repeats(ply int) bool {
	n := &e.nodes[ply]
	for d := 4; d <= n.quiet; d += 2 {
		var h uint64
		if d <= ply {
			h = e.nodes[ply-d].hash
		} else {
			h = e.history[len(e.history)-(d-ply)]
		}
		if h == n.hash {
			return true
		}
	}
	return false
}

// pickBest moves the candidate with the highest key among list[i:] to position i and returns
// it (selection sort, done lazily: a cut-off spares sorting the rest). Ties keep the
// generation order.
func pickBest(list []candidate, i int) candidate {
	bi := i
	for j := i + 1; j < len(list); j++ {
		if list[j].key > list[bi].key {
			bi = j
		}
	}
	list[i], list[bi] = list[bi], list[i]
	return list[i]
}

// sortCandidates sorts by key, highest first, keeping the generation order among equals.
func sortCandidates(list []candidate) {
	for i := 1; i < len(list); i++ {
		c := list[i]
		j := i
		for ; j > 0 && list[j-1].key < c.key; j-- {
			list[j] = list[j-1]
		}
		list[j] = c
	}
}

// child makes node ply+1 from node ply and one of its candidates.
func (e *Engine) child(ply int, c candidate) {
	n, ch := &e.nodes[ply], &e.nodes[ply+1]
	ch.pos.copyRows(&n.pos)
	ch.hash, ch.quiet = n.hash, n.quiet
	ch.hash ^= moveHash(&n.pos, c.move)
	ch.pos.Apply(c.move)
	ch.dist = c.dist
	ch.quiet++
	if c.move.Kind == KindWall {
		ch.quiet = 0
	}
}

// ttChild makes node ply+1 from node ply and the table's move m, working out the child's
// distances. It reports false, and makes nothing, when m is not a legal step or wall of the
// node (a hash collision).
func (e *Engine) ttChild(ply int, m Move) bool {
	n := &e.nodes[ply]
	p := &n.pos
	me := p.ToMove
	dist := n.dist
	f := &e.flood
	switch m.Kind {
	case KindStep:
		if p.checkStep(m) != nil {
			return false
		}
		if dist[me] != noPath {
			f.load(p)
			dist[me] = pathLength(f.distance(int(m.X), int(m.Y), p.Players[me].Goal))
		}
	case KindWall:
		x, y := int(m.X), int(m.Y)
		if p.Players[me].WallsLeft <= 0 || x > p.NX-2 || y > p.NY-2 || m.Orient > Vertical ||
			!p.StepOpen(m.Steps()[0]) || !p.StepOpen(m.Steps()[1]) {
			return false
		}
		f.load(p)
		f.place(m)
		for i, pl := range p.Players {
			d := f.distance(pl.X, pl.Y, pl.Goal)
			if d < 0 {
				return false
			}
			dist[i] = int32(d)
		}
	default:
		return false // a pass is never staged: it needs the whole generation to be legal
	}
	e.child(ply, candidate{move: m, dist: dist})
	return true
}

// expand lists the moves searched from node ply, with their children's distances and
// ordering keys: the three stages negamax generates one after the other. It returns an
// empty list when neither player can act.
func (e *Engine) expand(ply int) []candidate {
	list := e.appendSteps(ply, e.lists[ply][:0])
	list = e.appendWalls(ply, list)
	if len(list) == 0 {
		list = e.appendLastResort(ply, list)
	}
	e.lists[ply] = list
	return list
}

// appendSteps appends node ply's steps, each with its child's distances (from the mover's
// distance map) and ordering key.
func (e *Engine) appendSteps(ply int, list []candidate) []candidate {
	n := &e.nodes[ply]
	p := &n.pos
	me := p.ToMove
	myMap := &e.moverMaps[ply]
	if n.dist[me] != noPath {
		e.flood.load(p)
		e.flood.distanceMap(p.Players[me].Goal, myMap)
	}
	var stepBuf [4]Move
	for _, m := range p.AppendSteps(stepBuf[:0]) {
		c := candidate{move: m, dist: n.dist}
		if c.dist[me] != noPath {
			c.dist[me] = int32(myMap[cellCode(int(m.X), int(m.Y))])
		}
		c.key = e.orderKey(p, &c)
		list = append(list, c)
	}
	return list
}

// appendWalls appends node ply's candidate walls with their children's distances and
// ordering keys: none when the mover has no walls left or a player is cut off (then no
// wall is legal).
func (e *Engine) appendWalls(ply int, list []candidate) []candidate {
	n := &e.nodes[ply]
	p := &n.pos
	if p.Players[p.ToMove].WallsLeft <= 0 || n.dist[0] == noPath || n.dist[1] == noPath {
		return list
	}
	// The searches below the steps have used the scratch space; the mover's map, made with
	// the steps (always generated first), is still there.
	e.flood.load(p)
	from := len(list)
	list = e.appendCandidateWalls(n, &e.moverMaps[ply], list)
	for i := from; i < len(list); i++ {
		list[i].key = e.orderKey(p, &list[i])
	}
	return list
}

// appendLastResort appends what node ply's mover must play when it has no step and no
// candidate wall: the first legal wall, else PASS if the opponent can act; nothing when
// neither player can act.
func (e *Engine) appendLastResort(ply int, list []candidate) []candidate {
	n := &e.nodes[ply]
	p := &n.pos
	c := candidate{move: Pass, dist: n.dist}
	var wallBuf [1]Move
	if w := p.appendPlaceableWalls(wallBuf[:0], true); len(w) > 0 && p.Players[p.ToMove].WallsLeft > 0 {
		c.move = w[0]
		e.flood.load(p)
		e.flood.place(w[0])
		for i, q := range p.Players {
			c.dist[i] = int32(e.flood.distance(q.X, q.Y, q.Goal))
		}
	} else if !p.CanAct(p.ToMove ^ 1) {
		return list
	}
	c.key = e.orderKey(p, &c)
	return append(list, c)
}

// appendCandidateWalls appends the candidate walls of node n (whose mover has walls left and
// whose players both reach their goal rows) with their children's distances. myMap must
// hold the mover's distance map and e.flood the node's board.
func (e *Engine) appendCandidateWalls(n *node, myMap *[maxCells]int16, list []candidate) []candidate {
	p := &n.pos
	me, opp := p.ToMove, p.ToMove^1
	f := &e.flood
	var myX, myY, oppX, oppY [MaxSize]uint64
	f.descend(myMap, p.Players[me], &myX, &myY)
	oppMap := &e.oppMap
	f.distanceMap(p.Players[opp].Goal, oppMap)
	f.descend(oppMap, p.Players[opp], &oppX, &oppY)
	mine, theirs := p.Players[me], p.Players[opp]

	// try measures what the wall (placed in f) changes, and appends it if it is legal and
	// worth trying.
	try := func(w Move, blocksMe, blocksOpp, protects bool) {
		dist := n.dist
		legal := true
		if blocksOpp {
			d := f.distance(theirs.X, theirs.Y, theirs.Goal)
			legal = d >= 0
			dist[opp] = int32(d)
		}
		if legal && blocksMe {
			d := f.distance(mine.X, mine.Y, mine.Goal)
			legal = d >= 0
			dist[me] = int32(d)
		}
		if legal && (dist[opp] > n.dist[opp] || protects || (blocksOpp && e.PathWalls)) {
			list = append(list, candidate{move: w, dist: dist})
		}
	}
	ny := p.NY
	for y := 0; y < ny-1; y++ {
		// Horizontal at (x,y) blocks the steps x and x+1 between rows y and y+1.
		freeH := f.oy[y] & (f.oy[y] >> 1)
		oppCut := oppY[y] | oppY[y]>>1
		myCut := myY[y] | myY[y]>>1
		var protect uint64
		if !e.NoProtect {
			// A wall that would block our step is the slot; the walls one to either side
			// overlap it without blocking that step.
			slots := freeH & myCut
			protect = (slots<<1 | slots>>1) & freeH &^ myCut
		}
		for rest := (oppCut | protect) & freeH; rest != 0; rest &= rest - 1 {
			x := bits.TrailingZeros64(rest)
			bit := uint64(1) << x
			w := WallAt(x, y, Horizontal)
			f.place(w)
			try(w, myCut&bit != 0, oppCut&bit != 0, protect&bit != 0)
			f.lift(w)
		}
		// Vertical at (x,y) blocks the step x of rows y and y+1.
		freeV := f.ox[y] & f.ox[y+1]
		oppCut = oppX[y] | oppX[y+1]
		myCut = myX[y] | myX[y+1]
		protect = 0
		if !e.NoProtect {
			var slots uint64
			if y > 0 {
				slots |= f.ox[y-1] & f.ox[y] & (myX[y-1] | myX[y])
			}
			if y+2 < ny {
				slots |= f.ox[y+1] & f.ox[y+2] & (myX[y+1] | myX[y+2])
			}
			protect = slots & freeV &^ myCut
		}
		for rest := (oppCut | protect) & freeV; rest != 0; rest &= rest - 1 {
			x := bits.TrailingZeros64(rest)
			bit := uint64(1) << x
			w := WallAt(x, y, Vertical)
			f.place(w)
			try(w, myCut&bit != 0, oppCut&bit != 0, protect&bit != 0)
			f.lift(w)
		}
	}
	return list
}

// orderKey is the child's static evaluation from the mover's point of view; a step onto the
// goal row comes first.
func (e *Engine) orderKey(p *Position, c *candidate) int32 {
	me := p.ToMove
	if c.move.Kind == KindStep && int(c.move.Y) == p.Players[me].Goal {
		return winScore
	}
	walls := [2]int{p.Players[0].WallsLeft, p.Players[1].WallsLeft}
	if c.move.Kind == KindWall {
		walls[me]--
	}
	return -e.weights.score(me^1, c.dist, walls)
}

// evaluate scores node n for its side to move.
func (e *Engine) evaluate(n *node) int32 {
	p := &n.pos
	return e.weights.score(p.ToMove, n.dist, [2]int{p.Players[0].WallsLeft, p.Players[1].WallsLeft})
}

// Zobrist hashing. The keys are computed, not tabled: splitmix64's finaliser of a code of
// what is hashed, a few multiplications, which spares a table of keys for every board size.
// A position's hash is the XOR of the keys of its board size, its blocked steps (so walls
// from the input, whatever their shape, hash like placed ones), each player's cell and walls
// left, and the side to move when it is the second player.

const (
	hashSize = iota + 1
	hashStep
	hashCell
	hashWallsLeft
	hashSecondToMove
)

func zobrist(kind, a, b, c int) uint64 {
	return search.Mix(uint64(kind)<<48 ^ uint64(a)<<32 ^ uint64(b)<<16 ^ uint64(c) ^ 0x9E3779B97F4A7C15)
}

// Hash returns the position's hash, as the search keys it (Limits.History).
func (p *Position) Hash() uint64 { return hashPosition(p) }

// hashPosition computes a position's hash from scratch.
func hashPosition(p *Position) uint64 {
	h := zobrist(hashSize, p.NX, p.NY, 0)
	for y := 0; y < p.NY; y++ {
		full := uint64(1)<<p.NX - 1
		for blocked := ^p.openX[y] & (full >> 1); blocked != 0; blocked &= blocked - 1 {
			h ^= zobrist(hashStep, 0, bits.TrailingZeros64(blocked), y)
		}
		if y < p.NY-1 {
			for blocked := ^p.openY[y] & full; blocked != 0; blocked &= blocked - 1 {
				h ^= zobrist(hashStep, 1, bits.TrailingZeros64(blocked), y)
			}
		}
	}
	for i, pl := range p.Players {
		h ^= zobrist(hashCell, i, pl.X, pl.Y) ^ zobrist(hashWallsLeft, i, pl.WallsLeft, 0)
	}
	if p.ToMove == 1 {
		h ^= zobrist(hashSecondToMove, 0, 0, 0)
	}
	return h
}

// moveHash is what playing m in p changes in p's hash.
func moveHash(p *Position, m Move) uint64 {
	i := p.ToMove
	pl := p.Players[i]
	h := zobrist(hashSecondToMove, 0, 0, 0)
	switch m.Kind {
	case KindStep:
		h ^= zobrist(hashCell, i, pl.X, pl.Y) ^ zobrist(hashCell, i, int(m.X), int(m.Y))
	case KindWall:
		x, y := int(m.X), int(m.Y)
		if m.Orient == Horizontal {
			h ^= zobrist(hashStep, 1, x, y) ^ zobrist(hashStep, 1, x+1, y)
		} else {
			h ^= zobrist(hashStep, 0, x, y) ^ zobrist(hashStep, 0, x, y+1)
		}
		h ^= zobrist(hashWallsLeft, i, pl.WallsLeft, 0) ^ zobrist(hashWallsLeft, i, pl.WallsLeft-1, 0)
	}
	return h
}

// wins are the decided positions' scores, as the table stores them.
var wins = search.WinScores{Win: winScore, MaxPly: maxPly}
