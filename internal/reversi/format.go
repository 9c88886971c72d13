package reversi

// The file formats of docs/reversi.md: input.txt is the common header (line 2 BLACK
// or WHITE) and 8 rows of B, W and ., rows top to bottom being ranks 1..8 and columns files
// a..h; output.txt is one square in lower-case notation ("d3") or PASS. OBF strings (the FFO
// test positions) list the 64 squares a1..h8 with X for black, O for white, - for empty.

import (
	"fmt"
	"strings"

	"gameagents/internal/gamefile"
)

// Color is a side: Black (B, X in OBF) or White (W, O in OBF).
type Color uint8

const (
	Black Color = 0
	White Color = 1
)

// String returns the input.txt token: BLACK or WHITE.
func (c Color) String() string {
	if c == Black {
		return "BLACK"
	}
	return "WHITE"
}

// Position is a board with the colour of the side to move.
type Position struct {
	Board  Board // from the side to move's point of view
	ToMove Color
}

// Discs returns the black and the white discs.
func (p Position) Discs() (black, white uint64) {
	if p.ToMove == Black {
		return p.Board.Own, p.Board.Opp
	}
	return p.Board.Opp, p.Board.Own
}

// Input is a parsed input.txt.
type Input struct {
	Header gamefile.Header
	Position
}

// ParseInput parses the lines of an input.txt; file names it in errors.
func ParseInput(file string, lines []gamefile.Line) (*Input, error) {
	h, body, err := gamefile.ParseHeader(file, lines)
	if err != nil {
		return nil, err
	}
	var c Color
	switch h.Side.Text {
	case "BLACK":
		c = Black
	case "WHITE":
		c = White
	default:
		return nil, gamefile.Errorf(file, h.Side.Num, "got %q, want BLACK or WHITE", gamefile.Clip(h.Side.Text))
	}
	if len(body) < 8 {
		return nil, gamefile.Errorf(file, 4+len(body), "missing board row: got %d rows, want 8", len(body))
	}
	if len(body) > 8 {
		return nil, gamefile.Errorf(file, body[8].Num, "unexpected line after the 8 board rows")
	}
	var black, white uint64
	for r, row := range body {
		if len(row.Text) != 8 {
			return nil, gamefile.Errorf(file, row.Num, "row has %d cells, want 8", len(row.Text))
		}
		for col := 0; col < 8; col++ {
			bit := uint64(1) << (r*8 + col)
			switch ch := row.Text[col]; ch {
			case '.':
			case 'B':
				black |= bit
			case 'W':
				white |= bit
			default:
				return nil, gamefile.Errorf(file, row.Num, "column %d: got %q, want B, W or .", col+1, row.Text[col:col+1])
			}
		}
	}
	return &Input{Header: h, Position: NewPosition(black, white, c)}, nil
}

// NewPosition builds a position from the discs of each colour.
func NewPosition(black, white uint64, toMove Color) Position {
	if toMove == Black {
		return Position{Board: Board{Own: black, Opp: white}, ToMove: Black}
	}
	return Position{Board: Board{Own: white, Opp: black}, ToMove: White}
}

// Rows renders the board as the 8 rows of input.txt.
func (p Position) Rows() []string {
	black, white := p.Discs()
	rows := make([]string, 8)
	for r := range rows {
		var row [8]byte
		for col := range row {
			bit := uint64(1) << (r*8 + col)
			switch {
			case black&bit != 0:
				row[col] = 'B'
			case white&bit != 0:
				row[col] = 'W'
			default:
				row[col] = '.'
			}
		}
		rows[r] = string(row[:])
	}
	return rows
}

// Pass is the output for a side with no legal move.
const Pass = "PASS"

// SquareName returns the lower-case name of square sq (0 = a1).
func SquareName(sq int) string {
	return fmt.Sprintf("%c%d", 'a'+sq%8, sq/8+1)
}

// ParseSquare reads a square name such as "d3" (upper case accepted too, for OBF move
// lists).
func ParseSquare(s string) (int, error) {
	if len(s) != 2 {
		return 0, fmt.Errorf("got %q, want a square such as d3", gamefile.Clip(s))
	}
	f := strings.ToLower(s[:1])[0]
	r := s[1]
	if f < 'a' || f > 'h' || r < '1' || r > '8' {
		return 0, fmt.Errorf("got %q, want a square a1..h8", s)
	}
	return int(r-'1')*8 + int(f-'a'), nil
}

// ParseOBF reads an OBF position: 64 squares a1..h8 (X, O, -), a space, and the side to
// move (X or O); anything after a ';' is ignored.
func ParseOBF(s string) (Position, error) {
	s, _, _ = strings.Cut(s, ";")
	f := strings.Fields(s)
	if len(f) != 2 || len(f[0]) != 64 || (f[1] != "X" && f[1] != "O") {
		return Position{}, fmt.Errorf("got %q, want 64 squares of X, O or - and the side to move", gamefile.Clip(s))
	}
	var black, white uint64
	for i := 0; i < 64; i++ {
		switch f[0][i] {
		case 'X':
			black |= 1 << i
		case 'O':
			white |= 1 << i
		case '-':
		default:
			return Position{}, fmt.Errorf("square %d: got %q, want X, O or -", i+1, f[0][i:i+1])
		}
	}
	c := Black
	if f[1] == "O" {
		c = White
	}
	return NewPosition(black, white, c), nil
}
