package referee_test

// Matches with a GTP engine as a player. The engine is this test binary again: with
// REFEREE_FAKE_GTP set, TestMain runs fakeGTP, which speaks GTP for the race game below, so
// neither gtp-rhino nor the network is needed.

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"gameagents/internal/cgroup"
	"gameagents/internal/command/homework"
	"gameagents/internal/referee"
	"gameagents/internal/rules"
)

const fakeGTPEnv = "REFEREE_FAKE_GTP"

// raceGame is countGame spoken over GTP: the moves 1 and 2 are the vertices A1 and B1, and
// a side may pass (PASS in output.txt, "pass" in GTP), which countGame does not allow.
type raceGame struct{ countGame }

func (raceGame) Name() string { return "race" }

func (g raceGame) New(first int) rules.Match {
	return &raceMatch{&countMatch{g: g.countGame, toMove: first}}
}

type raceMatch struct{ *countMatch }

var _ rules.GTPMatch = (*raceMatch)(nil)

func (m *raceMatch) Play(output []byte, strict bool) (string, []string, error) {
	if lines, warnings, err := rules.SplitOutput(output, strict); err == nil && len(lines) == 1 && lines[0] == "PASS" {
		m.toMove ^= 1
		return "PASS", warnings, nil
	}
	return m.countMatch.Play(output, strict)
}

func (m *raceMatch) GTPSetup() []string       { return []string{"boardsize 2", "clear_board"} }
func (m *raceMatch) GTPColor(side int) string { return [2]string{"black", "white"}[side] }

func (m *raceMatch) GTPGame() string { return "Race" }

func (m *raceMatch) GTPVertex(move string) string {
	switch move {
	case "1":
		return "A1"
	case "2":
		return "B1"
	case "PASS":
		return "pass"
	}
	return move
}

func (m *raceMatch) FromGTP(vertex string) []byte {
	switch strings.ToUpper(vertex) {
	case "A1":
		return []byte("1\n")
	case "B1":
		return []byte("2\n")
	case "PASS":
		return []byte("PASS\n")
	}
	return []byte(vertex + "\n")
}

// fakeGTP is a GTP engine for the race game. mode is a comma-separated list of options:
//
//	two          genmove answers B1 (adds 2); without it, A1 (adds 1)
//	vertex:V     genmove answers V
//	ask          genmove is answered "? no move"
//	resign       genmove answers "resign"
//	garbage      genmove is answered "hello", which is not GTP
//	exit:N       exits with status 3 at the Nth genmove, without answering
//	hang         never answers genmove
//	burn:S       spins S seconds of CPU before answering each genmove
//	ponder:S     spins S seconds of CPU after answering each genmove
//	rejectplay   answers "? illegal move" to every play
//	nopass       answers "? syntax error" to a pass, as gtp-rhino does
//	timed        says it knows time_left
//	badsetup     answers "? unacceptable size" to boardsize
//	spawn        starts a child that spins for ever, never waited for
//
// Whatever the mode, it appends its pid to engine.pid in its directory when it starts.
func fakeGTP(mode string) int {
	opt := map[string]string{}
	for _, o := range strings.Split(mode, ",") {
		k, v, _ := strings.Cut(o, ":")
		opt[k] = v
	}
	has := func(k string) bool { _, ok := opt[k]; return ok }
	seconds := func(k string) float64 { s, _ := strconv.ParseFloat(opt[k], 64); return s }
	burn := func(s float64) {
		for limit := cpuSeconds() + s; cpuSeconds() < limit; {
		}
	}
	if f, err := os.OpenFile("engine.pid", os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644); err == nil {
		fmt.Fprintln(f, os.Getpid())
		f.Close()
	}
	if has("spawn") {
		exec.Command("/bin/sh", "-c", "while :; do :; done").Start() //nolint:errcheck // a test's hostile helper
	}
	answer := func(ok bool, text string) {
		mark := "="
		if !ok {
			mark = "?"
		}
		if text != "" {
			mark += " " + text
		}
		fmt.Print(mark + "\n\n")
	}
	genmoves := 0
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		w := strings.Fields(sc.Text())
		if len(w) == 0 {
			continue
		}
		switch w[0] {
		case "quit":
			answer(true, "")
			return 0
		case "known_command":
			answer(true, strconv.FormatBool(has("timed") && len(w) > 1 && w[1] == "time_left"))
		case "boardsize":
			answer(!has("badsetup"), map[bool]string{true: "unacceptable size"}[has("badsetup")])
		case "clear_board", "time_settings", "time_left":
			answer(true, "")
		case "play":
			switch {
			case has("rejectplay"):
				answer(false, "illegal move")
			case len(w) == 3 && w[2] == "pass" && has("nopass"):
				answer(false, "syntax error")
			case len(w) == 3 && (w[2] == "A1" || w[2] == "B1" || w[2] == "pass"):
				answer(true, "")
			default:
				answer(false, "illegal move")
			}
		case "genmove":
			genmoves++
			if n, err := strconv.Atoi(opt["exit"]); err == nil && n == genmoves {
				return 3
			}
			if has("hang") {
				time.Sleep(time.Minute)
			}
			burn(seconds("burn"))
			switch {
			case has("ask"):
				answer(false, "no move")
			case has("resign"):
				answer(true, "resign")
			case has("garbage"):
				fmt.Print("hello\n\n")
			case has("vertex"):
				answer(true, opt["vertex"])
			case has("two"):
				answer(true, "B1")
			default:
				answer(true, "A1")
			}
			burn(seconds("ponder"))
		default:
			answer(false, "unknown command")
		}
	}
	return 0
}

// engine returns the agent command of this test binary as a fake GTP engine in mode.
func engine(t *testing.T, mode string) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("gtp:%s='%s' exec '%s'", fakeGTPEnv, mode, exe)
}

// Ordinary agents for the race game.
const (
	plays1 = "printf '1\\n' > output.txt"
	passes = "printf 'PASS\\n' > output.txt"
)

func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestGTPMatch plays a whole match between an ordinary agent and a GTP engine started
// without a shell, and checks the results, the records and the conversation.
func TestGTPMatch(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	// A plain command runs directly: the mode goes by environment, which the sandbox
	// does not pass on.
	t.Setenv(fakeGTPEnv, "two")
	games := []rules.Game{raceGame{countGame{target: 4}}}
	out, stdout := runMain(t, games, "-a", plays1, "-b", "gtp:"+exe, "-name-a", "alpha", "-games", "2", "-single", "1", "-sandbox", "off")

	// Game 1: alpha (ONE) first: 1, 3, 4: alpha wins. Game 2: the engine (ONE) first:
	// 2, 3, 5: the engine wins.
	rows := readSummary(t, out)
	var got [][3]string
	for _, r := range rows {
		got = append(got, [3]string{r["winner"], r["kind"], r["plies"]})
	}
	want := [][3]string{{"A", string(referee.EndWin), "3"}, {"B", string(referee.EndWin), "3"}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("(winner, kind, plies) of the games = %v, want %v", got, want)
	}
	name := filepath.Base(exe)
	rec := readFile(t, filepath.Join(out, "game-02.txt"))
	for _, s := range []string{
		"agent B: " + name + " plays ONE: gtp:" + exe,
		"gtp: agent B (" + name + ") is a GTP engine",
		"its clock is enforced",
		"ply 1: " + name + " (ONE) plays [2] cpu ",
		"ply 2: alpha (TWO) plays [1] cpu ",
		"ply 3: " + name + " (ONE) plays [2] cpu ",
		"cpu " + name + ": ",
	} {
		if !strings.Contains(rec, s) {
			t.Errorf("game-02.txt lacks %q:\n%s", s, rec)
		}
	}
	// The engine is told alpha's move at its next turn, and quits at the end.
	log := readFile(t, filepath.Join(out, "game-02", "agent-B.log"))
	wantLog := "gtp> known_command time_left\ngtp< = false\ngtp> boardsize 2\ngtp< =\ngtp> clear_board\ngtp< =\n" +
		"--- ply 1 ---\ngtp> genmove black\ngtp< = B1\n" +
		"--- ply 3 ---\ngtp> play white A1\ngtp< =\ngtp> genmove black\ngtp< = B1\ngtp> quit\n"
	if log != wantLog && log != wantLog+"gtp< =\n" {
		t.Errorf("agent-B.log of game 2 =\n%s\nwant\n%s", log, wantLog)
	}
	// One engine per game, started in the agent's directory, gone after the game.
	for _, g := range []string{"game-01", "game-02"} {
		pids := strings.Fields(readFile(t, filepath.Join(out, g, "agent-B", "engine.pid")))
		if len(pids) != 1 {
			t.Errorf("%s: the engine started %d times, want once", g, len(pids))
			continue
		}
		pid, _ := strconv.Atoi(pids[0])
		waitGone(t, pid)
	}
	if !strings.Contains(stdout, "is a GTP engine") {
		t.Errorf("stdout does not say that B is a GTP engine:\n%s", stdout)
	}
}

// waitGone fails unless process pid ends (or is a zombie) within a few seconds.
func waitGone(t *testing.T, pid int) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		if err != nil || processState(string(stat)) == "Z" {
			return
		}
		if time.Now().After(deadline) {
			t.Errorf("the engine (pid %d) still runs after its game: %s", pid, stat)
			return
		}
	}
}

// TestGTPResults plays one game per case, alpha (ONE) first against a fake engine (TWO).
func TestGTPResults(t *testing.T) {
	race := func(target int) []rules.Game { return []rules.Game{raceGame{countGame{target: target}}} }
	tests := []struct {
		name      string
		target    int
		a, mode   string
		args      []string
		winner    string
		kind      string
		reason    string // in the reason
		plies     string
		recordHas string // in game-01.txt
		logHas    string // in agent-B.log
		stdoutHas string
	}{
		{"the engine wins", 3, plays1, "two", nil,
			"B", string(referee.EndWin), "TWO reached 3", "2", "ply 2: engine (TWO) plays [2]", "gtp> play black A1\ngtp< =\ngtp> genmove white\ngtp< = B1\n", ""},
		{"the engine loses", 3, plays1, "one", nil,
			"A", string(referee.EndWin), "ONE reached 3", "3", "ply 2: engine (TWO) plays [1]", "", ""},
		{"? to genmove", 4, plays1, "ask", nil,
			"A", string(referee.EndBad), "engine (TWO) loses: `genmove white` was answered \"? no move\"", "1", "", "gtp< ? no move", ""},
		{"resigns", 4, plays1, "resign", nil,
			"A", string(referee.EndResign), "engine (TWO) loses: resigned", "1", "", "", ""},
		{"not GTP", 4, plays1, "garbage", nil,
			"A", string(referee.EndBad), "`genmove white`: malformed response \"hello\"", "1", "", "", ""},
		{"an illegal move", 4, plays1, "vertex:C3", nil,
			"A", string(referee.EndBad), "`genmove white` was answered C3: want 1 or 2", "1", "", "", ""},
		{"exits mid-game", 10, plays1, "exit:2", nil,
			"A", string(referee.EndNoOutput), "`genmove white` got no answer: the engine exited (exit status 3)", "3", "(exit status 3)", "", ""},
		{"? to the opponent's move", 4, plays1, "rejectplay", nil,
			"A", string(referee.EndBad), "the engine rejected `play black A1`", "1", "", "", "referee: warning: game 1, ply 2: "},
		{"? to a pass is accepted", 4, passes, "two,nopass", nil,
			"B", string(referee.EndWin), "TWO reached 4", "4", "accepted (it passes by itself)", "gtp> play black pass\ngtp< ? syntax error\n", ""},
		{"time settings when it knows them", 3, plays1, "two,timed", []string{"-time", "30"},
			"B", string(referee.EndWin), "TWO reached 3", "2", "", "gtp> time_settings 30 0 0\ngtp< =\n--- ply 2 ---\ngtp> play black A1\ngtp< =\ngtp> time_left white 30 0\n", ""},
		{"over the time of a move", 4, plays1, "burn:0.2", []string{"-single", "0.1"},
			"A", string(referee.EndTime), "engine (TWO) loses: used 0.", "1", "over the 0.1s of a move", "", ""},
		{"over the time of a game", 4, plays1, "burn:0.2", []string{"-time", "0.1"},
			"A", string(referee.EndTime), "engine (TWO) loses: used 0.", "1", "with 0.1s left", "", ""},
		{"untimed", 3, plays1, "burn:0.15", []string{"-single", "0.1", "-gtp-untimed"},
			"A", string(referee.EndWin), "ONE reached 3", "3", "of 0.1s (untimed)", "", "UNTIMED (-gtp-untimed)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append([]string{"-a", tt.a, "-b", engine(t, tt.mode), "-name-a", "alpha", "-name-b", "engine",
				"-games", "1", "-first", "a"}, tt.args...)
			out, stdout := runMain(t, race(tt.target), args...)
			r := readSummary(t, out)[0]
			if r["winner"] != tt.winner || r["kind"] != tt.kind || !strings.Contains(r["reason"], tt.reason) || r["plies"] != tt.plies {
				t.Errorf("winner, kind, reason, plies = %q, %q, %q, %q; want %q, %q, containing %q, %q",
					r["winner"], r["kind"], r["reason"], r["plies"], tt.winner, tt.kind, tt.reason, tt.plies)
			}
			if rec := readFile(t, filepath.Join(out, "game-01.txt")); !strings.Contains(rec, tt.recordHas) {
				t.Errorf("game-01.txt lacks %q:\n%s", tt.recordHas, rec)
			}
			if log := readFile(t, filepath.Join(out, "game-01", "agent-B.log")); !strings.Contains(log, tt.logHas) {
				t.Errorf("agent-B.log lacks %q:\n%s", tt.logHas, log)
			}
			if !strings.Contains(stdout, tt.stdoutHas) {
				t.Errorf("stdout lacks %q:\n%s", tt.stdoutHas, stdout)
			}
		})
	}
}

// TestGTPHang: an engine that never answers genmove is killed with its group once the time
// and the grace have passed, and loses on time.
func TestGTPHang(t *testing.T) {
	start := time.Now()
	// Unconfined: the engine's pid, which the test looks for, is its own in the sandbox.
	out, _ := runMain(t, []rules.Game{raceGame{countGame{target: 4}}}, "-a", plays1, "-b", engine(t, "hang"),
		"-name-b", "engine", "-games", "1", "-first", "a", "-time", "0.2", "-grace", "0.3", "-sandbox", "off")
	if wall := time.Since(start); wall > 10*time.Second {
		t.Errorf("the match took %v, want about 0.5s: the engine was not killed in time", wall)
	}
	r := readSummary(t, out)[0]
	if r["winner"] != "A" || r["kind"] != string(referee.EndTime) || !strings.Contains(r["reason"], "gave no answer in") || !strings.Contains(r["reason"], "killed") {
		t.Errorf("winner, kind, reason = %q, %q, %q; want A, %q, ...gave no answer in ... killed", r["winner"], r["kind"], r["reason"], referee.EndTime)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(readFile(t, filepath.Join(out, "game-01", "agent-B", "engine.pid"))))
	if err != nil {
		t.Fatal(err)
	}
	waitGone(t, pid)
}

// TestGTPCPU: an engine is charged the CPU it uses to answer genmove, and at its next move
// the CPU it used after answering (pondering).
func TestGTPCPU(t *testing.T) {
	out, _ := runMain(t, []rules.Game{raceGame{countGame{target: 100}}}, "-a", plays1, "-b", engine(t, "burn:0.2,ponder:0.1"),
		"-name-b", "engine", "-games", "1", "-first", "a", "-single", "1", "-plies", "4")
	r := readSummary(t, out)[0]
	cpu, err1 := strconv.ParseFloat(r["cpu_b"], 64)
	longest, err2 := strconv.ParseFloat(r["max_move_b"], 64)
	if err1 != nil || err2 != nil {
		t.Fatalf("summary cpu_b, max_move_b = %q, %q: not numbers", r["cpu_b"], r["max_move_b"])
	}
	// Two moves: 0.2 s each, and 0.1 s of pondering after the first charged to the second.
	// (Where the pondering is charged depends on how far it got before the engine's next
	// turn began; that it is charged at all is what matters.)
	if cpu < 0.45 || longest < 0.25 {
		t.Errorf("engine charged %gs in all, %gs at most for a move; want at least 0.45s and 0.25s", cpu, longest)
	}
}

// TestGTPFrozenBetweenTurns: an engine that leaves a child spinning is frozen, child and
// all, while its opponent thinks (here 0.4 s of wall time a move, sleeping): its charge is
// what it used in its own turns, where unfrozen the child's spinning in the opponent's time
// would be charged to it, about 0.4 s a move.
func TestGTPFrozenBetweenTurns(t *testing.T) {
	if _, err := cgroup.Host(); err != nil {
		t.Skipf("no usable control groups here, so engines are not frozen: %v", err)
	}
	out, _ := runMain(t, []rules.Game{raceGame{countGame{target: 100}}}, "-a", "sleep 0.4; "+plays1, "-b", engine(t, "spawn"),
		"-name-b", "engine", "-games", "1", "-first", "a", "-single", "2", "-plies", "6")
	r := readSummary(t, out)[0]
	cpu, err := strconv.ParseFloat(r["cpu_b"], 64)
	if err != nil {
		t.Fatalf("summary cpu_b %q: not a number", r["cpu_b"])
	}
	if cpu > 0.3 {
		t.Errorf("engine charged %gs for three quick moves; want well under the 1.2 s its child would spin in the opponent's time", cpu)
	}
	// With -gtp-ponder it is not frozen, and what its child spins is charged to it.
	out, _ = runMain(t, []rules.Game{raceGame{countGame{target: 100}}}, "-a", "sleep 0.4; "+plays1, "-b", engine(t, "spawn"),
		"-name-b", "engine", "-games", "1", "-first", "a", "-single", "2", "-plies", "6", "-gtp-ponder")
	if cpu, _ = strconv.ParseFloat(readSummary(t, out)[0]["cpu_b"], 64); cpu < 0.5 {
		t.Errorf("pondering engine charged %gs; want its child's spinning in the opponent's 1.2 s (at least 0.5 s)", cpu)
	}
}

// TestGTPRefused: matches that cannot be played with a GTP agent fail before any game.
func TestGTPRefused(t *testing.T) {
	tests := []struct {
		name  string
		games []rules.Game
		b     string
		code  int
		want  string // in stderr
	}{
		{"a game without GTP", []rules.Game{countGame{target: 4}}, "gtp:/bin/true", 2,
			"agent B (-b, true), gtp:/bin/true, is a GTP engine, but count cannot be played over GTP"},
		{"no engine command", []rules.Game{raceGame{countGame{target: 4}}}, "gtp: ", 2,
			`wants an engine command after "gtp:"`},
		{"setup refused", []rules.Game{raceGame{countGame{target: 4}}}, "", 1,
			"setup: `boardsize 2`: the engine answered \"? unacceptable size\""},
		{"engine not found", []rules.Game{raceGame{countGame{target: 4}}}, "gtp:/nonexistent/engine", 1,
			"/nonexistent/engine"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := tt.b
			if b == "" {
				b = engine(t, "badsetup")
			}
			var stdout, stderr bytes.Buffer
			args := []string{"-a", plays1, "-b", b, "-games", "1", "-out", t.TempDir()}
			code := homework.RefereeMain(tt.games, args, &stdout, &stderr)
			if code != tt.code || !strings.Contains(stderr.String(), tt.want) {
				t.Errorf("Main(%q) = %d, stderr %q; want %d, containing %q", args, code, stderr.String(), tt.code, tt.want)
			}
		})
	}
}
