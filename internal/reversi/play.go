package reversi

// The agent: Reversi's side of the move lifecycle (internal/agent), and the players a
// binary can be asked for: the engine (default), and the reference opponents random and
// greedy.

import (
	"fmt"
	"math/bits"

	"gameagents/internal/agent"
	"gameagents/internal/gamefile"
	"gameagents/internal/search"
)

// Name implements agent.Game and rules.Game.
func (Game) Name() string { return "reversi" }

// Parse implements agent.Game.
func (Game) Parse(file string, lines []gamefile.Line) (agent.Position, error) {
	in, err := ParseInput(file, lines)
	if err != nil {
		return nil, err
	}
	return &position{in: in}, nil
}

// DefaultRate implements agent.Game: the search speed measured on the development
// machine (see RESULTS.md), used when calibration.txt is missing.
func (Game) DefaultRate() float64 { return defaultRate }

// SingleShare implements agent.SingleSharer: the share of a SINGLE move the node budget is
// sized to. The budget is divided by the position's node cost (position.NodeCost), so the
// share is what a typical move spends: at 0.5 without the node cost, moves from 29 empties
// up used a median 1.09 times their plan and those from 18 to 24 empties about twice it,
// most of them ended by the guard rather than the budget (RESULTS.md, issue 24, "A node
// budget that follows the stage"). With the cost, 0.7 puts the median midgame move near
// 0.72 s of 1 s; an SPRT at SINGLE 0.2 s accepted it over 0.5 (+22 Elo [+10, +33]). The
// guard (0.892 s) ends 5 of the benchmark set's 111 searched moves and about one midgame
// move in nine in a match beside other engines, where a node's cost spreads more.
func (Game) SingleShare() float64 { return 0.7 }

const defaultRate = 2_000_000

// Players implements agent.Game.
func (Game) Players() []string { return Players }

// Players are the names the -player flag accepts: NoBook is the engine without its opening
// book (for measuring what the book is worth).
var Players = []string{"engine", "random", "greedy", NoBook}

// NoBook is the player name of the engine that searches every move, the opening too.
const NoBook = "nobook"

// Calibrate implements agent.Game: it searches the initial position, as the agent does (a
// fresh engine, the table sized to the budget), for about nodes nodes. A node there costs
// about the median benchmark position's (TestNodeCost), not the most: a budget sized by its
// rate runs over its plan on the costlier positions, which SingleShare leaves room for
// below the CPU guard, so that the node budget, not the clock, ends almost every move.
func (Game) Calibrate(nodes int64) int64 {
	b := CalibrationPositions()[0].Board
	e := NewEngine(ttLogSize(nodes))
	return search.Repeat(nodes, func(left int64) int64 {
		e.ClearTT()
		return e.Search(b, Limits{Nodes: left}, nil).Nodes
	})
}

// ttLogSize sizes the table to the budget: about one entry per eight nodes, between 4096
// entries and 2^18 (6 MiB). A bigger table saves few nodes (leaves are not stored) and costs
// more than it saves: each fresh page of it is a page fault, about 20 µs on a VM. At 3.7 M
// nodes, 2^18 entries searched 8.2 M nodes/s, 2^20 5.4 M and 2^21 3.6 M (same position).
func ttLogSize(nodes int64) int {
	n := 12
	for n < 18 && int64(1)<<(n+3) < nodes {
		n++
	}
	return n
}

type position struct {
	in *Input
}

func (p *position) Header() gamefile.Header { return p.in.Header }

// MovesLeft implements agent.Position: each side fills about half the empty squares.
func (p *position) MovesLeft() int { return movesLeft(p.in.Board) }

// NodeCost implements agent.NodeCoster: a node's CPU time here over the calibration
// position's, by the empty squares (nodeCostByEmpties).
func (p *position) NodeCost() float64 {
	return nodeCostByEmpties(bits.OnesCount64(^(p.in.Board.Own | p.in.Board.Opp)))
}

// nodeCostByEmpties is a node's CPU time over the calibration position's with empties
// empty squares, as the agent searches at SINGLE 1 s. Measured from the agent's own logs
// over the 240 games of a gauntlet against the anchors (TestNodeCostInGames): from 29
// empties up a median 1.04-1.11, steady; from 18 to 24 about twice that, where the
// iterations come within a ply of the end of the game (depth 23 at 24 empties, 21 at 22)
// and, from 20 empties, the solver's proof shares the budget; 25-28 between, spread widely
// (an iteration gets that far or it does not), so they take about their upper quartile.
// Below 18 empties the proof usually ends long before the budget. How near the end the
// iterations get depends on the budget too: at 0.2 s a move the costly stage is 17-22
// empties, and the guard ends more of its moves.
//
// Since a node within a ply of the end with 8 empties or fewer is solved exactly
// (exactLeafEmpties), a node at 21-25 empties costs a median 1.05-1.2 and an upper
// quartile near 1.3 (40 positions of the SINGLE benchmark set with 17-28 empties, run whole
// at SINGLE 1.0), no longer twice the midgame's; 18-20, where the proof takes three
// quarters of the budget, is set between.
func nodeCostByEmpties(empties int) float64 {
	switch {
	case empties >= 29:
		return 1.08
	case empties >= 27:
		return 1.15
	case empties == 26:
		return 1.2
	case empties >= 21:
		return 1.3
	case empties >= 18:
		return 1.7
	default:
		return 1.6
	}
}

// movesLeft estimates the moves the side to move will still make: half the empty squares,
// rounded up.
func movesLeft(b Board) int { return (bits.OnesCount64(^(b.Own | b.Opp)) + 1) / 2 }

// RemembersSingle implements agent.SingleRememberer: the engine carries its transposition
// table from one move to the next in playdata.txt (carry.go), in SINGLE mode too; an
// entry names its position exactly, so a table from another game only goes unused.
func (Game) RemembersSingle() bool { return true }

// Play implements agent.Position. Its memory between moves is the search's table
// (carry.go): a position cannot repeat, and everything else is on the board.
func (p *position) Play(s *agent.Session) []string {
	b := p.in.Board
	moves := b.Moves()
	if why, over := b.Decided(); over {
		fmt.Fprintf(s.Log, "reversi: the game is over (%s); passing\n", why)
		s.Emit([]string{Pass})
		return nil
	}
	if moves == 0 {
		fmt.Fprintf(s.Log, "reversi: %v has no legal move; passing\n", p.in.ToMove)
		s.Emit([]string{Pass})
		return s.Memory // the opponent moves again: the carried table still serves
	}
	emitted := -1
	emit := func(sq int) {
		if sq != emitted {
			s.Emit([]string{SquareName(sq)})
			emitted = sq
		}
	}
	var sq int
	var memory []string
	switch s.Player {
	case "random":
		sq = RandomMove(b)
	case "greedy":
		sq = GreedyMove(b)
	default:
		sq, memory = p.search(s, emit)
	}
	emit(sq)
	return memory
}

// search runs the engine within the session's budget, its table loaded with what the last
// move carried; it returns the move and the lines that carry the table to the next move.
func (p *position) search(s *agent.Session, emit func(int)) (int, []string) {
	b := p.in.Board
	var list [maxMoves]int
	n := squareOrder(b.Moves(), -1, list[:0])
	if n == 1 {
		return list[0], s.Memory // a single legal move: answer at once, the carried table kept
	}
	emit(list[0]) // a corner if there is one: output.txt is legal from here on
	// The book answers a plain move; a search to a stated depth (-depth, an analysis's
	// searches) is a search.
	if s.Player != NoBook && s.Depth == 0 {
		if ent, ok := openingBook.Lookup(b); ok {
			fmt.Fprintf(s.Log, "reversi: %v plays %s from the opening book: score %+.2f\n",
				p.in.ToMove, SquareName(ent.Move), float64(ent.Value)/discScore)
			s.Report(agent.Analysis{Score: float64(ent.Value) / discScore, Unit: "discs", PV: []string{moveName(ent.Move)}, Book: true})
			return ent.Move, s.Memory
		}
	}
	e := NewEngine(ttLogSize(s.Nodes))
	if err := e.loadLines(s.Memory, s.MemoryLine); err != nil {
		fmt.Fprintf(s.Log, "%v; the table is not carried\n", err)
	}
	r := e.Search(b, Limits{Nodes: s.Nodes, MaxNodes: s.MaxNodes, Guard: s.Guard, MaxDepth: s.Depth}, func(r Result) { emit(r.Move) })
	fmt.Fprintf(s.Log, "reversi: %v plays %s: depth %d, score %+.2f, %d nodes\n",
		p.in.ToMove, SquareName(r.Move), r.Depth, float64(r.Score)/discScore, r.Nodes)
	var pv []string
	for _, sq := range e.PV(b, r.Move, maxPV) {
		pv = append(pv, moveName(sq))
	}
	s.Report(agent.Analysis{Depth: r.Depth, Score: float64(r.Score) / discScore, Unit: "discs",
		Exact: r.Exact, Nodes: r.Nodes, PV: pv})
	return r.Move, e.carryAfter(b, r.Move, carryLimit(len(e.tt)))
}

// maxPV is the longest principal variation an analysis reports.
const maxPV = 12

// moveName is a move as output.txt writes it: a square, or PASS for NoSquare.
func moveName(sq int) string {
	if sq == NoSquare {
		return Pass
	}
	return SquareName(sq)
}

// RandomMove returns a legal move chosen by a generator seeded from the position, so the
// same input gives the same move. b must have a legal move.
func RandomMove(b Board) int {
	moves := b.Moves()
	k := int(hashBoard(b) % uint64(bits.OnesCount64(moves)))
	for ; k > 0; k-- {
		moves &= moves - 1
	}
	return bits.TrailingZeros64(moves)
}

// GreedyMove returns the move flipping the most discs, the lowest square on a tie. b must
// have a legal move.
func GreedyMove(b Board) int {
	best, most := -1, -1
	for m := b.Moves(); m != 0; m &= m - 1 {
		sq := bits.TrailingZeros64(m)
		if f := bits.OnesCount64(b.Flips(sq)); f > most {
			best, most = sq, f
		}
	}
	return best
}
