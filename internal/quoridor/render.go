package quoridor

// The picture of a position (render.Scene): the nx×ny board with x on the top and bottom
// edges and y on the left and right, each player's goal row tinted in its colour, the walls
// as thick lines on the cell borders they block (each blocked step one segment, so a wall
// of the start of any shape shows as it is), both players with their walls left, and the
// last move: the step's two cells, or the new wall drawn over in the marks' colour.

import (
	"strconv"

	"gameagents/internal/render"
)

const (
	cellPixels   = 40
	marginPixels = 24
	wallPixels   = 6
)

var (
	boardStyle    = render.Style{Fill: render.RGB(0xf1e6cf), Class: "board"}
	gridStyle     = render.Style{Stroke: render.RGB(0xc4b28e), Width: 1, Class: "grid"}
	wallStyle     = render.Style{Stroke: render.RGB(0x6b3f1d), Width: wallPixels, Class: "wall"}
	lastWallStyle = render.Style{Stroke: render.LastTo.Stroke, Width: wallPixels, Class: "last-wall"}
	playerColours = [2]render.Color{render.RGB(0x2f6fd0), render.RGB(0xc0392b)}
	playerClasses = [2]string{"piece first", "piece second"}
)

// boardGrid is the geometry of p's picture: its cells and the margins for the coordinates.
// Draw lays the picture out on it and Picks puts the clicks on it, so that a click lands on
// what the picture shows.
func boardGrid(p *Position) render.Grid {
	return render.Grid{Cols: p.NX, Rows: p.NY, Cell: cellPixels, Margin: marginPixels}
}

// Draw pictures position p with walls, the blocked steps as input.txt lists them. last is
// the move that led to it (the zero Move marks nothing) and from the cell a step left.
func Draw(p *Position, walls []StepPair, last Move, from Cell) render.Scene {
	g := boardGrid(p)
	var s render.Scene
	s.Width, s.Height = g.Size()
	x, y := g.Corner(0, 0)
	s.Background = []render.Shape{
		render.Rect(0, 0, s.Width, s.Height, render.Style{Fill: render.Paper, Class: "paper"}),
		render.Rect(x, y, p.NX*cellPixels, p.NY*cellPixels, boardStyle),
	}
	for i, pl := range p.Players {
		gx, gy := g.Corner(0, pl.Goal)
		goal := render.Style{Fill: playerColours[i].WithAlpha(70), Class: "goal " + SideName(i)}
		s.Background = append(s.Background, render.Rect(gx, gy, p.NX*cellPixels, cellPixels, goal))
	}
	s.Background = append(s.Background, g.Lines(gridStyle)...)
	s.Background = append(s.Background, g.Labels(strconv.Itoa, strconv.Itoa, 11, render.LabelStyle)...)
	for _, w := range walls {
		for _, st := range w {
			s.Pieces = append(s.Pieces, stepLine(g, st, wallStyle))
		}
	}
	for i, pl := range p.Players {
		cx, cy := g.Centre(pl.X, pl.Y)
		s.Pieces = append(s.Pieces,
			render.Circle(cx, cy, cellPixels*3/8, render.Style{Fill: playerColours[i], Stroke: render.Ink, Width: 1, Class: playerClasses[i]}),
			render.Text(cx, cy, 13, strconv.Itoa(pl.WallsLeft), render.Style{Fill: render.Paper, Class: "walls-left"}))
	}
	s.Marks = lastShapes(g, last, from)
	return s
}

// stepLine is the border segment that blocks step st: the side the two cells share.
func stepLine(g render.Grid, st Step, s render.Style) render.Shape {
	a, b := st.A, st.B
	if b.X < a.X || b.Y < a.Y {
		a, b = b, a
	}
	x, y := g.Corner(b.X, b.Y)
	if a.Y == b.Y { // a step along x: the vertical border left of b
		return render.Line(x, y, x, y+g.Cell, s)
	}
	return render.Line(x, y, x+g.Cell, y, s) // a step along y: the border above b
}

// lastShapes marks the last move: a step's two cells, or the wall placed.
func lastShapes(g render.Grid, m Move, from Cell) []render.Shape {
	switch m.Kind {
	case KindStep:
		return []render.Shape{g.CellRect(from.X, from.Y, 2, render.LastFrom), g.CellRect(int(m.X), int(m.Y), 2, render.LastTo)}
	case KindWall:
		st := m.Steps()
		return []render.Shape{stepLine(g, st[0], lastWallStyle), stepLine(g, st[1], lastWallStyle)}
	}
	return nil
}
