package homework

// The command-line entry points the umbrella binary calls: `homework referee ...` and
// `homework validate ...`.

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"gameagents/internal/command"
	"gameagents/internal/gamefile"
	"gameagents/internal/referee"
	"gameagents/internal/rules"
	"gameagents/internal/sandbox"
)

const refereeUsage = `usage: homework referee -a CMD -b CMD [flags]

Plays games between two agents as the official CSCI-561 game master did. Each agent is a
command started once per move in its own directory (plain words run directly; a command
with shell syntax runs with /bin/sh -c, whose start-up is then charged too),
<out>/game-NN/agent-A or agent-B, where it reads input.txt and writes output.txt.
playdata.txt is absent at the start of every game; calibration.txt is copied in with
-calibration. A relative path as the command's first word ("./homework") is made
absolute; other relative paths in the command resolve against the agent's directory.

Each move is charged the CPU time (user+sys, start-up included; user only with -charge
user, as the official master measured it) of every process it started, waited for or
not, from the agent's control group (cgroup v2, else the version 1 cpuacct controller;
where neither is usable, what the kernel reports for the processes waited for: each
record's "charged:" line says which); what a move leaves running is killed. An agent's
directory may hold 256 MiB and 10,000 files (over them it loses, kind "disk"); its log
is cut at 16 MiB. A
move still running -grace seconds past its time is killed and loses; a clock at or
below zero after a move loses (GAME); a move over its time loses (SINGLE). A missing,
malformed or illegal output.txt loses. A missing final LF or CRLF is accepted with a
warning unless -strict. A side with no legal move, or the ply cap, ends the game: more
time left wins (SINGLE: less CPU used).

By default the first move and the colours rotate so that over 4 games each agent plays
each colour both first and second. Records: <out>/game-NN.txt (every ply and the result),
<out>/game-NN/agent-X.log (the agents' stdout and stderr), <out>/summary.tsv, and
<out>/replay.html, a page that steps through every game in a browser.

With -show on a terminal (and -parallel 1), one board is redrawn in place after every
ply, the ply's changes highlighted, waiting -delay seconds after each; -plain, or output
that is no terminal, prints a board per ply instead.

An agent written gtp:CMD (e.g. -b "gtp:/usr/games/gtp-rhino --level 5") is a GTP engine,
for games that support it (reversi): CMD is started once per game in the agent's
directory and its own process group, set up (boardsize, clear_board, time_settings if
it knows time_left), then asked "genmove <colour>" on its turns and told the other
agent's moves with "play <colour> <vertex>" at the start of its next turn. Every move it
makes is judged like any agent's. With control groups it is frozen outside its turns
(unless -gtp-ponder) and charged, per move, what its group used since its previous
move; without, what its process group used (read from /proc, in 10 ms ticks). The same
wall limit and clock rules apply, unless -gtp-untimed. A "?" answer (but to "play ... pass",
which some engines refuse because they pass by themselves), an exit or a malformed
answer loses. Its log holds its stderr and the whole conversation (gtp> and gtp<).

An agent written nboard:CMD (e.g. -a "nboard:bin/reversi nboard") is an Othello engine
speaking NBoard (NTest, Edax): started and charged like a GTP engine, it is told the whole
game each turn ("set game" with a GGF game whose clock, in whole seconds, is the move's
limit: the time left, or in SINGLE mode the move's time), then asked "go"; its "=== MOVE"
is judged like any agent's. -gtp-untimed and -gtp-ponder apply to it too.

An agent written uhp:CMD (e.g. -b "uhp:nokamute --num-threads=1 uhp") is a Hive engine
speaking the Universal Hive Protocol, for Hive's base game (-setup rules=base): started and
charged like a GTP engine, it is told the whole game each turn (newgame with the UHP game
string), then asked bestmove (-uhp-bestmove); its move is judged like any agent's.

An agent written course:PATH/player.py (e.g. -a "course:alice/player.py") is a student's
course-style Python player (Reversi, Hive, Quoridor, ŠTREKY): its class is built once per
game and its move() called on its turns, each call timed by the referee and limited to 1 s
of wall time (limit=S changes it); with control groups it is frozen between its calls.
See docs/course-players.md for the options (per-move, tournament, class=NAME) and what
each game's bridge sets and calls.

Every agent process runs in a sandbox (bubblewrap, bwrap) unless -sandbox off: it sees
its own directory (writable), its program's files and the system's /usr (read-only), not
the records, the other agent or the rest of the file system; it has no network,
LIMITS, and nothing it starts outlives it. The sandbox's own start-up is not charged. With the
default -sandbox auto, where bwrap is missing or does not work, one line says so and the
agents run unconfined; -sandbox on fails there instead. A program named without a path
is looked up in the sandbox's PATH, /usr/local/bin:/usr/bin:/bin; the command's
variables are all it gets of the environment. See docs/sandbox.md.

-setup gives the game's own options, for games that have them: space-separated
key=value words; a key not given keeps the usual value.
SETUPSRecords and the summary show it. For games that score points (hive, streky), each record
and the summary give both agents' points at the end of each game, and the summary their
mean per game.

flags:
`

// RefereeMain runs a match from command-line arguments (without the program name) and returns
// the exit status: 0 when the match ran, whatever its results; 1 when the referee failed or
// was interrupted; 2 on bad usage. listeners hear every game (Config.Listeners); the
// replay page is one, given by the caller, since this package draws nothing.
func RefereeMain(games []rules.Game, args []string, stdout, stderr io.Writer, listeners ...referee.Listener) int {
	fs := flag.NewFlagSet("homework referee", flag.ContinueOnError)
	var (
		cmdA     = fs.String("a", "", "agent A's command `CMD` (required)")
		cmdB     = fs.String("b", "", "agent B's command `CMD` (required)")
		nameA    = fs.String("name-a", "", "agent A's `name` in records (default: the base name of its command)")
		nameB    = fs.String("name-b", "", "agent B's `name` in records (default: the base name of its command)")
		gameName = fs.String("game", "", "the game to play: "+rules.Names(games)+" (default "+defaultGame(games)+")")
		nGames   = fs.Int("games", 2, "number of games `N`")
		total    = fs.Float64("time", 300, "GAME mode: CPU `seconds` per side for the whole game")
		single   = fs.Float64("single", 0, "SINGLE mode instead: CPU `seconds` for every move")
		plies    = fs.Int("plies", 1000, "ply cap `N`: after it, the player with more time left wins")
		outDir   = fs.String("out", "", "output `dir`ectory (default runs/<timestamp>)")
		strict   = fs.Bool("strict", false, "a missing final LF or CRLF in output.txt loses instead of warning")
		show     = fs.Bool("show", false, "show the board and both clocks after every ply: on a terminal (with -parallel 1) one board redrawn in place, else printed after each ply")
		plain    = fs.Bool("plain", false, "with -show, print a board per ply even on a terminal")
		delay    = fs.Float64("delay", 0, "with -show on a terminal, wait `seconds` after each ply so that a person can follow")
		parallel = fs.Int("parallel", 1, "play up to `N` games at once (agents are single-threaded: at most the number of cores)")
		first    = fs.String("first", "alternate", "who moves first: a, b or alternate")
		calib    = fs.String("calibration", "", "calibration.txt `file` to copy into each agent's directory")
		grace    = fs.Float64("grace", referee.DefaultGrace.Seconds(), "wall `seconds` a move may run past its time before it is killed")
		charge   = fs.String("charge", "user+sys", "the CPU time charged for a move: user+sys, or user (as the official master's /usr/bin/time -f %U did)")
		openings = fs.String("openings", "", "start the games from the openings in `file`: one per line, its moves (one-word output.txt lines) separated by spaces; games 2k-1 and 2k play opening k, cycling")
		watch    = fs.String("watch", "", "serve a page at `host:port` (e.g. 127.0.0.1:8562) that shows the games as they are played and the standings, in a browser")
		setup    = fs.String("setup", "", "the game's own options in its `syntax`, for games that have them (hive: \"size=N pieces=q1,b2,s2,g2,a2\"; quoridor: \"size=9x9 walls=10 initial=0\"; streky: \"size=33x33 cards=tournament seed=0\")")
		box      = fs.String("sandbox", "auto", "run every agent process in the sandbox (bubblewrap): auto (where bwrap works; a note where not), on (fail where not) or off")
		ponder   = fs.Bool("gtp-ponder", false, "GTP engines are not frozen between their turns, so they may think on the opponent's time; what they use there is charged to their next move")
		bestmove = fs.String("uhp-bestmove", "", "what UHP engines (uhp: agents) are asked after bestmove, e.g. \"seconds 0.3\" or \"depth 4\" (default: time HH:MM:SS, nine tenths of the move's limit in whole seconds)")
		untimed  = fs.Bool("gtp-untimed", false, "GTP engines' CPU time is recorded but never loses on time (for engines that ignore time settings, as gtp-rhino does); a hung engine is still killed after -time (or -single) plus -grace")
	)
	usage := func(w io.Writer) {
		text := strings.Replace(refereeUsage, "LIMITS", sandbox.Limits(), 1)
		fmt.Fprint(w, strings.Replace(text, "SETUPS", setupHelps(games), 1))
		command.PrintDefaults(fs, w)
	}
	if status, ok := command.ParseFlags(fs, args, usage, stdout, stderr); !ok {
		return status
	}
	usageErr := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "referee: "+format+"\n", a...)
		fmt.Fprintln(stderr, "run with -h for help")
		return 2
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	switch {
	case fs.NArg() > 0:
		return usageErr("unexpected argument %q", fs.Arg(0))
	case strings.TrimSpace(*cmdA) == "" || strings.TrimSpace(*cmdB) == "":
		return usageErr("both agents are required: -a CMD -b CMD")
	case *nGames < 1:
		return usageErr("-games must be at least 1")
	case *plies < 1:
		return usageErr("-plies must be at least 1")
	case *parallel < 1:
		return usageErr("-parallel must be at least 1")
	case set["time"] && set["single"]:
		return usageErr("-time (GAME mode) and -single (SINGLE mode) exclude each other")
	case !positive(*total):
		return usageErr("-time must be a positive number of seconds")
	case set["single"] && !positive(*single):
		return usageErr("-single must be a positive number of seconds")
	case !(*grace >= 0) || math.IsInf(*grace, 0):
		return usageErr("-grace must be zero or a positive number of seconds")
	case !(*delay >= 0) || *delay > 60:
		return usageErr("-delay must be from 0 to 60 seconds")
	}
	for _, text := range []struct {
		flag, value string
		most        int
	}{
		{"-setup", *setup, gamefile.MaxSetupBytes},
		{"-a", *cmdA, gamefile.MaxCommandBytes},
		{"-b", *cmdB, gamefile.MaxCommandBytes},
		{"-name-a", *nameA, gamefile.MaxNameBytes},
		{"-name-b", *nameB, gamefile.MaxNameBytes},
	} {
		// Each goes into every record, one line each.
		if err := gamefile.CheckText(text.value, text.most); err != nil {
			return usageErr("%s %q: %v", text.flag, gamefile.Clip(text.value), err)
		}
	}
	g := rules.Find(games, *gameName)
	if g == nil {
		return usageErr("unknown game %q: want one of %s", *gameName, rules.Names(games))
	}
	if set["setup"] {
		c, ok := g.(rules.Configurable)
		if !ok {
			return usageErr("-setup: %s has no setup options (games that have them: %s)", g.Name(), configurableNames(games))
		}
		configured, err := c.Configure(*setup)
		if err != nil {
			return usageErr("-setup %q: %v", *setup, err)
		}
		g = configured
	}
	var err error
	cfg := referee.Config{
		Kinds:       agentKinds,
		Game:        g,
		Setup:       strings.TrimSpace(*setup),
		Games:       *nGames,
		Mode:        gamefile.GameClock,
		Seconds:     *total,
		MaxPlies:    *plies,
		Strict:      *strict,
		Parallel:    *parallel,
		Grace:       time.Duration(*grace * float64(time.Second)),
		Calibration: *calib,
		Show:        *show,
		Live:        *show && !*plain && *parallel == 1 && referee.IsTerminal(stdout),
		Delay:       time.Duration(*delay * float64(time.Second)),
		Out:         *outDir,
		UserOnly:    *charge == "user",
		GTPUntimed:  *untimed,
		GTPPonder:   *ponder,
		UHPBestmove: *bestmove,
		Listeners:   listeners,
	}
	if *openings != "" {
		if _, dealt := g.(rules.Dealt); dealt {
			return usageErr("-openings: %s deals every pair of games anew; an opening's moves would not fit every deal", g.Name())
		}
		ops, err := referee.ReadOpenings(*openings)
		if err != nil {
			return usageErr("-openings: %v", err)
		}
		if r := referee.Repeats(ops); len(r) > 0 {
			fmt.Fprintf(stderr, "referee: warning: -openings %s: %s: deterministic agents will play their games again\n",
				*openings, referee.RepeatsText(r, len(ops)))
		}
		cfg.Openings = ops
	}
	if cfg.Sandbox, err = sandbox.ParseMode(*box); err != nil {
		return usageErr("-sandbox %v", err)
	}
	if *charge != "user" && *charge != "user+sys" {
		return usageErr("-charge %q: want user+sys or user", *charge)
	}
	if set["single"] {
		cfg.Mode, cfg.Seconds = gamefile.Single, *single
	}
	switch *first {
	case "alternate":
		cfg.First = referee.Alternate
	case "a", "A":
		cfg.First = referee.AFirst
	case "b", "B":
		cfg.First = referee.BFirst
	default:
		return usageErr("-first %q: want a, b or alternate", *first)
	}
	if cfg.Calibration != "" {
		if _, err := os.Stat(cfg.Calibration); err != nil {
			return usageErr("-calibration: %v", err)
		}
	}
	cfg.Agents[0] = referee.Agent{Name: *nameA, Command: agentKinds.AbsCommand(*cmdA)}
	cfg.Agents[1] = referee.Agent{Name: *nameB, Command: agentKinds.AbsCommand(*cmdB)}
	if _, note, err := sandbox.Use(cfg.Sandbox); err != nil {
		fmt.Fprintf(stderr, "referee: %v\n", err)
		return 1
	} else if note != "" {
		fmt.Fprintf(stderr, "referee: %s\n", note)
	}
	for a, cmd := range []string{*cmdA, *cmdB} {
		if cfg.Agents[a].Name == "" {
			_, cmd = agentKinds.Split(cmd) // an engine's or a player's own name, past the kind's prefix
			cfg.Agents[a].Name = commandName(cmd)
		}
		cfg.Agents[a].Name = strings.Join(strings.Fields(cfg.Agents[a].Name), "_")
	}
	if cfg.Agents[0].Name == cfg.Agents[1].Name {
		// Self-play: names tell the agents apart in records, so make them differ.
		cfg.Agents[0].Name += "-a"
		cfg.Agents[1].Name += "-b"
	}
	if err := referee.CheckAgents(&cfg); err != nil {
		return usageErr("%v", err)
	}
	if cfg.Out == "" {
		cfg.Out = freshDir(filepath.Join("runs", time.Now().Format("20060102-150405")))
	}

	if *watch != "" {
		w, err := startWatch(*watch, cfg.Header(), nil, stderr)
		if err != nil {
			return usageErr("%v", err)
		}
		cfg.Listeners = append(cfg.Listeners, w)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	fmt.Fprintln(stdout, cfg.Header())
	for _, note := range referee.AgentNotes(&cfg) {
		fmt.Fprintln(stdout, note)
	}
	results, err := referee.Run(ctx, cfg, stdout)
	fmt.Fprintln(stdout)
	referee.PrintSummary(stdout, &cfg, results)
	if _, err := os.Stat(referee.PagePath(&cfg)); err == nil {
		fmt.Fprintf(stdout, "replay page: %s\n", referee.PagePath(&cfg))
	}
	if errors.Is(err, context.Canceled) {
		fmt.Fprintln(stderr, "referee: interrupted; the games above finished")
		return 1
	}
	if err != nil {
		fmt.Fprintf(stderr, "referee: %v\n", err)
		return 1
	}
	return 0
}

// commandName is the base name of the program a shell command runs, past any leading
// variable assignments and exec or env: "GOGC=off exec ./bin/halma" gives "halma".
func commandName(cmd string) string {
	words := strings.Fields(cmd)
	if len(words) == 0 {
		return "" // a kind's prefix alone: its Check says what is missing
	}
	for len(words) > 1 && (strings.Contains(words[0], "=") || words[0] == "exec" || words[0] == "env") {
		words = words[1:]
	}
	return filepath.Base(strings.Trim(words[0], `'"`))
}

func positive(v float64) bool { return v > 0 && !math.IsInf(v, 0) }

// freshDir returns dir, or dir-2, dir-3, ... when it already exists, so that two matches
// started in the same second do not mix their files.
func freshDir(dir string) string {
	name := dir
	for i := 2; ; i++ {
		if _, err := os.Stat(name); errors.Is(err, os.ErrNotExist) {
			return name
		}
		name = fmt.Sprintf("%s-%d", dir, i)
	}
}

// setupHelps is every configurable game's description of its setup, in the games' order.
func setupHelps(games []rules.Game) string {
	var b strings.Builder
	for _, g := range games {
		if c, ok := g.(rules.Configurable); ok {
			b.WriteString(c.SetupHelp())
		}
	}
	return b.String()
}

// configurableNames lists the games that take -setup, or "none".
func configurableNames(games []rules.Game) string {
	var names []string
	for _, g := range games {
		if _, ok := g.(rules.Configurable); ok {
			names = append(names, g.Name())
		}
	}
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}

func defaultGame(games []rules.Game) string {
	if len(games) == 0 {
		return "none"
	}
	return games[0].Name()
}

const validateUsage = `usage: homework validate [-strict] [-game NAME] [DIR]

Judges DIR/output.txt (DIR defaults to .) as the move of the side to move in
DIR/input.txt, as the official validator did, and prints "legal: <move>" (with any
warnings, and "wins: ..." when the move wins the game) or "not legal: <why>".
A missing final LF or CRLF is accepted with a warning unless -strict.
Exit status: 0 legal, 1 not legal (or no output.txt), 2 bad usage or malformed input.txt.

flags:
`

// ValidateMain judges one move from command-line arguments (without the program name) and
// returns the exit status: 0 legal, 1 not legal, 2 bad usage or a malformed input.txt.
func ValidateMain(games []rules.Game, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("homework validate", flag.ContinueOnError)
	strict := fs.Bool("strict", false, "a missing final LF or CRLF in output.txt is not legal")
	gameName := fs.String("game", "", "judge as this game ("+rules.Names(games)+") instead of recognising it")
	usage := func(w io.Writer) {
		fmt.Fprint(w, validateUsage)
		command.PrintDefaults(fs, w)
	}
	if status, ok := command.ParseFlags(fs, args, usage, stdout, stderr); !ok {
		return status
	}
	if fs.NArg() > 1 {
		fmt.Fprintf(stderr, "validate: want one directory, got %d arguments\n", fs.NArg())
		return 2
	}
	dir := "."
	if fs.NArg() == 1 {
		dir = fs.Arg(0)
	}
	var g rules.Game
	if *gameName != "" {
		if g = rules.Find(games, *gameName); g == nil {
			fmt.Fprintf(stderr, "validate: unknown game %q: want one of %s\n", *gameName, rules.Names(games))
			return 2
		}
	}
	lines, err := gamefile.ReadLines(filepath.Join(dir, "input.txt"))
	if err != nil {
		return badInput(stderr, dir, err)
	}
	if g == nil {
		// The agents' own choice, so that the validator judges the game they play.
		if g, err = gamefile.Pick("input.txt", games, lines); err != nil {
			return badInput(stderr, dir, err)
		}
	}
	m, err := g.Load(lines)
	if err != nil {
		return badInput(stderr, dir, err)
	}
	output, err := referee.ReadOutput(filepath.Join(dir, "output.txt"))
	if err != nil {
		fmt.Fprintf(stdout, "not legal: %v\n", err)
		return 1
	}
	if !m.HasMove() {
		return judgeNoMove(stdout, m, output, *strict)
	}
	mover := m.ToMove()
	move, warnings, err := m.Play(output, *strict)
	printWarnings(stdout, warnings)
	if err != nil {
		fmt.Fprintf(stdout, "not legal: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "legal: %s\n", move)
	if over, winner, reason := m.Over(); over && winner == mover {
		fmt.Fprintf(stdout, "wins: %s\n", reason)
	}
	return 0
}

// badInput reports a fault of DIR/input.txt on stderr and returns exit status 2. The
// message names the directory before the file's own "input.txt:LINE: problem", since the
// validator, unlike an agent, is run on directories other than the current one.
func badInput(stderr io.Writer, dir string, err error) int {
	var fe *gamefile.Error
	if errors.As(err, &fe) {
		named := *fe
		named.File = filepath.Join(dir, fe.File)
		err = &named
	}
	fmt.Fprintf(stderr, "validate: %v\n", err)
	return 2
}

// judgeNoMove judges output where the side to move has no legal move (HasMove is false, as
// when the game is over: the referee's reading too): the one answer the game's agents give
// there (Match.NoMove: an empty file, or the pass token), with SplitOutput's tolerance, is
// legal, and nothing else. The messages say which of the two it is.
func judgeNoMove(stdout io.Writer, m rules.Match, output []byte, strict bool) int {
	why := m.SideName(m.ToMove()) + " has no legal move"
	if over, _, reason := m.Over(); over {
		why = "the game is over (" + reason + ")"
	}
	// The answer as lines of output.txt, and as the messages name it.
	want, is, wantText := []string{m.NoMove()}, m.NoMove(), m.NoMove()
	if m.NoMove() == "" {
		want, is, wantText = nil, "empty", "an empty output.txt"
	}
	lines, warnings, err := rules.SplitOutput(output, strict)
	printWarnings(stdout, warnings)
	switch {
	case err != nil:
		fmt.Fprintf(stdout, "not legal: malformed output.txt: %v\n", err)
		return 1
	case !slices.Equal(lines, want):
		fmt.Fprintf(stdout, "not legal: %s; want %s\n", why, wantText)
		return 1
	}
	fmt.Fprintf(stdout, "legal: no move (%s, and output.txt is %s)\n", why, is)
	return 0
}

func printWarnings(stdout io.Writer, warnings []string) {
	for _, w := range warnings {
		fmt.Fprintf(stdout, "warning: output.txt: %s\n", w)
	}
}
