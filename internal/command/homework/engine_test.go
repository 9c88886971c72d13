package homework

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"gameagents/internal/agent"
	"gameagents/internal/gamefile"
	"gameagents/internal/games"
	"gameagents/internal/hive"
	"gameagents/internal/referee"
	"gameagents/internal/replay"
	"gameagents/internal/reversi"
	"gameagents/internal/rules"
)

// TestGTPEngineSameMoves plays a game of Reversi between the engine in its GTP mode and the
// engine as a file agent, and the same game between two file agents: at the same budget
// (SINGLE 0.2 s, the GTP engine's -move-time, the referee sending no time), every move is
// the same, because both plan and search each move alike (agent.Thinker). The node budget
// decides each move and the CPU guard must never fire, or the games would differ with the
// machine's load: every agent reads a calibration of 500,000 nodes a second, a budget
// that takes a few hundredths of a second on any machine that runs the tests, well under
// the guard's 0.18 s even on a loaded one.
func TestGTPEngineSameMoves(t *testing.T) {
	bin := realGames(t, "plays two games of Reversi")
	calibration := filepath.Join(t.TempDir(), "calibration.txt")
	slow := agent.CalibrationVersion + "\n" + agent.RateKey("reversi") + " 500000\n"
	if err := os.WriteFile(calibration, []byte(slow), 0o644); err != nil {
		t.Fatal(err)
	}
	file := referee.Agent{Name: "file", Command: bin + " play"}
	gtp := referee.Agent{Name: "gtp", Command: "gtp:" + bin + " play gtp -move-time 0.2"}
	var moves [2][]string
	for i, agents := range [][2]referee.Agent{{gtp, file}, {file, {Name: "file2", Command: bin + " play"}}} {
		cfg := referee.Config{
			Game: reversi.Game{}, Games: 1, Mode: gamefile.Single, Seconds: 0.2, MaxPlies: 200, Parallel: 1,
			Agents: agents, Out: t.TempDir(), Grace: referee.DefaultGrace, GTPUntimed: true, Kinds: agentKinds,
			Calibration: calibration,
		}
		r, err := referee.PlayGame(context.Background(), &cfg, 1, &referee.Recorder{})
		if err != nil {
			t.Fatal(err)
		}
		if r.Ending != referee.EndWin && r.Ending != referee.EndDraw {
			t.Fatalf("game %d ended %s: %s", i+1, r.Ending, r.Reason)
		}
		record, err := os.ReadFile(referee.RecordPath(&cfg, 1))
		if err != nil {
			t.Fatal(err)
		}
		logs, err := filepath.Glob(filepath.Join(strings.TrimSuffix(referee.RecordPath(&cfg, 1), ".txt"), "agent-*.log"))
		if err != nil || len(logs) != 2 {
			t.Fatalf("game %d: agents' logs %v: %v", i+1, logs, err)
		}
		for _, l := range logs {
			if text, err := os.ReadFile(l); err != nil || bytes.Contains(text, []byte("default speed")) {
				t.Fatalf("%s: the agent did not read the calibration (%v):\n%s", l, err, text)
			}
		}
		for _, m := range recordMove.FindAllStringSubmatch(string(record), -1) {
			moves[i] = append(moves[i], m[1])
		}
		if len(moves[i]) != r.Plies || r.Plies < 50 {
			t.Fatalf("game %d: %d moves read of %d plies:\n%s", i+1, len(moves[i]), r.Plies, record)
		}
	}
	if !slices.Equal(moves[0], moves[1]) {
		t.Errorf("GTP engine against the file agent played\n%v\nthe file agents\n%v", moves[0], moves[1])
	}
}

// recordMove finds the moves of a referee record's plies.
var recordMove = regexp.MustCompile(`(?m)^ply \d+: .* plays (\S+) cpu `)

// TestNBoardBridge plays Reversi between an NBoard engine (our engine's NBoard mode) and the
// file agent through the referee's nboard: agents, both colours, every move judged; and a
// fake NBoard engine whose moves are illegal, garbled or missing loses each game with the
// reason.
func TestNBoardBridge(t *testing.T) {
	bin := realGames(t, "plays games of Reversi")
	play := func(a referee.Agent, games int, grace time.Duration) []referee.Result {
		t.Helper()
		cfg := referee.Config{
			Game: reversi.Game{}, Games: games, Mode: gamefile.Single, Seconds: 1, MaxPlies: 200, Parallel: 1,
			Agents: [2]referee.Agent{a, {Name: "file", Command: bin + " play -player greedy"}},
			Out:    t.TempDir(), Grace: grace, Kinds: agentKinds,
		}
		return playGames(t, &cfg, games)
	}
	results := play(referee.Agent{Name: "nboard", Command: "nboard:" + bin + " play nboard"}, 2, referee.DefaultGrace)
	for i, r := range results {
		if r.Ending != referee.EndWin && r.Ending != referee.EndDraw || r.Plies < 50 {
			t.Errorf("game %d against our NBoard mode: %s after %d plies: %s", i+1, r.Ending, r.Plies, r.Reason)
		}
	}
	for _, c := range []struct{ answer, ending, reason string }{
		{"=== A1", string(referee.EndBad), "illegal move: a1"},
		{"=== ", string(referee.EndBad), "want === MOVE"},
		{"", string(referee.EndTime), "gave no move"},
	} {
		cases := "    ping) echo \"pong $arg\" ;;\n"
		if c.answer != "" {
			cases += "    go) echo \"status thinking\"; echo \"" + c.answer + "\" ;;\n"
		}
		r := play(referee.Agent{Name: "fake", Command: "nboard:" + fakeEngine(t, "", cases)}, 1, time.Second)[0]
		wantLoss(t, r, c.ending, c.reason, "a fake engine answering "+c.answer)
	}
}

// TestGGFExport plays a match of Reversi, from openings and with both colours, and reads each
// game's GGF record back: at every ply the same position as its referee record, the same
// number of moves, the agents' names by colour, and the result's margin when the rules
// decided the game.
func TestGGFExport(t *testing.T) {
	bin := realGames(t, "plays games of Reversi")
	cfg := referee.Config{
		Game: reversi.Game{}, Games: 4, Mode: gamefile.GameClock, Seconds: 20, MaxPlies: 200, Parallel: 2,
		Agents: [2]referee.Agent{{Name: "random", Command: bin + " play -player random"}, {Name: "greedy", Command: bin + " play -player greedy"}},
		Out:    t.TempDir(), Grace: referee.DefaultGrace, Kinds: agentKinds,
		Openings: [][]string{{"f5", "d6"}, {"c4", "c3", "d3"}},
	}
	var stdout bytes.Buffer
	if _, err := referee.Run(context.Background(), cfg, &stdout); err != nil {
		t.Fatal(err)
	}
	for n := 1; n <= cfg.Games; n++ {
		recLines, err := gamefile.ReadLinesUpTo(referee.RecordPath(&cfg, n), gamefile.MaxRecordBytes)
		if err != nil {
			t.Fatal(err)
		}
		ggfLines, err := gamefile.ReadLines(referee.GGFPath(&cfg, n))
		if err != nil {
			t.Fatal(err)
		}
		judges := []rules.Game{reversi.Game{}}
		_, plies, err := referee.ReadRecord(judges, "record", recLines, -1)
		if err != nil {
			t.Fatal(err)
		}
		_, moves, err := referee.ReadGGF(judges, "ggf", ggfLines, -1)
		if err != nil {
			t.Fatalf("game %d: %v", n, err)
		}
		if moves != plies {
			t.Fatalf("game %d: %d moves in GGF, %d plies in the record", n, moves, plies)
		}
		for k := 0; k <= plies; k++ {
			a, _, _ := referee.ReadRecord(judges, "record", recLines, k)
			b, _, _ := referee.ReadGGF(judges, "ggf", ggfLines, k)
			if diff := cmp.Diff(a.Render(), b.Render()); diff != "" {
				t.Fatalf("game %d, ply %d: GGF and record differ (-record +GGF):\n%s", n, k, diff)
			}
		}
		sameReplay(t, judges, recLines, ggfLines)
		checkPage(t, referee.GGFPath(&cfg, n), plies)
		rec := strings.Join(lineTexts(recLines), "\n")
		ggf := ggfLines[0].Text
		black := regexp.MustCompile(`agent [AB]: (\S+) plays BLACK`).FindStringSubmatch(rec)
		if black == nil || !strings.Contains(ggf, "PB["+black[1]+"]") {
			t.Errorf("game %d: GGF %q does not name Black's agent %v", n, ggf, black)
		}
		score := regexp.MustCompile(`result: .*BLACK (\d+), WHITE (\d+)`).FindStringSubmatch(rec)
		if score == nil {
			t.Fatalf("game %d: no final score in the record", n)
		}
		b, _ := strconv.Atoi(score[1])
		w, _ := strconv.Atoi(score[2])
		if want := fmt.Sprintf("RE[%+d.000]", b-w); b != w && !strings.Contains(ggf, want) {
			t.Errorf("game %d: GGF %q lacks %s", n, ggf, want)
		}
	}
}

func lineTexts(lines []gamefile.Line) []string {
	var s []string
	for _, l := range lines {
		s = append(s, l.Text)
	}
	return s
}

// TestUHPBridge plays Hive's base game between a UHP engine (our engine's UHP mode) and the
// file agent through the referee's uhp: agents, both colours, every move judged; a fake UHP
// engine whose answers are illegal, refused or missing loses each game with the reason.
func TestUHPBridge(t *testing.T) {
	bin := realGames(t, "plays games of Hive")
	base := baseHive(t)
	play := func(a referee.Agent, games int, grace time.Duration) []referee.Result {
		t.Helper()
		cfg := referee.Config{
			Game: base, Games: games, Mode: gamefile.Single, Seconds: 0.3, MaxPlies: 40, Parallel: 1,
			Agents: [2]referee.Agent{a, {Name: "file", Command: bin + " play -player random"}},
			Out:    t.TempDir(), Grace: grace, Kinds: agentKinds, Setup: "rules=base", UHPBestmove: "depth 1",
		}
		return playGames(t, &cfg, games)
	}
	for i, r := range play(referee.Agent{Name: "uhp", Command: "uhp:" + bin + " play uhp"}, 2, referee.DefaultGrace) {
		if r.Ending != referee.EndWin && r.Ending != referee.EndDraw && r.Ending != referee.EndPlyCap || r.Plies < 10 {
			t.Errorf("game %d against our UHP mode: %s after %d plies: %s", i+1, r.Ending, r.Plies, r.Reason)
		}
	}
	for _, c := range []struct{ newgame, bestmove, ending, reason string }{
		{`echo "$arg"`, "wQ", string(referee.EndBad), "illegal move"},
		{`echo "$arg"`, "err no idea", string(referee.EndBad), "was answered \"err no idea\""},
		{`echo "err Invalid game"`, "wQ", string(referee.EndBad), "was answered \"err Invalid game\""},
		{`echo "$arg"`, "", string(referee.EndTime), "gave no move"},
	} {
		cases := "    newgame) " + c.newgame + "; echo ok ;;\n"
		if c.bestmove != "" {
			cases += "    bestmove) echo \"" + c.bestmove + "\"; echo ok ;;\n"
		}
		r := play(referee.Agent{Name: "fake", Command: "uhp:" + fakeEngine(t, "echo 'id fake'\necho ok\n", cases)}, 1, time.Second)[0]
		wantLoss(t, r, c.ending, c.reason, "a fake engine answering "+c.bestmove+" to bestmove")
	}
}

// TestUHPExport plays a match of Hive's base game from openings, both colours, and reads
// each game's UHP game string back: the same moves as its referee record, ply by ply.
func TestUHPExport(t *testing.T) {
	bin := realGames(t, "plays games of Hive")
	base := baseHive(t)
	cfg := referee.Config{
		Game: base, Games: 4, Mode: gamefile.Single, Seconds: 0.2, MaxPlies: 60, Parallel: 2,
		Agents: [2]referee.Agent{{Name: "random", Command: bin + " play -player random"}, {Name: "engine", Command: bin + " play"}},
		Out:    t.TempDir(), Grace: referee.DefaultGrace, Kinds: agentKinds, Setup: "rules=base",
		Openings: [][]string{{"wS1", "bG1 -wS1"}, {"wA1", "bB1 wA1/", "wQ -wA1"}},
	}
	var stdout bytes.Buffer
	if _, err := referee.Run(context.Background(), cfg, &stdout); err != nil {
		t.Fatal(err)
	}
	for n := 1; n <= cfg.Games; n++ {
		recLines, err := gamefile.ReadLinesUpTo(referee.RecordPath(&cfg, n), gamefile.MaxRecordBytes)
		if err != nil {
			t.Fatal(err)
		}
		m, plies, err := referee.ReadRecord([]rules.Game{hive.Game{}}, "record", recLines, -1)
		if err != nil {
			t.Fatalf("game %d: %v", n, err)
		}
		data, err := os.ReadFile(referee.UHPPath(&cfg, n))
		if err != nil {
			t.Fatal(err)
		}
		g, err := hive.ParseGameString(strings.TrimSpace(string(data)))
		if err != nil {
			t.Fatalf("game %d: %q: %v", n, data, err)
		}
		if g.Plies() != plies {
			t.Errorf("game %d: %d moves in the UHP game string, %d plies in the record", n, g.Plies(), plies)
		}
		if got, want := g.GameString(), m.(rules.UHPMatch).UHPGameString(); got != want {
			t.Errorf("game %d: the UHP export reads back as\n%s\nthe record replays to\n%s", n, got, want)
		}
		uhpLines, err := gamefile.ReadLines(referee.UHPPath(&cfg, n))
		if err != nil {
			t.Fatal(err)
		}
		sameReplay(t, []rules.Game{hive.Game{}}, recLines, uhpLines)
		checkPage(t, referee.UHPPath(&cfg, n), plies)
		// homework render draws the same picture from either, at any ply.
		for _, ply := range []string{"0", "5", "-1"} {
			var a, b, stderr bytes.Buffer
			if RenderMain(games.Judges, []string{"-ply", ply, referee.RecordPath(&cfg, n)}, &a, &stderr) != 0 ||
				RenderMain(games.Judges, []string{"-ply", ply, referee.UHPPath(&cfg, n)}, &b, &stderr) != 0 {
				t.Fatalf("game %d, ply %s: render: %s", n, ply, stderr.String())
			}
			if a.String() != b.String() || !strings.Contains(a.String(), "<svg") {
				t.Errorf("game %d, ply %s: the record's picture and the UHP export's differ", n, ply)
			}
		}
	}
}

// sameReplay wants referee.ReplayAny to replay a referee record and its standard export
// alike: the same moves, as logged, by the same sides, through the same positions.
func sameReplay(t *testing.T, judges []rules.Game, record, export []gamefile.Line) {
	t.Helper()
	type step struct {
		Move  string
		Side  int
		Board string
	}
	replay := func(lines []gamefile.Line) (rules.Game, []step) {
		var steps []step
		g, _, err := referee.ReplayAny(judges, "file", lines, func(k int, m rules.Match, p *referee.RecordedPly) {
			s := step{Board: strings.Join(m.Render(), "\n")}
			if p != nil {
				s.Move, s.Side = p.Move, p.Side
			}
			steps = append(steps, s)
		})
		if err != nil {
			t.Fatal(err)
		}
		return g, steps
	}
	gr, a := replay(record)
	ge, b := replay(export)
	if diff := cmp.Diff(a, b); diff != "" {
		t.Errorf("the record and its export replay differently (-record +export):\n%s", diff)
	}
	if gr.Name() != ge.Name() || fmt.Sprintf("%T", gr) != fmt.Sprintf("%T", ge) {
		t.Errorf("the record is played by %T, its export by %T", gr, ge)
	}
}

// checkPage wants `homework render -format html` to make a replay page of the game file
// path with a step for its start and each of its moves.
func checkPage(t *testing.T, path string, moves int) {
	t.Helper()
	out := filepath.Join(t.TempDir(), "page.html")
	var stdout, stderr bytes.Buffer
	if code := RenderMain(games.Judges, []string{"-o", out, path}, &stdout, &stderr); code != 0 {
		t.Fatalf("render -o page.html %s: exit %d: %s", path, code, stderr.String())
	}
	data, err := replay.Read(out)
	if err != nil {
		t.Fatal(err)
	}
	if len(data.Games) != 1 || len(data.Games[0].Plies) != moves+1 {
		t.Errorf("%s: the page has %d games, %d steps; want 1 and %d", path, len(data.Games), len(data.Games[0].Plies), moves+1)
	}
}

// playGames plays games 1 to n of the match cfg one at a time and returns their results.
func playGames(t *testing.T, cfg *referee.Config, n int) []referee.Result {
	t.Helper()
	var results []referee.Result
	for g := 1; g <= n; g++ {
		r, err := referee.PlayGame(context.Background(), cfg, g, &referee.Recorder{})
		if err != nil {
			t.Fatal(err)
		}
		results = append(results, r)
	}
	return results
}

// fakeEngine writes a shell script that prints greeting, then answers the commands it reads
// ("cmd arg" lines) by the case arms cases, and returns its path.
func fakeEngine(t *testing.T, greeting, cases string) string {
	t.Helper()
	script := filepath.Join(t.TempDir(), "engine.sh")
	body := "#!/bin/sh\n" + greeting + "while read cmd arg; do\n  case $cmd in\n" + cases + "  esac\ndone\n"
	if err := os.WriteFile(script, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	return script
}

// wantLoss fails unless agent A lost game r with ending and a reason containing reason.
func wantLoss(t *testing.T, r referee.Result, ending, reason, what string) {
	t.Helper()
	if string(r.Ending) != ending || r.Winner != 1 || !strings.Contains(r.Reason, reason) {
		t.Errorf("%s: winner %d, %s: %s; want B to win, %s, %q", what, r.Winner, r.Ending, r.Reason, ending, reason)
	}
}

// realGames skips a test that plays real games (what, for the message) in -short mode, and
// returns the umbrella binary it plays them with.
func realGames(t *testing.T, what string) string {
	t.Helper()
	if testing.Short() {
		t.Skip(what)
	}
	bin, err := homeworkBinary()
	if err != nil {
		t.Fatal(err)
	}
	return bin
}

// baseHive is Hive's base game, as -setup rules=base gives it.
func baseHive(t *testing.T) rules.Game {
	t.Helper()
	g, err := hive.Game{}.Configure("rules=base")
	if err != nil {
		t.Fatal(err)
	}
	return g
}
