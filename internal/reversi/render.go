package reversi

// The picture of a position (render.Scene): the 8×8 board with files a-h and ranks 1-8
// on the edges (rank 1 at the top, as input.txt lists the rows), the discs, and the last
// move: its square outlined and the discs it turned dotted.

import (
	"math/bits"

	"gameagents/internal/render"
)

const (
	cellPixels   = 48
	marginPixels = 24
	// NoSquare is Draw's last square when there is no move to mark (none yet, or a PASS).
	NoSquare = -1
)

var (
	feltStyle  = render.Style{Fill: render.RGB(0x2e7d4f), Class: "board"}
	gridStyle  = render.Style{Stroke: render.RGB(0x1b4d30), Width: 2, Class: "grid"}
	discStyles = [2]render.Style{
		{Fill: render.Ink, Stroke: render.Ink, Width: 1, Class: "piece black"},
		{Fill: render.Paper, Stroke: render.Ink, Width: 1, Class: "piece white"},
	}
	flippedStyle = render.Style{Fill: render.RGB(0xe2571e), Class: "last-flipped"}
)

// boardGrid is the board's geometry in the picture.
func boardGrid() render.Grid {
	return render.Grid{Cols: 8, Rows: 8, Cell: cellPixels, Margin: marginPixels}
}

// Draw pictures position p; last is the square of the move that led to it (NoSquare for
// none) and flipped the discs that move turned.
func Draw(p Position, last int, flipped uint64) render.Scene {
	g := boardGrid()
	var s render.Scene
	s.Width, s.Height = g.Size()
	x, y := g.Corner(0, 0)
	s.Background = []render.Shape{
		render.Rect(0, 0, s.Width, s.Height, render.Style{Fill: render.Paper, Class: "paper"}),
		render.Rect(x, y, 8*cellPixels, 8*cellPixels, feltStyle),
	}
	s.Background = append(s.Background, g.Lines(gridStyle)...)
	file := func(c int) string { return string(rune('a' + c)) }
	rank := func(r int) string { return string(rune('1' + r)) }
	s.Background = append(s.Background, g.Labels(file, rank, 13, render.LabelStyle)...)
	black, white := p.Discs()
	for c, set := range [2]uint64{black, white} {
		for ; set != 0; set &= set - 1 {
			sq := bits.TrailingZeros64(set)
			cx, cy := g.Centre(sq%8, sq/8)
			s.Pieces = append(s.Pieces, render.Circle(cx, cy, cellPixels*2/5, discStyles[c]))
		}
	}
	if last >= 0 && last < 64 {
		s.Marks = append(s.Marks, g.CellRect(last%8, last/8, 2, render.Style{Stroke: render.LastTo.Stroke, Width: 3, Class: "last-to"}))
	}
	for ; flipped != 0; flipped &= flipped - 1 {
		sq := bits.TrailingZeros64(flipped)
		cx, cy := g.Centre(sq%8, sq/8)
		s.Marks = append(s.Marks, render.Circle(cx, cy, 4, flippedStyle))
	}
	return s
}
