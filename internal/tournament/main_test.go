package tournament

import (
	"bytes"
	"fmt"
	"gameagents/internal/games"
	"gameagents/internal/replay"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// homework is the umbrella binary TestMain builds: its random and greedy players are the
// fast agents of the tests that play real games.
var homework string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "tournament-bin-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	homework = filepath.Join(dir, "homework")
	// GOPROXY=off: tests never use the network.
	cmd := exec.Command("go", "build", "-o", homework, "./homework")
	cmd.Dir = filepath.Join("..", "..")
	cmd.Env = append(os.Environ(), "GOPROXY=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "go build ./homework: %v\n%s", err, out)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// runHomework runs homework with args and returns its stdout; a failure fails the test.
func runHomework(t *testing.T, args ...string) string {
	t.Helper()
	cmd := exec.Command(homework, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("homework %s: %v\nstderr:\n%s", strings.Join(args, " "), err, stderr.String())
	}
	return stdout.String()
}

// tournamentFlags define a small tournament of our fast players.
func tournamentFlags(game string, k int, extra ...string) []string {
	args := []string{"-game", game, "-single", "0.05", "-games", fmt.Sprint(k),
		"-agent", "random=" + homework + " play -player random",
		"-agent", "greedy=" + homework + " play -player greedy"}
	return append(args, extra...)
}

// TestPlanMatchesRun plays a tournament in process, then the same tournament by its plan's
// lines through each runner, and wants from each a report byte for byte the in-process one
// and a replay page of each pairing holding its games.
func TestPlanMatchesRun(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 6 games of Reversi, and 6 more per runner")
	}
	flags := tournamentFlags("reversi", 2, "-agent", "random2="+homework+" play -player random -dir .")
	local := t.TempDir()
	runOut := runHomework(t, append([]string{"tournament", "run", "-parallel", "2", "-out", local}, flags...)...)
	want := runHomework(t, "tournament", "report", "-spec", filepath.Join(local, SpecName))
	if !strings.Contains(want, "6 of 6 games played") || !strings.HasSuffix(runOut, "\n\n"+want) {
		t.Fatalf("in-process run printed\n%s\nwant it to end with a blank line and its report of 6 games:\n%s", runOut, want)
	}
	runners := []struct {
		name string
		run  func(t *testing.T, plan, dir string)
	}{
		{"sh", runPlanBySh},
		{"parallel-ssh", runPlanByParallelSSH},
		{"rsync-copies", runPlanOnCopies},
	}
	for _, r := range runners {
		t.Run(r.name, func(t *testing.T) {
			distributed := t.TempDir()
			plan := runHomework(t, append([]string{"tournament", "plan", "-out", distributed}, flags...)...)
			if n := strings.Count(plan, "\n"); n != 6 {
				t.Fatalf("plan printed %d lines, want 6:\n%s", n, plan)
			}
			r.run(t, plan, distributed)
			spec := filepath.Join(distributed, SpecName)
			if again := runHomework(t, "tournament", "plan", "-spec", spec); again != "" {
				t.Errorf("plan after every line ran = %q, want nothing", again)
			}
			// The moves' CPU times differ from one play of the same games to the next:
			// all else, the moves counted included, must be the same bytes.
			if got := runHomework(t, "tournament", "report", "-spec", spec); withoutTimes(got) != withoutTimes(want) {
				t.Errorf("report of the planned games =\n%s\nwant the in-process run's (but the CPU times):\n%s", got, want)
			}
			checkPages(t, openTest(t, distributed))
		})
	}
}

// withoutTimes blanks the times of a report's CPU table (its lines after the table's
// title, up to a blank line, keep their first two columns: the entry and its moves).
func withoutTimes(report string) string {
	lines := strings.Split(report, "\n")
	inTable := false
	for i, l := range lines {
		switch {
		case strings.HasPrefix(l, "CPU a move"):
			inTable = true
		case l == "":
			inTable = false
		case inTable:
			if f := strings.Fields(l); len(f) >= 2 {
				lines[i] = f[0] + " " + f[1]
			}
		}
	}
	return strings.Join(lines, "\n")
}

// runPlanBySh runs the plan's lines one by one with /bin/sh.
func runPlanBySh(t *testing.T, plan, _ string) {
	for _, l := range strings.Split(strings.TrimSuffix(plan, "\n"), "\n") {
		if out, err := exec.Command("/bin/sh", "-c", l).CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", l, err, out)
		}
	}
}

// TestRefereeSchedule plays a pairing's games one by one through the referee and checks
// that game N has the colours, first mover and deal of game N of a referee match.
func TestRefereeSchedule(t *testing.T) {
	dir := t.TempDir()
	runHomework(t, append([]string{"tournament", "run", "-out", dir, "-plies", "2"}, tournamentFlags("halma", 4)...)...)
	tt := openTest(t, dir)
	// The referee's alternation: A plays side 0 first, side 1 second, side 1 first, side 0
	// second (Halma's sides are BLACK and WHITE).
	want := []struct {
		aSide string
		first int
	}{{"BLACK", 0}, {"WHITE", 1}, {"WHITE", 0}, {"BLACK", 1}}
	for n, w := range want {
		g := Game{A: 0, B: 1, N: n + 1}
		o, ok, err := tt.ReadResult(g)
		if !ok || err != nil {
			t.Fatalf("ReadResult(%s) = %v, %v", g.ID(), ok, err)
		}
		if o.Sides[0] != w.aSide || o.First != w.first {
			t.Errorf("game %s: A plays %s, first %d; want %s, first %d", g.ID(), o.Sides[0], o.First, w.aSide, w.first)
		}
		record, err := os.ReadFile(tt.RecordPath(g))
		if err != nil {
			t.Fatal(err)
		}
		wantAgent := fmt.Sprintf("plays %s: %s play -player random\n", w.aSide, homework)
		if !strings.Contains(string(record), wantAgent) {
			t.Errorf("record of game %s:\n%s\nwant random to play %s", g.ID(), record, w.aSide)
		}
	}

	dir = t.TempDir()
	runHomework(t, append([]string{"tournament", "run", "-out", dir, "-plies", "2"}, tournamentFlags("streky", 4, "-setup", "seed=5")...)...)
	tt = openTest(t, dir)
	for n, seed := range []int{5, 5, 6, 6} {
		record, err := os.ReadFile(tt.RecordPath(Game{A: 0, B: 1, N: n + 1}))
		if err != nil {
			t.Fatal(err)
		}
		if want := fmt.Sprintf("deal: seed=%d ", seed); !strings.Contains(string(record), want) {
			t.Errorf("record of game %d:\n%s\nwant %q", n+1, record, want)
		}
	}
}

func openTest(t *testing.T, dir string) *Tournament {
	t.Helper()
	tt, err := Open(filepath.Join(dir, SpecName), games.Judges)
	if err != nil {
		t.Fatal(err)
	}
	return tt
}

// TestPairingPages plays a small tournament, two games at a time, and wants in every
// pairing's directory a replay page whose games are the pairing's result files; and that
// report builds a page again when it is missing.
func TestPairingPages(t *testing.T) {
	dir := t.TempDir()
	flags := tournamentFlags("reversi", 2, "-plies", "12", "-agent", "random2="+homework+" play -player random -dir .")
	runHomework(t, append([]string{"tournament", "run", "-parallel", "2", "-out", dir}, flags...)...)
	tt := openTest(t, dir)
	checkPages(t, tt)
	lost := filepath.Join(tt.MatchDir(Game{A: 0, B: 2}), "replay.html")
	if err := os.Remove(lost); err != nil {
		t.Fatal(err)
	}
	runHomework(t, "tournament", "report", "-spec", filepath.Join(dir, SpecName))
	checkPages(t, tt)
}

// checkPages wants each pairing's replay page to hold the pairing's finished games, in
// game order, each with its result file's agents and sides, ending, reason and plies.
func checkPages(t *testing.T, tt *Tournament) {
	t.Helper()
	done, _, err := tt.Results()
	if err != nil {
		t.Fatal(err)
	}
	byPairing := map[string][]Outcome{}
	for _, o := range done {
		dir := tt.MatchDir(o.Game)
		byPairing[dir] = append(byPairing[dir], o)
	}
	if len(byPairing) == 0 {
		t.Fatal("the tournament has no results")
	}
	for dir, outcomes := range byPairing {
		d, err := replay.Read(filepath.Join(dir, "replay.html"))
		if err != nil {
			t.Errorf("pairing %s: %v", filepath.Base(dir), err)
			continue
		}
		if len(d.Games) != len(outcomes) {
			t.Errorf("pairing %s: the page has %d games, want the %d with results", filepath.Base(dir), len(d.Games), len(outcomes))
			continue
		}
		slices.SortFunc(outcomes, func(a, b Outcome) int { return a.Game.N - b.Game.N })
		for i, o := range outcomes {
			g := d.Games[i]
			names := [2]string{tt.Entries[o.Game.A].Name, tt.Entries[o.Game.B].Name}
			want := fmt.Sprintf("game %d: %s (%s) vs %s (%s), %s, %q, %d plies", o.Game.N, names[0], o.Sides[0], names[1], o.Sides[1], o.Ending, o.Reason, o.Plies)
			got := fmt.Sprintf("game %d: %s vs %s, %s, %q, %d plies", g.Number, g.Agents[0], g.Agents[1], g.Kind, reasonOf(g.Result), len(g.Plies)-1)
			if got != want {
				t.Errorf("pairing %s: the page has %s, want the result file's %s", filepath.Base(dir), got, want)
			}
		}
	}
}

// reasonOf is the reason of a record's result line: "result: alpha (BLACK) wins: REASON".
func reasonOf(result string) string {
	_, reason, _ := strings.Cut(strings.TrimPrefix(result, "result: "), ": ")
	return reason
}
