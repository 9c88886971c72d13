package streky

import (
	"fmt"
	"strings"

	"gameagents/internal/gamefile"
)

// MaxCardSide bounds a card's rows and columns. The course's cards are at most 5×5; 8 keeps
// a card a 66-byte comparable value.
const MaxCardSide = 8

// MaxColour is the largest card value: 0 is colourless, 1 to MaxColour are colours.
const MaxColour = 4

// Card is a card's matrix as written on the board: Rows×Cols values 0..MaxColour, row-major
// with stride MaxCardSide; the cells outside the matrix are 0, so == compares matrices.
type Card struct {
	Rows, Cols uint8
	Cells      [MaxCardSide * MaxCardSide]uint8
}

// NewCard makes a card from its rows; they must all have the same length, between 1 and
// MaxCardSide, and hold values 0..MaxColour.
func NewCard(rows [][]int) (Card, error) {
	var c Card
	if len(rows) == 0 || len(rows) > MaxCardSide {
		return c, fmt.Errorf("card has %d rows, want 1 to %d", len(rows), MaxCardSide)
	}
	cols := len(rows[0])
	if cols == 0 || cols > MaxCardSide {
		return c, fmt.Errorf("card row 1 has %d cells, want 1 to %d", cols, MaxCardSide)
	}
	c.Rows, c.Cols = uint8(len(rows)), uint8(cols)
	for r, row := range rows {
		if len(row) != cols {
			return Card{}, fmt.Errorf("card row %d has %d cells, want %d like row 1", r+1, len(row), cols)
		}
		for col, v := range row {
			if v < 0 || v > MaxColour {
				return Card{}, fmt.Errorf("card value %d at row %d, column %d: want 0 to %d", v, r+1, col+1, MaxColour)
			}
			c.Cells[r*MaxCardSide+col] = uint8(v)
		}
	}
	return c, nil
}

// MustCard is NewCard for literals known to be valid (tests, tables); it panics otherwise.
func MustCard(rows [][]int) Card {
	c, err := NewCard(rows)
	if err != nil {
		panic(err)
	}
	return c
}

// ParseCard reads a card written as in input.txt and output.txt: its rows top to bottom,
// separated by '/', each a run of digits 0..4, e.g. "0320/3322/2233/0230".
func ParseCard(text string) (Card, error) {
	var c Card
	rowTexts := strings.Split(text, "/")
	if len(rowTexts) > MaxCardSide {
		return c, fmt.Errorf("card %q has %d rows, want at most %d", gamefile.Clip(text), len(rowTexts), MaxCardSide)
	}
	cols := len(rowTexts[0])
	if cols == 0 || cols > MaxCardSide {
		return c, fmt.Errorf("card %q: row 1 has %d cells, want 1 to %d", gamefile.Clip(text), cols, MaxCardSide)
	}
	c.Rows, c.Cols = uint8(len(rowTexts)), uint8(cols)
	for r, row := range rowTexts {
		if len(row) != cols {
			return Card{}, fmt.Errorf("card %q: row %d has %d cells, want %d like row 1", gamefile.Clip(text), r+1, len(row), cols)
		}
		for col := 0; col < len(row); col++ {
			ch := row[col]
			if ch < '0' || ch > '0'+MaxColour {
				return Card{}, fmt.Errorf("card %q: %q at row %d, column %d is not a card value 0 to %d", gamefile.Clip(text), string(ch), r+1, col+1, MaxColour)
			}
			c.Cells[r*MaxCardSide+col] = ch - '0'
		}
	}
	return c, nil
}

// MustParseCard is ParseCard for literals known to be valid; it panics otherwise.
func MustParseCard(text string) Card {
	c, err := ParseCard(text)
	if err != nil {
		panic(err)
	}
	return c
}

// String writes the card as ParseCard reads it.
func (c Card) String() string {
	var sb strings.Builder
	for r := 0; r < int(c.Rows); r++ {
		if r > 0 {
			sb.WriteByte('/')
		}
		for col := 0; col < int(c.Cols); col++ {
			sb.WriteByte('0' + c.At(r, col))
		}
	}
	return sb.String()
}

// At returns the value at row r, column col of the matrix.
func (c Card) At(r, col int) uint8 { return c.Cells[r*MaxCardSide+col] }

// Matrix returns the card as rows of ints, the course's cardMatrix.
func (c Card) Matrix() [][]int {
	m := make([][]int, c.Rows)
	for r := range m {
		m[r] = make([]int, c.Cols)
		for col := range m[r] {
			m[r][col] = int(c.At(r, col))
		}
	}
	return m
}

// Rotate returns the card turned a quarter counter-clockwise, exactly as the course's code
// turns it: a Rows×Cols matrix becomes Cols×Rows with new[Cols-1-c][r] = old[r][c].
func (c Card) Rotate() Card {
	var n Card
	n.Rows, n.Cols = c.Cols, c.Rows
	for r := 0; r < int(c.Rows); r++ {
		for col := 0; col < int(c.Cols); col++ {
			n.Cells[(int(c.Cols)-1-col)*MaxCardSide+r] = c.At(r, col)
		}
	}
	return n
}

// Rotations returns the distinct matrices among the card turned 0, 1, 2 and 3 quarters
// counter-clockwise, in that order: 1, 2 or 4 cards.
func (c Card) Rotations() []Card {
	out := make([]Card, 0, 4)
	turned := c
	for range 4 {
		if !containsCard(out, turned) {
			out = append(out, turned)
		}
		turned = turned.Rotate()
	}
	return out
}

// IsRotationOf says whether c is one of the quarter turns of other.
func (c Card) IsRotationOf(other Card) bool {
	turned := other
	for range 4 {
		if turned == c {
			return true
		}
		turned = turned.Rotate()
	}
	return false
}

func containsCard(cards []Card, c Card) bool {
	for _, x := range cards {
		if x == c {
			return true
		}
	}
	return false
}
