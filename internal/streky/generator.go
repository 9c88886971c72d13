package streky

import (
	"math/bits"

	"gameagents/internal/search"
)

// The fast generator: every legal placement of every card of a hand with its gain, from row
// masks (fit, contact) and a label map of the board's regions (gains). See the package
// comment for why the gain read from the labels equals the spec's.

// paddedSide is the side of the generator's padded grids: the board with a frame of one
// cell all round, so that the cells just outside a card on the board are always in the
// grid (the frame's cells belong to no region).
const paddedSide = MaxSide + 2

// Placement is one legal placement found by a Generator: the matrix Generator.Matrix(Matrix)
// written with its top-left cell at (Row, Col), and its gain.
type Placement struct {
	Row, Col uint8
	Gain     int16 // at most MaxSide², the whole board
	Matrix   uint32
}

// Generator enumerates placements. It learns each card it is given once (its distinct
// rotations and their groups) and keeps per-position scratch space, so that after the first
// call with a hand, calls allocate nothing. A Generator is not safe for concurrent use.
type Generator struct {
	classOf  map[Card]uint32 // every matrix met → its class: the rotations of one card
	classes  []matrixRange   // class → its matrices
	matrices []matrixInfo
	groups   []edgeGroup
	outside  []int32 // padded-grid offsets from the anchor's cell, per group

	classSeen  []uint32 // per class: the call that last enumerated it
	callStamp  uint32
	shapeStamp [MaxCardSide + 1][MaxCardSide + 1]uint32 // call that computed shapeAnchors
	// shapeAnchors[h][w][r]: bit c set when an h×w card may go at (r, c): it fits, and it
	// touches a covered cell or the board is empty.
	shapeAnchors [MaxCardSide + 1][MaxCardSide + 1][MaxSide]uint64

	// The current position's regions.
	colour [paddedSide * paddedSide]uint8 // colour of each padded cell, 0 for none
	// colourLabel[k][cell]: the region of cell when its colour is k, else 0. One grid per
	// colour makes a group's test of a neighbour one load: nonzero means a region of the
	// group's colour.
	colourLabel [MaxColour + 1][paddedSide * paddedSide]uint16
	regionSize  [MaxSide*MaxSide + 1]int32
	regionSeen  [MaxSide*MaxSide + 1]uint32
	regionStamp uint32
	stack       [MaxSide * MaxSide]int32

	// Row masks of the current shape's width.
	freeRun, coveredRun, sideCovered [MaxSide]uint64
}

type matrixRange struct{ first, end uint32 }

// matrixInfo is one distinct matrix: its card and its groups that reach the card's edge.
type matrixInfo struct {
	card       Card
	rows, cols int
	groupFirst int32
	groupEnd   int32
}

// edgeGroup is a 4-connected same-colour group of a matrix that has cells on the card's
// edge; a group inside the card can touch no old cell, so it never scores and is not kept.
type edgeGroup struct {
	colour       uint8
	size         int32
	outsideFirst int32 // its cells just outside the card: outside[outsideFirst:outsideEnd]
	outsideEnd   int32
}

// NewGenerator returns an empty generator.
func NewGenerator() *Generator {
	return &Generator{classOf: map[Card]uint32{}}
}

// Matrix returns the matrix a Placement's Matrix index names.
func (g *Generator) Matrix(i uint32) Card { return g.matrices[i].card }

// Move returns p as a Move.
func (g *Generator) Move(p Placement) Move {
	return Move{Row: int(p.Row), Col: int(p.Col), Card: g.matrices[p.Matrix].card}
}

// Placements appends to buf[:0] every legal placement of a card of hand on b with its gain,
// one per distinct (row, col, matrix) like ReferenceMoves, and returns it: cards in hand
// order (a card equal to an earlier one up to rotation adds nothing), each card's distinct
// rotations (counter-clockwise from the first card of its class the generator met), anchors
// row by row. It is empty when the player must pass. Given a buffer with
// room for every placement and a hand whose cards the generator has met, it allocates nothing.
func (g *Generator) Placements(b *Board, hand []Card, buf []Placement) []Placement {
	return g.PlacementsWithin(b, hand, buf, nil)
}

// PlacementsWithin is Placements within a budget (nil: none), for the players that list
// every placement and have no search to cut short: each matrix's placements are charged to
// budget (a node each, and one for the matrix), and the listing stops after the matrix at
// which budget says to stop, once it holds a placement. What it returns is then a prefix of
// what Placements returns. A matrix lists at most 64·64 placements, under a millisecond's work.
func (g *Generator) PlacementsWithin(b *Board, hand []Card, buf []Placement, budget *search.Budget) []Placement {
	out := buf[:0]
	g.callStamp++
	if g.callStamp == 0 {
		clear(g.classSeen)
		g.shapeStamp = [MaxCardSide + 1][MaxCardSide + 1]uint32{}
		g.callStamp = 1
	}
	labelled := false
	for _, card := range hand {
		cls := g.classFor(card)
		if g.classSeen[cls] == g.callStamp {
			continue
		}
		g.classSeen[cls] = g.callStamp
		if !labelled {
			g.labelRegions(b)
			labelled = true
		}
		span := g.classes[cls]
		for mi := span.first; mi < span.end; mi++ {
			listed := len(out)
			out = g.appendMatrix(b, mi, out)
			if budget == nil {
				continue
			}
			budget.Charge(int64(len(out) - listed))
			if budget.Count() && len(out) > 0 {
				return out
			}
		}
	}
	return out
}

// appendMatrix appends the legal placements of matrix mi on b.
func (g *Generator) appendMatrix(b *Board, mi uint32, out []Placement) []Placement {
	m := &g.matrices[mi]
	h, w := m.rows, m.cols
	if h > b.rows || w > b.cols {
		return out
	}
	anchors := g.anchors(b, h, w)
	groups := g.groups[m.groupFirst:m.groupEnd]
	for r := 0; r+h <= b.rows; r++ {
		for left := anchors[r]; left != 0; left &= left - 1 {
			c := bits.TrailingZeros64(left)
			base := int32((r+1)*paddedSide + c + 1)
			out = append(out, Placement{Row: uint8(r), Col: uint8(c), Gain: int16(g.gain(base, groups)), Matrix: mi})
		}
	}
	return out
}

// gain returns the gain of writing a matrix with these edge groups at the padded cell base:
// the size of every old region that some group touches in its own colour, each once, plus
// the size of every such group.
func (g *Generator) gain(base int32, groups []edgeGroup) int {
	g.regionStamp++
	if g.regionStamp == 0 {
		clear(g.regionSeen[:])
		g.regionStamp = 1
	}
	stamp := g.regionStamp
	gain := 0
	for gi := range groups {
		grp := &groups[gi]
		labels := &g.colourLabel[grp.colour]
		joined := false
		for _, off := range g.outside[grp.outsideFirst:grp.outsideEnd] {
			l := labels[base+off]
			if l == 0 {
				continue
			}
			joined = true
			if g.regionSeen[l] != stamp {
				g.regionSeen[l] = stamp
				gain += int(g.regionSize[l])
			}
		}
		if joined {
			gain += int(grp.size)
		}
	}
	return gain
}

// anchors returns, for each row r, the columns where an h×w card fits on b with contact
// (or anywhere it fits on an empty board) as bits, computing them once per call and shape.
func (g *Generator) anchors(b *Board, h, w int) *[MaxSide]uint64 {
	out := &g.shapeAnchors[h][w]
	if g.shapeStamp[h][w] == g.callStamp {
		return out
	}
	g.shapeStamp[h][w] = g.callStamp
	onBoard := ^uint64(0) >> uint(MaxSide-b.cols)
	for r := 0; r < b.rows; r++ {
		covered := b.occupied[r]
		free := ^covered & onBoard
		// Bit c of freeRun: cells c..c+w-1 all free (hence c+w <= cols); of coveredRun:
		// some of them covered.
		freeRun, coveredRun := free, covered
		for k := 1; k < w; k++ {
			freeRun &= free >> uint(k)
			coveredRun |= covered >> uint(k)
		}
		g.freeRun[r], g.coveredRun[r] = freeRun, coveredRun
		// Bit c: cell c-1 or cell c+w covered, the cells just left and right of a card at c.
		g.sideCovered[r] = covered<<1 | covered>>uint(w)
	}
	first := b.IsEmpty()
	for r := 0; r+h <= b.rows; r++ {
		fit, touch := ^uint64(0), uint64(0)
		for k := r; k < r+h; k++ {
			fit &= g.freeRun[k]
			touch |= g.sideCovered[k]
		}
		if r > 0 {
			touch |= g.coveredRun[r-1]
		}
		if r+h < b.rows {
			touch |= g.coveredRun[r+h]
		}
		if !first {
			fit &= touch
		}
		out[r] = fit
	}
	return out
}

// labelRegions fills the padded colour and label grids and the regions' sizes from b: a
// flood fill from each coloured cell not yet labelled.
func (g *Generator) labelRegions(b *Board) {
	used := (b.rows + 2) * paddedSide
	clear(g.colour[:used])
	for k := range g.colourLabel {
		clear(g.colourLabel[k][:used])
	}
	for r := 0; r < b.rows; r++ {
		for c := 0; c < b.cols; c++ {
			if v := b.At(r, c); v != Empty && v != 0 {
				g.colour[(r+1)*paddedSide+c+1] = v
			}
		}
	}
	regions := uint16(0)
	for r := 0; r < b.rows; r++ {
		for c := 0; c < b.cols; c++ {
			start := int32((r+1)*paddedSide + c + 1)
			colour := g.colour[start]
			labels := &g.colourLabel[colour]
			if colour == 0 || labels[start] != 0 {
				continue
			}
			regions++
			labels[start] = regions
			g.stack[0] = start
			top, size := 1, int32(0)
			for top > 0 {
				top--
				cell := g.stack[top]
				size++
				for _, next := range [4]int32{cell - paddedSide, cell + paddedSide, cell - 1, cell + 1} {
					if g.colour[next] == colour && labels[next] == 0 {
						labels[next] = regions
						g.stack[top] = next
						top++
					}
				}
			}
			g.regionSize[regions] = size
		}
	}
}

// classFor returns card's class, learning the card's rotations when it is new. All of a
// new card's rotations are entered in classOf, so a card met later in another rotation
// finds the same class.
func (g *Generator) classFor(card Card) uint32 {
	if cls, ok := g.classOf[card]; ok {
		return cls
	}
	cls := uint32(len(g.classes))
	first := uint32(len(g.matrices))
	for _, m := range card.Rotations() {
		g.classOf[m] = cls
		g.learnMatrix(m)
	}
	g.classes = append(g.classes, matrixRange{first, uint32(len(g.matrices))})
	g.classSeen = append(g.classSeen, 0)
	return cls
}

// learnMatrix adds m with its edge groups and, for each, the padded-grid offsets (from the
// anchor's cell) of the cells just outside the card that touch it. Each such cell touches
// exactly one card cell, so no offset is listed twice.
func (g *Generator) learnMatrix(m Card) {
	h, w := int(m.Rows), int(m.Cols)
	info := matrixInfo{card: m, rows: h, cols: w, groupFirst: int32(len(g.groups))}
	var grouped [MaxCardSide * MaxCardSide]bool
	var todo [MaxCardSide * MaxCardSide][2]int
	for i := 0; i < h; i++ {
		for j := 0; j < w; j++ {
			colour := m.At(i, j)
			if colour == 0 || grouped[i*MaxCardSide+j] {
				continue
			}
			grp := edgeGroup{colour: colour, outsideFirst: int32(len(g.outside))}
			grouped[i*MaxCardSide+j] = true
			todo[0] = [2]int{i, j}
			top := 1
			for top > 0 {
				top--
				ci, cj := todo[top][0], todo[top][1]
				grp.size++
				for _, d := range steps {
					ni, nj := ci+d[0], cj+d[1]
					if ni < 0 || nj < 0 || ni >= h || nj >= w {
						g.outside = append(g.outside, int32(ni*paddedSide+nj))
						continue
					}
					if m.At(ni, nj) == colour && !grouped[ni*MaxCardSide+nj] {
						grouped[ni*MaxCardSide+nj] = true
						todo[top] = [2]int{ni, nj}
						top++
					}
				}
			}
			grp.outsideEnd = int32(len(g.outside))
			if grp.outsideEnd > grp.outsideFirst {
				g.groups = append(g.groups, grp)
			}
		}
	}
	info.groupEnd = int32(len(g.groups))
	g.matrices = append(g.matrices, info)
}

// listRoom is the room a list of the placements of hand on b needs when PlacementsWithin
// lists them within a budget of limit nodes (0: none): the reading that stops it comes at
// most search.CheckEvery nodes past the limit, after a matrix (at most MaxSide² placements),
// and no hand has more than 4 matrices a card on every anchor. Room for that, made at once,
// keeps the list from growing by copying, which costs twice the listing on a 64×64 board;
// the pages the listing does not reach stay untouched.
func listRoom(b *Board, hand []Card, limit int64) int {
	most := int64(len(hand)) * 4 * int64(b.Rows()*b.Cols())
	if limit > 0 {
		most = min(most, limit+search.CheckEvery+MaxSide*MaxSide)
	}
	return int(most)
}

// reserve returns buf emptied, with room for n placements.
func reserve(buf []Placement, n int) []Placement {
	if cap(buf) < n {
		return make([]Placement, 0, n)
	}
	return buf[:0]
}
