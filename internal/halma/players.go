package halma

// Reference opponents, as the course knew them. Both judge a position by "the usual
// distance evaluation" of student agents: the sum of the Euclidean distances of the
// opponent's pieces to their goal corner minus the same sum for one's own pieces; a won
// position scores above everything.
//
// Minimax is the grader's "simple minimax agent with no alpha-beta pruning": it searches
// every move to a fixed depth. Both take the first of equally good moves in generation
// order, so they are deterministic.

import "math"

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

// Minimax returns the move plain minimax (no pruning) to depth plies chooses for c.
func Minimax(b *Board, c Color, depth int, g *Generator) Move {
	bufs := make([][]Move, depth)
	for i := range bufs {
		bufs[i] = make([]Move, 0, MaxMoves)
	}
	moves := g.Generate(b, c, Legal, bufs[0][:0])
	if len(moves) == 0 {
		return Move{}
	}
	best, bestScore := moves[0], int32(math.MinInt32)
	for _, m := range moves {
		b.Move(m.From, m.To)
		s := minimaxValue(b, c, c.Other(), depth-1, bufs[1:], g)
		b.Move(m.To, m.From)
		if s > bestScore {
			best, bestScore = m, s
		}
	}
	return best
}

// minimaxValue is the value for me of the position with toMove to play.
func minimaxValue(b *Board, me, toMove Color, depth int, bufs [][]Move, g *Generator) int32 {
	if b.Wins(toMove.Other()) {
		if toMove.Other() == me {
			return usualWin
		}
		return -usualWin
	}
	if depth == 0 {
		return usualEval(b, me)
	}
	moves := g.Generate(b, toMove, Legal, bufs[0][:0])
	if len(moves) == 0 {
		return usualEval(b, me)
	}
	best := int32(math.MinInt32)
	if toMove != me {
		best = math.MaxInt32
	}
	for _, m := range moves {
		b.Move(m.From, m.To)
		s := minimaxValue(b, me, toMove.Other(), depth-1, bufs[1:], g)
		b.Move(m.To, m.From)
		if (toMove == me && s > best) || (toMove != me && s < best) {
			best = s
		}
	}
	return best
}
