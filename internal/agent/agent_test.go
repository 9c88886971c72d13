package agent

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"gameagents/internal/clock"
	"gameagents/internal/gamefile"
)

func header(mode gamefile.Mode, secs float64) gamefile.Header {
	return gamefile.Header{Mode: mode, Seconds: secs, Time: gamefile.FormatSeconds(secs)}
}

// TestPlanMoveWithinTime: for every clock, the guard leaves the start-up reserve and the
// plan never exceeds the time given; GAME plans spread the clock over the moves left.
func TestPlanMoveWithinTime(t *testing.T) {
	for _, tc := range []struct {
		mode      gamefile.Mode
		secs      float64
		movesLeft int
	}{
		{gamefile.Single, 30, 0}, {gamefile.Single, 1, 0}, {gamefile.Single, 0.1, 0},
		{gamefile.Single, 0.01, 0}, {gamefile.Single, 1e-5, 0},
		{gamefile.GameClock, 300, 130}, {gamefile.GameClock, 300, 1}, {gamefile.GameClock, 5, 40},
		{gamefile.GameClock, 0.5, 10}, {gamefile.GameClock, 0.01, 3},
	} {
		p := PlanMove(header(tc.mode, tc.secs), tc.movesLeft, history{})
		total := time.Duration(tc.secs * float64(time.Second))
		if p.Soft > p.Hard || p.Hard+startupReserve > total && p.Hard > 0 {
			t.Errorf("PlanMove(%v %v, %d) = %+v, want Soft <= Hard <= %v - reserve", tc.mode, tc.secs, tc.movesLeft, p, total)
		}
		if tc.mode == gamefile.GameClock && tc.secs >= 5 && p.Hard > total/4 {
			t.Errorf("PlanMove(GAME %v, %d) hard %v, want at most a quarter of the clock", tc.secs, tc.movesLeft, p.Hard)
		}
	}
	a := PlanMove(header(gamefile.GameClock, 300), 130, history{})
	b := PlanMove(header(gamefile.GameClock, 300), 20, history{})
	if a.Soft >= b.Soft {
		t.Errorf("PlanMove soft with 130 moves left %v, with 20 %v: want fewer moves to get more time", a.Soft, b.Soft)
	}
}

// TestReadPlaydataTolerant: damaged, foreign or stale files are ignored with a message.
func TestReadPlaydataTolerant(t *testing.T) {
	good := "gameagents-playdata 1 halma\nmoves 3\nremaining 250.5\noverhead_ns 7000000\nseen 1\n"
	for _, tc := range []struct {
		name, content string
		secs          float64
		wantMoves     int
		wantGame      []string
		wantLog       string
	}{
		{"good", good, 240, 3, []string{"seen 1"}, ""},
		{"new game", good, 300, 0, nil, "earlier game"},
		{"other game", strings.Replace(good, "halma", "reversi", 1), 240, 0, nil, "want"},
		{"truncated", "gameagents-playdata 1 halma\nmoves 3\n", 240, 0, nil, "want"},
		{"garbage", "\x00\x01zzz", 240, 0, nil, "want"},
		{"bad number", strings.Replace(good, "moves 3", "moves x", 1), 240, 0, nil, "playdata.txt:2: "},
		{"moves at the integer maximum", strings.Replace(good, "moves 3", "moves 9223372036854775807", 1), 240, 0, nil, "playdata.txt:2: "},
		{"moves without its key", strings.Replace(good, "moves 3", "3", 1), 240, 0, nil, "playdata.txt:2: "},
		{"remaining NaN", strings.Replace(good, "250.5", "NaN", 1), 240, 0, nil, "playdata.txt:3: "},
		{"remaining Inf", strings.Replace(good, "250.5", "+Inf", 1), 240, 0, nil, "playdata.txt:3: "},
		{"remaining zero", strings.Replace(good, "250.5", "0", 1), 240, 0, nil, "playdata.txt:3: "},
		{"remaining hexadecimal", strings.Replace(good, "250.5", "0x1p8", 1), 240, 0, nil, "playdata.txt:3: "},
		{"huge overhead", strings.Replace(good, "7000000", "9000000000000000000", 1), 240, 0, nil, "playdata.txt:4: "},
		{"negative overhead", strings.Replace(good, "7000000", "-1", 1), 240, 0, nil, "playdata.txt:4: "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "playdata.txt")
			os.WriteFile(path, []byte(tc.content), 0o644)
			var log bytes.Buffer
			pd := readPlaydata(path, "halma", header(gamefile.GameClock, tc.secs), &log)
			if pd.history.moves != tc.wantMoves || strings.Join(pd.game, "|") != strings.Join(tc.wantGame, "|") {
				t.Errorf("readPlaydata = %+v, want %d moves and %q", pd, tc.wantMoves, tc.wantGame)
			}
			if !strings.Contains(log.String(), tc.wantLog) || (tc.wantLog == "" && log.Len() > 0) {
				t.Errorf("log = %q, want it to mention %q", log.String(), tc.wantLog)
			}
			if tc.wantLog != "" && !strings.HasSuffix(log.String(), "; ignored\n") {
				t.Errorf("log = %q, want it to say the file is ignored", log.String())
			}
		})
	}
}

// TestPlaydataRoundTrip: the history written after a move reads back whole, however long
// the game and however costly the move; a count at its bound stays there.
func TestPlaydataRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		name      string
		moves     int
		overhead  time.Duration
		wantMoves int
	}{
		{"first move", 0, 5 * time.Millisecond, 1},
		{"integer maximum", math.MaxInt, 5 * time.Millisecond, maxPlaydataMoves},
		{"huge overhead", 7, math.MaxInt64, 8},
		{"negative overhead", 7, -time.Second, 8},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "playdata.txt")
			h := header(gamefile.GameClock, 100)
			hist := history{moves: tc.moves}.next(h, tc.overhead, 0)
			if err := writePlaydata(path, "halma", hist, []string{"seen 1"}); err != nil {
				t.Fatal(err)
			}
			var log bytes.Buffer
			pd := readPlaydata(path, "halma", header(gamefile.GameClock, 90), &log)
			if log.Len() > 0 || pd.history.moves != tc.wantMoves || !inRange(pd.history) {
				t.Errorf("readPlaydata(written %+v) = %+v, log %q; want %d moves, in range", hist, pd.history, log.String(), tc.wantMoves)
			}
		})
	}
}

// TestPlanMoveOverheadBounded: the overhead playdata reports, at its largest, leaves a
// move at least half the plan it has without playdata.
func TestPlanMoveOverheadBounded(t *testing.T) {
	for _, secs := range []float64{300, 30, 5, 1, 0.1} {
		h := header(gamefile.GameClock, secs)
		none := PlanMove(h, 30, history{})
		worst := PlanMove(h, 30, history{moves: 5, remaining: secs, overhead: maxOverhead})
		if worst.Soft < none.Soft/2 || worst.Hard < none.Hard/2 {
			t.Errorf("PlanMove(GAME %v) with overhead %v = %+v, want at least half of %+v", secs, maxOverhead, worst, none)
		}
	}
}

// fakeGame is a game whose inputs are the header and the line fakeBody alone.
type fakeGame struct{}

// fakeHive is fakeGame under Hive's name, which Run picks for an input whose line 4 is HIVE
// (gamefile.Recognize).
type fakeHive struct{ fakeGame }

const fakeBody = "HIVE\n"

func (fakeGame) Name() string { return "fake" }
func (fakeHive) Name() string { return "hive" }
func (fakeGame) Parse(file string, lines []gamefile.Line) (Position, error) {
	h, body, err := gamefile.ParseHeader(file, lines)
	if err != nil {
		return nil, err
	}
	if len(body) != 1 || body[0].Text != strings.TrimSpace(fakeBody) {
		return nil, gamefile.Errorf(file, 4, "want HIVE alone")
	}
	return fakePosition{h}, nil
}
func (fakeGame) DefaultRate() float64        { return 1e6 }
func (fakeGame) Calibrate(nodes int64) int64 { return nodes }

func (fakeGame) Players() []string { return []string{"engine"} }

type fakePosition struct{ h gamefile.Header }

func (p fakePosition) Header() gamefile.Header { return p.h }
func (fakePosition) MovesLeft() int            { return 10 }
func (fakePosition) Play(s *Session) []string {
	s.Emit([]string{"MOVE", strings.Repeat("x", int(s.Nodes%7))})
	return []string{"memo"}
}

// TestReadCalibration: the calibrated rate is used; a missing or implausible one falls
// back to the default and says so.
func TestReadCalibration(t *testing.T) {
	for _, tc := range []struct {
		name, content string
		want          float64
		wantLog       string
	}{
		{"good", CalibrationVersion + "\nother.nodes_per_second 5\nfake.nodes_per_second 2500000\n", 2.5e6, ""},
		{"missing key", CalibrationVersion + "\n", 1e6, "no fake.nodes_per_second"},
		{"implausible", CalibrationVersion + "\nfake.nodes_per_second 1e30\n", 1e6, "implausible"},
		{"NaN", CalibrationVersion + "\nfake.nodes_per_second NaN\n", 1e6, "implausible"},
		{"two values", CalibrationVersion + "\nfake.nodes_per_second 2500000 3\n", 1e6, "implausible"},
		{"tab separated", CalibrationVersion + "\nfake.nodes_per_second\t2500000\n", 2.5e6, ""},
		{"indented", CalibrationVersion + "\n  fake.nodes_per_second  2500000\n", 2.5e6, ""},
		{"old version", "gameagents-calibration 0\nfake.nodes_per_second 5e6\n", 1e6, "want"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "calibration.txt")
			os.WriteFile(path, []byte(tc.content), 0o644)
			var log bytes.Buffer
			if got := ReadCalibration(path, fakeGame{}, &log); got != tc.want {
				t.Errorf("ReadCalibration = %v, want %v", got, tc.want)
			}
			if !strings.Contains(log.String(), tc.wantLog) || (tc.wantLog == "" && log.Len() > 0) {
				t.Errorf("log = %q, want it to mention %q", log.String(), tc.wantLog)
			}
		})
	}
}

// TestRunBadInputTouchesNothing: a malformed input exits 2 with file:line: problem and
// leaves output.txt and playdata.txt as they were.
func TestRunBadInputTouchesNothing(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "input.txt"), []byte("GAME\nX\n0\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "output.txt"), []byte("old\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "playdata.txt"), []byte("keep\n"), 0o644)
	var log bytes.Buffer
	if got := Run([]Game{fakeHive{}}, Options{Dir: dir, Log: &log, Clock: &clock.Fake{}}); got != ExitBadInput {
		t.Errorf("Run = %d, want %d", got, ExitBadInput)
	}
	if !strings.HasPrefix(log.String(), "input.txt:3: ") {
		t.Errorf("stderr = %q, want input.txt:3: ...", log.String())
	}
	for name, want := range map[string]string{"output.txt": "old\n", "playdata.txt": "keep\n"} {
		if got, _ := os.ReadFile(filepath.Join(dir, name)); string(got) != want {
			t.Errorf("%s = %q, want %q untouched", name, got, want)
		}
	}
}

// TestRunWritesMoveAndPlaydata: a good input gets its move and the playdata the game
// returned, behind the lifecycle's history.
func TestRunWritesMoveAndPlaydata(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "input.txt"), []byte("GAME\nX\n100\n"+fakeBody), 0o644)
	var log bytes.Buffer
	if got := Run([]Game{fakeHive{}}, Options{Dir: dir, Log: &log, Clock: &clock.Fake{}}); got != ExitOK {
		t.Fatalf("Run = %d, want 0; log %s", got, log.String())
	}
	out, _ := os.ReadFile(filepath.Join(dir, "output.txt"))
	if !strings.HasPrefix(string(out), "MOVE\n") {
		t.Errorf("output.txt = %q, want the move", out)
	}
	pd, _ := os.ReadFile(filepath.Join(dir, "playdata.txt"))
	if !strings.HasPrefix(string(pd), "gameagents-playdata 2 hive\nmoves 1\nremaining 100\noverhead_ns 0\nnode_time_permille 0\n") || !strings.HasSuffix(string(pd), "memo\n") {
		t.Errorf("playdata.txt = %q", pd)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 3 {
		t.Errorf("directory holds %d files, want input, output and playdata only", len(entries))
	}
}

// TestPlanMoveSurvivesLowClocks simulates whole games in which every move spends its full
// guard plus a start-up cost twice the reserve's estimate: the clock must last the moves
// the game announced, even when it starts small.
func TestPlanMoveSurvivesLowClocks(t *testing.T) {
	const startup = 10 * time.Millisecond
	for _, clockSecs := range []float64{300, 30, 5, 2} {
		for _, moves := range []int{40, 120} {
			left := time.Duration(clockSecs * float64(time.Second))
			for m := moves; m > 0; m-- {
				h := header(gamefile.GameClock, left.Seconds())
				p := PlanMove(h, m, history{})
				left -= max(p.Hard, startup)
				if left <= 0 {
					t.Fatalf("clock %vs, %d moves: ran out with %d moves to go", clockSecs, moves, m-1)
				}
			}
		}
	}
}

// TestRunUnknownPlayer: a player the recognised game does not have exits 2 and names the
// game's players, writing nothing.
func TestRunUnknownPlayer(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "input.txt"), []byte("GAME\nX\n100\n"+fakeBody), 0o644)
	var log bytes.Buffer
	if got := Run([]Game{fakeHive{}}, Options{Dir: dir, Player: "minimax", Log: &log, Clock: &clock.Fake{}}); got != ExitBadInput {
		t.Errorf("Run(player minimax) = %d, want %d", got, ExitBadInput)
	}
	if want := `hive has no player "minimax": want one of engine`; !strings.Contains(log.String(), want) {
		t.Errorf("stderr = %q, want %q", log.String(), want)
	}
	if _, err := os.Stat(filepath.Join(dir, "output.txt")); err == nil {
		t.Errorf("output.txt was written")
	}
}

func TestSeenRoundTrip(t *testing.T) {
	keys := []uint64{0, 1, 0xfedcba9876543210}
	lines := FormatSeen(keys)
	if lines[2] != "seen fedcba9876543210" {
		t.Errorf("FormatSeen = %q", lines)
	}
	got := ParseSeen(append([]string{"other line", "seen zz"}, lines...))
	if !slices.Equal(got, keys) {
		t.Errorf("ParseSeen(FormatSeen(%x)) = %x", keys, got)
	}
	many := make([]uint64, MaxSeen+5)
	for i := range many {
		many[i] = uint64(i)
	}
	if n := len(FormatSeen(many)); n != MaxSeen {
		t.Errorf("FormatSeen kept %d keys, want the last %d", n, MaxSeen)
	}
	// A playdata.txt holding more keys than FormatSeen writes (a megabyte of them) is
	// read as what FormatSeen would have kept: the search does not scan the rest.
	lines = append(FormatSeen(many[:5]), FormatSeen(many[5:])...)
	if got := ParseSeen(lines); !slices.Equal(got, many[5:]) {
		t.Errorf("ParseSeen of %d keys kept %d, want the last %d", len(lines), len(got), MaxSeen)
	}
}

// TestPlanMoveHugeClock: a clock above maxPlanSeconds (1e10 s, 1e300 s) is planned as
// maxPlanSeconds, never as the tiny or negative duration an overflow would give.
func TestPlanMoveHugeClock(t *testing.T) {
	for _, mode := range []gamefile.Mode{gamefile.Single, gamefile.GameClock} {
		capped := PlanMove(header(mode, maxPlanSeconds), 30, history{})
		if small := PlanMove(header(mode, 1000), 30, history{}); capped.Soft <= small.Soft {
			t.Fatalf("PlanMove(%v %v) = %+v, want more than with 1000 s (%+v)", mode, maxPlanSeconds, capped, small)
		}
		for _, secs := range []float64{9.3e9, 1e10, 1e300, math.MaxFloat64} {
			if got := PlanMove(header(mode, secs), 30, history{}); got != capped {
				t.Errorf("PlanMove(%v %v) = %+v, want %+v as for %v s", mode, secs, got, capped, maxPlanSeconds)
			}
		}
	}
}

// TestPlanSingleShare: a SINGLE move sized to a larger share of its time gets a larger
// search budget, the default share plans as PlanMove does, and the guard never moves.
func TestPlanSingleShare(t *testing.T) {
	h := header(gamefile.Single, 1)
	def := PlanMove(h, 30, history{})
	if got := planSingle(h, singleSoft); got != def {
		t.Errorf("planSingle(%v) = %+v, want PlanMove's %+v", singleSoft, got, def)
	}
	prev := time.Duration(0)
	for _, share := range []float64{0.05, 0.3, 0.6, 0.8, MaxSingleShare, 2} {
		p := planSingle(h, share)
		if p.Hard != def.Hard || p.Soft > p.Hard || p.Soft < prev {
			t.Errorf("planSingle(%v) = %+v, want Soft growing from %v up to Hard %v", share, p, prev, def.Hard)
		}
		prev = p.Soft
	}
}

// TestPlanSingleMargin: a SINGLE guard leaves at least 75 ms (a third of a shorter move)
// after it, and the course's second keeps its guard at 0.9 s less the reserve.
func TestPlanSingleMargin(t *testing.T) {
	ms := time.Millisecond
	for _, tc := range []struct {
		secs float64
		hard time.Duration
	}{
		{1, 892 * ms}, {0.67, 595 * ms}, {0.5, 425 * ms}, {0.42, 345 * ms}, {0.2, 133 * ms},
		{0.1, 67 * ms}, {0.05, 33 * ms}, {0.01, 1 * ms}, {0.005, 0},
	} {
		p := planSingle(header(gamefile.Single, tc.secs), 0.7)
		if d := p.Hard - tc.hard; d < -ms/2 || d > ms/2 || p.Soft > p.Hard {
			t.Errorf("SINGLE %v: plan %+v, want the guard at %v and Soft <= Hard", tc.secs, p, tc.hard)
		}
	}
}

// inRange reports whether a history read from playdata.txt is within the bounds the reader
// promises: what the plan may trust.
func inRange(h history) bool {
	return h.moves >= 0 && h.moves <= maxPlaydataMoves &&
		h.overhead >= 0 && h.overhead <= maxOverhead &&
		h.remaining > 0 && !math.IsInf(h.remaining, 0) &&
		(h.nodeTime == 0 || h.nodeTime >= minNodeTime && h.nodeTime <= maxNodeTime)
}

// TestMaxNodes: only a GAME move with a stretch above 1 may stretch its budget, by the
// stretch but under gameStretchGuard of the guard, and never below the budget.
func TestMaxNodes(t *testing.T) {
	plan := Plan{Soft: time.Second, Hard: 3 * time.Second}
	tests := []struct {
		name    string
		mode    gamefile.Mode
		plan    Plan
		stretch float64
		want    int64
	}{
		{"single", gamefile.Single, plan, 2, 1000},
		{"off", gamefile.GameClock, plan, 1, 1000},
		{"NaN", gamefile.GameClock, plan, math.NaN(), 1000},
		{"twice", gamefile.GameClock, plan, 2, 2000},
		{"under the guard", gamefile.GameClock, plan, 3, 2400},
		{"more than the most", gamefile.GameClock, Plan{Soft: time.Second, Hard: 10 * time.Second}, 9, 3000},
		{"guard at the plan", gamefile.GameClock, Plan{Soft: time.Second, Hard: time.Second}, 2, 1000},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := maxNodes(tc.mode, tc.plan, 1000, 1000, tc.stretch); got != tc.want {
				t.Errorf("maxNodes(%v, %+v, 1000 nodes, 1000/s, %v) = %d, want %d", tc.mode, tc.plan, tc.stretch, got, tc.want)
			}
		})
	}
}

// costlyGame is fakeHive whose positions predict their nodes' cost.
type costlyGame struct {
	fakeHive
	cost  float64
	nodes *int64 // the budget Play was given
}

type costlyPosition struct {
	fakePosition
	g costlyGame
}

func (g costlyGame) Parse(file string, lines []gamefile.Line) (Position, error) {
	p, err := g.fakeHive.Parse(file, lines)
	if err != nil {
		return nil, err
	}
	return costlyPosition{p.(fakePosition), g}, nil
}

func (p costlyPosition) NodeCost() float64 { return p.g.cost }
func (p costlyPosition) Play(s *Session) []string {
	*p.g.nodes = s.Nodes
	return p.fakePosition.Play(s)
}

// TestRunDividesBudgetByNodeCost: a NodeCoster's budget is the plan's divided by its
// cost, believed within [minNodeCost, maxNodeCost]; NaN is taken as the most costly.
func TestRunDividesBudgetByNodeCost(t *testing.T) {
	// SINGLE 1.0 at the default share and rate 1e6: 592,000 nodes for a cost of 1.
	const plain = 592_000
	for _, tc := range []struct {
		cost float64
		want int64
	}{
		{1, plain},
		{0.8, plain * 10 / 8},
		{1.6, plain * 10 / 16},
		{0.1, plain * 2},        // believed no lower than minNodeCost
		{50, plain / 2},         // nor higher than maxNodeCost
		{math.NaN(), plain / 2}, // nonsense costs the most
	} {
		dir := t.TempDir()
		os.WriteFile(filepath.Join(dir, "input.txt"), []byte("SINGLE\nX\n1.0\n"+fakeBody), 0o644)
		var nodes int64
		var log bytes.Buffer
		g := costlyGame{cost: tc.cost, nodes: &nodes}
		if got := Run([]Game{g}, Options{Dir: dir, Log: &log, Clock: &clock.Fake{}}); got != ExitOK {
			t.Fatalf("cost %v: Run = %d; log %s", tc.cost, got, log.String())
		}
		if d := nodes - tc.want; d < -1 || d > 1 {
			t.Errorf("cost %v: budget %d nodes, want %d", tc.cost, nodes, tc.want)
		}
	}
}

// TestBlendNodeTime: the first measure is taken as it is, later ones halve the distance
// (a geometric mean), every result within [minNodeTime, maxNodeTime], and a move that
// measured nothing leaves the history's value.
func TestBlendNodeTime(t *testing.T) {
	for _, tc := range []struct {
		old      int
		measured float64
		want     int
	}{
		{0, 0.8, 800},
		{0, 0, 0},
		{0, 10, maxNodeTime},
		{0, 0.1, minNodeTime},
		{800, 0.8, 800},
		{1000, 0.5, 707},
		{1000, 2, 1414},
		{600, 0.1, 548}, // the measure clamped to 500 first: sqrt(600*500)
		{900, math.NaN(), 900},
		{900, -1, 900},
		{900, math.Inf(1), 1342},
	} {
		if got := blendNodeTime(tc.old, tc.measured); got != tc.want {
			t.Errorf("blendNodeTime(%d, %v) = %d, want %d", tc.old, tc.measured, got, tc.want)
		}
	}
}

// TestMeasuredNodeTime: a node's time is measured only on a search long enough and that
// spent at least a third of its budget.
func TestMeasuredNodeTime(t *testing.T) {
	for _, tc := range []struct {
		name   string
		budget int64
		nodes  int64
		search time.Duration
		want   float64
	}{
		{"as planned", 9000, 9000, 900 * time.Millisecond, 1},
		{"twice as fast", 9000, 9000, 450 * time.Millisecond, 0.5},
		{"a third of the budget", 9000, 3000, 600 * time.Millisecond, 2},
		{"ended early", 9000, 2999, 600 * time.Millisecond, 0},
		{"too short", 9000, 9000, minMeasuredSearch - 1, 0},
		{"no nodes reported", 9000, 0, time.Second, 0},
	} {
		s := &Session{Nodes: tc.budget, planRate: 10000, analysis: Analysis{Nodes: tc.nodes}}
		if got := s.measuredNodeTime(tc.search); math.Abs(got-tc.want) > 1e-9 {
			t.Errorf("%s: measuredNodeTime = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// meteredGame is fakeHive whose moves search their whole node budget on a machine whose
// node takes perNode of CPU on the fake clock, and report it.
type meteredGame struct {
	fakeHive
	perNode time.Duration
	budgets *[]int64
	used    *[]time.Duration
}

type meteredPosition struct {
	fakePosition
	g meteredGame
}

func (g meteredGame) Parse(file string, lines []gamefile.Line) (Position, error) {
	p, err := g.fakeHive.Parse(file, lines)
	if err != nil {
		return nil, err
	}
	return meteredPosition{p.(fakePosition), g}, nil
}

func (p meteredPosition) Play(s *Session) []string {
	f := s.Guard.Clock.(*clock.Fake)
	start := f.T
	f.T += time.Duration(s.Nodes) * p.g.perNode
	*p.g.budgets = append(*p.g.budgets, s.Nodes)
	*p.g.used = append(*p.g.used, f.T-start)
	s.Emit([]string{"MOVE"})
	s.Report(Analysis{Nodes: s.Nodes})
	return nil
}

// TestRunFollowsMeasuredNodeTime: with -measured-speed, on a machine twice as fast as its
// calibration (or half as fast), a GAME move's budget follows the node time the moves
// before it measured, so that within a few moves a search spends about the time it was
// planned for, as it does on a machine as fast as calibrated; without it the budgets are
// the calibration's alone, and the node time is kept all the same.
func TestRunFollowsMeasuredNodeTime(t *testing.T) {
	const rate = 1e6 // fakeGame's default: 1 µs a node
	for _, tc := range []struct {
		name     string
		perNode  time.Duration
		measured bool // -measured-speed
	}{
		{"as calibrated", time.Microsecond, true},
		{"twice as fast", 500 * time.Nanosecond, true},
		{"half as fast", 2 * time.Microsecond, true},
		{"twice as fast, budgets by the calibration", 500 * time.Nanosecond, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			var budgets []int64
			var used []time.Duration
			g := meteredGame{perNode: tc.perNode, budgets: &budgets, used: &used}
			fake := &clock.Fake{}
			for move := range 6 {
				secs := 100 - float64(move)
				os.WriteFile(filepath.Join(dir, "input.txt"), []byte(fmt.Sprintf("GAME\nX\n%v\n", secs)+fakeBody), 0o644)
				var log bytes.Buffer
				if got := Run([]Game{g}, Options{Dir: dir, Log: &log, Clock: fake, MeasuredSpeed: tc.measured}); got != ExitOK {
					t.Fatalf("move %d: Run = %d; log %s", move, got, log.String())
				}
			}
			plan := PlanMove(header(gamefile.GameClock, 95), 10, history{}).Soft
			if want := int64(plan.Seconds() * rate); budgets[0] < want*9/10 || budgets[0] > want*11/10 {
				t.Errorf("first move's budget %d, want about %d: nothing measured yet", budgets[0], want)
			}
			last := used[len(used)-1]
			switch {
			case !tc.measured && (last < plan*4/10 || last > plan*6/10):
				t.Errorf("sixth move used %v without -measured-speed, want about half its plan %v: the calibration's budget alone (budgets %v)", last, plan, budgets)
			case tc.measured && (last < plan*8/10 || last > plan*12/10):
				t.Errorf("sixth move used %v, want about its plan %v (budgets %v)", last, plan, budgets)
			}
			pd, _ := os.ReadFile(filepath.Join(dir, "playdata.txt"))
			want := fmt.Sprintf("node_time_permille %d\n", int(1000*tc.perNode/time.Microsecond))
			if !strings.Contains(string(pd), want) {
				t.Errorf("playdata.txt = %q, want %q", pd, want)
			}
		})
	}
}
