package halma

// The grader's file formats: input.txt (header, then 16 rows of B, W and .) and output.txt
// (one E line, or one J line per hop: "J x1,y1 x2,y2").

import (
	"fmt"
	"strconv"
	"strings"

	"gameagents/internal/gamefile"
)

// Input is a parsed input.txt.
type Input struct {
	Header gamefile.Header
	ToMove Color
	Board  *Board
}

// ParseColor reads the side-to-move token of line 2.
func ParseColor(file string, l gamefile.Line) (Color, error) {
	switch l.Text {
	case "BLACK":
		return Black, nil
	case "WHITE":
		return White, nil
	}
	return 0, gamefile.Errorf(file, l.Num, "got %q, want BLACK or WHITE", gamefile.Clip(l.Text))
}

// ParseInput parses the lines of an input.txt; file names it in errors.
func ParseInput(file string, lines []gamefile.Line) (*Input, error) {
	h, body, err := gamefile.ParseHeader(file, lines)
	if err != nil {
		return nil, err
	}
	c, err := ParseColor(file, h.Side)
	if err != nil {
		return nil, err
	}
	b, err := ParseBoard(file, body, 4)
	if err != nil {
		return nil, err
	}
	return &Input{Header: h, ToMove: c, Board: b}, nil
}

// ParseBoard reads 16 rows of 16 cells; firstLine is the line number rows would start at,
// for the message when rows are missing.
func ParseBoard(file string, rows []gamefile.Line, firstLine int) (*Board, error) {
	if len(rows) < Size {
		next := firstLine + len(rows)
		return nil, gamefile.Errorf(file, next, "missing board row: got %d rows, want %d", len(rows), Size)
	}
	if len(rows) > Size {
		return nil, gamefile.Errorf(file, rows[Size].Num, "unexpected line after the %d board rows", Size)
	}
	b := NewBoard()
	for y, row := range rows {
		if len(row.Text) != Size {
			return nil, gamefile.Errorf(file, row.Num, "row has %d cells, want %d", len(row.Text), Size)
		}
		for x := 0; x < Size; x++ {
			switch ch := row.Text[x]; ch {
			case '.':
			case 'B':
				b.Put(Black, Sq(x, y))
			case 'W':
				b.Put(White, Sq(x, y))
			default:
				return nil, gamefile.Errorf(file, row.Num, "column %d: got %q, want B, W or .", x+1, row.Text[x:x+1])
			}
		}
	}
	return b, nil
}

// Rows renders the board as the 16 rows of input.txt.
func (b *Board) Rows() []string {
	rows := make([]string, Size)
	var row [Size]byte
	for y := 0; y < Size; y++ {
		for x := 0; x < Size; x++ {
			row[x] = ".BW"[b.cells[Sq(x, y)]]
		}
		rows[y] = string(row[:])
	}
	return rows
}

// FormatInput renders an input.txt.
func FormatInput(mode gamefile.Mode, toMove Color, seconds string, b *Board) []byte {
	lines := append([]string{mode.String(), toMove.String(), seconds}, b.Rows()...)
	return gamefile.JoinLines(lines)
}

// MoveLines renders m as output.txt lines: one E line for a step, one J line per hop.
func MoveLines(b *Board, m Move) []string {
	if !m.IsJump() {
		return []string{fmt.Sprintf("E %v %v", m.From, m.To)}
	}
	path := JumpPath(b, m)
	lines := make([]string, len(path))
	prev := m.From
	for i, sq := range path {
		lines[i] = fmt.Sprintf("J %v %v", prev, sq)
		prev = sq
	}
	return lines
}

// FormatMove formats m as the official logs do: "E 1,2 2,3" or "J a b ; J b c", using the board
// for the jump path.
func FormatMove(b *Board, m Move) string { return strings.Join(MoveLines(b, m), " ; ") }

// Hop is one line of output.txt.
type Hop struct {
	Jump     bool
	From, To Square
}

// ParseHop parses "E x1,y1 x2,y2" or "J x1,y1 x2,y2".
func ParseHop(s string) (Hop, error) {
	f := strings.Split(s, " ")
	if len(f) != 3 || (f[0] != "E" && f[0] != "J") {
		return Hop{}, fmt.Errorf("got %q, want \"E x1,y1 x2,y2\" or \"J x1,y1 x2,y2\"", gamefile.Clip(s))
	}
	from, err := parseSquare(f[1])
	if err != nil {
		return Hop{}, err
	}
	to, err := parseSquare(f[2])
	if err != nil {
		return Hop{}, err
	}
	return Hop{Jump: f[0] == "J", From: from, To: to}, nil
}

func parseSquare(s string) (Square, error) {
	xs, ys, ok := strings.Cut(s, ",")
	x, errx := strconv.Atoi(xs)
	y, erry := strconv.Atoi(ys)
	if !ok || errx != nil || erry != nil || xs != strconv.Itoa(x) || ys != strconv.Itoa(y) {
		return 0, fmt.Errorf("got %q, want a square x,y", gamefile.Clip(s))
	}
	if !OnBoard(x, y) {
		return 0, fmt.Errorf("square %d,%d is off the board", x, y)
	}
	return Sq(x, y), nil
}

// ParseMove checks the lines of an output.txt as the move of c on b and returns the move.
// Each hop must be a real step or jump of the moving piece, and the whole move must obey
// the restrictions (Legal policy). The error says what is wrong, line by line.
func ParseMove(b *Board, c Color, lines []string, g *Generator) (Move, error) {
	if len(lines) == 0 {
		return Move{}, fmt.Errorf("no move: the file is empty")
	}
	hops := make([]Hop, len(lines))
	for i, l := range lines {
		h, err := ParseHop(l)
		if err != nil {
			return Move{}, fmt.Errorf("line %d: %v", i+1, err)
		}
		hops[i] = h
	}
	start := hops[0].From
	if col, ok := b.At(start); !ok || col != c {
		return Move{}, fmt.Errorf("line 1: %v does not hold a %v piece", start, c)
	}
	if !hops[0].Jump {
		if len(hops) > 1 {
			return Move{}, fmt.Errorf("line 2: a step (E) must be the only line of a move")
		}
		h := hops[0]
		dx, dy := h.To.X()-h.From.X(), h.To.Y()-h.From.Y()
		if dx < -1 || dx > 1 || dy < -1 || dy > 1 || (dx == 0 && dy == 0) {
			return Move{}, fmt.Errorf("line 1: E %v %v is not a step to a neighbouring square", h.From, h.To)
		}
		if !b.Empty(h.To) {
			return Move{}, fmt.Errorf("line 1: E %v %v: %v is not empty", h.From, h.To, h.To)
		}
	} else {
		if err := checkChain(b, hops); err != nil {
			return Move{}, err
		}
	}
	m := Move{From: start, To: hops[len(hops)-1].To}
	if m.From == m.To {
		// A chain back to its start is judged on its start and final squares like any
		// other: rules 1 and 2 hold, and addendum (b) allows it only in the free case.
		if !freeCase(b, c, g) {
			return Move{}, fmt.Errorf("%v to %v: a chain back to its start is not a move out of, or further into, the own camp (addendum b)", m.From, m.To)
		}
		return m, nil
	}
	if !g.IsLegal(b, c, m) {
		return Move{}, fmt.Errorf("%v to %v breaks a camp rule: %s", m.From, m.To, ruleBroken(b, c, m, g))
	}
	return m, nil
}

// checkChain verifies that hops form one chain of jumps by one piece.
func checkChain(b *Board, hops []Hop) error {
	cell := b.cells[hops[0].From]
	b.cells[hops[0].From] = cellEmpty
	defer func() { b.cells[hops[0].From] = cell }()
	for i, h := range hops {
		if !h.Jump {
			return fmt.Errorf("line %d: a step (E) cannot follow a jump", i+1)
		}
		if i > 0 && h.From != hops[i-1].To {
			return fmt.Errorf("line %d: hop starts at %v, but the piece is on %v", i+1, h.From, hops[i-1].To)
		}
		dx, dy := h.To.X()-h.From.X(), h.To.Y()-h.From.Y()
		if (dx != 0 && dx != 2 && dx != -2) || (dy != 0 && dy != 2 && dy != -2) || (dx == 0 && dy == 0) {
			return fmt.Errorf("line %d: J %v %v is not a jump over one neighbouring square", i+1, h.From, h.To)
		}
		over := Sq(h.From.X()+dx/2, h.From.Y()+dy/2)
		if _, ok := b.At(over); !ok {
			return fmt.Errorf("line %d: J %v %v jumps over the empty square %v", i+1, h.From, h.To, over)
		}
		if !b.Empty(h.To) {
			return fmt.Errorf("line %d: J %v %v lands on the occupied square %v", i+1, h.From, h.To, h.To)
		}
	}
	return nil
}

// freeCase reports whether addendum (b) leaves c free: no piece at home can leave the camp
// or move further from the corner.
func freeCase(b *Board, c Color, g *Generator) bool {
	var buf [MaxMoves]Move
	for _, m := range g.Generate(b, c, Legal, buf[:0]) {
		if !campOf[c][m.From] || (campOf[c][m.To] && !further(c, m.From, m.To)) {
			return true
		}
	}
	return false
}

// ruleBroken names the restriction an illegal but well-formed move breaks.
func ruleBroken(b *Board, c Color, m Move, g *Generator) string {
	switch {
	case campOf[c.Other()][m.From] && !campOf[c.Other()][m.To]:
		return "a piece in the opposing camp may not leave it"
	case !campOf[c][m.From] && campOf[c][m.To]:
		return "a piece outside its own camp may not move into it (addendum a)"
	}
	var buf [MaxMoves]Move
	legal := g.Generate(b, c, Legal, buf[:0])
	if len(legal) > 0 && campOf[c][legal[0].From] {
		if !campOf[c][legal[0].To] {
			return "a piece in its own camp can leave it, so a move must take one out (addendum b)"
		}
		return "no piece can leave the own camp, but one can move further from the corner, so a move must (addendum b)"
	}
	return "not among the legal moves"
}
