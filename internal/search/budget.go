// Package search holds the search machinery the games share; each game's search itself
// lives in the game's package. Here: the budget that stops a search, on a node count (which
// makes the search deterministic: the same input gives the same move on any machine) and on
// a CPU-time guard, read only every CheckEvery nodes (or a game's own interval) because
// reading the clock is a system call (1.6 µs here), which also slows the code after it.
//
// Iterative deepening spends the whole budget (Deepen): every game's root search keeps the
// best root move of an iteration the budget cuts short, and searches the previous best
// first, so a move that beat it in the unfinished iteration is better by the deeper search;
// an iteration started late costs nothing but nodes that would otherwise go unspent. The
// time a move uses is therefore the node budget's, and the CPU guard only stops a search on
// a machine slower than calibrated.
//
// Beside the budget, the pieces every engine needs in one form (scaffold.go): the
// transposition table's Bound, one bit-flag encoding; WinScores, decided scores stored
// relative to their node; Mix, the hash finaliser; PickBest, lazy move ordering by key;
// ToFront, the root's new best move first; and Repeat, the calibration loop. NodeCosts
// (nodecost.go) measures how steady a node's CPU time is.
package search

import "gameagents/internal/clock"

// CheckEvery is the number of nodes between two readings of the guard.
const CheckEvery = 1024

// Budget counts a search's nodes and says when it must stop. The zero Budget never stops.
type Budget struct {
	Nodes   int64 // nodes counted since Start
	Stopped bool  // the limit was reached or the guard passed: the search unwinds
	limit   int64
	guard   clock.Deadline
	next    int64
	every   int64 // nodes between two readings of the limit and the guard
	base    int64 // the limit Start set
	ceiling int64 // the most the limit may stretch to (Unsettled)
}

// Start resets the budget for a search of at most limit nodes (0: no limit) that must stop
// once guard has passed; both are read every CheckEvery nodes.
func (b *Budget) Start(limit int64, guard clock.Deadline) { b.StartEvery(limit, guard, CheckEvery) }

// StartEvery is Start with the limit and the guard read every `every` nodes, for a game
// whose unit of work is much cheaper than a search node: ŠTREKY counts a node per placement
// listed, about 30 million a CPU second.
func (b *Budget) StartEvery(limit int64, guard clock.Deadline, every int64) {
	*b = Budget{limit: limit, guard: guard, every: every, base: limit, ceiling: limit}
	b.schedule()
}

// SetCeiling lets the limit stretch up to ceiling nodes where the search is unsettled
// (Unsettled, Watch); a ceiling below the limit, or a budget without a limit, never
// stretches.
func (b *Budget) SetCeiling(ceiling int64) {
	if b.limit > 0 {
		b.ceiling = max(ceiling, b.limit)
	}
}

// Unsettled stretches the limit by half the limit Start set, up to the ceiling: a root
// search whose best move has just changed, or whose score has just fallen, is worth
// more of a game's clock than one that has settled, which leaves its unspent share to
// the moves after it.
func (b *Budget) Unsettled() {
	if b.Stopped || b.limit >= b.ceiling {
		return
	}
	b.limit = min(b.limit+max(b.base/2, 1), b.ceiling)
	b.schedule()
}

// Watch follows the completed iterations of a root search and calls Unsettled when one
// changes the best move, or lowers the score by more than Drop (in the game's units),
// against the iteration before it. The zero Watch, with Drop set, starts a search.
type Watch[M comparable] struct {
	Drop  int64
	move  M
	score int64
	seen  bool
}

// Completed tells w of a completed iteration's best move and score.
func (w *Watch[M]) Completed(b *Budget, move M, score int64) {
	if w.seen && (move != w.move || score < w.score-w.Drop) {
		b.Unsettled()
	}
	w.move, w.score, w.seen = move, score, true
}

// schedule sets the node count of the next reading: every nodes on, but no later than
// CheckEvery nodes past the limit, so that a limit is read as promptly with a long interval
// as with CheckEvery (a one-node budget, for the tiniest times, stops at the first reading).
func (b *Budget) schedule() {
	b.next = b.Nodes + b.every
	if b.limit > 0 && b.next > b.limit {
		b.next = max(b.limit, b.Nodes+CheckEvery)
	}
}

// Charge counts n more units of work at the current node, for searches whose nodes differ
// much in cost (a node that generates a long move list costs more than a leaf): the budget
// then bounds the work, and its rate tracks CPU time more evenly. The limit is checked at
// the next Count.
func (b *Budget) Charge(n int64) { b.Nodes += n }

// StopsAfter returns how many more nodes, the next Count's included, make that Count stop
// the search on its limit for certain (at least 1); 0 when it has no limit. A game that
// charges a unit of work after doing it (ŠTREKY's generator call) can abandon the work once
// its charge reaches this: the search stops at the Count after it either way, so it ends
// as it would have.
func (b *Budget) StopsAfter() int64 {
	if b.limit <= 0 {
		return 0
	}
	return max(max(b.next, b.limit)-b.Nodes, 1)
}

// Deepen reports whether an iterative deepening may start another iteration: the search
// has not stopped and nodes of its limit are left (always, without a limit). A game whose
// root search keeps the best move of a cut-short iteration loses nothing by starting one it
// will not finish, and the move then uses its whole budget.
func (b *Budget) Deepen() bool { return !b.Stopped && (b.limit <= 0 || b.Nodes < b.limit) }

// Count counts one node and reports whether the search must stop.
func (b *Budget) Count() bool {
	b.Nodes++
	if b.Nodes >= b.next {
		if (b.limit > 0 && b.Nodes >= b.limit) || b.guard.Passed() {
			b.Stopped = true
		}
		b.schedule()
	}
	return b.Stopped
}
