package quoridor

// The reference wall generator: the spec's wall rules written out as plainly as possible and
// optimised for nothing. Every candidate is placed on a copy of the position and a fresh
// breadth-first search, over cells and StepOpen only, looks for each player's goal row. The
// fast generator (walls.go) must return exactly what this returns, in the same order.

// ReferenceLegalWalls returns the walls the side to move may place, in AppendLegalWalls'
// order.
func (p *Position) ReferenceLegalWalls() []Move {
	var legal []Move
	if p.Players[p.ToMove].WallsLeft <= 0 {
		return legal
	}
	for y := 0; y <= p.NY-2; y++ {
		for _, o := range []Orientation{Horizontal, Vertical} {
			for x := 0; x <= p.NX-2; x++ {
				w := WallAt(x, y, o)
				if referenceWallLegal(p, w) {
					legal = append(legal, w)
				}
			}
		}
	}
	return legal
}

// referenceWallLegal: the wall's two steps are open (no overlap; crossing blocks other steps,
// so it needs no case of its own), and with the wall placed each player reaches its goal row.
func referenceWallLegal(p *Position, w Move) bool {
	for _, s := range w.Steps() {
		if !p.StepOpen(s) {
			return false
		}
	}
	after := *p
	after.Apply(w)
	for _, pl := range after.Players {
		if !referenceReaches(&after, pl.Cell(), pl.Goal) {
			return false
		}
	}
	return true
}

// referenceReaches is a breadth-first search from start over open steps, ignoring the other
// player, for any cell of the goal row.
func referenceReaches(p *Position, start Cell, goalRow int) bool {
	seen := make([]bool, p.NX*p.NY) // by y*nx + x
	seen[start.Y*p.NX+start.X] = true
	queue := make([]Cell, 0, p.NX*p.NY) // each cell enters once
	queue = append(queue, start)
	for head := 0; head < len(queue); head++ {
		c := queue[head]
		if c.Y == goalRow {
			return true
		}
		for _, d := range []Cell{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			n := Cell{c.X + d.X, c.Y + d.Y}
			if p.StepOpen(Step{c, n}) && !seen[n.Y*p.NX+n.X] {
				seen[n.Y*p.NX+n.X] = true
				queue = append(queue, n)
			}
		}
	}
	return false
}
