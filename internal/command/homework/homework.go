// Package homework is the command line of the homework binary, the people's tool: a game's
// move (as the game binaries play it), and the subcommands referee, validate, tournament,
// render and calibrate, over internal/command's shared flag handling and the game
// binaries' mains.
package homework

import (
	"fmt"
	"io"

	"gameagents/internal/agent"
	"gameagents/internal/command"
	"gameagents/internal/course"
	"gameagents/internal/referee"
	"gameagents/internal/replay"
	"gameagents/internal/rules"
)

// agentKinds are the kinds of agent homework's matches know besides plain commands: GTP,
// NBoard and UHP engines ("gtp:CMD", "nboard:CMD", "uhp:CMD") and the courses' Python
// players ("course:PATH/player.py").
var agentKinds = referee.AgentKinds{referee.GTP, referee.NBoard, referee.UHP, course.PlayerKind}

// Main is the umbrella binary: no arguments plays input.txt's game (one of games)
// in the current directory; the subcommands are for people, the referee and the validator
// knowing judges.
func Main(games []agent.Game, judges []rules.Game, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		return command.GameMain("homework", games, nil, stdout, stderr)
	}
	switch args[0] {
	case "play":
		return command.GameMain("homework play", games, args[1:], stdout, stderr)
	case "referee":
		return RefereeMain(judges, args[1:], stdout, stderr, &replay.Page{})
	case "tournament":
		return TournamentMain(judges, args[1:], stdout, stderr)
	case "validate":
		return ValidateMain(judges, args[1:], stdout, stderr)
	case "render":
		return RenderMain(judges, args[1:], stdout, stderr)
	case "serve":
		return ServeMain(games, judges, args[1:], stdout, stderr)
	case "calibrate":
		return command.CalibrateMain("homework calibrate", games, args[1:], stdout, stderr)
	case "help", "-h", "-help", "--help":
		homeworkUsage(stdout)
		return 0
	}
	fmt.Fprintf(stderr, "homework: unknown subcommand %q\n\n", args[0])
	homeworkUsage(stderr)
	return 2
}

func homeworkUsage(w io.Writer) {
	fmt.Fprint(w, `usage: homework [subcommand] [flags]

With no arguments, plays the move of the game in ./input.txt (Halma, Reversi, Hive,
Quoridor or ŠTREKY, recognised by the file's shape) and writes ./output.txt, as graders
run it.

Subcommands:
  play [-player NAME] [-dir DIR]              play one move (players: engine, random, greedy;
       [-depth N]                             Halma also minimax, to depth N: default 2;
                                              Reversi also nobook, the engine without its book)
  referee -a CMD -b CMD [flags]               play a match between two agent commands (-h for flags)
  tournament [run|plan|play-one|report] ...   every pairing of several agents: crosstable, the
                                              course's scoring, Elo (-h for flags)
  validate [-strict] [DIR]                    judge DIR/output.txt as the move for DIR/input.txt
  render [-format svg|png] [-ply N] [-o FILE] (DIR | FILE | RECORD | GGF | UHP)
                                              draw a position of an input.txt, or ply N of a
                                              referee record, GGF game or UHP game string, as
                                              SVG or PNG (-h for flags)
  serve [-addr HOST:PORT] [-agent NAME=CMD]   the web board: play any game against the agents
                                              in a browser, with hints and take-backs (-h for flags)
  calibrate [-dir DIR] [-seconds S]           measure this machine, write calibration.txt
  help                                        this text
`)
}
