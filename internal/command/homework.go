package command

import (
	"fmt"
	"io"

	"gameagents/internal/halma"
	"gameagents/internal/hive"
	"gameagents/internal/quoridor"
	"gameagents/internal/referee"
	"gameagents/internal/reversi"
	"gameagents/internal/streky"
)

// Judges lists every game the referee and the validator know, in recognition order. Hive
// is judged before any binary plays it, so that agents in other languages can be checked.
var Judges = []referee.Game{halma.Judge{}, reversi.Judge{}, hive.Judge{}, quoridor.Judge{}, streky.Judge{}}

// HomeworkMain is the umbrella binary: no arguments plays input.txt's game in the current
// directory; the subcommands are for people.
func HomeworkMain(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		return GameMain("homework", Games, nil, stderr)
	}
	switch args[0] {
	case "play":
		return GameMain("homework play", Games, args[1:], stderr)
	case "referee":
		return referee.Main(Judges, args[1:], stdout, stderr)
	case "validate":
		return referee.ValidateMain(Judges, args[1:], stdout, stderr)
	case "calibrate":
		return CalibrateMain(Games, args[1:], stdout, stderr)
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

With no arguments, plays the move of the game in ./input.txt (Halma or Reversi, told
apart by the board's size) and writes ./output.txt, as graders run it.

Subcommands:
  play [-player NAME] [-depth N] [-dir DIR]   play one move (players: engine, random, greedy;
                                              Halma also minimax)
  referee -a CMD -b CMD [flags]               play a match between two agent commands (-h for flags)
  validate [-strict] [DIR]                    judge DIR/output.txt as the move for DIR/input.txt
  calibrate [-dir DIR] [-seconds S]           measure this machine, write calibration.txt
  help                                        this text
`)
}
