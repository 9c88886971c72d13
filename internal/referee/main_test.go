package referee_test

// Whole matches through Main, with fake agents built into this test binary: when
// REFEREE_FAKE_AGENT is set, TestMain acts as an agent in the current directory instead of
// running the tests (the standard helper-process pattern), so no other binary is needed;
// when REFEREE_FAKE_GTP is set, it is a GTP engine (gtp_test.go).

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"gameagents/internal/command/homework"
	"gameagents/internal/gamefile"
	"gameagents/internal/halma"
	"gameagents/internal/referee"
	"gameagents/internal/rules"
)

const fakeEnv = "REFEREE_FAKE_AGENT"

func TestMain(m *testing.M) {
	if mode := os.Getenv(fakeEnv); mode != "" {
		os.Exit(fakeAgent(mode))
	}
	if mode := os.Getenv(fakeGTPEnv); mode != "" {
		os.Exit(fakeGTP(mode)) // gtp_test.go
	}
	os.Exit(m.Run())
}

// fakeAgent plays one move in the current directory. Modes:
//
//	random        a uniformly random legal move (Halma), "1" (count), or for Hive a random
//	              legal move seeded by the position (hiveMove, hive_test.go)
//	first         the first legal move (ŠTREKY: whatever the mode)
//	greedy        Hive: the move that most raises its points over the opponent's
//	illegal       a step from 0,0 to 15,15
//	garbage       "hello"
//	nothing       writes no output.txt
//	crlf, nolf    a legal move with CRLF endings, or without its final LF
//	burn:SECONDS  spins on the CPU for SECONDS more than its start-up took, then plays the
//	              first legal move
//	sleep:PIDFILE writes its pid to PIDFILE and sleeps for a minute
func fakeAgent(mode string) int {
	mode, arg, _ := strings.Cut(mode, ":")
	switch mode {
	case "nothing":
		return 0
	case "sleep":
		os.WriteFile(arg, []byte(strconv.Itoa(os.Getpid())), 0o644)
		time.Sleep(time.Minute)
		return 0
	case "burn":
		extra, _ := strconv.ParseFloat(arg, 64)
		for limit := cpuSeconds() + extra; cpuSeconds() < limit; {
		}
	}
	lines, err := gamefile.ReadLines("input.txt")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	var move []string
	switch {
	case mode == "illegal":
		move = []string{"E 0,0 15,15"}
	case mode == "garbage":
		move = []string{"hello"}
	case len(lines) > 3 && strings.HasPrefix(lines[3].Text, "COUNT"):
		move = []string{"1"}
	case isHive(lines):
		if move, err = hiveMove(mode, lines); err != nil { // hive_test.go
			fmt.Fprintln(os.Stderr, err)
			return 2
		}
	case isStreky(lines):
		if move, err = strekyMove(lines); err != nil { // streky_test.go
			fmt.Fprintln(os.Stderr, err)
			return 2
		}
	default:
		in, err := halma.ParseInput("input.txt", lines)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 2
		}
		var g halma.Generator
		var buf [halma.MaxMoves]halma.Move
		moves := g.Generate(in.Board, in.ToMove, halma.Legal, buf[:0])
		if len(moves) == 0 {
			return 0
		}
		mv := moves[0]
		if mode == "random" {
			mv = moves[rand.IntN(len(moves))]
		}
		move = halma.MoveLines(in.Board, mv)
	}
	out := string(gamefile.JoinLines(move))
	switch mode {
	case "crlf":
		out = strings.ReplaceAll(out, "\n", "\r\n")
	case "nolf":
		out = strings.TrimSuffix(out, "\n")
	}
	if err := os.WriteFile("output.txt", []byte(out), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

func cpuSeconds() float64 {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()).Seconds()
}

// agent returns the shell command that runs this test binary as the fake agent mode.
func agent(t *testing.T, mode string) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%s='%s' exec '%s'", fakeEnv, mode, exe)
}

// countGame is a toy game for the referee's own rules: a counter starts at 0, each move
// ("1" or "2") adds to it, and the side that brings it to target or beyond wins. At stuck
// (when non-zero) the side to move has no legal move.
type countGame struct{ target, stuck int }

func (countGame) Name() string { return "count" }

func (g countGame) New(first int) rules.Match { return &countMatch{g: g, toMove: first} }

func (g countGame) Load(in []gamefile.Line) (rules.Match, error) {
	h, body, err := gamefile.ParseHeader("input.txt", in)
	if err != nil {
		return nil, err
	}
	side := map[string]int{"ONE": 0, "TWO": 1}
	s, ok := side[h.Side.Text]
	if !ok {
		return nil, gamefile.Errorf("input.txt", 2, "want ONE or TWO")
	}
	if len(body) != 1 {
		return nil, gamefile.Errorf("input.txt", 4, "want COUNT n")
	}
	n, err := strconv.Atoi(strings.TrimPrefix(body[0].Text, "COUNT "))
	if err != nil {
		return nil, gamefile.Errorf("input.txt", 4, "want COUNT n")
	}
	return &countMatch{g: g, n: n, toMove: s}, nil
}

type countMatch struct {
	g              countGame
	n, toMove      int
	over           bool
	winner         int
	lastMoverIsWin bool
}

func (m *countMatch) ToMove() int              { return m.toMove }
func (m *countMatch) SideName(side int) string { return [2]string{"ONE", "TWO"}[side] }
func (m *countMatch) HasMove() bool            { return m.g.stuck == 0 || m.n != m.g.stuck }
func (m *countMatch) NoMove() string           { return "" }
func (m *countMatch) Render() []string {
	return []string{fmt.Sprintf("count %d of %d", m.n, m.g.target)}
}
func (m *countMatch) Input(mode gamefile.Mode, seconds string) []byte {
	return gamefile.JoinLines([]string{mode.String(), m.SideName(m.toMove), seconds, fmt.Sprintf("COUNT %d", m.n)})
}

func (m *countMatch) Play(output []byte, strict bool) (string, []string, error) {
	lines, warnings, err := rules.SplitOutput(output, strict)
	if err != nil {
		return "", warnings, err
	}
	if len(lines) != 1 || (lines[0] != "1" && lines[0] != "2") {
		return "", warnings, errors.New("want 1 or 2")
	}
	m.n += int(lines[0][0] - '0')
	if m.n >= m.g.target {
		m.over, m.winner = true, m.toMove
	}
	m.toMove ^= 1
	return lines[0], warnings, nil
}

func (m *countMatch) Over() (bool, int, string) {
	return m.over, m.winner, fmt.Sprintf("%s reached %d", m.SideName(m.winner), m.g.target)
}

// summary is one row of summary.tsv, by column name.
type summary map[string]string

func readSummary(t *testing.T, out string) []summary {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(out, "summary.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	rows := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	if rows[0] != referee.TSVHeader {
		t.Fatalf("summary.tsv header = %q, want %q", rows[0], referee.TSVHeader)
	}
	cols := strings.Split(rows[0], "\t")
	var got []summary
	for _, row := range rows[1:] {
		f := strings.Split(row, "\t")
		if len(f) != len(cols) {
			t.Fatalf("summary.tsv row %q has %d fields, want %d", row, len(f), len(cols))
		}
		s := summary{}
		for i, c := range cols {
			s[c] = f[i]
		}
		got = append(got, s)
	}
	return got
}

// runMain runs Main with args plus -out, and returns the output directory and stdout.
func runMain(t *testing.T, games []rules.Game, args ...string) (string, string) {
	t.Helper()
	out := t.TempDir()
	var stdout, stderr bytes.Buffer
	args = append(args, "-out", out)
	if code := homework.RefereeMain(games, args, &stdout, &stderr); code != 0 {
		t.Fatalf("Main(%q) = %d, want 0; stderr:\n%s\nstdout:\n%s", args, code, stderr.String(), stdout.String())
	}
	return out, stdout.String()
}

var halmaOnly = []rules.Game{halma.Game{}}

func TestRandomHalmaMatch(t *testing.T) {
	out, stdout := runMain(t, halmaOnly, "-a", agent(t, "random"), "-b", agent(t, "random"),
		"-name-a", "alpha", "-name-b", "beta", "-games", "2", "-parallel", "2", "-plies", "24")
	rows := readSummary(t, out)
	if len(rows) != 2 {
		t.Fatalf("summary.tsv has %d games, want 2", len(rows))
	}
	for i, r := range rows {
		if r["kind"] != string(referee.EndPlyCap) || r["plies"] != "24" {
			t.Errorf("game %d: kind, plies = %q, %q, want %q, 24 (random movers do not finish)", i+1, r["kind"], r["plies"], referee.EndPlyCap)
		}
		if r["winner"] != "A" && r["winner"] != "B" && r["winner"] != "-" {
			t.Errorf("game %d: winner = %q, want A, B or -", i+1, r["winner"])
		}
	}
	// Game 1: A is BLACK and moves first; game 2: A is WHITE and B moves first.
	got := [][2]string{{rows[0]["a_side"], rows[0]["first"]}, {rows[1]["a_side"], rows[1]["first"]}}
	if diff := cmp.Diff([][2]string{{"BLACK", "A"}, {"WHITE", "B"}}, got); diff != "" {
		t.Errorf("games 1-2 (a_side, first) mismatch (-want +got):\n%s", diff)
	}
	rec, err := os.ReadFile(filepath.Join(out, "game-01.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(rec), ") plays ["); n != 24 {
		t.Errorf("game-01.txt has %d ply lines, want 24:\n%s", n, rec)
	}
	for _, want := range []string{"ply 1: alpha (BLACK) plays [", "ply 2: beta (WHITE) plays [", "result: ", "ply cap"} {
		if !strings.Contains(string(rec), want) {
			t.Errorf("game-01.txt lacks %q:\n%s", want, rec)
		}
	}
	for _, want := range []string{"game 1/2: ", "game 2/2: ", "2 games: alpha ", "wins by side: BLACK ", "wins by move order: first mover "} {
		if !strings.Contains(stdout, want) {
			t.Errorf("Main stdout lacks %q:\n%s", want, stdout)
		}
	}
	// Agents ran in their own directories and got fresh input each turn.
	in, err := gamefile.ReadLines(filepath.Join(out, "game-01", "agent-A", "input.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := halma.ParseInput("input.txt", in); err != nil {
		t.Errorf("agent A's last input.txt does not parse: %v", err)
	}
}

// TestSchedule4 checks through summary.tsv that four alternating games give each agent each
// colour, moving first once and second once.
func TestScheduleOfFourGames(t *testing.T) {
	out, _ := runMain(t, halmaOnly, "-a", agent(t, "first"), "-b", agent(t, "first"), "-games", "4", "-plies", "2")
	var got [][2]string
	for _, r := range readSummary(t, out) {
		got = append(got, [2]string{r["a_side"], r["first"]})
	}
	want := [][2]string{{"BLACK", "A"}, {"WHITE", "B"}, {"WHITE", "A"}, {"BLACK", "B"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(a_side, first) of 4 games mismatch (-want +got):\n%s", diff)
	}
}

// TestLosses plays short matches where one agent fails and checks who wins and why.
func TestLosses(t *testing.T) {
	count := []rules.Game{countGame{target: 4}, halma.Game{}}
	tests := []struct {
		name      string
		games     []rules.Game
		a, b      string
		args      []string
		winner    string // A, B or -
		kind      string
		reason    string // a substring of the reason
		plies     string
		recordHas string // a substring of game-01.txt
	}{
		{"illegal move", halmaOnly, "illegal", "first", nil,
			"B", string(referee.EndBad), "alpha (BLACK) loses: illegal move: line 1: E 0,0 15,15 is not a step", "0", ""},
		{"garbage", halmaOnly, "first", "garbage", nil,
			"A", string(referee.EndBad), "beta (WHITE) loses: malformed output.txt: line 1:", "1", ""},
		{"no output", halmaOnly, "first", "nothing", nil,
			"A", string(referee.EndNoOutput), "beta (WHITE) loses: no output.txt", "1", ""},
		{"CRLF accepted with a warning", halmaOnly, "crlf", "nolf", []string{"-plies", "2"},
			"", string(referee.EndPlyCap), "ply cap", "2", "warning: output.txt: CRLF line endings"},
		{"CRLF strict", halmaOnly, "first", "crlf", []string{"-strict"},
			"A", string(referee.EndBad), "beta (WHITE) loses: malformed output.txt: line 1 ends with CRLF", "1", ""},
		{"missing LF strict", halmaOnly, "nolf", "first", []string{"-strict"},
			"B", string(referee.EndBad), "alpha (BLACK) loses: malformed output.txt: line 1, the last, does not end with LF", "0", ""},
		{"win by the rules", count, "first", "first", []string{"-game", "count"},
			"B", string(referee.EndWin), "TWO reached 4", "4", "ply 4: beta (TWO) plays [1]"},
		{"no legal move: more time left wins", []rules.Game{countGame{target: 10, stuck: 2}}, "burn:0.05", "first", nil,
			"B", string(referee.EndNoMove), "no legal move: ONE cannot move", "2", "ply 3: alpha (ONE) has no legal move"},
		{"ply cap: more time left wins", []rules.Game{countGame{target: 100}}, "first", "burn:0.05", []string{"-plies", "2"},
			"A", string(referee.EndPlyCap), "ply cap: 2 plies played", "2", ""},
		{"over time in SINGLE mode", halmaOnly, "burn:0.3", "first", []string{"-single", "0.05"},
			"B", string(referee.EndTime), "alpha (BLACK) loses: used 0.", "0", ""},
		{"over time in GAME mode", halmaOnly, "burn:0.2", "first", []string{"-time", "0.1"},
			"B", string(referee.EndTime), "alpha (BLACK) loses: used 0.", "0", "with 0.1s left"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append([]string{"-a", agent(t, tt.a), "-b", agent(t, tt.b), "-name-a", "alpha", "-name-b", "beta",
				"-games", "1", "-first", "a"}, tt.args...)
			out, stdout := runMain(t, tt.games, args...)
			rows := readSummary(t, out)
			if len(rows) != 1 {
				t.Fatalf("summary.tsv has %d games, want 1", len(rows))
			}
			r := rows[0]
			if tt.winner != "" && r["winner"] != tt.winner {
				t.Errorf("winner = %q, want %q (reason %q)", r["winner"], tt.winner, r["reason"])
			}
			if r["kind"] != tt.kind || !strings.Contains(r["reason"], tt.reason) || r["plies"] != tt.plies {
				t.Errorf("kind, reason, plies = %q, %q, %q; want %q, containing %q, %q", r["kind"], r["reason"], r["plies"], tt.kind, tt.reason, tt.plies)
			}
			rec, err := os.ReadFile(filepath.Join(out, "game-01.txt"))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(rec), tt.recordHas) || !strings.Contains(string(rec), "\nresult: ") {
				t.Errorf("game-01.txt lacks %q or its result:\n%s", tt.recordHas, rec)
			}
			if !strings.Contains(stdout, "game 1/1: ") {
				t.Errorf("stdout lacks the progress line:\n%s", stdout)
			}
		})
	}
}

// TestKillAfterGrace: an agent that sleeps instead of moving is killed once its time plus
// the grace has passed on the wall clock, with the processes it started, and loses.
func TestKillAfterGrace(t *testing.T) {
	pidFile := filepath.Join(t.TempDir(), "sleeper.pid")
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	// "; true" keeps the shell from exec'ing the agent, so the agent is the shell's child:
	// killing only the shell would leave it running.
	sleeper := fmt.Sprintf("%s='sleep:%s' '%s'; true", fakeEnv, pidFile, exe)
	start := time.Now()
	// Unconfined: the sleeper writes its pid outside its directory, which the sandbox
	// would not let it do (sandbox_test.go checks boxes leave no process behind).
	out, _ := runMain(t, halmaOnly, "-a", sleeper, "-b", agent(t, "first"), "-first", "a", "-games", "1",
		"-time", "0.2", "-grace", "0.5", "-sandbox", "off")
	if wall := time.Since(start); wall > 10*time.Second {
		t.Errorf("the match took %v, want about 0.7s: the sleeper was not killed in time", wall)
	}
	r := readSummary(t, out)[0]
	if r["winner"] != "B" || r["kind"] != string(referee.EndTime) || !strings.Contains(r["reason"], "killed") {
		t.Errorf("winner, kind, reason = %q, %q, %q; want B, %q, ...killed", r["winner"], r["kind"], r["reason"], referee.EndTime)
	}
	data, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatalf("the sleeper did not start: %v", err)
	}
	pid, _ := strconv.Atoi(string(data))
	// Killed processes reparented to an init that does not reap stay zombies: dead enough.
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		if err != nil || processState(string(stat)) == "Z" {
			break
		}
		if time.Now().After(deadline) {
			t.Errorf("the sleeping agent (pid %d) still runs after its group was killed: %s", pid, stat)
			syscall.Kill(pid, syscall.SIGKILL)
			break
		}
	}
}

// processState returns the state field of /proc/PID/stat ("R", "S", "Z", ...).
func processState(stat string) string {
	i := strings.LastIndexByte(stat, ')')
	if i < 0 || i+3 > len(stat) {
		return ""
	}
	return stat[i+2 : i+3]
}

func TestMainUsage(t *testing.T) {
	tests := []struct {
		name string
		args []string
		code int
		want string // in stderr
	}{
		{"no agents", nil, 2, "both agents are required"},
		{"unknown flag", []string{"-nope"}, 2, "flag provided but not defined"},
		{"stray argument", []string{"-a", "x", "-b", "y", "z"}, 2, `unexpected argument "z"`},
		{"bad games", []string{"-a", "x", "-b", "y", "-games", "0"}, 2, "-games must be at least 1"},
		{"bad time", []string{"-a", "x", "-b", "y", "-time", "-1"}, 2, "-time must be a positive"},
		{"time and single", []string{"-a", "x", "-b", "y", "-time", "1", "-single", "1"}, 2, "exclude each other"},
		{"bad first", []string{"-a", "x", "-b", "y", "-first", "c"}, 2, `-first "c"`},
		{"unknown game", []string{"-a", "x", "-b", "y", "-game", "chess"}, 2, `unknown game "chess"`},
		{"bad charge", []string{"-a", "x", "-b", "y", "-charge", "wall"}, 2, `-charge "wall"`},
		{"setup with a newline", []string{"-a", "x", "-b", "y", "-setup", "size=9x9\nentry z /bin/sh"}, 2, `-setup "size=9x9\nentry z /bin/sh": a control character (U+000A) at byte 8`},
		{"name with an escape", []string{"-a", "x", "-b", "y", "-name-a", "red\x1b[31m"}, 2, `-name-a "red\x1b[31m": a control character (U+001B)`},
		{"long name", []string{"-a", "x", "-b", "y", "-name-a", strings.Repeat("n", 40000)}, 2, "40000 bytes long, want at most 100"},
		{"command with a tab", []string{"-a", "x\ty", "-b", "y"}, 2, `-a "x\ty": a control character (U+0009)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := homework.RefereeMain(halmaOnly, tt.args, &stdout, &stderr)
			if code != tt.code || !strings.Contains(stderr.String(), tt.want) {
				t.Errorf("Main(%q) = %d, stderr %q; want %d, containing %q", tt.args, code, stderr.String(), tt.code, tt.want)
			}
		})
	}
}

// TestMainHelp: -h, --help and help print the usage, naming the real command and every
// kind of agent, on stdout alone, and exit 0.
func TestMainHelp(t *testing.T) {
	for _, arg := range []string{"-h", "--help", "help"} {
		var stdout, stderr bytes.Buffer
		code := homework.RefereeMain(halmaOnly, []string{arg}, &stdout, &stderr)
		if code != 0 || stderr.Len() > 0 || !strings.HasPrefix(stdout.String(), "usage: homework referee") {
			t.Errorf("RefereeMain(%q) = %d, stdout %.60q, stderr %q; want 0 and the usage on stdout alone", arg, code, stdout.String(), stderr.String())
		}
		for _, kind := range []string{"gtp:CMD", "course:PATH/player.py"} {
			if !strings.Contains(stdout.String(), kind) {
				t.Errorf("RefereeMain(%q): the usage does not describe %s agents", arg, kind)
			}
		}
	}
}

// TestShow checks that -show prints the board and both clocks after every ply.
func TestShow(t *testing.T) {
	_, stdout := runMain(t, halmaOnly, "-a", agent(t, "first"), "-b", agent(t, "first"), "-games", "1", "-plies", "2", "-show")
	for _, want := range []string{"game 1, ply 1: ", "game 1, ply 2: ", "   0123456789012345", "15 ...........WWWWW", "clocks: "} {
		if !strings.Contains(stdout, want) {
			t.Errorf("Main -show stdout lacks %q:\n%s", want, stdout)
		}
	}
}

// TestAgentDirectories: each game starts without playdata.txt, even in a reused output
// directory, and with the calibration file given.
func TestAgentDirectories(t *testing.T) {
	out := t.TempDir()
	stale := filepath.Join(out, "game-01", "agent-A", "playdata.txt")
	if err := os.MkdirAll(filepath.Dir(stale), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, stale, "halma playdata from an older game\n")
	calib := filepath.Join(t.TempDir(), "calib.txt")
	writeFile(t, calib, "calibration 1\n")
	args := []string{"-a", agent(t, "first"), "-b", agent(t, "first"), "-games", "1", "-plies", "2",
		"-calibration", calib, "-out", out}
	var stdout, stderr bytes.Buffer
	if code := homework.RefereeMain(halmaOnly, args, &stdout, &stderr); code != 0 {
		t.Fatalf("Main(%q) = %d, want 0; stderr:\n%s", args, code, stderr.String())
	}
	if _, err := os.Stat(stale); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("stale playdata.txt after the game: Stat error = %v, want not exist", err)
	}
	for _, a := range []string{"agent-A", "agent-B"} {
		got, err := os.ReadFile(filepath.Join(out, "game-01", a, "calibration.txt"))
		if string(got) != "calibration 1\n" {
			t.Errorf("%s/calibration.txt = %q, %v; want the -calibration file", a, got, err)
		}
	}
}

// TestPlyNumbersAgree: the progress line counts plies as the record numbers them: a game
// won by the rules "in 3 plies" with the record's last line ply 3; a game lost on a move
// "at ply 3 (2 played)", the record's ply 3 being the move that lost.
func TestPlyNumbersAgree(t *testing.T) {
	tests := []struct {
		name, a, line, record string
	}{
		{"won by the rules", plays1, "in 3 plies", "ply 3: a (ONE) plays"},
		{"lost on a move", "if [ -e once ]; then :; else touch once; " + plays1 + "; fi", "at ply 3 (2 played)", "ply 3: a (ONE) loses: no output.txt"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, stdout := runMain(t, []rules.Game{countGame{target: 3}}, "-a", tt.a, "-b", plays1,
				"-name-a", "a", "-name-b", "b", "-games", "1", "-first", "a", "-single", "5")
			if !strings.Contains(stdout, tt.line) {
				t.Errorf("stdout lacks %q:\n%s", tt.line, stdout)
			}
			if rec := readFile(t, filepath.Join(out, "game-01.txt")); !strings.Contains(rec, tt.record) {
				t.Errorf("record lacks %q:\n%s", tt.record, rec)
			}
		})
	}
}
