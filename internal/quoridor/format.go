package quoridor

// The file formats of docs/quoridor.md. input.txt is the common header with FIRST or
// SECOND on line 2 (whether the mover made the first move of the game), then
//
//	QUORIDOR nx ny
//	ME x y goal-row walls-left
//	OPPONENT x y goal-row walls-left
//	WALLS k
//
// and k lines of four cells "x,y": the two steps each wall blocks. output.txt is one line:
// "MOVE x,y", "WALL x,y x,y x,y x,y" or "PASS".

import (
	"fmt"
	"strconv"
	"strings"

	"gameagents/internal/gamefile"
)

// SideName returns the line-2 token of player i: FIRST for 0, SECOND for 1
// (gamefile.FirstSecond).
func SideName(i int) string { return gamefile.FirstSecond[i] }

// Input is a parsed input.txt.
type Input struct {
	Header   gamefile.Header
	Position Position   // Players[Position.ToMove] is ME
	Walls    []StepPair // the walls on the board, as listed
}

// ParseInput parses the lines of an input.txt; file names it in errors.
func ParseInput(file string, lines []gamefile.Line) (*Input, error) {
	h, body, err := gamefile.ParseHeader(file, lines)
	if err != nil {
		return nil, err
	}
	toMove, err := h.SideIndex(file, gamefile.FirstSecond)
	if err != nil {
		return nil, err
	}
	r := gamefile.NewBodyReader(file, lines, body)
	next := r.Next

	l, err := next("QUORIDOR nx ny")
	if err != nil {
		return nil, err
	}
	f := strings.Fields(l.Text)
	if len(f) != 3 || f[0] != "QUORIDOR" {
		return nil, gamefile.Errorf(file, l.Num, "got %q, want QUORIDOR nx ny", gamefile.Clip(l.Text))
	}
	nx, okX := parseNumber(f[1])
	ny, okY := parseNumber(f[2])
	if !okX || !okY {
		return nil, gamefile.Errorf(file, l.Num, "board size %q %q: want two integers of at most 6 digits", gamefile.Clip(f[1]), gamefile.Clip(f[2]))
	}
	if err := checkSize(nx, ny); err != nil {
		return nil, gamefile.Errorf(file, l.Num, "%v", err)
	}

	var players [2]Player
	for k, tag := range []string{"ME", "OPPONENT"} {
		if l, err = next(tag + " x y goal-row walls-left"); err != nil {
			return nil, err
		}
		pl, err := parsePlayer(file, l, tag, nx, ny)
		if err != nil {
			return nil, err
		}
		i := toMove ^ k // ME is the side to move
		players[i] = pl
		if k == 1 {
			if err := checkPlayerPair(players); err != nil {
				return nil, gamefile.Errorf(file, l.Num, "%v", err)
			}
		}
	}

	if l, err = next("WALLS k"); err != nil {
		return nil, err
	}
	f = strings.Fields(l.Text)
	if len(f) != 2 || f[0] != "WALLS" {
		return nil, gamefile.Errorf(file, l.Num, "got %q, want WALLS and the number of walls on the board", gamefile.Clip(l.Text))
	}
	k, ok := parseNumber(f[1])
	if !ok {
		return nil, gamefile.Errorf(file, l.Num, "wall count %q: want an integer of at most 6 digits", gamefile.Clip(f[1]))
	}
	if limit := maxListedWalls(nx, ny); k > limit {
		return nil, gamefile.Errorf(file, l.Num, "wall count %d: want at most %d, the number of steps of a %d×%d board", k, limit, nx, ny)
	}
	walls := make([]StepPair, 0, k)
	for range k {
		if l, err = next("a wall: x,y x,y x,y x,y"); err != nil {
			return nil, err
		}
		w, err := parseStepPair(l.Text)
		if err == nil {
			err = checkStepPair(nx, ny, w)
		}
		if err != nil {
			return nil, gamefile.Errorf(file, l.Num, "%v", err)
		}
		walls = append(walls, w)
	}
	if err := r.End(fmt.Sprintf("the %d walls", k)); err != nil {
		return nil, err
	}
	return &Input{Header: h, Position: buildPosition(nx, ny, players, toMove, walls), Walls: walls}, nil
}

// parsePlayer reads "TAG x y goal-row walls-left".
func parsePlayer(file string, l gamefile.Line, tag string, nx, ny int) (Player, error) {
	f := strings.Fields(l.Text)
	if len(f) != 5 || f[0] != tag {
		return Player{}, gamefile.Errorf(file, l.Num, "got %q, want %s x y goal-row walls-left", gamefile.Clip(l.Text), tag)
	}
	var v [4]int
	for j, s := range f[1:] {
		n, ok := parseNumber(s)
		if !ok {
			return Player{}, gamefile.Errorf(file, l.Num, "%s: %q is not an integer of at most 6 digits", tag, gamefile.Clip(s))
		}
		v[j] = n
	}
	pl := Player{X: v[0], Y: v[1], Goal: v[2], WallsLeft: v[3]}
	if err := checkPlayer(nx, ny, pl); err != nil {
		return Player{}, gamefile.Errorf(file, l.Num, "%s: %v", tag, err)
	}
	return pl, nil
}

// maxDigits bounds the digits of a number in the files: every valid number is below 10,000,
// and the bound keeps strconv from overflowing.
const maxDigits = 6

// parseNumber reads a non-negative decimal integer of at most maxDigits digits, no sign.
func parseNumber(s string) (int, bool) {
	if s == "" || len(s) > maxDigits {
		return 0, false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
	}
	v, err := strconv.Atoi(s)
	return v, err == nil
}

// parseCell reads "x,y".
func parseCell(s string) (Cell, error) {
	xs, ys, ok := strings.Cut(s, ",")
	x, okX := parseNumber(xs)
	y, okY := parseNumber(ys)
	if !ok || !okX || !okY {
		return Cell{}, fmt.Errorf("%q is not a cell x,y (two integers of at most 6 digits)", gamefile.Clip(s))
	}
	return Cell{x, y}, nil
}

// parseStepPair reads four cells: two steps.
func parseStepPair(text string) (StepPair, error) {
	f := strings.Fields(text)
	if len(f) != 4 {
		return StepPair{}, fmt.Errorf("got %q, want two steps: x,y x,y x,y x,y", gamefile.Clip(text))
	}
	var c [4]Cell
	for i, s := range f {
		var err error
		if c[i], err = parseCell(s); err != nil {
			return StepPair{}, err
		}
	}
	return StepPair{{c[0], c[1]}, {c[2], c[3]}}, nil
}

// InputLines renders an input.txt as lines: the header (the side to move's token from
// p.ToMove), then p as the body, listing walls, which must be the walls that blocked p's
// steps (the initial walls as given, then those placed).
func InputLines(mode gamefile.Mode, seconds string, p *Position, walls []StepPair) []string {
	me, opp := p.Players[p.ToMove], p.Players[p.ToMove^1]
	lines := []string{
		mode.String(), SideName(p.ToMove), seconds,
		fmt.Sprintf("QUORIDOR %d %d", p.NX, p.NY),
		fmt.Sprintf("ME %d %d %d %d", me.X, me.Y, me.Goal, me.WallsLeft),
		fmt.Sprintf("OPPONENT %d %d %d %d", opp.X, opp.Y, opp.Goal, opp.WallsLeft),
		fmt.Sprintf("WALLS %d", len(walls)),
	}
	for _, w := range walls {
		lines = append(lines, w[0].String()+" "+w[1].String())
	}
	return lines
}

// FormatInput renders an input.txt, every line ended by LF.
func FormatInput(mode gamefile.Mode, seconds string, p *Position, walls []StepPair) []byte {
	return gamefile.JoinLines(InputLines(mode, seconds, p, walls))
}

// FormatMove writes a move as output.txt's line (without the LF): "MOVE x,y" for a step,
// "WALL x,y x,y x,y x,y" for a wall (its two steps, each from the lower cell, the step at the
// anchor first, as the spec's example "WALL 0,1 0,2 1,1 1,2"), "PASS" for a pass.
func FormatMove(m Move) string {
	switch m.Kind {
	case KindStep:
		return fmt.Sprintf("MOVE %d,%d", m.X, m.Y)
	case KindWall:
		s := m.Steps()
		return "WALL " + s[0].String() + " " + s[1].String()
	case KindPass:
		return "PASS"
	}
	return fmt.Sprintf("<move kind %d>", m.Kind)
}

// FormatOutput renders output.txt: the move's line and an LF.
func FormatOutput(m Move) []byte { return gamefile.JoinLines([]string{FormatMove(m)}) }

// ParseMove reads output.txt's line for an nx×ny board: a step's cell must be on the board
// and a wall's two steps must make a straight wall two cells long inside it. Legality in a
// position is Check's business. The two steps of a wall may come in either order, and each
// step's cells too: the course's Obstacle blocks a step both ways, so every order means the
// same wall (our reading; the spec shows one order).
func ParseMove(text string, nx, ny int) (Move, error) {
	f := strings.Fields(text)
	if len(f) == 0 {
		return Move{}, fmt.Errorf("empty move: want MOVE x,y, WALL x,y x,y x,y x,y or PASS")
	}
	switch f[0] {
	case "PASS":
		if len(f) != 1 {
			return Move{}, fmt.Errorf("got %q, want PASS alone", gamefile.Clip(text))
		}
		return Pass, nil
	case "MOVE":
		if len(f) != 2 {
			return Move{}, fmt.Errorf("got %q, want MOVE x,y", gamefile.Clip(text))
		}
		c, err := parseCell(f[1])
		if err != nil {
			return Move{}, err
		}
		if c.X >= nx || c.Y >= ny {
			return Move{}, fmt.Errorf("cell %v is off the %d×%d board", c, nx, ny)
		}
		return StepTo(c.X, c.Y), nil
	case "WALL":
		w, err := parseStepPair(strings.Join(f[1:], " "))
		if err != nil {
			return Move{}, err
		}
		if err := checkStepPair(nx, ny, w); err != nil {
			return Move{}, err
		}
		m, ok := straightWall(w)
		if !ok {
			return Move{}, fmt.Errorf("steps %v-%v and %v-%v are not a straight wall two cells long", w[0].A, w[0].B, w[1].A, w[1].B)
		}
		return m, nil
	}
	return Move{}, fmt.Errorf("got %q, want MOVE x,y, WALL x,y x,y x,y x,y or PASS", gamefile.Clip(text))
}

// straightWall returns the wall whose steps are w's, if there is one: two parallel steps side
// by side. Both cells of w are on the board, so the wall is inside it.
func straightWall(w StepPair) (Move, bool) {
	lo := func(s Step) Cell {
		if s.A.X < s.B.X || s.A.Y < s.B.Y {
			return s.A
		}
		return s.B
	}
	a, b := lo(w[0]), lo(w[1])
	if a.X > b.X || a.Y > b.Y {
		a, b = b, a
	}
	alongY := w[0].A.X == w[0].B.X // the steps go between rows: a horizontal wall blocks them
	if alongY != (w[1].A.X == w[1].B.X) {
		return Move{}, false
	}
	if alongY && a.Y == b.Y && b.X == a.X+1 {
		return WallAt(a.X, a.Y, Horizontal), true
	}
	if !alongY && a.X == b.X && b.Y == a.Y+1 {
		return WallAt(a.X, a.Y, Vertical), true
	}
	return Move{}, false
}
