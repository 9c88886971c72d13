package search

// The small pieces of search every engine needs in the same form: the transposition
// table's bound (one encoding for all, and Narrow for the tables that keep both bounds, so that a fix copied from one engine to another
// keeps its meaning), the hash finaliser, move picking by key, and the calibration loop.

// Bound says what a transposition-table entry's score is: a lower bound (the search failed
// high, the score is at least it), an upper bound (it failed low), or both, exact. Bit
// flags: Exact holds both bits, and the zero Bound, an empty entry's, settles nothing.
type Bound uint8

const (
	Lower Bound = 1 << iota
	Upper
	Exact = Lower | Upper
)

// BoundOf is the bound a node's result gives when it was searched with the window
// (alpha, beta): at or below alpha an upper bound, at or above beta a lower one, else
// exact.
func BoundOf(best, alpha, beta int32) Bound {
	switch {
	case best <= alpha:
		return Upper
	case best >= beta:
		return Lower
	}
	return Exact
}

// Narrow records in an entry that keeps both bounds, [lower, upper], what a node's result
// best from the window (alpha, beta) proves: an upper bound, a lower bound, or the exact
// score (BoundOf). The caller has reset the pair to the widest interval for a new entry.
func Narrow[T ~int8 | ~int16 | ~int32](lower, upper *T, best, alpha, beta int32) {
	switch BoundOf(best, alpha, beta) {
	case Upper:
		*upper = T(best)
	case Lower:
		*lower = T(best)
	default:
		*lower, *upper = T(best), T(best)
	}
}

// Cuts reports whether an entry of bound b and score s settles a node searched with the
// window (alpha, beta): an exact score, a lower bound at or above beta, or an upper bound
// at or below alpha.
func (b Bound) Cuts(s, alpha, beta int32) bool {
	return b == Exact || b&Lower != 0 && s >= beta || b&Upper != 0 && s <= alpha
}

// WinScores are the scores of decided positions: a win found at ply p scores Win − p (the
// search prefers the quickest win), a loss −(Win − p), and every score at or beyond
// Win − MaxPly either way is one of them. A table entry stores one relative to its node
// (ToTable adds the node's ply, FromTable takes it away), so that it means the same win
// wherever the position is met again.
type WinScores struct{ Win, MaxPly int32 }

// ToTable is s as a table entry at ply stores it.
func (w WinScores) ToTable(s int32, ply int) int32 {
	switch {
	case s >= w.Win-w.MaxPly:
		return s + int32(ply)
	case s <= -w.Win+w.MaxPly:
		return s - int32(ply)
	}
	return s
}

// FromTable is a table entry's s as the node at ply reads it.
func (w WinScores) FromTable(s int32, ply int) int32 {
	switch {
	case s >= w.Win-w.MaxPly:
		return s - int32(ply)
	case s <= -w.Win+w.MaxPly:
		return s + int32(ply)
	}
	return s
}

// Mix scrambles a 64-bit value (splitmix64's finaliser, Steele, Lea and Flood 2014), so
// that close inputs (hashes, seeds) give far-apart values.
func Mix(x uint64) uint64 {
	x = (x ^ x>>30) * 0xBF58476D1CE4E5B9
	x = (x ^ x>>27) * 0x94D049BB133111EB
	return x ^ x>>31
}

// PickBest moves the move with the highest key among moves[i:] to position i, with its
// key, and returns it: one step of the selection sort that orders a node's moves lazily,
// since a cut-off often comes before the later moves are needed.
func PickBest[M any](moves []M, keys []int32, i int) M {
	best := i
	for j := i + 1; j < len(moves); j++ {
		if keys[j] > keys[best] {
			best = j
		}
	}
	moves[i], moves[best] = moves[best], moves[i]
	keys[i], keys[best] = keys[best], keys[i]
	return moves[i]
}

// ToFront moves list[i] to the front, the others keeping their order: the root's new best
// move goes first, so that the next iteration searches it first and the previous best
// second.
func ToFront[M any](list []M, i int) {
	x := list[i]
	copy(list[1:i+1], list[:i])
	list[0] = x
}

// Repeat is the calibration loop: it runs search, given what is left of nodes, until the
// searches together have counted nodes (a search may stop early, between its iterations or
// out of moves; each counts at least one node, so the loop ends), and returns the count.
func Repeat(nodes int64, search func(left int64) int64) int64 {
	var done int64
	for done < nodes {
		done += max(search(nodes-done), 1)
	}
	return done
}
