package quoridor

// The moves as a person enters them on the picture (render.Picker), one click each:
//
//   - a step: a click on the centre of the cell stepped to;
//   - a wall: a click on the groove where it would stand, a quarter cell before the grid
//     intersection its middle lies on. The horizontal wall at x,y (below row y, under
//     columns x and x+1, its middle on the intersection right of column x and below row
//     y) is clicked on that horizontal groove a quarter cell left of the intersection,
//     above the step x,y-x,y+1 it blocks; the vertical wall at x,y (right of column x,
//     beside rows y and y+1) on that vertical groove a quarter cell above the
//     intersection, beside the step x,y-x+1,y it blocks;
//   - PASS, when the game goes on but the mover can neither step nor place a wall: a
//     "pass" button beside the board.
//
// Why the quarter cell: the middle of a wall would be the natural point, but the
// horizontal and the vertical wall at one x,y cross there (both may stand), and would
// need a second click to tell them apart. A quarter cell off the intersection, each
// point lies on one groove only (on a grid line one way, a quarter cell off the lines
// the other way), so no two walls share a point, and none is a cell's centre. Along a
// groove the points are one cell apart, one per wall that can stand there, each on its
// own wall's first half: whichever point of a groove is nearest to where a person
// clicks is the wall that covers that place.

import "gameagents/internal/render"

var _ render.Picker = (*judgeMatch)(nil)

// Picks lists the legal moves in AppendLegalMoves' order (the steps, then the walls row by
// row), each one click; none once the game is over, which is when HasMove is false.
func (m *judgeMatch) Picks() []render.Pick {
	if m.over {
		return nil
	}
	p := &m.pos
	g := boardGrid(p)
	moves := p.AppendLegalMoves(make([]Move, 0, 4+2*max(p.NX-1, 0)*(p.NY-1)))
	picks := make([]render.Pick, 0, len(moves))
	for _, mv := range moves {
		picks = append(picks, render.Pick{Output: string(FormatOutput(mv)), Steps: []render.Step{pickStep(g, mv)}})
	}
	return picks
}

// pickStep is the click that enters move mv on a picture laid out on g.
func pickStep(g render.Grid, mv Move) render.Step {
	x, y := int(mv.X), int(mv.Y)
	switch mv.Kind {
	case KindStep:
		cx, cy := g.Centre(x, y)
		return render.Step{On: true, X: cx, Y: cy, Label: "step to " + Cell{x, y}.String()}
	case KindWall:
		// The wall's middle: the top-left corner of cell x+1,y+1.
		ix, iy := g.Corner(x+1, y+1)
		if mv.Orient == Horizontal {
			return render.Step{On: true, X: ix - g.Cell/4, Y: iy,
				Label: "horizontal wall below " + Cell{x, y}.String() + " and " + Cell{x + 1, y}.String()}
		}
		return render.Step{On: true, X: ix, Y: iy - g.Cell/4,
			Label: "vertical wall right of " + Cell{x, y}.String() + " and " + Cell{x, y + 1}.String()}
	}
	return render.Step{Label: "pass"}
}
