// Package referee plays whole games between two agent commands the way the official
// CSCI-561 game master did, and validates single moves the way its validator did. It knows
// no game: each game plugs in through the Game and Match interfaces (Halma's is
// halma.Judge), so the same referee serves every game of the project.
//
// What a match guarantees, per game:
//
//   - Each agent runs in its own directory (<out>/game-NN/agent-A, agent-B), created for the
//     game, with no playdata.txt (the master deleted it before each game) and, if one was
//     given, a copy of calibration.txt.
//   - Every turn the referee removes output.txt, writes a fresh input.txt for the side to
//     move, and runs the agent's command in that directory (directly when it is plain
//     words, else with /bin/sh -c), in a process group of its own. Line 3 of input.txt is
//     the mover's CPU time left in the game (GAME mode) or the fixed time of every move
//     (SINGLE mode).
//   - The CPU time charged for a move is user+sys of the whole process tree that the shell
//     waited for, as the kernel reports it on wait4, process start-up included. The master
//     charged user time only (/usr/bin/time -f %U), so the referee is slightly stricter.
//   - A move still running when its time plus the grace (the master's 10 s) has passed on the
//     wall clock is killed with its whole process group and loses on time. After every
//     move, GAME mode subtracts the CPU time from the mover's clock and a clock at or below
//     zero loses; SINGLE mode loses a move that used more than its time. The master only
//     noticed an exhausted clock at the player's next turn ("Not running X because of
//     negative remaining time"), so an over-time winning move still won there; here it
//     loses at once, which is what the rules say.
//   - A missing output.txt, a malformed one, or an illegal move loses, and the reason says
//     exactly what was wrong. Judging is as tolerant as the official Halma validator: a
//     missing final LF and CRLF line endings are accepted with a warning, unless strict.
//   - After each move the game's own rules decide a win (Match.Over). A side with no legal
//     move, or a game that reaches the ply cap, ends with the Halma draw rule: the player
//     with more CPU time left wins (in SINGLE mode, the one that used less); equal is a draw.
//   - A game whose rules score points (its Match is a Scorer, as Hive's is) leaves both
//     agents' points in each record and in the summary; a game with options (Configurable,
//     -setup) plays with the ones given, and the records say which. A game dealt before its
//     first move (Dealt, as ŠTREKY's cards are) plays a new deal every two games, once in
//     each order, as an opening is shared; the records name the deal.
//
// How it is built:
//
//   - The game loop (loop.go) plays one game as a small state machine: opening (the match's
//     opening moves, played by the referee), then next (has the game ended by its rules, the
//     ply cap, or a side without a move?) and move (ask, charge, check the clock, judge) in
//     turn, then finish. PlayGame plays game n of a match; n alone decides colours, first
//     mover, opening and deal, so any game can be played on its own. Run plays a match's
//     games on top of it, up to Parallel at once.
//   - Listeners hear each game: GameStarted, Played for every ply (opening moves, accepted
//     moves, the move that lost, a side left without a move), GameEnded with the final
//     Result, all from the game's goroutine and in that order. The record writer (record.go,
//     Recorder), the scrolling printer (printer.go), the live board that a terminal gets
//     instead of the printer's board per ply (live.go) and the summary (summary.go) are
//     listeners; the loop itself prints nothing and writes no record. The printer and the
//     summary are shared by games played in parallel and lock; a Recorder serves one game
//     at a time. Callers add their own (Config.Listeners): the replay page, which draws,
//     lives outside this package (internal/replay), which knows no picture.
//   - Players (player.go) are the agents in a game, one kind per prefix of the agent
//     command: a plain command is a file-protocol agent (agent.go), run once per move;
//     "gtp:<command>" is a GTP engine (gtp.go). A kind starts a Player for a game in the
//     agent's directory; the loop asks it for moves (its Answer: the output to judge, the
//     CPU and wall time to charge, or why the move is already lost), tells it the moves it
//     did not make, and closes it whatever happened. A new kind implements Player and
//     registers its prefix (RegisterKind); the loop does not change. Every agent process
//     of every kind is started by StartProcess, in a process group of its own.
//
// A GTP engine (gtp.go) serves games whose Match implements GTPMatch: started once per game
// in the agent's directory and its own process group, asked "genmove <colour>" on its turns
// and told the other agent's moves with "play", every move judged like any agent's. It is
// charged, at each move, the CPU time its process group used since its previous move, read
// from /proc/PID/stat in clock ticks (10 ms); the same wall limit and clock rules apply,
// unless Config.GTPUntimed (-gtp-untimed) records its time without enforcing it. A "?"
// answer, an exit or a malformed answer loses.
//
// Every game leaves a record (<out>/game-NN.txt: header, one line per ply, result; its
// format is in record.go), written whole when the game ends, so that a record that exists
// is a finished game's; the match leaves a summary (<out>/summary.tsv), rewritten as games
// end, besides the table printed at the end.
package referee

import (
	"fmt"
	"strings"

	"gameagents/internal/gamefile"
)

// Game is one game's rules as the referee and the validator need them. Sides are numbered
// 0 and 1 in the game's own terms (for Halma 0 is BLACK and 1 is WHITE); the referee maps
// its two agents onto them.
type Game interface {
	// Name is the game's name on the command line, e.g. "halma", and how
	// gamefile.Recognize names the game's input.txt.
	Name() string
	// New starts a game from the initial position with side first to move. A game whose
	// rules fix the first mover ignores first; Match.ToMove tells who it is.
	New(first int) Match
	// Load builds a position from the lines of an input.txt. Its errors name the file
	// input.txt and the line, as gamefile.Error does.
	Load(input []gamefile.Line) (Match, error)
}

// Match is a game in progress. Its methods are called from one goroutine.
type Match interface {
	// ToMove returns the side to move, 0 or 1.
	ToMove() int
	// SideName returns the game's token for a side, e.g. "BLACK".
	SideName(side int) string
	// Input returns the input.txt the side to move is given.
	Input(mode gamefile.Mode, seconds string) []byte
	// HasMove reports whether the side to move has any legal move (a pass token, where the
	// game has one, counts as a move). When it has none the referee ends the game.
	HasMove() bool
	// NoMove is the one line the game's agents write to output.txt when HasMove is false
	// (the game's pass token, e.g. "PASS"), or "" when they write an empty file, as
	// Halma's do. The validator accepts exactly that answer there.
	NoMove() string
	// Play judges output, the bytes of the mover's output.txt, with the tolerance of
	// SplitOutput, and on success applies the move and passes the turn. move is the move as
	// the master logged it (Halma: "J 1,1 3,3 ; J 3,3 5,5"); warnings are the tolerated
	// irregularities. An error means a malformed file or an illegal move, which loses; it
	// says exactly what is wrong, and the match is unchanged.
	Play(output []byte, strict bool) (move string, warnings []string, err error)
	// Over reports whether the game has ended by its own rules; winner is the winning
	// side, or -1 for a draw; reason says why, e.g. "BLACK filled the opposing camp".
	Over() (over bool, winner int, reason string)
	// Render draws the position for people watching, one string per line.
	Render() []string
}

// Configurable is a Game with a setup: options of the game itself (a board size, the
// pieces), given with -setup in the game's own syntax. The referee refuses -setup for a
// game that is not Configurable.
type Configurable interface {
	Game
	// Configure returns the game played with setup, or an error that says what is wrong
	// with it.
	Configure(setup string) (Game, error)
}

// Mirrored is a Game in which either side may move first (Halma): an opening written for
// side 0 moving first is played, in a game side 1 begins, as its mirror image, each move
// as MirrorMove gives it, so that one openings file serves every schedule.
type Mirrored interface {
	Game
	// MirrorMove returns a move's line (one line of an output.txt) for the other side, on
	// the board turned so that each side's pieces stand where the other's did.
	MirrorMove(move string) (string, error)
}

// Dealt is a Game whose games differ by what is dealt before the first move, as ŠTREKY's
// cards are. Games 2k+1 and 2k+2 of a match (k from 0) play deal k, the agents' order
// swapped between the two, so that each deal is played from both sides.
type Dealt interface {
	Game
	// Deal returns the game of deal k and how a record names it, e.g. "seed=3".
	Deal(k int) (game Game, name string)
}

// Scorer is a Match whose rules give each side points, as Hive's do: the referee then
// records both agents' points at the end of each game, however it ended, and their mean
// over the match.
type Scorer interface {
	Match
	// Points returns the points of sides 0 and 1 in the current position.
	Points() [2]int
}

// Logged is a Game whose logged moves (Match.Play's move, what records hold) are not the
// text of output.txt, as Halma's hops joined on one line are not: it turns one back. For
// every other game the logged move is output.txt's one line.
type Logged interface {
	Game
	// OutputOf returns the output.txt that plays the logged move.
	OutputOf(move string) []byte
}

// OutputOf returns the output.txt that plays move as g's records log it, so that a record
// can be replayed through Match.Play.
func OutputOf(g Game, move string) []byte {
	if l, ok := g.(Logged); ok {
		return l.OutputOf(move)
	}
	return []byte(move + "\n")
}

// SplitOutput splits the bytes of an output.txt into lines with the tolerance of the
// official Halma validator (docs/contract.md): a last line without its LF and CRLF
// line endings are accepted with a warning, or rejected when strict. A CR anywhere else is
// an error. Empty output gives no lines and no error: whether that is a move is the game's
// call. Nothing else is trimmed: the game judges every line as written, and line N of the
// result is line N of the file.
func SplitOutput(output []byte, strict bool) (lines []string, warnings []string, err error) {
	if len(output) == 0 {
		return nil, nil, nil
	}
	text := string(output)
	if i := strings.Index(text, "\r\n"); i >= 0 {
		line := 1 + strings.Count(text[:i], "\n")
		if strict {
			return nil, nil, fmt.Errorf("line %d ends with CRLF, want LF", line)
		}
		warnings = append(warnings, fmt.Sprintf("CRLF line endings from line %d (accepted; strict judging rejects them)", line))
		text = strings.ReplaceAll(text, "\r\n", "\n")
	}
	if i := strings.IndexByte(text, '\r'); i >= 0 {
		return nil, warnings, fmt.Errorf("line %d holds a carriage return (CR) not followed by LF", 1+strings.Count(text[:i], "\n"))
	}
	if !strings.HasSuffix(text, "\n") {
		line := 1 + strings.Count(text, "\n")
		if strict {
			return nil, warnings, fmt.Errorf("line %d, the last, does not end with LF", line)
		}
		warnings = append(warnings, fmt.Sprintf("line %d, the last, does not end with LF (accepted; strict judging rejects it)", line))
		text += "\n"
	}
	return strings.Split(strings.TrimSuffix(text, "\n"), "\n"), warnings, nil
}

// SplitOneLine is SplitOutput for games whose move is one line: it returns that line, or a
// "malformed output.txt" error for an empty file or more lines, naming forms, what the
// line may be (e.g. "MOVE x,y or PASS").
func SplitOneLine(output []byte, strict bool, forms string) (string, []string, error) {
	lines, warnings, err := SplitOutput(output, strict)
	switch {
	case err != nil:
		return "", warnings, fmt.Errorf("malformed output.txt: %v", err)
	case len(lines) == 0:
		return "", warnings, fmt.Errorf("malformed output.txt: the file is empty, want one line: %s", forms)
	case len(lines) > 1:
		return "", warnings, fmt.Errorf("malformed output.txt: %d lines, want one: %s", len(lines), forms)
	}
	return lines[0], warnings, nil
}
