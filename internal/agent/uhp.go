package agent

// The UHP engine mode (the Universal Hive Protocol of Mzinga's author, as Mzinga's Viewer
// and nokamute speak it): the engine keeps a game given by its game string and answers
// info, newgame, play, pass, validmoves, bestmove, undo and options, each answer ended by a
// line "ok"; a command it cannot carry out answers "err ..." (or "invalidmove ..." for a
// move the rules refuse) and leaves the game as it was.
//
// Time: "bestmove time HH:MM:SS" is a SINGLE move of that many seconds, planned as the file
// protocol plans one; "bestmove depth N" searches N plies deep, bounded by uhpDepthGuard
// of CPU time; a bare "bestmove" is a SINGLE move of -move-time.

import (
	"bufio"
	"cmp"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// UHPGame is a game an engine plays over UHP.
type UHPGame interface {
	Game
	// NewUHPGame starts a game from a UHP game string, or a game type alone ("Base");
	// its errors say what is wrong.
	NewUHPGame(s string) (UHPMatch, error)
}

// UHPMatch is a game in progress for the UHP mode, in UHP's notation.
type UHPMatch interface {
	GameString() string
	// ValidMoves lists the legal moves; none once the game is over.
	ValidMoves() []string
	// Play judges and plays a move ("pass" included); its errors say why it is refused.
	Play(move string) error
	// Undo takes back the last move; Plies counts the moves played.
	Undo() bool
	Plies() int
	// BestMove searches within s's budget (Nodes, Guard, Depth) and returns its move,
	// reporting what it concluded with s.Report. The game must have a legal move.
	BestMove(s *Session) string
}

// uhpDepthGuard bounds the CPU seconds of a "bestmove depth N".
const uhpDepthGuard = 300

// ServeUHP runs the UHP engine mode of game on in and out until "exit" or the end of in.
func ServeUHP(game UHPGame, in io.Reader, out io.Writer, opts EngineOptions) int {
	u := &uhpEngine{game: game, think: NewThinker(game, opts.Options), opts: opts, w: bufio.NewWriter(out)}
	u.info()
	u.say("ok")
	if u.w.Flush() != nil {
		return ExitInternal
	}
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 0, 4096), maxCommandLine)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		cmd, arg, _ := strings.Cut(line, " ")
		if cmd == "exit" || cmd == "quit" {
			return ExitOK
		}
		u.do(cmd, strings.TrimSpace(arg))
		fmt.Fprintln(u.w, "ok")
		if u.w.Flush() != nil {
			return ExitInternal
		}
	}
	if sc.Err() != nil {
		fmt.Fprintf(opts.Log, "%s uhp: reading commands: %v\n", game.Name(), sc.Err())
		return ExitBadInput
	}
	return ExitOK
}

type uhpEngine struct {
	game  UHPGame
	think *Thinker
	opts  EngineOptions
	w     *bufio.Writer
	match UHPMatch // nil before newgame
}

func (u *uhpEngine) say(format string, args ...any) { fmt.Fprintf(u.w, format+"\n", args...) }

func (u *uhpEngine) info() {
	u.say("id %s %s", u.opts.Name, u.opts.Version)
}

func (u *uhpEngine) do(cmd, arg string) {
	if cmd != "info" && cmd != "newgame" && cmd != "options" && u.match == nil {
		u.say("err No game in progress: send newgame first")
		return
	}
	switch cmd {
	case "info":
		u.info() // no capabilities line: no expansion pieces
		return
	case "newgame":
		m, err := u.game.NewUHPGame(cmp.Or(arg, "Base"))
		if err != nil {
			u.say("err %v", err)
			return
		}
		u.match = m
		u.think.Forget()
	case "play", "pass":
		if cmd == "pass" {
			arg = "pass"
		}
		if err := u.match.Play(arg); err != nil {
			u.say("invalidmove %v", err)
			return
		}
	case "validmoves":
		moves := u.match.ValidMoves()
		if len(moves) == 0 {
			u.say("err The game is over")
			return
		}
		u.say("%s", strings.Join(moves, ";"))
		return
	case "bestmove":
		u.bestmove(arg)
		return
	case "undo":
		n := 1
		if arg != "" {
			var err error
			if n, err = strconv.Atoi(arg); err != nil || n < 1 {
				u.say("err undo %q: want a number of moves, 1 or more", arg)
				return
			}
		}
		if n > u.match.Plies() {
			u.say("err Cannot undo %d moves: %d were played", n, u.match.Plies())
			return
		}
		for range n {
			u.match.Undo()
		}
	case "options":
		if arg != "" {
			u.say("err This engine has no options")
		}
		return
	default:
		u.say("err Invalid command %q: want info, newgame, play, pass, validmoves, bestmove, undo, options or exit", cmd)
		return
	}
	u.say("%s", u.match.GameString())
}

// bestmove answers "bestmove [time HH:MM:SS | depth N]".
func (u *uhpEngine) bestmove(arg string) {
	if len(u.match.ValidMoves()) == 0 {
		u.say("err The game is over")
		return
	}
	seconds, depth := u.opts.MoveSeconds, 0
	switch f := strings.Fields(arg); {
	case len(f) == 0:
	case len(f) == 2 && f[0] == "time":
		s, err := parseHMS(f[1])
		if err != nil {
			u.say("err bestmove time %q: %v", f[1], err)
			return
		}
		seconds = s
	case len(f) == 2 && f[0] == "depth":
		d, err := strconv.Atoi(f[1])
		if err != nil || d < 1 || d > 64 {
			u.say("err bestmove depth %q: want 1 to 64", f[1])
			return
		}
		depth, seconds = d, uhpDepthGuard
	default:
		u.say("err bestmove %q: want time HH:MM:SS or depth N", arg)
		return
	}
	s := u.think.Single(max(seconds, 0.001), depth)
	if depth > 0 {
		s.Nodes, s.MaxNodes = 0, 0 // the depth decides; the guard bounds it
	}
	u.say("%s", u.match.BestMove(s))
}

// parseHMS reads UHP's time, HH:MM:SS (fractions of a second accepted).
func parseHMS(s string) (float64, error) {
	parts := strings.Split(s, ":")
	if len(parts) != 3 {
		return 0, fmt.Errorf("want HH:MM:SS")
	}
	var total float64
	for _, p := range parts {
		x, err := strconv.ParseFloat(p, 64)
		if err != nil || x < 0 || x > 1e6 {
			return 0, fmt.Errorf("want HH:MM:SS")
		}
		total = total*60 + x
	}
	return total, nil
}
