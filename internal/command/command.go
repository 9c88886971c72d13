// Package command holds the command lines of the project's binaries, so that each main is
// a line: homework (every game, and the subcommands for people), one binary per game, and
// calibrate. It imports no game: each main passes the games it plays (internal/games lists
// them all), so that a single-game binary links only its own game.
package command

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"gameagents/internal/agent"
)

// GameMain is the main of a single-game binary, and of `homework play`.
func GameMain(name string, games []agent.Game, args []string, stderr io.Writer) int {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	players := playerNames(games)
	player := fs.String("player", "", "the player: "+strings.Join(players, ", ")+" (default engine, the strongest)")
	depth := fs.Int("depth", 0, "search depth of fixed-depth players (Halma's minimax: default 2)")
	dir := fs.String("dir", "", "the working directory holding input.txt (default: the current one)")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: %s [-player NAME] [-depth N] [-dir DIR]\n\n", name)
		fmt.Fprintf(stderr, "Reads input.txt (and calibration.txt, playdata.txt if present), writes the\n")
		fmt.Fprintf(stderr, "move to output.txt and the game's memory to playdata.txt. Exit status: 0 a move\n")
		fmt.Fprintf(stderr, "was written, 2 input.txt is missing or malformed, 1 internal error.\n\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return agent.ExitOK
		}
		return agent.ExitBadInput
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "%s: unexpected argument %q\n", name, fs.Arg(0))
		fs.Usage()
		return agent.ExitBadInput
	}
	if *player != "" && !slices.Contains(players, *player) {
		fmt.Fprintf(stderr, "%s: unknown player %q: want one of %s\n", name, *player, strings.Join(players, ", "))
		return agent.ExitBadInput
	}
	if flagSet(fs, "depth") && (*depth < 1 || *depth > maxDepth) {
		fmt.Fprintf(stderr, "%s: -depth %d: want 1 to %d\n", name, *depth, maxDepth)
		return agent.ExitBadInput
	}
	return agent.Run(games, agent.Options{Player: *player, Depth: *depth, Dir: *dir, Log: stderr})
}

// maxDepth bounds -depth, the depth of Halma's minimax (the one fixed-depth player). Each ply
// multiplies its work by the moves of a position, 40 to 200: from the samples' mid-game
// positions depth 3 visits 8 million positions (half a CPU second), so depth 4 takes about a
// minute and a half; even from the narrowest (40 moves) depth 6 visits some 4·10^9
// positions, minutes of CPU. No move of a course game gets deeper, and minimax stops at the
// clock anyway.
const maxDepth = 6

// flagSet reports whether the flag name was given on the command line.
func flagSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// playerNames lists the players of the games, each name once, in the games' order.
func playerNames(games []agent.Game) []string {
	var names []string
	for _, g := range games {
		for _, p := range g.Players() {
			if !slices.Contains(names, p) {
				names = append(names, p)
			}
		}
	}
	return names
}

// Exit runs a main and exits with its status.
func Exit(status int) { os.Exit(status) }
