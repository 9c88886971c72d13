package quoridor

// The agent: the Quoridor variant's side of the move lifecycle (internal/agent), and the
// players a binary can be asked for: the engine (default), and the reference opponents
// random and greedy.

import (
	"fmt"
	"strconv"
	"strings"

	"gameagents/internal/agent"
	"gameagents/internal/gamefile"
	"gameagents/internal/search"
)

// Name implements agent.Game and rules.Game.
func (Game) Name() string { return "quoridor" }

// Parse implements agent.Game.
func (Game) Parse(file string, lines []gamefile.Line) (agent.Position, error) {
	in, err := ParseInput(file, lines)
	if err != nil {
		return nil, err
	}
	return &agentPosition{in: in}, nil
}

// DefaultRate implements agent.Game: the search speed, in units of work (a node, and a unit
// per rowsPerUnit rows of path search), assumed when calibration.txt is missing. calibrate
// measures 5.5 to 5.7 M units/s on the development machine (two shared cores); a lower
// figure keeps the budget, not the CPU guard, ending the search on a slower machine.
func (Game) DefaultRate() float64 { return defaultRate }

// SingleShare implements agent.SingleSharer: the share of a SINGLE move the node budget is
// sized to. Over the SINGLE benchmark set at 1 s a move, calibrated on an idle machine, a
// whole process (start-up included) used a median 1.06 times its planned CPU time, and the
// slowest moves about 1.45 times the median (moves under 0.05 s left out; at the share
// first tried, 32 of 176 moves reached the guard): the share keeps the slowest at about 0.87 of
// the move, before the guard at 0.9 (RESULTS.md, issue 23).
func (Game) SingleShare() float64 { return 0.57 }

const defaultRate = 4_000_000

// Players implements agent.Game.
func (Game) Players() []string { return Players }

// Players are the names the -player flag accepts.
var Players = []string{"engine", "random", "greedy"}

// Calibrate implements agent.Game: it searches a mid-game 9×9 position as the agent does (a
// fresh engine, the table sized to the budget) for about nodes nodes.
func (Game) Calibrate(nodes int64) int64 {
	p := calibrationPosition()
	e := NewEngine(ttLogSize(nodes))
	return search.Repeat(nodes, func(left int64) int64 {
		e.ClearTT()
		return e.Search(p, Limits{Nodes: left}, nil).Nodes
	})
}

// calibrationInput is a mid-game 9×9 position from an arena game of the engine against
// itself (ply 15): 10 walls down, the players face to face in the middle, 4 and 6 walls left.
const calibrationInput = `SINGLE
SECOND
1
QUORIDOR 9 9
ME 4 6 0 4
OPPONENT 4 5 8 6
WALLS 10
5,0 5,1 6,0 6,1
3,4 4,4 3,5 4,5
3,6 3,7 4,6 4,7
5,6 5,7 6,6 6,7
3,0 3,1 4,0 4,1
3,2 4,2 3,3 4,3
1,0 1,1 2,0 2,1
1,6 1,7 2,6 2,7
7,6 7,7 8,6 8,7
7,0 7,1 8,0 8,1
`

func calibrationPosition() *Position {
	in, err := ParseInput("calibration", gamefile.SplitLines(calibrationInput))
	if err != nil {
		panic(err)
	}
	return &in.Position
}

type agentPosition struct {
	in *Input
}

func (p *agentPosition) Header() gamefile.Header { return p.in.Header }

// MovesLeft implements agent.Position: the mover's shortest path, plus a move for each wall
// it may still place and each step the opponent's walls may add to its path.
func (p *agentPosition) MovesLeft() int {
	pos := &p.in.Position
	me, opp := pos.Players[pos.ToMove], pos.Players[pos.ToMove^1]
	return max(1, pos.Distance(pos.ToMove)+me.WallsLeft+opp.WallsLeft)
}

// Play implements agent.Position. Its memory between the moves of a game (GAME mode) is the
// positions seen since the last wall, which the engine avoids repeating.
func (p *agentPosition) Play(s *agent.Session) []string {
	pos := &p.in.Position
	me := SideName(pos.ToMove)
	seen := parseSeen(s.Memory, pos.BlockedSteps())
	legal := pos.AppendLegalMoves(nil)
	var m Move
	switch r, why := pos.Decided(); {
	case r != Undecided:
		fmt.Fprintf(s.Log, "quoridor: the game is over (%s); passing\n", why)
		m = Pass
	case legal[0] == Pass:
		fmt.Fprintf(s.Log, "quoridor: %s can neither step nor place a wall; passing\n", me)
		m = Pass
	case s.Player == "random":
		m = RandomMove(pos, legal)
	case s.Player == "greedy":
		m = GreedyMove(pos)
	default:
		m = p.search(s, seen)
	}
	s.Emit([]string{FormatMove(m)})
	after := *pos
	after.Apply(m)
	return formatSeen(seen, pos, &after)
}

// seenPosition is a position of playdata's memory: its hash and its number of blocked
// steps, which tells the positions of the current walls from older ones.
type seenPosition struct {
	blocked int
	hash    uint64
}

// parseSeen reads playdata's "seen BLOCKED HASH" lines and returns, in game order, the hashes
// of those with blocked steps (the positions since the last wall). Other lines, and damaged
// ones, are ignored: a lost memory only loses repetitions.
func parseSeen(lines []string, blocked int) []uint64 {
	var hashes []uint64
	for _, l := range lines {
		f := strings.Fields(l)
		if len(f) != 3 || f[0] != "seen" {
			continue
		}
		b, err1 := strconv.Atoi(f[1])
		h, err2 := strconv.ParseUint(f[2], 16, 64)
		if err1 == nil && err2 == nil && b == blocked {
			hashes = append(hashes, h)
		}
	}
	return hashes
}

// formatSeen writes the memory for the next move: the positions since the last wall, the
// position played from and the one played to, the last maxHistory of them (all the search
// looks at). A wall just placed starts it afresh.
func formatSeen(seen []uint64, from, to *Position) []string {
	var entries []seenPosition
	if to.BlockedSteps() == from.BlockedSteps() {
		for _, h := range seen {
			entries = append(entries, seenPosition{from.BlockedSteps(), h})
		}
		entries = append(entries, seenPosition{from.BlockedSteps(), from.Hash()})
	}
	entries = append(entries, seenPosition{to.BlockedSteps(), to.Hash()})
	entries = entries[max(len(entries)-maxHistory, 0):]
	lines := make([]string, len(entries))
	for i, e := range entries {
		lines[i] = fmt.Sprintf("seen %d %016x", e.blocked, e.hash)
	}
	return lines
}

// search runs the engine within the session's budget, after writing the greedy move so
// that output.txt holds a legal move from the first milliseconds.
func (p *agentPosition) search(s *agent.Session, seen []uint64) Move {
	pos := &p.in.Position
	emit := func(m Move) { s.Emit([]string{FormatMove(m)}) }
	last := GreedyMove(pos)
	emit(last)
	e := NewEngine(ttLogSize(s.Nodes))
	r := e.Search(pos, Limits{Nodes: s.Nodes, MaxNodes: s.MaxNodes, Guard: s.Guard, History: seen}, func(r SearchResult) {
		if r.Move != last {
			emit(r.Move)
			last = r.Move
		}
	})
	fmt.Fprintf(s.Log, "quoridor: %s plays %s: depth %d, %s, %d nodes\n",
		SideName(pos.ToMove), FormatMove(r.Move), r.Depth, scoreText(r.Score), r.Nodes)
	var pv []string
	for _, m := range e.PV(pos, r.Move, maxPV) {
		pv = append(pv, FormatMove(m))
	}
	s.Report(agent.Analysis{Depth: r.Depth, Score: pathDifference(r.Score), Unit: "path difference",
		Exact: isWin(r.Score) || isWin(-r.Score), Nodes: r.Nodes, PV: pv})
	return r.Move
}

// maxPV is the longest principal variation an analysis reports.
const maxPV = 12

// provenSteps is how many steps of path difference a forced result reads as, less the
// plies to it: more than any evaluation, which is at most a path (shorter than the 4,096
// cells of the largest board, or noPath, 8,192, for a player the input's walls cut off)
// plus 20.5 steps of walls in hand and tempo.
const provenSteps = 10_000

// pathDifference turns a search score into the analysis' unit, steps of path difference.
// The evaluation (eval.go) at the end of the principal variation, divided by its Step
// weight, is the opponent's shortest path minus the mover's, plus half a step for the side
// to move and two steps for each wall in hand more than the opponent has (each side's
// counted up to WallCap, 10): the walls and the tempo are in step equivalents, so the
// score is the path difference the engine believes the position is worth, not the bare
// one. A line that comes back to a position met before, or leaves both players stuck,
// scores 0 (the referee's draw). A forced win at ply p (winScore − p) reads as
// provenSteps − p, a forced loss as −(provenSteps − p): the nearer win and the farther loss
// the better, as the search ranks them.
func pathDifference(v int32) float64 {
	switch {
	case isWin(v):
		return float64(provenSteps - (winScore - v))
	case isWin(-v):
		return -float64(provenSteps - (winScore + v))
	}
	return float64(v) / float64(DefaultWeights.Step)
}

// scoreText describes a search score for people: a win or loss in so many plies, or steps of
// advantage.
func scoreText(v int32) string {
	switch {
	case isWin(v):
		return fmt.Sprintf("a win at ply %d", winScore-v)
	case isWin(-v):
		return fmt.Sprintf("a loss at ply %d", winScore+v)
	}
	return fmt.Sprintf("score %+.2f steps", float64(v)/float64(DefaultWeights.Step))
}

// RandomMove returns one of legal (p's legal moves) chosen by the position's hash, so the
// same input gives the same move.
func RandomMove(p *Position, legal []Move) Move {
	return legal[search.Mix(hashPosition(p))%uint64(len(legal))]
}

// GreedyMove returns the reference greedy opponent's move: when the opponent is strictly
// closer to its goal row and a wall lengthens its shortest path, the wall that lengthens it
// most (the first in AppendLegalWalls' order on a tie); otherwise the step that leaves the
// mover's own path shortest (the first in AppendSteps' order on a tie); with no step, the
// first legal wall; with neither, PASS.
func GreedyMove(p *Position) Move {
	me, opp := p.ToMove, p.ToMove^1
	mine, theirs := p.Players[me], p.Players[opp]
	dMe, dOpp := p.Distance(me), p.Distance(opp)
	var f flood
	f.load(p)
	walls := p.AppendLegalWalls(nil)
	if dOpp >= 0 && dMe >= 0 && dOpp < dMe {
		best, longest := Move{}, dOpp
		for _, w := range walls {
			f.load(p)
			f.place(w)
			if d := f.distance(theirs.X, theirs.Y, theirs.Goal); d > longest {
				best, longest = w, d
			}
		}
		if best.Kind != 0 {
			return best
		}
	}
	var stepBuf [4]Move
	steps := p.AppendSteps(stepBuf[:0])
	if len(steps) > 0 {
		f.load(p)
		best, shortest := steps[0], -1
		for _, s := range steps {
			d := f.distance(int(s.X), int(s.Y), mine.Goal)
			if d >= 0 && (shortest < 0 || d < shortest) {
				best, shortest = s, d
			}
		}
		return best
	}
	if len(walls) > 0 {
		return walls[0]
	}
	return Pass
}
