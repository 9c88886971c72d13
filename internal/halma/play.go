package halma

// The agent: Halma's side of the move lifecycle (internal/agent), and the players a
// binary can be asked for: the engine (default), and the reference opponents random,
// greedy and minimax.

import (
	"fmt"
	"math"

	"gameagents/internal/agent"
	"gameagents/internal/gamefile"
	"gameagents/internal/search"
)

// Name implements agent.Game and rules.Game.
func (Game) Name() string { return "halma" }

// Parse implements agent.Game.
func (Game) Parse(file string, lines []gamefile.Line) (agent.Position, error) {
	in, err := ParseInput(file, lines)
	if err != nil {
		return nil, err
	}
	return &position{in: in}, nil
}

// SingleShare implements agent.SingleSharer: the share of a SINGLE move the node budget is
// sized to. Counted in units of work (genMovesPerNode), 331 moves against greedy at
// SINGLE 1 s and a share of 0.6 used a median 0.94 of their planned CPU time, 1.27 at the
// 99th percentile and 1.34 at most: 0.65 puts the median at 0.6 of the move and the
// slowest near 0.86, before the guard at 0.9 (RESULTS.md, issue 23).
func (Game) SingleShare() float64 { return 0.65 }

// DefaultRate implements agent.Game: the search speed measured on the development
// machine (see RESULTS.md), used when calibration.txt is missing.
func (Game) DefaultRate() float64 { return defaultRate }

// defaultRate is about 0.85 of the development machine's idle rate, in the search's
// units of work (genMovesPerNode), which number about 1.5 times the positions searched at
// the calibration position.
const defaultRate = 3_700_000

// Calibrate implements agent.Game: it searches the initial position, as the agent does
// (a fresh engine, the table sized to the budget), for about nodes nodes. The opening is
// the slowest position per node of the benchmark set (see RESULTS.md), so a budget sized
// by this rate ends before the CPU guard elsewhere too: that keeps moves deterministic.
func (Game) Calibrate(nodes int64) int64 {
	p := CalibrationPositions()[0]
	e := NewEngine(int(min(max(nodes/4, 1<<12), 1<<22)))
	return search.Repeat(nodes, func(left int64) int64 {
		e.ClearTT()
		return e.Search(p.Board, p.ToMove, Limits{Nodes: left}, nil).Nodes
	})
}

// Players implements agent.Game.
func (Game) Players() []string { return Players }

// DepthHelp implements agent.DepthGame: minimax is the one fixed-depth player.
func (Game) DepthHelp() string {
	return fmt.Sprintf("search depth of Halma's minimax player, 1 to %d (default 2)", MaxMinimaxDepth)
}

// MaxDepth implements agent.DepthGame.
func (Game) MaxDepth() int { return MaxMinimaxDepth }

// MaxMinimaxDepth bounds -depth, the depth of Halma's minimax. Each ply
// multiplies its work by the moves of a position, 40 to 200: from the samples' mid-game
// positions depth 3 visits 8 million positions (half a CPU second), so depth 4 takes about a
// minute and a half; even from the narrowest (40 moves) depth 6 visits some 4·10^9
// positions, minutes of CPU. No move of a course game gets deeper, and minimax stops at the
// clock anyway.
const MaxMinimaxDepth = 6

// Player names accepted by the -player flag.
var Players = []string{"engine", "random", "greedy", "minimax"}

type position struct {
	in *Input
}

func (p *position) Header() gamefile.Header { return p.in.Header }

// MovesLeft implements agent.Position: what the side to move still has to travel, at
// about 3.5 units of distance a move, plus a margin for the endgame's slower moves.
func (p *position) MovesLeft() int {
	c := p.in.ToMove
	units := 0
	for _, sq := range p.in.Board.Pieces(c) {
		if d := Distance(c, sq) - 4; d > 0 {
			units += d
		}
	}
	return units*2/7 + 10
}

// Play implements agent.Position.
func (p *position) Play(s *agent.Session) []string {
	b, c := p.in.Board, p.in.ToMove
	seen := agent.ParseSeen(s.Memory)
	seen = append(seen, b.PositionKey(c))
	if _, why, over := b.Decided(c); over {
		fmt.Fprintf(s.Log, "halma: the game is over (%s); writing an empty output.txt\n", why)
		s.Emit(nil)
		return agent.FormatSeen(seen)
	}
	var g Generator
	var buf [MaxMoves]Move
	policy := Preferred
	if s.Player != "" && s.Player != "engine" {
		policy = Legal // the reference players are judged by the referee's rules only
	}
	moves := g.Generate(b, c, policy, buf[:0])
	if len(moves) == 0 {
		fmt.Fprintf(s.Log, "halma: %v has no legal move; writing an empty output.txt\n", c)
		s.Emit(nil)
		return agent.FormatSeen(seen)
	}
	emitted := Move{}
	emit := func(m Move) {
		if m != emitted {
			s.Emit(MoveLines(b, m))
			emitted = m
		}
	}
	var m Move
	switch s.Player {
	case "random":
		m = moves[b.Hash()%uint64(len(moves))]
	case "greedy":
		m = Greedy(b, c, moves)
	case "minimax":
		m = p.minimax(s, moves, &g, emit)
	default:
		m = p.search(s, moves, seen, emit)
	}
	emit(m)
	b.Move(m.From, m.To)
	seen = append(seen, b.PositionKey(c.Other()))
	return agent.FormatSeen(seen)
}

// minimax runs the reference minimax to the session's depth (default 2) within its budget.
func (p *position) minimax(s *agent.Session, moves []Move, g *Generator, emit func(Move)) Move {
	b, c := p.in.Board, p.in.ToMove
	depth := s.Depth
	if depth <= 0 {
		depth = defaultMinimaxDepth
	}
	emit(Greedy(b, c, moves)) // minimax's depth-1 move: output.txt is legal from here on
	nodes := s.Nodes
	if nodes < math.MaxInt64/minimaxNodesPerEngineNode {
		nodes *= minimaxNodesPerEngineNode
	}
	r := Minimax(b, c, depth, Limits{Nodes: nodes, Guard: s.Guard}, g, func(r Result) { emit(r.Move) })
	fmt.Fprintf(s.Log, "halma: minimax plays %s: depth %d of %d, score %d, %d nodes\n",
		FormatMove(b, r.Move), r.Depth, depth, r.Score, r.Nodes)
	return r.Move
}

// defaultMinimaxDepth is the depth of the grader's minimax agent as its course ran it.
const defaultMinimaxDepth = 2

// minimaxNodesPerEngineNode converts the session's budget, in engine nodes, into minimax's
// positions: minimax visits 15 to 19 million positions per CPU second on the samples'
// mid-game positions, the engine 3 to 7 million nodes, and the calibrated rate is its
// slowest (the opening's, about 3 million). Five keeps minimax within its plan, well before
// the guard.
const minimaxNodesPerEngineNode = 5

// search runs the engine within the session's budget.
func (p *position) search(s *agent.Session, moves []Move, seen []uint64, emit func(Move)) Move {
	b, c := p.in.Board, p.in.ToMove
	if len(moves) == 1 {
		report(s, b, c, unsearched(b, c, moves[0]), nil) // a single legal move: answer at once
		return moves[0]
	}
	// Before searching, the move that gains most: output.txt is legal from here on.
	first := moves[0]
	for _, m := range moves[1:] {
		if moveGain(c, m) > moveGain(c, first) {
			first = m
		}
	}
	emit(first)
	if s.Nodes < minSearchNodes {
		fmt.Fprintf(s.Log, "halma: budget of %d nodes too small to search; playing the greatest gain\n", s.Nodes)
		report(s, b, c, unsearched(b, c, first), nil)
		return first
	}
	e := NewEngine(int(min(max(s.Nodes/4, 1<<12), 1<<22)))
	e.SetSeen(seen)
	r := e.Search(b, c, Limits{Nodes: s.Nodes, MaxNodes: s.MaxNodes, Guard: s.Guard}, func(r Result) {
		emit(r.Move)
	})
	fmt.Fprintf(s.Log, "halma: %v plays %s: depth %d, score %d, %d nodes\n",
		c, FormatMove(b, r.Move), r.Depth, r.Score, r.Nodes)
	if r.Score == -infinity { // stopped before it finished searching even the first move
		r.Score = unsearched(b, c, r.Move).Score
	}
	report(s, b, c, r, e.PV(b, c, r.Move, maxPV))
	return r.Move
}

// unsearched is the result of playing m for c on b without a search: the evaluation after
// it (a win's score if it wins), at depth 0.
func unsearched(b *Board, c Color, m Move) Result {
	after := *b
	after.Move(m.From, m.To)
	if after.Wins(c) {
		return Result{Move: m, Score: WinScore - 1}
	}
	return Result{Move: m, Score: Evaluate(&after, c)}
}

// report tells the session what the search concluded (agent.Analysis), its principal
// variation pv (nil: r.Move alone) as the judge logs moves ("J a b ; J b c").
//
// The score is in squares of distance: the evaluation (Evaluate) over distUnit, which is
// the distance the opponent's pieces still have to travel to the far corner of their
// target camp minus the mover's, each piece d squares away counting d + d²/16 (the laggard
// term that makes the engine bring up its rearmost pieces first), and a piece beyond what
// a crowded camp has room for a quarter of that. A proven win or loss (Exact) keeps the
// search's scale: ±WinScore/distUnit, 62 500, less 1/16 for each ply to the end, far
// beyond any race (at most about ±1 640 with 19 pieces a side).
func report(s *agent.Session, b *Board, c Color, r Result, pv []Move) {
	if pv == nil {
		pv = []Move{r.Move}
	}
	board := *b
	text := make([]string, len(pv))
	for i, m := range pv {
		text[i] = FormatMove(&board, m)
		board.Move(m.From, m.To)
	}
	s.Report(agent.Analysis{Depth: r.Depth, Score: float64(r.Score) / distUnit, Unit: "distance",
		Exact: proven(r.Score), Nodes: r.Nodes, PV: text})
}

// maxPV is the longest principal variation an analysis reports.
const maxPV = 12

// minSearchNodes: below this budget (a few milliseconds) the search is not started and the
// move that gains most is played: allocating the engine would cost more than it finds.
const minSearchNodes = 2000
