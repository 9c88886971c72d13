package replay

import (
	"encoding/json"
	"time"

	"gameagents/internal/referee"
	"gameagents/internal/render"
)

// Data is what a page embeds: the games of a match in game order. Its JSON keys are short
// because a page holds one entry per ply.
type Data struct {
	Games []*Game `json:"games"`
}

// Game is one game of the page: who played, the result, the board's background drawn once
// as SVG, the table of every piece and mark shape the game drew, and its plies.
type Game struct {
	Number     int       `json:"number"`
	Title      string    `json:"title"`  // "halma, game 1 of 2"
	Agents     [2]string `json:"agents"` // "engine (BLACK)", A then B
	Time       string    `json:"time"`   // the record's time line, without "time: "
	Single     bool      `json:"single"` // SINGLE mode: the clocks are CPU used, not time left
	Result     string    `json:"result"` // the record's result line
	Kind       string    `json:"kind"`
	Points     *[2]int   `json:"points,omitempty"` // final, for games that score points
	Width      int       `json:"w"`
	Height     int       `json:"h"`
	Background string    `json:"bg"`     // an SVG document whose "pieces" and "marks" groups are empty
	Styles     []Style   `json:"styles"` // referred to by Shape's style index
	Shapes     []Shape   `json:"shapes"` // referred to by the plies' indices
	Plies      []Ply     `json:"plies"`  // Plies[0] is the start; Plies[k] the position after ply k
}

// Ply is one step of the page: the ply's record line and times, and its piece layer as an
// edit of the previous step's: keep its first Keep and last Tail shapes, and put New
// between them. Marks are the marks layer, whole.
type Ply struct {
	N      int     `json:"n"`
	Text   string  `json:"t"`           // the record's line of the ply; "" for the start
	Agent  int     `json:"a"`           // the agent that moved (0 A, 1 B), or -1 for the start
	Move   string  `json:"m,omitempty"` // the move played; "" when the ply played none
	CPU    int64   `json:"cpu"`         // the move's CPU time, ms
	Clocks [2]int  `json:"c"`           // ms: each agent's time left (GAME) or CPU used (SINGLE)
	Points *[2]int `json:"p,omitempty"` // each agent's points after the ply, for games that score them
	Keep   int     `json:"k"`
	Tail   int     `json:"s"`
	New    []int   `json:"d"`
	Marks  []int   `json:"x"`
}

// Style is a render.Style as the page's script paints it: colours as "#rrggbb" with an
// opacity 0-255 (the SVG writer's rule: alpha 0 is "none").
type Style struct {
	Fill        string `json:"f"`
	FillAlpha   uint8  `json:"fa"`
	Stroke      string `json:"s,omitempty"`
	StrokeAlpha uint8  `json:"sa,omitempty"`
	Width       int    `json:"w,omitempty"`
	Class       string `json:"c,omitempty"`
}

// Shape is a render.Shape as one JSON array: its kind, its style's index, then its
// numbers in the order the SVG writer uses them, and a text shape's text last:
//
//	rect [1,s,x,y,w,h]  circle [2,s,x,y,r]  polygon [3,s,x1,y1,x2,y2,...]
//	line [4,s,x1,y1,x2,y2]  text [5,s,x,y,size,"text"]
type Shape []any

// encoder turns a game's scenes into table indices and plies into edits: it holds the
// game's shape and style tables, and the piece layer of the previous step.
type encoder struct {
	game   *Game
	styles map[render.Style]int
	shapes map[string]int
	prev   []int
}

func newEncoder(g *Game) *encoder {
	return &encoder{game: g, styles: map[render.Style]int{}, shapes: map[string]int{}}
}

// step appends the step p showing scene s (nil when the game draws no pictures).
func (e *encoder) step(p Ply, s *render.Scene) {
	if s != nil {
		if len(e.game.Plies) == 0 {
			e.background(s)
		}
		cur := e.indices(s.Pieces)
		p.Keep, p.Tail, p.New = edit(e.prev, cur)
		p.Marks = e.indices(s.Marks)
		e.prev = cur
	}
	if p.New == nil {
		p.New = []int{} // the script reads an array
	}
	e.game.Plies = append(e.game.Plies, p)
}

// background keeps the scene's size and its background, drawn once as SVG: the layer a
// game never changes.
func (e *encoder) background(s *render.Scene) {
	e.game.Width, e.game.Height = s.Width, s.Height
	e.game.Background = string(render.SVG(&render.Scene{Width: s.Width, Height: s.Height, Background: s.Background}))
}

// indices returns the table index of each shape, adding the shapes not seen before.
func (e *encoder) indices(shapes []render.Shape) []int {
	out := make([]int, len(shapes))
	for i := range shapes {
		sh := e.shape(&shapes[i])
		key, _ := json.Marshal(sh) // numbers and strings only: it cannot fail
		n, ok := e.shapes[string(key)]
		if !ok {
			n = len(e.game.Shapes)
			e.shapes[string(key)] = n
			e.game.Shapes = append(e.game.Shapes, sh)
		}
		out[i] = n
	}
	return out
}

// shape encodes sh with its style's index.
func (e *encoder) shape(sh *render.Shape) Shape {
	st, ok := e.styles[sh.Style]
	if !ok {
		st = len(e.game.Styles)
		e.styles[sh.Style] = st
		e.game.Styles = append(e.game.Styles, Style{
			Fill: sh.Fill.Hex(), FillAlpha: sh.Fill.A, Stroke: sh.Stroke.Hex(), StrokeAlpha: sh.Stroke.A,
			Width: sh.Width, Class: sh.Class,
		})
	}
	switch sh.Kind {
	case render.KindRect:
		return Shape{sh.Kind, st, sh.X, sh.Y, sh.W, sh.H}
	case render.KindCircle:
		return Shape{sh.Kind, st, sh.X, sh.Y, sh.R}
	case render.KindPolygon:
		out := Shape{sh.Kind, st}
		for _, p := range sh.Points {
			out = append(out, p.X, p.Y)
		}
		return out
	case render.KindLine:
		return Shape{sh.Kind, st, sh.X, sh.Y, sh.X2, sh.Y2}
	case render.KindText:
		return Shape{sh.Kind, st, sh.X, sh.Y, sh.Size, sh.Text}
	}
	return Shape{0, st} // not a shape: the script draws nothing, as the SVG writer does
}

// edit returns cur as an edit of prev: the length of their common prefix, of their common
// suffix after it, and what cur holds between. A move changes a few neighbouring shapes of
// a layer listed in board order, so the middle is short; the order of the layer, which is
// its drawing order, is kept exactly.
func edit(prev, cur []int) (keep, tail int, mid []int) {
	for keep < len(prev) && keep < len(cur) && prev[keep] == cur[keep] {
		keep++
	}
	for tail < len(prev)-keep && tail < len(cur)-keep && prev[len(prev)-1-tail] == cur[len(cur)-1-tail] {
		tail++
	}
	return keep, tail, cur[keep : len(cur)-tail]
}

// plyOf is the page's step for a ply the referee reports.
func plyOf(g *referee.GameInfo, p *referee.Ply) Ply {
	clocks := p.Left
	if g.Config.Mode == singleMode {
		clocks = p.Used
	}
	out := Ply{N: p.Number, Text: referee.PlyLine(g, p), Agent: p.Agent, Move: p.Move, CPU: p.CPU.Milliseconds(),
		Clocks: [2]int{millis(clocks[0]), millis(clocks[1])}}
	if p.Scored {
		pts := p.Points
		out.Points = &pts
	}
	return out
}

func millis(d time.Duration) int { return int(d.Milliseconds()) }
