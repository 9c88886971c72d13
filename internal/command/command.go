// Package command holds the command lines of the project's binaries, so that each main is
// a line: one binary per game and calibrate here, and homework (every game, and the
// subcommands for people) in its sub-package homework, over this one. It imports no game:
// each main passes the games it plays (internal/games lists them all), so that a
// single-game binary links only its own game; and nothing that runs matches (the referee,
// the sandbox, tournaments, replay pages, the raster renderer), which only homework links
// (internal/games' layering test checks both).
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
func GameMain(name string, games []agent.Game, args []string, stdout, stderr io.Writer) int {
	agent.IgnoreBrokenPipes() // before the first word on stderr, a usage error's included
	if m, ok := engineModeOf(games, args); ok {
		return engineMain(name, m, games, args[1:], os.Stdin, stdout, stderr)
	}
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	players := playerNames(games)
	player := fs.String("player", "", "the player: "+strings.Join(players, ", ")+" (default engine, the strongest)")
	depth := new(int)
	synopsis := "[-player NAME] [-single-share F] [-game-stretch F] [-measured-speed] [-dir DIR]"
	help, maxDepth := depthHelp(games)
	if help != "" {
		fs.IntVar(depth, "depth", 0, help)
		synopsis = "[-player NAME] [-depth N] [-single-share F] [-game-stretch F] [-measured-speed] [-dir DIR]"
	}
	dir := fs.String("dir", "", "the working directory holding input.txt (default: the current one)")
	share := fs.Float64("single-share", 0, fmt.Sprintf("SINGLE mode: size the search to this fraction of the move's time, 0.05 to %.2g (default: the game's own, %s; the guard stops every search at %.2g)", agent.MaxSingleShare, singleShares(games), agent.MaxSingleShare))
	stretch := fs.Float64("game-stretch", 1, fmt.Sprintf("GAME mode: a move whose search is unsettled (best move changed, score fell) may stretch its budget up to `F` times its share, 1 to %.2g (1: never)", agent.MaxGameStretch))
	measured := fs.Bool("measured-speed", false, "size each node budget by a node's CPU time as this game's earlier moves measured it (playdata.txt), not by calibration.txt alone: a machine faster or slower than its calibration then spends the planned time, but a game played again is another game")
	usage := func(w io.Writer) {
		fmt.Fprintf(w, "usage: %s %s\n\n", name, synopsis)
		fmt.Fprintf(w, "Reads input.txt (and calibration.txt, playdata.txt if present), writes the\n")
		fmt.Fprintf(w, "move to output.txt and the game's memory to playdata.txt. Exit status: 0 a move\n")
		fmt.Fprintf(w, "was written, 2 input.txt is missing or malformed, 1 internal error.\n\n")
		for _, m := range modesOf(games) {
			fmt.Fprintf(w, "%s %s: the engine as a long-lived process speaking %s (see %s %s -h).\n\n", name, m.name, m.about, name, m.name)
		}
		PrintDefaults(fs, w)
	}
	if status, ok := ParseFlags(fs, args, usage, stdout, stderr); !ok {
		return status
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "%s: unexpected argument %q\n", name, fs.Arg(0))
		usage(stderr)
		return agent.ExitBadInput
	}
	if *player != "" && !slices.Contains(players, *player) {
		fmt.Fprintf(stderr, "%s: unknown player %q: want one of %s\n", name, *player, strings.Join(players, ", "))
		return agent.ExitBadInput
	}
	if FlagGiven(fs, "depth") && (*depth < 1 || *depth > maxDepth) {
		fmt.Fprintf(stderr, "%s: -depth %d: want 1 to %d\n", name, *depth, maxDepth)
		return agent.ExitBadInput
	}
	if FlagGiven(fs, "single-share") && !(*share >= 0.05 && *share <= agent.MaxSingleShare) {
		fmt.Fprintf(stderr, "%s: -single-share %g: want 0.05 to %.2g\n", name, *share, agent.MaxSingleShare)
		return agent.ExitBadInput
	}
	if !(*stretch >= 1 && *stretch <= agent.MaxGameStretch) {
		fmt.Fprintf(stderr, "%s: -game-stretch %g: want 1 to %.2g\n", name, *stretch, agent.MaxGameStretch)
		return agent.ExitBadInput
	}
	return agent.Run(games, agent.Options{Player: *player, Depth: *depth, Dir: *dir, Log: stderr,
		SingleShare: *share, GameStretch: *stretch, MeasuredSpeed: *measured})
}

// depthHelp is -depth's usage line for the games' fixed-depth players and the largest
// depth they take, or "" when none has any (agent.DepthGame).
func depthHelp(games []agent.Game) (string, int) {
	var help []string
	most := 0
	for _, g := range games {
		if d, ok := g.(agent.DepthGame); ok {
			help = append(help, d.DepthHelp())
			most = max(most, d.MaxDepth())
		}
	}
	return strings.Join(help, "; "), most
}

// ParseFlags parses args with fs for a binary whose usage is usage(w). When the binary is
// not to go on it returns false and the exit status: 0 when args ask for the usage (-h,
// -help, --help, or the word help alone), which then goes to stdout; 2 for a bad flag,
// after the flag package's message and the usage on stderr.
func ParseFlags(fs *flag.FlagSet, args []string, usage func(io.Writer), stdout, stderr io.Writer) (int, bool) {
	fs.SetOutput(stderr)
	fs.Usage = func() {} // printed below, on the stream the case calls for
	err := fs.Parse(args)
	switch {
	case errors.Is(err, flag.ErrHelp) || len(args) == 1 && args[0] == "help":
		usage(stdout)
		return 0, false
	case err != nil:
		usage(stderr)
		return 2, false
	}
	return 0, true
}

// PrintDefaults prints fs's flags to w.
func PrintDefaults(fs *flag.FlagSet, w io.Writer) {
	out := fs.Output()
	fs.SetOutput(w)
	fs.PrintDefaults()
	fs.SetOutput(out)
}

// FlagGiven reports whether the flag name was given on the command line.
func FlagGiven(fs *flag.FlagSet, name string) bool {
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

// singleShares lists each game's own SINGLE share, for -single-share's help.
func singleShares(games []agent.Game) string {
	var parts []string
	for _, g := range games {
		parts = append(parts, fmt.Sprintf("%s %.2g", g.Name(), agent.SingleShareOf(g)))
	}
	return strings.Join(parts, ", ")
}
