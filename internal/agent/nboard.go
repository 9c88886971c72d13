package agent

// The NBoard engine mode (the NBoard Othello GUI's protocol, version 2, as its
// documentation by Chris Welty describes it and NTest and Edax speak it): the GUI sends the
// game as GGF ("set game"), the moves played since ("move F5/eval/time"), and asks for the
// engine's move ("go": "=== F5/eval/time", the board left as it was) or an analysis ("hint
// N": "search" lines). Nothing else is answered but "ping N" ("pong N") and "learn"
// ("learned"); a command the engine does not know is ignored, as the protocol asks, and a
// command it cannot carry out (an illegal move, a malformed game) is reported with "status"
// and on stderr, the position left as it was.
//
// Time: "go" is a GAME move with what is left of the mover's GGF clock (its TB or TW, else
// TI, less the times of its moves so far), or, when the game has no clock, a SINGLE move of -move-time; "set
// depth N" caps the search's depth (the endgame's exact solve included). "hint" is not
// bound by the game's clock: it is a SINGLE move of -move-time.

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"gameagents/internal/gamefile"
	"gameagents/internal/rules"
)

// NBoardGame is a game an engine plays over NBoard: Othello, whose "set game" is a GGF game.
type NBoardGame interface {
	GTPGame
	// LoadGGF reads the GGF game of "set game".
	LoadGGF(text string) (GGFSetup, error)
}

// GGFSetup is a game read from GGF, for an engine mode.
type GGFSetup struct {
	Start func() rules.GTPMatch // a fresh match at the game's first position
	Moves []TimedMove           // its moves, in order
	Clock [2]float64            // each side's main time in seconds, 0 when it has none
}

// TimedMove is a move as a vertex ("F5", "pass"), with its side and the seconds it took.
type TimedMove struct {
	Side    int
	Vertex  string
	Seconds float64
}

// ServeNBoard runs the NBoard engine mode of game on in and out until "quit" or the end of
// in; the search's reports and the errors go to opts.Log. It returns the exit status.
func ServeNBoard(game NBoardGame, in io.Reader, out io.Writer, opts EngineOptions) int {
	e := &nboardEngine{engineGame: newEngineGame(game, opts), nb: game, w: bufio.NewWriter(out), log: opts.Log}
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 0, 4096), maxCommandLine)
	for sc.Scan() {
		words := strings.Fields(sc.Text())
		if len(words) == 0 {
			continue
		}
		if words[0] == "quit" {
			return ExitOK
		}
		e.do(words[0], words[1:], sc.Text())
		if err := e.w.Flush(); err != nil {
			return ExitInternal // the GUI has gone
		}
	}
	if sc.Err() != nil {
		fmt.Fprintf(opts.Log, "%s nboard: reading commands: %v\n", game.Name(), sc.Err())
		return ExitBadInput
	}
	return ExitOK
}

// nboardEngine is the state of an NBoard session.
type nboardEngine struct {
	*engineGame
	nb    NBoardGame
	w     *bufio.Writer
	log   io.Writer
	depth int        // "set depth": the deepest search; 0 for none
	clock [2]float64 // each side's main time (GGF TB, TW or TI), 0 for none
	spent [2]float64 // the seconds each side's moves took, as the GUI told them
}

func (e *nboardEngine) say(format string, args ...any) { fmt.Fprintf(e.w, format+"\n", args...) }

// refuse reports a command the engine cannot carry out.
func (e *nboardEngine) refuse(line string, err error) {
	fmt.Fprintf(e.log, "nboard: %q: %v\n", gamefile.Clip(line), err)
	e.say("status %s", strings.ReplaceAll(err.Error(), "\n", " "))
}

func (e *nboardEngine) do(cmd string, args []string, line string) {
	switch cmd {
	case "nboard":
		e.say("set myname %s", strings.ReplaceAll(e.opts.Name, " ", "-"))
	case "set":
		e.set(args, line)
	case "move":
		if len(args) != 1 {
			e.refuse(line, fmt.Errorf("want move MOVE[/EVAL[/TIME]]"))
			return
		}
		if err := e.move(args[0]); err != nil {
			e.refuse(line, err)
		}
	case "go":
		e.goMove(line)
	case "hint":
		e.hint(line)
	case "ping":
		e.say("pong %s", strings.Join(args, " "))
	case "learn":
		e.say("learned")
	}
}

func (e *nboardEngine) set(args []string, line string) {
	if len(args) == 0 {
		return
	}
	switch args[0] {
	case "depth":
		d, err := strconv.Atoi(strings.Join(args[1:], ""))
		if err != nil || d < 1 || d > 99 {
			e.refuse(line, fmt.Errorf("set depth: want a depth from 1 to 99"))
			return
		}
		e.depth = d
	case "game":
		_, text, _ := strings.Cut(line, "game")
		if err := e.setGame(strings.TrimSpace(text)); err != nil {
			e.refuse(line, err)
		}
	}
}

// setGame replaces the game with the GGF one; on an error the game stays as it was.
func (e *nboardEngine) setGame(text string) error {
	g, err := e.nb.LoadGGF(text)
	if err != nil {
		return err
	}
	oldFirst, oldPlayed := e.first, e.played
	e.reset(g.Start)
	var spent [2]float64
	for i, m := range g.Moves {
		if err := e.tell(m.Side, m.Vertex); err != nil {
			e.first = oldFirst
			e.rewindTo(oldPlayed)
			return fmt.Errorf("set game: move %d, %s: %v", i+1, m.Vertex, err)
		}
		spent[m.Side] += m.Seconds
	}
	e.clock, e.spent = g.Clock, spent
	return nil
}

// rewindTo replays played from the start.
func (e *nboardEngine) rewindTo(played [][]byte) {
	e.played = played
	e.rewind(len(played))
}

// move plays "F5", "PA" or "F5/1.00/2.5" for the side to move (or, when it can only pass,
// for the other side).
func (e *nboardEngine) move(arg string) error {
	parts := strings.Split(arg, "/")
	vertex := parts[0]
	if strings.EqualFold(vertex, "PA") {
		vertex = "pass"
	}
	var secs float64
	if len(parts) > 2 && parts[2] != "" {
		s, err := strconv.ParseFloat(parts[2], 64)
		if err != nil || !(s >= 0 && s <= maxEngineSeconds) {
			return fmt.Errorf("move %s: the time %q is not a number of seconds", gamefile.Clip(arg), gamefile.Clip(parts[2]))
		}
		secs = s
	}
	side := e.match.ToMove()
	if err := e.tell(side, vertex); err != nil {
		if err2 := e.tell(1-side, vertex); err2 != nil {
			return fmt.Errorf("move %s: %v", gamefile.Clip(arg), err)
		}
		side = 1 - side
	}
	e.spent[side] += secs
	return nil
}

// goMove answers "go" with the move the engine would play, the board left as it was.
func (e *nboardEngine) goMove(line string) {
	side := e.match.ToMove()
	mode, secs := gamefile.Single, e.opts.MoveSeconds
	if e.clock[side] > 0 {
		mode, secs = gamefile.GameClock, e.clock[side]-e.spent[side]
	}
	e.say("status thinking")
	vertex, an, used, err := e.findMove(side, mode, secs, e.depth, false)
	if err != nil {
		e.refuse(line, err)
		return
	}
	if an.Depth > 0 {
		e.say("nodestats %d %.2f", an.Nodes, used)
	}
	e.say("=== %s/%.2f/%.3f", nboardVertex(vertex), an.Score, used)
}

// hint answers "hint N" with the engine's best move as a "search" line: its principal
// variation, its score and the depth ("100%" when solved exactly).
func (e *nboardEngine) hint(line string) {
	e.say("status Analyzing")
	vertex, an, _, err := e.findMove(e.match.ToMove(), gamefile.Single, e.opts.MoveSeconds, e.depth, false)
	if err != nil {
		e.refuse(line, err)
		return
	}
	pv := []string{nboardVertex(vertex)}
	if len(an.PV) > 1 {
		pv = pv[:0]
		for _, m := range an.PV {
			pv = append(pv, nboardVertex(m))
		}
	}
	depth := strconv.Itoa(an.Depth)
	if an.Exact {
		depth = "100%"
	}
	e.say("search %s %.2f 0 %s", strings.Join(pv, "-"), an.Score, depth)
	e.say("status")
}

// nboardVertex writes a move as NBoard does: "F5", "PA" for a pass.
func nboardVertex(vertex string) string {
	if strings.EqualFold(vertex, "pass") {
		return "PA"
	}
	return strings.ToUpper(vertex)
}
