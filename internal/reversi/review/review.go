// Package review is reversi-review: it finds where Reversi games were decided. It replays
// referee records or GGF games (referee.ReplayAny, every move judged again) and solves every
// position from a number of empties to the end exactly (reversi.Solver), so that each move
// of that stretch gets its cost: the exact value before it, best play, less the exact value
// after it, from the mover's side. A move that costs something is a mistake; one that
// changes the game's exact result (a win to a draw or a loss, a draw to a loss) decided the
// game.
//
// What it is for: an engine that loses to a stronger one loses either before the endgame
// (the exact value at the first analysed position already lost) or in it (a mistake
// after). The summary gives, per player name, the games' results, the exact results at the
// first analysed position, the moves that changed a result and the discs each player gave
// away, so that a change to the midgame evaluation or to the endgame search can be aimed.
//
// Invariants: a move never costs less than zero (the value after a move cannot beat best
// play; a negative cost would be a solver bug and is reported as an error); values are the
// FFO convention's final disc difference, empty squares to the winner, as the solver's. A
// position whose solve reaches the node limit is left unknown, with the moves around it.
// Records are solved in parallel by -workers, each worker with its own solver; the report
// follows the order of the files given, so the same files give the same report.
package review

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math/bits"
	"strings"
	"sync"

	"gameagents/internal/clock"
	"gameagents/internal/gamefile"
	"gameagents/internal/referee"
	"gameagents/internal/reversi"
	"gameagents/internal/rules"
)

const usage = `usage: reversi-review [-from E] [-nodes N] [-workers W] FILE...

Replays each Reversi game FILE (a referee record game-NN.txt or a GGF game) and solves
every position from E empties to the end exactly, to find where the game was decided:
each move's cost in discs (the exact value of best play less that of the move played),
the moves that changed the exact result, and per player the results at E empties and at
the end. Solves stop at N solver nodes (a position then stays unknown).

`

// Config is what to analyse and how.
type Config struct {
	From    int   // analyse positions with at most this many empties
	Nodes   int64 // solver nodes per position, at most (0: no limit)
	Workers int
	LogSize int // each solver's table: 2^LogSize entries
}

// Unknown marks a value the solver did not finish.
const Unknown = 1000

// Ply is one analysed position and the move played from it.
type Ply struct {
	N       int    // the move's number in the record (1 = the first move)
	Empties int    // the position's empty squares
	Mover   int    // the side to move, 0 or 1
	Move    string // the move played, "" at the game's last position
	Value   int    // the exact value for the mover, best play; Unknown if not solved
	After   int    // the exact value for the mover after the move; Unknown if not solved
}

// Cost is what the move gave away, in discs; 0 where a value is unknown.
func (p Ply) Cost() int {
	if p.Value == Unknown || p.After == Unknown || p.Move == "" {
		return 0
	}
	return p.Value - p.After
}

// Decisive reports whether the move changed the exact result (win, draw, loss).
func (p Ply) Decisive() bool {
	return p.Cost() > 0 && sign(p.After) < sign(p.Value)
}

// Game is one game's analysis.
type Game struct {
	File    string
	Players [2]string // who played each side, by side (the side's name where unknown)
	Sides   [2]string // the sides' names, BLACK and WHITE
	Plies   []Ply     // from the first position with at most Config.From empties to the end
	Final   int       // the final disc difference for side 0 (empty squares to the winner); Unknown if the record ends before the game does
}

// Start is side 0's exact value at the first analysed position, Unknown if none.
func (g *Game) Start() int {
	if len(g.Plies) == 0 || g.Plies[0].Value == Unknown {
		return Unknown
	}
	return forSide(g.Plies[0], 0)
}

func forSide(p Ply, side int) int {
	if p.Mover == side {
		return p.Value
	}
	return -p.Value
}

func sign(v int) int {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}

// Analyse replays the Reversi game in lines (file names it in errors) and solves its
// positions from cfg.From empties on with solver.
func Analyse(file string, lines []gamefile.Line, cfg Config, solver *reversi.Solver) (*Game, error) {
	g := &Game{File: file}
	r, err := Replay(file, lines, cfg.From)
	if err != nil {
		return nil, err
	}
	g.Sides = r.Sides
	boards, moves, plyNums, over := r.Positions, r.Moves, r.Plies, r.Over
	g.Players = players(lines, g.Sides)
	for i, name := range g.Players {
		if name == "" {
			g.Players[i] = g.Sides[i]
		}
	}
	solver.SetLimits(cfg.Nodes, clock.Deadline{})
	values := make([]int, len(boards))
	for i, pos := range boards {
		v, _ := solver.Solve(pos.Board)
		if solver.Aborted() {
			v = Unknown
		}
		values[i] = v
	}
	for i, pos := range boards {
		p := Ply{N: plyNums[i], Empties: bits.OnesCount64(^(pos.Board.Own | pos.Board.Opp)),
			Mover: int(pos.ToMove), Value: values[i], After: Unknown}
		if i < len(moves) {
			p.Move = moves[i]
			if next := values[i+1]; next != Unknown {
				p.After = next
				if boards[i+1].ToMove != pos.ToMove {
					p.After = -next
				}
			}
		}
		if p.Cost() < 0 {
			return nil, fmt.Errorf("%s: move %d (%s) scores %+d after it against %+d before: the solver is wrong", file, p.N, p.Move, p.After, p.Value)
		}
		g.Plies = append(g.Plies, p)
	}
	g.Final = Unknown
	if n := len(g.Plies); n > 0 && over && g.Plies[n-1].Value != Unknown {
		g.Final = forSide(g.Plies[n-1], 0)
	}
	return g, nil
}

// Replayed is a record's positions from some number of empties on.
type Replayed struct {
	Sides     [2]string          // the sides' names, BLACK and WHITE
	Positions []reversi.Position // each position with at most the asked empties, in order
	Moves     []string           // the move played from each position (one fewer at the game's end)
	Plies     []int              // each position's move number in the record
	Over      bool               // the record ends with the game over
}

// Replay replays the Reversi game in lines (file names it in errors), every move judged
// again, and keeps its positions with at most from empty squares.
func Replay(file string, lines []gamefile.Line, from int) (*Replayed, error) {
	r := &Replayed{}
	var bad error
	_, _, err := referee.ReplayAny([]rules.Game{reversi.Game{}}, file, lines, func(k int, m rules.Match, p *referee.RecordedPly) {
		if bad != nil {
			return
		}
		if k == 0 {
			r.Sides = [2]string{m.SideName(0), m.SideName(1)}
		}
		if p != nil && len(r.Positions) > len(r.Moves) {
			r.Moves = append(r.Moves, p.Move)
		}
		in, err := reversi.ParseInput(file, gamefile.SplitLines(string(m.Input(gamefile.Single, "1"))))
		if err != nil {
			bad = err
			return
		}
		if bits.OnesCount64(^(in.Board.Own | in.Board.Opp)) <= from {
			r.Positions = append(r.Positions, in.Position)
			r.Plies = append(r.Plies, k+1)
		}
		r.Over, _, _ = m.Over()
	})
	if err == nil {
		err = bad
	}
	if err != nil {
		return nil, err
	}
	return r, nil
}

// players reads who played each side: a record's "agent A: NAME plays SIDE" lines, or a
// GGF game's PB and PW (GGF names Black first).
func players(lines []gamefile.Line, sides [2]string) [2]string {
	if !referee.IsGGF(lines) {
		p, _ := referee.RecordPlayers(lines, sides)
		return p
	}
	var text strings.Builder
	for _, l := range lines {
		text.WriteString(l.Text)
	}
	g, err := reversi.ParseGGF(text.String())
	if err != nil { // ReplayAny read it already; an unreadable name stays the side's
		return [2]string{}
	}
	return [2]string{g.Prop("PB"), g.Prop("PW")}
}

// Main runs reversi-review with args and returns the exit status.
func Main(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("reversi-review", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, usage); fs.PrintDefaults() }
	from := fs.Int("from", 24, "analyse positions with at most `E` empties, 1 to 30")
	nodes := fs.Int64("nodes", 4_000_000_000, "solver nodes per position, at most `N` (0: no limit)")
	workers := fs.Int("workers", 1, "records solved at once, `W` 1 to 64 (each with its own 128 MB table)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	switch {
	case *from < 1 || *from > 30:
		fmt.Fprintf(stderr, "reversi-review: -from %d: want 1 to 30\n", *from)
		return 2
	case *nodes < 0:
		fmt.Fprintf(stderr, "reversi-review: -nodes %d: want 0 or more\n", *nodes)
		return 2
	case *workers < 1 || *workers > 64:
		fmt.Fprintf(stderr, "reversi-review: -workers %d: want 1 to 64\n", *workers)
		return 2
	case fs.NArg() == 0:
		fmt.Fprint(stderr, "reversi-review: no game files\n")
		fs.Usage()
		return 2
	}
	cfg := Config{From: *from, Nodes: *nodes, Workers: *workers, LogSize: 22}
	games, errs := Run(fs.Args(), cfg, func(done, total int) {
		fmt.Fprintf(stderr, "\rreversi-review: %d of %d games", done, total)
		if done == total {
			fmt.Fprintln(stderr)
		}
	})
	status := 0
	for _, err := range errs {
		fmt.Fprintf(stderr, "reversi-review: %v\n", err)
		status = 1
	}
	Report(stdout, games, cfg)
	return status
}

// Run analyses the files with cfg.Workers solvers at once and returns the games in the
// files' order (the failed ones left out) and an error for each file that failed.
func Run(files []string, cfg Config, progress func(done, total int)) ([]*Game, []error) {
	out := make([]*Game, len(files))
	errs := make([]error, len(files))
	next := make(chan int)
	var mu sync.Mutex
	done := 0
	var wg sync.WaitGroup
	for range min(cfg.Workers, len(files)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			solver := reversi.NewSolver(cfg.LogSize)
			for i := range next {
				lines, err := gamefile.ReadLinesUpTo(files[i], 4<<20)
				if err == nil {
					out[i], err = Analyse(files[i], lines, cfg, solver)
				}
				errs[i] = err
				mu.Lock()
				done++
				if progress != nil {
					progress(done, len(files))
				}
				mu.Unlock()
			}
		}()
	}
	for i := range files {
		next <- i
	}
	close(next)
	wg.Wait()
	var games []*Game
	var failed []error
	for i := range files {
		if errs[i] != nil {
			failed = append(failed, errs[i])
		} else {
			games = append(games, out[i])
		}
	}
	return games, failed
}

// Tally is one player's figures over the games it played.
type Tally struct {
	Name         string
	Games        int
	End, Start   [3]int // wins, draws, losses: at the end, and exactly at the first analysed position
	StartUnknown int    // games whose first analysed position was not solved
	Moves        int    // moves analysed
	Mistakes     int    // moves that cost discs
	Decisive     int    // moves that changed the exact result
	Discs        int    // discs given away in all
}

// result is the index into Tally.End for a value: 0 win, 1 draw, 2 loss.
func result(v int) int { return 1 - sign(v) }

// Tallies sums the games by player name, in the order the names first appear.
func Tallies(games []*Game) []*Tally {
	var order []*Tally
	byName := map[string]*Tally{}
	for _, g := range games {
		for side, name := range g.Players {
			t := byName[name]
			if t == nil {
				t = &Tally{Name: name}
				byName[name] = t
				order = append(order, t)
			}
			t.Games++
			if g.Final != Unknown {
				t.End[result(sideValue(g.Final, side))]++
			}
			if s := g.Start(); s != Unknown {
				t.Start[result(sideValue(s, side))]++
			} else {
				t.StartUnknown++
			}
			for _, p := range g.Plies {
				if p.Mover != side || p.Move == "" || p.Move == reversi.Pass {
					continue
				}
				t.Moves++
				if c := p.Cost(); c > 0 {
					t.Mistakes++
					t.Discs += c
				}
				if p.Decisive() {
					t.Decisive++
				}
			}
		}
	}
	return order
}

// sideValue turns side 0's value into side's.
func sideValue(v0, side int) int {
	if side == 0 {
		return v0
	}
	return -v0
}

// Report writes each game's line, its decisive moves, and the players' tallies.
func Report(w io.Writer, games []*Game, cfg Config) {
	for _, g := range games {
		fmt.Fprintf(w, "%s: %s (%s) against %s (%s): %s\n", g.File, g.Players[0], g.Sides[0],
			g.Players[1], g.Sides[1], g.summary())
		for _, p := range g.Plies {
			if p.Decisive() {
				fmt.Fprintf(w, "  move %d, %s plays %s: %s before, %s after (%s)\n", p.N, g.Players[p.Mover], p.Move,
					value(p.Value), value(p.After), change(p.Value, p.After))
			}
		}
	}
	fmt.Fprintf(w, "\nexact results from %d empties (values for the first side named; a move's cost is best play's value less the move's)\n", cfg.From)
	fmt.Fprintf(w, "%-12s %6s %12s %16s %7s %9s %9s %12s\n", "player", "games", "end W-D-L", "at start W-D-L", "moves", "mistakes", "decisive", "discs/game")
	for _, t := range Tallies(games) {
		start := fmt.Sprintf("%d-%d-%d", t.Start[0], t.Start[1], t.Start[2])
		if t.StartUnknown > 0 {
			start += fmt.Sprintf(" (%d ?)", t.StartUnknown)
		}
		fmt.Fprintf(w, "%-12s %6d %12s %16s %7d %9d %9d %12.2f\n", t.Name, t.Games,
			fmt.Sprintf("%d-%d-%d", t.End[0], t.End[1], t.End[2]), start, t.Moves, t.Mistakes, t.Decisive,
			float64(t.Discs)/float64(max(t.Games, 1)))
	}
}

// summary is the game's values for its first side: at the first analysed position and at
// the end.
func (g *Game) summary() string {
	if len(g.Plies) == 0 {
		return "no position to analyse"
	}
	end := "the record ends before the game"
	if g.Final != Unknown {
		end = value(g.Final) + " at the end"
	}
	return fmt.Sprintf("%s at %d empties, %s", value(g.Start()), g.Plies[0].Empties, end)
}

func value(v int) string {
	if v == Unknown {
		return "?"
	}
	return fmt.Sprintf("%+d", v)
}

func change(before, after int) string {
	names := map[int]string{1: "a win", 0: "a draw", -1: "a loss"}
	return names[sign(before)] + " to " + names[sign(after)]
}
