package reversi

// Exact endgame solving: negamax with alpha-beta on the final disc difference (empty
// squares go to the winner, the FFO convention), principal variation search (the first
// move with the full window, the others with a null window and a re-search when they
// beat it).
//
// Above shallowMax empties (this file), each node:
//   - tries a stability cutoff: the opponent's stable discs (stability.go) cap the score
//     at 64 - 2*stable, so when alpha is already that high the node fails low at once.
//     Computing stability costs, so it is only tried when the cap could reach alpha at
//     all (64 - 2*opponent's discs <= alpha);
//   - from ttMinEmpties on, probes the transposition table (two entries per 64-byte
//     bucket: one kept for the deepest position, one always replaced), whose entries hold
//     bounds and a best move. The bucket is read before the moves are generated, so the
//     cache miss overlaps that work; the table's move is searched before the other moves
//     are even generated, since it usually cuts;
//   - makes the other moves and, from etcMinEmpties on, probes the table for each child
//     (enhanced transposition cutoff): a child already known to score at most -beta for
//     the opponent cuts the node without a search;
//   - orders them "fastest first" (the move leaving the opponent fewest replies, corners
//     counting double, which keeps the tree narrow), refined by the opponent's potential
//     mobility (empty squares next to the mover's discs), by parity, and from
//     evalOrderMinEmpties on by the pattern evaluation (pattern.go) of the position after
//     the move, and from evalReplyMinEmpties on after the opponent's best reply: where the
//     tree is large, a good guess of each move's value orders far better than mobility
//     alone (the sorting by a shallow search on the evaluation that strong solvers such
//     as Edax use).
//
// At shallowMax empties and fewer (solve_shallow.go) there is no table and no move list:
// squares are tried directly, in parity order, with a stability cutoff from
// stabilityMinShallow empties on and special code for the last three squares.
//
// The search can be stopped by a node budget and a CPU-time guard (SetLimits), checked
// every solveCheckEvery nodes; an aborted search unwinds at once and stores nothing from
// the interrupted nodes, so the table stays sound for later searches.
//
// The solver allocates nothing while searching: its table is allocated once (and on
// Linux, when it is large, advised into huge pages, solve_huge_linux.go).
//
// These are the standard techniques of Othello endgame solvers; the Chess Programming
// Wiki's Othello pages and the Edax engine (Richard Delorme) describe them. No code is
// taken from either. Measured effects on FFO #40-#49 are in RESULTS.md.

import (
	"math"
	"math/bits"

	"gameagents/internal/clock"
	"gameagents/internal/search"
)

// Solver solves endgames exactly. One Solver serves one goroutine.
type Solver struct {
	tt    []solveEntry
	mask  uint64 // index mask of the bucket's first entry (always even)
	Nodes int64  // nodes searched, over all calls

	// Switches that turn techniques off, to measure what each is worth; the zero value
	// uses everything.
	NoStability bool // no stability cutoff
	NoETC       bool // no enhanced transposition cutoff

	maxNodes  int64          // node budget of one call, 0 for none
	guard     clock.Deadline // CPU-time guard
	start     int64          // Nodes when the current call started
	nextCheck int64          // Nodes at which to check the limits next
	aborted   bool
	touched   uint64 // a sink for early table reads, which the compiler must not drop
}

type solveEntry struct {
	own, opp uint64
	lower    int8 // the score is at least lower and at most upper
	upper    int8
	move     int8
	empties  int8     // the replacement priority: deeper positions cost more to recompute
	_        [12]byte // pads an entry to 32 bytes, so a bucket is one 64-byte cache line
}

// The thresholds below were measured on FFO #40-#44 (RESULTS.md).
const (
	shallowMax          = 6  // positions with this many empties or fewer: solve_shallow.go
	ttMinEmpties        = 8  // the table from here on: below, probing costs more than it saves
	etcMinEmpties       = 10 // enhanced transposition cutoff from this many empties on
	potentialMinEmpties = 8  // potential mobility joins the ordering from here on
	stabilityMinShallow = 4  // the stability cutoff in shallow from this many empties on
	evalOrderMinEmpties = 12 // the child's evaluation joins the ordering from here on
	evalReplyMinEmpties = 16 // ... its evaluation by the opponent's best reply from here on
)

// evalOrderScale: evaluation points (1/100 disc) per ordering key unit (a quarter reply).
// On FFO #40-#44, 1/50 and 1/150 of a disc per unit left 5% and 10% more nodes than 1/100.
const evalOrderScale = 100

const (
	maxSolveMoves   = 32
	solveScoreLimit = 64
	solveCheckEvery = 1 << 12 // nodes between limit checks
)

// NewSolver returns a solver whose table has 2^logSize entries (at least two). A table of
// hugePagesFrom entries or more is advised into huge pages.
func NewSolver(logSize int) *Solver {
	n := 1 << max(logSize, 1)
	s := &Solver{tt: make([]solveEntry, n), mask: uint64(n-1) &^ 1}
	if n >= hugePagesFrom {
		adviseHugePages(s.tt)
	}
	return s
}

// hugePagesFrom is the smallest table (in entries: 2^20 entries are 32 MB) advised into
// huge pages. Huge pages pay in long searches over large tables (the FFO benchmark's 2^22
// entries, the training tools' 2^20). The agent's table (2^18, 8 MB) is left out: it
// lives for one move, and faulting huge pages in cost it 10 to 35 ms of system CPU time
// about once in a hundred moves on the development machine (a move of SINGLE 0.2 s ended
// 28 ms past its guard in an SPRT; 150 runs of that position without huge pages ended
// within 2 ms of it). RESULTS.md (Reversi, Exact endgame solver) has the figures.
const hugePagesFrom = 1 << 20

// SetLimits makes later Solve and SolveWindow calls stop after maxNodes nodes each (0: no
// limit) or once guard has passed (the zero Deadline never passes), checked every few
// thousand nodes. A stopped call reports Aborted.
func (s *Solver) SetLimits(maxNodes int64, guard clock.Deadline) {
	s.maxNodes, s.guard = maxNodes, guard
}

// Aborted reports whether the last Solve or SolveWindow stopped at a limit: its score is
// then meaningless and its move only a legal move (the best of the moves searched to the
// end, or the first in order).
func (s *Solver) Aborted() bool { return s.aborted }

// Clear empties the transposition table. Its entries stay exact between searches (they
// depend on the position only), so clearing is only to free it of unrelated positions.
func (s *Solver) Clear() { clear(s.tt) }

// checkLimits stops the search when a limit is reached; it reports whether it did.
func (s *Solver) checkLimits() bool {
	if (s.maxNodes > 0 && s.Nodes-s.start >= s.maxNodes) || s.guard.Passed() {
		s.aborted = true
		s.nextCheck = math.MaxInt64
		return true
	}
	s.nextCheck = s.Nodes + solveCheckEvery
	if s.maxNodes > 0 {
		s.nextCheck = min(s.nextCheck, s.start+s.maxNodes)
	}
	return false
}

// Solve returns the exact final disc difference for the side to move under perfect play,
// and a best move (-1 when the side to move must pass or the game is over).
func (s *Solver) Solve(b Board) (score, move int) {
	return s.SolveWindow(b, -solveScoreLimit, solveScoreLimit)
}

// SolveWindow solves within (alpha, beta): the score is exact when it falls strictly
// inside, else a bound.
func (s *Solver) SolveWindow(b Board, alpha, beta int) (score, move int) {
	s.aborted = false
	s.start = s.Nodes
	s.nextCheck = s.Nodes
	if s.checkLimits() {
		return 0, firstMove(b.Moves())
	}
	moves := b.Moves()
	if moves == 0 {
		return s.negamax(b, alpha, beta, false), -1
	}
	var list [maxSolveMoves]solveChild
	n := s.order(b, moves, s.ttMove(b), list[:])
	best, bestMove := -solveScoreLimit-1, list[0].sq
	for i := range list[:n] {
		v := s.child(&list[i], i, alpha, beta)
		if s.aborted {
			break
		}
		if v > best {
			best, bestMove = v, list[i].sq
			alpha = max(alpha, v)
		}
		if alpha >= beta {
			break
		}
	}
	return best, int(bestMove)
}

// firstMove returns the lowest square of moves, or -1.
func firstMove(moves uint64) int {
	if moves == 0 {
		return -1
	}
	return bits.TrailingZeros64(moves)
}

// final is the score of a finished game for the side to move.
func final(b Board) int {
	own, opp := bits.OnesCount64(b.Own), bits.OnesCount64(b.Opp)
	diff := own - opp
	switch empties := 64 - own - opp; {
	case diff > 0:
		return diff + empties
	case diff < 0:
		return diff - empties
	}
	return 0
}

// solveChild is a move with the position it leads to and its ordering key.
type solveChild struct {
	b     Board
	moves uint64 // the moves in b, computed for the ordering and reused by the search
	key   int32
	sq    int8
}

// unknownMoves stands for moves not computed yet (no position has every square empty).
const unknownMoves = ^uint64(0)

// probe returns b's table entry, or nil.
func (s *Solver) probe(b Board) *solveEntry {
	i := hashBoard(b) & s.mask
	if e := &s.tt[i]; e.own == b.Own && e.opp == b.Opp {
		return e
	}
	if e := &s.tt[i+1]; e.own == b.Own && e.opp == b.Opp {
		return e
	}
	return nil
}

// probeAt is probe given the bucket's index, when use is set; else nil.
func (s *Solver) probeAt(use bool, i uint64, b Board) *solveEntry {
	if !use {
		return nil
	}
	if e := &s.tt[i]; e.own == b.Own && e.opp == b.Opp {
		return e
	}
	if e := &s.tt[i+1]; e.own == b.Own && e.opp == b.Opp {
		return e
	}
	return nil
}

// ttMove returns the table's move for b, or -1.
func (s *Solver) ttMove(b Board) int {
	if e := s.probe(b); e != nil {
		return int(e.move)
	}
	return -1
}

// store records a result: over the same position's entry, else in the first slot when it
// is at least as deep as that slot's (moving the old one to the second), else in the
// second.
func (s *Solver) store(e solveEntry) {
	s.storeAt(hashBoard(Board{e.own, e.opp})&s.mask, e)
}

// storeAt is store given the bucket's index.
func (s *Solver) storeAt(i uint64, e solveEntry) {
	first, second := &s.tt[i], &s.tt[i+1]
	switch {
	case first.own == e.own && first.opp == e.opp:
		*first = e
	case second.own == e.own && second.opp == e.opp:
		*second = e
	case e.empties >= first.empties:
		*second, *first = *first, e
	default:
		*second = e
	}
}

func (s *Solver) negamax(b Board, alpha, beta int, passed bool) int {
	return s.search(b, unknownMoves, alpha, beta, passed)
}

// search is negamax given b's moves when they are known (else unknownMoves).
func (s *Solver) search(b Board, moves uint64, alpha, beta int, passed bool) int {
	empties := bits.OnesCount64(^(b.Own | b.Opp))
	if empties <= shallowMax {
		return s.solveShallow(b, alpha, beta, passed)
	}
	s.Nodes++
	if s.Nodes >= s.nextCheck && s.checkLimits() {
		return 0
	}
	useTT := empties >= ttMinEmpties
	var idx uint64
	if useTT {
		// Read the table's bucket before generating moves: the probe misses the cache
		// almost always, and the processor can wait for it while it works on the moves.
		idx = hashBoard(b) & s.mask
		s.touched += s.tt[idx].own
	}
	if moves == unknownMoves {
		moves = b.Moves()
	}
	if moves == 0 {
		if passed {
			return final(b)
		}
		return -s.negamax(b.Pass(), -beta, -alpha, true)
	}
	if !s.NoStability && 64-2*bits.OnesCount64(b.Opp) <= alpha {
		if bound := stabilityBound(b); bound <= alpha {
			return bound
		}
	}
	ttMove := -1
	if ent := s.probeAt(useTT, idx, b); ent != nil {
		lo, hi := int(ent.lower), int(ent.upper)
		if lo >= beta {
			return lo
		}
		if hi <= alpha {
			return hi
		}
		if lo == hi {
			return lo
		}
		alpha, beta = max(alpha, lo), min(beta, hi)
		ttMove = int(ent.move)
	}
	alphaOrig := alpha
	best, bestMove := -solveScoreLimit-1, int8(-1)
	searched := 0
	if ttMove >= 0 && moves&(1<<ttMove) != 0 {
		// The table's move before the others are even generated: it cuts most of the
		// time, and then ordering them would be wasted.
		c := solveChild{b: b.Play(ttMove), moves: unknownMoves}
		v := s.child(&c, 0, alpha, beta)
		if s.aborted {
			return 0
		}
		best, bestMove, alpha = v, int8(ttMove), max(alpha, v)
		moves &^= 1 << ttMove
		searched = 1
	}
	if alpha < beta && moves != 0 {
		var list [maxSolveMoves]solveChild
		n := s.order(b, moves, -1, list[:])
		if empties >= etcMinEmpties && !s.NoETC {
			// Enhanced transposition cutoff: a child whose upper bound (for the opponent)
			// is at most -beta refutes this node already.
			for i := range list[:n] {
				if e := s.probe(list[i].b); e != nil && -int(e.upper) >= beta {
					s.store(solveEntry{own: b.Own, opp: b.Opp, lower: int8(-e.upper), upper: solveScoreLimit, move: list[i].sq, empties: int8(empties)})
					return -int(e.upper)
				}
			}
		}
		for i := range list[:n] {
			v := s.child(&list[i], searched+i, alpha, beta)
			if s.aborted {
				return 0
			}
			if v > best {
				best, bestMove = v, list[i].sq
				if v > alpha {
					alpha = v
					if alpha >= beta {
						break
					}
				}
			}
		}
	}
	if !useTT {
		return best
	}
	e := solveEntry{own: b.Own, opp: b.Opp, lower: -solveScoreLimit, upper: solveScoreLimit, move: bestMove, empties: int8(empties)}
	search.Narrow(&e.lower, &e.upper, int32(best), int32(alphaOrig), int32(beta))
	s.storeAt(idx, e)
	return best
}

// child searches a move's position with a null window after the first move (PVS).
func (s *Solver) child(c *solveChild, i, alpha, beta int) int {
	if i == 0 || beta-alpha <= 1 {
		return -s.search(c.b, c.moves, -beta, -alpha, false)
	}
	v := -s.search(c.b, c.moves, -alpha-1, -alpha, false)
	if v > alpha && v < beta && !s.aborted {
		v = -s.search(c.b, c.moves, -beta, -alpha, false)
	}
	return v
}

// corners are the four corner squares.
const corners uint64 = 1 | 1<<7 | 1<<56 | 1<<63

// order fills list with the moves, best first, and returns their number. The key: the
// table's move first, a wipe-out next, then the opponent's mobility after the move (its
// corner replies counting double), a corner move counting one reply fewer and a move into
// a region of odd parity a quarter reply fewer; from potentialMinEmpties on, the
// opponent's potential mobility (empty squares next to the mover's discs) counts a
// quarter reply each; from evalOrderMinEmpties on, the opponent's evaluation of the
// position after the move counts a quarter reply per disc (evalOrderScale), and from
// evalReplyMinEmpties on that evaluation looks one reply deeper (bestReplyEval). On FFO
// #40-#44 the corner replies cut the nodes by 25%, parity by 2% more, the evaluation
// (instead of a second ply of mobility) by 47%, its reply by 17% more (RESULTS.md).
func (s *Solver) order(b Board, moves uint64, ttMove int, list []solveChild) int {
	empty := ^(b.Own | b.Opp)
	odd := parityOrder(^uint64(0), empty)[0]
	empties := bits.OnesCount64(empty)
	potential := empties >= potentialMinEmpties
	n := 0
	for m := moves; m != 0; m &= m - 1 {
		sq := bits.TrailingZeros64(m)
		c := b.after(sq, flips(b.Own, b.Opp, sq))
		replies := c.Moves()
		k := int32(bits.OnesCount64(replies)*4 + bits.OnesCount64(replies&corners)*4)
		if corners&(1<<sq) != 0 {
			k -= 4
		}
		if odd&(1<<sq) != 0 {
			k--
		}
		if potential {
			k += int32(bits.OnesCount64(neighbours(c.Opp) & empty &^ (1 << sq)))
		}
		switch {
		case empties >= evalReplyMinEmpties:
			k += bestReplyEval(c, replies) / evalOrderScale
		case empties >= evalOrderMinEmpties:
			k += PatternEval(c) / evalOrderScale
		}
		switch {
		case sq == ttMove:
			k = -1 << 20
		case c.Own == 0:
			k = -1 << 19
		}
		// insertion into the sorted list
		j := n
		for j > 0 && list[j-1].key > k {
			list[j] = list[j-1]
			j--
		}
		list[j] = solveChild{b: c, moves: replies, key: k, sq: int8(sq)}
		n++
	}
	return n
}

// bestReplyEval is the opponent's value of c (the opponent to move, replies its moves):
// the best of its replies by the pattern evaluation after each.
func bestReplyEval(c Board, replies uint64) int32 {
	if replies == 0 {
		return -PatternEval(c.Pass())
	}
	best := int32(math.MinInt32)
	for r := replies; r != 0; r &= r - 1 {
		best = max(best, -PatternEval(c.Play(bits.TrailingZeros64(r))))
	}
	return best
}

// neighbours returns the squares next to x in the eight directions.
func neighbours(x uint64) uint64 {
	h := (x<<1)&notFileA | (x>>1)&notFileH
	y := x | h
	return h | y<<8 | y>>8
}

// quadrant masks, for parity ordering.
var quadrants = [4]uint64{0x0f0f0f0f, 0xf0f0f0f0, 0x0f0f0f0f00000000, 0xf0f0f0f000000000}

// parityOrder splits moves into those in quadrants with an odd number of empties, then the
// rest.
func parityOrder(moves, empty uint64) [2]uint64 {
	var odd uint64
	for _, q := range quadrants {
		if bits.OnesCount64(empty&q)&1 == 1 {
			odd |= q
		}
	}
	return [2]uint64{moves & odd, moves &^ odd}
}

// hashBoard mixes the two sets into a table index.
func hashBoard(b Board) uint64 {
	h := b.Own*0x9E3779B97F4A7C15 ^ bits.RotateLeft64(b.Opp*0xC2B2AE3D27D4EB4F, 31)
	return h ^ h>>29
}
