package course_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"gameagents/internal/cgroup"
	"gameagents/internal/course"
	"gameagents/internal/gamefile"
	"gameagents/internal/hive"
	"gameagents/internal/quoridor"
	"gameagents/internal/reversi"
	"gameagents/internal/rules"
	"gameagents/internal/streky"
)

// roomy is the limit of players that are not under test for their time: a loaded test
// machine must not make a good player lose on time (the limits have their own tests).
var roomy = course.Options{Limit: 20 * time.Second}

func requirePython(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed: course players need it")
	}
}

// start starts testdata/players/<game>/<file> in a fresh directory, closed at the end.
func start(t *testing.T, game, file string, opts course.Options) *course.Player {
	t.Helper()
	p, err := course.Start(context.Background(), game, filepath.Join("testdata", "players", game, file), t.TempDir(), opts)
	if err != nil {
		t.Fatalf("Start(%s, %s) = %v", game, file, err)
	}
	t.Cleanup(p.Close)
	return p
}

// judgeError is a move the game's judge refused.
type judgeError struct{ err error }

func (e judgeError) Error() string { return "judge: " + e.err.Error() }

// play drives a whole game of the judge between two course players (side 0, side 1) as
// the referee would, every move judged, and returns the plies played and the first error:
// the bridge's, or a judgeError.
func play(t *testing.T, g rules.Game, players [2]*course.Player) (int, error) {
	t.Helper()
	m := g.New(0)
	var last [2]string // each side's last move, as the judge logged it
	for ply := 0; ply < 2000; ply++ {
		if over, _, _ := m.Over(); over || !m.HasMove() {
			return ply, nil
		}
		side := m.ToMove()
		out, _, err := players[side].Move(context.Background(), m.Input(gamefile.Single, "1"), last[1-side])
		if err != nil {
			return ply, err
		}
		mv, _, err := m.Play(out, true)
		if err != nil {
			return ply, judgeError{err}
		}
		last[side] = mv
	}
	t.Fatalf("the game did not end in 2000 plies")
	return 0, nil
}

func configured(t *testing.T, g rules.Configurable, setup string) rules.Game {
	t.Helper()
	c, err := g.Configure(setup)
	if err != nil {
		t.Fatalf("Configure(%q) = %v", setup, err)
	}
	return c
}

// TestWholeGames plays each game's random and greedy course players against each other,
// from both sides (one with -short), and every move must be one the game's judge accepts.
func TestWholeGames(t *testing.T) {
	requirePython(t)
	tests := []struct {
		name     string
		game     string
		judge    rules.Game
		opts     course.Options
		minPlies int
	}{
		{"reversi", "reversi", reversi.Game{}, roomy, 50},
		{"reversi per move", "reversi", reversi.Game{}, course.Options{Limit: roomy.Limit, PerMove: true}, 50},
		{"hive", "hive", hive.Game{}, course.Options{Limit: roomy.Limit, Tournament: true}, 8},
		{"hive per move", "hive", hive.Game{}, course.Options{Limit: roomy.Limit, PerMove: true}, 8},
		{"streky", "streky", configured(t, streky.Game{}, "size=12x12 count=6"), course.Options{Limit: roomy.Limit, Tournament: true}, 4},
		{"quoridor", "quoridor", quoridor.Game{}, roomy, 8},
		{"quoridor with initial walls", "quoridor", configured(t, quoridor.Game{}, "size=7x7 walls=4 initial=3"), roomy, 6},
	}
	orders := [][2]string{{"randomplayer.py", "greedyplayer.py"}, {"greedyplayer.py", "randomplayer.py"}}
	if testing.Short() {
		orders = orders[:1] // -short: one game of each
	}
	for _, tt := range tests {
		for _, order := range orders {
			t.Run(tt.name+" "+order[0]+" first", func(t *testing.T) {
				players := [2]*course.Player{start(t, tt.game, order[0], tt.opts), start(t, tt.game, order[1], tt.opts)}
				plies, err := play(t, tt.judge, players)
				if err != nil {
					t.Fatalf("ply %d: %v", plies+1, err)
				}
				if plies < tt.minPlies {
					t.Errorf("the game ended after %d plies, want at least %d", plies, tt.minPlies)
				}
			})
		}
	}
}

// TestBrokenPlayers plays each broken player against a good one and checks the exact
// reason it loses with.
func TestBrokenPlayers(t *testing.T) {
	requirePython(t)
	quick := course.Options{Limit: 200 * time.Millisecond, Grace: 2 * time.Second} // a grace a loaded machine cannot outrun: slow calls are judged by their time, not killed
	tests := []struct {
		name, game, file string
		broken           int // the side the broken player plays
		kind             course.Kind
		reason           string // the whole reason, or its start when prefix
		prefix           bool
	}{
		{"malformed reversi", "reversi", "malformed.py", 0, course.Malformed,
			"move() returned 'd3'; want (row, col) with ints 0 to 7, or None", false},
		{"malformed hive", "hive", "malformed.py", 1, course.Malformed,
			"move() returned ['q', 3, 6]; want [piece, oldP, oldQ, newP, newQ], [piece, None, None, newP, newQ] or []", false},
		{"malformed streky", "streky", "malformed.py", 0, course.Malformed,
			"play() returned [1, 2]; want [row, col, cardMatrix] (int row and col, a list of rows of ints 0 to 9) or []", false},
		{"malformed quoridor", "quoridor", "malformed.py", 1, course.Malformed,
			"make_move() returned (2, [[0, 0, 0, 1], [1, 0, 1, 1]]); want (1, [x, y]), (2, [o1, o2]) with two Obstacle objects, or None", false},
		{"exception", "reversi", "raises.py", 1, course.Exception,
			`move() raised an exception: File "raises.py", line 6, in move | return self.moves // 0 | ZeroDivisionError: integer division or modulo by zero`, false},
		{"a file opened by a relative path", "reversi", "opensfile.py", 0, course.Exception,
			`MyPlayer.__init__() raised an exception: File "opensfile.py", line 10, in __init__ | self.weights = open("weights.txt").read() | FileNotFoundError: [Errno 2] No such file or directory: 'weights.txt' (the player runs in its agent's directory, not beside player.py: open the files beside it with os.path.join(os.path.dirname(__file__), NAME); docs/course-players.md)`, false},
		{"slow constructor", "reversi", "slowinit.py", 0, course.Time, "MyPlayer.__init__() took ", true},
		{"slow move", "reversi", "slowmove.py", 1, course.Time, "move() took ", true},
		{"slow move behind forged clocks", "reversi", "forgesclock.py", 1, course.Time, "move() took ", true},
		{"hung move", "reversi", "hangs.py", 0, course.Time, "move() still running after 2.200 s of wall time, killed", false},
		{"dies", "reversi", "dies.py", 0, course.Died,
			"the Python process ended during move(): exit status 3; its last output: giving up", false},
	}
	judges := map[string]rules.Game{
		"reversi": reversi.Game{}, "hive": hive.Game{}, "quoridor": quoridor.Game{},
		"streky": configured(t, streky.Game{}, "size=12x12 count=6"),
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var players [2]*course.Player
			players[tt.broken] = start(t, tt.game, tt.file, quick)
			players[1-tt.broken] = start(t, tt.game, "randomplayer.py", roomy)
			began := time.Now()
			_, err := play(t, judges[tt.game], players)
			var e *course.Error
			if !errors.As(err, &e) {
				t.Fatalf("the game's error = %v, want a *course.Error", err)
			}
			if e.Kind != tt.kind {
				t.Errorf("Kind = %q, want %q (reason %q)", e.Kind, tt.kind, e.Reason)
			}
			if got := e.Reason; (tt.prefix && !strings.HasPrefix(got, tt.reason)) || (!tt.prefix && got != tt.reason) {
				t.Errorf("Reason = %q, want %q", got, tt.reason)
			}
			if tt.prefix && !strings.HasSuffix(e.Reason, "over the 0.200 s limit") {
				t.Errorf("Reason = %q, want it to end with the limit", e.Reason)
			}
			if d := time.Since(began); d > 10*time.Second {
				t.Errorf("the game took %v, want the failure found at once", d)
			}
			// The player stays failed.
			if _, _, again := players[tt.broken].Move(context.Background(), judges[tt.game].New(0).Input(gamefile.Single, "1"), ""); again != err {
				t.Errorf("Move after the failure = %v, want the same error %v", again, err)
			}
		})
	}
}

// TestIllegalMoveIsJudged: the bridge passes an illegal move on; the judge refuses it.
func TestIllegalMoveIsJudged(t *testing.T) {
	requirePython(t)
	players := [2]*course.Player{start(t, "reversi", "illegal.py", course.Options{}), start(t, "reversi", "randomplayer.py", roomy)}
	plies, err := play(t, reversi.Game{}, players)
	var je judgeError
	if !errors.As(err, &je) || plies != 0 || !strings.Contains(je.err.Error(), "illegal move: d5") {
		t.Fatalf("play = ply %d, %v; want the judge to refuse the first move d5 (board[3][3]) as illegal", plies+1, err)
	}
}

// TestStartFailures: a player that cannot even start says why.
func TestStartFailures(t *testing.T) {
	requirePython(t)
	tests := []struct {
		name, game, file string
		opts             course.Options
		kind             course.Kind // "" for a plain error
		reason           string      // its start
	}{
		{"syntax error", "reversi", "badsyntax.py", course.Options{}, course.Exception,
			`import badsyntax.py raised an exception: File "badsyntax.py", line 2 | def __init__(self, my_color, opponent_color) | SyntaxError: `},
		{"no class", "reversi", "noclass.py", course.Options{}, course.Broken, "noclass.py defines no class MyPlayer"},
		{"per move streky", "streky", "randomplayer.py", course.Options{PerMove: true}, "",
			"course: streky players cannot be built anew every move"},
		{"unknown game", "halma", "randomplayer.py", course.Options{}, "",
			`course: "halma" has no course player interface; the games that do: hive, quoridor, reversi, streky`},
		{"no file", "reversi", "missing.py", course.Options{}, "", "course: the player: stat "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := filepath.Join("testdata", "players", tt.game)
			if tt.game == "halma" {
				dir = filepath.Join("testdata", "players", "reversi")
			}
			p, err := course.Start(context.Background(), tt.game, filepath.Join(dir, tt.file), t.TempDir(), tt.opts)
			if err == nil {
				p.Close()
				t.Fatalf("Start = nil error, want %q", tt.reason)
			}
			var e *course.Error
			if isCourse := errors.As(err, &e); isCourse != (tt.kind != "") || (isCourse && e.Kind != tt.kind) {
				t.Errorf("Start = %#v, want kind %q", err, tt.kind)
			}
			if !strings.HasPrefix(err.Error(), tt.reason) {
				t.Errorf("Start = %q, want it to start with %q", err, tt.reason)
			}
		})
	}
}

// TestPrintSpam: a player printing thousands of lines a move plays a whole game; its
// output goes to the log, cut at the cap.
func TestPrintSpam(t *testing.T) {
	requirePython(t)
	var log bytes.Buffer
	const logCap = 10000
	players := [2]*course.Player{
		start(t, "reversi", "spam.py", course.Options{Limit: roomy.Limit, Log: &log, LogCap: logCap}),
		start(t, "reversi", "greedyplayer.py", roomy),
	}
	plies, err := play(t, reversi.Game{}, players)
	if err != nil || plies < 50 {
		t.Fatalf("play = %d plies, %v; want a whole game", plies, err)
	}
	players[0].Close() // the log is complete once the process is gone
	text := log.String()
	const note = "\n[course: the player's output reached the log's cap; the rest is dropped]\n"
	if !strings.HasPrefix(text, "thinking 0 [[") || !strings.HasSuffix(text, note) || len(text) != logCap+len(note) {
		t.Errorf("log = %d bytes starting %q, ending %q; want %d bytes of output and the note", len(text), gamefile.Clip(text), text[max(0, len(text)-80):], logCap)
	}
}

// TestStrekyJoinsAtStart: a course ŠTREKY player cannot join a game in progress.
func TestStrekyJoinsAtStart(t *testing.T) {
	requirePython(t)
	g := configured(t, streky.Game{}, "size=12x12 count=6")
	m := g.New(0)
	first := firstMove(t, m)
	if _, _, err := m.Play([]byte(streky.FormatMove(first)+"\n"), true); err != nil {
		t.Fatal(err)
	}
	p := start(t, "streky", "randomplayer.py", roomy)
	_, _, err := p.Move(context.Background(), m.Input(gamefile.Single, "1"), "") // the card is on the board, but not told
	want := fmt.Sprintf("a course ŠTREKY player learns the board only from the cards played, but its first position has %d covered cells, not the 0 of the opponent's last card: it must play from the start of the game", int(first.Card.Rows)*int(first.Card.Cols))
	var e *course.Error
	if !errors.As(err, &e) || e.Kind != course.Broken || e.Reason != want {
		t.Errorf("Move = %v, want a Broken error %q", err, want)
	}
}

// firstMove is a legal first move of a ŠTREKY game: the first card of the hand at 0,0.
func firstMove(t *testing.T, m rules.Match) streky.Move {
	t.Helper()
	in, err := streky.ParseInput("input.txt", gamefile.SplitLines(string(m.Input(gamefile.Single, "1"))))
	if err != nil {
		t.Fatal(err)
	}
	return streky.Move{Card: in.Position.Hands[0][0]}
}

// TestFrozenBetweenCalls: a player's processes, the child it left spinning included, are
// frozen between its calls: the child uses no CPU while the opponent thinks, and a call's
// CPU time is the player's processes' during the call.
func TestFrozenBetweenCalls(t *testing.T) {
	requirePython(t)
	if _, err := cgroup.Host(); err != nil {
		t.Skipf("no usable control groups here, so players are not frozen: %v", err)
	}
	dir := t.TempDir()
	p, err := course.Start(context.Background(), "reversi", filepath.Join("testdata", "players", "reversi", "spinner.py"), dir, course.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	m := reversi.Game{}.New(0)
	if _, _, err := p.Move(context.Background(), m.Input(gamefile.Single, "1"), ""); err != nil {
		t.Fatal(err)
	}
	pidText, err := os.ReadFile(filepath.Join(dir, "spinner.pid"))
	if err != nil {
		t.Fatal(err)
	}
	cpu := func() int64 { // the spinner's utime+stime in clock ticks
		stat, err := os.ReadFile("/proc/" + strings.TrimSpace(string(pidText)) + "/stat")
		if err != nil {
			t.Fatal(err)
		}
		f := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+2:]))
		u, _ := strconv.ParseInt(f[11], 10, 64)
		s, _ := strconv.ParseInt(f[12], 10, 64)
		return u + s
	}
	before := cpu()
	time.Sleep(300 * time.Millisecond) // the opponent's time
	if after := cpu(); after != before {
		t.Errorf("the spinner used %d ticks between the player's calls, want none", after-before)
	}
	_, spent, err := p.Move(context.Background(), m.Input(gamefile.Single, "1"), "")
	if err != nil {
		t.Fatal(err)
	}
	// The group runs from its thaw before the order to its freeze after the reply, a few
	// milliseconds more than the call's wall time: two processes on at most two cores.
	if !spent.Measured || spent.CPU > 2*spent.Wall+100*time.Millisecond || spent.Wall > time.Second {
		t.Errorf("the call spent %+v; want its CPU measured, at most two processes' time while it was thawed", spent)
	}
}
