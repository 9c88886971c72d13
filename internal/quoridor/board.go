// Package quoridor holds the rules of the Quoridor variant of CTU B3B33ALP 2017/18
// (docs/quoridor.md, from the course's Czech assignment): an nx×ny board of any size,
// two players who step to an orthogonal neighbour (never onto or over each other) or place a
// wall two cells long, walls that may cross but not overlap, and the path rule: no wall may
// cut either player off from its goal row.
//
// Representation. A Position is a fixed-size value (copy-make friendly, no pointers): the
// board size, both players (cell, goal row, walls left), the side to move, and the blocked
// steps as two arrays of row bitsets, one uint64 per row: bit x of openX[y] says the step
// (x,y)-(x+1,y) is on the board and not blocked, bit x of openY[y] says the same of
// (x,y)-(x,y+1). Boards are at most MaxSize×MaxSize so that a row fits a uint64. Walls are not
// stored as objects: a wall is the two steps it blocks, so "overlap" (sharing a blocked step)
// is a test of two bits, and a crossing wall (the other orientation at the same anchor) blocks
// other steps and is therefore allowed without a special case.
//
// Techniques. Legal walls are generated with the path rule checked only where it can fail:
// one shortest path per player is found first (BFS), and a candidate wall that blocks no
// step of either path cannot cut that player off (the path survives), so only the few
// candidates that touch a path run a reachability search, which is a depth-first search that
// tries the step toward the goal row first. The no-overlap and touches-a-path tests are done
// for a whole row of candidates at once with bit operations. The generator writes into a
// caller-provided slice and reuses pooled scratch space (walls.go): it allocates nothing.
// ReferenceLegalWalls is the plain yardstick (place every candidate, BFS for each player) that
// the tests compare it with.
//
// Invariants. openX and openY never have a bit set for a step that leaves the board (bit
// x = nx-1 of openX, row ny-1 of openY, rows >= ny and bits >= nx are zero), so shifting a row
// by one never carries a step across a board edge. Players stand on distinct cells of the
// board; their goal rows are 0 and ny-1, one each. Walls placed through Apply never overlap a
// blocked step, so each placed wall blocks exactly two more steps; walls from the input may
// overlap or have any shape (the spec exempts them from the placement rules).
package quoridor

import (
	"errors"
	"fmt"
	"math/bits"
)

// MaxSize bounds nx and ny. The spec sets no limit (the course played 9×9 to 15×15); 64 lets
// one row of a board be one uint64, the widest word the bit operations have.
const MaxSize = 64

// cellShift encodes a cell as y<<cellShift | x in the searches' queues: MaxSize is
// 1<<cellShift.
const cellShift = 6

// maxCells is the number of cell codes of the largest board.
const maxCells = MaxSize * MaxSize

// MaxWallsLeft bounds the walls-left count an input may give: the largest board has
// 2·MaxSize·(MaxSize-1) steps (8,064) and every placed wall blocks two steps no other wall
// blocks, so no game places more than MaxSize·(MaxSize-1) walls (4,032).
const MaxWallsLeft = MaxSize * (MaxSize - 1)

// Cell is a cell of the board: column X, row Y.
type Cell struct{ X, Y int }

// String writes the cell as the files do: "x,y".
func (c Cell) String() string { return fmt.Sprintf("%d,%d", c.X, c.Y) }

// Step is a move between two orthogonally adjacent cells, in either direction: what a wall
// blocks (the course's Obstacle).
type Step struct{ A, B Cell }

// String writes the step as "x,y x,y".
func (s Step) String() string { return s.A.String() + " " + s.B.String() }

// StepPair is a wall as input.txt lists it: the two steps it blocks. A wall placed by a player
// is straight and two cells long; a wall from the start of the game may be any two steps
// (docs/quoridor.md: they "need not obey the placement rules").
type StepPair [2]Step

// Player is one player's state.
type Player struct {
	X, Y      int // the cell it stands on
	Goal      int // its goal row: 0 or NY-1
	WallsLeft int // walls it may still place
}

// Cell returns the cell the player stands on.
func (pl Player) Cell() Cell { return Cell{pl.X, pl.Y} }

// Position is a game position: the board, both players and the side to move.
type Position struct {
	NX, NY int
	// Players[0] made the first move of the game (FIRST on line 2 of input.txt), Players[1]
	// the second; the rules treat them alike.
	Players [2]Player
	ToMove  int // index into Players of the side to move

	openX [MaxSize]uint64 // bit x of openX[y]: the step (x,y)-(x+1,y) is on the board and open
	openY [MaxSize]uint64 // bit x of openY[y]: the step (x,y)-(x,y+1) is on the board and open
}

// NewPosition builds a position on an nx×ny board with the given players, side to move and
// walls on the board, checking each as the input parser does.
func NewPosition(nx, ny int, players [2]Player, toMove int, walls []StepPair) (Position, error) {
	if err := checkSize(nx, ny); err != nil {
		return Position{}, err
	}
	for i, pl := range players {
		if err := checkPlayer(nx, ny, pl); err != nil {
			return Position{}, fmt.Errorf("player %d: %v", i, err)
		}
	}
	if err := checkPlayerPair(players); err != nil {
		return Position{}, err
	}
	if toMove != 0 && toMove != 1 {
		return Position{}, fmt.Errorf("side to move %d: want 0 or 1", toMove)
	}
	if len(walls) > maxListedWalls(nx, ny) {
		return Position{}, fmt.Errorf("%d walls: want at most %d, the board's number of steps", len(walls), maxListedWalls(nx, ny))
	}
	for i, w := range walls {
		if err := checkStepPair(nx, ny, w); err != nil {
			return Position{}, fmt.Errorf("wall %d: %v", i, err)
		}
	}
	return buildPosition(nx, ny, players, toMove, walls), nil
}

// buildPosition builds a position from checked parts.
func buildPosition(nx, ny int, players [2]Player, toMove int, walls []StepPair) Position {
	p := Position{NX: nx, NY: ny, Players: players, ToMove: toMove}
	row := uint64(1)<<nx - 1
	for y := 0; y < ny; y++ {
		p.openX[y] = row >> 1 // no step leaves the board on the right
		if y < ny-1 {
			p.openY[y] = row
		}
	}
	for _, w := range walls {
		p.blockStep(w[0])
		p.blockStep(w[1])
	}
	return p
}

// copyRows sets p to q, copying only q's NY rows of open steps: p's rows past them must be
// zero already, as they are when p last held a board no taller than q's. Copying the whole
// 64-row arrays (1 kB) at every node, and in load, cost the 9×9 search about 3%.
func (p *Position) copyRows(q *Position) {
	p.NX, p.NY, p.Players, p.ToMove = q.NX, q.NY, q.Players, q.ToMove
	copy(p.openX[:q.NY], q.openX[:q.NY])
	copy(p.openY[:q.NY], q.openY[:q.NY])
}

// blockStep blocks a step between adjacent cells of the board.
func (p *Position) blockStep(s Step) {
	a, b := s.A, s.B
	if a.Y == b.Y {
		p.openX[a.Y] &^= 1 << min(a.X, b.X)
	} else {
		p.openY[min(a.Y, b.Y)] &^= 1 << a.X
	}
}

// OnBoard reports whether c is a cell of the board.
func (p *Position) OnBoard(c Cell) bool {
	return c.X >= 0 && c.X < p.NX && c.Y >= 0 && c.Y < p.NY
}

// StepOpen reports whether s is a step between two adjacent cells of the board that no wall
// blocks. It ignores the players.
func (p *Position) StepOpen(s Step) bool {
	a, b := s.A, s.B
	if !p.OnBoard(a) || !p.OnBoard(b) || !adjacent(a, b) {
		return false
	}
	if a.Y == b.Y {
		return p.openX[a.Y]>>min(a.X, b.X)&1 != 0
	}
	return p.openY[min(a.Y, b.Y)]>>a.X&1 != 0
}

// BlockedSteps counts the steps of the board that walls block.
func (p *Position) BlockedSteps() int {
	n := 0
	for y := 0; y < p.NY; y++ {
		n += p.NX - 1 - bits.OnesCount64(p.openX[y])
		if y < p.NY-1 {
			n += p.NX - bits.OnesCount64(p.openY[y])
		}
	}
	return n
}

// Apply plays m for the side to move, which it does not check (see Check): a step moves the
// mover, a wall blocks its two steps and costs the mover one wall, a pass changes nothing but
// the side to move.
func (p *Position) Apply(m Move) {
	pl := &p.Players[p.ToMove]
	switch m.Kind {
	case KindStep:
		pl.X, pl.Y = int(m.X), int(m.Y)
	case KindWall:
		x, y := uint(m.X), int(m.Y)
		if m.Orient == Horizontal {
			p.openY[y] &^= 3 << x
		} else {
			p.openX[y] &^= 1 << x
			p.openX[y+1] &^= 1 << x
		}
		pl.WallsLeft--
	}
	p.ToMove ^= 1
}

// Result is how a position stands.
type Result uint8

const (
	Undecided Result = iota
	FirstWon         // Players[0] stands on its goal row
	SecondWon        // Players[1] stands on its goal row
	BothLost         // neither player can step or place a wall: both lose
)

func (r Result) String() string {
	return [...]string{"undecided", "first player won", "second player won", "both lost"}[r]
}

// Result says whether the game is over. The spec checks the win after every move, so a player
// on its goal row has won. Only a position built by hand can have both players on their goal
// rows; then the player who just moved wins, as it would have been checked first (our
// decision: the spec does not say). Both lose when neither player can do anything: the mover
// must pass, and after the pass, which changes nothing, so must the other.
func (p *Position) Result() Result {
	justMoved := p.ToMove ^ 1
	for _, i := range [2]int{justMoved, p.ToMove} {
		if pl := p.Players[i]; pl.Y == pl.Goal {
			return FirstWon + Result(i)
		}
	}
	if !p.CanAct(p.ToMove) && !p.CanAct(justMoved) {
		return BothLost
	}
	return Undecided
}

// Distance returns the length of a shortest path of player i to its goal row, or -1 if walls
// cut it off. As in the path rule, the other player does not block a path.
func (p *Position) Distance(i int) int {
	s := newPathSearch(p)
	defer s.release()
	pl := p.Players[i]
	return s.shortestPath(pl.X, pl.Y, pl.Goal, &s.pathX[0], &s.pathY[0])
}

// checkSize checks a board size.
func checkSize(nx, ny int) error {
	// One column is playable (no wall fits, the players may block each other); one row is not,
	// as the players start on the first and the last row and aim at the other.
	if nx < 1 || nx > MaxSize || ny < 2 || ny > MaxSize {
		return fmt.Errorf("board is %d×%d: want nx from 1 to %d and ny from 2 to %d", nx, ny, MaxSize, MaxSize)
	}
	return nil
}

// checkPlayer checks one player on an nx×ny board.
func checkPlayer(nx, ny int, pl Player) error {
	if pl.X < 0 || pl.X >= nx || pl.Y < 0 || pl.Y >= ny {
		return fmt.Errorf("cell %v is off the %d×%d board", pl.Cell(), nx, ny)
	}
	if pl.Goal != 0 && pl.Goal != ny-1 {
		return fmt.Errorf("goal row %d: want 0 or %d, the first or the last row", pl.Goal, ny-1)
	}
	if pl.WallsLeft < 0 || pl.WallsLeft > MaxWallsLeft {
		return fmt.Errorf("walls left %d: want 0 to %d", pl.WallsLeft, MaxWallsLeft)
	}
	return nil
}

// checkPlayerPair checks what concerns both players: distinct cells (the seed: "players
// cannot be on the same position") and one goal each of the first and the last row.
func checkPlayerPair(pl [2]Player) error {
	if pl[0].Cell() == pl[1].Cell() {
		return fmt.Errorf("both players stand on %v", pl[0].Cell())
	}
	if pl[0].Goal == pl[1].Goal {
		return fmt.Errorf("both players have goal row %d: one goal is the first row and the other the last", pl[0].Goal)
	}
	return nil
}

// checkStepPair checks a wall as listed: two different steps between adjacent cells of the
// board. Shape, overlap and the path rule are placement rules, which listed walls need not obey.
func checkStepPair(nx, ny int, w StepPair) error {
	for _, s := range w {
		for _, c := range [2]Cell{s.A, s.B} {
			if c.X < 0 || c.X >= nx || c.Y < 0 || c.Y >= ny {
				return fmt.Errorf("cell %v is off the %d×%d board", c, nx, ny)
			}
		}
		if !adjacent(s.A, s.B) {
			return fmt.Errorf("%v-%v is not a step between neighbouring cells", s.A, s.B)
		}
	}
	if sameStep(w[0], w[1]) {
		return errors.New("both steps are the same: want two different steps")
	}
	return nil
}

// maxListedWalls bounds the walls an input may list: each blocks at least one step, so more
// walls than steps could only repeat them.
func maxListedWalls(nx, ny int) int { return nx*(ny-1) + (nx-1)*ny }

func adjacent(a, b Cell) bool {
	dx, dy := a.X-b.X, a.Y-b.Y
	return dx*dx+dy*dy == 1
}

// sameStep: a step is the same in either direction.
func sameStep(s, t Step) bool {
	return s == t || (s.A == t.B && s.B == t.A)
}
