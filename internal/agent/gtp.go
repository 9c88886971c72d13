package agent

// The GTP engine mode (Go Text Protocol version 2, as Othello GUIs and engines speak it:
// Quarry, gtp-rhino): the engine as a long-lived process on stdin and stdout. It keeps the
// game as a rules.Match, so that every move it is told is judged by the same rules as the
// referee's, and asks the Thinker for its own moves with an input.txt built from the
// match and the protocol's time: the same planning, the same node budget, the same move as
// the file protocol. docs/engine-modes.md lists the commands and how time maps.
//
// Time: "time_settings M B S" and "time_left COLOUR T S" (seconds, fractions accepted).
// While a side is in main time (S = 0) its move is a GAME move with T (or what is left of
// M) on its clock; byo-yomi never enters the plan, a reserve of its own. In a byo-yomi
// period (S > 0) a move is a SINGLE move of T/S seconds. With no time settings, or "no time
// limits" (B > 0 and S = 0 with M = 0), a move is a SINGLE move of the engine's default.

import (
	"bufio"
	"cmp"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"gameagents/internal/gamefile"
	"gameagents/internal/rules"
)

// gtpCommands are the commands the engine knows, in list_commands' order.
var gtpCommands = []string{
	"protocol_version", "name", "version", "known_command", "list_commands", "quit",
	"boardsize", "clear_board", "komi", "play", "genmove", "reg_genmove", "undo",
	"time_settings", "time_left", "showboard", "final_score", "list_games", "set_game", gtpAnalyze,
}

// gtpAnalyze is the engine's extension: reg_genmove with the search's conclusion.
const gtpAnalyze = "gameagents-analyze"

// ServeGTP runs the GTP engine mode of game on in and out until "quit" or the end of in;
// the search's reports go to opts.Log. It returns the exit status.
func ServeGTP(game GTPGame, in io.Reader, out io.Writer, opts EngineOptions) int {
	g := &gtpEngine{engineGame: newEngineGame(game, opts), clock: clockSettings{perMove: opts.MoveSeconds}}
	w := bufio.NewWriter(out)
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 0, 4096), maxCommandLine)
	for sc.Scan() {
		id, words := parseGTP(sc.Text())
		if len(words) == 0 {
			continue
		}
		text, err := g.do(strings.ToLower(words[0]), words[1:])
		mark := "="
		if err != nil {
			mark, text = "?", err.Error()
		}
		if text != "" {
			text = " " + text
		}
		fmt.Fprintf(w, "%s%s%s\n\n", mark, id, text)
		if err := w.Flush(); err != nil {
			return ExitInternal // the controller has gone
		}
		if strings.EqualFold(words[0], "quit") {
			return ExitOK
		}
	}
	if sc.Err() != nil {
		fmt.Fprintf(opts.Log, "%s gtp: reading commands: %v\n", game.Name(), sc.Err())
		return ExitBadInput
	}
	return ExitOK
}

// maxCommandLine bounds a command line of any engine mode: a longer one is an error.
const maxCommandLine = 1 << 20

// parseGTP splits a command line as GTP's preprocessing does: control characters other
// than HT and LF removed, HT turned into a space, a comment from "#" dropped; then the
// optional numeric id, returned as written, and the words.
func parseGTP(line string) (string, []string) {
	if i := strings.IndexByte(line, '#'); i >= 0 {
		line = line[:i]
	}
	line = strings.Map(func(r rune) rune {
		switch {
		case r == '\t':
			return ' '
		case r < 32 || r == 127:
			return -1
		}
		return r
	}, line)
	words := strings.Fields(line)
	if len(words) > 0 {
		if _, err := strconv.ParseUint(words[0], 10, 64); err == nil {
			return words[0], words[1:]
		}
	}
	return "", words
}

// gtpEngine is the state of a GTP session.
type gtpEngine struct {
	*engineGame
	clock clockSettings
}

// clockSettings is the time the protocol gave each side.
type clockSettings struct {
	perMove float64    // a SINGLE move's time when no time is set
	set     bool       // time_settings has set a clock
	left    [2]float64 // seconds left in the current period
	stones  [2]int     // moves the period must cover; 0 in main time
}

// input is the input.txt header's mode and time for side's next move.
func (c *clockSettings) input(side int) (gamefile.Mode, float64) {
	switch {
	case !c.set:
		return gamefile.Single, c.perMove
	case c.stones[side] > 0:
		return gamefile.Single, c.left[side] / float64(c.stones[side])
	}
	return gamefile.GameClock, c.left[side]
}

// spent takes a move's CPU time off side's clock in main time, for controllers that send
// no time_left.
func (c *clockSettings) spent(side int, seconds float64) {
	if c.set && c.stones[side] == 0 {
		c.left[side] = max(0, c.left[side]-seconds)
	}
}

// do runs one command and returns its answer's text.
func (g *gtpEngine) do(cmd string, args []string) (string, error) {
	switch cmd {
	case "protocol_version":
		return "2", nil
	case "name":
		return g.opts.Name, nil
	case "version":
		return g.opts.Version, nil
	case "known_command":
		if len(args) != 1 {
			return "", fmt.Errorf("syntax error: known_command COMMAND")
		}
		return strconv.FormatBool(slices.Contains(gtpCommands, strings.ToLower(args[0]))), nil
	case "list_commands":
		return strings.Join(gtpCommands, "\n"), nil
	case "quit", "komi":
		return "", nil
	case "boardsize":
		return "", g.boardSize(args)
	case "clear_board":
		g.reset(g.first)
		return "", nil
	case "play":
		return "", g.play(args)
	case "genmove", "reg_genmove", gtpAnalyze:
		return g.genmove(cmd, args)
	case "undo":
		return "", g.undo()
	case "time_settings":
		return "", g.timeSettings(args)
	case "time_left":
		return "", g.timeLeft(args)
	case "list_games":
		return g.match.GTPGame(), nil
	case "set_game":
		if len(args) != 1 || !strings.EqualFold(args[0], g.match.GTPGame()) {
			return "", fmt.Errorf("unsupported game")
		}
		return "", nil
	case "final_score":
		if sc, ok := g.match.(rules.GTPScorer); ok {
			if score, over := sc.GTPFinalScore(); over {
				return score, nil
			}
		}
		return "", fmt.Errorf("cannot score")
	case "showboard":
		return "\n" + strings.Join(g.match.Render(), "\n"), nil
	}
	return "", fmt.Errorf("unknown command")
}

// boardSize accepts the one size the game's GTP setup names.
func (g *gtpEngine) boardSize(args []string) error {
	if len(args) != 1 {
		return fmt.Errorf("syntax error: boardsize SIZE")
	}
	for _, c := range g.match.GTPSetup() {
		if w := strings.Fields(c); len(w) == 2 && w[0] == "boardsize" && w[1] == args[0] {
			return nil
		}
	}
	return fmt.Errorf("unacceptable size")
}

// colour reads a GTP colour: the side whose GTPColor it is, or its initial.
func (g *gtpEngine) colour(word string) (int, error) {
	word = strings.ToLower(word)
	for side := range 2 {
		c := g.match.GTPColor(side)
		if word == c || word == c[:1] {
			return side, nil
		}
	}
	return 0, fmt.Errorf("syntax error: invalid color %q", gamefile.Clip(word))
}

func (g *gtpEngine) play(args []string) error {
	if len(args) != 2 {
		return fmt.Errorf("syntax error: play COLOR VERTEX")
	}
	side, err := g.colour(args[0])
	if err != nil {
		return err
	}
	return g.tell(side, args[1])
}

// genmove answers genmove (the move played), reg_genmove (not played) and the analysis
// extension (not played, with the search's conclusion).
func (g *gtpEngine) genmove(cmd string, args []string) (string, error) {
	if len(args) != 1 {
		return "", fmt.Errorf("syntax error: %s COLOR", cmd)
	}
	side, err := g.colour(args[0])
	if err != nil {
		return "", err
	}
	mode, secs := g.clock.input(side)
	vertex, an, used, err := g.findMove(side, mode, secs, 0, cmd == "genmove")
	g.clock.spent(side, used)
	if err != nil || cmd != gtpAnalyze {
		return vertex, err
	}
	return analysisText(vertex, an), nil
}

// analysisText is the analysis extension's answer: the move, its score from the mover's
// side with the unit, the depth, the nodes, and the principal variation when the game
// gives one, e.g. "D3 +2.35 discs depth 12 nodes 1234567 pv D3 C5 F6".
func analysisText(vertex string, a Analysis) string {
	depth := strconv.Itoa(a.Depth)
	if a.Exact {
		depth += " exact"
	}
	text := fmt.Sprintf("%s %+.2f %s depth %s nodes %d", vertex, a.Score, cmp.Or(a.Unit, "score"), depth, a.Nodes)
	if len(a.PV) > 0 {
		text += " pv " + strings.Join(a.PV, " ")
	}
	return text
}

func (g *gtpEngine) timeSettings(args []string) error {
	v, err := numbers(args, 3, "time_settings MAIN_TIME BYO_YOMI_TIME BYO_YOMI_STONES")
	if err != nil {
		return err
	}
	main, byo, stones := v[0], v[1], int(v[2])
	c := clockSettings{perMove: g.opts.MoveSeconds, set: true}
	switch {
	case main == 0 && byo > 0 && stones == 0: // GTP's "no time limits"
		c.set = false
	case main == 0:
		c.left, c.stones = [2]float64{byo, byo}, [2]int{stones, stones}
	default:
		c.left = [2]float64{main, main}
	}
	g.clock = c
	return nil
}

func (g *gtpEngine) timeLeft(args []string) error {
	const form = "time_left COLOR TIME STONES"
	if len(args) != 3 {
		return fmt.Errorf("syntax error: %s", form)
	}
	side, err := g.colour(args[0])
	if err != nil {
		return err
	}
	v, err := numbers(args[1:], 2, form)
	if err != nil {
		return err
	}
	g.clock.set = true
	g.clock.left[side], g.clock.stones[side] = v[0], int(v[1])
	return nil
}

// numbers reads n arguments as non-negative numbers of seconds, the last a whole count of
// moves; form is the command's syntax, for errors.
func numbers(args []string, n int, form string) ([]float64, error) {
	if len(args) != n {
		return nil, fmt.Errorf("syntax error: %s", form)
	}
	v := make([]float64, len(args))
	for i, a := range args {
		x, err := strconv.ParseFloat(a, 64)
		if err != nil || !(x >= 0 && x <= maxEngineSeconds) || (i == len(args)-1 && x != math.Trunc(x)) {
			return nil, fmt.Errorf("syntax error: %s: %q", form, gamefile.Clip(a))
		}
		v[i] = x
	}
	return v, nil
}
