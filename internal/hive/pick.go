package hive

// The moves as a person enters them on the picture (render.Picker), in both rule sets the
// same way, as the board game is played by hand:
//
//   - a move of a piece on the board is two clicks: the piece's cell, then the cell it goes
//     to (only a stack's top piece moves, so the cell names the piece);
//   - a placement is a button beside the board for the kind taken from the hand, then the
//     cell it goes to; all placements of a kind share the button, as the pieces of a kind in
//     hand are alike (the base game numbers them, but only in the order they are placed);
//   - a pass, legal only when nothing else is, is one button.
//
// The picks list the moves in the rules' own order (ReferenceMoves, BaseGame.Moves), each
// with the output.txt line that plays it.

import (
	"fmt"

	"gameagents/internal/render"
)

var (
	_ render.Picker = (*judgeMatch)(nil)
	_ render.Picker = (*baseMatch)(nil)
)

// kindNames are the kinds' names for people, in Kinds order.
var kindNames = [5]string{"queen", "beetle", "spider", "grasshopper", "ant"}

// Picks lists the course game's legal moves under the loose contact reading, the judge's.
func (m *judgeMatch) Picks() []render.Pick {
	if m.over {
		return nil
	}
	p := m.pos
	picks := make([]render.Pick, 0, len(m.legal))
	for _, mv := range m.legal {
		out := p.Format(mv) + "\n"
		if mv.Kind == Pass {
			return []render.Pick{passPick(out)} // PASS is legal only alone
		}
		_, kind, _ := pieceOf(mv.Piece)
		var first render.Step
		if mv.Kind == Place {
			first = handStep(kind, p.Hand[p.Mover][kind])
		} else {
			from := p.Geometry.Cells[mv.From]
			first = cellStep(from, fmt.Sprintf("%s at %v", kindNames[kind], from))
		}
		to := p.Geometry.Cells[mv.To]
		picks = append(picks, render.Pick{Output: out, Steps: []render.Step{first, cellStep(to, targetLabel(to, p.Stacks[mv.To] != nil))}})
	}
	return picks
}

// Picks lists the base game's legal moves, on the cells of its picture (baseWindow).
func (m *baseMatch) Picks() []render.Pick {
	g := m.g
	moves := g.Moves()
	if len(moves) == 0 {
		return nil
	}
	if moves[0].Kind == Pass {
		return []render.Pick{passPick(g.MoveString(moves[0]) + "\n")} // legal only alone
	}
	w := newBaseWindow(g)
	picks := make([]render.Pick, 0, len(moves))
	for _, mv := range moves {
		kind := mv.Piece.Kind
		var first render.Step
		if mv.Kind == Place {
			first = handStep(kind, g.hand[mv.Piece.Colour][kind])
		} else {
			// The piece's UHP name too: the base game's moves are written with it.
			first = cellStep(w.shift(mv.From), fmt.Sprintf("%s %v at %v", kindNames[kind], mv.Piece, mv.From))
		}
		picks = append(picks, render.Pick{Output: g.MoveString(mv) + "\n",
			Steps: []render.Step{first, cellStep(w.shift(mv.To), targetLabel(mv.To, g.occupied(mv.To)))}})
	}
	return picks
}

// passPick is the one pick of a side that can only pass.
func passPick(output string) render.Pick {
	return render.Pick{Output: output, Steps: []render.Step{{Label: "pass"}}}
}

// handStep is the button of a kind in hand, left of them still there.
func handStep(kind, left int) render.Step {
	return render.Step{Label: fmt.Sprintf("%s from hand (%d left)", kindNames[kind], left)}
}

// cellStep is a click on the cell the picture draws at drawn (hexCentre's cell: the base
// game's picture shifts its window there).
func cellStep(drawn Cell, label string) render.Step {
	x, y := hexCentre(drawn)
	return render.Step{On: true, X: x, Y: y, Label: label}
}

// targetLabel names the cell c a piece goes to: onto it when it is occupied (a beetle
// climbing).
func targetLabel(c Cell, occupied bool) string {
	if occupied {
		return fmt.Sprintf("onto %v", c)
	}
	return fmt.Sprintf("to %v", c)
}
