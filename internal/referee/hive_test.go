package referee_test

// Hive through the referee: whole games between fake agents (this test binary, see
// fakeAgent, which hands Hive inputs to hiveMove), the -setup flag, and the points that a
// scoring game leaves in records and summaries.

import (
	"bytes"
	"context"
	"fmt"
	"hash/fnv"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"gameagents/internal/command/homework"
	"gameagents/internal/gamefile"
	"gameagents/internal/halma"
	"gameagents/internal/hive"
	"gameagents/internal/referee"
	"gameagents/internal/rules"
)

// isHive reports whether a fake agent's input.txt is Hive's.
func isHive(lines []gamefile.Line) bool {
	name, _ := gamefile.Recognize("input.txt", lines)
	return name == hive.Game{}.Name()
}

// hiveMove is a fake agent's move for a Hive input.txt, by the reference rules: a
// strict-legal move if there is one, else a loose-legal one, else PASS. Modes: "random"
// picks one at random, seeded by the position so that a match plays the same every time;
// "greedy" the first that most increases its points over the opponent's; any other mode
// the first.
func hiveMove(mode string, lines []gamefile.Line) ([]string, error) {
	in, err := hive.ParseInput("input.txt", lines)
	if err != nil {
		return nil, err
	}
	p := in.Position()
	moves := p.ReferenceMoves(hive.Strict)
	if moves[0].Kind == hive.Pass {
		moves = p.ReferenceMoves(hive.Loose)
	}
	mv := moves[0]
	switch mode {
	case "random":
		// Seeded by the position, not by line 3: the time left differs from run to run.
		h := fnv.New64a()
		for _, l := range lines {
			if l.Num != 3 {
				io.WriteString(h, l.Text+"\n")
			}
		}
		mv = moves[rand.New(rand.NewPCG(h.Sum64(), 1)).IntN(len(moves))]
	case "greedy":
		me := p.Mover
		best := -1 << 30
		for _, cand := range moves {
			after := p.Clone()
			after.Apply(cand)
			pts := after.Points()
			if v := pts[me] - pts[1-me]; v > best {
				best, mv = v, cand
			}
		}
	}
	return []string{p.Format(mv)}, nil
}

// readHiveSummary reads summary.tsv, whose header must be TSVHeader and the points columns.
func readHiveSummary(t *testing.T, out string) []summary {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(out, "summary.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	rows := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	header := referee.TSVHeader + "\t" + referee.TSVPointsColumns
	if rows[0] != header {
		t.Fatalf("summary.tsv header = %q, want %q", rows[0], header)
	}
	cols := strings.Split(header, "\t")
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

// TestHiveGames plays two whole games of Hive through referee.Run, a greedy agent against a
// random one: each ends by the rules (a surround or the move limit), with the winner the
// side with more points, and the points in the results, the records and summary.tsv. The
// 5×5 board brings the queens to the edge, where fewer pieces surround them, so that the
// games end in about 100 plies rather than at the move limit, 162.
func TestHiveGames(t *testing.T) {
	if testing.Short() {
		t.Skip("two whole games: a few seconds")
	}
	cfg := referee.Config{
		Game:     mustConfigure(t, "size=5"),
		Setup:    "size=5",
		Agents:   [2]referee.Agent{{Name: "greedy", Command: agent(t, "greedy")}, {Name: "random", Command: agent(t, "random")}},
		Games:    2,
		Mode:     gamefile.GameClock,
		Seconds:  300,
		MaxPlies: 1000,
		Parallel: 2,
		Grace:    referee.DefaultGrace,
		Out:      t.TempDir(),
	}
	var progress bytes.Buffer
	results, err := referee.Run(context.Background(), cfg, &progress)
	if err != nil {
		t.Fatalf("Run = %v\n%s", err, progress.String())
	}
	if len(results) != 2 {
		t.Fatalf("Run returned %d results, want 2", len(results))
	}
	rows := readHiveSummary(t, cfg.Out)
	for i, r := range results {
		if r.SideNames != [2]string{"LOWER", "UPPER"} || r.Side[r.First] != 0 {
			t.Errorf("game %d: sides %v, first agent %d plays side %d; want LOWER, UPPER with LOWER first", i+1, r.SideNames, r.First, r.Side[r.First])
		}
		if r.Ending != referee.EndWin && r.Ending != referee.EndDraw {
			t.Errorf("game %d: kind %q (%s), want a win or a draw by the rules", i+1, r.Ending, r.Reason)
		}
		if !strings.Contains(r.Reason, "queen is surrounded") && !strings.Contains(r.Reason, "move limit (81 moves each)") {
			t.Errorf("game %d: reason %q, want a surround or the move limit", i+1, r.Reason)
		}
		if r.Plies > 162 {
			t.Errorf("game %d: %d plies, more than 81 moves each", i+1, r.Plies)
		}
		if !r.Scored {
			t.Fatalf("game %d: the points were not recorded", i+1)
		}
		pts := r.Points
		if (r.Winner < 0) != (pts[0] == pts[1]) || (r.Winner >= 0 && pts[r.Winner] <= pts[1-r.Winner]) {
			t.Errorf("game %d: winner %d with points %v (%s); want the side with more points", i+1, r.Winner, pts, r.Reason)
		}
		if got := [2]string{rows[i]["points_a"], rows[i]["points_b"]}; got != [2]string{strconv.Itoa(pts[0]), strconv.Itoa(pts[1])} {
			t.Errorf("game %d: summary.tsv points %q, want %v", i+1, got, pts)
		}
		rec, err := os.ReadFile(filepath.Join(cfg.Out, fmt.Sprintf("game-%02d.txt", i+1)))
		if err != nil {
			t.Fatal(err)
		}
		wantPoints := fmt.Sprintf("\npoints: greedy (%s) %d, random (%s) %d\n", r.SideNames[r.Side[0]], pts[0], r.SideNames[r.Side[1]], pts[1])
		for _, want := range []string{"\nsetup: size=5\n", ") plays [PLACE ", "\nresult: ", wantPoints} {
			if !strings.Contains(string(rec), want) {
				t.Errorf("game-%02d.txt lacks %q:\n%s", i+1, want, rec)
			}
		}
	}
	var sum bytes.Buffer
	referee.PrintSummary(&sum, &cfg, results)
	mean := func(a int) float64 { return float64(results[0].Points[a]+results[1].Points[a]) / 2 }
	want := fmt.Sprintf("mean points per game: greedy %.2f, random %.2f", mean(0), mean(1))
	for _, w := range []string{"setup: size=5\n", "points greedy", "points random", want} {
		if !strings.Contains(sum.String(), w) {
			t.Errorf("PrintSummary lacks %q:\n%s", w, sum.String())
		}
	}
}

// TestHiveSetup plays a small configured game through Main: the setup reaches the agents'
// input.txt, the records and the summary.
func TestHiveSetup(t *testing.T) {
	games := []rules.Game{halma.Game{}, hive.Game{}}
	const setup = "size=7 pieces=q1,a1,g1"
	start := time.Now()
	// The ply cap keeps it short: what matters here is where the setup goes.
	out, stdout := runMain(t, games, "-game", "hive", "-setup", setup, "-a", agent(t, "greedy"), "-b", agent(t, "first"),
		"-name-a", "alpha", "-name-b", "beta", "-games", "1", "-plies", "10")
	t.Logf("10 plies of %s in %v", setup, time.Since(start))
	for _, want := range []string{"hive: 1 game, alpha vs beta, GAME 300s per side, ply cap 10, setup " + setup + ";",
		"\nsetup: " + setup + "\n", "mean points per game: alpha "} {
		if !strings.Contains(stdout, want) {
			t.Errorf("Main stdout lacks %q:\n%s", want, stdout)
		}
	}
	rec, err := os.ReadFile(filepath.Join(out, "game-01.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(rec), "\nsetup: "+setup+"\n") || !strings.Contains(string(rec), "\npoints: alpha (LOWER) ") {
		t.Errorf("game-01.txt lacks the setup or the points:\n%s", rec)
	}
	lines, err := gamefile.ReadLines(filepath.Join(out, "game-01", "agent-A", "input.txt"))
	if err != nil {
		t.Fatal(err)
	}
	in, err := hive.ParseInput("input.txt", lines)
	if err != nil {
		t.Fatalf("agent A's last input.txt: %v", err)
	}
	// Every piece of the setup is in hand or on the board: q1 a1 g1 a side, nothing else.
	pieces := in.Hand
	for _, st := range in.Stacks {
		for _, ch := range st {
			side := hive.Upper
			if ch >= 'a' {
				side, ch = hive.Lower, ch-'a'+'A'
			}
			pieces[side][strings.IndexByte(hive.Kinds, ch)]++
		}
	}
	want := [5]int{1, 0, 0, 1, 1} // Q B S G A
	if in.Geometry.N != 7 || pieces != [2][5]int{want, want} {
		t.Errorf("agent A's last input.txt: board %d, pieces %v; want 7, %v a side", in.Geometry.N, pieces, want)
	}
}

func TestSetupUsage(t *testing.T) {
	games := []rules.Game{halma.Game{}, hive.Game{}}
	tests := []struct {
		name string
		args []string
		want string // in stderr
	}{
		{"game without a setup", []string{"-game", "halma", "-setup", "size=9"},
			"referee: -setup: halma has no setup options (games that have them: hive)"},
		{"bad size", []string{"-game", "hive", "-setup", "size=99"},
			fmt.Sprintf(`referee: -setup "size=99": size=99: want a board size from 1 to %d`, hive.MaxSize)},
		{"no queen", []string{"-game", "hive", "-setup", "pieces=a3"},
			`referee: -setup "pieces=a3": pieces=a3: each side has exactly one queen: the list must hold q1`},
		{"unknown key", []string{"-game", "hive", "-setup", "board=9"},
			`referee: -setup "board=9": unknown key "board": want rules, size or pieces`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			args := append([]string{"-a", "x", "-b", "y"}, tt.args...)
			if code := homework.RefereeMain(games, args, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), tt.want) {
				t.Errorf("Main(%q) = %d, stderr %q; want 2, containing %q", args, code, stderr.String(), tt.want)
			}
		})
	}
	var stdout, stderr bytes.Buffer
	homework.RefereeMain(games, []string{"-h"}, &stdout, &stderr)
	if !strings.Contains(stdout.String(), "-setup") || !strings.Contains(stdout.String(), "size=13 pieces=q1,b2,s2,g2,a2") {
		t.Errorf("referee -h does not describe -setup:\n%s", stdout.String())
	}
}

func mustConfigure(t *testing.T, setup string) rules.Game {
	t.Helper()
	g, err := hive.Game{}.Configure(setup)
	if err != nil {
		t.Fatal(err)
	}
	return g
}
