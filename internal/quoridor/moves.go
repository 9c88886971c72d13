package quoridor

// Moves: the three kinds of turn of docs/quoridor.md ("A turn") and the rules that say
// which are legal.

import (
	"errors"
	"fmt"
)

// MoveKind says what a move does. The kinds start at 1: the zero Move is no move at all, so a
// forgotten field cannot pass for a pass.
type MoveKind uint8

const (
	KindStep MoveKind = iota + 1 // step to an orthogonal neighbour
	KindWall                     // place a wall
	KindPass                     // do nothing: legal only when nothing else is
)

// Orientation says which way a wall runs.
type Orientation uint8

const (
	// Horizontal at (x,y) blocks (x,y)-(x,y+1) and (x+1,y)-(x+1,y+1).
	Horizontal Orientation = iota
	// Vertical at (x,y) blocks (x,y)-(x+1,y) and (x,y+1)-(x+1,y+1).
	Vertical
)

func (o Orientation) String() string {
	if o == Horizontal {
		return "horizontal"
	}
	return "vertical"
}

// Move is one turn. It is four bytes so that move lists stay small.
type Move struct {
	Kind   MoveKind
	X, Y   uint8       // KindStep: the cell stepped to; KindWall: the wall's anchor (x,y)
	Orient Orientation // KindWall only
}

// StepTo is the move stepping to (x,y).
func StepTo(x, y int) Move { return Move{Kind: KindStep, X: uint8(x), Y: uint8(y)} }

// WallAt is the move placing the wall of orientation o anchored at (x,y),
// 0 <= x <= nx-2, 0 <= y <= ny-2.
func WallAt(x, y int, o Orientation) Move {
	return Move{Kind: KindWall, X: uint8(x), Y: uint8(y), Orient: o}
}

// Pass is the move doing nothing.
var Pass = Move{Kind: KindPass}

// Steps returns the two steps a wall move blocks, in the order output.txt lists them.
func (m Move) Steps() StepPair {
	x, y := int(m.X), int(m.Y)
	if m.Orient == Horizontal {
		return StepPair{{Cell{x, y}, Cell{x, y + 1}}, {Cell{x + 1, y}, Cell{x + 1, y + 1}}}
	}
	return StepPair{{Cell{x, y}, Cell{x + 1, y}}, {Cell{x, y + 1}, Cell{x + 1, y + 1}}}
}

// String writes the move as output.txt does (without the LF).
func (m Move) String() string { return FormatMove(m) }

// AppendSteps appends the steps the side to move may make, in the order +x, -x, +y, -y.
func (p *Position) AppendSteps(dst []Move) []Move { return p.appendSteps(dst, p.ToMove) }

// appendSteps appends player i's steps: to an orthogonal neighbour on the board that no wall
// blocks and the other player does not occupy (the variant has no jumping).
func (p *Position) appendSteps(dst []Move, i int) []Move {
	me, other := p.Players[i], p.Players[i^1]
	x, y := me.X, me.Y
	free := func(tx, ty int) bool { return tx != other.X || ty != other.Y }
	if p.openX[y]>>x&1 != 0 && free(x+1, y) {
		dst = append(dst, StepTo(x+1, y))
	}
	if x > 0 && p.openX[y]>>(x-1)&1 != 0 && free(x-1, y) {
		dst = append(dst, StepTo(x-1, y))
	}
	if p.openY[y]>>x&1 != 0 && free(x, y+1) {
		dst = append(dst, StepTo(x, y+1))
	}
	if y > 0 && p.openY[y-1]>>x&1 != 0 && free(x, y-1) {
		dst = append(dst, StepTo(x, y-1))
	}
	return dst
}

// AppendLegalMoves appends every legal move of the side to move: its steps, then its walls
// (AppendLegalWalls' order), or Pass alone when there is neither (the spec: pass "only if
// neither is possible"). It does not look at Result: callers stop at a decided position.
func (p *Position) AppendLegalMoves(dst []Move) []Move {
	n := len(dst)
	dst = p.AppendSteps(dst)
	dst = p.AppendLegalWalls(dst)
	if len(dst) == n {
		dst = append(dst, Pass)
	}
	return dst
}

// CanAct reports whether player i could step or place a wall if it were to move.
func (p *Position) CanAct(i int) bool {
	var buf [4]Move
	if len(p.appendSteps(buf[:0], i)) > 0 {
		return true
	}
	return p.Players[i].WallsLeft > 0 && len(p.appendPlaceableWalls(buf[:0], true)) > 0
}

// Decided returns how the position stands (Result) and, when the game is over, why: the
// judge ends the game there and the agent answers PASS, by this one rule.
func (p *Position) Decided() (r Result, why string) {
	switch r = p.Result(); r {
	case FirstWon, SecondWon:
		i := int(r - FirstWon)
		why = fmt.Sprintf("%s reached its goal row %d", SideName(i), p.Players[i].Goal)
	case BothLost:
		why = "neither player can step or place a wall: both lose"
	}
	return r, why
}

// Check returns nil if m is legal for the side to move, else why not.
func (p *Position) Check(m Move) error {
	switch m.Kind {
	case KindStep:
		return p.checkStep(m)
	case KindWall:
		return p.checkWall(m)
	case KindPass:
		if p.CanAct(p.ToMove) {
			return errors.New("PASS while a step or a wall is possible")
		}
		return nil
	}
	return fmt.Errorf("move kind %d is not a move", m.Kind)
}

func (p *Position) checkStep(m Move) error {
	me, other := p.Players[p.ToMove], p.Players[p.ToMove^1]
	to := Cell{int(m.X), int(m.Y)}
	switch {
	case !p.OnBoard(to):
		return fmt.Errorf("step to %v: off the %d×%d board", to, p.NX, p.NY)
	case !adjacent(me.Cell(), to):
		return fmt.Errorf("step from %v to %v: not an orthogonal neighbour", me.Cell(), to)
	case !p.StepOpen(Step{me.Cell(), to}):
		return fmt.Errorf("step from %v to %v: a wall blocks it", me.Cell(), to)
	case to == other.Cell():
		return fmt.Errorf("step to %v: the other player stands there", to)
	}
	return nil
}

func (p *Position) checkWall(m Move) error {
	x, y := int(m.X), int(m.Y)
	switch {
	case m.Orient != Horizontal && m.Orient != Vertical:
		return fmt.Errorf("wall orientation %d is neither horizontal nor vertical", m.Orient)
	case x > p.NX-2 || y > p.NY-2:
		return fmt.Errorf("%v is not inside the %d×%d board", m, p.NX, p.NY)
	case p.Players[p.ToMove].WallsLeft <= 0:
		return errors.New("no walls left")
	}
	for _, s := range m.Steps() {
		if !p.StepOpen(s) {
			return fmt.Errorf("%v overlaps a wall on the step %v-%v", m, s.A, s.B)
		}
	}
	s := newPathSearch(p)
	defer s.release()
	s.place(m)
	for i, pl := range p.Players {
		if !s.reaches(pl.X, pl.Y, pl.Goal) {
			return fmt.Errorf("%v cuts %s off from its goal row %d", m, playerName(i, p.ToMove), pl.Goal)
		}
	}
	return nil
}

// playerName names player i for the side to move's point of view, as input.txt does.
func playerName(i, toMove int) string {
	if i == toMove {
		return "the mover"
	}
	return "the opponent"
}
