package streky

// The picture of a position (render.Scene): the board with row and column numbers on the
// edges, each covered cell in its colour (0 colourless grey, 1-4 four colours) with its
// value written in it, so that the picture reads without telling colours apart, and the
// card just placed outlined.

import (
	"strconv"

	"gameagents/internal/render"
)

const (
	cellPixels   = 20
	marginPixels = 22
)

var (
	emptyStyle = render.Style{Fill: render.RGB(0xf7f4ec), Class: "board"}
	gridStyle  = render.Style{Stroke: render.RGB(0xd6d0c0), Width: 1, Class: "grid"}
	// valueColours are the colours of the values 0 (colourless) to MaxColour.
	valueColours = [MaxColour + 1]render.Color{render.RGB(0x9e9e9e), render.RGB(0xd64541), render.RGB(0x2e9d5b), render.RGB(0x2f6fd0), render.RGB(0xe8b923)}
	valueText    = render.Style{Fill: render.RGB(0xffffff).WithAlpha(200), Class: "value"}
	cardStyle    = render.Style{Stroke: render.LastTo.Stroke, Width: 3, Class: "last-card"}
)

// boardGrid is b's geometry in the picture, shared by Draw and the picks' clicks
// (pick.go), so that a click lands on the cell drawn.
func boardGrid(b *Board) render.Grid {
	return render.Grid{Cols: b.Cols(), Rows: b.Rows(), Cell: cellPixels, Margin: marginPixels}
}

// Draw pictures position p; last is the move that led to it (a pass, or the zero Move
// with an empty card, marks nothing).
func Draw(p *Position, last Move) render.Scene {
	b := &p.Board
	g := boardGrid(b)
	var s render.Scene
	s.Width, s.Height = g.Size()
	x, y := g.Corner(0, 0)
	s.Background = []render.Shape{
		render.Rect(0, 0, s.Width, s.Height, render.Style{Fill: render.Paper, Class: "paper"}),
		render.Rect(x, y, b.Cols()*cellPixels, b.Rows()*cellPixels, emptyStyle),
	}
	s.Background = append(s.Background, g.Lines(gridStyle)...)
	s.Background = append(s.Background, g.Labels(strconv.Itoa, strconv.Itoa, 9, render.LabelStyle)...)
	for r := range b.Rows() {
		for c := range b.Cols() {
			v := b.At(r, c)
			if v > MaxColour {
				continue // Empty
			}
			s.Pieces = append(s.Pieces, g.CellRect(c, r, 0, render.Style{Fill: valueColours[v], Class: "cell v" + strconv.Itoa(int(v))}))
			cx, cy := g.Centre(c, r)
			s.Pieces = append(s.Pieces, render.Text(cx, cy, 10, strconv.Itoa(int(v)), valueText))
		}
	}
	if !last.Pass && last.Card.Rows > 0 {
		cx, cy := g.Corner(last.Col, last.Row)
		s.Marks = []render.Shape{render.Rect(cx, cy, int(last.Card.Cols)*cellPixels, int(last.Card.Rows)*cellPixels, cardStyle)}
	}
	return s
}
