package hive

// Base Hive: the board game's own rules, beside the course's (docs/hive.md, "The base
// game"), as the Universal Hive Protocol's engines play it (Mzinga, nokamute), written from
// the game's rules and the UHP's description, and checked against nokamute's move lists
// (base_test.go). Where they differ from the course's:
//
//   - each side has a queen, two beetles, two spiders, three grasshoppers and three ants;
//     White moves first;
//   - the board is unbounded (cells are axial coordinates without limits; the first piece
//     is on 0,0);
//   - no queen on a side's first move (the tournament rule UHP engines apply); from a side's
//     second move on it may place or, once its queen is on the board, move; by its fourth
//     move its queen must be placed (only queen placements are legal then);
//   - sliding (queen, spider, ant, and a beetle on the ground) is the board game's: a step
//     needs exactly one of its two flanks occupied (free to slide, and in contact); a beetle
//     climbing on or off the hive passes between two flank stacks only if one is no higher
//     than the higher of its own height (lifted) and the target's (the rule Mzinga and
//     nokamute play);
//   - the game ends when a queen is surrounded on all six sides: its side loses, both at
//     once is a draw; and, as UHP engines rule (Mzinga, nokamute), when the same position
//     (the stacks and the side to move) occurs for the third time: a draw. There are no
//     points and no move limit.
//
// The representation is arrays on a torus (below: BaseGame's heights): each cell's stack as
// piece numbers, each piece's cell, and the positions of the game so far as a list of
// hashes. Maps were its first form, and their hashing took two fifths of the search's time.
// It is the base game's rules for the judge, the engine mode and the search alike.

import (
	"slices"
	"strconv"

	"gameagents/internal/search"
)

// BaseHand is each side's pieces at the start of a base game, by kind (Q B S G A).
var BaseHand = [5]int{1, 2, 2, 3, 3}

// Colour is a side of the base game: White moves first.
type Colour uint8

const (
	White Colour = 0
	Black Colour = 1
)

func (c Colour) String() string {
	if c == White {
		return "White"
	}
	return "Black"
}

// BasePiece is a piece of the base game: its colour, kind (index into Kinds) and number
// (1 up, in the order its kind's pieces are placed; 0 for the queen).
type BasePiece struct {
	Colour Colour
	Kind   int
	Num    int
}

// String writes the piece as UHP names it: wQ, bA2.
func (p BasePiece) String() string {
	s := "wb"[p.Colour:p.Colour+1] + Kinds[p.Kind:p.Kind+1]
	if p.Kind != 0 {
		s += strconv.Itoa(p.Num)
	}
	return s
}

// BaseMove is a move of the base game: a placement, a move of a piece, or a pass.
type BaseMove struct {
	Kind     MoveKind
	Piece    BasePiece
	From, To Cell // From only for Step
}

// BaseGame is a base game in progress: the stacks, both hands, the moves played.
type BaseGame struct {
	// stacks holds each cell's pieces by id (pieceID), bottom first, heights[slot] of them;
	// at is the cell of each piece, valid while placed says it is on the board.
	stacks [baseGrid * baseGrid][baseTallest]uint8
	at     [2 * baseSet]Cell
	placed [2 * baseSet]bool
	hand   [2][5]int
	moves  []BaseMove
	// hash identifies the position (a Zobrist-style XOR of its pieces' places and the side
	// to move); hashes holds it after each ply of the game so far (hashes[0] the empty
	// board), for the repetition draw, and buckets counts them by their low bits: a
	// position seen three times has a bucket of three or more, so a bucket below that
	// spares the scan.
	hash    uint64
	hashes  []uint64
	buckets [baseBucketMask + 1]uint16
	// heights mirrors the stacks' heights on a 64×64 torus (cell p,q at p mod 64, q mod
	// 64), for the generator's many look-ups: the hive, 22 pieces at most, and the cells
	// around it span fewer than 64 cells either way, so no two of them share a slot.
	heights [baseGrid * baseGrid]uint8
	// marks and stamp are the generator's scratch sets on the same torus: a cell is in the
	// current set when its mark is the current stamp (newMarks starts an empty set).
	marks [baseGrid * baseGrid]uint32
	stamp uint32
	// dfsSeen, dfsOrder and cutSeen are findCuts' scratch on the same torus: a cell's visit
	// number (valid when its dfsSeen is dfsStamp) and the cut set (cutSeen is dfsStamp).
	dfsSeen, cutSeen [baseGrid * baseGrid]uint32
	dfsOrder         [baseGrid * baseGrid]int32
	dfsStamp         uint32
	dfsCount         int32
	// place, dest and todo are the generator's reused buffers: the cells a piece may be
	// placed on, the destinations of the piece it lists, the ant's cells to visit.
	place, dest, todo []Cell
}

// newMarks starts an empty set of cells in marks.
func (g *BaseGame) newMarks() {
	if g.stamp++; g.stamp == 0 { // wrapped: old marks could read as current
		clear(g.marks[:])
		g.stamp = 1
	}
}

// mark adds c to the current set and reports whether it was not in it already.
func (g *BaseGame) mark(c Cell) bool {
	if g.marks[slot(c)] == g.stamp {
		return false
	}
	g.marks[slot(c)] = g.stamp
	return true
}

// baseGrid is the torus's side: a power of two above the widest hive and its margin.
const baseGrid = 64

// baseBucketMask picks a hash's bucket for the repetition count.
const baseBucketMask = 1<<12 - 1

// baseTallest is the highest stack: a piece with all four beetles on it.
const baseTallest = 5

// baseFirstID is the id of each kind's first piece of White's (Black's are baseSet more):
// the queen, the beetles, the spiders, the grasshoppers, the ants.
var baseFirstID = [5]int{0, 1, 3, 5, 8}

// pieceID numbers p from 0 to 2*baseSet-1.
func pieceID(p BasePiece) int {
	id := int(p.Colour)*baseSet + baseFirstID[p.Kind]
	if p.Kind != 0 {
		id += p.Num - 1
	}
	return id
}

// basePieces is each id's piece.
var basePieces = func() (ps [2 * baseSet]BasePiece) {
	for c := range Colour(2) {
		for kind, n := range BaseHand {
			for num := range n {
				p := BasePiece{Colour: c, Kind: kind, Num: num + 1}
				if kind == 0 {
					p.Num = 0
				}
				ps[pieceID(p)] = p
			}
		}
	}
	return ps
}()

// where is the cell of piece p, and whether it is on the board.
func (g *BaseGame) where(p BasePiece) (Cell, bool) {
	id := pieceID(p)
	return g.at[id], g.placed[id]
}

// occupiedCells appends the occupied cells to out, in the pieces' order (by the id of
// each stack's bottom piece).
func (g *BaseGame) occupiedCells(out []Cell) []Cell {
	for id, on := range g.placed {
		if on && g.stacks[slot(g.at[id])][0] == uint8(id) {
			out = append(out, g.at[id])
		}
	}
	return out
}

// stackMap returns the stacks by cell, for the judge's pictures and lists.
func (g *BaseGame) stackMap() map[Cell][]BasePiece {
	m := map[Cell][]BasePiece{}
	for _, c := range g.occupiedCells(nil) {
		m[c] = g.Stack(c)
	}
	return m
}

// slot is cell c's index in heights.
func slot(c Cell) int { return (c.P&(baseGrid-1))*baseGrid + c.Q&(baseGrid-1) }

// NewBaseGame starts a base game: both hands full, White to move.
func NewBaseGame() *BaseGame {
	g := &BaseGame{hand: [2][5]int{BaseHand, BaseHand}, hashes: []uint64{0}}
	g.buckets[0] = 1
	return g
}

// pieceHash is the hash term of piece p at height h (0 the bottom) of cell c.
func pieceHash(c Cell, h int, p BasePiece) uint64 {
	x := uint64(uint32(int32(c.P)))<<32 | uint64(uint32(int32(c.Q)))
	return search.Mix(search.Mix(x) ^ uint64(h<<8|int(p.Colour)<<4|p.Kind))
}

// moverHash is the hash term of Black to move.
const moverHash = 0x9E3779B97F4A7C15

// baseRepetitions is how many times a position must occur for the draw.
const baseRepetitions = 3

// Plies is the number of moves played, passes included.
func (g *BaseGame) Plies() int { return len(g.moves) }

// ToMove is the side to move.
func (g *BaseGame) ToMove() Colour { return Colour(len(g.moves) & 1) }

// Hand returns how many pieces of each kind side c still has in hand.
func (g *BaseGame) Hand(c Colour) [5]int { return g.hand[c] }

// Stack returns the pieces on cell c, bottom first (nil when it is empty).
func (g *BaseGame) Stack(c Cell) []BasePiece {
	var st []BasePiece
	s := slot(c)
	for _, id := range g.stacks[s][:g.heights[s]] {
		st = append(st, basePieces[id])
	}
	return st
}

// History returns the moves played, in order.
func (g *BaseGame) History() []BaseMove { return slices.Clone(g.moves) }

// baseRing is the six directions in order around a cell, so that directions i-1 and i+1
// are the flanks of a step in direction i: E, SE, SW, W, NW, NE.
var baseRing = [6]Cell{{1, 0}, {0, 1}, {-1, 1}, {-1, 0}, {0, -1}, {1, -1}}

func add(a, b Cell) Cell { return Cell{a.P + b.P, a.Q + b.Q} }

func (g *BaseGame) height(c Cell) int { return int(g.heights[slot(c)]) }

func (g *BaseGame) occupied(c Cell) bool { return g.heights[slot(c)] > 0 }

func (g *BaseGame) top(c Cell) (BasePiece, bool) {
	s := slot(c)
	if g.heights[s] == 0 {
		return BasePiece{}, false
	}
	return basePieces[g.stacks[s][g.heights[s]-1]], true
}

// queenSurrounded reports whether side c's queen is on the board with six occupied
// neighbours.
func (g *BaseGame) queenSurrounded(c Colour) bool {
	at, ok := g.where(BasePiece{Colour: c})
	if !ok {
		return false
	}
	for _, d := range baseRing {
		if !g.occupied(add(at, d)) {
			return false
		}
	}
	return true
}

// Over reports whether the game has ended, and its winner (-1 for a draw).
func (g *BaseGame) Over() (over bool, winner int) {
	w, b := g.queenSurrounded(White), g.queenSurrounded(Black)
	switch {
	case w && b, g.repeated():
		return true, -1
	case w:
		return true, int(Black)
	case b:
		return true, int(White)
	}
	return false, -1
}

// repeated reports whether the position has occurred baseRepetitions times in the game.
// Only positions since the last placement can equal it (a placement adds a piece for good),
// and only those with the same side to move.
func (g *BaseGame) repeated() bool {
	if g.buckets[g.hash&baseBucketMask] < baseRepetitions {
		return false
	}
	n := 1
	for k := len(g.moves) - 2; k >= 0; k -= 2 {
		if g.moves[k].Kind == Place || g.moves[k+1].Kind == Place {
			break
		}
		if g.hashes[k] == g.hash {
			n++
		}
	}
	return n >= baseRepetitions
}

// Moves lists the legal moves of the side to move: a pass alone when it has none, and none
// once the game is over. The same position gives the same list in the same order.
func (g *BaseGame) Moves() []BaseMove { return g.AppendMoves(nil) }

// AppendMoves appends the legal moves (as Moves lists them) to moves, for a search that
// reuses its buffers.
func (g *BaseGame) AppendMoves(moves []BaseMove) []BaseMove {
	if over, _ := g.Over(); over {
		return moves
	}
	start := len(moves)
	me := g.ToMove()
	ply := len(g.moves)
	queenIn := g.hand[me][0] > 0
	places, listed := g.place[:0], false
	for kind := range 5 {
		if g.hand[me][kind] == 0 || (kind == 0 && ply < 2) || (kind != 0 && queenIn && ply >= 6) {
			continue
		}
		if !listed {
			places, listed = g.placements(places, me), true
			g.place = places
		}
		piece := BasePiece{Colour: me, Kind: kind, Num: g.nextNum(me, kind)}
		for _, to := range places {
			moves = append(moves, BaseMove{Kind: Place, Piece: piece, To: to})
		}
	}
	if !queenIn {
		g.findCuts()
		tops, n := g.tops(me)
		for _, cell := range tops[:n] {
			p, dests := g.stepsFrom(cell)
			for _, to := range dests {
				moves = append(moves, BaseMove{Kind: Step, Piece: p, From: cell, To: to})
			}
		}
	}
	if len(moves) == start {
		return append(moves, BaseMove{Kind: Pass})
	}
	return moves
}

// nextNum is the number the next piece of kind placed by c gets.
func (g *BaseGame) nextNum(c Colour, kind int) int {
	if kind == 0 {
		return 0
	}
	return BaseHand[kind] - g.hand[c][kind] + 1
}

// placements appends to out the cells side c may place on: 0,0 on the first move, a
// neighbour of the one piece on the second, else empty cells touching c's pieces and none
// of the opponent's (by the top of each stack).
func (g *BaseGame) placements(out []Cell, c Colour) []Cell {
	switch len(g.moves) {
	case 0:
		return append(out, Cell{0, 0})
	case 1:
		id, _ := g.firstPlaced()
		at := g.at[id]
		for _, d := range baseRing {
			out = append(out, add(at, d))
		}
		return out
	}
	g.newMarks()
	tops, n := g.tops(c)
	for _, at := range tops[:n] {
		for _, d := range baseRing {
			to := add(at, d)
			if g.occupied(to) || !g.mark(to) {
				continue
			}
			if !g.touches(to, 1-c) {
				out = append(out, to)
			}
		}
	}
	return out
}

// stepsFrom returns the top piece of cell and where it may step (in the reused buffer
// dest, valid until the next call), none when the one-hive rule pins it. findCuts must
// have been called on this position.
func (g *BaseGame) stepsFrom(cell Cell) (BasePiece, []Cell) {
	p, _ := g.top(cell)
	if g.height(cell) == 1 && g.isCut(cell) {
		return p, nil // lifting it splits the hive
	}
	g.dest = g.destinations(g.dest[:0], cell, p)
	return p, g.dest
}

// baseSet is the most pieces a side has.
const baseSet = 11

// tops lists the cells whose top piece is side c's, n of them, in a fixed order (by kind,
// then number): the moves' order must not follow a map's, and sorting the cells cost the
// search a tenth of its time.
func (g *BaseGame) tops(c Colour) (cells [baseSet]Cell, n int) {
	for id := int(c) * baseSet; id < int(c+1)*baseSet; id++ {
		if g.placed[id] && g.topID(g.at[id]) == id {
			cells[n] = g.at[id]
			n++
		}
	}
	return cells, n
}

// topID is the id of the top piece of occupied cell c.
func (g *BaseGame) topID(c Cell) int {
	s := slot(c)
	return int(g.stacks[s][g.heights[s]-1])
}

// firstPlaced is the lowest id of a piece on the board; false when there is none.
func (g *BaseGame) firstPlaced() (int, bool) {
	for id, on := range g.placed {
		if on {
			return id, true
		}
	}
	return 0, false
}

// touches reports whether a neighbour of cell is topped by side c.
func (g *BaseGame) touches(cell Cell, c Colour) bool {
	for _, d := range baseRing {
		if p, ok := g.top(add(cell, d)); ok && p.Colour == c {
			return true
		}
	}
	return false
}

// destinations appends to out where the top piece p of cell from may go, lifting it
// leaving the hive in one piece.
func (g *BaseGame) destinations(out []Cell, from Cell, p BasePiece) []Cell {
	switch Kinds[p.Kind] {
	case 'Q':
		return g.slides(out, from, 1)
	case 'S':
		return g.slides(out, from, 3)
	case 'A':
		return g.slides(out, from, -1)
	case 'G':
		return g.jumps(out, from)
	}
	return g.beetleSteps(out, from)
}

// findCuts finds the occupied cells whose removal would split the hive (its articulation
// points, by one depth-first search: a cell is one when a child's subtree reaches no higher
// than the cell itself, or, for the root, when it has two children); isCut reads the
// answer until the next call. It works on the torus's scratch arrays, not maps: the search
// calls it at every node and every leaf.
func (g *BaseGame) findCuts() {
	if g.dfsStamp++; g.dfsStamp == 0 { // wrapped: old marks could read as current
		clear(g.dfsSeen[:])
		clear(g.cutSeen[:])
		g.dfsStamp = 1
	}
	g.dfsCount = 0
	if id, ok := g.firstPlaced(); ok {
		c := g.at[id]
		g.cutVisit(c, c, true)
	}
}

// isCut reports whether cell c was found an articulation point by the last findCuts.
func (g *BaseGame) isCut(c Cell) bool { return g.cutSeen[slot(c)] == g.dfsStamp }

// cutVisit visits c, entered from parent (c itself at the root), numbering it and marking
// it cut where it is one, and returns the lowest number its subtree reaches.
func (g *BaseGame) cutVisit(c, parent Cell, root bool) int32 {
	s := slot(c)
	g.dfsCount++
	g.dfsSeen[s], g.dfsOrder[s] = g.dfsStamp, g.dfsCount
	low, children := g.dfsCount, 0
	for _, d := range baseRing {
		n := add(c, d)
		if !g.occupied(n) || (!root && n == parent) {
			continue
		}
		if ns := slot(n); g.dfsSeen[ns] == g.dfsStamp {
			low = min(low, g.dfsOrder[ns])
			continue
		}
		children++
		l := g.cutVisit(n, c, false)
		low = min(low, l)
		if !root && l >= g.dfsOrder[s] {
			g.cutSeen[s] = g.dfsStamp
		}
	}
	if root && children > 1 {
		g.cutSeen[s] = g.dfsStamp
	}
	return low
}

// connectedWithout reports whether the occupied cells other than from form one group.
func (g *BaseGame) connectedWithout(from Cell) bool {
	var start Cell
	found := false
	for _, c := range g.occupiedCells(nil) {
		if c != from {
			start, found = c, true
			break
		}
	}
	if !found {
		return true
	}
	seen := map[Cell]bool{start: true}
	todo := []Cell{start}
	for len(todo) > 0 {
		c := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		for _, d := range baseRing {
			n := add(c, d)
			if n != from && g.occupied(n) && !seen[n] {
				seen[n] = true
				todo = append(todo, n)
			}
		}
	}
	return len(seen) == len(g.occupiedCells(nil))-1
}

// slideSteps lists the cells one sliding step from at leads to, n of them, for a piece
// lifted from origin (which counts as empty): an empty neighbour with exactly one occupied
// flank.
func (g *BaseGame) slideSteps(origin, at Cell) (steps [6]Cell, n int) {
	var around uint8
	for i, d := range baseRing {
		if c := add(at, d); c != origin && g.occupied(c) {
			around |= 1 << i
		}
	}
	for i, d := range baseRing {
		if slideDirs[around]>>i&1 != 0 {
			steps[n] = add(at, d)
			n++
		}
	}
	return steps, n
}

// slideDirs holds, for each set of occupied neighbours (bit i: direction baseRing[i]),
// the directions a piece may slide in: to an empty neighbour with exactly one of its two
// flanks occupied. One look-up a cell instead of three a direction.
var slideDirs = func() (t [64]uint8) {
	for around := range 64 {
		for i := range 6 {
			left, right := around>>((i+5)%6)&1, around>>((i+1)%6)&1
			if around>>i&1 == 0 && left != right {
				t[around] |= 1 << i
			}
		}
	}
	return t
}()

// slides appends to out the destinations of exactly steps sliding steps from origin
// without entering a cell twice (the spider: 3, the queen: 1), or of any number of at
// least one (steps < 0: the ant).
func (g *BaseGame) slides(out []Cell, origin Cell, steps int) []Cell {
	g.newMarks()
	g.mark(origin)
	if steps >= 0 {
		var path [3]Cell
		return g.walk(out, origin, origin, path[:0], steps)
	}
	todo := append(g.todo[:0], origin)
	for len(todo) > 0 {
		c := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		next, n := g.slideSteps(origin, c)
		for _, to := range next[:n] {
			if g.mark(to) {
				out = append(out, to)
				todo = append(todo, to)
			}
		}
	}
	g.todo = todo
	return out
}

// walk appends to out the cells steps sliding steps from at reach (each once: the marks),
// entering neither origin nor a cell of path, the cells walked so far.
func (g *BaseGame) walk(out []Cell, origin, at Cell, path []Cell, steps int) []Cell {
	if len(path) == steps {
		if g.mark(at) {
			out = append(out, at)
		}
		return out
	}
	next, n := g.slideSteps(origin, at)
	for _, to := range next[:n] {
		if to != origin && !slices.Contains(path, to) {
			out = g.walk(out, origin, to, append(path, to), steps)
		}
	}
	return out
}

// jumps appends to out the grasshopper's landings: over one or more occupied cells in a
// line, onto the first empty one.
func (g *BaseGame) jumps(out []Cell, from Cell) []Cell {
	for _, d := range baseRing {
		c := add(from, d)
		if !g.occupied(c) {
			continue
		}
		for g.occupied(c) {
			c = add(c, d)
		}
		out = append(out, c)
	}
	return out
}

// beetleSteps appends to out the beetle's steps: on the ground, a sliding step; onto or
// off the hive, a step between flank stacks not both higher than the higher of its own
// height, lifted, and the target's.
func (g *BaseGame) beetleSteps(out []Cell, from Cell) []Cell {
	own := g.height(from) - 1
	for i, d := range baseRing {
		to := add(from, d)
		barrier := max(own, g.height(to))
		if barrier == 0 {
			continue // a step on the ground: a slide, below
		}
		l, r := g.height(add(from, baseRing[(i+5)%6])), g.height(add(from, baseRing[(i+1)%6]))
		if l > barrier && r > barrier {
			continue
		}
		out = append(out, to)
	}
	if own == 0 {
		next, n := g.slideSteps(from, from)
		out = append(out, next[:n]...)
	}
	return out
}

// Play plays m, which must be legal (one of Moves).
func (g *BaseGame) Play(m BaseMove) {
	switch m.Kind {
	case Place:
		g.hand[m.Piece.Colour][m.Piece.Kind]--
	case Step:
		g.hash ^= pieceHash(m.From, g.height(m.From)-1, m.Piece)
		g.removeTop(m.From)
	}
	if m.Kind != Pass {
		g.hash ^= pieceHash(m.To, g.height(m.To), m.Piece)
		g.push(m.To, m.Piece)
	}
	g.hash ^= moverHash
	g.moves = append(g.moves, m)
	g.hashes = append(g.hashes, g.hash)
	g.buckets[g.hash&baseBucketMask]++
}

// Undo takes back the last move; false when there is none.
func (g *BaseGame) Undo() bool {
	if len(g.moves) == 0 {
		return false
	}
	m := g.moves[len(g.moves)-1]
	g.moves = g.moves[:len(g.moves)-1]
	g.buckets[g.hash&baseBucketMask]--
	g.hashes = g.hashes[:len(g.hashes)-1]
	g.hash ^= moverHash
	if m.Kind != Pass {
		g.removeTop(m.To)
		g.hash ^= pieceHash(m.To, g.height(m.To), m.Piece)
	}
	switch m.Kind {
	case Place:
		g.hand[m.Piece.Colour][m.Piece.Kind]++
	case Step:
		g.hash ^= pieceHash(m.From, g.height(m.From), m.Piece)
		g.push(m.From, m.Piece)
	}
	return true
}

// push puts p on top of cell c's stack.
func (g *BaseGame) push(c Cell, p BasePiece) {
	s, id := slot(c), pieceID(p)
	g.stacks[s][g.heights[s]] = uint8(id)
	g.heights[s]++
	g.at[id], g.placed[id] = c, true
}

// removeTop takes the top piece off occupied cell c.
func (g *BaseGame) removeTop(c Cell) {
	s := slot(c)
	g.heights[s]--
	g.placed[g.stacks[s][g.heights[s]]] = false
}

// BasePerft counts the move sequences of depth plies from g (passes included, none after
// the game's end), as Mzinga and nokamute count them.
func BasePerft(g *BaseGame, depth int) int64 {
	if depth == 0 {
		return 1
	}
	moves := g.Moves()
	if depth == 1 {
		return int64(len(moves))
	}
	var n int64
	for _, m := range moves {
		g.Play(m)
		n += BasePerft(g, depth-1)
		g.Undo()
	}
	return n
}

// String describes the game for tests and logs: its UHP game string.
func (g *BaseGame) String() string { return g.GameString() }
