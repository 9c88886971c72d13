package hive

// Surround plans against a frozen opponent.
//
// An opponent that can only pass cannot stop anything while it stays frozen, but minimax
// assumes it will defend the moment a move of ours frees one of its pieces. When every
// surround needs such a move (its queen's last gaps gated, reachable only by a beetle or a
// grasshopper whose way in unpins an opponent piece), minimax therefore prefers to keep it
// frozen and steps a piece to and fro until the move limit: a few points where a surround
// gives 15 (a match against random lost a surround this way: game 14 of the match of commit
// cafb99e, in the history of results/hive/random-official-set/game-14.txt). The players this agent meets rarely defend well, so
// when the opponent is frozen at the root the engine looks for the shortest plan of at
// most maxPlanMoves moves of ours that surrounds its queen if it keeps passing, and the
// root searches the first moves of such plans with planBonus added to their scores: the
// engine plays one unless another move is better by more than that, and the search on the
// next move judges the opponent's actual reply.

const (
	// maxPlanMoves bounds a plan's length: a longer one gives a freed opponent too many
	// replies for the gamble to pay.
	maxPlanMoves = 3
	// planBonus is added to the root score of a plan's first move: two course points, more
	// than the one or two points of evaluation minimax expects a freed opponent to win back.
	planBonus = 2 * pointWeight
	// minPlanBudget: plans are sought only in searches of at least this many units of work
	// (or unbounded ones), so that a tiny budget still completes its first iterations.
	minPlanBudget = 100_000
)

// findPlans sets e.planned to the root moves that start a shortest surround plan against a
// frozen opponent (none when the opponent can move, or no plan exists within
// maxPlanMoves). The work is charged to the budget.
func (e *Engine) findPlans(b *Board, root []PackedMove, lim Limits) {
	e.planned = e.planned[:0]
	if lim.Nodes > 0 && lim.Nodes < minPlanBudget || !e.opponentFrozen(b) {
		return
	}
	for n := 1; n <= maxPlanMoves && len(e.planned) == 0; n++ {
		for _, m := range root {
			b.Make(m)
			if e.surroundsIn(b, n-1, 1) {
				e.planned = append(e.planned, m)
			}
			b.Unmake(m)
		}
	}
}

// opponentFrozen reports whether the side not to move could only pass if it were its turn,
// under either contact reading (RootMoves: an agent falls back to loose moves).
func (e *Engine) opponentFrozen(b *Board) bool {
	b.Make(0)
	moves := RootMoves(b, e.lists[1])
	b.Unmake(0)
	e.budget.Charge(int64(len(moves))/movesPerUnit + 1)
	return len(moves) == 1 && moves[0] == 0
}

// surroundsIn reports whether, after our move just made, the opponent's queen is
// surrounded, or we can surround it in left more moves of ours while the opponent passes
// (whatever it could do). Ply indexes e.lists.
func (e *Engine) surroundsIn(b *Board, left, ply int) bool {
	us := 1 - b.mover
	q := b.queen[b.mover]
	if q < 0 || b.Surrounded(us) {
		return false
	}
	gaps := b.liberties(q)
	if gaps == 0 {
		return true
	}
	// A move fills at most one gap; the plan must also end within the move limit.
	if gaps > left || b.moves[us]+left > moveLimit {
		return false
	}
	b.Make(0)
	defer b.Unmake(0)
	moves := b.Moves(Strict, e.lists[ply])
	e.lists[ply] = moves
	e.budget.Charge(int64(len(moves))/movesPerUnit + 1)
	for _, m := range moves {
		if m == 0 || gaps == left && !b.t.neighbour[q].has(m.To()) {
			continue // with as many gaps as moves, every move must fill one
		}
		b.Make(m)
		ok := e.surroundsIn(b, left-1, ply+1)
		b.Unmake(m)
		if ok {
			return true
		}
	}
	return false
}
