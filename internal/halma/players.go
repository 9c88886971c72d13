package halma

// Reference opponents, as the course knew them. Both judge a position by "the usual
// distance evaluation" of student agents: the sum of the Euclidean distances of the
// opponent's pieces to their goal corner minus the same sum for one's own pieces; a won
// position scores above everything.
//
// Minimax is the grader's "simple minimax agent with no alpha-beta pruning": it searches
// every move to a fixed depth (-depth, 1 to 6; the grader's was 2). Unlike the grader's, it
// obeys the clock as the engine does: it deepens a ply at a time and plays the deepest depth
// it completed within the node budget and the CPU guard. Both take the first of equally
// good moves in generation order, so they are deterministic.

import (
	"math"

	"gameagents/internal/search"
)

// usualDistance[c][sq]: Euclidean distance, in hundredths, from sq to the corner of the
// camp c must fill.
var usualDistance [2][numCells]int32

func init() {
	for y := 0; y < Size; y++ {
		for x := 0; x < Size; x++ {
			dx, dy := float64(Size-1-x), float64(Size-1-y)
			usualDistance[Black][Sq(x, y)] = int32(math.Round(100 * math.Hypot(dx, dy)))
			usualDistance[White][Sq(x, y)] = int32(math.Round(100 * math.Hypot(float64(x), float64(y))))
		}
	}
}

const usualWin = 1 << 28

// usualEval scores b for c by the usual distance evaluation.
func usualEval(b *Board, c Color) int32 {
	var s int32
	for _, sq := range b.Pieces(c) {
		s -= usualDistance[c][sq]
	}
	for _, sq := range b.Pieces(c.Other()) {
		s += usualDistance[c.Other()][sq]
	}
	return s
}

// Greedy returns the move among moves whose resulting position is best for c by the usual
// evaluation (a win first).
func Greedy(b *Board, c Color, moves []Move) Move {
	best, bestScore := moves[0], int32(math.MinInt32)
	for _, m := range moves {
		b.Move(m.From, m.To)
		s := usualEval(b, c)
		if b.Wins(c) {
			s = usualWin
		}
		b.Move(m.To, m.From)
		if s > bestScore {
			best, bestScore = m, s
		}
	}
	return best
}

// Minimax returns the move plain minimax (no pruning) to depth plies chooses for c, within
// lim's node budget and guard (lim.MaxDepth is ignored). It searches depth 1, then 2, and so
// on up to depth, each iteration a complete minimax of its own, and returns the result of the
// deepest one it completed: an iteration the budget or the guard stops is thrown away. The
// shallower iterations cost little: each depth costs the branching factor (about 30 to 200
// moves) times the one before. Depth 1 always completes (it scores each move once, as Greedy
// does), so a move is always returned; a deeper one is not started when, at the growth of
// the last, it would overrun the budget. report, if not nil, is called with the result of each
// completed iteration. Result.Nodes counts the positions visited.
func Minimax(b *Board, c Color, depth int, lim Limits, g *Generator, report func(Result)) Result {
	mm := minimaxer{board: b, me: c, gen: g}
	mm.budget.Start(lim.Nodes, lim.Guard)
	best := Result{}
	var lastCost int64
	for d := 1; d <= depth; d++ {
		before := mm.budget.Nodes
		move, score := mm.root(d)
		if mm.budget.Stopped && d > 1 {
			break
		}
		best = Result{Move: move, Score: score, Depth: d, Nodes: mm.budget.Nodes}
		if report != nil {
			report(best)
		}
		cost := mm.budget.Nodes - before
		if move == (Move{}) || mm.budget.Stopped {
			break // no legal move, or out of time after depth 1
		}
		// The next iteration costs about this one times the growth from the one before.
		if lim.Nodes > 0 && d > 1 && mm.budget.Nodes+cost*(cost/max(lastCost, 1)) > lim.Nodes {
			break
		}
		lastCost = cost
	}
	best.Nodes = mm.budget.Nodes
	return best
}

// minimaxer is one Minimax call's state: the position, searched in place (moves made and
// unmade), a move buffer per ply, allocated as iterations first reach it.
type minimaxer struct {
	board  *Board
	me     Color
	gen    *Generator
	bufs   [][]Move
	budget search.Budget
}

// root searches every move of the root to depth and returns the best, the first on a tie,
// with its score; Move{} when there is none. When the budget stops the search the result is
// meaningless (Minimax throws it away).
func (mm *minimaxer) root(depth int) (Move, int32) {
	b, c := mm.board, mm.me
	moves := mm.gen.Generate(b, c, Legal, mm.buf(0))
	best, bestScore := Move{}, int32(math.MinInt32)
	for _, m := range moves {
		b.Move(m.From, m.To)
		s := mm.value(c.Other(), depth-1, 1)
		b.Move(m.To, m.From)
		if s > bestScore {
			best, bestScore = m, s
		}
		if mm.budget.Stopped && depth > 1 {
			break
		}
	}
	return best, bestScore
}

// buf returns ply's move buffer, emptied.
func (mm *minimaxer) buf(ply int) []Move {
	for len(mm.bufs) <= ply {
		mm.bufs = append(mm.bufs, make([]Move, 0, MaxMoves))
	}
	return mm.bufs[ply][:0]
}

// value is the value for me of the position with toMove to play, at ply from the root. It
// counts a node for each position; once the budget has stopped, it searches no further.
func (mm *minimaxer) value(toMove Color, depth, ply int) int32 {
	b, me := mm.board, mm.me
	stopped := mm.budget.Count()
	if b.Wins(toMove.Other()) {
		if toMove.Other() == me {
			return usualWin
		}
		return -usualWin
	}
	if depth == 0 {
		return usualEval(b, me)
	}
	if stopped {
		return 0 // the iteration is thrown away (depth 1 has no node here: it always ends)
	}
	moves := mm.gen.Generate(b, toMove, Legal, mm.buf(ply))
	if len(moves) == 0 {
		return usualEval(b, me)
	}
	best := int32(math.MinInt32)
	if toMove != me {
		best = math.MaxInt32
	}
	for _, m := range moves {
		b.Move(m.From, m.To)
		s := mm.value(toMove.Other(), depth-1, ply+1)
		b.Move(m.To, m.From)
		if (toMove == me && s > best) || (toMove != me && s < best) {
			best = s
		}
		if mm.budget.Stopped {
			break
		}
	}
	return best
}
