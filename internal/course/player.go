package course

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"gameagents/internal/gamefile"
	"gameagents/internal/sandbox"
)

// Player is a student's player.py playing one game: one Python process, one player object
// (or one per move with Options.PerMove). Its methods are called from one goroutine.
type Player struct {
	conv  *convention
	opts  Options
	class string
	dir   string // the player's directory, cut from tracebacks
	proc  *process
	log   *outputLog
	built bool
	fail  error // the failure that ended the player: every later Move returns it
}

// Start starts a course player for game ("hive", "streky", "quoridor" or "reversi"): the
// Python process in workDir, player.py at playerPath imported as the course's harness
// imports it. It fails with an *Error when player.py cannot be imported (Exception, with
// the traceback), lacks the course's class or kit (Broken), or the import outlasts
// Options.LoadLimit (Time); with a plain error when python cannot start. ctx bounds the
// start only.
func Start(ctx context.Context, game, playerPath, workDir string, opts Options) (*Player, error) {
	conv, ok := conventions[game]
	if !ok {
		return nil, fmt.Errorf("course: %q has no course player interface; the games that do: %s", game, strings.Join(Games(), ", "))
	}
	opts = opts.withDefaults()
	if opts.PerMove && !conv.perMove {
		return nil, fmt.Errorf("course: %s players cannot be built anew every move: the course's player keeps the game's state itself", game)
	}
	path, err := absFile(playerPath)
	if err != nil {
		return nil, fmt.Errorf("course: the player: %w", err)
	}
	class := opts.Class
	if class == "" {
		class = conv.class
	}
	log := newOutputLog(opts.Log, opts.LogCap)
	var box *sandbox.Box
	if opts.Box != nil {
		b := *opts.Box
		b.Read = append(slices.Clone(b.Read), filepath.Dir(path))
		b.Env = append(slices.Clone(b.Env), pythonEnv...)
		box = &b
	}
	proc, err := startProcess(opts.Python, workDir, box, log)
	if err != nil {
		return nil, err
	}
	p := &Player{conv: conv, opts: opts, class: class, dir: filepath.Dir(path) + "/", proc: proc, log: log}
	load := map[string]any{"op": "load", "path": path, "class": class, "kit": conv.kit}
	if conv.kit == nil {
		load["kit"] = []string{}
	}
	if _, err := p.do(ctx, load, "import "+filepath.Base(path), opts.LoadLimit); err != nil {
		proc.close()
		return nil, err
	}
	return p, nil
}

// Move plays one move: input is the input.txt our referee gives the side to move, and
// opponentLast the opponent's last move as its output.txt line ("" when it has made none;
// PASS or "" when it passed). It returns the player's move as output.txt bytes, for the
// referee to judge, and the time the player's calls took during this move (the
// constructor's included), as the referee measured them. Each call is held to
// Options.Limit of wall time; a failure is an *Error (its Kind says what to record), and a
// plain error means a bad input or a broken bridge.
func (p *Player) Move(ctx context.Context, input []byte, opponentLast string) ([]byte, Spent, error) {
	var spent Spent
	if p.fail != nil {
		return nil, spent, p.fail
	}
	build := !p.built || p.opts.PerMove
	pl, err := p.conv.plan(gamefile.SplitLines(string(input)), opponentLast, build, &p.opts)
	if err != nil {
		var e *Error
		if errors.As(err, &e) {
			p.stop(e)
		}
		return nil, spent, err
	}
	if pl.ctor != nil {
		r, err := p.do(ctx, map[string]any{"op": "new", "args": pl.ctor, "set": pl.ctorSet}, p.class+".__init__()", p.opts.Limit+p.opts.Grace)
		if err != nil {
			return nil, spent, err
		}
		spent.add(r.spent)
		p.built = true
	}
	var value []byte
	for _, c := range pl.calls {
		r, err := p.do(ctx, map[string]any{"op": "call", "methods": c.Methods, "args": c.Args, "set": c.Set, "check": c.Check}, c.Methods[0]+"()", p.opts.Limit+p.opts.Grace)
		if err != nil {
			return nil, spent, err
		}
		spent.add(r.spent)
		value = r.value
	}
	out, err := p.conv.output(value)
	return out, spent, err
}

// Close ends the Python process and its whole process group. It is safe to call twice.
func (p *Player) Close() {
	p.proc.close()
}

// result is a successful call: its time, and the move when it returns one.
type result struct {
	spent Spent
	value []byte
}

// do sends one order and turns its outcome into a result or an *Error, which ends the
// player. call names the call in messages when the driver cannot.
func (p *Player) do(ctx context.Context, order map[string]any, call string, timeout time.Duration) (result, error) {
	r, spent, err := p.proc.roundTrip(ctx, order, timeout)
	switch {
	case errors.Is(err, errTimeout):
		return result{}, p.stop(&Error{Kind: Time, Call: call, Reason: fmt.Sprintf("%s still running after %s of wall time, killed", call, seconds(timeout))})
	case errors.Is(err, errDied):
		e := &Error{Kind: Died, Call: call, Reason: fmt.Sprintf("the Python process ended during %s: %s", call, p.proc.exitStatus())}
		if tail := p.log.lastLines(3); len(tail) > 0 {
			e.Detail = strings.Join(tail, "\n")
			e.Reason += "; its last output: " + strings.Join(tail, " | ")
		}
		return result{}, p.stop(e)
	case err != nil:
		p.fail = err
		return result{}, err
	}
	if r.Call != "" {
		call = r.Call
	}
	// Over the limit loses on time whatever the call did: the course would have stopped it.
	if order["op"] != "load" && spent.Wall > p.opts.Limit {
		return result{}, p.stop(&Error{Kind: Time, Call: call, Reason: timeReason(call, spent.Wall, p.opts.Limit)})
	}
	if r.OK {
		return result{spent: spent, value: r.Value}, nil
	}
	switch r.Kind {
	case "exception":
		trace := strings.ReplaceAll(r.Trace, p.dir, "")
		return result{}, p.stop(&Error{Kind: Exception, Call: call, Detail: trace,
			Reason: call + " raised an exception: " + strings.Join(tailLines(trace, 3), " | ") + fileHint(trace)})
	case "malformed":
		return result{}, p.stop(&Error{Kind: Malformed, Call: call,
			Reason: fmt.Sprintf("%s returned %s; want %s", call, r.Got, r.Want)})
	case "broken":
		return result{}, p.stop(&Error{Kind: Broken, Call: call, Reason: r.Msg})
	}
	return result{}, p.stop(&Error{Kind: Broken, Call: call, Reason: fmt.Sprintf("the driver answered %s with %q", call, r.Kind)})
}

// stop records the failure that ends the player, writes its details to the log, and kills
// the process.
func (p *Player) stop(e *Error) error {
	p.fail = e
	p.log.note(e.Reason)
	if e.Detail != "" {
		p.log.note(e.Detail)
	}
	p.proc.kill()
	return e
}

// tailLines returns the last n non-empty lines of text, trimmed.
func tailLines(text string, n int) []string {
	var lines []string
	for _, l := range strings.Split(text, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	return lines[max(0, len(lines)-n):]
}

// fileHint is the advice a player that failed to open a file needs: it runs in its agent's
// directory, not in the folder of its player.py, so a relative path does not reach the files
// beside it.
func fileHint(trace string) string {
	if !strings.Contains(trace, "FileNotFoundError") {
		return ""
	}
	return " (the player runs in its agent's directory, not beside player.py: open the files " +
		"beside it with os.path.join(os.path.dirname(__file__), NAME); docs/course-players.md)"
}
