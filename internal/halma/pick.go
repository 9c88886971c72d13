package halma

// The moves as a person enters them on the picture (render.Picker). A move is a piece, then
// its path: the first click is on the piece's square, then one click per square it reaches,
// the target of a step (E) or each landing of a jump chain (J) in turn. The output plays
// exactly the hops clicked, so two chains between the same squares are two picks, whose
// steps part at the first landing where they differ.
//
// Which picks there are is the move generator's business, not this file's: a pick ends
// only where the generator (Legal policy, what Play accepts) lets the piece end, and every
// move it lists is reached. A chain may stop at any landing where that holds and go on
// from it, so one pick's steps can be a prefix of another's, which the web board plays
// when the person says so. A chain never lands twice on the same square, its start
// included: a loop adds hops, not destinations (the generator's search says the same), and
// without that bound a position would have infinitely many outputs. For the same reason a
// chain back to its start, which Play accepts in the free case but the generator does not
// list, is no pick.
//
// The chains without a repeated landing are still exponentially many in a position built
// to have them (a lattice of pieces with empty squares between), so listing them is
// bounded by maxChainWork. A position that needs more, which no game of the official logs
// or of random play comes near, gets one pick per move instead, along the chain the engine
// itself writes (JumpPath's, a shortest one): every move can still be entered, by one
// route.

import (
	"strconv"

	"gameagents/internal/render"
)

var _ render.Picker = (*judgeMatch)(nil)

// maxChainWork bounds the work of listing a position's chains: the landings walked plus the
// hops written. The most any of the 6834 positions of the official logs needs is 65892
// (7431 picks, listed in about 10 ms), and 105651 in 40 games of random picks (issue 28).
const maxChainWork = 1 << 18

// Picks lists the legal moves piece by piece, in the order the generator first names each
// piece: its steps in direction order, then its jump chains depth first (or, past
// maxChainWork, one pick a move in the generator's order). Once the game is over, and when
// the side to move has no move (HasMove is false, output.txt is empty), there are none.
func (m *judgeMatch) Picks() []render.Pick {
	if m.over {
		return nil
	}
	var buf [MaxMoves]Move
	return picksOf(m.b, m.g.Generate(m.b, m.toMove, Legal, buf[:0]))
}

// picker lists the picks of one position.
type picker struct {
	b      *Board
	grid   render.Grid
	from   Square                  // the moving piece's square, empty while it moves
	ends   [numCells]bool          // the squares the moving piece may end on
	onPath [numCells]bool          // the chain's squares so far, its start included
	path   [Size * Size / 4]Square // the chain's landings: at most one per square of the start's parity
	depth  int                     // how many of path are in use
	work   int                     // landings walked and hops written so far, against maxChainWork
	picks  []render.Pick
}

// picksOf returns the picks of moves, the legal moves of b's side to move: every chain, or
// one per move when the chains are too many to walk.
func picksOf(b *Board, moves []Move) []render.Pick {
	p := &picker{b: b, grid: boardGrid()}
	if p.everyChain(moves) {
		return p.picks
	}
	p.picks = p.picks[:0]
	for _, m := range moves {
		p.from = m.From
		if !m.IsJump() {
			p.add(appendHop(nil, 'E', m.From, m.To), m.To)
			continue
		}
		p.depth = copy(p.path[:], JumpPath(b, m))
		p.addChain()
	}
	return p.picks
}

// everyChain adds the picks of every piece that moves, in the order moves first names
// each, and reports whether the walk stayed within maxChainWork.
func (p *picker) everyChain(moves []Move) bool {
	var done [numCells]bool
	for _, first := range moves {
		if done[first.From] {
			continue
		}
		done[first.From] = true
		p.from = first.From
		for _, m := range moves {
			if m.From == p.from {
				p.ends[m.To] = true
			}
		}
		p.piece()
		for _, m := range moves {
			if m.From == p.from {
				p.ends[m.To] = false
			}
		}
		if p.work > maxChainWork {
			return false
		}
	}
	return true
}

// piece adds the picks of the piece on p.from: its steps, then its chains.
func (p *picker) piece() {
	for _, d := range directions {
		// A jump's landing differs from the start by two in some coordinate, so an end
		// that neighbours the start is a step's.
		if to := Square(int(p.from) + d); p.ends[to] {
			p.add(appendHop(nil, 'E', p.from, to), to)
		}
	}
	p.onPath[p.from] = true
	p.chains(p.from)
	p.onPath[p.from] = false
}

// chains walks every chain that goes on from the landing at, adding a pick at each landing
// where the piece may end; it gives up once maxChainWork is spent. The recursion is
// as deep as the chain is long, at most 63 landings. The mailbox's two-cell border keeps
// at+2d inside the board's array.
func (p *picker) chains(at Square) {
	for _, d := range directions {
		if p.work > maxChainWork {
			return
		}
		over, land := Square(int(at)+d), Square(int(at)+2*d)
		if !p.occupied(over) || p.b.cells[land] != cellEmpty || p.onPath[land] {
			continue
		}
		p.work++
		p.onPath[land] = true
		p.path[p.depth] = land
		p.depth++
		if p.ends[land] {
			p.addChain()
		}
		p.chains(land)
		p.depth--
		p.onPath[land] = false
	}
}

// occupied reports whether a piece stands on sq, the moving one excepted: it has left its
// square, as it does in a real chain.
func (p *picker) occupied(sq Square) bool {
	c := p.b.cells[sq]
	return sq != p.from && (c == cellBlack || c == cellWhite)
}

// addChain adds the pick of the chain p.path[:p.depth] from p.from.
func (p *picker) addChain() {
	var out []byte
	prev := p.from
	for _, land := range p.path[:p.depth] {
		out = appendHop(out, 'J', prev, land)
		prev = land
	}
	p.work += p.depth
	p.add(out, p.path[:p.depth]...)
}

// add adds the pick whose output is out and whose steps are the piece, then squares.
func (p *picker) add(out []byte, squares ...Square) {
	steps := make([]render.Step, 0, len(squares)+1)
	for _, sq := range append([]Square{p.from}, squares...) {
		x, y := p.grid.Centre(sq.X(), sq.Y())
		steps = append(steps, render.Step{On: true, X: x, Y: y, Label: string(appendSquare(nil, sq))})
	}
	p.picks = append(p.picks, render.Pick{Output: string(out), Steps: steps})
}

// appendHop appends one line of output.txt, as MoveLines writes it: kind (E or J), the
// squares, LF. The picks of a wide position write tens of thousands of hops, which fmt
// would take most of the time to format.
func appendHop(out []byte, kind byte, from, to Square) []byte {
	out = append(out, kind, ' ')
	out = appendSquare(out, from)
	out = append(out, ' ')
	out = appendSquare(out, to)
	return append(out, '\n')
}

// appendSquare appends sq as the files write it (Square.String): "x,y".
func appendSquare(out []byte, sq Square) []byte {
	out = strconv.AppendInt(out, int64(sq.X()), 10)
	out = append(out, ',')
	return strconv.AppendInt(out, int64(sq.Y()), 10)
}
