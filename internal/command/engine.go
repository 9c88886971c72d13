package command

// The engine modes of the game binaries: `reversi gtp` runs the engine as a long-lived
// process speaking a protocol on stdin and stdout (internal/agent's engine loops), for GUIs,
// the referee's gtp: agents and other programs' tournaments.

import (
	"flag"
	"fmt"
	"io"
	"runtime/debug"
	"slices"
	"strings"

	"gameagents/internal/agent"
	"gameagents/internal/rules"
)

// engineMode is one protocol a game binary can speak.
type engineMode struct {
	name   string                // the subcommand
	about  string                // for the usage
	speaks func(agent.Game) bool // whether a game can be played over it
	serve  func(game agent.Game, in io.Reader, out io.Writer, opts agent.EngineOptions) int
}

var engineModes = []engineMode{
	{name: "gtp", about: "the Go Text Protocol, as Othello GUIs (Quarry) and engines speak it",
		speaks: func(game agent.Game) bool {
			g, ok := game.(agent.GTPGame)
			if !ok {
				return false
			}
			_, ok = g.New(0).(rules.GTPMatch)
			return ok
		},
		serve: func(game agent.Game, in io.Reader, out io.Writer, opts agent.EngineOptions) int {
			return agent.ServeGTP(game.(agent.GTPGame), in, out, opts)
		}},
	{name: "nboard", about: "the NBoard protocol of the NBoard Othello GUI (as NTest and Edax speak it)",
		speaks: func(game agent.Game) bool {
			_, ok := game.(agent.NBoardGame)
			return ok
		},
		serve: func(game agent.Game, in io.Reader, out io.Writer, opts agent.EngineOptions) int {
			return agent.ServeNBoard(game.(agent.NBoardGame), in, out, opts)
		}},
	{name: "uhp", about: "the Universal Hive Protocol (the base game), as Mzinga's Viewer and nokamute speak it",
		speaks: func(game agent.Game) bool {
			_, ok := game.(agent.UHPGame)
			return ok
		},
		serve: func(game agent.Game, in io.Reader, out io.Writer, opts agent.EngineOptions) int {
			return agent.ServeUHP(game.(agent.UHPGame), in, out, opts)
		}},
}

// modesOf lists the engine modes some game of games speaks.
func modesOf(games []agent.Game) []engineMode {
	var modes []engineMode
	for _, m := range engineModes {
		if slices.ContainsFunc(games, m.speaks) {
			modes = append(modes, m)
		}
	}
	return modes
}

// engineModeOf returns the engine mode args name, if they begin with one.
func engineModeOf(games []agent.Game, args []string) (engineMode, bool) {
	if len(args) == 0 {
		return engineMode{}, false
	}
	modes := modesOf(games)
	i := slices.IndexFunc(modes, func(m engineMode) bool { return m.name == args[0] })
	if i < 0 {
		return engineMode{}, false
	}
	return modes[i], true
}

// engineMain runs binary name's engine mode m over stdin and stdout with the game of games
// that speaks it.
func engineMain(name string, m engineMode, games []agent.Game, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet(name+" "+m.name, flag.ContinueOnError)
	dir := fs.String("dir", "", "the directory holding calibration.txt (default: the current one)")
	moveTime := fs.Float64("move-time", 1, "the CPU `seconds` of a move while the protocol sets no time")
	player := fs.String("player", "", "the player: "+strings.Join(playerNames(games), ", ")+" (default engine, the strongest)")
	usage := func(w io.Writer) {
		fmt.Fprintf(w, "usage: %s %s [-dir DIR] [-move-time SECONDS] [-player NAME]\n\n", name, m.name)
		fmt.Fprintf(w, "Runs the engine as a long-lived process speaking %s on stdin and stdout,\n", m.about)
		fmt.Fprintf(w, "each move planned and searched as a move of the file protocol with the same time\n")
		fmt.Fprintf(w, "(docs/engine-modes.md). Its search reports go to stderr.\n\n")
		PrintDefaults(fs, w)
	}
	if status, ok := ParseFlags(fs, args, usage, stdout, stderr); !ok {
		return status
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "%s %s: unexpected argument %q\n", name, m.name, fs.Arg(0))
		usage(stderr)
		return agent.ExitBadInput
	}
	if !(*moveTime > 0 && *moveTime <= 1e6) {
		fmt.Fprintf(stderr, "%s %s: -move-time %g: want a positive number of seconds up to 1e6\n", name, m.name, *moveTime)
		return agent.ExitBadInput
	}
	if *player != "" && !slices.Contains(playerNames(games), *player) {
		fmt.Fprintf(stderr, "%s %s: unknown player %q: want one of %s\n", name, m.name, *player, strings.Join(playerNames(games), ", "))
		return agent.ExitBadInput
	}
	opts := agent.EngineOptions{
		Options:     agent.Options{Player: *player, Dir: *dir, Log: stderr},
		MoveSeconds: *moveTime,
		Version:     buildVersion(),
	}
	i := slices.IndexFunc(games, m.speaks) // engineModeOf found one
	opts.Name = "gameagents " + games[i].Name()
	return m.serve(games[i], stdin, stdout, opts)
}

// buildVersion is the version an engine reports: the commit it was built from, when the
// build recorded it.
func buildVersion() string {
	version := "devel"
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, s := range info.Settings {
			if s.Key == "vcs.revision" && len(s.Value) >= 12 {
				version = s.Value[:12]
			}
		}
	}
	return version
}
