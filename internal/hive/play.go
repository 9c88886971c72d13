package hive

// The agent: Hive's side of the move lifecycle (internal/agent), and the players a binary
// can be asked for: the engine (default), and the reference opponents random and greedy.

import (
	"fmt"
	"slices"

	"gameagents/internal/agent"
	"gameagents/internal/gamefile"
	"gameagents/internal/search"
)

// Name implements agent.Game and rules.Game.
func (Game) Name() string { return "hive" }

// Parse implements agent.Game.
func (Game) Parse(file string, lines []gamefile.Line) (agent.Position, error) {
	if isBaseInput(lines) {
		in, err := parseBaseInput(file, lines)
		if err != nil {
			return nil, err
		}
		return &basePosition{in: in}, nil
	}
	in, err := ParseInput(file, lines)
	if err != nil {
		return nil, err
	}
	return &agentPosition{in: in}, nil
}

// DefaultRate implements agent.Game: the search speed measured on the development machine
// (RESULTS.md), used when calibration.txt is missing.
func (Game) DefaultRate() float64 { return defaultRate }

// SingleShare implements agent.SingleSharer: the share of a SINGLE move the node budget is
// sized to. Over the SINGLE benchmark set at 1 s a move, calibrated on an idle machine, a
// whole process (start-up included) used a median 0.78 times its planned CPU time at 0.74,
// and the slowest 1.12 (none of 184 moves reached the guard). With the budget divided by
// NodeCost, 102 moves against greedy at 0.74 used a median 0.80 of the plan and at most
// 1.05: 0.76 puts the median at 0.6 of the move and the slowest near 0.8, before the guard
// at 0.9 (RESULTS.md, issue 23).
func (Game) SingleShare() float64 { return 0.76 }

const defaultRate = 1_500_000

// Players implements agent.Game.
func (Game) Players() []string { return Players }

// Players are the names the -player flag accepts.
var Players = []string{"engine", "random", "greedy"}

// Calibrate implements agent.Game: it searches a mid-game position as the agent searches a
// move — a fresh engine with its table sized to the budget, a search of a one-second
// move's size (calibrationSearch units of work) — until at least nodes units are done. The
// size matters: 200,000-node searches ran 1.27 times as fast per node as the agent's 1.4
// M-node moves on the same position, which made moves overrun their plan and meet the CPU
// guard. The position is one of the slower ones per unit of work: position 199 of the
// SINGLE benchmark set, at 0.81 times the set's median rate (the slowest position: 0.78).
func (Game) Calibrate(nodes int64) int64 {
	b := NewBoard(calibrationPosition())
	return search.Repeat(nodes, func(int64) int64 {
		e := NewEngine(ttLogSize(calibrationSearch))
		return e.Search(b, Limits{Nodes: calibrationSearch}, nil).Nodes
	})
}

// calibrationSearch is the node budget of one calibration search: about a SINGLE 1.0 move.
const calibrationSearch = 1_000_000

// calibrationPosition is position 199 of testdata/single-bench: the course's setting,
// UPPER's 19th move, 20 cells occupied.
func calibrationPosition() *Position { return calibrationInput().Position() }

// calibrationInput is calibrationPosition's input.txt.
func calibrationInput() *Input {
	text := `SINGLE
UPPER
1.0
HIVE 13 17 18
HAND q0 b1 s0 g0 a0 Q0 B0 S0 G1 A0
CELLS 20
5 2 S
4 3 S
5 3 G
3 4 q
1 5 a
3 5 g
1 6 A
2 6 a
3 6 g
3 7 A
1 8 G
2 8 B
3 8 A
2 9 B
3 9 a
4 9 b
2 10 g
3 10 Q
4 10 s
3 11 s
`
	in, err := ParseInput("calibration", gamefile.SplitLines(text))
	if err != nil {
		panic(err)
	}
	return in
}

// ttLogSize sizes the table to the budget: about one entry per four nodes, between 2^12 and
// 2^18 entries (fresh pages cost about 20 µs each on a VM: a bigger table costs more than
// it saves in a one-second move).
func ttLogSize(nodes int64) int {
	n := 12
	for n < 18 && int64(1)<<(n+2) < nodes {
		n++
	}
	return n
}

type agentPosition struct {
	in *Input
}

func (p *agentPosition) Header() gamefile.Header { return p.in.Header }

// MovesLeft implements agent.Position: most games are decided well before the course's limit
// of 81 moves each; plan for 30 more, never past the limit.
func (p *agentPosition) MovesLeft() int {
	left := moveLimit - p.in.Moves[p.in.Mover]
	return max(1, min(left, 30))
}

// NodeCost implements agent.NodeCoster. A node's CPU time grows with the pieces on the
// board (more of them to move, and longer paths around the hive): over the SINGLE
// benchmark set, 285 ns plus 9.6 ns a piece fitted the time of a node with a spread of
// 0.94-1.08 (tenth to ninetieth percentile), where one rate for all spread 0.87-1.17, and
// the early positions' nodes took 0.7 of the calibration position's (20 pieces):
// go test ./internal/hive -run TestNodeCost -node-cost 1000000 -v. The cost is taken no
// lower than 1/1.35 of the calibration position's: the fit is loosest where the hive is
// small, and a budget raised further would bring those moves near the guard.
func (p *agentPosition) NodeCost() float64 {
	return max(nodeCostOf(piecesOnBoard(p.in))/nodeCostOf(calibrationPieces), 1/1.35)
}

// piecesOnBoard counts the pieces of in's position on the board, stacked ones included.
func piecesOnBoard(in *Input) int {
	n := 0
	for _, stack := range in.Stacks {
		n += len(stack)
	}
	return n
}

// nodeCostOf is the fitted CPU time of a node with pieces on the board, in units of the
// time each piece adds (9.6 ns: 285 ns is 29.7 of them).
func nodeCostOf(pieces int) float64 { return 29.7 + float64(pieces) }

// calibrationPieces: the pieces on the board of calibrationPosition.
const calibrationPieces = 20

// Play implements agent.Position. Its memory in playdata.txt is the hashes of the positions
// after the engine's earlier moves of the game ("seen" lines), which it does not repeat when
// ahead (Limits.Seen).
func (p *agentPosition) Play(s *agent.Session) []string {
	pos := p.in.Position()
	b := NewBoard(pos)
	seen := agent.ParseSeen(s.Memory)
	emit := func(m PackedMove) { s.Emit([]string{pos.Format(m.Move())}) }
	if why, over := pos.Decided(); over {
		fmt.Fprintf(s.Log, "hive: the game is over (%s); passing\n", why)
		emit(0)
		return agent.FormatSeen(seen)
	}
	moves := RootMoves(b, make([]PackedMove, 0, MaxMoves))
	if moves[0] == 0 && len(moves) == 1 {
		fmt.Fprintf(s.Log, "hive: %v has no legal move; passing\n", p.in.Mover)
		emit(0)
		return agent.FormatSeen(seen)
	}
	var m PackedMove
	switch s.Player {
	case "random":
		m = RandomMove(b, moves)
	case "greedy":
		m = GreedyMove(b, moves)
	default:
		m = p.search(s, b, moves, seen, emit)
	}
	emit(m)
	b.Make(m)
	return agent.FormatSeen(append(seen, b.hash))
}

// search runs the engine within the session's budget.
func (p *agentPosition) search(s *agent.Session, b *Board, moves []PackedMove, seen []uint64, emit func(PackedMove)) PackedMove {
	if len(moves) == 1 {
		return moves[0] // a single legal move: answer at once
	}
	e := NewEngine(ttLogSize(s.Nodes))
	e.orderRoot(b, moves)
	emit(moves[0]) // the static guess: output.txt holds a legal move from here on
	last := moves[0]
	r := e.Search(b, Limits{Nodes: s.Nodes, MaxNodes: s.MaxNodes, Guard: s.Guard, Seen: seen}, func(r Result) {
		if r.Move != last {
			emit(r.Move)
			last = r.Move
		}
	})
	fmt.Fprintf(s.Log, "hive: %v plays %s: depth %d, score %+.2f, %d nodes\n",
		p.in.Mover, b.Position().Format(r.Move.Move()), r.Depth, float64(r.Score)/pointWeight, r.Nodes)
	// The variation is read on a board of its own: the caller makes the move played on b.
	pos := p.in.Position()
	var pv []string
	for _, m := range e.PV(NewBoard(pos), r.Move, maxPV) {
		pv = append(pv, pos.Format(m.Move()))
	}
	points, exact := e.resultPoints(r)
	s.Report(agent.Analysis{Depth: r.Depth, Score: points, Unit: "points", Exact: exact, Nodes: r.Nodes, PV: pv})
	return r.Move
}

// maxPV is the longest principal variation an analysis reports.
const maxPV = 12

// resultPoints converts a search's score to the course's points, for the analysis: the
// difference between the mover's points and the opponent's. The evaluation is in 1/100
// point (pointWeight) of the difference the mover can expect (eval.go), a surround plan's
// bonus taken off (it is the engine's gamble, not the position's worth). A game that ends
// within the search's depth (a queen surrounded, the move limit) scores pointWeight times
// its final difference d, pushed away from 0 by winBonus less the ply of its end (final):
// as that ply is below pointWeight, d is recovered exactly, and the result is exact,
// proven for both sides playing strict-legal moves (the search's reading). A forced draw
// scores 0 like a level evaluation, and is not told apart.
func (e *Engine) resultPoints(r Result) (points float64, exact bool) {
	v := r.Score
	if slices.Contains(e.planned, r.Move) {
		v -= planBonus
	}
	if v < winBonus-maxPly && v > -(winBonus-maxPly) {
		return float64(v) / pointWeight, false
	}
	// |v| = pointWeight*d + winBonus - ply with 0 < ply < maxPly <= pointWeight.
	d := (max(v, -v) - winBonus + pointWeight - 1) / pointWeight
	if v < 0 {
		d = -d
	}
	return float64(d), true
}

// RandomMove returns one of moves chosen by the board's hash, so the same input gives the
// same move.
func RandomMove(b *Board, moves []PackedMove) PackedMove {
	return moves[search.Mix(b.hash)%uint64(len(moves))]
}

// GreedyMove returns the reference greedy opponent's move among moves: the most course
// points after it; then the most occupied neighbours of the opponent's queen (pressure);
// then a choice seeded by the board's hash.
func GreedyMove(b *Board, moves []PackedMove) PackedMove {
	me := b.mover
	bestPoints, bestPressure := -1, -1
	var ties []PackedMove
	for _, m := range moves {
		b.Make(m)
		points, pressure := b.Points(me), 0
		if q := b.queen[1-me]; q >= 0 {
			pressure, _ = b.queenNeighbours(q)
		}
		b.Unmake(m)
		switch {
		case points > bestPoints || (points == bestPoints && pressure > bestPressure):
			bestPoints, bestPressure = points, pressure
			ties = append(ties[:0], m)
		case points == bestPoints && pressure == bestPressure:
			ties = append(ties, m)
		}
	}
	return ties[search.Mix(b.hash)%uint64(len(ties))]
}
