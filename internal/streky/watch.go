package streky

import (
	"fmt"
	"strings"

	"gameagents/internal/gamefile"
	"gameagents/internal/search"
)

// Telling a greedy opponent from one that is not.
//
// The engine models the opponent's reply (search.go): as the course's greedy player, which
// most tournament players are, or (Options.ReplyScan) as one that denies as our engine
// does. Each model is right against its own kind and costs points against the other, so
// the engine watches the opponent's replies: after each of our moves it notes the most the
// opponent can gain next, and at our next move the opponent's score says what it gained.
// Greedy always takes the most; a reply that gained less is not greedy's, and from the
// first such reply on the opponent is modelled as denying. Until then it is greedy.
//
// The agent keeps the watch in playdata.txt, in SINGLE mode too (agent.SingleRememberer):
// the course plays ŠTREKY at 1 s a move, and its replies are all the engine can learn the
// opponent from. The game's lines after the agent's history:
//
//	watch G O      the replies seen: those that gained greedy's most, and the others
//	expect S B     after our last move: the opponent's score, the most it could gain next
//	after R C      then R lines, the board after our last move as input.txt's BOARD has it
//
// expect and after are written only when the opponent's placements were listed in time.
// Nothing in the file is trusted: a fault in it, or a board it does not extend, and the
// watch starts afresh.

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
// must pass). g lists the placements into buf, which it returns, within budget (nil: no
// limit); when the budget cuts the listing short, Expect notes nothing and says so.
func (w *OpponentWatch) Expect(g *Generator, p *Position, buf []Placement, budget *search.Budget) ([]Placement, bool) {
	w.expecting = false
	if budget == nil {
		buf = g.Placements(&p.Board, p.Hand(), buf)
	} else if buf = g.PlacementsWithin(&p.Board, p.Hand(), buf, budget); budget.Stopped {
		return buf, false
	}
	w.best = 0
	for _, pl := range buf {
		w.best = max(w.best, int(pl.Gain))
	}
	w.after, w.oppScore, w.expecting = p.Board, p.Scores[p.ToMove], true
	return buf, true
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

// maxWatchCount bounds the counts read from playdata.txt: more replies than any game has.
const maxWatchCount = 1_000_000

// Lines are the watch's lines for playdata.txt.
func (w *OpponentWatch) Lines() []string {
	lines := []string{fmt.Sprintf("watch %d %d", w.Greedy, w.Other)}
	if w.expecting {
		lines = append(lines, fmt.Sprintf("expect %d %d", w.oppScore, w.best),
			fmt.Sprintf("after %d %d", w.after.Rows(), w.after.Cols()))
		lines = append(lines, w.after.Lines()...)
	}
	return lines
}

// ParseWatch reads a watch from the game's lines of playdata.txt, the first of them line
// first of the file; no lines is a fresh watch.
func ParseWatch(lines []string, first int) (OpponentWatch, error) {
	var w OpponentWatch
	if len(lines) == 0 {
		return w, nil
	}
	bad := func(i int, format string, args ...any) (OpponentWatch, error) {
		return OpponentWatch{}, gamefile.Errorf("playdata.txt", first+i, format, args...)
	}
	nums := func(i int, key string, limits ...int) ([]int, bool) {
		f := strings.Fields(lines[i])
		if len(f) != len(limits)+1 || f[0] != key {
			return nil, false
		}
		var out []int
		for k, lim := range limits {
			v, ok := parseNumber(f[k+1], lim)
			if !ok {
				return nil, false
			}
			out = append(out, v)
		}
		return out, true
	}
	counts, ok := nums(0, "watch", maxWatchCount, maxWatchCount)
	if !ok {
		return bad(0, "got %q, want watch and two counts up to %d", gamefile.Clip(lines[0]), maxWatchCount)
	}
	w.Greedy, w.Other = counts[0], counts[1]
	if len(lines) == 1 {
		return w, nil
	}
	exp, ok := nums(1, "expect", maxScore, MaxSide*MaxSide)
	if !ok {
		return bad(1, "got %q, want expect, a score up to %d and a gain up to %d", gamefile.Clip(lines[1]), maxScore, MaxSide*MaxSide)
	}
	if len(lines) < 3 {
		return bad(2, "want after and the board's rows and columns after expect")
	}
	size, ok := nums(2, "after", MaxSide, MaxSide)
	if !ok || size[0] < 1 || size[1] < 1 {
		return bad(2, "want after and the board's rows and columns, 1 to %d", MaxSide)
	}
	if len(lines) != 3+size[0] {
		return bad(3, "%d board rows, want %d", len(lines)-3, size[0])
	}
	b, err := NewBoard(size[0], size[1])
	if err != nil {
		return bad(2, "%v", err)
	}
	for r := range size[0] {
		if err := setRow(b, r, lines[3+r]); err != nil {
			return bad(3+r, "%v", err)
		}
	}
	w.after, w.oppScore, w.best, w.expecting = *b, exp[0], exp[1], true
	return w, nil
}
