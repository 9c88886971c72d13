package halma

// The picture of a position (render.Scene): the 16×16 board with both camps shaded and
// x (columns) and y (rows) on the edges as the files write them, the pieces, and the last
// move's squares joined along its hops.

import (
	"strconv"

	"gameagents/internal/render"
)

const (
	cellPixels   = 32
	marginPixels = 24
)

var (
	boardStyle  = render.Style{Fill: render.RGB(0xf3e7c9), Class: "board"}
	campStyle   = [2]render.Style{{Fill: render.RGB(0xc9d6e8), Class: "camp black"}, {Fill: render.RGB(0xe8cfc9), Class: "camp white"}}
	gridStyle   = render.Style{Stroke: render.RGB(0x9c8b6e), Width: 1, Class: "grid"}
	pieceStyles = [2]render.Style{
		{Fill: render.Ink, Stroke: render.Ink, Width: 1, Class: "piece black"},
		{Fill: render.Paper, Stroke: render.Ink, Width: 2, Class: "piece white"},
	}
)

// boardGrid is the board's geometry in the picture, which the picks' steps (pick.go) point
// into too.
func boardGrid() render.Grid {
	return render.Grid{Cols: Size, Rows: Size, Cell: cellPixels, Margin: marginPixels}
}

// Draw pictures board b; path is the squares the last move visited, its start first
// (nil when there is none to mark).
func Draw(b *Board, path []Square) render.Scene {
	g := boardGrid()
	var s render.Scene
	s.Width, s.Height = g.Size()
	w, h := g.Size()
	s.Background = append(s.Background, render.Rect(0, 0, w, h, render.Style{Fill: render.Paper, Class: "paper"}))
	x, y := g.Corner(0, 0)
	s.Background = append(s.Background, render.Rect(x, y, Size*cellPixels, Size*cellPixels, boardStyle))
	for c := range campStyle {
		for _, sq := range campSquares[c] {
			s.Background = append(s.Background, g.CellRect(sq.X(), sq.Y(), 0, campStyle[c]))
		}
	}
	s.Background = append(s.Background, g.Lines(gridStyle)...)
	s.Background = append(s.Background, g.Labels(strconv.Itoa, strconv.Itoa, 11, render.LabelStyle)...)
	for y := range Size {
		for x := range Size {
			if c, ok := b.At(Sq(x, y)); ok {
				cx, cy := g.Centre(x, y)
				s.Pieces = append(s.Pieces, render.Circle(cx, cy, cellPixels*3/8, pieceStyles[c]))
			}
		}
	}
	s.Marks = markPath(g, path)
	return s
}

// markPath marks the start and end squares of a move and the line through its landings.
func markPath(g render.Grid, path []Square) []render.Shape {
	if len(path) < 2 {
		return nil
	}
	from, to := path[0], path[len(path)-1]
	marks := []render.Shape{g.CellRect(from.X(), from.Y(), 2, render.LastFrom), g.CellRect(to.X(), to.Y(), 2, render.LastTo)}
	for i := 1; i < len(path); i++ {
		x1, y1 := g.Centre(path[i-1].X(), path[i-1].Y())
		x2, y2 := g.Centre(path[i].X(), path[i].Y())
		marks = append(marks, render.Line(x1, y1, x2, y2, render.LastPath))
	}
	return marks
}
