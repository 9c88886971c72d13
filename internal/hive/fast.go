package hive

// The fast move generator: the rules of reference.go on a representation built for search.
//
// Representation. A cell is an index 0..C-1 (C <= 256, so N <= 16); its six neighbours are
// kept in cyclic order (ring), so that the two flanks of the step from x in direction d are
// the neighbours of x in directions d-1 and d+1, and -1 marks an off-board neighbour. A
// cell's stack is a uint64 of 4-bit piece codes with the top piece in the low nibble (at most
// 16 levels: the parser allows at most 15 beetles); occupancy and each side's top pieces are
// 256-bit sets. Make and Unmake update all of it, and a Zobrist hash, incrementally.
//
// Generation, per rule of docs/hive.md:
//   - placement cells: the neighbours of the mover's top cells, less the neighbours of the
//     opponent's, less the occupied cells (set operations over precomputed neighbour sets);
//   - one hive: the articulation points of the occupied cells (Tarjan's depth-first
//     search, once per position) cannot lift a single piece; a stacked beetle never splits;
//   - sliders (queen, spider, ant) are lifted off the occupancy for their own search, so
//     their origin counts as empty throughout; each step checks the gate (a flank that is
//     an empty on-board cell) and the contact reading; the ant is a breadth-first search,
//     the spider a depth-first enumeration of three-step paths that never revisit a cell.
//
// Nothing here allocates once the caller's move buffer is large enough (MaxMoves).

import (
	"math/bits"
	"slices"
)

// maxCells bounds the cells of a board the fast generator handles: 256 (N <= 16).
const maxCells = 256

// cellSet is a set of cell indices.
type cellSet [maxCells / 64]uint64

func (s *cellSet) add(i int)         { s[i>>6] |= 1 << (i & 63) }
func (s *cellSet) remove(i int)      { s[i>>6] &^= 1 << (i & 63) }
func (s *cellSet) has(i int) bool    { return s[i>>6]>>(i&63)&1 != 0 }
func (s *cellSet) or(t *cellSet)     { s[0] |= t[0]; s[1] |= t[1]; s[2] |= t[2]; s[3] |= t[3] }
func (s *cellSet) andNot(t *cellSet) { s[0] &^= t[0]; s[1] &^= t[1]; s[2] &^= t[2]; s[3] &^= t[3] }
func (s *cellSet) count() int {
	return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) + bits.OnesCount64(s[2]) + bits.OnesCount64(s[3])
}

// each calls f for every cell of the set in index order.
func (s *cellSet) each(f func(int)) {
	for w, word := range s {
		for ; word != 0; word &= word - 1 {
			f(w<<6 | bits.TrailingZeros64(word))
		}
	}
}

// ringDirections are the six neighbour offsets in cyclic order: consecutive ones (and the
// last and the first) are themselves neighbours, the two flanks of a step.
var ringDirections = [6]Cell{{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1}}

// tables are the per-board-size tables of the fast generator, shared by its boards.
type tables struct {
	geo       *Geometry
	ring      [][6]int16 // neighbours in ringDirections order, -1 off the board
	neighbour []cellSet  // each cell's on-board neighbours as a set
	edge      []bool     // fewer than six on-board neighbours
}

func newTables(g *Geometry) *tables {
	t := &tables{geo: g, ring: make([][6]int16, len(g.Cells)), neighbour: make([]cellSet, len(g.Cells)), edge: make([]bool, len(g.Cells))}
	for i, c := range g.Cells {
		for d, dir := range ringDirections {
			t.ring[i][d] = -1
			if j, ok := g.Index(Cell{c.P + dir.P, c.Q + dir.Q}); ok {
				t.ring[i][d] = int16(j)
				t.neighbour[i].add(j)
			}
		}
		t.edge[i] = len(g.Neighbours[i]) < 6
	}
	return t
}

// Piece codes: 0 is no piece; side s's kind k is 1 + 5s + k.
func pieceCode(s Side, kind int) uint64 { return uint64(1 + 5*int(s) + kind) }
func codeSide(code uint64) Side         { return Side((code - 1) / 5) }
func codeKind(code uint64) int          { return int((code - 1) % 5) }

// PackedMove is a move in 32 bits: the destination cell (bits 0-7), the origin (8-15), the
// piece code (16-19) and the MoveKind (20-21). The zero value is PASS.
type PackedMove uint32

func packPlace(code uint64, to int) PackedMove {
	return PackedMove(uint32(Place)<<20 | uint32(code)<<16 | uint32(to))
}

func packStep(code uint64, from, to int) PackedMove {
	return PackedMove(uint32(Step)<<20 | uint32(code)<<16 | uint32(from)<<8 | uint32(to))
}

func (m PackedMove) Kind() MoveKind { return MoveKind(m >> 20 & 3) }
func (m PackedMove) code() uint64   { return uint64(m >> 16 & 15) }
func (m PackedMove) From() int      { return int(m >> 8 & 255) }
func (m PackedMove) To() int        { return int(m & 255) }

// Move returns the move in the reference form.
func (m PackedMove) Move() Move {
	if m.Kind() == Pass {
		return Move{Kind: Pass}
	}
	c := m.code()
	mv := Move{Kind: m.Kind(), Piece: codeSide(c).Letter(codeKind(c)), To: m.To()}
	if mv.Kind == Step {
		mv.From = m.From()
	}
	return mv
}

// MaxMoves is a move buffer length no position exceeds on boards of up to 256 cells with at
// most 40 pieces a side: placements (5 kinds × cells) plus every piece to every cell.
const MaxMoves = 5*maxCells + 40*maxCells

// Board is a position for search: see the file comment.
type Board struct {
	t      *tables
	stack  [maxCells]uint64 // 4-bit piece codes, the top one in the low nibble
	height [maxCells]uint8
	occ    cellSet
	tops   [2]cellSet // cells whose top piece is the side's
	hand   [2][5]int
	moves  [2]int
	mover  Side
	queen  [2]int // the queen's cell, -1 while in hand
	pieces int    // occupied cells
	hash   uint64

	// scratch for generation
	disc, low   [maxCells]int16
	stamp       [maxCells]uint32
	epoch       uint32
	pinned      cellSet // articulation points of the occupied cells
	hiveWhole   bool    // the occupied cells are one group
	seen        cellSet
	queue       [maxCells]int16
	spiderPath  [4]int
	spiderFound cellSet
}

// NewBoard builds the search board of a position. The position must fit the fast generator
// (at most 256 cells, stacks of at most 16), as every parsed input does.
func NewBoard(p *Position) *Board {
	b := &Board{t: p.Geometry.fast, hand: p.Hand, moves: p.Moves, mover: p.Mover, queen: [2]int{-1, -1}}
	for i, st := range p.Stacks {
		for _, ch := range st {
			side, kind, _ := pieceOf(ch)
			b.push(i, pieceCode(side, kind))
		}
	}
	b.hash ^= moverKey(b.mover)
	return b
}

// Position returns the board as a reference position (for tests and output).
func (b *Board) Position() *Position {
	g := b.t.geo
	p := &Position{Geometry: g, Stacks: make([][]byte, len(g.Cells)), Hand: b.hand, Moves: b.moves, Mover: b.mover}
	for i := range g.Cells {
		for lv := int(b.height[i]) - 1; lv >= 0; lv-- {
			c := b.stack[i] >> (4 * lv) & 15
			p.Stacks[i] = append(p.Stacks[i], codeSide(c).Letter(codeKind(c)))
		}
	}
	return p
}

// Mover returns the side to move.
func (b *Board) Mover() Side { return b.mover }

// Hash returns the Zobrist hash of the stacks and the side to move.
func (b *Board) Hash() uint64 { return b.hash }

// zobrist holds a key per piece code and cell; a piece at stack level l uses its key
// rotated by l bits, so that stacks of the same pieces in another order differ.
var zobrist = func() (z [11][maxCells]uint64) {
	x := uint64(0x9E3779B97F4A7C15)
	for c := range z {
		for i := range z[c] {
			x += 0x9E3779B97F4A7C15 // splitmix64
			v := x
			v = (v ^ v>>30) * 0xBF58476D1CE4E5B9
			v = (v ^ v>>27) * 0x94D049BB133111EB
			z[c][i] = v ^ v>>31
		}
	}
	return
}()

func moverKey(s Side) uint64 {
	if s == Upper {
		return 0x5A17E5D3C0FFEE11
	}
	return 0
}

// push puts a piece on top of cell i.
func (b *Board) push(i int, code uint64) {
	h := b.height[i]
	if h > 0 {
		b.tops[codeSide(b.stack[i]&15)].remove(i)
	} else {
		b.occ.add(i)
		b.pieces++
	}
	b.stack[i] = b.stack[i]<<4 | code
	b.height[i] = h + 1
	side := codeSide(code)
	b.tops[side].add(i)
	if codeKind(code) == 0 {
		b.queen[side] = i
	}
	b.hash ^= bits.RotateLeft64(zobrist[code][i], int(h))
}

// pop takes the top piece off cell i and returns it.
func (b *Board) pop(i int) uint64 {
	code := b.stack[i] & 15
	b.stack[i] >>= 4
	b.height[i]--
	h := b.height[i]
	b.tops[codeSide(code)].remove(i)
	if h > 0 {
		b.tops[codeSide(b.stack[i]&15)].add(i)
	} else {
		b.occ.remove(i)
		b.pieces--
	}
	b.hash ^= bits.RotateLeft64(zobrist[code][i], int(h))
	return code
}

// Make plays a legal move of the side to move.
func (b *Board) Make(m PackedMove) {
	me := b.mover
	switch m.Kind() {
	case Place:
		code := m.code()
		b.hand[me][codeKind(code)]--
		b.push(m.To(), code)
	case Step:
		code := b.pop(m.From())
		b.push(m.To(), code)
	}
	b.moves[me]++
	b.hash ^= moverKey(me) ^ moverKey(1-me)
	b.mover = 1 - me
}

// Unmake takes back m, the last move made.
func (b *Board) Unmake(m PackedMove) {
	me := 1 - b.mover
	b.hash ^= moverKey(me) ^ moverKey(b.mover)
	b.mover = me
	b.moves[me]--
	switch m.Kind() {
	case Place:
		code := b.pop(m.To())
		b.hand[me][codeKind(code)]++
		if codeKind(code) == 0 {
			b.queen[me] = -1
		}
	case Step:
		code := b.pop(m.To())
		b.push(m.From(), code)
	}
}

// Moves appends every legal move of the side to move under contact reading c to buf and
// returns it: a single PASS when there is none.
func (b *Board) Moves(c Contact, buf []PackedMove) []PackedMove {
	buf = buf[:0]
	me := b.mover
	n := b.moves[me]
	queenInHand := b.hand[me][0] > 0
	if n >= 3 && queenInHand {
		buf = b.placements(buf, pieceCode(me, 0))
	} else {
		for kind := range 5 {
			if b.hand[me][kind] > 0 {
				buf = b.placements(buf, pieceCode(me, kind))
			}
		}
	}
	if n >= 4 && !queenInHand {
		buf = b.pieceMoves(buf, c)
	}
	if len(buf) == 0 {
		buf = append(buf, 0)
	}
	return buf
}

// placementCells returns the empty cells the side to move may place on.
func (b *Board) placementCells() cellSet {
	var cells cellSet
	if b.pieces == 0 {
		cells.add(b.t.geo.Centre)
		return cells
	}
	me := b.mover
	var theirs cellSet
	if b.moves[me] == 0 {
		b.occ.each(func(i int) { cells.or(&b.t.neighbour[i]) })
	} else {
		b.tops[me].each(func(i int) { cells.or(&b.t.neighbour[i]) })
		b.tops[1-me].each(func(i int) { theirs.or(&b.t.neighbour[i]) })
		cells.andNot(&theirs)
	}
	cells.andNot(&b.occ)
	return cells
}

func (b *Board) placements(buf []PackedMove, code uint64) []PackedMove {
	cells := b.placementCells()
	for w, word := range cells {
		for ; word != 0; word &= word - 1 {
			buf = append(buf, packPlace(code, w<<6|bits.TrailingZeros64(word)))
		}
	}
	return buf
}

// pieceMoves appends the moves of the mover's top pieces.
func (b *Board) pieceMoves(buf []PackedMove, c Contact) []PackedMove {
	b.findPinned()
	me := b.mover
	for w, word := range b.tops[me] {
		for ; word != 0; word &= word - 1 {
			from := w<<6 | bits.TrailingZeros64(word)
			if b.height[from] == 1 && !b.canLift(from) {
				continue
			}
			code := b.stack[from] & 15
			switch Kinds[codeKind(code)] {
			case 'Q':
				buf = b.slides(buf, code, from, c, 1)
			case 'S':
				buf = b.slides(buf, code, from, c, 3)
			case 'A':
				buf = b.antMoves(buf, code, from, c)
			case 'B':
				buf = b.beetleMoves(buf, code, from)
			case 'G':
				buf = b.jumps(buf, code, from)
			}
		}
	}
	return buf
}

// canLift reports whether lifting the single piece on cell from leaves one group.
func (b *Board) canLift(from int) bool {
	if b.hiveWhole {
		return !b.pinned.has(from)
	}
	return b.connectedWithout(from) // a split hive (no game reaches one): the plain test
}

// findPinned computes the articulation points of the occupied cells (b.pinned) and whether
// the occupied cells are one group (b.hiveWhole).
func (b *Board) findPinned() {
	b.pinned = cellSet{}
	b.epoch++
	if b.epoch == 0 { // the stamps wrapped: clear them
		b.stamp = [maxCells]uint32{}
		b.epoch = 1
	}
	start := -1
	for w, word := range b.occ {
		if word != 0 {
			start = w<<6 | bits.TrailingZeros64(word)
			break
		}
	}
	if start < 0 {
		b.hiveWhole = true
		return
	}
	var clock int16
	visited := b.tarjan(start, -1, &clock)
	b.hiveWhole = visited == b.pieces
}

// tarjan is the depth-first search of Tarjan's articulation points from u (parent -1 at
// the root); it returns the number of cells it visited. The recursion is at most as deep
// as there are pieces.
func (b *Board) tarjan(u, parent int, clock *int16) int {
	b.stamp[u] = b.epoch
	b.disc[u] = *clock
	b.low[u] = *clock
	*clock++
	visited, children := 1, 0
	for _, v16 := range b.t.ring[u] {
		v := int(v16)
		if v < 0 || !b.occ.has(v) {
			continue
		}
		if b.stamp[v] != b.epoch {
			children++
			visited += b.tarjan(v, u, clock)
			b.low[u] = min(b.low[u], b.low[v])
			if parent >= 0 && b.low[v] >= b.disc[u] {
				b.pinned.add(u)
			}
		} else if v != parent {
			b.low[u] = min(b.low[u], b.disc[v])
		}
	}
	if parent < 0 && children > 1 {
		b.pinned.add(u)
	}
	return visited
}

// connectedWithout reports whether the occupied cells other than from are one group.
func (b *Board) connectedWithout(from int) bool {
	b.occ.remove(from)
	defer b.occ.add(from)
	start := -1
	for w, word := range b.occ {
		if word != 0 {
			start = w<<6 | bits.TrailingZeros64(word)
			break
		}
	}
	if start < 0 {
		return true
	}
	b.seen = cellSet{}
	b.seen.add(start)
	b.queue[0] = int16(start)
	head, tail := 0, 1
	for head < tail {
		x := int(b.queue[head])
		head++
		for _, y16 := range b.t.ring[x] {
			if y := int(y16); y >= 0 && b.occ.has(y) && !b.seen.has(y) {
				b.seen.add(y)
				b.queue[tail] = y16
				tail++
			}
		}
	}
	return tail == b.pieces-1
}

// touches reports whether cell i has an occupied neighbour.
func (b *Board) touches(i int) bool {
	for _, j := range b.t.ring[i] {
		if j >= 0 && b.occ.has(int(j)) {
			return true
		}
	}
	return false
}

// canSlide reports whether a lifted slider may step from x in ring direction d: onto an
// empty on-board cell, through the gate, with contact.
func (b *Board) canSlide(x, d int, c Contact) bool {
	r := &b.t.ring[x]
	y := int(r[d])
	if y < 0 || b.occ.has(y) {
		return false
	}
	f1, f2 := int(r[(d+5)%6]), int(r[(d+1)%6])
	occ1, occ2 := f1 >= 0 && b.occ.has(f1), f2 >= 0 && b.occ.has(f2)
	if !(f1 >= 0 && !occ1) && !(f2 >= 0 && !occ2) {
		return false // the gate is shut: both flanks are pieces or the board's edge
	}
	if c == Strict {
		return occ1 || occ2
	}
	return b.touches(y)
}

// slides appends the moves of a queen (steps 1) or spider (steps 3) on from.
func (b *Board) slides(buf []PackedMove, code uint64, from int, c Contact, steps int) []PackedMove {
	b.occ.remove(from)
	b.spiderFound = cellSet{}
	b.spiderPath[0] = from
	buf = b.walk(buf, code, from, c, 0, steps)
	b.occ.add(from)
	return buf
}

// walk extends the path b.spiderPath[:depth+1] by simple slide steps up to steps.
func (b *Board) walk(buf []PackedMove, code uint64, from int, c Contact, depth, steps int) []PackedMove {
	x := b.spiderPath[depth]
	if depth == steps {
		if !b.spiderFound.has(x) {
			b.spiderFound.add(x)
			buf = append(buf, packStep(code, from, x))
		}
		return buf
	}
	for d := range 6 {
		if !b.canSlide(x, d, c) {
			continue
		}
		y := int(b.t.ring[x][d])
		if slices.Contains(b.spiderPath[:depth+1], y) {
			continue
		}
		b.spiderPath[depth+1] = y
		buf = b.walk(buf, code, from, c, depth+1, steps)
	}
	return buf
}

// antMoves appends every cell an ant on from reaches by slide steps.
func (b *Board) antMoves(buf []PackedMove, code uint64, from int, c Contact) []PackedMove {
	b.occ.remove(from)
	b.seen = cellSet{}
	b.seen.add(from)
	b.queue[0] = int16(from)
	head, tail := 0, 1
	for head < tail {
		x := int(b.queue[head])
		head++
		for d := range 6 {
			y := int(b.t.ring[x][d])
			if y < 0 || b.seen.has(y) || !b.canSlide(x, d, c) {
				continue
			}
			b.seen.add(y)
			b.queue[tail] = int16(y)
			tail++
			buf = append(buf, packStep(code, from, y))
		}
	}
	b.occ.add(from)
	return buf
}

// beetleMoves appends a beetle's steps: onto any neighbouring piece, or an empty
// neighbouring cell that touches the hive once the beetle has left.
func (b *Board) beetleMoves(buf []PackedMove, code uint64, from int) []PackedMove {
	alone := b.height[from] == 1
	if alone {
		b.occ.remove(from)
	}
	for _, y16 := range b.t.ring[from] {
		if y := int(y16); y >= 0 && (b.occ.has(y) || b.touches(y)) {
			buf = append(buf, packStep(code, from, y))
		}
	}
	if alone {
		b.occ.add(from)
	}
	return buf
}

// jumps appends a grasshopper's jumps: over one or more pieces in a line to the first empty
// cell, when the line stays on the board.
func (b *Board) jumps(buf []PackedMove, code uint64, from int) []PackedMove {
	for d := range 6 {
		y := int(b.t.ring[from][d])
		if y < 0 || !b.occ.has(y) {
			continue
		}
		for y >= 0 && b.occ.has(y) {
			y = int(b.t.ring[y][d])
		}
		if y >= 0 {
			buf = append(buf, packStep(code, from, y))
		}
	}
	return buf
}

// liberties returns the number of empty on-board neighbours of cell i.
func (b *Board) liberties(i int) int {
	n := 0
	for _, j := range b.t.ring[i] {
		if j >= 0 && !b.occ.has(int(j)) {
			n++
		}
	}
	return n
}

// Surrounded reports whether side's queen is on the board with every on-board neighbour
// occupied.
func (b *Board) Surrounded(s Side) bool {
	q := b.queen[s]
	return q >= 0 && b.liberties(q) == 0
}
