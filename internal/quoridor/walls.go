package quoridor

// The fast wall generator and the path searches behind it and the path rule.
//
// Why the shortcut is sound: a wall only removes steps. If it removes no step of some path of
// a player to its goal row, that path is still there afterwards, so the player is not cut
// off. Hence, with one path per player in hand, only candidates that block a step of one of
// those paths need a search, and only for the player whose path they block. Shortest paths
// are taken because they have the fewest steps, so the fewest candidates touch them.

import (
	"math/bits"
	"sync"
)

// pathSearch is the scratch space of the path searches (about 17 kB). Scratch spaces are
// kept between calls (pathSearches), so searching allocates nothing.
type pathSearch struct {
	openSteps
	seen   [MaxSize]uint64 // cells reached, one row per word
	cells  [maxCells]uint16
	parent [maxCells]uint16 // shortestPath: the cell each cell was reached from, by cell code
	n      int              // reaches: the depth of the stack in cells
	// Each player's shortest path, marked by shortestPath (laid out as openX and openY).
	pathX, pathY [2][MaxSize]uint64
}

// pathSearches keeps path-search scratch spaces between calls. On the stack a 17 kB scratch
// space would be zeroed at every call, which cost the wall generator 8% on 9×9; none of it
// needs to be zero, as every search clears or writes what it reads. Take one with
// newPathSearch and give it back with release.
var pathSearches = sync.Pool{New: func() any { return new(pathSearch) }}

// newPathSearch returns a scratch space loaded with p's board, its paths cleared.
func newPathSearch(p *Position) *pathSearch {
	s := pathSearches.Get().(*pathSearch)
	s.load(p)
	for i := range s.pathX {
		clear(s.pathX[i][:p.NY])
		clear(s.pathY[i][:p.NY])
	}
	return s
}

// release gives the scratch space back; s must not be used after.
func (s *pathSearch) release() { pathSearches.Put(s) }

// openSteps is a working copy of a board's open steps (Position.openX and openY, row
// bitsets), in which candidate walls are placed and lifted: the path searches' board.
type openSteps struct {
	nx, ny int
	ox, oy [MaxSize]uint64
}

// load copies the board of p into the working copies: its NY rows only, as the searches
// read no others, so that a small board does not pay for the largest's rows.
func (o *openSteps) load(p *Position) {
	o.nx, o.ny = p.NX, p.NY
	copy(o.ox[:p.NY], p.openX[:p.NY])
	copy(o.oy[:p.NY], p.openY[:p.NY])
}

// place blocks the steps of wall m in the working copies.
func (o *openSteps) place(m Move) {
	x, y := uint(m.X), int(m.Y)
	if m.Orient == Horizontal {
		o.oy[y] &^= 3 << x
	} else {
		o.ox[y] &^= 1 << x
		o.ox[y+1] &^= 1 << x
	}
}

// lift opens again the steps of wall m in the working copies, which were open when it was
// placed.
func (o *openSteps) lift(m Move) {
	x, y := uint(m.X), int(m.Y)
	if m.Orient == Horizontal {
		o.oy[y] |= 3 << x
	} else {
		o.ox[y] |= 1 << x
		o.ox[y+1] |= 1 << x
	}
}

func (s *pathSearch) clearSeen() {
	for y := 0; y < s.ny; y++ {
		s.seen[y] = 0
	}
}

// push marks (x,y) seen and pushes it on the stack, unless it was seen already.
func (s *pathSearch) push(x, y int) {
	bit := uint64(1) << x
	if s.seen[y]&bit == 0 {
		s.seen[y] |= bit
		s.cells[s.n] = uint16(y<<cellShift | x)
		s.n++
	}
}

// reaches reports whether the goal row can be reached from (x,y) through open steps of the
// working copies. It is a depth-first search that pushes the step toward the goal row last,
// so it pops it first: on an open board it walks straight to the goal row, and it never
// visits a cell twice.
func (s *pathSearch) reaches(x, y, goal int) bool {
	if y == goal {
		return true
	}
	s.clearSeen()
	s.n = 0
	s.push(x, y)
	up := goal > y // toward the goal row is +y; the goal row is the first or the last
	for s.n > 0 {
		s.n--
		c := s.cells[s.n]
		cx, cy := int(c&(MaxSize-1)), int(c>>cellShift)
		if up {
			if cy > 0 && s.oy[cy-1]>>cx&1 != 0 {
				s.push(cx, cy-1)
			}
		} else if s.oy[cy]>>cx&1 != 0 {
			s.push(cx, cy+1)
		}
		if cx > 0 && s.ox[cy]>>(cx-1)&1 != 0 {
			s.push(cx-1, cy)
		}
		if s.ox[cy]>>cx&1 != 0 {
			s.push(cx+1, cy)
		}
		if up {
			if s.oy[cy]>>cx&1 != 0 {
				if cy+1 == goal {
					return true
				}
				s.push(cx, cy+1)
			}
		} else if cy > 0 && s.oy[cy-1]>>cx&1 != 0 {
			if cy-1 == goal {
				return true
			}
			s.push(cx, cy-1)
		}
	}
	return false
}

// shortestPath runs a breadth-first search from (x,y) to the goal row through open steps of
// the working copies. It returns the length of a shortest path, and sets in pathX and pathY
// (laid out as openX and openY) the bits of that path's steps; -1 if there is no path.
func (s *pathSearch) shortestPath(x, y, goal int, pathX, pathY *[MaxSize]uint64) int {
	if y == goal {
		return 0
	}
	s.clearSeen()
	start := uint16(y<<cellShift | x)
	s.seen[y] = 1 << x
	s.cells[0] = start
	head, tail := 0, 1
	for head < tail {
		c := s.cells[head]
		head++
		cx, cy := int(c&(MaxSize-1)), int(c>>cellShift)
		var next [4]uint16
		n := 0
		if s.ox[cy]>>cx&1 != 0 {
			next[n] = c + 1
			n++
		}
		if cx > 0 && s.ox[cy]>>(cx-1)&1 != 0 {
			next[n] = c - 1
			n++
		}
		if s.oy[cy]>>cx&1 != 0 {
			next[n] = c + 1<<cellShift
			n++
		}
		if cy > 0 && s.oy[cy-1]>>cx&1 != 0 {
			next[n] = c - 1<<cellShift
			n++
		}
		for _, d := range next[:n] {
			dx, dy := int(d&(MaxSize-1)), int(d>>cellShift)
			if s.seen[dy]>>dx&1 != 0 {
				continue
			}
			s.seen[dy] |= 1 << dx
			s.parent[d] = c
			if dy == goal {
				return s.markPath(start, d, pathX, pathY)
			}
			s.cells[tail] = d
			tail++
		}
	}
	return -1
}

// markPath follows parent links from end back to start, setting the bit of each step in
// pathX or pathY, and returns the number of steps.
func (s *pathSearch) markPath(start, end uint16, pathX, pathY *[MaxSize]uint64) int {
	length := 0
	for c := end; c != start; length++ {
		from := s.parent[c]
		lo := min(c, from)
		x, y := int(lo&(MaxSize-1)), int(lo>>cellShift)
		if c>>cellShift == from>>cellShift {
			pathX[y] |= 1 << x
		} else {
			pathY[y] |= 1 << x
		}
		c = from
	}
	return length
}

// MaxWallCandidates is the number of wall anchors of the largest board: a wall buffer of this
// capacity never grows.
const MaxWallCandidates = 2 * (MaxSize - 1) * (MaxSize - 1)

// AppendLegalWalls appends the walls the side to move may place, none when it has no walls
// left. A wall is legal when it lies inside the board, shares no blocked step with a wall on
// the board (crossing one is allowed), and leaves each player a path to its goal row, paths
// ignoring the other player (docs/quoridor.md, "Walls"). If input walls have already
// cut a player off, no wall leaves it a path, so none is legal: the spec's rule read as
// written. The order is row by row (y ascending), in each row the horizontal walls by x,
// then the vertical ones by x. Given a dst of capacity MaxWallCandidates (or the board's
// 2(nx-1)(ny-1)), it allocates nothing.
func (p *Position) AppendLegalWalls(dst []Move) []Move {
	if p.Players[p.ToMove].WallsLeft <= 0 {
		return dst
	}
	return p.appendPlaceableWalls(dst, false)
}

// appendPlaceableWalls appends the walls that the placement rules allow, whoever places them
// and however many walls they have; with firstOnly it stops at the first.
func (p *Position) appendPlaceableWalls(dst []Move, firstOnly bool) []Move {
	s := newPathSearch(p)
	defer s.release()
	pathX, pathY := &s.pathX, &s.pathY
	for i, pl := range p.Players {
		if s.shortestPath(pl.X, pl.Y, pl.Goal, &pathX[i], &pathY[i]) < 0 {
			return dst
		}
	}
	for y := 0; y < p.NY-1; y++ {
		// Horizontal walls at (x,y) need the steps x and x+1 of oy[y] open; x = nx-1 never
		// qualifies, as bit nx of a row is always zero.
		free := s.oy[y] & (s.oy[y] >> 1)
		cut0 := pathY[0][y] | pathY[0][y]>>1
		cut1 := pathY[1][y] | pathY[1][y]>>1
		for rest := free; rest != 0; rest &= rest - 1 {
			x := bits.TrailingZeros64(rest)
			bit := uint64(1) << x
			if (cut0|cut1)&bit != 0 {
				row := s.oy[y]
				s.oy[y] = row &^ (3 << x)
				ok := s.keepsPaths(p, cut0&bit != 0, cut1&bit != 0)
				s.oy[y] = row
				if !ok {
					continue
				}
			}
			dst = append(dst, WallAt(x, y, Horizontal))
			if firstOnly {
				return dst
			}
		}
		// Vertical walls at (x,y) need the step x open in rows y and y+1.
		free = s.ox[y] & s.ox[y+1]
		cut0 = pathX[0][y] | pathX[0][y+1]
		cut1 = pathX[1][y] | pathX[1][y+1]
		for rest := free; rest != 0; rest &= rest - 1 {
			x := bits.TrailingZeros64(rest)
			bit := uint64(1) << x
			if (cut0|cut1)&bit != 0 {
				row0, row1 := s.ox[y], s.ox[y+1]
				s.ox[y], s.ox[y+1] = row0&^bit, row1&^bit
				ok := s.keepsPaths(p, cut0&bit != 0, cut1&bit != 0)
				s.ox[y], s.ox[y+1] = row0, row1
				if !ok {
					continue
				}
			}
			dst = append(dst, WallAt(x, y, Vertical))
			if firstOnly {
				return dst
			}
		}
	}
	return dst
}

// keepsPaths reports whether, with the candidate placed in the working copies, each player
// whose path it cut still reaches its goal row; the others keep their paths.
func (s *pathSearch) keepsPaths(p *Position, cut0, cut1 bool) bool {
	a, b := &p.Players[0], &p.Players[1]
	return (!cut0 || s.reaches(a.X, a.Y, a.Goal)) && (!cut1 || s.reaches(b.X, b.Y, b.Goal))
}
