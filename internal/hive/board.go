// Package hive holds the rules of Hive as the CTU B3B33ALP course plays it
// (docs/hive.md): a hexagonal N×N board in axial coordinates (p,q), stacks of pieces,
// the course's turn structure, placement and movement rules, and the file formats.
//
// Representation: the cells on the board are numbered row by row (q = 0..N-1, p from
// -(q div 2) up), so that a cell is an index into fixed arrays; each cell's on-board
// neighbours are listed once in a table built for the board size. A cell holds a stack of
// pieces, bottom first; its top piece gives the cell its colour.
//
// Issue 4 is in progress: this file, format.go (input.txt) and reference.go (the plain
// reference rules, the yardstick for the fast generator to come) are here; the fast move
// generator, the search and the agent are not, so no binary plays Hive yet.
package hive

import "fmt"

// MaxSize bounds the board size N an input may give: the course plays N = 13, and the fast
// generator's cell sets hold 256 cells (N = 16).
const MaxSize = 16

// Geometry is the cells of an N×N board and their neighbours.
type Geometry struct {
	N          int
	Cells      []Cell  // the cells in index order
	Neighbours [][]int // the on-board neighbours of each cell, by index
	Centre     int     // index of the centre cell: q = N div 2, p = N div 2 - q div 2
	index      map[Cell]int
	fast       *tables // the fast generator's tables (fast.go)
}

// Cell is a cell's axial coordinates.
type Cell struct{ P, Q int }

func (c Cell) String() string { return fmt.Sprintf("%d,%d", c.P, c.Q) }

// directions are the six neighbour offsets of the spec, in its order.
var directions = [6]Cell{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, -1}, {-1, 1}}

// OnBoard reports whether (p,q) is a cell of an N×N board (the course's inBoard).
func OnBoard(n int, c Cell) bool {
	return c.Q >= 0 && c.Q < n && c.P >= -(c.Q/2) && c.P < n-c.Q/2
}

// NewGeometry builds the geometry of an N×N board, 1 <= n <= MaxSize.
func NewGeometry(n int) *Geometry {
	g := &Geometry{N: n, index: map[Cell]int{}}
	for q := 0; q < n; q++ {
		for p := -(q / 2); p < n-q/2; p++ {
			g.index[Cell{p, q}] = len(g.Cells)
			g.Cells = append(g.Cells, Cell{p, q})
		}
	}
	g.Neighbours = make([][]int, len(g.Cells))
	for i, c := range g.Cells {
		for _, d := range directions {
			if j, ok := g.index[Cell{c.P + d.P, c.Q + d.Q}]; ok {
				g.Neighbours[i] = append(g.Neighbours[i], j)
			}
		}
	}
	q := n / 2
	g.Centre = g.index[Cell{n/2 - q/2, q}]
	g.fast = newTables(g)
	return g
}

// Index returns the index of a cell and whether it is on the board.
func (g *Geometry) Index(c Cell) (int, bool) {
	i, ok := g.index[c]
	return i, ok
}
