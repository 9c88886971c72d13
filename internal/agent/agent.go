// Package agent is the move lifecycle every game binary shares (docs/contract.md):
// read and strictly parse input.txt, read calibration.txt and playdata.txt tolerantly, turn
// the time on line 3 into a node budget and a CPU-time guard, let the game search while it
// replaces output.txt atomically with each better move, then write playdata.txt atomically.
//
// Invariants: a malformed input.txt exits 2 and leaves output.txt and playdata.txt as they
// were; once a move is written, output.txt always holds a complete legal move; the search
// stops on its node budget, so the same files give the same move on any machine, and the
// CPU guard only fires on a machine much slower than calibrated. Where playdata.txt is
// kept it also holds a node's CPU time as the game's earlier moves measured it
// (history.nodeTime); with Options.MeasuredSpeed the budget follows it (within half and
// twice the plan's), so that a machine faster or slower than its calibration still spends
// the time a move is planned for, at the price of that determinism.
package agent

import (
	"cmp"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"gameagents/internal/clock"
	"gameagents/internal/gamefile"
)

// Game is what the lifecycle needs to know of a game.
type Game interface {
	// Name is the game's lower-case name: the calibration key prefix, the playdata tag, and
	// how gamefile.Recognize names the game.
	Name() string
	// Parse parses input.txt strictly; errors are *gamefile.Error naming the line.
	Parse(file string, lines []gamefile.Line) (Position, error)
	// DefaultRate is the search speed (nodes per CPU second) assumed without calibration.
	DefaultRate() float64
	// Calibrate searches built-in positions for about the given number of nodes and
	// returns how many it searched; the calibrate binary times it.
	Calibrate(nodes int64) int64
	// Players lists the names Options.Player accepts, the strongest ("engine") first.
	Players() []string
}

// SingleSharer is a Game whose SINGLE moves are sized to their own share of the time
// instead of singleSoft. A node costs a different CPU time in every game, and its cost
// spreads over a game's positions; each game measures the spread on its SINGLE benchmark
// set (internal/GAME/testdata/single-bench) and takes the largest share whose slowest
// positions still end before the guard, so that its moves use most of their time and the
// node budget, not the machine's speed, decides them.
type SingleSharer interface {
	SingleShare() float64
}

// SingleRememberer is a Game that keeps playdata.txt in SINGLE mode too: a game whose
// memory is of the opponent or of its search, not of the clock, and that checks itself
// that the memory is of the game it is given (ŠTREKY's opponent watch, Reversi's carried
// transposition table, whose entries name their positions). Other games' SINGLE moves
// are isolated: they neither read nor write the file.
type SingleRememberer interface {
	RemembersSingle() bool
}

// remembers says whether a move in mode of game reads and writes playdata.txt.
func remembers(game Game, mode gamefile.Mode) bool {
	if mode == gamefile.GameClock {
		return true
	}
	g, ok := game.(SingleRememberer)
	return ok && g.RemembersSingle()
}

// NodeCoster is a Position whose search's nodes cost a CPU time that differs from the
// calibration position's in a way the position predicts (Hive's grow with the pieces on
// the board). NodeCost is that time over the calibration position's, from a model the game
// fitted over its positions; the node budget is divided by it, kept within
// [minNodeCost, maxNodeCost], so that a move's search fills its time wherever it is in
// the game. It depends on the position alone: the same input still gives the same move.
type NodeCoster interface {
	NodeCost() float64
}

// The range a NodeCost is believed in: a model that strays further is wrong, and the
// guard is there for the node budget's errors, not the model's.
const (
	minNodeCost = 0.5
	maxNodeCost = 2
)

// DepthGame is a Game with fixed-depth players, for which Options.Depth means something
// (Halma's minimax): only binaries that play such a game offer -depth.
type DepthGame interface {
	Game
	// DepthHelp describes the depth for -depth's usage line, naming the players it is for.
	DepthHelp() string
	// MaxDepth is the largest depth the players accept; -depth takes 1 to MaxDepth.
	MaxDepth() int
}

// Position is a parsed input ready to be played.
type Position interface {
	Header() gamefile.Header
	// MovesLeft estimates how many more moves the side to move will make in this game.
	MovesLeft() int
	// Play chooses a move. It must Emit a legal move within milliseconds, then better
	// ones as its search completes them, and stop when the session says so. It returns
	// the game's lines for playdata.txt.
	Play(s *Session) []string
}

// Options select the player a binary runs; the grader runs binaries with none.
type Options struct {
	Player string // "" for the strongest agent; a game's reference opponents by name
	Depth  int    // search depth for fixed-depth players; 0 for their default
	// SingleShare is the fraction of a SINGLE move's time the search is sized to: 0 for
	// the game's own (SingleSharer, else singleSoft); at most singleHard, where the guard
	// stops the search anyway. An experiment's knob: how much stronger is a move that uses
	// more of its time.
	SingleShare float64
	// GameStretch: in GAME mode a move whose search is unsettled (its best move changed,
	// its score fell) may stretch its budget up to this many times its share, never past
	// gameStretchGuard of the guard; 1 or less: never. An experiment's knob, off by
	// default until a test accepts it.
	GameStretch float64
	// MeasuredSpeed divides each node budget by a node's CPU time as the game's earlier
	// moves measured it (history.nodeTime, in playdata.txt), so that a machine faster or
	// slower than its calibration still spends the time a move is planned for. The moves
	// then depend on the machine's timing through playdata.txt: a game played again is
	// another game, and the engine modes (which keep no playdata) no longer play the file
	// agent's moves. An experiment's knob, off by default; the node time is measured and
	// kept either way.
	MeasuredSpeed bool
	Dir           string // working directory; "" for the current one
	Log           io.Writer
	Clock         clock.Clock // nil for the process CPU clock
}

// Session is what a game's Play works with.
type Session struct {
	Nodes int64 // node budget: the search stops when it has spent it
	// MaxNodes is the most an unsettled search may stretch its budget to
	// (search.Budget.SetCeiling); Nodes when it may not stretch.
	MaxNodes int64
	Guard    clock.Deadline // hard CPU-time limit: stop at once when passed
	Memory   []string       // the game's playdata lines from the previous move, nil if none
	// MemoryLine is the line of playdata.txt where Memory begins, for the game's messages.
	MemoryLine int
	Player     string
	Depth      int
	Log        io.Writer
	emitted    bool
	emitErr    error
	outPath    string   // output.txt; "" in an engine mode, where moves stay in memory
	move       []string // the last move emitted
	analysis   Analysis // what the search last reported
	// planRate is the nodes a CPU second the plan assumed before the measured node time
	// corrected it (the calibration's over the position's node cost): what a move's
	// measured node time is a ratio to.
	planRate float64
}

// Analysis is what a search concluded about its position, for the engine modes' analysis
// commands and their logs: scores in the game's own unit, from the mover's side.
type Analysis struct {
	Depth int     // the depth of the last completed iteration; 0 when there was no search
	Score float64 // the best move's score, in Unit
	Unit  string  // "discs" (Reversi), "points" (Hive, ŠTREKY), ...
	Exact bool    // the score is the game's exact result (solved)
	Nodes int64
	PV    []string // the principal variation as the game's moves, the best move first; may be nil
	Book  bool     // the move and score are an opening book's (no search ran: Depth 0)
}

// Report records what the search concluded; a game calls it once its search has ended.
func (s *Session) Report(a Analysis) { s.analysis = a }

// Emit replaces output.txt with the given move lines. A nil or empty slice writes an
// empty file (the game's way of saying it has no legal move).
func (s *Session) Emit(lines []string) {
	s.move = slices.Clone(lines)
	if s.outPath == "" {
		s.emitted = true
		return
	}
	if err := gamefile.WriteAtomic(s.outPath, gamefile.JoinLines(lines)); err != nil {
		if s.emitErr == nil {
			s.emitErr = err
		}
		return
	}
	s.emitted = true
}

// Exit statuses of the contract.
const (
	ExitOK       = 0
	ExitInternal = 1
	ExitBadInput = 2
)

// Run plays one move in opts.Dir with the game of games that input.txt holds, as
// gamefile.Pick chooses it for every binary, and returns the exit status.
func Run(games []Game, opts Options) int {
	if opts.Log == nil {
		opts.Log = os.Stderr
	}
	if opts.Clock == nil {
		opts.Clock = clock.Process{}
	}

	path := func(name string) string { return filepath.Join(opts.Dir, name) }
	// A process killed mid-write (by a grader's timeout, say) leaves its temporary file
	// behind; the next move clears it, since nothing else may stay in the directory.
	gamefile.RemoveStaleTemps(opts.Dir, "output.txt", "playdata.txt")
	lines, err := gamefile.ReadLines(path("input.txt"))
	if err != nil {
		fmt.Fprintln(opts.Log, err)
		return ExitBadInput
	}
	game, err := gamefile.Pick("input.txt", games, lines)
	if err != nil {
		fmt.Fprintln(opts.Log, err)
		return ExitBadInput
	}
	if opts.Player != "" && !slices.Contains(game.Players(), opts.Player) {
		fmt.Fprintf(opts.Log, "%s has no player %q: want one of %s\n", game.Name(), opts.Player, strings.Join(game.Players(), ", "))
		return ExitBadInput
	}
	pos, err := game.Parse("input.txt", lines)
	if err != nil {
		fmt.Fprintln(opts.Log, err)
		return ExitBadInput
	}
	h := pos.Header()
	var mem playdata
	if remembers(game, h.Mode) { // a SINGLE move is isolated but where the game says
		mem = readPlaydata(path("playdata.txt"), game.Name(), h, opts.Log)
	}
	rate := ReadCalibration(path("calibration.txt"), game, opts.Log)
	s, plan := newSession(game, pos, opts, rate, mem, 0)
	s.outPath = path("output.txt")
	if plan.Soft >= singleThreadFrom {
		oneThread()
	}
	searchStart := opts.Clock.Used()
	gameLines := pos.Play(s)
	searchEnd := opts.Clock.Used()
	if s.emitErr != nil {
		fmt.Fprintf(opts.Log, "output.txt: %v\n", s.emitErr)
		return ExitInternal
	}
	if !s.emitted {
		fmt.Fprintln(opts.Log, "agent: the game wrote no move")
		return ExitInternal
	}
	used := opts.Clock.Used()
	if remembers(game, h.Mode) {
		search := searchEnd - searchStart
		hist := mem.history.next(h, used-search, s.measuredNodeTime(search))
		if err := writePlaydata(path("playdata.txt"), game.Name(), hist, gameLines); err != nil {
			fmt.Fprintf(opts.Log, "playdata.txt: %v\n", err)
		}
	}
	stretch := ""
	if s.MaxNodes > s.Nodes {
		stretch = fmt.Sprintf(", unsettled up to %d", s.MaxNodes)
	}
	nodeTime := ""
	if f := mem.history.nodeTimeFactor(); f != 1 && opts.MeasuredSpeed {
		nodeTime = fmt.Sprintf("; a node planned at %.3f of the calibration's, as measured", f)
	}
	fmt.Fprintf(opts.Log, "%s: %s %s, planned %.3fs (hard %.3fs, %d nodes%s), used %.3fs CPU%s\n",
		game.Name(), h.Mode, h.Time, plan.Soft.Seconds(), plan.Hard.Seconds(), s.Nodes, stretch, used.Seconds(), nodeTime)
	return ExitOK
}

// minMeasuredSearch: a search shorter than this does not measure a node's time; the
// game's own work around its search (reading its memory, writing output.txt) would weigh
// too much in it.
const minMeasuredSearch = 40 * time.Millisecond

// measuredNodeTime is a node's CPU time in a search of search CPU over the time the plan
// gave it, or 0 when the search says nothing of it: too short, or ended before a third of
// its budget (a proved endgame, a forced move), where the nodes are not the plan's kind.
func (s *Session) measuredNodeTime(search time.Duration) float64 {
	nodes := s.analysis.Nodes
	if nodes <= 0 || nodes*3 < s.Nodes || search < minMeasuredSearch || !(s.planRate > 0) {
		return 0
	}
	return search.Seconds() * s.planRate / float64(nodes)
}

// oneThread runs the search on one thread, with a collector that has almost nothing to do:
// every thread's CPU time is charged. Changing GOMAXPROCS stops the world (about 0.4 ms
// here), which a move of a few milliseconds cannot afford.
func oneThread() {
	runtime.GOMAXPROCS(1)
	debug.SetGCPercent(400)
}

// newSession plans pos's move as every move is planned, from a file or in an engine mode:
// the time of its header spent at rate nodes a CPU second (divided by the position's node
// cost), the guard counted from start on the CPU clock, mem what the game remembers.
func newSession(game Game, pos Position, opts Options, rate float64, mem playdata, start time.Duration) (*Session, Plan) {
	h := pos.Header()
	rate /= nodeCost(pos)
	planRate := rate
	if opts.MeasuredSpeed {
		rate /= mem.history.nodeTimeFactor()
	}
	// A SINGLE move is planned on the game's own share (PlanMove's is singleSoft).
	var plan Plan
	if h.Mode == gamefile.Single {
		plan = planSingle(h, cmp.Or(opts.SingleShare, SingleShareOf(game)))
	} else {
		plan = PlanMove(h, pos.MovesLeft(), mem.history)
	}
	s := &Session{
		Nodes:      max(int64(plan.Soft.Seconds()*rate), 1),
		Guard:      clock.Deadline{Clock: opts.Clock, At: start + plan.Hard},
		Memory:     mem.game,
		MemoryLine: cmp.Or(mem.gameLine, PlaydataGameLine),
		planRate:   planRate,
		Player:     opts.Player,
		Depth:      opts.Depth,
		Log:        opts.Log,
	}
	s.MaxNodes = maxNodes(h.Mode, plan, s.Nodes, rate, opts.GameStretch)
	return s, plan
}

// Plan is the time a move may take, on the process CPU clock (start-up included).
type Plan struct {
	Soft time.Duration // what the node budget is sized to
	Hard time.Duration // the guard: the search stops at once when the clock passes it
}

// Budgeting constants. The kernel charges a new process 3-7 ms of CPU before main runs
// (exec, page faults, the Go runtime's start), and a little more for the file writes and
// exit; the reserve covers them. The node budget uses this constant, never the measured
// start-up, so that it depends on the input alone.
const (
	startupReserve = 8 * time.Millisecond
	// maxPlanSeconds: a longer clock is planned as this one. A time.Duration overflows
	// past 9.2e9 s, and a move of more than 11 days of CPU has no use for more.
	maxPlanSeconds = 1e6
	singleSoft     = 0.6 // SINGLE: fraction of the time the search is sized to (default)
	singleHard     = 0.9 // SINGLE: fraction at which the guard fires
	// singleMargin: a SINGLE guard fires at least this long before the move's time is up,
	// but never more than singleMarginShare of the time, so that a very short move keeps
	// its search. After the guard the process still stops its search, writes output.txt
	// and exits, and a referee may charge more than the process's own clock (a sandbox's
	// processes, a virtual machine's stalls): at SINGLE 0.2 s three moves of an SPRT were
	// charged 28-41 ms past the guard of 0.9 t - 8 ms, and with the guard 50 ms before the
	// end one move in 48,050 of another was charged 50 ms more than its own clock said,
	// 0.203 s, over its time (RESULTS.md, issue 24, thirty-seventh session). It binds from
	// 0.035 to 0.67 s a move (0.133 s at 0.2 s); the course's 1 s keeps its guard at 0.892 s.
	singleMargin      = 75 * time.Millisecond
	singleMarginShare = 1.0 / 3
	gameReserve       = 0.05               // GAME: fraction of the clock never planned for
	gameMinReserve    = 1.0                // GAME: ... and at least this many seconds when the clock allows
	gameHardFactor    = 3.0                // GAME: the guard allows a move this many times its share
	gameHardShare     = 0.25               // GAME: ... but never more than this fraction of what is left
	gameMinMoves      = 10                 // GAME: plan as if at least this many moves were left
	movePayment       = 2 * startupReserve // GAME: kept back for each move left, to start it
	// singleThreadFrom: moves planned this long or longer pin the runtime to one thread.
	singleThreadFrom = 50 * time.Millisecond
)

// PlanMove turns the header's time into a plan. In GAME mode what is left is spread over
// the moves still expected, with a reserve; history from playdata corrects for the
// overhead the previous moves really had.
func PlanMove(h gamefile.Header, movesLeft int, hist history) Plan {
	if h.Mode == gamefile.Single {
		return planSingle(h, singleSoft)
	}
	total := time.Duration(min(h.Seconds, maxPlanSeconds) * float64(time.Second))
	// Estimates of the moves left are rough, and a game can always last longer than
	// expected: never plan a move for more than a tenth of what can be spent.
	movesLeft = max(movesLeft, gameMinMoves)
	// The reserve: a share of the clock, at least a second, and at least what the moves
	// left cost to merely start, since every move pays that whatever its search; never
	// more than half the clock.
	reserve := max(time.Duration(float64(total)*gameReserve),
		time.Duration(gameMinReserve*float64(time.Second)),
		time.Duration(movesLeft)*movePayment)
	reserve = min(reserve, total/2)
	spendable := total - reserve
	perMove := spendable / time.Duration(movesLeft)
	// The overhead each move costs beyond its search (start-up, writes), as the previous
	// move measured it. It is believed up to half of a move's time: playdata can then
	// shorten a move's plan to no less than half the plan without it, and never lengthen
	// it, so that a damaged file can cost a ply but never the game on time. An overhead
	// truly above that leaves the clock to the reserve and the guard.
	overhead := startupReserve
	if hist.moves > 0 {
		overhead = max(overhead, min(hist.overhead, perMove/2))
	}
	share := perMove - overhead
	hard := min(time.Duration(float64(share)*gameHardFactor), time.Duration(float64(spendable)*gameHardShare))
	return Plan{Soft: clampNonNeg(share), Hard: clampNonNeg(max(hard, share))}
}

// planSingle plans a SINGLE move whose search is sized to share of its time; the guard
// stays at singleHard whatever the share (and singleMargin before the end), and a share
// above it is taken as the guard.
func planSingle(h gamefile.Header, share float64) Plan {
	total := time.Duration(min(h.Seconds, maxPlanSeconds) * float64(time.Second))
	share = min(share, singleHard)
	hard := clampNonNeg(min(time.Duration(float64(total)*singleHard)-startupReserve,
		total-min(singleMargin, time.Duration(float64(total)*singleMarginShare))))
	return Plan{
		Soft: min(clampNonNeg(time.Duration(float64(total)*share)-startupReserve), hard),
		Hard: hard,
	}
}

// nodeCost is pos's NodeCost within its believed range, 1 when it has none.
func nodeCost(pos Position) float64 {
	if p, ok := pos.(NodeCoster); ok {
		if c := p.NodeCost(); c == c { // not NaN
			return min(max(c, minNodeCost), maxNodeCost)
		}
		return maxNodeCost
	}
	return 1
}

// SingleShareOf is the share of a SINGLE move's time game's search is sized to.
func SingleShareOf(game Game) float64 {
	if g, ok := game.(SingleSharer); ok {
		return min(max(g.SingleShare(), 0.05), singleHard)
	}
	return singleSoft
}

// maxNodes is the most a budget of nodes may stretch to where the search is unsettled:
// in GAME mode, stretch times the plan's time, but under gameStretchGuard of the guard;
// in SINGLE mode, or with a stretch of 1 or less, the budget itself.
func maxNodes(mode gamefile.Mode, plan Plan, nodes int64, rate, stretch float64) int64 {
	if mode != gamefile.GameClock || !(stretch > 1) {
		return nodes
	}
	ceiling := min(time.Duration(float64(plan.Soft)*min(stretch, MaxGameStretch)),
		time.Duration(float64(plan.Hard)*gameStretchGuard))
	return max(nodes, int64(ceiling.Seconds()*rate))
}

// MaxGameStretch is the largest -game-stretch a binary takes: the guard allows a move
// gameHardFactor shares.
const MaxGameStretch = gameHardFactor

// gameStretchGuard: a stretched budget stays under this fraction of the guard, so that the
// node budget, not the clock, still ends the move on a machine as fast as calibrated.
const gameStretchGuard = 0.8

// MaxSingleShare is the largest -single-share a binary takes: the guard's fraction.
const MaxSingleShare = singleHard

func clampNonNeg(d time.Duration) time.Duration {
	if d < 0 {
		return 0
	}
	return d
}
