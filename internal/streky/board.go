package streky

import "fmt"

// MaxSide bounds the board's rows and columns: a row of cells is one uint64 mask.
const MaxSide = 64

// Empty is the value of a board cell no card covers.
const Empty uint8 = 0xFF

// Board is the board: each cell Empty or the value of the card cell covering it.
//
// Invariant: bit c of occupied[r] is set exactly when cell (r, c) is covered, no bit at or
// beyond Cols is set, and covered counts the covered cells.
type Board struct {
	rows, cols int
	cells      [MaxSide * MaxSide]uint8 // r*MaxSide + c
	occupied   [MaxSide]uint64
	covered    int
}

// NewBoard returns an empty rows×cols board; both must be 1 to MaxSide.
func NewBoard(rows, cols int) (*Board, error) {
	if rows < 1 || rows > MaxSide || cols < 1 || cols > MaxSide {
		return nil, fmt.Errorf("board %d×%d: want 1 to %d rows and columns", rows, cols, MaxSide)
	}
	b := &Board{rows: rows, cols: cols}
	for i := range b.cells {
		b.cells[i] = Empty
	}
	return b, nil
}

// Rows returns the number of rows.
func (b *Board) Rows() int { return b.rows }

// Cols returns the number of columns.
func (b *Board) Cols() int { return b.cols }

// At returns cell (r, c): Empty, 0 (colourless) or a colour 1..MaxColour.
func (b *Board) At(r, c int) uint8 { return b.cells[r*MaxSide+c] }

// Covered returns the number of covered cells.
func (b *Board) Covered() int { return b.covered }

// IsEmpty says whether no card has been placed: the next card is the game's first and
// needs no contact.
func (b *Board) IsEmpty() bool { return b.covered == 0 }

// IsFull says whether every cell is covered.
func (b *Board) IsFull() bool { return b.covered == b.rows*b.cols }

// Set sets cell (r, c) to v (Empty or a card value), keeping the masks and count.
func (b *Board) Set(r, c int, v uint8) {
	i := r*MaxSide + c
	was := b.cells[i] != Empty
	b.cells[i] = v
	switch {
	case was && v == Empty:
		b.occupied[r] &^= 1 << uint(c)
		b.covered--
	case !was && v != Empty:
		b.occupied[r] |= 1 << uint(c)
		b.covered++
	}
}

// Place writes card with its top-left cell at (r, c). The caller has checked that it lies on
// the board over empty cells (Legal in reference.go, or a Generator placement).
func (b *Board) Place(r, c int, card Card) {
	for i := 0; i < int(card.Rows); i++ {
		row := r + i
		for j := 0; j < int(card.Cols); j++ {
			b.cells[row*MaxSide+c+j] = card.At(i, j)
		}
		b.occupied[row] |= (1<<uint(card.Cols) - 1) << uint(c)
	}
	b.covered += int(card.Rows) * int(card.Cols)
}

// Lines returns the board as input.txt's BOARD lines: '.' empty, '0' colourless, '1'..'4'.
func (b *Board) Lines() []string {
	lines := make([]string, b.rows)
	row := make([]byte, b.cols)
	for r := range lines {
		for c := range row {
			row[c] = cellChar(b.At(r, c))
		}
		lines[r] = string(row)
	}
	return lines
}

// String returns the board's lines, each ended by a newline.
func (b *Board) String() string {
	s := ""
	for _, l := range b.Lines() {
		s += l + "\n"
	}
	return s
}

func cellChar(v uint8) byte {
	if v == Empty {
		return '.'
	}
	return '0' + v
}
