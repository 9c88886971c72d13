package agent

// What the engine modes share: a game kept as a rules.Match, every move told to the engine
// judged by the game's own rules, moves taken back by replaying the game from its start,
// and the engine's own moves found by the Thinker from the input.txt the match gives.

import (
	"fmt"

	"gameagents/internal/gamefile"
	"gameagents/internal/rules"
)

// GTPGame is a game an engine plays in an engine mode: its moves found by the lifecycle
// (Game), its positions, moves and vertices from its contract (rules.Game, whose matches are
// rules.GTPMatch).
type GTPGame interface {
	Game
	New(first int) rules.Match
}

// EngineOptions configure an engine mode.
type EngineOptions struct {
	Options
	// MoveSeconds is the time of a move when the protocol sets none.
	MoveSeconds float64
	// Name is what the engine calls itself (GTP "name", NBoard "set myname").
	Name, Version string
}

// engineGame is the game an engine mode plays.
type engineGame struct {
	game   GTPGame
	think  *Thinker
	opts   EngineOptions
	start  rules.GTPMatch        // the position the game began from, never played on
	first  func() rules.GTPMatch // a fresh copy of start
	match  rules.GTPMatch
	played [][]byte // the output.txt of every move since the start, for undo
}

func newEngineGame(game GTPGame, opts EngineOptions) *engineGame {
	g := &engineGame{game: game, think: NewThinker(game, opts.Options), opts: opts}
	g.reset(func() rules.GTPMatch { return gtpMatch(game.New(0)) })
	return g
}

// gtpMatch is m as a GTPMatch; the modes are offered only for games whose matches are.
func gtpMatch(m rules.Match) rules.GTPMatch {
	gm, ok := m.(rules.GTPMatch)
	if !ok {
		panic(fmt.Sprintf("%T is not a rules.GTPMatch", m))
	}
	return gm
}

// reset begins a new game from the position first returns.
func (g *engineGame) reset(first func() rules.GTPMatch) {
	g.first = first
	g.match = first()
	g.played = nil
	g.think.Forget()
}

// apply judges output as the mover's move and plays it.
func (g *engineGame) apply(output []byte) (string, error) {
	move, _, err := g.match.Play(output, true)
	if err != nil {
		return "", err
	}
	g.played = append(g.played, output)
	return move, nil
}

// turn makes side the side to move: if the other side is to move and can only pass, as
// Othello programs leave unsaid, it passes for it.
func (g *engineGame) turn(side int) error {
	if g.match.ToMove() == side {
		return nil
	}
	if _, err := g.apply(noMoveOutput(g.match)); err != nil {
		return fmt.Errorf("illegal move: it is %s's turn", g.match.GTPColor(g.match.ToMove()))
	}
	return nil
}

func noMoveOutput(m rules.Match) []byte {
	if m.NoMove() == "" {
		return nil
	}
	return []byte(m.NoMove() + "\n")
}

// tell plays side's move given as a vertex, passing first for the other side if it must.
func (g *engineGame) tell(side int, vertex string) error {
	n := len(g.played)
	if err := g.turn(side); err != nil {
		return err
	}
	if _, err := g.apply(g.match.FromGTP(vertex)); err != nil {
		g.rewind(n) // the pass turn may have added
		return fmt.Errorf("illegal move")
	}
	return nil
}

// findMove finds side's move (passing first for the other side if it must) with the header's
// mode and seconds and the depth cap, plays it when keep, and returns its vertex, what the
// search reported and the CPU seconds it took. "pass" when the game is over.
func (g *engineGame) findMove(side int, mode gamefile.Mode, secs float64, depth int, keep bool) (string, Analysis, float64, error) {
	n := len(g.played)
	if err := g.turn(side); err != nil {
		return "", Analysis{}, 0, err
	}
	if !g.match.HasMove() { // the game is over
		g.rewind(n)
		return "pass", Analysis{}, 0, nil
	}
	before := g.think.opts.Clock.Used()
	lines, an, err := g.think.Move(g.match.Input(mode, engineSeconds(secs)), depth)
	used := (g.think.opts.Clock.Used() - before).Seconds()
	if err != nil {
		g.rewind(n)
		return "", an, used, fmt.Errorf("engine error: %v", err)
	}
	move, err := g.apply(gamefile.JoinLines(lines))
	if err != nil {
		g.rewind(n)
		return "", an, used, fmt.Errorf("engine error: its own move: %v", err)
	}
	vertex := g.match.GTPVertex(move)
	for i, m := range an.PV {
		an.PV[i] = g.match.GTPVertex(m)
	}
	if !keep {
		g.rewind(n)
	}
	return vertex, an, used, nil
}

// rewind replays the game's first n moves from its start: matches cannot be copied.
func (g *engineGame) rewind(n int) {
	moves := g.played[:n]
	g.match, g.played = g.first(), nil
	for _, out := range moves {
		if _, err := g.apply(out); err != nil {
			panic(fmt.Sprintf("%s: replaying a move it accepted before: %v", g.game.Name(), err))
		}
	}
}

func (g *engineGame) undo() error {
	if len(g.played) == 0 {
		return fmt.Errorf("cannot undo")
	}
	g.rewind(len(g.played) - 1)
	return nil
}

// maxEngineSeconds bounds the times a controller may give (a year): more is an error.
const maxEngineSeconds = 3.2e7

// engineSeconds writes a protocol's time as line 3 of an input.txt, which must be positive:
// no time left is a millisecond, a move of one node.
func engineSeconds(secs float64) string { return gamefile.FormatSeconds(max(secs, 0.001)) }
