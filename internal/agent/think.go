package agent

// The engine modes' side of the lifecycle: a long-lived process plays many moves, each
// planned and searched exactly as the file protocol would plan and search it from the same
// input.txt and calibration.txt, but kept in memory. The engine modes' protocols (gtp.go)
// turn their own notion of time into that input's header, so that a protocol's engine and
// the file agent at the same budget play the same moves.

import (
	"cmp"
	"fmt"
	"io"
	"path/filepath"

	"gameagents/internal/clock"
	"gameagents/internal/gamefile"
)

// Thinker plays moves in memory for an engine mode.
type Thinker struct {
	game Game
	opts Options
	rate float64 // nodes a CPU second, from calibration.txt in opts.Dir (or the game's default)
	// memory is what the game kept from each side's previous move (its playdata lines),
	// keyed by the side's token on line 2 of input.txt.
	memory map[string][]string
}

// NewThinker reads the calibration in opts.Dir once and pins the runtime to one thread, as
// a move of the file protocol does for any search long enough to be worth it.
func NewThinker(game Game, opts Options) *Thinker {
	if opts.Log == nil {
		opts.Log = io.Discard
	}
	if opts.Clock == nil {
		opts.Clock = clock.Process{}
	}
	oneThread()
	rate := ReadCalibration(filepath.Join(opts.Dir, "calibration.txt"), game, opts.Log)
	return &Thinker{game: game, opts: opts, rate: rate, memory: map[string][]string{}}
}

// Forget drops what the game remembered of earlier moves: a new game begins.
func (t *Thinker) Forget() { clear(t.memory) }

// Move plays the move input (the bytes of an input.txt) asks for, with the depth cap depth
// (0 for none, as Options.Depth), and returns the move's output.txt lines and what the
// search reported. Its errors are input's, as the file protocol's exit status 2 reports them.
func (t *Thinker) Move(input []byte, depth int) ([]string, Analysis, error) {
	lines := gamefile.SplitLines(string(input))
	pos, err := t.game.Parse("input.txt", lines)
	if err != nil {
		return nil, Analysis{}, err
	}
	h := pos.Header()
	var mem playdata
	remember := remembers(t.game, h.Mode)
	if remember {
		mem.game = t.memory[h.Side.Text]
	}
	opts := t.opts
	opts.Depth = depth
	s, plan := newSession(t.game, pos, opts, t.rate, mem, t.opts.Clock.Used())
	start := t.opts.Clock.Used()
	gameLines := pos.Play(s)
	if !s.emitted {
		return nil, Analysis{}, fmt.Errorf("%s wrote no move", t.game.Name())
	}
	if remember {
		t.memory[h.Side.Text] = gameLines
	}
	fmt.Fprintf(t.opts.Log, "%s: %s %s, planned %.3fs (hard %.3fs, %d nodes), used %.3fs CPU\n",
		t.game.Name(), h.Mode, h.Time, plan.Soft.Seconds(), plan.Hard.Seconds(), s.Nodes, (t.opts.Clock.Used() - start).Seconds())
	return s.move, s.analysis, nil
}

// Single is the session of a SINGLE move of seconds planned as the file protocol plans one
// (the game's share, the guard at its fraction), for an engine mode whose positions are no
// input.txt (UHP's game strings); depth caps the search (0: none). The node cost of the
// position is not known here: the calibration position's is assumed.
func (t *Thinker) Single(seconds float64, depth int) *Session {
	h := gamefile.Header{Mode: gamefile.Single, Seconds: seconds}
	plan := planSingle(h, cmp.Or(t.opts.SingleShare, SingleShareOf(t.game)))
	return &Session{
		Nodes:    max(int64(plan.Soft.Seconds()*t.rate), 1),
		MaxNodes: max(int64(plan.Soft.Seconds()*t.rate), 1),
		Guard:    clock.Deadline{Clock: t.opts.Clock, At: t.opts.Clock.Used() + plan.Hard},
		Player:   t.opts.Player,
		Depth:    depth,
		Log:      t.opts.Log,
	}
}

// Analysis returns what the session's search reported.
func (s *Session) Analysis() Analysis { return s.analysis }
