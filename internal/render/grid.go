package render

// Grid is a board of square cells, Cols×Rows of Cell pixels each, with a margin of Margin
// pixels on every side for the coordinates: the layout the square-board games share.
type Grid struct {
	Cols, Rows, Cell, Margin int
}

// Size returns the width and height of a scene holding the grid and its margins.
func (g Grid) Size() (w, h int) { return g.Cols*g.Cell + 2*g.Margin, g.Rows*g.Cell + 2*g.Margin }

// Corner returns the top-left pixel of cell col,row.
func (g Grid) Corner(col, row int) (x, y int) { return g.Margin + col*g.Cell, g.Margin + row*g.Cell }

// Centre returns the centre pixel of cell col,row.
func (g Grid) Centre(col, row int) (x, y int) {
	x, y = g.Corner(col, row)
	return x + g.Cell/2, y + g.Cell/2
}

// CellRect is the rectangle of cell col,row, inset by inset pixels on each side.
func (g Grid) CellRect(col, row, inset int, s Style) Shape {
	x, y := g.Corner(col, row)
	return Rect(x+inset, y+inset, g.Cell-2*inset, g.Cell-2*inset, s)
}

// Lines is the grid's cell borders: Cols+1 vertical and Rows+1 horizontal lines.
func (g Grid) Lines(s Style) []Shape {
	shapes := make([]Shape, 0, g.Cols+g.Rows+2)
	x0, y0 := g.Corner(0, 0)
	x1, y1 := g.Corner(g.Cols, g.Rows)
	for c := 0; c <= g.Cols; c++ {
		x, _ := g.Corner(c, 0)
		shapes = append(shapes, Line(x, y0, x, y1, s))
	}
	for r := 0; r <= g.Rows; r++ {
		_, y := g.Corner(0, r)
		shapes = append(shapes, Line(x0, y, x1, y, s))
	}
	return shapes
}

// Labels writes the coordinates on all four edges, in the margins: col(c) above and below
// column c, row(r) left and right of row r, size pixels high.
func (g Grid) Labels(col, row func(int) string, size int, s Style) []Shape {
	shapes := make([]Shape, 0, 2*(g.Cols+g.Rows))
	_, top := g.Corner(0, 0)
	left, bottom := g.Corner(g.Cols, g.Rows)
	for c := range g.Cols {
		x, _ := g.Centre(c, 0)
		shapes = append(shapes, Text(x, top-g.Margin/2, size, col(c), s), Text(x, bottom+g.Margin/2, size, col(c), s))
	}
	for r := range g.Rows {
		_, y := g.Centre(0, r)
		shapes = append(shapes, Text(g.Margin/2, y, size, row(r), s), Text(left+g.Margin/2, y, size, row(r), s))
	}
	return shapes
}

// Colours and styles the games share, so that their pictures read alike.
var (
	Ink   = RGB(0x222222) // text, lines, dark pieces
	Paper = RGB(0xffffff)
	// LabelStyle is the coordinates' text.
	LabelStyle = Style{Fill: RGB(0x444444), Class: "label"}
	// LastFrom marks where the last move started; LastTo where it ended (or what it placed).
	LastFrom = Style{Fill: RGB(0x2f80ed).WithAlpha(90), Stroke: RGB(0x2f80ed), Width: 2, Class: "last-from"}
	LastTo   = Style{Fill: RGB(0xf2994a).WithAlpha(110), Stroke: RGB(0xe2571e), Width: 3, Class: "last-to"}
	// LastPath is the line along the last move's hops.
	LastPath = Style{Stroke: RGB(0xe2571e).WithAlpha(170), Width: 3, Class: "last-path"}
)
