package hive

// The reference rules: a deliberately plain implementation of docs/hive.md, written
// sentence by sentence (flood fills, explicit step-by-step paths) and optimised for nothing.
// The fast generator to come is tested against it, and the referee can judge with it.

import (
	"fmt"
	"slices"
)

// Contact is the reading of the sliding rule's contact condition (docs/hive.md):
// Strict (a flank of every step is occupied, official Hive) or Loose (the cell stepped into
// touches an occupied cell, the seed's wording). Strict implies Loose.
type Contact uint8

const (
	Strict Contact = iota
	Loose
)

// MoveKind says what a move does.
type MoveKind uint8

const (
	Pass MoveKind = iota
	Place
	Step // a piece moved on the board
)

// Move is a move of output.txt: PLACE piece at To, MOVE piece From -> To, or PASS.
type Move struct {
	Kind     MoveKind
	Piece    byte // the mover's letter
	From, To int  // cell indices; From only for Step
}

// Position is a game position with the side to move.
type Position struct {
	Geometry *Geometry
	Stacks   [][]byte // by cell index, bottom first; nil when empty
	Hand     [2][5]int
	Moves    [2]int // moves made so far by each side
	Mover    Side
}

// Position returns the position an input describes.
func (in *Input) Position() *Position {
	return &Position{Geometry: in.Geometry, Stacks: in.Stacks, Hand: in.Hand, Moves: in.Moves, Mover: in.Mover}
}

// Format writes a move as output.txt's line.
func (p *Position) Format(m Move) string {
	switch m.Kind {
	case Place:
		return fmt.Sprintf("PLACE %c %v", m.Piece, p.Geometry.Cells[m.To])
	case Step:
		return fmt.Sprintf("MOVE %c %v %v", m.Piece, p.Geometry.Cells[m.From], p.Geometry.Cells[m.To])
	}
	return "PASS"
}

// top returns the side owning cell i's top piece, and whether the cell is occupied.
func (p *Position) top(i int) (Side, bool) {
	st := p.Stacks[i]
	if len(st) == 0 {
		return 0, false
	}
	side, _, _ := pieceOf(st[len(st)-1])
	return side, true
}

// ReferenceMoves lists every legal move of the side to move under the contact reading c:
// PASS alone when there is none.
func (p *Position) ReferenceMoves(c Contact) []Move {
	var moves []Move
	me := p.Mover
	n := p.Moves[me]
	queenInHand := p.Hand[me][0] > 0
	for kind := range 5 {
		if p.Hand[me][kind] == 0 || (n >= 3 && queenInHand && kind != 0) {
			continue
		}
		for _, to := range p.placements() {
			moves = append(moves, Move{Kind: Place, Piece: me.Letter(kind), To: to})
		}
	}
	if n >= 4 && !queenInHand {
		for from := range p.Stacks {
			if side, ok := p.top(from); ok && side == me {
				moves = append(moves, p.pieceMoves(from, c)...)
			}
		}
	}
	if len(moves) == 0 {
		moves = append(moves, Move{Kind: Pass})
	}
	return moves
}

// placements lists the empty cells the side to move may place on.
func (p *Position) placements() []int {
	g := p.Geometry
	occupied := 0
	for _, st := range p.Stacks {
		if st != nil {
			occupied++
		}
	}
	var cells []int
	if occupied == 0 {
		return []int{g.Centre}
	}
	first := p.Moves[p.Mover] == 0
	for i, st := range p.Stacks {
		if st != nil {
			continue
		}
		mine, theirs := false, false
		for _, j := range g.Neighbours[i] {
			if side, ok := p.top(j); ok {
				mine = mine || side == p.Mover
				theirs = theirs || side != p.Mover
			}
		}
		// The first move may touch the opponent's first piece; later ones must touch only
		// the mover's pieces.
		if (first && (mine || theirs)) || (!first && mine && !theirs) {
			cells = append(cells, i)
		}
	}
	return cells
}

// pieceMoves lists the moves of the top piece of cell from.
func (p *Position) pieceMoves(from int, c Contact) []Move {
	st := p.Stacks[from]
	piece := st[len(st)-1]
	if len(st) == 1 && !p.connectedWithout(from) {
		return nil // lifting it splits the hive
	}
	_, kind, _ := pieceOf(piece)
	var dests []int
	switch Kinds[kind] {
	case 'Q':
		dests = p.slides(from, c, 1, false)
	case 'S':
		dests = p.slides(from, c, 3, false)
	case 'A':
		dests = p.slides(from, c, 0, true)
	case 'B':
		for _, to := range p.Geometry.Neighbours[from] {
			if p.Stacks[to] != nil || p.touchesHive(to, from) {
				dests = append(dests, to)
			}
		}
	case 'G':
		dests = p.jumps(from)
	}
	var moves []Move
	for _, to := range dests {
		moves = append(moves, Move{Kind: Step, Piece: piece, From: from, To: to})
	}
	return moves
}

// occupiedWithout reports whether cell i holds a piece once the top piece of from is lifted.
func (p *Position) occupiedWithout(i, from int) bool {
	if i == from {
		return len(p.Stacks[i]) > 1
	}
	return p.Stacks[i] != nil
}

// connectedWithout reports whether the occupied cells stay one group with cell from empty.
func (p *Position) connectedWithout(from int) bool {
	start, total := -1, 0
	for i := range p.Stacks {
		if p.occupiedWithout(i, from) {
			total++
			start = i
		}
	}
	if total == 0 {
		return true
	}
	seen := map[int]bool{start: true}
	queue := []int{start}
	for len(queue) > 0 {
		i := queue[0]
		queue = queue[1:]
		for _, j := range p.Geometry.Neighbours[i] {
			if !seen[j] && p.occupiedWithout(j, from) {
				seen[j] = true
				queue = append(queue, j)
			}
		}
	}
	return len(seen) == total
}

// touchesHive reports whether cell i touches an occupied cell, from's top piece lifted.
func (p *Position) touchesHive(i, from int) bool {
	for _, j := range p.Geometry.Neighbours[i] {
		if p.occupiedWithout(j, from) {
			return true
		}
	}
	return false
}

// canSlide reports whether the piece lifted from from may slide from x into the adjacent
// empty cell y: the gate (a flank is an empty on-board cell) and the contact reading.
func (p *Position) canSlide(from, x, y int, c Contact) bool {
	g := p.Geometry
	if p.occupiedWithout(y, from) {
		return false
	}
	gate, flankOccupied := false, false
	cx, cy := g.Cells[x], g.Cells[y]
	for _, d := range directions {
		f := Cell{cx.P + d.P, cx.Q + d.Q}
		if f == cy || !adjacent(f, cy) {
			continue
		}
		i, on := g.Index(f)
		switch {
		case !on: // off the board: blocks like a piece, but is no contact
		case p.occupiedWithout(i, from):
			flankOccupied = true
		default:
			gate = true
		}
	}
	if !gate {
		return false
	}
	if c == Strict {
		return flankOccupied
	}
	return p.touchesHive(y, from)
}

// adjacent reports whether two cells are neighbours.
func adjacent(a, b Cell) bool {
	for _, d := range directions {
		if (Cell{a.P + d.P, a.Q + d.Q}) == b {
			return true
		}
	}
	return false
}

// slides returns the destinations of a sliding piece lifted from from: after exactly steps
// steps that never revisit a cell (queen 1, spider 3), or, for the ant (any), every cell it
// can reach. Whether a step is allowed depends on its two cells only (the piece is lifted),
// so the ant's simple paths reach exactly what a breadth-first search reaches.
func (p *Position) slides(from int, c Contact, steps int, any bool) []int {
	if any {
		var dests []int
		seen := map[int]bool{from: true}
		queue := []int{from}
		for len(queue) > 0 {
			x := queue[0]
			queue = queue[1:]
			for _, y := range p.Geometry.Neighbours[x] {
				if !seen[y] && p.canSlide(from, x, y, c) {
					seen[y] = true
					dests = append(dests, y)
					queue = append(queue, y)
				}
			}
		}
		return dests
	}
	var dests []int
	found := map[int]bool{}
	visited := map[int]bool{from: true}
	var walk func(x, depth int)
	walk = func(x, depth int) {
		if depth == steps {
			if !found[x] {
				found[x] = true
				dests = append(dests, x)
			}
			return
		}
		for _, y := range p.Geometry.Neighbours[x] {
			if !visited[y] && p.canSlide(from, x, y, c) {
				visited[y] = true
				walk(y, depth+1)
				visited[y] = false
			}
		}
	}
	walk(from, 0)
	return dests
}

// jumps returns the grasshopper's destinations: over one or more occupied cells in a line to
// the first empty one, if the line stays on the board.
func (p *Position) jumps(from int) []int {
	g := p.Geometry
	var dests []int
	for _, d := range directions {
		c := g.Cells[from]
		over := 0
		for {
			c = Cell{c.P + d.P, c.Q + d.Q}
			i, on := g.Index(c)
			if !on {
				break
			}
			if p.Stacks[i] == nil {
				if over > 0 {
					dests = append(dests, i)
				}
				break
			}
			over++
		}
	}
	return dests
}

// NewPosition returns the start of a game on an N×N board: each side holds hand (counts by
// kind, queen first, which must be 1), nothing is placed, and first moves first.
func NewPosition(n int, hand [5]int, first Side) *Position {
	g := NewGeometry(n)
	return &Position{Geometry: g, Stacks: make([][]byte, len(g.Cells)), Hand: [2][5]int{hand, hand}, Mover: first}
}

// Apply plays a move of the side to move, which the caller has checked is legal, and passes
// the turn. It does not change stacks it does not touch: a copy of the position from before
// (Clone) stays as it was.
func (p *Position) Apply(m Move) {
	me := p.Mover
	switch m.Kind {
	case Place:
		_, kind, _ := pieceOf(m.Piece)
		p.Hand[me][kind]--
		p.Stacks[m.To] = []byte{m.Piece}
	case Step:
		from := p.Stacks[m.From]
		p.Stacks[m.From] = slices.Clip(from[:len(from)-1])
		if len(p.Stacks[m.From]) == 0 {
			p.Stacks[m.From] = nil
		}
		p.Stacks[m.To] = append(slices.Clip(p.Stacks[m.To]), m.Piece)
	}
	p.Moves[me]++
	p.Mover = 1 - me
}

// Clone returns a copy of the position that Apply on either leaves the other unchanged.
func (p *Position) Clone() *Position {
	c := *p
	c.Stacks = slices.Clone(p.Stacks)
	return &c
}
