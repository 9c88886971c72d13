package hive

// The picture of a position (render.Scene): the N×N hex grid as the course draws it
// (pointy-top hexagons, row q from the top, each row shifted half a cell right of the one
// above, so that p,q's lower neighbours are p-1,q+1 and p,q+1), every cell's p,q written
// small at its foot and q on both edges; each stack's top piece as a disc in its owner's
// colour with its kind's letter, a badge with the stack's height when a beetle stands on
// something; the last move's cells marked and joined.

import (
	"strconv"

	"gameagents/internal/render"
)

// Hexagon geometry in pixels: hexRadius is the centre-to-corner distance, hexHalfWidth
// the centre-to-side one (√3/2 of it, rounded so that every corner is an integer pixel).
const (
	hexRadius    = 36
	hexHalfWidth = 31
	rowPitch     = hexRadius * 3 / 2
	hexMargin    = 28
)

var (
	cellStyle   = render.Style{Fill: render.RGB(0xeee8d6), Stroke: render.RGB(0xb8ad90), Width: 1, Class: "cell"}
	coordStyle  = render.Style{Fill: render.RGB(0x8a7f66), Class: "coord"}
	sideStyles  = [2]render.Style{{Fill: render.RGB(0xfaf6ea), Stroke: render.Ink, Width: 2, Class: "piece lower"}, {Fill: render.RGB(0x33302b), Stroke: render.Ink, Width: 2, Class: "piece upper"}}
	letterStyle = [2]render.Style{{Fill: render.Ink, Class: "kind"}, {Fill: render.Paper, Class: "kind"}}
	badgeStyle  = render.Style{Fill: render.RGB(0xc0392b), Stroke: render.Paper, Width: 1, Class: "stack"}
	badgeText   = render.Style{Fill: render.Paper, Class: "stack-height"}
)

// hexCentre returns the pixel centre of cell c.
func hexCentre(c Cell) (x, y int) {
	return hexMargin + hexHalfWidth*(2*c.P+c.Q+1), hexMargin + hexRadius + rowPitch*c.Q
}

// hexagon returns the corners of the hexagon centred on x,y.
func hexagon(x, y, inset int) []render.Point {
	r, h := hexRadius-inset, hexHalfWidth-inset*hexHalfWidth/hexRadius
	pt := func(x, y int) render.Point { return render.Point{X: x, Y: y} }
	return []render.Point{pt(x, y-r), pt(x+h, y-r/2), pt(x+h, y+r/2), pt(x, y+r), pt(x-h, y+r/2), pt(x-h, y-r/2)}
}

// Draw pictures position p; last is the move that led to it (a Pass marks nothing).
func Draw(p *Position, last Move) render.Scene {
	n := p.Geometry.N
	var s render.Scene
	s.Width = 2*hexMargin + hexHalfWidth*(2*n+1)
	s.Height = 2*hexMargin + 2*hexRadius + rowPitch*(n-1)
	s.Background = append(s.Background, render.Rect(0, 0, s.Width, s.Height, render.Style{Fill: render.Paper, Class: "paper"}))
	for _, c := range p.Geometry.Cells {
		x, y := hexCentre(c)
		s.Background = append(s.Background, render.Polygon(hexagon(x, y, 0), cellStyle), render.Text(x, y+hexRadius*2/3, 10, c.String(), coordStyle))
	}
	for q := range n {
		_, y := hexCentre(Cell{0, q})
		s.Background = append(s.Background, render.Text(hexMargin/2, y, 12, strconv.Itoa(q), render.LabelStyle), render.Text(s.Width-hexMargin/2, y, 12, strconv.Itoa(q), render.LabelStyle))
	}
	for i, st := range p.Stacks {
		if len(st) > 0 {
			s.Pieces = append(s.Pieces, stackShapes(p.Geometry.Cells[i], st)...)
		}
	}
	s.Marks = lastShapes(p.Geometry, last)
	return s
}

// stackShapes draws a stack: its top piece, and its height when it is more than one.
func stackShapes(c Cell, st []byte) []render.Shape {
	side, kind, _ := pieceOf(st[len(st)-1])
	x, y := hexCentre(c)
	y -= 4 // above the coordinates
	shapes := []render.Shape{
		render.Circle(x, y, 19, sideStyles[side]),
		render.Text(x, y, 20, string(Kinds[kind]), letterStyle[side]),
	}
	if len(st) > 1 {
		bx, by := x+17, y-17
		shapes = append(shapes, render.Circle(bx, by, 9, badgeStyle), render.Text(bx, by, 12, strconv.Itoa(len(st)), badgeText))
	}
	return shapes
}

// lastShapes marks the last move: the cell it left and the cell it reached, joined.
func lastShapes(g *Geometry, m Move) []render.Shape {
	if m.Kind == Pass {
		return nil
	}
	tx, ty := hexCentre(g.Cells[m.To])
	to := render.Polygon(hexagon(tx, ty, 3), render.Style{Stroke: render.LastTo.Stroke, Width: render.LastTo.Width, Class: render.LastTo.Class})
	if m.Kind == Place {
		return []render.Shape{to}
	}
	fx, fy := hexCentre(g.Cells[m.From])
	return []render.Shape{render.Polygon(hexagon(fx, fy, 3), render.LastFrom), to, render.Line(fx, fy, tx, ty, render.LastPath)}
}
