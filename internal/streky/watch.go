package streky

// Telling a greedy opponent from one that is not.
//
// The engine models the opponent's reply (search.go): as the course's greedy player, which
// most tournament players are, or (Options.ReplyScan) as one that denies as our engine
// does. Each model is right against its own kind and costs points against the other, so
// the engine watches the opponent's replies: after each of our moves it notes the most the
// opponent can gain next, and at our next move the opponent's score says what it gained.
// Greedy always takes the most; a reply that gained less is not greedy's, and from the
// first such reply on the opponent is modelled as denying. Until then it is greedy.

// OpponentWatch is what our moves so far saw of the opponent's replies.
type OpponentWatch struct {
	// Greedy and Other count the replies seen that gained the most the opponent could,
	// and those that gained less.
	Greedy, Other int
	expecting     bool
	after         Board // the board after our last move
	oppScore      int   // the opponent's score then
	best          int   // the most it could gain then
}

// Denying says whether the opponent has played a reply greedy would not have.
func (w *OpponentWatch) Denying() bool { return w.Other > 0 }

// Expect notes, after our move, the position p (the opponent to move): its board, the
// opponent's score and the most it can gain next (the gain of greedy's reply; 0 when it
// must pass). g lists the placements into buf, which it returns.
func (w *OpponentWatch) Expect(g *Generator, p *Position, buf []Placement) []Placement {
	buf = g.Placements(&p.Board, p.Hand(), buf)
	w.best = 0
	for _, pl := range buf {
		w.best = max(w.best, int(pl.Gain))
	}
	w.after, w.oppScore, w.expecting = p.Board, p.Scores[p.ToMove], true
	return buf
}

// Observe counts the opponent's reply that led to p (us to move), if Expect saw the
// position before it: p's board must hold every cell of that board as it was, and the
// opponent's score must not have fallen; otherwise p is from another game, and nothing is
// counted.
func (w *OpponentWatch) Observe(p *Position) {
	if !w.expecting {
		return
	}
	w.expecting = false
	gained := p.Scores[1-p.ToMove] - w.oppScore
	if gained < 0 || !extends(&p.Board, &w.after) {
		return
	}
	if gained < w.best {
		w.Other++
	} else {
		w.Greedy++
	}
}

// extends says whether b has a's size and every covered cell of a, as a has it.
func extends(b, a *Board) bool {
	if b.Rows() != a.Rows() || b.Cols() != a.Cols() || b.Covered() < a.Covered() {
		return false
	}
	for r := range a.Rows() {
		for c := range a.Cols() {
			if v := a.At(r, c); v != Empty && b.At(r, c) != v {
				return false
			}
		}
	}
	return true
}
