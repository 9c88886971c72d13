package tournament

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"gameagents/internal/gamefile"
	"gameagents/internal/games"
	"gameagents/internal/referee"
)

// newTestTournament creates a tournament of n entries of game in a temporary directory.
func newTestTournament(t *testing.T, game string, n, k int) *Tournament {
	t.Helper()
	s := &Spec{Game: game, Mode: gamefile.Single, Seconds: 0.05, Games: k, Plies: 1000}
	for i := range n {
		s.Entries = append(s.Entries, Entry{Name: string(rune('a' + i)), Command: "/bin/true"})
	}
	tt, err := Create(t.TempDir(), s, Files{}, games.Judges)
	if err != nil {
		t.Fatal(err)
	}
	return tt
}

// fakeRunner decides every game by a rule, counts the games it plays, and fails after
// failAfter games when that is positive.
type fakeRunner struct {
	mu        sync.Mutex
	played    map[Game]int
	failAfter int
}

var errFake = errors.New("fake runner stopped")

func (f *fakeRunner) Play(ctx context.Context, g Game) (referee.Result, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.failAfter > 0 && len(f.played) >= f.failAfter {
		return referee.Result{}, errFake
	}
	if f.played == nil {
		f.played = map[Game]int{}
	}
	f.played[g]++
	// The lower entry wins odd games, even games are drawn.
	r := referee.Result{Game: g.N, Side: [2]int{(g.N + 1) % 2, g.N % 2}, First: 0, Winner: 0, Ending: referee.EndWin,
		Reason: "fake\twin", Plies: g.N, SideNames: [2]string{"BLACK", "WHITE"}}
	if g.N%2 == 0 {
		r.Winner, r.Ending = -1, referee.EndDraw
	}
	// Each agent's moves take 100·N + 10·i ms (i its move's index), A moving first: A makes
	// the odd plies, B the even.
	for ply := range g.N {
		a := ply % 2
		r.MoveCPU[a] = append(r.MoveCPU[a], time.Duration(100*g.N+10*len(r.MoveCPU[a]))*time.Millisecond)
	}
	return r, nil
}

func TestScheduleIDs(t *testing.T) {
	tt := newTestTournament(t, "reversi", 4, 4)
	sched := tt.Schedule()
	if len(sched) != 6*4 {
		t.Fatalf("Schedule() has %d games, want 24", len(sched))
	}
	seen := map[string]bool{}
	for i, g := range sched {
		if g.N != i/6+1 {
			t.Errorf("Schedule()[%d] = %v, want game %d of its pairing (game 1 of every pairing first)", i, g, i/6+1)
		}
		id := g.ID()
		if seen[id] {
			t.Errorf("ID %s twice", id)
		}
		seen[id] = true
		back, err := tt.ParseID(id)
		if err != nil || back != g {
			t.Errorf("ParseID(%q) = %v, %v, want %v", id, back, err, g)
		}
	}
	for _, bad := range []string{"", "1-2", "2-1-1", "1-1-1", "0-2-1", "1-5-1", "1-2-0", "1-2-5", "a-b-c", "1-2-3-4"} {
		if g, err := tt.ParseID(bad); err == nil {
			t.Errorf("ParseID(%q) = %v, want an error", bad, g)
		}
	}
}

func TestRunResumes(t *testing.T) {
	tt := newTestTournament(t, "reversi", 3, 4)
	f := &fakeRunner{failAfter: 5}
	if err := tt.Run(context.Background(), f, 2, nil); !errors.Is(err, errFake) {
		t.Fatalf("Run with a failing runner = %v, want %v", err, errFake)
	}
	done, missing, err := tt.Results()
	if err != nil || len(done) != 5 || len(missing) != 7 {
		t.Fatalf("Results() after 5 games = %d done, %d missing, %v; want 5, 7, nil", len(done), len(missing), err)
	}
	f.failAfter = 0
	if err := tt.Run(context.Background(), f, 2, nil); err != nil {
		t.Fatalf("Run again = %v, want nil", err)
	}
	for _, g := range tt.Schedule() {
		if f.played[g] != 1 {
			t.Errorf("game %s played %d times, want once", g.ID(), f.played[g])
		}
	}
	if err := tt.Run(context.Background(), f, 2, nil); err != nil || len(f.played) != 12 {
		t.Errorf("Run a third time = %v with %d games played, want nil and still 12", err, len(f.played))
	}
	o, ok, err := tt.ReadResult(Game{A: 0, B: 2, N: 3})
	want := Outcome{Game: Game{A: 0, B: 2, N: 3}, Sides: [2]string{"BLACK", "WHITE"}, First: 0, Winner: 0,
		Ending: referee.EndWin, Plies: 3, CPU: [2][]int{{300, 310}, {300}}, Reason: "fake win"}
	if !ok || err != nil {
		t.Errorf("ReadResult(1-3-3) = %v, %v, want ok", ok, err)
	}
	if diff := cmp.Diff(want, o); diff != "" {
		t.Errorf("ReadResult(1-3-3) differs (-want +got):\n%s", diff)
	}
}

func TestReportOfFakeResults(t *testing.T) {
	tt := newTestTournament(t, "reversi", 2, 4)
	if err := tt.Run(context.Background(), &fakeRunner{}, 1, nil); err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	if err := tt.Report(&sb); err != nil {
		t.Fatal(err)
	}
	// a wins games 1 and 3 and draws 2 and 4: 3 of 4, with the virtual draw 3.5 of 5:
	// 400·log10(3.5/1.5) = 147.2 between them, ±73.6; the difference's standard error is
	// 1/(c·√(5·0.7·0.3)) = 169.5, each rating's half of it, times 1.96: 166.
	for _, want := range []string{
		"reversi tournament: 2 entries, 4 games per pairing, SINGLE 0.05s a move, ply cap 1000; 4 of 4 games played\n",
		"a  .        2-2-0 3\nb  0-2-2 1  .\n",
		"     1      a      3      4  2-2-0  +74  ±166\n",
		"     2      b      1      4  0-2-2  -74  ±166\n",
		"likelihood of superiority: a over b 92.14% (2 wins, 0 losses; draws ignored)\n",
		// a's moves: 100; 200; 300, 310; 400, 410 ms. b's: 200; 300; 400, 410.
		"CPU a move, as the referee charged it (4 games)\n",
		"entry  moves  median    mean  longest\n",
		"    a      6  0.305s  0.287s   0.410s\n",
		"    b      4  0.350s  0.328s   0.410s\n",
	} {
		if !strings.Contains(sb.String(), want) {
			t.Errorf("Report() =\n%s\nwant it to contain\n%s", sb.String(), want)
		}
	}
}

func TestProgressLine(t *testing.T) {
	tt := newTestTournament(t, "reversi", 3, 2)
	var sb strings.Builder
	p := NewProgress(&sb, false)
	if err := tt.Run(context.Background(), &fakeRunner{}, 1, p); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(sb.String(), "\n"), "\n")
	if len(lines) != 7 {
		t.Fatalf("progress printed %d lines, want 7 (the start and each of 6 games):\n%s", len(lines), sb.String())
	}
	if want := "games 0/6; score (wins, draws half) a 0, b 0, c 0; time left unknown"; lines[0] != want {
		t.Errorf("first progress line = %q, want %q", lines[0], want)
	}
	if want := "games 6/6; score (wins, draws half) a 3, b 2, c 1; done"; lines[6] != want {
		t.Errorf("last progress line = %q, want %q", lines[6], want)
	}
	sb.Reset()
	p = NewProgress(&sb, true)
	p.Start(tt, nil)
	p.Finish()
	if got := sb.String(); !strings.HasPrefix(got, "\rgames 0/6;") || !strings.HasSuffix(got, "\x1b[K\n") {
		t.Errorf("redrawn progress = %q, want a carriage return, the line, erase to the end, and a newline at the end", got)
	}
}

func TestResultFileErrors(t *testing.T) {
	tt := newTestTournament(t, "reversi", 2, 2)
	g := Game{A: 0, B: 1, N: 1}
	good := "1-2-1\ta\tb\tBLACK\tWHITE\tA\tB\twin\t60\t-\t-\t5,7\t6\t00ff00ff00ff00ff\tWHITE has more discs"
	old2 := "1-2-1\ta\tb\tBLACK\tWHITE\tA\tB\twin\t60\t-\t-\t5,7\t6\tWHITE has more discs"
	old := "1-2-1\ta\tb\tBLACK\tWHITE\tA\tB\twin\t60\t-\t-\tWHITE has more discs"
	tests := []struct {
		name, line, want string
	}{
		{"good", good, ""},
		{"no moves", strings.Replace(good, "5,7\t6", "-\t-", 1), ""},
		{"written before the moves' times were kept", resultHeader1 + "\n" + old, ""},
		{"written before the moves' digest was kept", resultHeader2 + "\n" + old2, ""},
		{"old line under the new header", old, ":2: 12 fields, want 15"},
		{"digest", strings.Replace(good, "00ff00ff00ff00ff", "00FF00FF00FF00FF", 1), `:2: moves "00FF00FF00FF00FF", want 16 hex digits or -`},
		{"short digest", strings.Replace(good, "00ff00ff00ff00ff", "00ff", 1), `:2: moves "00ff", want 16 hex digits or -`},
		{"move time", strings.Replace(good, "5,7", "5,x", 1), `:2: cpu_a: move time "x"`},
		{"negative move time", strings.Replace(good, "\t6\t", "\t-6\t", 1), `:2: cpu_b: move time "-6"`},
		{"huge move time", strings.Replace(good, "5,7", "5,86400001", 1), `:2: cpu_a: move time "86400001"`},
		{"more moves than plies", strings.Replace(good, "\t60\t", "\t0\t", 1), `:2: cpu_a: 2 move times for 0 plies`},
		{"other game", strings.Replace(good, "1-2-1", "1-2-2", 1), ":2: the result of game 1-2-2"},
		{"other entry", strings.Replace(good, "\tb\t", "\tc\t", 1), ":2: the result of game 1-2-1 between a and c"},
		{"fields", "1-2-1\ta\tb", ":2: 3 fields, want 15"},
		{"winner", strings.Replace(good, "\tB\twin", "\tC\twin", 1), `:2: winner "C"`},
		{"kind", strings.Replace(good, "\twin\t", "\tlucky\t", 1), `:2: kind "lucky"`},
		{"draw with a winner", strings.Replace(good, "\twin\t", "\tdraw\t", 1), `:2: kind "draw" with winner "B"`},
		{"plies", strings.Replace(good, "\t60\t", "\t-3\t", 1), `:2: plies "-3"`},
		{"points", strings.Replace(good, "\t-\t-\t", "\t5\t99999999\t", 1), `:2: points "99999999"`},
		{"sides", strings.Replace(good, "WHITE\tA", "BLACK\tA", 1), `:2: sides "BLACK" and "BLACK"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := tt.ResultPath(g)
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			text := tc.line
			if !strings.HasPrefix(text, resultHeader1) && !strings.HasPrefix(text, resultHeader2) {
				text = resultHeader + "\n" + text
			}
			if err := os.WriteFile(path, []byte(text+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			_, ok, err := tt.ReadResult(g)
			if tc.want == "" {
				if err != nil || !ok {
					t.Errorf("ReadResult(%q) = %v, %v, want ok", tc.line, ok, err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), path+tc.want) {
				t.Errorf("ReadResult(%q) error = %v, want %q", tc.line, err, path+tc.want)
			}
		})
	}
}

func TestSpecErrors(t *testing.T) {
	good := "gameagents tournament 1\ngame reversi\ntime single 0.05\ngames 2\nplies 100\nentry a /bin/a\nentry b /bin/b x\n"
	tests := []struct {
		name, text, want string
	}{
		{"good", good, ""},
		{"good with files", strings.Replace(good, "entry a", "openings openings.txt\ncalibration calibration.txt\ngtp untimed\ngrace 900\nentry a", 1), ""},
		{"calibration elsewhere", good + "calibration /etc/calibration.txt\n", `spec:8: calibration "/etc/calibration.txt": want calibration.txt`},
		{"gtp timed", good + "gtp timed\n", `spec:8: gtp "timed": want untimed, ponder or both`},
		{"gtp ponder", strings.Replace(good, "entry a", "gtp untimed ponder\nentry a", 1), ""},
		{"grace negative", good + "grace -3\n", `spec:8: time "-3" must be a positive`},
		{"grace too long", good + "grace 100000\n", "spec: grace 100000, want 0 to 86400 seconds"},
		{"magic", strings.Replace(good, "tournament 1", "tournament 9", 1), "spec:1: not a tournament spec"},
		{"odd games", strings.Replace(good, "games 2", "games 3", 1), "spec: 3 games per pairing, want an even number"},
		{"games overflow", strings.Replace(good, "games 2", "games 99999999999999999999", 1), `spec:4: "99999999999999999999": want a whole number`},
		{"twice", good + "games 4\n", `spec:8: "games" again (first on line 4)`},
		{"unknown", good + "colour red\n", `spec:8: unknown key "colour"`},
		{"time", strings.Replace(good, "single 0.05", "single -1", 1), "spec:3: time \"-1\" must be a positive"},
		{"mode", strings.Replace(good, "single 0.05", "blitz 1", 1), `spec:3: time "blitz 1"`},
		{"one entry", strings.Replace(good, "entry b /bin/b x\n", "", 1), "spec: 1 entries, want at least 2"},
		{"same name", strings.Replace(good, "entry b", "entry a", 1), `spec: entry name "a" is given twice`},
		{"bad name", strings.Replace(good, "entry b", "entry b/c", 1), `spec: entry name "b/c"`},
		{"relative program", strings.Replace(good, "/bin/b", "bin/b", 1), `spec: entry b: the program "bin/b" is a relative path`},
		{"escape in a command", strings.Replace(good, "/bin/b", "/bin/b \x1b[2J", 1), `spec: entry b: the command: a control character (U+001B)`},
		{"long name", strings.Replace(good, "entry b", "entry "+strings.Repeat("b", 101), 1), "101 bytes long, want at most 100"},
		{"no command", strings.Replace(good, "entry b /bin/b x", "entry b", 1), "spec: entry b: empty command"},
		{"missing", strings.Replace(good, "plies 100\n", "", 1), `spec: no "plies" line`},
		{"too many", strings.Replace(good, "games 2", "games 10000", 1) + manyEntries(50), "games per pairing make more than"},
		{"gauntlet fits", strings.Replace(strings.Replace(good, "games 2", "games 10000", 1), "entry a", "format gauntlet\nentry a", 1) + manyEntries(50), ""},
		{"good sprt", strings.Replace(good, "entry a", "sprt 0 10 0.05 0.05\nentry a", 1), ""},
		{"good gauntlet sprt", strings.Replace(good, "entry a", "format gauntlet\nsprt -1.5 2.5 0.01 0.2\nentry a", 1) + "entry c /bin/c\n", ""},
		{"format", good + "format swiss\n", `spec:8: format "swiss": want gauntlet`},
		{"sprt fields", good + "sprt 0 10\n", `spec:8: sprt "0 10": want ELO0 ELO1 ALPHA BETA`},
		{"sprt number", good + "sprt 0 ten 0.05 0.05\n", `spec:8: sprt: "ten" is not a number`},
		{"sprt order", good + "sprt 10 0 0.05 0.05\n", "spec:8: sprt 10 0 0.05 0.05: elo0 10 and elo1 0: want elo0 < elo1"},
		{"sprt elo", good + "sprt 0 1000 0.05 0.05\n", "spec:8: sprt 0 1000 0.05 0.05: nElo 1000, want -500 to 500"},
		{"sprt nan", good + "sprt NaN 10 0.05 0.05\n", "spec:8: sprt NaN 10 0.05 0.05: nElo NaN"},
		{"sprt alpha", good + "sprt 0 10 0.5 0.05\n", "spec:8: sprt 0 10 0.5 0.05: alpha and beta must be above 0 and below 0.5"},
		{"sprt beta", good + "sprt 0 10 0.05 0\n", "spec:8: sprt 0 10 0.05 0: alpha and beta"},
		{"sprt twice", good + "sprt 0 10 0.05 0.05\nsprt 0 5 0.05 0.05\n", `spec:9: "sprt" again (first on line 8)`},
		{"sprt of three", good + "entry c /bin/c\nsprt 0 10 0.05 0.05\n", "spec: sprt with 3 entries: want two entries, or the gauntlet format"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, err := parseSpec("spec", gamefile.SplitLines(tc.text))
			if tc.want == "" {
				if err != nil {
					t.Fatalf("parseSpec(good) = %v", err)
				}
				if got := string(s.Format()); got != tc.text {
					t.Errorf("Format(parseSpec(%q)) = %q, want the same text", tc.text, got)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("parseSpec(%q) = %v, want an error containing %q", tc.text, err, tc.want)
			}
		})
	}
}

func manyEntries(n int) string {
	var sb strings.Builder
	for i := range n {
		sb.WriteString("entry e" + string(rune('A'+i%26)) + string(rune('a'+i/26)) + " /bin/e\n")
	}
	return sb.String()
}

// TestCreateCopiesFiles: the calibration file is copied beside the spec and given to every
// game's referee, with the grace and the GTP rule; a resumed tournament with another
// calibration file is refused, since its finished games were played with the first.
func TestCreateCopiesFiles(t *testing.T) {
	calib := filepath.Join(t.TempDir(), "calibration.txt")
	if err := os.WriteFile(calib, []byte("first\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s := &Spec{Game: "reversi", Mode: gamefile.Single, Seconds: 1, Games: 2, Plies: 100, GTPUntimed: true, Grace: 900,
		Entries: []Entry{{"a", "/bin/a"}, {"b", "gtp:/bin/b"}}}
	dir := t.TempDir()
	tt, err := Create(dir, s, Files{Calibration: calib}, games.Judges)
	if err != nil {
		t.Fatal(err)
	}
	cfg := tt.Config(tt.Schedule()[0])
	if data, err := os.ReadFile(cfg.Calibration); err != nil || string(data) != "first\n" {
		t.Errorf("Config().Calibration %q holds %q, %v, want the copy of %s", cfg.Calibration, data, err, calib)
	}
	if filepath.Dir(cfg.Calibration) != tt.Dir || !cfg.GTPUntimed || cfg.Grace != 900*time.Second {
		t.Errorf("Config() = calibration %q, untimed %v, grace %v, want the copy in %s, true, 15m0s", cfg.Calibration, cfg.GTPUntimed, cfg.Grace, tt.Dir)
	}
	back, err := Open(filepath.Join(dir, SpecName), games.Judges)
	if err != nil || back.Config(back.Schedule()[0]).Calibration != cfg.Calibration {
		t.Errorf("Open(spec) = %v, want the same calibration copy", err)
	}
	if err := os.WriteFile(calib, []byte("second\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Create(dir, s, Files{Calibration: calib}, games.Judges); err == nil || !strings.Contains(err.Error(), "another calibration file") {
		t.Errorf("Create with another calibration file = %v, want it refused", err)
	}
}

func TestCreateRefusesAnotherTournament(t *testing.T) {
	tt := newTestTournament(t, "reversi", 2, 2)
	s := tt.Spec
	s.Games = 4
	if _, err := Create(tt.Dir, &s, Files{}, games.Judges); err == nil || !strings.Contains(err.Error(), "holds another tournament") {
		t.Errorf("Create over another tournament = %v, want an error saying the directory holds another", err)
	}
	s.Games = 2
	if _, err := Create(tt.Dir, &s, Files{}, games.Judges); err != nil {
		t.Errorf("Create over the same tournament = %v, want nil (resume)", err)
	}
}

// scriptedRunner plays each game as its script says.
type scriptedRunner map[int]referee.Result

func (s scriptedRunner) Play(_ context.Context, g Game) (referee.Result, error) {
	r := s[g.N]
	r.Game, r.Side, r.SideNames, r.Plies = g.N, [2]int{(g.N + 1) % 2, g.N % 2}, [2]string{"BLACK", "WHITE"}, 20
	return r, nil
}

// TestReportRepeatsAndForfeits: a game that repeats an earlier one of the same agents on
// the same sides, move for move, is reported and counted once; the forfeits table counts
// each entry's games lost on time, with no output and with bad output, and marks an entry
// that forfeited every game.
func TestReportRepeatsAndForfeits(t *testing.T) {
	tt := newTestTournament(t, "reversi", 2, 4)
	run := scriptedRunner{
		1: {Winner: 1, Ending: referee.EndBad, Reason: "illegal", Digest: 111},
		2: {Winner: 1, Ending: referee.EndTime, Reason: "late", Digest: 222},
		3: {Winner: 1, Ending: referee.EndBad, Reason: "illegal", Digest: 111}, // game 1 again: same sides, same first
		4: {Winner: 1, Ending: referee.EndNoOutput, Reason: "crashed", Digest: 444},
	}
	if err := tt.Run(context.Background(), run, 1, nil); err != nil {
		t.Fatal(err)
	}
	report := reportOf(t, tt)
	wantLines(t, "Report()", report,
		"warning: 1 of 4 games repeated an earlier game of the same agents on the same sides move for move (deterministic agents from one start: give -openings); the crosstable, the ranking and the Elo count each distinct game once",
		"a  .        0-0-3 0",
		"forfeits: games lost without playing them to the end",
		"  entry  games  on time  no output  bad output  disk",
		"      a      3        1          1           1     0  every game forfeited",
		"      b      3        0          0           0     0",
	)
	if distinct, repeats := distinctGames([]Outcome{{Digest: ""}, {Digest: ""}}); len(distinct) != 2 || repeats != 0 {
		t.Errorf("outcomes without digests: %d distinct, %d repeats; want both kept", len(distinct), repeats)
	}
}
