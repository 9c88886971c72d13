package homework

// `homework tournament`: every pairing of several agents, on this machine (run) or split
// into one command line per game for a distributed runner (plan, play-one, report).

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"gameagents/internal/command"
	"gameagents/internal/gamefile"
	"gameagents/internal/referee"
	"gameagents/internal/rules"
	"gameagents/internal/sandbox"
	"gameagents/internal/sprt"
	"gameagents/internal/tournament"
)

const tournamentUsage = `usage: homework tournament [run] -out DIR -agent NAME=CMD -agent NAME=CMD ... [flags]
       homework tournament run -spec FILE [-parallel N]
       homework tournament plan (-out DIR -agent ... [flags] | -spec FILE) [-homework CMD]
       homework tournament play-one -spec FILE -game ID
       homework tournament report -spec FILE

Plays every pairing of the agents (-agent, at least two), -games games each (even: the
colours and the first move alternate as in homework referee, each opening or deal played
from both sides), and prints a crosstable (each pairing's wins-draws-losses and course
score), the ranking by the course's scoring (hive, streky: points; the other games: wins,
draws half) with Elo ratings and their 95% intervals, and for two agents the likelihood
of superiority. With -format gauntlet only the first agent plays each of the others, and
the report gives each pairing's score and Elo instead of a ranking.

With -sprt ELO0,ELO1 each pairing (two agents, or a gauntlet's) runs a sequential
probability ratio test from the first agent's side: H0 normalized Elo ELO0 against H1
ELO1 (e.g. 0,10: is the first agent better by about 10 nElo, or not better?), on pairs of
games played from one opening or deal, stopping the pairing's games as soon as it
decides; -games is then the most a pairing plays. To test a new build against the last:
  homework tournament -out DIR -agent new=CMD -agent main=CMD -sprt 0,10 -games 2000 \
    -openings FILE -parallel 2 ...
The report gives each test's verdict, LLR and bounds, the pairs it used, and the score,
Elo and normalized Elo with 95% intervals (docs/tournament.md explains them).

DIR holds the tournament: tournament.txt (its spec: the agents, game, setup, time, games
per pairing, ply cap, format and SPRT; copies of the openings and calibration files
beside it), results/A-B-N.tsv (one file per finished game, written whole or not at all)
and games/A-B/ (the referee's records, the agents' directories and replay.html, the
pairing's replay page, built again by run and report). Run again with the same flags, or
with -spec DIR/tournament.txt, it plays only the games without a result.

  run       plays the missing games here, -parallel at a time, with a progress line
  plan      writes the spec and prints one self-contained shell command per missing game,
            for GNU parallel, a Slurm job array or any runner (see docs/tournament.md);
            with an SPRT, every game of the pairings not yet decided
  play-one  plays game ID (A-B-N: game N between entries A and B, numbered from 1) of the
            spec and writes its result; nothing when the result exists, or when the
            pairing's SPRT has decided
  report    merges the result files into the report run prints, and says whether each
            SPRT has decided (a distributed run can stop when it has)

Agent commands are as homework referee takes them (plain commands, shell commands,
gtp:CMD, course:PATH/player.py); a program given by a relative path is made absolute.

flags:
`

// TournamentMain runs `homework tournament` with args (after the word tournament) and
// returns the exit status: 0 done, 1 a failure or an interruption, 2 bad usage.
func TournamentMain(judges []rules.Game, args []string, stdout, stderr io.Writer) int {
	sub, named := "run", false
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") && args[0] != "help" {
		sub, args, named = args[0], args[1:], true
	}
	switch sub {
	case "run", "plan", "play-one", "report":
		return tournamentCommand(judges, sub, named, args, stdout, stderr)
	}
	fmt.Fprintf(stderr, "homework tournament: unknown subcommand %q: want run, plan, play-one or report\n", sub)
	return 2
}

// onlyFlags is fs with the named flags alone (all of them for nil), for a subcommand's help.
func onlyFlags(fs *flag.FlagSet, names []string) *flag.FlagSet {
	if names == nil {
		return fs
	}
	some := flag.NewFlagSet(fs.Name(), flag.ContinueOnError)
	for _, name := range names {
		if f := fs.Lookup(name); f != nil {
			some.Var(f.Value, f.Name, f.Usage)
		}
	}
	return some
}

// agentFlags collects repeated -agent NAME=CMD flags.
type agentFlags []tournament.Entry

func (a *agentFlags) String() string { return "" }

func (a *agentFlags) Set(v string) error {
	name, cmd, ok := strings.Cut(v, "=")
	if !ok || strings.TrimSpace(name) == "" || strings.TrimSpace(cmd) == "" {
		return errors.New("want NAME=CMD")
	}
	*a = append(*a, tournament.Entry{Name: strings.TrimSpace(name), Command: agentKinds.AbsCommand(strings.TrimSpace(cmd))})
	return nil
}

// tournamentFlags are the flags of every subcommand; each uses its own.
type tournamentFlags struct {
	fs                     *flag.FlagSet
	spec, out, game, setup string
	openings, homework, id string
	sandbox, calibration   string
	watch                  string
	format, sprt           string
	uhpBestmove            string
	seconds, single, grace float64
	gtpUntimed, gtpPonder  bool
	games, plies, parallel int
	agents                 agentFlags
}

func newTournamentFlags(judges []rules.Game) *tournamentFlags {
	f := &tournamentFlags{fs: flag.NewFlagSet("homework tournament", flag.ContinueOnError)}
	fs := f.fs
	var names []string
	for _, g := range judges {
		names = append(names, g.Name())
	}
	fs.StringVar(&f.spec, "spec", "", "an existing tournament's spec `file` (DIR/tournament.txt), instead of the flags that define one")
	fs.StringVar(&f.out, "out", "", "the tournament's `dir`ectory (a new tournament, or the same one resumed)")
	fs.Var(&f.agents, "agent", "an entry, `NAME=CMD` (repeat: at least two)")
	fs.StringVar(&f.game, "game", "", "the game: "+strings.Join(names, ", ")+"; for play-one the game `ID` A-B-N")
	fs.StringVar(&f.setup, "setup", "", "the game's options, as homework referee -setup takes them")
	fs.Float64Var(&f.seconds, "time", 300, "GAME mode: CPU `seconds` per side")
	fs.Float64Var(&f.single, "single", 0, "SINGLE mode instead: CPU `seconds` per move")
	fs.IntVar(&f.games, "games", 2, "games per pairing `K` (even; with -sprt the most)")
	fs.IntVar(&f.plies, "plies", 1000, "the ply cap `N`")
	fs.StringVar(&f.openings, "openings", "", "start the games from the openings in `file` (as homework referee -openings)")
	fs.StringVar(&f.calibration, "calibration", "", "a calibration.txt `file` copied into every agent's directory (as homework referee -calibration)")
	fs.BoolVar(&f.gtpUntimed, "gtp-untimed", false, "GTP engines' CPU time is recorded but never loses on time (as homework referee -gtp-untimed)")
	fs.BoolVar(&f.gtpPonder, "gtp-ponder", false, "GTP engines are not frozen between their turns and may think on the opponent's time, charged to their next move (as homework referee -gtp-ponder)")
	fs.StringVar(&f.uhpBestmove, "uhp-bestmove", "", "what UHP engines are asked after bestmove (as homework referee -uhp-bestmove)")
	fs.Float64Var(&f.grace, "grace", 0, "wall `seconds` a move may run past its time before it is killed (default: the referee's, 10)")
	fs.StringVar(&f.format, "format", "round-robin", "who plays whom, `FORMAT`: round-robin (every agent every other) or gauntlet (the first agent each of the others)")
	fs.StringVar(&f.sprt, "sprt", "", "an SPRT on each pairing, from the first agent's side: H0's and H1's normalized Elo and the error rates (default 0.05 each), `ELO0,ELO1[,ALPHA,BETA]`, e.g. 0,10; -games is then the most a pairing plays")
	fs.IntVar(&f.parallel, "parallel", 1, "run: play up to `N` games at once")
	fs.StringVar(&f.watch, "watch", "", "run: serve a page at `host:port` (e.g. 127.0.0.1:8562) that shows the games as they are played and the standings, in a browser")
	fs.StringVar(&f.sandbox, "sandbox", "auto", "run, play-one: run every agent process in the sandbox (bubblewrap; see docs/sandbox.md): auto (where bwrap works; a note where not), on (fail where not) or off; plan passes it on to play-one")
	fs.StringVar(&f.homework, "homework", "", "plan: the `command` that runs homework on the machines playing the games (default: this binary's absolute path)")
	return f
}

// subcommandUsage is each subcommand's own help: its synopsis and what it does, and the
// flags it reads (nil: all of them).
var subcommandUsage = map[string]struct {
	text  string
	flags []string
}{
	"run": {`usage: homework tournament run (-out DIR -agent NAME=CMD -agent NAME=CMD ... [flags] | -spec FILE) [-parallel N]

Plays the tournament's missing games on this machine, -parallel at a time, with a progress
line, and prints its report: the crosstable, the ranking with Elo, and each SPRT's verdict.
A new tournament is defined by the flags and written to DIR/tournament.txt; an existing one
is resumed with -spec DIR/tournament.txt. Agents are plain commands, shell commands,
gtp:CMD engines or course:PATH/player.py players, as homework referee takes them.
homework tournament -h describes a tournament, its folder and its statistics.

flags:
`, nil},
	"plan": {`usage: homework tournament plan (-out DIR -agent NAME=CMD -agent NAME=CMD ... [flags] | -spec FILE) [-homework CMD] [-sandbox MODE]

Writes the tournament's spec (DIR/tournament.txt) and prints one self-contained shell
command per missing game (homework tournament play-one ...), for GNU parallel, a Slurm job
array or any runner (docs/tournament.md); with an SPRT, every game of the pairings not yet
decided. Agents are plain commands, shell commands, gtp:CMD engines or
course:PATH/player.py players, as homework referee takes them.

flags:
`, nil},
	"play-one": {`usage: homework tournament play-one -spec FILE -game ID [-sandbox MODE]

Plays game ID (A-B-N: game N between entries A and B, numbered from 1) of the spec and
writes its result file, whole or not at all. It does nothing when the result exists,
when another run has claimed the game, or when the pairing's SPRT has decided.

flags:
`, []string{"spec", "game", "sandbox"}},
	"report": {`usage: homework tournament report -spec FILE

Merges the tournament's result files into the report run prints, and says whether each
SPRT has decided (a distributed run can stop when it has).

flags:
`, []string{"spec"}},
}

// tournamentCommand parses the flags of subcommand sub and runs it; named says that the
// command line named it, which gives -h the subcommand's own help.
func tournamentCommand(judges []rules.Game, sub string, named bool, args []string, stdout, stderr io.Writer) int {
	f := newTournamentFlags(judges)
	usage := func(w io.Writer) {
		own, ok := subcommandUsage[sub]
		if !named || !ok {
			fmt.Fprint(w, tournamentUsage)
			command.PrintDefaults(f.fs, w)
			return
		}
		fmt.Fprint(w, own.text)
		command.PrintDefaults(onlyFlags(f.fs, own.flags), w)
	}
	if status, ok := command.ParseFlags(f.fs, args, usage, stdout, stderr); !ok {
		return status
	}
	usageErr := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "homework tournament %s: "+format+"\n", append([]any{sub}, a...)...)
		fmt.Fprintln(stderr, "run with -h for help")
		return 2
	}
	if f.fs.NArg() > 0 {
		return usageErr("unexpected argument %q", f.fs.Arg(0))
	}
	if f.parallel < 1 {
		return usageErr("-parallel must be at least 1")
	}
	box, err := sandbox.ParseMode(f.sandbox)
	if err != nil {
		return usageErr("-sandbox %v", err)
	}
	if sub == "run" || sub == "play-one" {
		if _, note, err := sandbox.Use(box); err != nil {
			fmt.Fprintf(stderr, "homework tournament %s: %v\n", sub, err)
			return 1
		} else if note != "" {
			fmt.Fprintf(stderr, "homework tournament %s: %s\n", sub, note)
		}
	}
	t, err := f.tournament(judges, sub)
	if err != nil {
		return usageErr("%v", err)
	}
	t.Kinds = agentKinds
	runner := tournament.RefereeRunner{T: t, Sandbox: box}
	if f.watch != "" && sub == "run" {
		report := func() string {
			var b bytes.Buffer
			t.Report(&b)
			return b.String()
		}
		w, err := startWatch(f.watch, "tournament: "+t.Dir, report, stderr)
		if err != nil {
			return usageErr("%v", err)
		}
		runner.Listeners = append(runner.Listeners, w)
	}
	switch sub {
	case "plan":
		passOn := "" // play-one's default
		if box != sandbox.Auto {
			passOn = " -sandbox " + box.String()
		}
		return planTournament(t, f.homework, passOn, stdout, stderr)
	case "play-one":
		return playOne(t, runner, f.game, stdout, stderr)
	case "report":
		return report(t, stdout, stderr)
	}
	return runTournament(t, runner, f.parallel, stdout, stderr)
}

// tournament opens the tournament the flags name: -spec, or a new or resumed one in -out.
func (f *tournamentFlags) tournament(judges []rules.Game, sub string) (*tournament.Tournament, error) {
	set := map[string]bool{}
	f.fs.Visit(func(fl *flag.Flag) { set[fl.Name] = true })
	defining := []string{"out", "agent", "setup", "time", "single", "games", "plies", "openings", "calibration", "gtp-untimed", "gtp-ponder", "uhp-bestmove", "grace", "format", "sprt"}
	if sub != "play-one" {
		defining = append(defining, "game")
	}
	if f.spec != "" || sub == "play-one" || sub == "report" {
		for _, name := range defining {
			if set[name] {
				return nil, fmt.Errorf("-%s: the spec defines the tournament", name)
			}
		}
		if f.spec == "" {
			return nil, errors.New("-spec FILE is required")
		}
		if sub == "play-one" && f.game == "" {
			return nil, errors.New("-game ID is required")
		}
		return tournament.Open(f.spec, judges)
	}
	if f.out == "" {
		return nil, errors.New("-out DIR is required (or -spec FILE)")
	}
	if set["time"] && set["single"] {
		return nil, errors.New("-time (GAME mode) and -single (SINGLE mode) exclude each other")
	}
	s := &tournament.Spec{Game: f.game, Setup: strings.TrimSpace(f.setup), Mode: gamefile.GameClock, Seconds: f.seconds,
		Games: f.games, Plies: f.plies, Entries: f.agents}
	if set["single"] {
		s.Mode, s.Seconds = gamefile.Single, f.single
	}
	if s.Game == "" && len(judges) > 0 {
		s.Game = judges[0].Name()
	}
	s.GTPUntimed, s.GTPPonder, s.Grace, s.UHPBestmove = f.gtpUntimed, f.gtpPonder, f.grace, f.uhpBestmove
	switch f.format {
	case "round-robin":
	case "gauntlet":
		s.Gauntlet = true
	default:
		return nil, fmt.Errorf("-format %q: want round-robin or gauntlet", f.format)
	}
	if set["sprt"] {
		test, err := sprt.ParseTest(f.sprt)
		if err != nil {
			return nil, fmt.Errorf("-sprt %v", err)
		}
		s.SPRT = &test
	}
	return tournament.Create(f.out, s, tournament.Files{Openings: f.openings, Calibration: f.calibration}, judges)
}

// runTournament plays the missing games here with runner and prints the report.
func runTournament(t *tournament.Tournament, runner tournament.RefereeRunner, parallel int, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	progress := tournament.NewProgress(stdout, referee.IsTerminal(stdout))
	err := t.Run(ctx, runner, parallel, progress)
	if errors.Is(err, context.Canceled) {
		fmt.Fprintf(stderr, "homework tournament: interrupted; run again to play the games left\n")
		return 1
	}
	if err != nil {
		fmt.Fprintf(stderr, "homework tournament: %v\n", err)
		return 1
	}
	fmt.Fprintln(stdout)
	return report(t, stdout, stderr)
}

// planTournament prints a shell command line for each missing game, passOn (flags for
// play-one) at its end.
func planTournament(t *tournament.Tournament, homework, passOn string, stdout, stderr io.Writer) int {
	if homework == "" {
		exe, err := os.Executable()
		if err != nil {
			fmt.Fprintf(stderr, "homework tournament plan: %v; give -homework CMD\n", err)
			return 1
		}
		homework = referee.ShellQuote(exe)
	}
	lines, err := t.Plan(homework)
	if err != nil {
		fmt.Fprintf(stderr, "homework tournament plan: %v\n", err)
		return 1
	}
	for _, l := range lines {
		fmt.Fprintln(stdout, l+passOn)
	}
	return 0
}

// playOne plays one game of the spec with runner, unless it has its result already.
func playOne(t *tournament.Tournament, runner tournament.RefereeRunner, id string, stdout, stderr io.Writer) int {
	g, err := t.ParseID(id)
	if err != nil {
		fmt.Fprintf(stderr, "homework tournament play-one: %v\n", err)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	line, err := t.PlayOne(ctx, runner, g)
	if err != nil {
		fmt.Fprintf(stderr, "homework tournament play-one: %v\n", err)
		return 1
	}
	fmt.Fprintln(stdout, line)
	return 0
}

// report prints the report of the results so far and builds the pairings' replay pages.
func report(t *tournament.Tournament, stdout, stderr io.Writer) int {
	if err := t.Report(stdout); err != nil {
		fmt.Fprintf(stderr, "homework tournament report: %v\n", err)
		return 1
	}
	if err := t.Pages(); err != nil {
		fmt.Fprintf(stderr, "homework tournament report: %v\n", err)
		return 1
	}
	return 0
}
