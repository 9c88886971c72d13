// Package halma holds the rules of two-player Halma as played in USC CSCI-561 (Fall 2019,
// homework 2, with its addendum), its file formats, and the engine that plays it.
//
// Board. A 16×16 board stored as a 20×20 mailbox: a two-cell border of Off cells surrounds the
// playing area, so that a step (sq+d) and a jump landing (sq+2d) never leave the array and
// need no bounds checks. Each side also keeps a piece list with an index from square to list
// slot, so moving a piece is O(1) and move generation visits only that side's pieces.
//
// Invariants: cells[sq] agrees with the piece lists; hash is the Zobrist hash of the cells
// and the side to move is not part of it (the search xors sideKey itself); campOcc and
// campOwn count, for each colour, the occupied cells of the camp it must fill and how many
// of them hold its own pieces, which makes the win test O(1).
package halma

import "fmt"

// Size is the side length of the board.
const Size = 16

const (
	stride   = Size + 4 // mailbox row length: two border cells on each side
	numCells = stride * stride
)

// Square is a mailbox index. Use Sq to build one from board coordinates.
type Square uint16

// Sq returns the square at column x, row y (0..15 each).
func Sq(x, y int) Square { return Square((y+2)*stride + x + 2) }

// X returns the column of s.
func (s Square) X() int { return int(s)%stride - 2 }

// Y returns the row of s.
func (s Square) Y() int { return int(s)/stride - 2 }

// String formats s as the grader does: "x,y".
func (s Square) String() string { return fmt.Sprintf("%d,%d", s.X(), s.Y()) }

// OnBoard reports whether x,y lies on the board.
func OnBoard(x, y int) bool { return x >= 0 && x < Size && y >= 0 && y < Size }

// Color is a side: Black starts in the top-left camp, White in the bottom-right one.
type Color uint8

const (
	Black Color = 0
	White Color = 1
)

// Other returns the opponent of c.
func (c Color) Other() Color { return c ^ 1 }

// String returns the token the input file uses: BLACK or WHITE.
func (c Color) String() string {
	if c == Black {
		return "BLACK"
	}
	return "WHITE"
}

// Cell contents.
const (
	cellEmpty uint8 = 0
	cellBlack uint8 = 1 // cellBlack+Color gives a colour's cell value
	cellWhite uint8 = 2
	cellOff   uint8 = 3
)

func pieceCell(c Color) uint8 { return cellBlack + uint8(c) }

// directions are the eight mailbox offsets of the king-move neighbours.
var directions = [8]int{-stride - 1, -stride, -stride + 1, -1, 1, stride - 1, stride, stride + 1}

// campOf[c][sq] is true when sq is in the home camp of c.
var campOf [2][numCells]bool

// campSquares lists each camp's squares, nearest the corner first.
var campSquares [2][]Square

// homeCamp reports whether (x,y) is in Black's camp: rows 0..4 hold 5,5,4,3,2 cells.
func inBlackCamp(x, y int) bool {
	width := [5]int{5, 5, 4, 3, 2}
	return y >= 0 && y < 5 && x >= 0 && x < width[y]
}

// CampSize is the number of squares in each camp.
const CampSize = 19

func init() {
	for y := 0; y < Size; y++ {
		for x := 0; x < Size; x++ {
			if inBlackCamp(x, y) {
				campOf[Black][Sq(x, y)] = true
				campOf[White][Sq(Size-1-x, Size-1-y)] = true
			}
		}
	}
	for d := 0; d < 2*Size; d++ { // by distance x+y from the corner
		for y := 0; y < Size; y++ {
			x := d - y
			if x < 0 || x >= Size || !inBlackCamp(x, y) {
				continue
			}
			campSquares[Black] = append(campSquares[Black], Sq(x, y))
			campSquares[White] = append(campSquares[White], Sq(Size-1-x, Size-1-y))
		}
	}
	initZobrist()
}

// Board is a Halma position without the side to move.
type Board struct {
	cells   [numCells]uint8
	slot    [numCells]uint8 // index of the piece on sq in its colour's list
	pieces  [2][Size * Size]Square
	count   [2]int
	hash    uint64
	campOcc [2]int // occupied squares of the camp colour c must fill (its opponent's home)
	campOwn [2]int // how many of those hold c's pieces
}

// NewBoard returns an empty board.
func NewBoard() *Board {
	b := &Board{}
	b.clear()
	return b
}

func (b *Board) clear() {
	*b = Board{}
	for i := range b.cells {
		b.cells[i] = cellOff
	}
	for y := 0; y < Size; y++ {
		for x := 0; x < Size; x++ {
			b.cells[Sq(x, y)] = cellEmpty
		}
	}
}

// StartBoard returns the initial position: each camp filled with its own 19 pieces.
func StartBoard() *Board {
	b := NewBoard()
	for c := Black; c <= White; c++ {
		for _, sq := range campSquares[c] {
			b.Put(c, sq)
		}
	}
	return b
}

// Put places a piece of colour c on the empty square sq.
func (b *Board) Put(c Color, sq Square) {
	if b.cells[sq] != cellEmpty {
		panic(fmt.Sprintf("halma: Put on occupied or off-board square %d", sq))
	}
	b.cells[sq] = pieceCell(c)
	b.slot[sq] = uint8(b.count[c])
	b.pieces[c][b.count[c]] = sq
	b.count[c]++
	b.hash ^= zobrist[c][sq]
	b.touchCamp(sq, c, +1)
}

// touchCamp updates the camp counters for a piece of colour c arriving (+1) or leaving (-1) sq.
func (b *Board) touchCamp(sq Square, c Color, delta int) {
	for t := Black; t <= White; t++ {
		if campOf[t.Other()][sq] { // sq is in the camp that t must fill
			b.campOcc[t] += delta
			if t == c {
				b.campOwn[t] += delta
			}
		}
	}
}

// At returns the colour on x,y and whether a piece is there.
func (b *Board) At(sq Square) (Color, bool) {
	switch b.cells[sq] {
	case cellBlack:
		return Black, true
	case cellWhite:
		return White, true
	}
	return 0, false
}

// Empty reports whether sq is an empty square of the board.
func (b *Board) Empty(sq Square) bool { return b.cells[sq] == cellEmpty }

// Pieces returns the squares of c's pieces. The slice aliases the board: do not keep it
// across a move.
func (b *Board) Pieces(c Color) []Square { return b.pieces[c][:b.count[c]] }

// Hash returns the Zobrist hash of the piece placement.
func (b *Board) Hash() uint64 { return b.hash }

// Move relocates the piece on from to the empty square to. It is its own inverse with the
// squares swapped, which is how the search unmakes a move.
func (b *Board) Move(from, to Square) {
	cell := b.cells[from]
	c := Color(cell - cellBlack)
	b.cells[from] = cellEmpty
	b.cells[to] = cell
	i := b.slot[from]
	b.slot[to] = i
	b.pieces[c][i] = to
	b.hash ^= zobrist[c][from] ^ zobrist[c][to]
	if campOf[Black][from] || campOf[White][from] || campOf[Black][to] || campOf[White][to] {
		b.touchCamp(from, c, -1)
		b.touchCamp(to, c, +1)
	}
}

// Wins reports whether c has won: every square of the camp c must fill (the opponent's home)
// is occupied, by either colour, and at least one of them by c. The rule is checked after c
// moves.
func (b *Board) Wins(c Color) bool {
	return b.campOcc[c] == CampSize && b.campOwn[c] > 0
}

// Decided reports whether the game is over with toMove to move, who won and why: the
// judge ends the game there and the agent writes its no-move answer, by this one rule.
// In play only the side that just moved can have won (rules 1 and 2 keep the mover's own
// camp from filling); if both would qualify, which only a position built by hand can
// show, the side that just moved wins.
func (b *Board) Decided(toMove Color) (winner Color, why string, over bool) {
	for _, c := range [2]Color{toMove.Other(), toMove} {
		if b.Wins(c) {
			return c, c.String() + " filled the opposing camp", true
		}
	}
	return 0, "", false
}

// zobrist keys, from a fixed-seed generator so hashes are the same on every run.
var zobrist [2][numCells]uint64

// sideKey is xored into a hash when White is to move.
var sideKey uint64

func initZobrist() {
	s := uint64(0x9E3779B97F4A7C15)
	next := func() uint64 { // splitmix64
		s += 0x9E3779B97F4A7C15
		z := s
		z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
		z = (z ^ (z >> 27)) * 0x94D049BB133111EB
		return z ^ (z >> 31)
	}
	for c := range zobrist {
		for sq := range zobrist[c] {
			zobrist[c][sq] = next()
		}
	}
	sideKey = next()
}

// PositionKey is the hash of the board with c to move: what repetition detection compares.
func (b *Board) PositionKey(toMove Color) uint64 {
	if toMove == White {
		return b.hash ^ sideKey
	}
	return b.hash
}
