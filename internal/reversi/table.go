package reversi

// The midgame search's transposition table: buckets of two entries, each keyed by the
// exact position (both bitboards, so no collision is ever mistaken for a hit) and holding
// both bounds on the position's score from a search of some depth, and the move that
// search found best.
//
// Replacement. A position not in its bucket takes the entry holding the shallower search,
// an entry of an earlier search (another date) counting as empty, so a long-lived
// engine's old deep entries do not hold the bucket forever. A position the bucket holds
// from a deeper search of the same date keeps that entry when a shallower search of it
// ends: ProbCut searches a node's own position a few plies deep before the node itself,
// and its result used to replace the node's bounds and best move from the iteration
// before (a position's discs fix its ply, so without ProbCut a search reaches a stored
// position only as deep or deeper). A one-entry table that always replaces loses its
// deep entries to the many shallow nodes below them; the pair keeps the deeper. Both
// bounds: a null-window search that fails high and later one that fails low on the same
// position and depth meet in one entry, as Edax (R. Delorme) keeps them; a single bound
// would keep only the last.
//
// Measured on the 155 benchmark positions of 20 or more empties (searches to a fixed
// depth with ProbCut, solver off; RESULTS.md, issue 24, "A transposition table of
// pairs"): at depth 17 with 2^18 entries, 56.0 M nodes against 66.2 M for the one-entry
// table, and with 2^16 entries (the agent's table for a budget of that size) 57.6 M
// against 94.9 M. Keeping the deeper entry of the first of two and always replacing the
// second took as many; four entries a bucket 1-2% fewer. Keeping a position's deeper entry
// took depth 17 from 56.0 M nodes to 44.6 M (2^18 entries) and +17.8 Elo in an SPRT at
// SINGLE 0.2 s (RESULTS.md, issue 24, twenty-fourth session).

import "gameagents/internal/search"

// ttEntry is one position's stored search result.
type ttEntry struct {
	own, opp     uint64
	lower, upper int16 // the score is within [lower, upper], from a search of depth plies
	depth        int8
	move         int8  // the best move found, -1 none
	date         uint8 // the search that wrote it (Engine.date)
}

// ttBucket returns the two entries position b may be stored in.
func (e *Engine) ttBucket(b Board) (*ttEntry, *ttEntry) {
	i := hashBoard(b) & e.mask &^ 1
	return &e.tt[i], &e.tt[i+1]
}

// ttProbe returns b's entry, nil when the table holds none.
func (e *Engine) ttProbe(b Board) *ttEntry {
	p, q := e.ttBucket(b)
	switch {
	case p.own == b.Own && p.opp == b.Opp:
		return p
	case q.own == b.Own && q.opp == b.Opp:
		return q
	}
	return nil
}

// ttStore records that a search of b depth plies deep in the window (alpha, beta) scored
// best, bestMove its best move (-1 when every move failed low and none is known).
func (e *Engine) ttStore(b Board, depth int, best, alpha, beta int32, bestMove int) {
	p, q := e.ttBucket(b)
	ent := p
	switch {
	case p.own == b.Own && p.opp == b.Opp:
	case q.own == b.Own && q.opp == b.Opp:
		ent = q
	case q.worth(e.date) < p.worth(e.date):
		ent = q
	}
	same := ent.own == b.Own && ent.opp == b.Opp && ent.date == e.date
	if same && int(ent.depth) > depth {
		// A shallower search of a position the table holds deeper: ProbCut's shallow
		// search of the node it is about to search, or of a position below that node.
		// The deeper bounds and move stay.
		if ent.move < 0 && best > alpha {
			ent.move = int8(bestMove)
		}
		return
	}
	if !same || int(ent.depth) != depth {
		*ent = ttEntry{own: b.Own, opp: b.Opp, lower: -scoreInf, upper: scoreInf, depth: int8(depth), move: int8(bestMove), date: e.date}
	} else if best > alpha {
		ent.move = int8(bestMove) // a fail-low's best move is only the least bad bound
	}
	search.Narrow(&ent.lower, &ent.upper, best, alpha, beta)
}

// worth orders entries for replacement: the depth of their search, -1 for an entry of an
// earlier search than date (or none).
func (ent *ttEntry) worth(date uint8) int {
	if ent.date != date {
		return -1
	}
	return int(ent.depth)
}

// cuts returns the score that settles a node searched depth plies deep in the window
// (alpha, beta) from ent, and whether it does: a bound from a search at least as deep
// that lies outside the window, or equal bounds.
func (ent *ttEntry) cuts(depth int, alpha, beta int32) (int32, bool) {
	if int(ent.depth) < depth {
		return 0, false
	}
	lo, hi := int32(ent.lower), int32(ent.upper)
	switch {
	case lo >= beta || lo == hi:
		return lo, true
	case hi <= alpha:
		return hi, true
	}
	return 0, false
}
