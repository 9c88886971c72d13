// Package search holds the search machinery the games share; each game's search itself
// lives in the game's package. Here: the budget that stops a search, on a node count (which
// makes the search deterministic: the same input gives the same move on any machine) and on
// a CPU-time guard, read only every CheckEvery nodes because reading the clock is a system
// call.
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
}

// Start resets the budget for a search of at most limit nodes (0: no limit) that must stop
// once guard has passed.
func (b *Budget) Start(limit int64, guard clock.Deadline) {
	*b = Budget{limit: limit, guard: guard, next: CheckEvery}
}

// Charge counts n more units of work at the current node, for searches whose nodes differ
// much in cost (a node that generates a long move list costs more than a leaf): the budget
// then bounds the work, and its rate tracks CPU time more evenly. The limit is checked at
// the next Count.
func (b *Budget) Charge(n int64) { b.Nodes += n }

// Count counts one node and reports whether the search must stop.
func (b *Budget) Count() bool {
	b.Nodes++
	if b.Nodes >= b.next {
		b.next = b.Nodes + CheckEvery
		if (b.limit > 0 && b.Nodes >= b.limit) || b.guard.Passed() {
			b.Stopped = true
		}
	}
	return b.Stopped
}
