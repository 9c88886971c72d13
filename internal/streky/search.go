package streky

// The search: a selective lookahead against a model of the opponent, by iterative deepening
// with a narrowing root.
//
// The opponent model is the course's greedy player, which almost every tournament player
// is: it plays its highest-gain placement (ties to the largest card, then the first the
// generator lists, where the real greedy draws at random). Both hands are known, so its
// reply to any line is one full generator call away (no incremental shortcut: a call costs
// about 0.1 ms for a 24-card hand), and an opponent node has one child. Against an
// opponent seen not to be greedy (watch.go), Options.ReplyScan models it as one that
// denies as we do: of its ReplyScan best replies by greedy key, the one with the most gain
// less our best greedy answer, at one generator call more for each (in the arena, 80%
// against the engine that models it as greedy, and 11% fewer points against greedy
// itself, hence the watch). Our nodes below
// the root have Width children (the best placements by gain, then card area). A line is
// our root move and the reply, then up to Depth-1 more such pairs, then Tail plies of
// greedy play by both sides, us first, at one generator call a ply.
//
// The evaluation of what a placement leaves is therefore exact over the line: the
// opponent's best reply with its known hand on the board after our move, and, with the
// default Tail of 1, our own best gain once it has replied (a move that opens a region for
// our next move scores it, unless the reply takes or blocks it first). The value of a line
// is our gains minus ReplyWeight/valueScale times the opponent's. The tournament ranks by
// own points, but the gains of one side are mostly the regions the other side left open: a
// move that scores well and leaves a large region open hands the opponent the region
// again, larger, so keeping the opponent from such moves is the means to out-score it.
// An our-node's value is the best of its children's.
//
// Iterations: depth 1 (our move, the reply, the tail) over the RootWidth best root
// placements by gain, in that order, widening 8, 16, 32, ... candidates between reports;
// each deeper iteration searches the best 1/Narrow of the previous iteration's finished
// candidates (at least two), best first, with one more of our moves in each line. An
// iteration cut short by the budget still counts for the candidates it finished: the
// previous best is searched first, so a finished candidate that beats it at the new depth
// is the better move by the deeper search.
//
// The node unit is one placement listed by the generator, and each generator call counts
// callCharge nodes more for labelling the board's regions (about 140 placements' time),
// so that nodes track CPU time whatever the position; the budget (search.Budget) is read
// after each call, and inside a long one: the root's listing reads a budget of its own
// (on the largest inputs it is 3.3 million placements), and any call stops once its charge
// is certain to end the search, which then ends as if the call had run out. Nothing is
// allocated once the engine's buffers have grown to the largest lists met.
//
// The principal variation is the line a value is the value of: the root move, the modelled
// reply, our best continuation at each of our nodes, and the tail's plies. Each line and
// each of our turns writes its moves in a table by ply as its value returns (a triangular
// table, as chess engines keep), at the cost of copying a few dozen placements per line,
// nothing beside the generator calls of the line; the nodes, hence the moves, are the same.
//
// Measured in the arena (arena_test.go: 16,000,000 nodes a move, about 0.55 s here, 5 deals
// in both orders against greedy; our points / greedy's points, and our points): Tail 1
// against 2 raised our points by a third (1,258 against 908 on the tournament's cards,
// 1,469 against 903 on colourless ones) at the same ratio (1.19 and 1.17); Tail 0 gives the
// highest ratio (1.22, 1.19) but fewer points than greedy scores against itself (852 against
// 1,028). ReplyWeight 12, 16, 20 trade points for ratio: 1,498 at 1.15, 1,258 at 1.19, 981 at
// 1.18 (tournament cards). Iterative deepening with the narrowing root raised the ratio from
// 1.15 (a fixed depth 3, width 6) to 1.18 at equal nodes. Tried and dropped, no gain within
// the noise: averaging the opponent's tied replies, ordering the root by gain less an
// estimate of the reply, subtracting the opponent's best gain at the leaf, and a lower
// ReplyWeight while our lead exceeds 20%; and, on 10 deals in both orders, a wider first
// inner level (Width 10 or 16, then 4 or 3) and RootWidth 128 or 512 against 256 (ratios
// 1.15 to 1.19 in both settings, as the defaults). The defaults on 10 deals in both orders:
// 1,147 points a game against greedy's 966 (1.19) on the tournament's cards, 1,366 against
// 1,172 (1.17) on colourless ones, all 40 games won; greedy scores 995 and 1,149 against
// itself.

import (
	"slices"

	"gameagents/internal/clock"
	"gameagents/internal/search"
)

// Options are the search's parameters; each feature can be switched off for measurement
// (Depth 1: no our-nodes below the root; Tail 0: no tail; ReplyWeight 0: no denial).
type Options struct {
	Depth       int // our moves in a line before the tail, at most (the root move included)
	Width       int // children of our nodes below the root
	Tail        int // plies of greedy play by both sides, us first, after a line's last reply
	ReplyWeight int // the weight of the opponent's gains, per valueScale
	RootWidth   int // root candidates of the first iteration
	Narrow      int // each deeper iteration keeps 1/Narrow of the previous one's candidates
	// ReplyScan: 0 or 1, the opponent is modelled as greedy; K > 1, it is modelled as a
	// player that denies as we do: of its K best replies by greedy key, the one with the
	// most gain less ReplyWeight/valueScale times our best greedy gain after it (one
	// generator call more for each of the K).
	ReplyScan int
}

// DefaultOptions are the tuned parameters (the arena in arena_test.go).
var DefaultOptions = Options{Depth: 8, Width: 6, Tail: 1, ReplyWeight: 16, RootWidth: 256, Narrow: 4}

// valueScale is the weight of our own gains in a line's value: values are in
// 1/valueScale points.
const valueScale = 16

const (
	// maxPly bounds the plies of a line: each of our moves and its reply, then the tail.
	maxPly = 2*maxDepth + maxTail + 2
	// maxDepth and maxTail bound Options.Depth and Options.Tail.
	maxDepth = 16
	maxTail  = 8
	// callCharge is the nodes charged for one generator call besides its placements.
	callCharge = 128
	// readEvery is the nodes between two readings of the budget's limit and CPU guard,
	// about a millisecond: a reading after every generator call (search.CheckEvery is
	// less than one call's nodes) cost 6% of the search.
	readEvery = 1 << 15
	// rootFloor is the fewest nodes the root's listing spends before it reads its limit:
	// twice the calibration position's root, a quarter of a millisecond of tournament cards
	// and under a millisecond of 8×8 ones (about 100 ns a placement on a covered board).
	rootFloor = 1 << 13
	// noValue is below every value.
	noValue = -1 << 62
)

// Limits bound a search.
type Limits struct {
	Nodes int64          // stop after about this many nodes (0: no limit)
	Guard clock.Deadline // stop at once when passed
	// MaxNodes: an unsettled search (its best move changed, its value fell by more than
	// unsettledDrop) may stretch Nodes up to this many (search.Watch); 0: never.
	MaxNodes int64
}

// unsettledDrop: an iteration whose best value fell by more than 10 points of our own from
// the one before leaves the search unsettled (Limits.MaxNodes).
const unsettledDrop = 10 * valueScale

// Result is what a search found.
type Result struct {
	Move       Move  // PASS when no card fits
	Gain       int   // the move's gain
	Value      int64 // its value, in 1/valueScale points
	Depth      int   // our moves in a line of the deepest iteration that searched the move
	Candidates int   // the root's legal placements
	Searched   int   // candidates the deepest iteration finished
	Nodes      int64
}

// candidate is a root placement and its value at the deepest depth it was searched.
type candidate struct {
	pl    Placement
	value int64
}

// Engine is a search with its buffers. One Engine serves one goroutine.
type Engine struct {
	Options     Options
	gen         *Generator
	budget      search.Budget
	root        *Position
	guard       clock.Deadline
	me          int // the side to move at the root
	replyWeight int64
	cands       []candidate

	// Per ply: the position (board, both hands, each hand card's class) and the lists.
	boards     [maxPly]Board
	hands      [maxPly][2][]Card
	handClass  [maxPly][2][]uint32
	lists      [maxPly][]Placement
	best       [maxPly][]Placement // an our-node's children
	matrixOf   []uint32            // generator matrix → its class
	rootPlaces []Placement
	top        []Placement // the root's best placements by greedy key

	// The variations: lineVar[ply] is the line whose value line last returned at ply,
	// turnVar[ply] the one whose value ourTurn or tail last returned there; iterVar the
	// best root line of the current iteration, resultVar the result's.
	lineVar, turnVar   [maxPly + 1]variation
	iterVar, resultVar variation
}

// passPlacement stands for a pass in a variation.
var passPlacement = Placement{Matrix: ^uint32(0)}

// variation is a line of moves, placements and passes (passPlacement).
type variation struct {
	n     int
	moves [maxPly]Placement
}

// push appends pl.
func (v *variation) push(pl Placement) {
	v.moves[v.n] = pl
	v.n++
}

// extend appends the moves of rest.
func (v *variation) extend(rest *variation) { v.n += copy(v.moves[v.n:], rest.moves[:rest.n]) }

// set makes v a copy of w.
func (v *variation) set(w *variation) {
	v.n = 0
	v.extend(w)
}

// NewEngine returns an engine with DefaultOptions.
func NewEngine() *Engine { return &Engine{Options: DefaultOptions, gen: NewGenerator()} }

// Search chooses a move for the side to move of p within the limits, calling report (if
// not nil) with the result so far after each doubling of iteration 1 and each deeper
// iteration, finished or cut short. It is Start, then Continue.
func (e *Engine) Search(p *Position, l Limits, report func(Result)) Result {
	e.Start(p, l)
	return e.Continue(report)
}

// Start begins a search of p within the limits: it lists the root's placements within
// them (listRoot) and returns them, for a caller that writes one before searching (the
// anytime move), with cut true when time cut the listing short. The list is the engine's,
// valid until its next search; Continue searches it.
func (e *Engine) Start(p *Position, l Limits) (placements []Placement, cut bool) {
	e.budget.StartEvery(l.Nodes, l.Guard, readEvery)
	e.budget.SetCeiling(l.MaxNodes)
	e.root, e.guard = p, l.Guard
	e.me = p.ToMove
	return e.rootPlaces, e.listRoot(l)
}

// listRoot lists the root's placements into rootPlaces. The listing on the largest inputs
// (a 64×64 board, 256 8×8 cards) is 3.3 million placements, a third of a CPU second, so it
// stops at a reading of its limit or the guard (every readEvery nodes), but never before
// rootFloor nodes: the one-node budget of the tiniest times would choose among the first
// card's placements, where rootFloor lists every placement of almost every tournament
// position (4,128 in the calibration position). A listing cut short stops the search: the
// move is the best of the placements listed.
func (e *Engine) listRoot(l Limits) (cut bool) {
	b, hand := &e.root.Board, e.root.Hands[e.me]
	limit := l.Nodes
	if limit > 0 {
		limit = max(limit, rootFloor)
	}
	e.rootPlaces = reserve(e.rootPlaces, listRoom(b, hand, limit))
	e.rootPlaces, cut = e.list(b, hand, e.rootPlaces, limit)
	return cut
}

// Continue searches the root placements Start listed, as Search describes.
func (e *Engine) Continue(report func(Result)) Result {
	o := e.options()
	g := e.gen
	e.replyWeight = int64(o.ReplyWeight)
	res := Result{Move: PassMove, Candidates: len(e.rootPlaces)}
	e.resultVar.n = 0
	if len(e.rootPlaces) == 0 {
		res.Nodes = e.budget.Nodes
		return res
	}

	// The root's candidates: the RootWidth best by greedy key, the first the greedy move
	// (ties to the first listed). A selection, not a sort: the first move of a game has
	// tens of thousands of placements.
	e.top = topByKey(g, e.rootPlaces, o.RootWidth, e.top)
	e.cands = e.cands[:0]
	for _, pl := range e.top {
		e.cands = append(e.cands, candidate{pl: pl})
	}
	take := func(c candidate, depth, searched int) {
		e.resultVar.set(&e.iterVar)
		res.Move, res.Gain, res.Value, res.Depth, res.Searched = g.Move(c.pl), int(c.pl.Gain), c.value, depth, searched
		res.Nodes = e.budget.Nodes
		if report != nil {
			report(res)
		}
	}
	res.Move, res.Gain = g.Move(e.cands[0].pl), int(e.cands[0].pl.Gain)
	if len(e.cands) == 1 || e.budget.Stopped {
		res.Nodes = e.budget.Nodes
		return res
	}
	e.setRoot(e.root)

	width := len(e.cands)
	watch := search.Watch[Move]{Drop: unsettledDrop}
	for depth := 1; depth <= o.Depth && !e.budget.Stopped; depth++ {
		best, done := -1, 0
		for next := 8; done < width; next *= 2 {
			for end := min(next, width); done < end; done++ {
				v := e.line(0, e.cands[done].pl, depth)
				if e.budget.Stopped {
					break
				}
				e.cands[done].value = v
				if best < 0 || v > e.cands[best].value {
					best = done
					e.iterVar.set(&e.lineVar[0])
				}
			}
			if e.budget.Stopped {
				break
			}
			if depth == 1 && done < width { // widening: report the best of each doubling
				take(e.cands[best], depth, done)
			}
		}
		if best >= 0 {
			take(e.cands[best], depth, done)
		}
		if e.budget.Stopped {
			break
		}
		watch.Completed(&e.budget, res.Move, e.cands[best].value)
		// The next iteration: the best of this one's finished candidates, best first.
		slices.SortStableFunc(e.cands[:done], func(a, b candidate) int { return cmpValue(b.value, a.value) })
		width = max(2, done/o.Narrow)
		width = min(width, done)
	}
	res.Nodes = e.budget.Nodes
	return res
}

// PV returns the principal variation of the last search's result: its move, the modelled
// reply, and on to the end of the line its value is the value of (a pass as PassMove);
// empty when no iteration finished a candidate (Result.Depth 0).
func (e *Engine) PV() []Move {
	v := &e.resultVar
	pv := make([]Move, 0, v.n)
	for _, pl := range v.moves[:v.n] {
		if pl == passPlacement {
			pv = append(pv, PassMove)
		} else {
			pv = append(pv, e.gen.Move(pl))
		}
	}
	return pv
}

// options returns the options clamped to the engine's fixed arrays and to sense.
func (e *Engine) options() Options {
	o := e.Options
	o.Depth = min(max(o.Depth, 1), maxDepth)
	o.Tail = min(max(o.Tail, 0), maxTail)
	o.Width = max(o.Width, 1)
	o.RootWidth = max(o.RootWidth, 1)
	o.Narrow = max(o.Narrow, 1)
	e.Options = o
	return o
}

func cmpValue(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// setRoot copies the root position to ply 0 with each hand card's class, and maps every
// matrix the generator knows to its class, so that playing a placement in the search
// finds the card it uses by comparing class numbers.
func (e *Engine) setRoot(p *Position) {
	g := e.gen
	for s := range 2 {
		e.hands[0][s] = append(e.hands[0][s][:0], p.Hands[s]...)
		e.handClass[0][s] = e.handClass[0][s][:0]
		for _, card := range p.Hands[s] {
			e.handClass[0][s] = append(e.handClass[0][s], g.classFor(card))
		}
	}
	e.matrixOf = e.matrixOf[:0]
	for cls, span := range g.classes {
		for range span.end - span.first {
			e.matrixOf = append(e.matrixOf, uint32(cls))
		}
	}
	e.boards[0] = p.Board
}

// generate lists the placements of hand on b into buf for the search. A call lists up to
// a few hundred thousand placements on the largest inputs (more than 10 ms), so it stops
// once its charge is certain to stop the search at the budget's next reading (StopsAfter):
// the line is then dropped either way, and the search ends as if the call had run out.
func (e *Engine) generate(b *Board, hand []Card, buf []Placement) []Placement {
	limit := e.budget.StopsAfter()
	if limit > 0 {
		// The call's own budget also counts a node per matrix, at most 4 a card: beyond
		// them, what it counts is placements listed.
		limit = max(limit-callCharge-1, 1) + 4*int64(len(hand))
	}
	buf, _ = e.list(b, hand, buf, limit)
	return buf
}

// list lists the placements of hand on b into buf within a budget of its own (limit nodes,
// 0: none, and the guard, read every readEvery nodes) and charges them to the search's
// budget as one generator call (its placements and callCharge). When that budget cuts the
// listing short (cut), the search stops.
func (e *Engine) list(b *Board, hand []Card, buf []Placement, limit int64) (_ []Placement, cut bool) {
	var within search.Budget
	within.StartEvery(limit, e.guard, readEvery)
	buf = e.gen.PlacementsWithin(b, hand, buf, &within)
	e.budget.Charge(int64(len(buf)) + callCharge)
	e.budget.Count()
	e.budget.Stopped = e.budget.Stopped || within.Stopped
	return buf, within.Stopped
}

// play sets ply+1 to ply's position after side plays pl.
func (e *Engine) play(ply, side int, pl Placement) {
	m := &e.gen.matrices[pl.Matrix]
	next := ply + 1
	e.boards[next] = e.boards[ply]
	e.boards[next].Place(int(pl.Row), int(pl.Col), m.card)
	cls := e.matrixOf[pl.Matrix]
	for s := range 2 {
		hand, classes := e.hands[ply][s], e.handClass[ply][s]
		e.hands[next][s] = append(e.hands[next][s][:0], hand...)
		e.handClass[next][s] = append(e.handClass[next][s][:0], classes...)
		if s != side {
			continue
		}
		i := slices.Index(classes, cls) // the first card of the class, as Position.Apply takes it
		e.hands[next][s] = slices.Delete(e.hands[next][s], i, i+1)
		e.handClass[next][s] = slices.Delete(e.handClass[next][s], i, i+1)
	}
}

// line returns the value of our placement pl at ply (our turn there): its gain, less the
// opponent's modelled reply, plus our turn after it (ourTurn), and leaves its moves in
// lineVar[ply]. It returns 0 once the budget has stopped.
func (e *Engine) line(ply int, pl Placement, ourMoves int) int64 {
	me := e.me
	lv := &e.lineVar[ply]
	lv.n = 0
	lv.push(pl)
	e.play(ply, me, pl)
	ply++
	v := int64(pl.Gain) * valueScale
	e.lists[ply] = e.generate(&e.boards[ply], e.hands[ply][me^1], e.lists[ply])
	if e.budget.Stopped {
		return 0
	}
	if reply, ok := e.modelReply(ply); ok {
		v -= int64(reply.Gain) * e.replyWeight
		e.play(ply, me^1, reply)
		ply++
		lv.push(reply)
	} else {
		lv.push(passPlacement) // no card of the opponent's fits
	}
	v += e.ourTurn(ply, ourMoves)
	lv.extend(&e.turnVar[ply])
	return v
}

// modelReply is the opponent's modelled reply at ply from its placements in lists[ply]
// (Options.ReplyScan); ok is false when it has none. A scan of K replies plays each at
// ply and lists our placements at ply+1, which the line lists again after the reply.
func (e *Engine) modelReply(ply int) (Placement, bool) {
	k := e.Options.ReplyScan
	if k <= 1 {
		return bestByKey(e.gen, e.lists[ply])
	}
	e.best[ply] = topByKey(e.gen, e.lists[ply], k, e.best[ply])
	var best Placement
	bestValue := int64(noValue)
	for _, r := range e.best[ply] {
		e.play(ply, e.me^1, r)
		e.lists[ply+1] = e.generate(&e.boards[ply+1], e.hands[ply+1][e.me], e.lists[ply+1])
		if e.budget.Stopped {
			return r, true // the line is dropped
		}
		v := int64(r.Gain) * valueScale
		if ours, ok := bestByKey(e.gen, e.lists[ply+1]); ok {
			v -= int64(ours.Gain) * e.replyWeight
		}
		if v > bestValue {
			best, bestValue = r, v
		}
	}
	return best, bestValue > noValue
}

// ourTurn returns the value of our turn at ply when the line has ourMoves-1 more of our
// moves to search: the best of Width continuations, or the tail.
func (e *Engine) ourTurn(ply, ourMoves int) int64 {
	if ourMoves <= 1 {
		return e.tail(ply)
	}
	e.lists[ply] = e.generate(&e.boards[ply], e.hands[ply][e.me], e.lists[ply])
	if e.budget.Stopped {
		return 0
	}
	if len(e.lists[ply]) == 0 {
		return e.tail(ply) // we pass: the tail plays the opponent on
	}
	e.best[ply] = topByKey(e.gen, e.lists[ply], e.Options.Width, e.best[ply])
	best := int64(noValue)
	for _, c := range e.best[ply] {
		v := e.line(ply, c, ourMoves-1)
		if e.budget.Stopped {
			return 0
		}
		if v > best {
			best = v
			e.turnVar[ply].set(&e.lineVar[ply])
		}
	}
	return best
}

// tail plays Tail plies of greedy play from ply, us first, and returns their value,
// leaving its moves in turnVar at the ply it started from; it stops early when both sides
// pass.
func (e *Engine) tail(ply int) int64 {
	o := &e.Options
	tv := &e.turnVar[ply]
	tv.n = 0
	var v int64
	passes := 0
	for k := 0; k < o.Tail && passes < 2; k++ {
		side := e.me ^ (k & 1)
		e.lists[ply] = e.generate(&e.boards[ply], e.hands[ply][side], e.lists[ply])
		if e.budget.Stopped {
			return 0
		}
		pl, ok := bestByKey(e.gen, e.lists[ply])
		if !ok {
			passes++
			tv.push(passPlacement)
			continue
		}
		tv.push(pl)
		passes = 0
		if side == e.me {
			v += int64(pl.Gain) * valueScale
		} else {
			v -= int64(pl.Gain) * e.replyWeight
		}
		e.play(ply, side, pl)
		ply++
	}
	return v
}

// bestByKey returns the first placement of ps with the highest greedy key: the model's
// greedy choice. ok is false when ps is empty.
func bestByKey(g *Generator, ps []Placement) (best Placement, ok bool) {
	bestKey := -1
	for _, p := range ps {
		if k := greedyKey(g, p); k > bestKey {
			bestKey, best = k, p
		}
	}
	return best, bestKey >= 0
}

// topByKey returns in buf the k placements of ps with the highest greedy keys, highest
// first, ties in list order: an insertion into a short sorted list.
func topByKey(g *Generator, ps []Placement, k int, buf []Placement) []Placement {
	top := buf[:0]
	for _, p := range ps {
		key := greedyKey(g, p)
		if len(top) == k && key <= greedyKey(g, top[k-1]) {
			continue
		}
		if len(top) < k {
			top = append(top, p)
		} else {
			top[k-1] = p
		}
		for i := len(top) - 1; i > 0 && greedyKey(g, top[i]) > greedyKey(g, top[i-1]); i-- {
			top[i], top[i-1] = top[i-1], top[i]
		}
	}
	return top
}
