package quoridor

// The search's breadth-first searches, over the board's open steps as bitsets.
//
// Two layouts of the same working board are kept. Row bitsets (openSteps: one word per row)
// serve every board up to MaxSize×MaxSize; a level of a search there costs a few operations
// per row the frontier spans. A board of at most 128 cells is also kept whole in two words
// (wide: cell (x,y) at bit y·nx+x), where a level of the search is a handful of shifts of the
// whole board, whatever its span: the search's hot path, distance after a candidate wall,
// runs there. Both layouts are changed together (load, place, lift), so they always hold the
// same board. No guard column is needed between the rows of the wide layout: the step east
// of a row's last cell and the steps south of the last row are never open (the invariants of
// Position), so a shift never carries a cell into the next row or off the board.

import "math/bits"

// cellCode is a cell's index in the distance maps: y<<cellShift | x.
func cellCode(x, y int) int { return y<<cellShift | x }

// flood is the scratch space of the search's breadth-first searches: the board's open steps
// as row bitsets (working copies in which candidate walls are placed and lifted) and the
// rows of the cells reached and of two frontiers. It lives in the Engine: a search allocates
// nothing.
type flood struct {
	openSteps
	seen  [MaxSize]uint64
	front [2][MaxSize]uint64
	rows  int64 // rows spread since the search began: its work, charged to the budget
	// small: the board has at most 128 cells, and east and south hold it in the wide
	// layout: the bit of a cell says its step east (south) is open.
	small       bool
	east, south wide
	codes       [128]uint16 // the cell code of each bit of the wide layout, for a board codesNX wide
	codesNX     int
}

// wideRows is what a level of the wide search is charged, in rows of the row search: the
// budget's unit stays the same work on every board (rowsPerUnit).
const wideRows = 2

// load copies the board of p into both layouts.
func (f *flood) load(p *Position) {
	f.openSteps.load(p)
	f.small = p.NX*p.NY <= 128
	if !f.small {
		return
	}
	if f.codesNX != p.NX {
		for i := range f.codes {
			f.codes[i] = uint16(cellCode(i%p.NX, i/p.NX))
		}
		f.codesNX = p.NX
	}
	f.east, f.south = wide{}, wide{}
	for y := 0; y < p.NY; y++ {
		f.east.or(p.openX[y], y*p.NX)
		f.south.or(p.openY[y], y*p.NX)
	}
}

// place blocks the steps of wall m in both layouts.
func (f *flood) place(m Move) {
	f.openSteps.place(m)
	if f.small {
		f.east, f.south = f.east.andNot(wallEast(m, f.nx)), f.south.andNot(wallSouth(m, f.nx))
	}
}

// lift opens again the steps of wall m, which were open when it was placed.
func (f *flood) lift(m Move) {
	f.openSteps.lift(m)
	if f.small {
		f.east, f.south = f.east.union(wallEast(m, f.nx)), f.south.union(wallSouth(m, f.nx))
	}
}

// wallEast is the wide set of the east steps wall m blocks; wallSouth, of its south steps.
func wallEast(m Move, nx int) wide {
	var w wide
	if m.Orient == Vertical {
		w.or(1<<m.X, int(m.Y)*nx)
		w.or(1<<m.X, (int(m.Y)+1)*nx)
	}
	return w
}

func wallSouth(m Move, nx int) wide {
	var w wide
	if m.Orient == Horizontal {
		w.or(3<<m.X, int(m.Y)*nx)
	}
	return w
}

// spread returns the cells one open step from the cells of cur in row r, not yet seen.
// Rows of cur outside the board are zero.
func (f *flood) spread(cur *[MaxSize]uint64, r int) uint64 {
	c := cur[r]
	v := (c&f.ox[r])<<1 | (c>>1)&f.ox[r]
	if r > 0 {
		v |= cur[r-1] & f.oy[r-1]
	}
	if r+1 < f.ny {
		v |= cur[r+1] & f.oy[r]
	}
	return v &^ f.seen[r]
}

// clear empties the cells reached and both frontiers, for a new breadth-first search.
func (f *flood) clear() {
	for r := 0; r < f.ny; r++ {
		f.seen[r], f.front[0][r], f.front[1][r] = 0, 0, 0
	}
}

// distance returns the length of a shortest path from (x,y) to row goal through the open
// steps of the working copies, or -1 when there is none. It advances a whole level of the
// breadth-first search at a time, a row bitset per row, over the rows the frontier can
// have reached.
func (f *flood) distance(x, y, goal int) int {
	if y == goal {
		return 0
	}
	if f.small {
		return f.distanceWide(x, y, goal)
	}
	f.clear()
	cur, next := &f.front[0], &f.front[1]
	cur[y], f.seen[y] = 1<<x, 1<<x
	lo, hi := y, y // cur is zero outside rows lo..hi
	for d := 1; ; d++ {
		newLo, newHi := f.level(cur, next, lo, hi)
		if next[goal] != 0 {
			return d
		}
		if newHi < 0 {
			return -1
		}
		cur, next = next, cur
		lo, hi = newLo, newHi
	}
}

// level advances a row search by one level: it writes into next the cells one open step
// from cur (zero outside rows lo..hi), not yet seen, marks them seen, charges the rows it
// spread, and clears cur. It returns the rows the new frontier spans (newHi < 0: none);
// next is zero outside them, as it was zero before.
func (f *flood) level(cur, next *[MaxSize]uint64, lo, hi int) (newLo, newHi int) {
	from, to := max(lo-1, 0), min(hi+1, f.ny-1)
	f.rows += int64(to - from + 1)
	newLo, newHi = f.ny, -1
	for r := from; r <= to; r++ {
		v := f.spread(cur, r)
		next[r] = v
		if v != 0 {
			f.seen[r] |= v
			newLo, newHi = min(newLo, r), r
		}
	}
	for r := lo; r <= hi; r++ {
		cur[r] = 0
	}
	return newLo, newHi
}

// distanceMap writes into m, for every cell from which row goal can be reached, the length
// of its shortest path there; other cells' entries are left as they were. It is the same
// level-at-a-time search, started from the whole goal row.
func (f *flood) distanceMap(goal int, m *[maxCells]int16) {
	if f.small {
		f.distanceMapWide(goal, m)
		return
	}
	f.clear()
	cur, next := &f.front[0], &f.front[1]
	row := uint64(1)<<f.nx - 1
	cur[goal], f.seen[goal] = row, row
	for x := 0; x < f.nx; x++ {
		m[cellCode(x, goal)] = 0
	}
	lo, hi := goal, goal
	for d := int16(1); ; d++ {
		newLo, newHi := f.level(cur, next, lo, hi)
		if newHi < 0 {
			return
		}
		for r := newLo; r <= newHi; r++ {
			for rest := next[r]; rest != 0; rest &= rest - 1 {
				m[cellCode(bits.TrailingZeros64(rest), r)] = d
			}
		}
		cur, next = next, cur
		lo, hi = newLo, newHi
	}
}

// descend follows a shortest path of pl down its distance map m (which must reach pl's
// cell), setting the bit of each step in pathX and pathY (laid out as openX and openY). At
// each cell it takes the first open step to a cell one nearer, trying the step toward the
// goal row, then +x, then -x, then away.
func (f *flood) descend(m *[maxCells]int16, pl Player, pathX, pathY *[MaxSize]uint64) {
	x, y := pl.X, pl.Y
	fwd := 1
	if pl.Goal < y {
		fwd = -1
	}
	for d := m[cellCode(x, y)]; d > 0; d-- {
		want := d - 1
		switch {
		case f.stepOpenY(x, y, fwd) && m[cellCode(x, y+fwd)] == want:
			pathY[min(y, y+fwd)] |= 1 << x
			y += fwd
		case f.ox[y]>>x&1 != 0 && m[cellCode(x+1, y)] == want:
			pathX[y] |= 1 << x
			x++
		case x > 0 && f.ox[y]>>(x-1)&1 != 0 && m[cellCode(x-1, y)] == want:
			pathX[y] |= 1 << (x - 1)
			x--
		default: // away from the goal row: the only step left that can be one nearer
			pathY[min(y, y-fwd)] |= 1 << x
			y -= fwd
		}
	}
}

// stepOpenY reports whether the step from (x,y) to (x,y+dy) is open, dy being 1 or -1.
func (f *flood) stepOpenY(x, y, dy int) bool {
	if dy > 0 {
		return y+1 < f.ny && f.oy[y]>>x&1 != 0
	}
	return y > 0 && f.oy[y-1]>>x&1 != 0
}

// distanceWide is distance on a board of at most 128 cells.
func (f *flood) distanceWide(x, y, goal int) int {
	var cur, target wide
	cur.or(1<<x, y*f.nx)
	target.or(1<<f.nx-1, goal*f.nx)
	seen := cur
	for d := 1; ; d++ {
		next := f.spreadWide(cur, seen)
		if next.empty() {
			return -1
		}
		if !next.and(target).empty() {
			return d
		}
		seen = seen.union(next)
		cur = next
	}
}

// distanceMapWide is distanceMap on a board of at most 128 cells.
func (f *flood) distanceMapWide(goal int, m *[maxCells]int16) {
	var cur wide
	cur.or(1<<f.nx-1, goal*f.nx)
	seen := cur
	for d := int16(0); !cur.empty(); d++ {
		for rest := cur.lo; rest != 0; rest &= rest - 1 {
			m[f.codes[bits.TrailingZeros64(rest)]] = d
		}
		for rest := cur.hi; rest != 0; rest &= rest - 1 {
			m[f.codes[64+bits.TrailingZeros64(rest)]] = d
		}
		cur = f.spreadWide(cur, seen)
		seen = seen.union(cur)
	}
}

// spreadWide returns the cells one open step from the cells of cur, not in seen: the
// frontier's four shifts, masked by the open steps, of the whole board at once. It charges
// the level to the budget.
func (f *flood) spreadWide(cur, seen wide) wide {
	f.rows += wideRows
	nx := uint(f.nx)
	return cur.and(f.east).shl(1).
		union(cur.shr(1).and(f.east)).
		union(cur.and(f.south).shl(nx)).
		union(cur.shr(nx).and(f.south)).
		andNot(seen)
}

// wide is a set of up to 128 cells: bit i of lo is cell i, bit i of hi cell 64+i.
type wide struct{ lo, hi uint64 }

// or adds the bits of row, shifted up by at (0 <= at < 128); bits shifted past 127 are lost.
func (w *wide) or(row uint64, at int) {
	if at < 64 {
		w.lo |= row << at
		w.hi |= row >> (64 - at) // at = 0 shifts by 64, which gives 0
	} else {
		w.hi |= row << (at - 64)
	}
}

func (w wide) and(v wide) wide    { return wide{w.lo & v.lo, w.hi & v.hi} }
func (w wide) union(v wide) wide  { return wide{w.lo | v.lo, w.hi | v.hi} }
func (w wide) andNot(v wide) wide { return wide{w.lo &^ v.lo, w.hi &^ v.hi} }
func (w wide) empty() bool        { return w.lo|w.hi == 0 }

// shl shifts the set up by k cells, 0 < k <= 64.
func (w wide) shl(k uint) wide { return wide{w.lo << k, w.hi<<k | w.lo>>(64-k)} }

// shr shifts the set down by k cells, 0 < k <= 64.
func (w wide) shr(k uint) wide { return wide{w.lo>>k | w.hi<<(64-k), w.hi >> k} }
