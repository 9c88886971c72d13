package hive

// The base game in matches: `-setup rules=base` makes the referee play it (BaseRules, a
// rules.Game), its agents our hive binary through the file protocol or UHP engines ("uhp:"
// agents, rules.UHPMatch). Its input.txt is the header, "HIVE BASE" and the UHP game string;
// its output.txt one line, a UHP move string ("wQ wS1/", "pass"):
//
//	SINGLE
//	WHITE                                     WHITE or BLACK: the side to move
//	1.0
//	HIVE BASE
//	Base;InProgress;White[2];wS1;bG1 -wS1

import (
	"fmt"
	"sort"
	"strings"

	"gameagents/internal/agent"
	"gameagents/internal/gamefile"
	"gameagents/internal/render"
	"gameagents/internal/rules"
)

// BaseRules is the base game as the referee plays it.
type BaseRules struct{}

var (
	_ rules.Game     = BaseRules{}
	_ rules.UHPMatch = (*baseMatch)(nil)
	_ render.Drawer  = (*baseMatch)(nil)
)

// Name is the game's name: it is Hive, with other rules.
func (BaseRules) Name() string { return "hive" }

// New starts a base game; White moves first whatever first says.
func (BaseRules) New(int) rules.Match { return &baseMatch{g: NewBaseGame()} }

// Load reads a base game's input.txt.
func (BaseRules) Load(input []gamefile.Line) (rules.Match, error) {
	in, err := parseBaseInput("input.txt", input)
	if err != nil {
		return nil, err
	}
	return &baseMatch{g: in.game}, nil
}

// baseMarker is the second word of a base game's line 4.
const baseMarker = "BASE"

// baseInput is a parsed base game's input.txt.
type baseInput struct {
	header gamefile.Header
	game   *BaseGame
}

// isBaseInput reports whether lines are a base game's input.txt, by line 4's second word.
func isBaseInput(lines []gamefile.Line) bool {
	if len(lines) < 4 {
		return false
	}
	w := strings.Fields(lines[3].Text)
	return len(w) == 2 && w[0] == "HIVE" && w[1] == baseMarker
}

func parseBaseInput(file string, lines []gamefile.Line) (*baseInput, error) {
	h, body, err := gamefile.ParseHeader(file, lines)
	if err != nil {
		return nil, err
	}
	side, err := h.SideIndex(file, [2]string{"WHITE", "BLACK"})
	if err != nil {
		return nil, err
	}
	if len(body) != 2 || strings.Join(strings.Fields(body[0].Text), " ") != "HIVE "+baseMarker {
		return nil, gamefile.Errorf(file, 4, "want two lines after the header: HIVE BASE, and a UHP game string")
	}
	g, err := ParseGameString(body[1].Text)
	if err != nil {
		return nil, gamefile.Errorf(file, 5, "%v", err)
	}
	if int(g.ToMove()) != side {
		return nil, gamefile.Errorf(file, 2, "%s, but the game has %v to move", h.Side.Text, g.ToMove())
	}
	return &baseInput{header: h, game: g}, nil
}

// baseMatch is a base game in progress for the referee.
type baseMatch struct {
	g *BaseGame
}

func (m *baseMatch) ToMove() int { return int(m.g.ToMove()) }

func (m *baseMatch) SideName(side int) string { return strings.ToUpper(Colour(side & 1).String()) }

// Input writes the side to move's input.txt.
func (m *baseMatch) Input(mode gamefile.Mode, seconds string) []byte {
	return gamefile.JoinLines([]string{mode.String(), m.SideName(m.ToMove()), seconds, "HIVE " + baseMarker, m.g.GameString()})
}

func (m *baseMatch) HasMove() bool { return len(m.g.Moves()) > 0 }

func (m *baseMatch) NoMove() string { return "pass" }

// Play judges output: one line, a UHP move string of the side to move.
func (m *baseMatch) Play(output []byte, strict bool) (string, []string, error) {
	line, warnings, err := rules.SplitOneLine(output, strict, "a UHP move such as wQ wS1/, or pass")
	if err != nil {
		return "", warnings, err
	}
	mv, err := m.g.ParseMove(line)
	if err != nil {
		return "", warnings, fmt.Errorf("illegal move: %v", err)
	}
	text := m.g.MoveString(mv) // as the notation writes it, whatever reference was given
	m.g.Play(mv)
	return text, warnings, nil
}

func (m *baseMatch) Over() (bool, int, string) {
	over, winner := m.g.Over()
	switch {
	case !over:
		return false, -1, ""
	case winner >= 0:
		return true, winner, fmt.Sprintf("%s's queen is surrounded", strings.ToUpper(Colour(1-winner).String()))
	case m.g.queenSurrounded(White):
		return true, -1, "both queens are surrounded: a draw"
	}
	return true, -1, "the same position a third time: a draw"
}

// sortedCells returns the keys of a map of cells row by row: a picture or a text drawn from
// a map must not follow its random order.
func sortedCells[V any](m map[Cell]V) []Cell {
	cells := make([]Cell, 0, len(m))
	for c := range m {
		cells = append(cells, c)
	}
	sort.Slice(cells, func(i, j int) bool {
		return cells[i].Q < cells[j].Q || cells[i].Q == cells[j].Q && cells[i].P < cells[j].P
	})
	return cells
}

// Render lists the stacks row by row, with the game string.
func (m *baseMatch) Render() []string {
	var parts []string
	stacks := m.g.stackMap()
	for _, c := range sortedCells(stacks) {
		var names []string
		for _, p := range stacks[c] {
			names = append(names, p.String())
		}
		parts = append(parts, c.String()+" "+strings.Join(names, "+"))
	}
	return []string{"stacks: " + strings.Join(parts, ", "), m.g.GameString()}
}

// UHPRules implements rules.UHPReader: game strings are the base game's.
func (Game) UHPRules() rules.Game { return BaseRules{} }

// ReadUHP implements rules.UHPReader.
func (Game) ReadUHP(text string, plies int) (rules.Match, int, error) {
	g, err := ParseGameString(text)
	if err != nil {
		return nil, 0, err
	}
	n := g.Plies()
	if plies > n {
		return nil, 0, fmt.Errorf("ply %d: the game has %d moves", plies, n)
	}
	for plies >= 0 && g.Plies() > plies {
		g.Undo()
	}
	return &baseMatch{g: g}, n, nil
}

// UHPGameString implements rules.UHPMatch.
func (m *baseMatch) UHPGameString() string { return m.g.GameString() }

// FromUHP implements rules.UHPMatch: a UHP engine's move is output.txt's line.
func (m *baseMatch) FromUHP(move string) []byte { return []byte(move + "\n") }

// basePosition is a base game's input for the agent.
type basePosition struct{ in *baseInput }

func (p *basePosition) Header() gamefile.Header { return p.in.header }

// MovesLeft: a base game has no move limit, nor a length its position predicts: a side is
// assumed to have 20 moves left.
func (p *basePosition) MovesLeft() int { return 20 }

// Play implements agent.Position: the base game's search, or a reference player.
func (p *basePosition) Play(s *agent.Session) []string {
	g := p.in.game
	moves := g.Moves()
	if len(moves) == 0 {
		fmt.Fprintf(s.Log, "hive: the base game is over (%s); passing\n", g.State())
		s.Emit([]string{"pass"})
		return nil
	}
	s.Emit([]string{g.MoveString(moves[0])})
	m := &uhpMatch{g: g}
	s.Emit([]string{m.BestMove(s)})
	a := s.Analysis()
	fmt.Fprintf(s.Log, "hive: %v plays the base game: depth %d, score %+.2f, %d nodes\n", g.ToMove(), a.Depth, a.Score, a.Nodes)
	return nil
}

// baseWindow is the part of the base game's unbounded board its picture shows: the cells
// drawn (0,0, every occupied cell and its six neighbours), and the shift that puts the
// leftmost and topmost of them on the picture's first column and row. It holds every cell
// a legal move can reach, so that a person can click it (Picks): the first piece goes on
// 0,0; a placement touches a piece; a sliding step keeps an occupied flank, which
// neighbours the cell stepped into; a grasshopper lands next to the last piece it jumps;
// a beetle climbs onto an occupied cell or steps down beside the stack it leaves.
type baseWindow struct {
	cells         map[Cell]bool
	dp, dq        int // the shift: cell p,q is drawn where hexCentre puts p+dp,q+dq
	width, height int
}

func newBaseWindow(g *BaseGame) baseWindow {
	w := baseWindow{cells: map[Cell]bool{{0, 0}: true}}
	for _, c := range g.occupiedCells(nil) {
		w.cells[c] = true
		for _, d := range baseRing {
			w.cells[add(c, d)] = true
		}
	}
	// A shift of (dp, dq) moves a cell by 2dp+dq half-widths and dq rows.
	minQ, minX, maxQ, maxX := 1<<30, 1<<30, -1<<30, -1<<30
	for c := range w.cells {
		minQ, maxQ = min(minQ, c.Q), max(maxQ, c.Q)
		minX, maxX = min(minX, 2*c.P+c.Q), max(maxX, 2*c.P+c.Q)
	}
	w.dq = -minQ
	w.dp = (-minX - w.dq) / 2
	if 2*w.dp+w.dq < -minX {
		w.dp++ // rounded up: the leftmost cell's half-width column is 0 or 1
	}
	w.width = 2*hexMargin + hexHalfWidth*(maxX+2*w.dp+w.dq+2)
	w.height = 2*hexMargin + 2*hexRadius + rowPitch*(maxQ+w.dq)
	return w
}

// shift returns the cell whose hexCentre is where the picture draws c.
func (w baseWindow) shift(c Cell) Cell { return Cell{c.P + w.dp, c.Q + w.dq} }

// Scene pictures the base game as the course's board is drawn (render.go), cut to the hive
// and the cells around it (baseWindow), the axial coordinates written in each cell; the
// last move marked.
func (m *baseMatch) Scene() render.Scene {
	g := m.g
	w := newBaseWindow(g)
	shift := w.shift
	var s render.Scene
	s.Width, s.Height = w.width, w.height
	s.Background = append(s.Background, render.Rect(0, 0, s.Width, s.Height, render.Style{Fill: render.Paper, Class: "paper"}))
	for _, c := range sortedCells(w.cells) {
		x, y := hexCentre(shift(c))
		s.Background = append(s.Background, render.Polygon(hexagon(x, y, 0), cellStyle), render.Text(x, y+hexRadius*2/3, 10, c.String(), coordStyle))
	}
	stacks := g.stackMap()
	for _, c := range sortedCells(stacks) {
		st := stacks[c]
		letters := make([]byte, len(st))
		for i, p := range st {
			letters[i] = Side(p.Colour).Letter(p.Kind) // White drawn as the course's lower case (light)
		}
		s.Pieces = append(s.Pieces, stackShapes(shift(c), letters)...)
	}
	if n := len(g.moves); n > 0 && g.moves[n-1].Kind != Pass {
		last := g.moves[n-1]
		tx, ty := hexCentre(shift(last.To))
		s.Marks = append(s.Marks, render.Polygon(hexagon(tx, ty, 3), render.Style{Stroke: render.LastTo.Stroke, Width: render.LastTo.Width, Class: render.LastTo.Class}))
		if last.Kind == Step {
			fx, fy := hexCentre(shift(last.From))
			s.Marks = append(s.Marks, render.Polygon(hexagon(fx, fy, 3), render.LastFrom), render.Line(fx, fy, tx, ty, render.LastPath))
		}
	}
	return s
}
