// Package render draws game positions for people: a small, generic drawing model (a Scene
// of simple shapes in three layers) that each game fills from its own position, written as
// SVG text or rasterised to PNG.
//
// The model. A Scene has a size in pixels and three layers drawn in order: Background
// (the board, camps, coordinates on the edges: what does not change during a game),
// Pieces (what stands on the board) and Marks (the last move: from/to highlights, the card
// just placed, the new wall). Each layer is a list of Shapes: rect, circle, polygon, line and
// text, each with a fill, a stroke and a class. Coordinates and sizes are integers, so a
// Scene is compact as JSON and draws the same in any renderer; a game's Scene is a function
// of its position and last move alone (internal/<game>/render.go), and imports nothing but
// this package.
//
// Techniques. SVG is written in one pass in a fixed order with fixed number formats, so
// the same Scene always gives the same bytes (golden-testable). Pixels and PNG are the
// subpackage raster's (golang.org/x/image), so that the game packages, which build scenes
// beside their rules, do not link a rasteriser into the agents' binaries.
package render

import "fmt"

// Kind is a shape's kind.
type Kind uint8

const (
	KindRect Kind = iota + 1
	KindCircle
	KindPolygon
	KindLine
	KindText
)

// Color is an RGB colour with an opacity; the zero Color is none (no fill, no stroke).
type Color struct{ R, G, B, A uint8 }

// RGB returns the opaque colour 0xRRGGBB.
func RGB(hex uint32) Color { return Color{uint8(hex >> 16), uint8(hex >> 8), uint8(hex), 255} }

// WithAlpha returns c with opacity a (0 transparent, 255 opaque).
func (c Color) WithAlpha(a uint8) Color {
	c.A = a
	return c
}

// None reports whether c draws nothing.
func (c Color) None() bool { return c.A == 0 }

// Hex returns c as SVG writes it: "#rrggbb", or "none".
func (c Color) Hex() string {
	if c.None() {
		return "none"
	}
	return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B)
}

// Style is how a shape is painted: its fill, its stroke of Width pixels, and a class that
// names what it shows (e.g. "cell", "piece black", "last-from"), for style sheets and
// scripts.
type Style struct {
	Fill, Stroke Color
	Width        int
	Class        string
}

// Point is a vertex of a polygon.
type Point struct{ X, Y int }

// Shape is one thing drawn. Which fields count depends on Kind:
//
//	rect:    X, Y (top-left corner), W, H
//	circle:  X, Y (centre), R
//	polygon: Points
//	line:    X, Y to X2, Y2 (Stroke and Width; no fill)
//	text:    Text centred on X, Y, Size pixels high (Fill is its colour)
type Shape struct {
	Kind   Kind
	X, Y   int
	W, H   int
	R      int
	X2, Y2 int
	Points []Point
	Text   string
	Size   int
	Style
}

// Rect is the rectangle with top-left corner x,y and size w×h.
func Rect(x, y, w, h int, s Style) Shape {
	return Shape{Kind: KindRect, X: x, Y: y, W: w, H: h, Style: s}
}

// Circle is the circle of radius r centred on x,y.
func Circle(x, y, r int, s Style) Shape { return Shape{Kind: KindCircle, X: x, Y: y, R: r, Style: s} }

// Polygon is the closed polygon through pts.
func Polygon(pts []Point, s Style) Shape { return Shape{Kind: KindPolygon, Points: pts, Style: s} }

// Line is the segment from x1,y1 to x2,y2, drawn with s's stroke.
func Line(x1, y1, x2, y2 int, s Style) Shape {
	return Shape{Kind: KindLine, X: x1, Y: y1, X2: x2, Y2: y2, Style: s}
}

// Text is s centred on x,y, size pixels high, in s's fill colour.
func Text(x, y, size int, text string, s Style) Shape {
	return Shape{Kind: KindText, X: x, Y: y, Size: size, Text: text, Style: s}
}

// Scene is a picture: its size in pixels and its layers, drawn in the order Background,
// Pieces, Marks.
type Scene struct {
	Width, Height int
	Background    []Shape
	Pieces        []Shape
	Marks         []Shape
}

// Layers returns the layers in drawing order with their names (the SVG groups' classes).
func (s *Scene) Layers() [3]Layer {
	return [3]Layer{{"background", s.Background}, {"pieces", s.Pieces}, {"marks", s.Marks}}
}

// Layer is a named list of shapes.
type Layer struct {
	Name   string
	Shapes []Shape
}

// Drawer is a position that can draw itself: the referee's match of every game is one, so
// that a command holding a match of any game can picture it.
type Drawer interface {
	Scene() Scene
}

// Pick is one legal move as a person enters it on the picture (the web board): its Steps
// in order, then Output, the output.txt that plays it, judged with Match.Play like any
// agent's answer. The picks of a position are its legal moves, each once.
type Pick struct {
	Output string
	Steps  []Step
}

// Step is one click of a Pick: a point of the Scene (On: X, Y in the scene's pixels, the
// centre of a cell, a groove, a landing) or, when On is false, a choice shown beside the
// board (a piece in hand, a card, a rotation). Label names the step for people either way
// ("d3", "ant from hand", "rotated 90°: 5 points"). Two picks that differ share no step
// at the first place they differ: each click narrows the choice. A pick whose steps are a
// prefix of another's (Halma's hops that may stop or go on) is played when the person
// says so.
type Step struct {
	On    bool
	X, Y  int
	Label string
}

// Picker is a position whose legal moves a person can enter by pointing at its picture:
// the referee's match of every game is one.
type Picker interface {
	Picks() []Pick
}
