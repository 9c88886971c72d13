package hive

// The end of the game, by one rule for the judge and the agent alike (Position.Decided):
// the judge ends the game in a position it decides, and the agent answers PASS there, so
// that every position gets one verdict. The score (Points) is the course's.

import (
	"fmt"
	"slices"
)

const (
	// moveLimit is how many moves each side makes before the game stops: the seed ends it
	// when "the number of moves of each player exceeds 80", which we read as both players
	// having made move 80, counted from 0 (docs/hive.md).
	moveLimit = 81
	// surroundPoints is a player's score when the opponent's queen is surrounded.
	surroundPoints = 15
)

// Decided reports whether the game is over in p, and why: a queen is surrounded, both
// sides have made moveLimit moves, or neither side will ever have a loose-legal move again
// (stuck).
func (p *Position) Decided() (why string, over bool) {
	lower, upper := queenSurrounded(p, Lower), queenSurrounded(p, Upper)
	switch {
	case lower && upper:
		return "both queens are surrounded", true
	case lower:
		return "LOWER's queen is surrounded", true
	case upper:
		return "UPPER's queen is surrounded", true
	case p.Moves[Lower] >= moveLimit && p.Moves[Upper] >= moveLimit:
		return fmt.Sprintf("move limit (%d moves each)", moveLimit), true
	case stuck(p):
		return "neither side can move any more", true
	}
	return "", false
}

// stuck reports whether neither side will ever have a loose-legal move again: only passes
// are left to both. Passes change nothing but the move counts, and the counts matter only
// up to move 4 (move 0 may touch the opponent's piece, from move 3 a queen in hand is the
// only piece to place, from move 4 pieces move), so it is enough to pass until both sides
// have reached move 4, looking at every turn on the way and at both sides there. Looking
// at the position alone would end a game whose players merely have to pass before their
// pieces may move, e.g. with a setup of fewer than four pieces.
func stuck(p *Position) bool {
	q := *p // only the move counts and the mover change; the stacks are shared, read-only
	for q.Moves[Lower] < 4 || q.Moves[Upper] < 4 {
		if hasLooseMove(&q, q.Mover) {
			return false
		}
		q.Moves[q.Mover]++
		q.Mover = 1 - q.Mover
	}
	return !hasLooseMove(&q, Lower) && !hasLooseMove(&q, Upper)
}

// hasLooseMove reports whether side, were it to move in p, has a loose-legal move other
// than PASS.
func hasLooseMove(p *Position, side Side) bool {
	q := *p // ReferenceMoves only reads the stacks, so sharing them is safe
	q.Mover = side
	moves := q.ReferenceMoves(Loose)
	return len(moves) > 1 || moves[0].Kind != Pass
}

// queenNeighbourhood returns, for side's queen, how many of its on-board neighbour cells
// are occupied (a stack counts once), how many on-board neighbours it has, and whether it
// is on the board at all.
func queenNeighbourhood(p *Position, side Side) (occupied, neighbours int, placed bool) {
	queen := side.Letter(0)
	for i, st := range p.Stacks {
		if slices.Contains(st, queen) {
			for _, j := range p.Geometry.Neighbours[i] {
				if p.Stacks[j] != nil {
					occupied++
				}
			}
			return occupied, len(p.Geometry.Neighbours[i]), true
		}
	}
	return 0, 0, false
}

// queenSurrounded reports whether side's queen is on the board with every on-board
// neighbour occupied.
func queenSurrounded(p *Position, side Side) bool {
	k, n, placed := queenNeighbourhood(p, side)
	return placed && k == n
}

// Points returns each side's score by the course's rule, indexed by Side: from the
// opponent's queen with k occupied neighbour cells, 15 if it is surrounded, else k−1, or
// 2·(k−1) on the edge (fewer than six on-board neighbours), never below 0; 0 while that
// queen is in hand.
func (p *Position) Points() [2]int {
	var pts [2]int
	for _, s := range []Side{Lower, Upper} {
		k, n, placed := queenNeighbourhood(p, 1-s)
		switch {
		case !placed:
		case k == n:
			pts[s] = surroundPoints
		case n < 6:
			pts[s] = max(0, 2*(k-1))
		default:
			pts[s] = max(0, k-1)
		}
	}
	return pts
}
