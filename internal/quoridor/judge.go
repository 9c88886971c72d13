package quoridor

// The contract's view of the Quoridor variant (rules.Game, rules.Match and
// rules.Configurable), built on the rules of this package: ParseMove reads an output line,
// Check decides whether it is legal, Apply plays it. Sides are the order of play, as line 2
// of input.txt names them: 0 is FIRST, which moves first in every game, 1 is SECOND; the
// referee rotates which agent plays which side. In a new game FIRST starts on row 0 and aims
// at the last row, SECOND the other way round, each in the middle column (the left one of
// the two middle columns for FIRST, the right one for SECOND on an even width, so that the
// start is symmetric under a half turn).
//
// The game ends when a player stands on its goal row (it wins), when neither player can step
// or place a wall (both lose: a draw for the referee), or after the ply cap (400 plies
// unless the setup says otherwise: docs/quoridor.md), a draw.

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"gameagents/internal/gamefile"
	"gameagents/internal/render"
	"gameagents/internal/rules"
	"gameagents/internal/search"
)

const (
	// DefaultPlyCap is the referee's draw after this many plies (docs/quoridor.md).
	DefaultPlyCap = 400
	// defaultSize and defaultWalls are the usual game: 9×9, 10 walls each.
	defaultSize  = 9
	defaultWalls = 10
)

// Setup is the game a Game starts: the board, each player's walls, walls on the board from
// the start (placed by a seeded generator), and the ply cap.
type Setup struct {
	NX, NY  int
	Walls   int    // walls each player has at the start
	Initial int    // walls on the board at the start
	Seed    uint64 // the seed the initial walls are drawn from
	PlyCap  int    // the game is a draw after this many plies
	// RepeatDraw: the game is a draw as soon as a position recurs (setup repeat=draw), not
	// a rule of the course's game. An agent whose move depends on the position alone, as
	// ours do in SINGLE mode, then repeats the same moves for ever, so the game ends as
	// the ply cap would end it, only sooner: matches between such agents, SPRTs above all,
	// spend their time on games that can still be decided.
	RepeatDraw bool
}

// DefaultSetup is the usual game: 9×9, 10 walls each, none on the board, a draw after 400
// plies.
var DefaultSetup = Setup{NX: defaultSize, NY: defaultSize, Walls: defaultWalls, Seed: 1, PlyCap: DefaultPlyCap}

// setupSyntax is what Configure accepts, for its errors.
const setupSyntax = "size=NXxNY walls=N initial=N seed=S plies=N repeat=draw|play"

// ParseSetup reads a setup: space-separated key=value words, each key at most once:
// size=NXxNY (the board, nx from 1 and ny from 2 to MaxSize), walls=N (each player's, up to
// MaxWallsLeft), initial=N (walls on the board at the start), seed=S (an unsigned integer:
// which initial walls; 1 by default), plies=N (the ply cap, at least 1), repeat=draw (a draw
// when a position recurs; repeat=play, the default, plays on). Keys not given keep
// DefaultSetup's values; an empty setup is the usual game. Whether the initial walls fit is
// InitialWalls' business.
func ParseSetup(text string) (Setup, error) {
	s := DefaultSetup
	seen := map[string]bool{}
	for _, word := range strings.Fields(text) {
		key, value, ok := strings.Cut(word, "=")
		if !ok {
			return s, fmt.Errorf("%q: want key=value words: %s", gamefile.Clip(word), setupSyntax)
		}
		if seen[key] {
			return s, fmt.Errorf("%s given twice", key)
		}
		seen[key] = true
		switch key {
		case "size":
			xs, ys, ok := strings.Cut(value, "x")
			nx, okX := parseNumber(xs)
			ny, okY := parseNumber(ys)
			if !ok || !okX || !okY {
				return s, fmt.Errorf("size=%s: want NXxNY, e.g. 9x9", gamefile.Clip(value))
			}
			if err := checkSize(nx, ny); err != nil {
				return s, fmt.Errorf("size=%s: %v", value, err)
			}
			s.NX, s.NY = nx, ny
		case "walls", "initial", "plies":
			n, ok := parseNumber(value)
			if !ok {
				return s, fmt.Errorf("%s=%s: want a number", key, gamefile.Clip(value))
			}
			switch key {
			case "walls":
				if n > MaxWallsLeft {
					return s, fmt.Errorf("walls=%d: want at most %d", n, MaxWallsLeft)
				}
				s.Walls = n
			case "initial":
				s.Initial = n
			case "plies":
				if n < 1 {
					return s, errors.New("plies=0: want at least 1")
				}
				s.PlyCap = n
			}
		case "repeat":
			switch value {
			case "draw", "play":
				s.RepeatDraw = value == "draw"
			default:
				return s, fmt.Errorf("repeat=%s: want draw or play", gamefile.Clip(value))
			}
		case "seed":
			v, err := strconv.ParseUint(value, 10, 64)
			if err != nil || strings.HasPrefix(value, "+") {
				return s, fmt.Errorf("seed=%s: want an unsigned integer", gamefile.Clip(value))
			}
			s.Seed = v
		default:
			return s, fmt.Errorf("unknown key %q: want %s", gamefile.Clip(key), setupSyntax)
		}
	}
	return s, nil
}

// String writes the setup as ParseSetup reads it.
func (s Setup) String() string {
	text := fmt.Sprintf("size=%dx%d walls=%d", s.NX, s.NY, s.Walls)
	if s.Initial > 0 {
		text += fmt.Sprintf(" initial=%d seed=%d", s.Initial, s.Seed)
	}
	if s.PlyCap != DefaultPlyCap {
		text += fmt.Sprintf(" plies=%d", s.PlyCap)
	}
	if s.RepeatDraw {
		text += " repeat=draw"
	}
	return text
}

// Start returns the setup's starting players: FIRST on row 0 aiming at the last row,
// SECOND on the last row aiming at row 0, symmetric under a half turn of the board.
func (s Setup) Start() [2]Player {
	x := (s.NX - 1) / 2
	return [2]Player{
		{X: x, Y: 0, Goal: s.NY - 1, WallsLeft: s.Walls},
		{X: s.NX - 1 - x, Y: s.NY - 1, Goal: 0, WallsLeft: s.Walls},
	}
}

// InitialWalls draws the setup's initial walls, the same for the same setup on any machine:
// from the start position, a wall chosen among those the placement rules allow (inside the
// board, no overlap, each player keeps a path), then its image under a half turn of the
// board if that is allowed too, so that both players face the same obstacles; again until
// Initial walls stand. With an odd Initial, or when an image is not allowed, a wall stands
// without its image. The generator is splitmix64, written out, so that no library change
// can move the walls. It fails when the board runs out of places first.
func (s Setup) InitialWalls() ([]StepPair, error) {
	if s.Initial == 0 {
		return nil, nil
	}
	p, err := NewPosition(s.NX, s.NY, s.Start(), 0, nil)
	if err != nil {
		return nil, err
	}
	state := s.Seed
	next := func(n int) int {
		state += 0x9E3779B97F4A7C15
		return int(search.Mix(state) % uint64(n))
	}
	var walls []StepPair
	var buf []Move
	place := func(w Move) {
		for _, st := range w.Steps() {
			p.blockStep(st)
		}
		walls = append(walls, w.Steps())
	}
	for len(walls) < s.Initial {
		buf = p.appendPlaceableWalls(buf[:0], false)
		if len(buf) == 0 {
			return nil, fmt.Errorf("initial=%d: only %d walls fit on the %d×%d board", s.Initial, len(walls), s.NX, s.NY)
		}
		w := buf[next(len(buf))]
		place(w)
		image := WallAt(s.NX-2-int(w.X), s.NY-2-int(w.Y), w.Orient)
		if len(walls) < s.Initial && image != w {
			if buf = p.appendPlaceableWalls(buf[:0], false); slices.Contains(buf, image) {
				place(image)
			}
		}
	}
	return walls, nil
}

// Game is the Quoridor variant: its one adapter, for the move lifecycle (agent.Game) and for
// the referee, the validator and the pictures (rules.Game). The zero Game plays
// DefaultSetup; Configure gives other ones.
type Game struct {
	Setup   Setup      // the zero Setup means DefaultSetup
	initial []StepPair // Setup's initial walls, drawn by Configure
}

var (
	_ rules.Game         = Game{}
	_ rules.Configurable = Game{}
	_ render.Drawer      = (*judgeMatch)(nil)
)

// Configure returns the judge for a setup (ParseSetup's syntax), its initial walls drawn.
func (Game) Configure(text string) (rules.Game, error) {
	s, err := ParseSetup(text)
	if err != nil {
		return nil, err
	}
	initial, err := s.InitialWalls()
	if err != nil {
		return nil, err
	}
	return Game{Setup: s, initial: initial}, nil
}

func (j Game) setup() Setup {
	if j.Setup == (Setup{}) {
		return DefaultSetup
	}
	return j.Setup
}

// New starts a game of the judge's setup with FIRST to move, whatever first says: the sides
// are the order of play.
func (j Game) New(int) rules.Match {
	s := j.setup()
	if s.Initial > 0 && j.initial == nil {
		// A Game built by hand rather than by Configure: draw the walls now. Configure has
		// not vetted them, so a setup that cannot place them starts without.
		j.initial, _ = s.InitialWalls()
	}
	walls := slices.Clone(j.initial)
	p := buildPosition(s.NX, s.NY, s.Start(), 0, walls)
	return newJudgeMatch(p, walls, s)
}

// Load reads an input.txt; its errors are "input.txt:LINE: problem". The position's own
// board and walls are used, whatever the judge's setup; the plies are counted from it.
func (j Game) Load(input []gamefile.Line) (rules.Match, error) {
	in, err := ParseInput("input.txt", input)
	if err != nil {
		return nil, err
	}
	return newJudgeMatch(in.Position, slices.Clone(in.Walls), j.setup()), nil
}

// judgeMatch is a game in progress. Whether it is over is worked out once per position
// (settle), since both-stuck needs a wall generation.
type judgeMatch struct {
	pos    Position
	walls  []StepPair // the walls on the board, initial ones first, as input.txt lists them
	plies  int        // plies played since New or Load
	plyCap int
	// seen holds the positions since the last wall when a recurring position is a draw
	// (Setup.RepeatDraw), nil otherwise. With the walls fixed, the players' cells and the
	// side to move are the whole position, and no position before a wall can recur.
	seen   map[placing]bool
	over   bool
	winner int // -1: a draw (or not over)
	reason string
	last   Move // the last move played on the match; the zero Move before any
	from   Cell // the cell the last move's player stood on before it
}

// Scene pictures the position and the last move played on the match.
func (m *judgeMatch) Scene() render.Scene { return Draw(&m.pos, m.walls, m.last, m.from) }

// placing is what tells apart the positions between two walls: both players' cells and
// the side to move.
type placing struct {
	cells  [2]Cell
	toMove int
}

func newJudgeMatch(p Position, walls []StepPair, s Setup) *judgeMatch {
	m := &judgeMatch{pos: p, walls: walls, plyCap: s.PlyCap}
	if s.RepeatDraw {
		m.seen = map[placing]bool{}
	}
	m.settle()
	return m
}

// placing returns the current position's placing.
func (m *judgeMatch) placing() placing {
	p := &m.pos
	return placing{[2]Cell{p.Players[0].Cell(), p.Players[1].Cell()}, p.ToMove}
}

func (m *judgeMatch) ToMove() int { return m.pos.ToMove }

func (m *judgeMatch) SideName(side int) string { return SideName(side & 1) }

func (m *judgeMatch) Input(mode gamefile.Mode, seconds string) []byte {
	return FormatInput(mode, seconds, &m.pos, m.walls)
}

// HasMove is true while the game goes on: a side that can do nothing still has to say PASS.
func (m *judgeMatch) HasMove() bool { return !m.over }

// NoMove is PASS, what the agents write when the game is over.
func (m *judgeMatch) NoMove() string { return FormatMove(Pass) }

func (m *judgeMatch) Over() (bool, int, string) { return m.over, m.winner, m.reason }

// settle decides whether the position ends the game (Position.Decided, the agent's rule
// too, or the referee's ply cap), who wins and why.
func (m *judgeMatch) settle() {
	m.over, m.winner = true, -1
	r, why := m.pos.Decided()
	m.reason = why
	switch r {
	case FirstWon, SecondWon:
		m.winner = int(r - FirstWon)
	case BothLost:
	default:
		if m.plies >= m.plyCap {
			m.reason = fmt.Sprintf("ply cap: %d plies without a winner, a draw", m.plyCap)
			return
		}
		if m.seen != nil {
			k := m.placing()
			if m.seen[k] {
				m.reason = "the position recurred (setup repeat=draw), a draw"
				return
			}
			m.seen[k] = true
		}
		m.over = false
	}
}

// outputForms is what an output.txt line may be.
const outputForms = "MOVE x,y, WALL x,y x,y x,y x,y or PASS"

// Play judges output: one line, MOVE x,y, WALL x,y x,y x,y x,y (the two steps the wall
// blocks, in any order, each step's cells in either order) or PASS, its words separated by
// single spaces, and legal. The move returned is the line as FormatMove writes it.
func (m *judgeMatch) Play(output []byte, strict bool) (string, []string, error) {
	if m.over {
		return "", nil, errors.New("the game is already over: " + m.reason)
	}
	line, warnings, err := rules.SplitOneLine(output, strict, outputForms)
	if err != nil {
		return "", warnings, err
	}
	if line == "" {
		return "", warnings, fmt.Errorf("malformed output.txt: the line is empty, want %s", outputForms)
	}
	if strings.Join(strings.Fields(line), " ") != line {
		return "", warnings, fmt.Errorf("malformed output.txt: got %q: want single spaces between the words and none at either end", gamefile.Clip(line))
	}
	p := &m.pos
	mv, err := ParseMove(line, p.NX, p.NY)
	if err != nil {
		return "", warnings, fmt.Errorf("malformed output.txt: %v", err)
	}
	if err := p.Check(mv); err != nil {
		return "", warnings, fmt.Errorf("illegal move: %s: %v%s", line, err, m.hint(mv))
	}
	if mv.Kind == KindWall {
		m.walls = append(m.walls, mv.Steps())
		if m.seen != nil {
			clear(m.seen) // no position before a wall can come again
		}
	}
	m.last, m.from = mv, p.Players[p.ToMove].Cell()
	p.Apply(mv)
	m.plies++
	m.settle()
	return FormatMove(mv), warnings, nil
}

// hint adds to an illegal move's error what the mover could do instead: the only legal
// output when it must pass, its steps when it tried a step (Check's reasons for a wall say
// enough).
func (m *judgeMatch) hint(mv Move) string {
	p := &m.pos
	me := SideName(p.ToMove)
	if mv.Kind != KindPass && !p.CanAct(p.ToMove) {
		return fmt.Sprintf(" (%s can neither step nor place a wall: the only legal output is PASS)", me)
	}
	switch mv.Kind {
	case KindStep:
		var buf [4]Move
		var steps []string
		for _, s := range p.AppendSteps(buf[:0]) {
			steps = append(steps, FormatMove(s))
		}
		if len(steps) == 0 {
			return fmt.Sprintf(" (%s has no legal step)", me)
		}
		return fmt.Sprintf(" (%s's legal steps: %s)", me, strings.Join(steps, ", "))
	}
	return ""
}

// Render draws the board, row 0 on top: F is FIRST, S is SECOND, "|" and "---" are blocked
// steps (walls and the border), "+" the grid's corners. Column numbers head the drawing and
// row numbers start each cell row; the last line gives each player's goal row and walls
// left and the side to move.
func (m *judgeMatch) Render() []string {
	p := &m.pos
	var lines []string
	var sb strings.Builder
	sb.WriteString("    ")
	for x := 0; x < p.NX; x++ {
		fmt.Fprintf(&sb, "%3d ", x)
	}
	lines = append(lines, strings.TrimRight(sb.String(), " "))
	// rule draws the grid line below row y (above row 0 for y = -1).
	rule := func(y int) string {
		var sb strings.Builder
		sb.WriteString("    +")
		for x := 0; x < p.NX; x++ {
			if y < 0 || y == p.NY-1 || !p.StepOpen(Step{Cell{x, y}, Cell{x, y + 1}}) {
				sb.WriteString("---+")
			} else {
				sb.WriteString("   +")
			}
		}
		return sb.String()
	}
	lines = append(lines, rule(-1))
	for y := 0; y < p.NY; y++ {
		sb.Reset()
		fmt.Fprintf(&sb, "%3d |", y)
		for x := 0; x < p.NX; x++ {
			mark := "."
			switch (Cell{x, y}) {
			case p.Players[0].Cell():
				mark = "F"
			case p.Players[1].Cell():
				mark = "S"
			}
			wall := " "
			if x == p.NX-1 || !p.StepOpen(Step{Cell{x, y}, Cell{x + 1, y}}) {
				wall = "|"
			}
			fmt.Fprintf(&sb, " %s %s", mark, wall)
		}
		lines = append(lines, sb.String(), rule(y))
	}
	a, b := p.Players[0], p.Players[1]
	lines = append(lines, fmt.Sprintf("FIRST (F) at %v, goal row %d, %d walls left; SECOND (S) at %v, goal row %d, %d walls left; %s to move; ply %d",
		a.Cell(), a.Goal, a.WallsLeft, b.Cell(), b.Goal, b.WallsLeft, SideName(p.ToMove), m.plies))
	return lines
}

// SetupHelp implements rules.Configurable.
func (Game) SetupHelp() string {
	return `  Quoridor: size (the board nx×ny), walls (each player's), initial (walls on the board
  at the start, drawn by a seeded generator), seed, plies (the ply cap, after which the
  game is a draw), repeat=draw (a draw when a position recurs; not the course's rule);
  the usual game is
  size=9x9 walls=10 initial=0 plies=400
`
}
