package tournament

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"gameagents/internal/gamefile"
	"gameagents/internal/games"
	"gameagents/internal/referee"
	"gameagents/internal/sprt"
)

// newSPRTTournament creates a tournament of the named entries, with an SPRT of nElo 0
// against 10, k games per pairing at most.
func newSPRTTournament(t *testing.T, gauntlet bool, k int, names ...string) *Tournament {
	t.Helper()
	return newNamedTournament(t, gauntlet, k, &sprt.Test{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}, names...)
}

// newNamedTournament is a Reversi tournament of the entries names (each /bin/true), k games
// a pairing, with the test (nil: none).
func newNamedTournament(t *testing.T, gauntlet bool, k int, test *sprt.Test, names ...string) *Tournament {
	t.Helper()
	s := &Spec{Game: "reversi", Mode: gamefile.Single, Seconds: 0.05, Games: k, Plies: 1000, Gauntlet: gauntlet, SPRT: test}
	for _, name := range names {
		s.Entries = append(s.Entries, Entry{Name: name, Command: "/bin/true"})
	}
	tt, err := Create(t.TempDir(), s, Files{}, games.Judges)
	if err != nil {
		t.Fatal(err)
	}
	return tt
}

// ruleRunner decides every game by winner (0 A, 1 B, -1 a draw) and counts the games it
// starts. A game for which hold is true waits until its context is cancelled, as a game
// still running when its pairing's test decides would.
type ruleRunner struct {
	winner func(g Game) int
	hold   func(g Game) bool

	mu      sync.Mutex
	started map[Pairing]int
}

func (f *ruleRunner) Play(ctx context.Context, g Game) (referee.Result, error) {
	f.mu.Lock()
	if f.started == nil {
		f.started = map[Pairing]int{}
	}
	f.started[g.Pairing()]++
	f.mu.Unlock()
	if f.hold != nil && f.hold(g) {
		<-ctx.Done()
		return referee.Result{}, ctx.Err()
	}
	w := f.winner(g)
	r := referee.Result{Game: g.N, Side: [2]int{(g.N + 1) % 2, g.N % 2}, First: g.N % 2, Winner: w, Ending: referee.EndWin,
		Reason: "fake", Plies: 60, SideNames: [2]string{"BLACK", "WHITE"}}
	if w < 0 {
		r.Ending = referee.EndDraw
	}
	return r, nil
}

// writeResults writes pairing p's result files for games n = 1, 2, ... from the pattern
// (one letter a game, A's result: W, D or L; "." skips a game).
func writeResults(t *testing.T, tt *Tournament, p Pairing, pattern string) {
	t.Helper()
	for i, c := range pattern {
		winner := map[rune]int{'W': 0, 'D': -1, 'L': 1, '.': 2}[c]
		if winner == 2 {
			continue
		}
		kind := referee.EndWin
		if winner < 0 {
			kind = referee.EndDraw
		}
		o := Outcome{Game: Game{A: p.A, B: p.B, N: i + 1}, Sides: [2]string{"BLACK", "WHITE"}, Winner: winner, Ending: kind, Plies: 60, Reason: "written"}
		if err := tt.writeOutcome(&o); err != nil {
			t.Fatal(err)
		}
	}
}

// reportOf is t's report.
func reportOf(t *testing.T, tt *Tournament) string {
	t.Helper()
	var sb strings.Builder
	if err := tt.Report(&sb); err != nil {
		t.Fatal(err)
	}
	return sb.String()
}

// wantLines fails unless text holds every line of want, each whole.
func wantLines(t *testing.T, what, text string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains("\n"+text, "\n"+w+"\n") {
			t.Errorf("%s =\n%s\nwant the line\n%s", what, text, w)
		}
	}
}

// TestRunStopsAtSPRT: new wins every game, so every pair is WW and the test accepts H1
// after 74 pairs (sprt's TestSweep: ln 19 over ln(1 + s/√(1+s²)), s nElo 10 in pairs'
// units). Played one game at a time, the run starts exactly those 148 games of the 400
// allowed; run again, it starts none, plan lists none, and play-one declines.
func TestRunStopsAtSPRT(t *testing.T) {
	tt := newSPRTTournament(t, false, 400, "new", "main")
	f := &ruleRunner{winner: func(Game) int { return 0 }}
	var progress strings.Builder
	if err := tt.Run(context.Background(), f, 1, NewProgress(&progress, false)); err != nil {
		t.Fatal(err)
	}
	p := Pairing{0, 1}
	if f.started[p] != 148 {
		t.Errorf("Run started %d games, want 148 (74 pairs)", f.started[p])
	}
	lines := strings.Split(strings.TrimSuffix(progress.String(), "\n"), "\n")
	wantFirst := "games 0/400; score (wins, draws half) new 0, main 0; SPRT LLR +0.00 [-2.94, 2.94]; time left unknown"
	wantLast := "games 148/148; score (wins, draws half) new 148, main 0; SPRT H1 accepted after 74 pairs; done"
	if lines[0] != wantFirst || lines[len(lines)-1] != wantLast {
		t.Errorf("progress lines %q ... %q, want %q ... %q", lines[0], lines[len(lines)-1], wantFirst, wantLast)
	}
	if err := tt.Run(context.Background(), f, 1, nil); err != nil || f.started[p] != 148 {
		t.Errorf("Run again = %v with %d games started in all, want nil and still 148", err, f.started[p])
	}
	if plan, err := tt.Plan("hw"); err != nil || len(plan) != 0 {
		t.Errorf("Plan() = %q, %v, want no lines: the test has decided", plan, err)
	}
	line, err := tt.PlayOne(context.Background(), f, Game{A: 0, B: 1, N: 149})
	if want := "game 1-2-149 not played: the SPRT of new against main has decided, H1 accepted after 74 pairs"; err != nil || line != want {
		t.Errorf("PlayOne(1-2-149) = %q, %v, want %q", line, err, want)
	}
	wantLines(t, "Report()", reportOf(t, tt),
		"reversi tournament: 2 entries, at most 400 games per pairing (SPRT), SINGLE 0.05s a move, ply cap 1000; 148 of at most 400 games played",
		"SPRT new against main: H0 nElo 0, H1 nElo 10, alpha 0.05, beta 0.05",
		"  verdict  H1 accepted after 74 pairs: nElo 10 rather than 0",
		"  LLR      2.950, bounds [-2.944, 2.944]",
		"  used     74 pairs, games 1-148",
		"  W-D-L    148-0-0 (new's games)",
		"  pairs    LL 0, LD 0, DD/WL 0, WD 0, WW 74",
		"  score    100.0% [100.0%, 100.0%]",
		"  Elo      +inf [+inf, +inf] (logistic)",
		"  nElo     +inf [+inf, +inf] (normalized)",
		"  LOS      100.0%",
	)
}

// otherRunRunner is ruleRunner beside another run of the same tournament: each game it
// plays, the other run plays the next one and writes its result first, as a concurrent
// run holding that game's claim would.
type otherRunRunner struct {
	ruleRunner
	t  *testing.T
	tt *Tournament
}

func (f *otherRunRunner) Play(ctx context.Context, g Game) (referee.Result, error) {
	if next := (Game{A: g.A, B: g.B, N: g.N + 1}); next.N <= f.tt.Games {
		o := Outcome{Game: next, Sides: [2]string{"BLACK", "WHITE"}, Winner: f.winner(next), Ending: referee.EndWin, Plies: 60, Reason: "the other run's"}
		if err := f.tt.writeOutcome(&o); err != nil {
			f.t.Error(err)
		}
	}
	return f.ruleRunner.Play(ctx, g)
}

// TestRunCountsOtherRuns: two runs share a tournament, and every other game is the other
// run's. This run's own games never complete a pair, yet it stops at the test's decision
// (74 pairs of WW, as in TestRunStopsAtSPRT) having played its half of them, and its
// progress ends with the verdict.
func TestRunCountsOtherRuns(t *testing.T) {
	tt := newSPRTTournament(t, false, 400, "new", "main")
	f := &otherRunRunner{ruleRunner: ruleRunner{winner: func(Game) int { return 0 }}, t: t, tt: tt}
	var progress strings.Builder
	if err := tt.Run(context.Background(), f, 1, NewProgress(&progress, false)); err != nil {
		t.Fatal(err)
	}
	if got := f.started[Pairing{0, 1}]; got != 74 {
		t.Errorf("Run started %d games, want 74: games 1, 3, ..., 147, the others the other run's", got)
	}
	lines := strings.Split(strings.TrimSuffix(progress.String(), "\n"), "\n")
	if last, want := lines[len(lines)-1], "SPRT H1 accepted after 74 pairs; done"; !strings.HasSuffix(last, want) {
		t.Errorf("last progress line %q, want it to end %q", last, want)
	}
}

// TestGauntletSPRTStopsEachPairing: in a gauntlet new beats b in every game and loses
// every game to c, three games at a time. b's test accepts H1 after 74 pairs and c's H0
// after 71 (the mirror image: ln 19 over −ln(1 − s/√(1+s²))). A game past those is held
// until cancelled, so the run ends only if each decision cancels its pairing's games
// still running, and a pairing can have started at most parallel − 1 games past its
// decision (the others' workers, each held by one); none of them leaves a result.
func TestGauntletSPRTStopsEachPairing(t *testing.T) {
	tt := newSPRTTournament(t, true, 400, "new", "b", "c")
	need := map[Pairing]int{{0, 1}: 148, {0, 2}: 142}
	f := &ruleRunner{
		winner: func(g Game) int { return g.B - 1 }, // b (1) loses, c (2) wins
		hold:   func(g Game) bool { return g.N > need[g.Pairing()] },
	}
	const parallel = 3
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := tt.Run(ctx, f, parallel, nil); err != nil {
		t.Fatalf("Run = %v, want nil (every pairing decided, held games cancelled)", err)
	}
	done, _, err := tt.Results()
	if err != nil {
		t.Fatal(err)
	}
	results := map[Pairing]int{}
	for _, o := range done {
		results[o.Game.Pairing()]++
	}
	for p, n := range need {
		if results[p] != n || f.started[p] < n || f.started[p] > n+parallel-1 {
			t.Errorf("pairing %s: %d results, %d games started; want %d results and %d to %d started", p.ID(), results[p], f.started[p], n, n, n+parallel-1)
		}
	}
	report := reportOf(t, tt)
	wantLines(t, "Report()", report,
		"reversi gauntlet: new against each of 2 others, at most 400 games per pairing (SPRT), SINGLE 0.05s a move, ply cap 1000; 290 of at most 800 games played",
		"SPRT new against b: H0 nElo 0, H1 nElo 10, alpha 0.05, beta 0.05",
		"  verdict  H1 accepted after 74 pairs: nElo 10 rather than 0",
		"SPRT new against c: H0 nElo 0, H1 nElo 10, alpha 0.05, beta 0.05",
		"  verdict  H0 accepted after 71 pairs: nElo 0 rather than 10",
		"  W-D-L    0-0-142 (new's games)",
		"  pairs    LL 71, LD 0, DD/WL 0, WD 0, WW 0",
		"  LLR      -2.948, bounds [-2.944, 2.944]",
		// The crosstable: b and c do not meet.
		"new  .            148-0-0 148  0-0-142 0",
		"b    0-0-148 0    .            -",
		"c    142-0-0 142  -            .",
		// Each pairing's Elo with one virtual draw: 148.5 of 149 games is 400·log10(297)
		// = 989 between them, p = 148.5/149; the difference's standard error
		// 1/(ln 10/400·√(149·p(1−p))) = 246, times 1.96: 482.
		"         b    148  148-0-0    148  +989  ±482",
		"         c    142  0-0-142      0  -982  ±482",
	)
}

// TestSPRTPrefixRule: the test counts the pairs 1..k that are complete, in order, and
// stops at its decision; later results are reported but change nothing.
func TestSPRTPrefixRule(t *testing.T) {
	p := Pairing{0, 1}
	tt := newSPRTTournament(t, false, 400, "new", "main")
	// Pairs 1 and 2 whole, pair 3 missing game 5, pair 4 whole: two pairs count.
	writeResults(t, tt, p, "WWWD.LWW")
	wantLines(t, "Report()", reportOf(t, tt),
		"  verdict  continuing after 2 pairs: no bound crossed yet",
		"  used     2 pairs, games 1-4; 3 more games played wait for pair 3 (games 5 and 6)",
		"  W-D-L    3-1-0 (new's games)",
		"  pairs    LL 0, LD 0, DD/WL 0, WD 1, WW 1",
	)
	writeResults(t, tt, p, "....D")
	wantLines(t, "Report() with game 5", reportOf(t, tt),
		"  verdict  continuing after 4 pairs: no bound crossed yet",
		"  used     4 pairs, games 1-8",
	)

	// All -games played without a decision: the test is over, inconclusive.
	tt = newSPRTTournament(t, false, 8, "new", "main")
	writeResults(t, tt, p, "WWWDLDWL")
	wantLines(t, "Report() of all 8 games", reportOf(t, tt),
		"  verdict  continuing after 4 pairs: no bound crossed in all 8 games: inconclusive",
	)

	// 74 swept pairs decide; 26 lost pairs after them would pull the LLR far below, but
	// the verdict stands, with the LLR of its decision.
	tt = newSPRTTournament(t, false, 400, "new", "main")
	writeResults(t, tt, p, strings.Repeat("WW", 74)+strings.Repeat("LL", 26))
	wantLines(t, "Report()", reportOf(t, tt),
		"  verdict  H1 accepted after 74 pairs: nElo 10 rather than 0",
		"  LLR      2.950, bounds [-2.944, 2.944]",
		"  used     74 pairs, games 1-148; 52 more games played after the decision are not used",
		"  W-D-L    148-0-0 (new's games)",
	)
	if plan, err := tt.Plan("hw"); err != nil || len(plan) != 0 {
		t.Errorf("Plan() = %d lines, %v, want none: the test has decided", len(plan), err)
	}
}

// TestSPRTReportMixed: pairs of a mixed pattern, pair k the k mod 5th of WW, WD, WL, DD,
// LD, for 250 pairs. Five pairs hold LD 1, DD/WL 2, WD 1, WW 1: a score of 60%, nElo 96,
// far above 10, yet the LLR climbs only about 0.015 a pair (the Gaussian limit
// (s1 − s0)(2ŝ − s0 − s1)/2 in pairs' units), so the test decides after some 200 pairs.
// The report must show the verdict, LLR and estimates that sprt.Sequential reaches on the
// same pairs given one by one, and the counts of the pairs up to its decision.
func TestSPRTReportMixed(t *testing.T) {
	tt := newSPRTTournament(t, false, 500, "new", "main")
	cycle := [][2]sprt.Result{{sprt.Win, sprt.Win}, {sprt.Win, sprt.Draw}, {sprt.Win, sprt.Loss}, {sprt.Draw, sprt.Draw}, {sprt.Loss, sprt.Draw}}
	letter := map[sprt.Result]string{sprt.Win: "W", sprt.Draw: "D", sprt.Loss: "L"}
	var pattern strings.Builder
	seq := sprt.Sequential{Test: *tt.SPRT}
	for k := range 250 {
		pair := cycle[k%5]
		pattern.WriteString(letter[pair[0]] + letter[pair[1]])
		seq.Add(pair[0], pair[1])
	}
	writeResults(t, tt, Pairing{0, 1}, pattern.String())
	c, n := seq.Counts, seq.Counts.N()
	// n = 5q + r pairs: q cycles and the first r pairs of the next.
	q, r := n/5, n%5
	b := func(cond bool) int {
		if cond {
			return 1
		}
		return 0
	}
	if want := [5]int{0, q, 2*q + b(r > 2) + b(r > 3), q + b(r > 1), q + b(r > 0)}; c.Pairs != want {
		t.Fatalf("Sequential's pairs after %d = %v, want %v", n, c.Pairs, want)
	}
	e := c.Estimate()
	lower, upper := tt.SPRT.Bounds()
	wantLines(t, "Report()", reportOf(t, tt),
		fmt.Sprintf("  verdict  %v after %d pairs: nElo 10 rather than 0", seq.Verdict, n),
		fmt.Sprintf("  LLR      %.3f, bounds [%.3f, %.3f]", seq.LLR, lower, upper),
		fmt.Sprintf("  used     %d pairs, games 1-%d; %d more games played after the decision are not used", n, 2*n, 500-2*n),
		fmt.Sprintf("  W-D-L    %d-%d-%d (new's games)", c.Wins, c.Draws, c.Losses),
		fmt.Sprintf("  pairs    LL 0, LD %d, DD/WL %d, WD %d, WW %d", c.Pairs[1], c.Pairs[2], c.Pairs[3], c.Pairs[4]),
		fmt.Sprintf("  score    %.1f%% [%.1f%%, %.1f%%]", 100*e.Score, 100*e.ScoreLow, 100*e.ScoreHigh),
		fmt.Sprintf("  Elo      %+.1f [%+.1f, %+.1f] (logistic)", e.Elo, e.EloLow, e.EloHigh),
		fmt.Sprintf("  nElo     %+.1f [%+.1f, %+.1f] (normalized)", e.NElo, e.NEloLow, e.NEloHigh),
	)
	if seq.Verdict != sprt.AcceptH1 {
		t.Errorf("Sequential on the pattern = %v after %d pairs, want H1 accepted (a score of 60%%)", seq.Verdict, n)
	}
}

func TestGauntletSchedule(t *testing.T) {
	tt := newTestTournament(t, "reversi", 4, 4)
	tt.Gauntlet = true
	sched := tt.Schedule()
	if len(sched) != 3*4 {
		t.Fatalf("gauntlet Schedule() has %d games, want 12", len(sched))
	}
	for i, g := range sched {
		if want := (Game{A: 0, B: i%3 + 1, N: i/3 + 1}); g != want {
			t.Errorf("gauntlet Schedule()[%d] = %v, want %v", i, g, want)
		}
		if back, err := tt.ParseID(g.ID()); err != nil || back != g {
			t.Errorf("ParseID(%q) = %v, %v, want %v", g.ID(), back, err, g)
		}
	}
	for _, bad := range []string{"2-3-1", "3-4-2", "1-5-1", "1-2-5"} {
		if g, err := tt.ParseID(bad); err == nil {
			t.Errorf("gauntlet ParseID(%q) = %v, want an error", bad, g)
		}
	}
	if got := tt.Pairings(); len(got) != 3 || got[0] != (Pairing{0, 1}) || got[2] != (Pairing{0, 3}) {
		t.Errorf("gauntlet Pairings() = %v, want 1-2, 1-3, 1-4", got)
	}
}

// TestGauntletReport: without an SPRT a gauntlet's report has the crosstable and each
// pairing's line instead of the ranking.
func TestGauntletReport(t *testing.T) {
	tt := newNamedTournament(t, true, 4, nil, "a", "b", "c")
	if err := tt.Run(context.Background(), &fakeRunner{}, 2, nil); err != nil {
		t.Fatal(err)
	}
	report := reportOf(t, tt)
	// a wins games 1 and 3 of each pairing and draws 2 and 4, as in
	// TestReportOfFakeResults: +147 with ±332 (twice each rating's 74 and 166).
	wantLines(t, "Report()", report,
		"reversi gauntlet: a against each of 2 others, 4 games per pairing, SINGLE 0.05s a move, ply cap 1000; 8 of 8 games played",
		"a  .        2-2-0 3  2-2-0 3",
		"b  0-2-2 1  .        -",
		"c  0-2-2 1  -        .",
		"  opponent  games  W-D-L  score   Elo   95%",
		"         b      4  2-2-0      3  +147  ±332",
		"         c      4  2-2-0      3  +147  ±332",
	)
	if strings.Contains(report, "ranking") || strings.Contains(report, "SPRT") {
		t.Errorf("gauntlet Report() =\n%s\nwant no ranking and no SPRT", report)
	}
}

// TestReportPairs: without an SPRT the report gives each pairing's pairs of games (2k−1
// and 2k) and their estimates from the first entry's side; a pair with a game unplayed
// is left out, and a pairing with no pair has no block. The figures are worked here by
// hand: pairs WL, WW, DD score 1/2, 1, 1/2 a game, a mean of 2/3 and a variance of
// ((1/6)² + (1/3)² + (1/6)²)/3 = 1/18, so the interval is 2/3 ± 1.96·√(1/54).
func TestReportPairs(t *testing.T) {
	tt := newNamedTournament(t, true, 8, nil, "new", "x", "y")
	writeResults(t, tt, Pairing{0, 1}, "WLWWDD.L")
	writeResults(t, tt, Pairing{0, 2}, "W.W.")
	half := 1.96 * math.Sqrt(1.0/54)
	report := reportOf(t, tt)
	wantLines(t, "Report()", report,
		"new against x: 3 pairs",
		"  pairs    LL 0, LD 0, DD/WL 2, WD 0, WW 1",
		fmt.Sprintf("  score    66.7%% [%.1f%%, %.1f%%]", 100*(2.0/3-half), 100*(2.0/3+half)),
	)
	if strings.Contains(report, "new against y") {
		t.Errorf("Report() =\n%s\nwant no pairs block for y, whose pairs each lack a game", report)
	}
	if strings.Count(report, "\npairs: ") != 1 {
		t.Errorf("Report() =\n%s\nwant one pairs header", report)
	}
}

// TestSPRTDocsExample pins the report of docs/tournament.md's worked example: 300 pairs,
// LL 9, LD 61, DD 71, WL 60, WD 77, WW 22, spread evenly over the match (pair i is of the
// kind furthest behind its share after i pairs) and played in both orders by turns.
func TestSPRTDocsExample(t *testing.T) {
	tt := newSPRTTournament(t, false, 2000, "new", "main")
	kinds := []struct {
		pair  string
		count int
	}{{"LL", 9}, {"LD", 61}, {"DD", 71}, {"WL", 60}, {"WD", 77}, {"WW", 22}}
	used := make([]int, len(kinds))
	var pattern strings.Builder
	for i := 1; i <= 300; i++ {
		best, lag := 0, -1.0
		for k, kind := range kinds {
			if l := float64(kind.count*i)/300 - float64(used[k]); l > lag {
				best, lag = k, l
			}
		}
		used[best]++
		pair := kinds[best].pair
		if i%2 == 0 {
			pair = pair[1:] + pair[:1]
		}
		pattern.WriteString(pair)
	}
	writeResults(t, tt, Pairing{0, 1}, pattern.String())
	report := reportOf(t, tt)
	want := `SPRT new against main: H0 nElo 0, H1 nElo 10, alpha 0.05, beta 0.05
  verdict  continuing after 300 pairs: no bound crossed yet
  LLR      1.594, bounds [-2.944, 2.944]
  used     300 pairs, games 1-600
  W-D-L    181-280-139 (new's games)
  pairs    LL 9, LD 61, DD/WL 131, WD 77, WW 22
  score    53.5% [50.9%, 56.1%]
  Elo      +24.4 [+6.2, +42.7] (logistic)
  nElo     +37.2 [+9.4, +65.0] (normalized)
  LOS      99.6%
`
	if !strings.HasSuffix(report, "\n"+want) {
		t.Errorf("Report() =\n%s\nwant it to end with\n%s", report, want)
	}
	wantLines(t, "Report()", report,
		"     1    new    321    600  181-280-139  +12  ±14",
		"     2   main    279    600  139-280-181  -12  ±14")
}

// TestSPRTRefusesRepeatedOpenings: a sequential test would count the games of a repeated
// opening twice, so a tournament with a test refuses an openings file that repeats one, or
// that has fewer openings than its pairs of games (they would cycle); without a test the
// same files are taken, and the report names the cause of repeated games.
func TestSPRTRefusesRepeatedOpenings(t *testing.T) {
	file := filepath.Join(t.TempDir(), "openings.txt")
	if err := os.WriteFile(file, []byte("d3 c5\nc4 e3\nd3 c5\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	spec := func(test *sprt.Test) *Spec {
		return &Spec{Game: "reversi", Mode: gamefile.Single, Seconds: 0.05, Games: 6, Plies: 1000, SPRT: test,
			Entries: []Entry{{"a", "/bin/true"}, {"b", "/bin/true"}}}
	}
	_, err := Create(t.TempDir(), spec(&sprt.Test{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}), Files{Openings: file}, games.Judges)
	if err == nil || !strings.Contains(err.Error(), "opening 3 repeats opening 1") {
		t.Errorf("Create with an SPRT and a repeated opening = %v, want it refused naming openings 3 and 1", err)
	}
	few := spec(&sprt.Test{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05})
	few.Games = 8
	if err := os.WriteFile(file, []byte("d3 c5\nc4 e3\nf5 d6\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Create(t.TempDir(), few, Files{Openings: file}, games.Judges); err == nil || !strings.Contains(err.Error(), "3 openings for up to 8 games") {
		t.Errorf("Create with an SPRT of 8 games and 3 openings = %v, want it refused: the fourth pair would play opening 1 again", err)
	}
	if err := os.WriteFile(file, []byte("d3 c5\nc4 e3\nd3 c5\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tt, err := Create(t.TempDir(), spec(nil), Files{Openings: file}, games.Judges)
	if err != nil {
		t.Fatalf("Create without a test = %v, want the openings taken", err)
	}
	if got := tt.repeatCause(); !strings.Contains(got, "1 of the 3 openings repeat an earlier one, the first is opening 3, a repeat of opening 1") {
		t.Errorf("repeatCause() = %q, want it to name opening 3 repeating opening 1", got)
	}
	if err := os.WriteFile(file, []byte("d3 c5\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tt, err = Create(t.TempDir(), spec(nil), Files{Openings: file}, games.Judges)
	if err != nil {
		t.Fatal(err)
	}
	if got := tt.repeatCause(); got != "the openings cycle: 6 games a pairing, openings: 1" {
		t.Errorf("repeatCause() with one opening for 6 games = %q, want the openings said to cycle", got)
	}
}

// TestSPRTContinuesWhenGamesRaised: a test that reaches its most games undecided goes on
// where it stopped once the spec's games line is raised (docs/tournament.md): the run
// plays only the new games, and the report's test counts every pair of both runs.
func TestSPRTContinuesWhenGamesRaised(t *testing.T) {
	tt := newSPRTTournament(t, false, 20, "new", "main")
	f := &ruleRunner{winner: func(g Game) int { return g.N % 2 }} // every pair a win and a loss
	if err := tt.Run(context.Background(), f, 1, nil); err != nil {
		t.Fatal(err)
	}
	p := Pairing{0, 1}
	if f.started[p] != 20 {
		t.Fatalf("Run started %d games, want all 20", f.started[p])
	}
	wantLines(t, "Report()", reportOf(t, tt), "  used     10 pairs, games 1-20")
	path := filepath.Join(tt.Dir, "tournament.txt")
	spec, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	raised := strings.Replace(string(spec), "\ngames 20\n", "\ngames 40\n", 1)
	if raised == string(spec) {
		t.Fatalf("no line \"games 20\" in the spec:\n%s", spec)
	}
	if err := os.WriteFile(path, []byte(raised), 0o644); err != nil {
		t.Fatal(err)
	}
	more, err := Open(path, games.Judges)
	if err != nil {
		t.Fatal(err)
	}
	if err := more.Run(context.Background(), f, 1, nil); err != nil {
		t.Fatal(err)
	}
	if f.started[p] != 40 {
		t.Errorf("the raised run started %d games in all, want 40 (20 new)", f.started[p])
	}
	wantLines(t, "Report() after the raise", reportOf(t, more),
		"  used     20 pairs, games 1-40",
		"  pairs    LL 0, LD 0, DD/WL 20, WD 0, WW 0",
	)
}
