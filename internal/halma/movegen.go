package halma

// Move generation.
//
// A move is identified by its start and final squares: a step changes a coordinate by one
// and every hop of a jump chain by two, so a (from, to) pair is a step or a jump chain, never
// both, and all chains between the same squares are the same move (the restrictions are
// judged on the start and final squares only). Jump destinations are found by a depth-first
// search over landing squares that never revisits a square: a chain through a square twice
// reaches nothing a shorter chain does not. Visited marks are generation stamps, so nothing
// is cleared between pieces and nothing is allocated.
//
// The restrictions of the assignment and its addendum:
//  1. a piece that starts in the opposing camp must end in it;
//  2. (addendum a) a piece that starts outside its own camp may not end inside it;
//  3. (addendum b) while own pieces are at home, a move must take one out if any can go;
//     else it must take one further from the corner if any can; else the move is free.
// In the free case the referee accepts any move obeying 1 and 2 (Legal); our agent prefers
// moves that do not take a home piece back towards its corner or sideways (Preferred), whose
// reception by the official validator is unknown, and falls back to them only when nothing
// else exists.

// Move is a whole move: the start and final squares of one piece.
type Move struct {
	From, To Square
}

// IsJump reports whether m is a jump chain rather than a step.
func (m Move) IsJump() bool {
	dx, dy := m.To.X()-m.From.X(), m.To.Y()-m.From.Y()
	return dx%2 == 0 && dy%2 == 0
}

// MaxMoves bounds the moves of one position: 256 pieces × 255 destinations would be the
// absurd ceiling; real positions have at most a few hundred. Buffers of this size never
// overflow because a piece has at most 255 destinations and the generator stops adding
// when the buffer is full.
const MaxMoves = 4096

// Policy selects which of the free-case moves a generator returns.
type Policy uint8

const (
	// Legal returns every move the rules allow: what the referee and validator accept.
	Legal Policy = iota
	// Preferred drops, in the free case, moves that take a home piece towards its corner or
	// sideways, unless nothing else exists.
	Preferred
)

// Generator finds moves. Its scratch space is reused across calls; one Generator serves
// one goroutine.
type Generator struct {
	stamp   [numCells]uint32
	current uint32
	stack   [numCells]Square
	dests   [numCells]Square
}

// destinations lists every square the piece on from can end on (steps and jump chains),
// into g.dests, and returns how many. The piece is lifted off the board during the search,
// as it is during a real chain.
func (g *Generator) destinations(b *Board, from Square) int {
	g.current++
	if g.current == 0 { // wrapped: stamps from 2^32 calls ago could look fresh
		g.stamp = [numCells]uint32{}
		g.current = 1
	}
	cur := g.current
	cell := b.cells[from]
	b.cells[from] = cellEmpty
	n := 0
	g.stamp[from] = cur
	for _, d := range directions {
		to := Square(int(from) + d)
		if b.cells[to] == cellEmpty {
			g.stamp[to] = cur
			g.dests[n] = to
			n++
		}
	}
	// Jump chains. The stamps of step targets never block a landing: a landing differs
	// from the start by an even offset in both coordinates, a step target by an odd one
	// in at least one.
	top := 0
	g.stack[top] = from
	top++
	for top > 0 {
		top--
		sq := g.stack[top]
		for _, d := range directions {
			over := int(sq) + d
			if b.cells[over] != cellBlack && b.cells[over] != cellWhite {
				continue
			}
			land := Square(over + d)
			if b.cells[land] != cellEmpty || g.stamp[land] == cur {
				continue
			}
			g.stamp[land] = cur
			g.dests[n] = land
			n++
			g.stack[top] = land
			top++
		}
	}
	b.cells[from] = cell
	return n
}

// further reports whether to is further from c's home corner than from: not closer on
// either axis and further on at least one.
func further(c Color, from, to Square) bool {
	dx, dy := to.X()-from.X(), to.Y()-from.Y()
	if c == White {
		dx, dy = -dx, -dy
	}
	return dx >= 0 && dy >= 0 && (dx > 0 || dy > 0)
}

// Generate appends the moves of side c to buf and returns it. It never appends more than
// cap(buf)-len(buf) moves; callers size buf with MaxMoves.
func (g *Generator) Generate(b *Board, c Color, p Policy, buf []Move) []Move {
	start := len(buf)
	home := &campOf[c]
	target := &campOf[c.Other()]
	// Addendum (b): first the pieces at home.
	atHome := false
	for _, from := range b.Pieces(c) {
		if !home[from] {
			continue
		}
		atHome = true
		n := g.destinations(b, from)
		for _, to := range g.dests[:n] {
			if !home[to] && len(buf) < cap(buf) {
				buf = append(buf, Move{from, to})
			}
		}
	}
	if len(buf) > start {
		return buf // some home piece can leave: one of these moves must be played
	}
	if atHome {
		for _, from := range b.Pieces(c) {
			if !home[from] {
				continue
			}
			n := g.destinations(b, from)
			for _, to := range g.dests[:n] {
				if further(c, from, to) && len(buf) < cap(buf) {
					buf = append(buf, Move{from, to})
				}
			}
		}
		if len(buf) > start {
			return buf
		}
	}
	// The free case: pieces outside their home camp, under rules 1 and 2.
	for _, from := range b.Pieces(c) {
		if home[from] {
			continue
		}
		n := g.destinations(b, from)
		inTarget := target[from]
		for _, to := range g.dests[:n] {
			if home[to] || (inTarget && !target[to]) {
				continue
			}
			if len(buf) < cap(buf) {
				buf = append(buf, Move{from, to})
			}
		}
	}
	if !atHome || (p == Preferred && len(buf) > start) {
		return buf
	}
	// Home pieces moving towards their corner or sideways: legal in the free case.
	for _, from := range b.Pieces(c) {
		if !home[from] {
			continue
		}
		n := g.destinations(b, from)
		for _, to := range g.dests[:n] {
			if len(buf) < cap(buf) {
				buf = append(buf, Move{from, to})
			}
		}
	}
	return buf
}

// IsLegal reports whether m is a legal move for c under the permissive (referee) policy.
func (g *Generator) IsLegal(b *Board, c Color, m Move) bool {
	var buf [MaxMoves]Move
	for _, x := range g.Generate(b, c, Legal, buf[:0]) {
		if x == m {
			return true
		}
	}
	return false
}

// JumpPath returns the landing squares of a shortest jump chain from m.From to m.To,
// m.To last, or nil if there is none. It allocates and serves output, not search.
func JumpPath(b *Board, m Move) []Square {
	prev := make(map[Square]Square)
	cell := b.cells[m.From]
	b.cells[m.From] = cellEmpty
	defer func() { b.cells[m.From] = cell }()
	prev[m.From] = m.From
	queue := []Square{m.From}
	for len(queue) > 0 {
		sq := queue[0]
		queue = queue[1:]
		if sq == m.To {
			break
		}
		for _, d := range directions {
			over := int(sq) + d
			if b.cells[over] != cellBlack && b.cells[over] != cellWhite {
				continue
			}
			land := Square(over + d)
			if _, seen := prev[land]; seen || b.cells[land] != cellEmpty {
				continue
			}
			prev[land] = sq
			queue = append(queue, land)
		}
	}
	if _, ok := prev[m.To]; !ok || m.To == m.From {
		return nil
	}
	var path []Square
	for sq := m.To; sq != m.From; sq = prev[sq] {
		path = append(path, sq)
	}
	for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
		path[i], path[j] = path[j], path[i]
	}
	return path
}
