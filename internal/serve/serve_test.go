package serve_test

// The web board's server over HTTP, as the page uses it, with opponents played in this
// process (an agent kind whose player answers a seeded choice among the picks): the
// checks on Host and Origin, whole games of every game to their end checked against the
// referee's records, an illegal move refused, take back, swap sides, hints, and idle tables
// closed.

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"gameagents/internal/gamefile"
	gocmp "github.com/google/go-cmp/cmp"

	"gameagents/internal/games"
	"gameagents/internal/referee"
	"gameagents/internal/render"
	"gameagents/internal/serve"
)

// pickerKind is an opponent in this process: it plays a pick chosen by a generator seeded
// with the ply, so the same game goes the same way.
var pickerKind = referee.AgentKind{
	Prefix: "picker:",
	Start: func(context.Context, *referee.Seat) (referee.Player, error) {
		return picker{}, nil
	},
}

type picker struct{}

func (picker) Move(_ context.Context, t *referee.Turn) (referee.Answer, error) {
	picks := t.Match.(render.Picker).Picks()
	rng := rand.New(rand.NewPCG(uint64(t.Ply), 7))
	return referee.Answer{Output: []byte(picks[rng.IntN(len(picks))].Output)}, nil
}
func (picker) Played(int, string) {}
func (picker) Close()             {}

// board is a running server and its address.
type board struct {
	t     *testing.T
	srv   *serve.Server
	url   string
	host  string
	agent string // the opponent tables are opened against
}

// newBoard serves the games against agents (the in-process picker when none is given).
func newBoard(t *testing.T, plies int, agents ...serve.Agent) *board {
	t.Helper()
	return newBoardWith(t, plies, nil, agents...)
}

// newBoardWith is newBoard with the configuration changed by change, when not nil.
func newBoardWith(t *testing.T, plies int, change func(*serve.Config), agents ...serve.Agent) *board {
	t.Helper()
	if len(agents) == 0 {
		agents = []serve.Agent{{Name: "picker", Command: "picker:"}}
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	cfg := serve.Config{
		Games: games.Judges, Engines: games.Agents, Kinds: referee.AgentKinds{pickerKind},
		Agents:  agents,
		Seconds: 1, HintSeconds: 0.05, AnalysisSeconds: 0.05, Out: t.TempDir(), Grace: referee.DefaultGrace, MaxPlies: plies,
	}
	if change != nil {
		change(&cfg)
	}
	srv, err := serve.New(cfg, ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewUnstartedServer(srv.Handler())
	hs.Listener.Close()
	hs.Listener = ln
	hs.Start()
	t.Cleanup(func() {
		srv.Close()
		hs.Close()
	})
	return &board{t: t, srv: srv, url: hs.URL, host: ln.Addr().String(), agent: agents[0].Name}
}

// post sends body as JSON and returns the status and the answer.
func (b *board) post(path string, body any) (int, string) {
	b.t.Helper()
	data, _ := json.Marshal(body)
	resp, err := http.Post(b.url+path, "application/json", bytes.NewReader(data))
	if err != nil {
		b.t.Fatal(err)
	}
	defer resp.Body.Close()
	text, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(text)
}

func (b *board) open(game, setup string, side int) string {
	b.t.Helper()
	status, text := b.post("/api/new", map[string]any{"game": game, "setup": setup, "side": side, "agent": b.agent})
	if status != http.StatusOK {
		b.t.Fatalf("new %s: %d %s", game, status, text)
	}
	var r struct{ ID string }
	json.Unmarshal([]byte(text), &r)
	return r.ID
}

// state long-polls for a state past version after.
func (b *board) state(id string, after int) serve.State {
	b.t.Helper()
	resp, err := http.Get(fmt.Sprintf("%s/api/state?id=%s&after=%d", b.url, id, after))
	if err != nil {
		b.t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		text, _ := io.ReadAll(resp.Body)
		b.t.Fatalf("state: %d %s", resp.StatusCode, text)
	}
	var st serve.State
	if err := json.NewDecoder(resp.Body).Decode(&st); err != nil {
		b.t.Fatal(err)
	}
	return st
}

// settled waits until the person is to move or the game has ended.
func (b *board) settled(id string) serve.State {
	b.t.Helper()
	st := b.state(id, -1)
	for deadline := time.Now().Add(time.Minute); !st.YourTurn && !st.Over && st.Error == ""; {
		if time.Now().After(deadline) {
			b.t.Fatalf("no move for the person after a minute: %+v", st.Moves)
		}
		st = b.state(id, st.Version)
	}
	if st.Error != "" {
		b.t.Fatalf("the table stopped: %s", st.Error)
	}
	return st
}

// playOut plays the person's moves, each a pick chosen by rng, until the game is over,
// and returns its last state.
func (b *board) playOut(id string, rng *rand.Rand) serve.State {
	b.t.Helper()
	st := b.settled(id)
	for !st.Over {
		b.move(id, st.Picks[rng.IntN(len(st.Picks))].Output)
		st = b.settled(id)
	}
	return st
}

func (b *board) move(id, output string) {
	b.t.Helper()
	if status, text := b.post("/api/move", map[string]string{"id": id, "output": output}); status != http.StatusOK {
		b.t.Fatalf("move %q: %d %s", output, status, text)
	}
}

func TestGuard(t *testing.T) {
	b := newBoard(t, 100)
	_, port, _ := net.SplitHostPort(b.host)
	for _, c := range []struct {
		name, method, host, origin, kind string
		want                             int
	}{
		{"own address", "GET", b.host, "", "", 200},
		{"localhost", "GET", "localhost:" + port, "", "", 200},
		{"same origin", "GET", b.host, "http://" + b.host, "", 200},
		{"rebound name", "GET", "attacker.example:" + port, "", "", 403},
		{"other port", "GET", "127.0.0.1:1", "", "", 403},
		{"foreign origin", "GET", b.host, "http://attacker.example", "", 403},
		{"form post", "POST", b.host, "", "application/x-www-form-urlencoded", 415},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := "/api/setup"
			if c.method == "POST" {
				path = "/api/new"
			}
			req, _ := http.NewRequest(c.method, b.url+path, strings.NewReader(`{"game":"reversi","agent":"picker"}`))
			req.Host = c.host
			if c.origin != "" {
				req.Header.Set("Origin", c.origin)
			}
			if c.kind != "" {
				req.Header.Set("Content-Type", c.kind)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != c.want {
				t.Errorf("%s %s with Host %q Origin %q = %d, want %d", c.method, path, c.host, c.origin, resp.StatusCode, c.want)
			}
		})
	}
}

// TestWholeGames plays a game of each game to its end, the person choosing seeded picks
// (first an illegal move, refused; its third move taken back and played again), and checks
// the table's moves and result against the referee's record of the game.
func TestWholeGames(t *testing.T) {
	for _, c := range []struct{ game, setup string }{
		{"reversi", ""},
		{"halma", ""},
		{"hive", "size=7 pieces=q1,a1,s1"},
		{"hive", "rules=base"},
		{"quoridor", "size=5x5 walls=2"},
		{"streky", "size=5x5 count=4 seed=3"},
	} {
		t.Run(c.game+" "+c.setup, func(t *testing.T) {
			b := newBoard(t, 120)
			id := b.open(c.game, c.setup, 1)
			rng := rand.New(rand.NewPCG(28, 1))
			st := b.settled(id)
			if st.YourTurn {
				status, text := b.post("/api/move", map[string]string{"id": id, "output": "no such move\n"})
				if status != http.StatusBadRequest || !strings.Contains(text, "not a legal move") {
					t.Errorf("an illegal move: %d %q, want 400 not a legal move", status, text)
				}
			}
			var before serve.State // the position of the person's previous move
			for moves := 0; !st.Over; moves++ {
				if moves == 3 { // take back the person's last move: its position again
					if status, text := b.post("/api/undo", map[string]string{"id": id}); status != 200 {
						t.Fatalf("undo: %d %s", status, text)
					}
					st = b.settled(id)
					if st.SVG != before.SVG || len(st.Moves) != len(before.Moves) || len(st.Picks) != len(before.Picks) {
						t.Fatalf("take back: %d moves and %d picks, want %d and %d, the same picture",
							len(st.Moves), len(st.Picks), len(before.Moves), len(before.Picks))
					}
				}
				before = st
				b.move(id, st.Picks[rng.IntN(len(st.Picks))].Output)
				st = b.settled(id)
			}
			checkRecord(t, st)
		})
	}
}

// checkRecord compares the final state with the referee's record of the game.
func checkRecord(t *testing.T, st serve.State) {
	t.Helper()
	data, err := os.ReadFile(st.Record)
	if err != nil {
		t.Fatalf("the record: %v", err)
	}
	lines := gamefile.SplitLines(string(data))
	m, plies, err := referee.ReadRecord(games.Judges, st.Record, lines, -1)
	if err != nil {
		t.Fatalf("reading the record: %v", err)
	}
	if plies != len(st.Moves) && plies != len(st.Moves)+1 { // a last ply without a move: no legal move
		t.Errorf("the record has %d plies, the table %d moves", plies, len(st.Moves))
	}
	scene := m.(render.Drawer).Scene()
	if got := string(render.SVG(&scene)); got != st.SVG {
		t.Errorf("the final picture differs from the record's last position")
	}
	if !strings.Contains(string(data), "result: "+st.Result) {
		t.Errorf("result %q is not the record's:\n%s", st.Result, data)
	}
}

// TestTakeBackSwapHint: in a game of Reversi, take back returns to the person's previous
// move with the same picks; swap sides hands the person the other side in the same
// position; a hint is one of the picks, with a score in discs, and the same twice.
func TestTakeBackSwapHint(t *testing.T) {
	b := newBoard(t, 100)
	id := b.open("reversi", "", 0)
	first := b.settled(id)
	b.move(id, first.Picks[0].Output)
	second := b.settled(id)
	if len(second.Moves) != 2 {
		t.Fatalf("after a move and its answer: %d moves", len(second.Moves))
	}
	b.move(id, second.Picks[0].Output)
	b.settled(id)
	if status, text := b.post("/api/undo", map[string]string{"id": id}); status != 200 {
		t.Fatalf("undo: %d %s", status, text)
	}
	back := b.settled(id)
	if len(back.Moves) != 2 || back.SVG != second.SVG || len(back.Picks) != len(second.Picks) {
		t.Errorf("take back: %d moves and %d picks, want 2 and %d, the same picture", len(back.Moves), len(back.Picks), len(second.Picks))
	}

	var hints [2]serve.Hint
	for i := range hints {
		status, text := b.post("/api/hint", map[string]string{"id": id})
		if status != 200 {
			t.Fatalf("hint: %d %s", status, text)
		}
		json.Unmarshal([]byte(text), &hints[i])
	}
	if hints[0].Unit != "discs" || (hints[0].Depth >= 1) == hints[0].Book || len(hints[0].PV) == 0 {
		t.Errorf("hint %+v: want a score in discs, a depth or the opening book (not both) and a line", hints[0])
	}
	if fmt.Sprint(hints[0]) != fmt.Sprint(hints[1]) {
		t.Errorf("the same position's hints differ: %+v, %+v", hints[0], hints[1])
	}
	found := false
	for _, p := range back.Picks {
		found = found || p.Output == hints[0].Output
	}
	if !found || hints[0].PV[0]+"\n" != hints[0].Output {
		t.Errorf("hint %q (line %v) is not one of the picks", hints[0].Output, hints[0].PV)
	}

	if status, text := b.post("/api/swap", map[string]string{"id": id}); status != 200 {
		t.Fatalf("swap: %d %s", status, text)
	}
	swapped := b.settled(id)
	if swapped.Person != 1 || len(swapped.Moves) != 3 || fmt.Sprint(swapped.Moves[:2]) != fmt.Sprint(back.Moves) ||
		swapped.Moves[2].Side != 0 || !swapped.YourTurn || swapped.ToMove != 1 {
		t.Errorf("after swap: person %d, moves %v, to move %d: want the person WHITE to move after the opponent played BLACK's move from %v",
			swapped.Person, swapped.Moves, swapped.ToMove, back.Moves)
	}
}

// TestIdleTablesClose: a table nobody polls is closed by Sweep, and then unknown.
func TestIdleTablesClose(t *testing.T) {
	b := newBoard(t, 100)
	id := b.open("reversi", "", 0)
	b.settled(id)
	b.srv.Sweep(time.Now())
	if n := b.srv.Tables(); n != 1 {
		t.Fatalf("a table just polled was swept: %d open", n)
	}
	b.srv.Sweep(time.Now().Add(time.Hour))
	if n := b.srv.Tables(); n != 0 {
		t.Fatalf("after an idle hour %d tables are open", n)
	}
	resp, err := http.Get(b.url + "/api/state?id=" + id)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound {
		t.Errorf("state of a closed table: %d, want 404", resp.StatusCode)
	}
}

// TestAnalysis plays a game of Reversi on the board, analyses its record, and checks every
// ply: the engine's best move is legal there, each After is the next position's score from
// the mover's side, the drop is the best move's score less the played move's (0 when the
// best was played), the marks are the largest drops, and the annotated record still
// replays to the same end.
func TestAnalysis(t *testing.T) {
	b := newBoard(t, 100)
	id := b.open("reversi", "", 0)
	rng := rand.New(rand.NewPCG(3, 4))
	st := b.playOut(id, rng)
	status, text := b.post("/api/analyse", map[string]string{"file": "no/such/game-01.txt"})
	if status != http.StatusNotFound {
		t.Errorf("an unlisted record: %d %s, want 404", status, text)
	}
	// The table's own game, by the table: the same analysis as its record's.
	status, text = b.post("/api/analyse", map[string]string{"table": id})
	if status != http.StatusOK {
		t.Fatalf("analyse the table's game: %d %s", status, text)
	}
	var rt struct{ ID string }
	json.Unmarshal([]byte(text), &rt)
	byTable := b.analysis(rt.ID)
	status, text = b.post("/api/analyse", map[string]string{"name": "bad.txt", "record": "referee record: reversi, game 1 of 1\nply 1: a (BLACK) plays [a1] cpu 0s\n"})
	if status != http.StatusBadRequest || !strings.Contains(text, "bad.txt:2:") {
		t.Errorf("a record with an illegal move: %d %q, want 400 naming bad.txt:2", status, text)
	}
	data, err := os.ReadFile(st.Record)
	if err != nil {
		t.Fatal(err)
	}
	status, text = b.post("/api/analyse", map[string]string{"name": "game-01.txt", "record": string(data)})
	if status != http.StatusOK {
		t.Fatalf("analyse: %d %s", status, text)
	}
	var r struct{ ID string }
	json.Unmarshal([]byte(text), &r)
	a := b.analysis(r.ID)
	if len(a.Plies) != len(st.Moves) || a.Unit != "discs" || a.Error != "" {
		t.Fatalf("analysis: %d plies in %q (error %q), want %d in discs", len(a.Plies), a.Unit, a.Error, len(st.Moves))
	}
	lines := gamefile.SplitLines(string(data))
	for k, p := range a.Plies {
		if p.Before == nil || p.Best == "" {
			t.Fatalf("ply %d not searched: %+v", p.N, p)
		}
		m, _, err := referee.ReadRecord(games.Judges, "game-01.txt", lines, k)
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := m.Play([]byte(p.Best+"\n"), true); err != nil {
			t.Errorf("ply %d: the best move %q is not legal: %v", p.N, p.Best, err)
		}
		if k+1 < len(a.Plies) {
			next := a.Plies[k+1]
			want := *next.Before
			if next.Side != p.Side {
				want = -want
			}
			if p.After == nil || *p.After != want {
				t.Errorf("ply %d: after %v, want %v", p.N, p.After, want)
			}
		}
		switch {
		case p.Drop == nil:
			t.Errorf("ply %d has no drop", p.N)
		case p.Best == p.Move && (*p.Drop != 0 || p.BestScore != nil):
			t.Errorf("ply %d played the best move %s, but drops %v", p.N, p.Best, *p.Drop)
		case p.Best != p.Move && (p.BestScore == nil || p.PlayedScore == nil || *p.Drop != *p.BestScore-*p.PlayedScore):
			t.Errorf("ply %d: best's score %v, played's %v, drop %v: want the difference", p.N, p.BestScore, p.PlayedScore, *p.Drop)
		}
	}
	checkMarks(t, a)

	// The game's GGF export, analysed, is the same game: the same moves and scores.
	ggf, err := os.ReadFile(strings.TrimSuffix(st.Record, ".txt") + ".ggf")
	if err != nil {
		t.Fatal(err)
	}
	status, text = b.post("/api/analyse", map[string]string{"name": "game-01.ggf", "record": string(ggf)})
	if status != http.StatusOK {
		t.Fatalf("analyse the GGF: %d %s", status, text)
	}
	var rg struct{ ID string }
	json.Unmarshal([]byte(text), &rg)
	ag := b.analysis(rg.ID)
	strip := func(ps []serve.PlyAnalysis) string {
		var out []string
		for _, p := range ps {
			out = append(out, fmt.Sprintf("%d %s %v %s %v", p.Side, p.Move, *p.Before, p.Best, *p.Drop))
		}
		return strings.Join(out, "\n")
	}
	if diff := gocmp.Diff(strip(a.Plies), strip(ag.Plies)); diff != "" {
		t.Errorf("the record's and the GGF's analyses differ (-record +GGF):\n%s", diff)
	}
	if diff := gocmp.Diff(strip(a.Plies), strip(byTable.Plies)); diff != "" {
		t.Errorf("the record's and the table's analyses differ (-record +table):\n%s", diff)
	}

	export := b.get("/api/analysis/export?id=" + r.ID)
	if !strings.Contains(export, "analysis 1: before ") {
		t.Errorf("the annotated record has no analysis lines:\n%s", export)
	}
	m, _, err := referee.ReadRecord(games.Judges, "annotated", gamefile.SplitLines(export), -1)
	if err != nil {
		t.Fatalf("the annotated record does not replay: %v", err)
	}
	scene := m.(render.Drawer).Scene()
	if string(render.SVG(&scene)) != a.Plies[len(a.Plies)-1].SVG {
		t.Errorf("the annotated record ends elsewhere than the game")
	}
}

// checkMarks wants the marks to be the plies of the largest positive drops, largest first.
func checkMarks(t *testing.T, a serve.AnalysisState) {
	t.Helper()
	var drops []float64
	for _, p := range a.Plies {
		if p.Drop != nil && *p.Drop > 0 {
			drops = append(drops, *p.Drop)
		}
	}
	slices.SortFunc(drops, func(x, y float64) int { return cmp.Compare(y, x) })
	drops = drops[:min(len(drops), 5)]
	if len(a.Marked) != len(drops) {
		t.Fatalf("%d marks, want %d", len(a.Marked), len(drops))
	}
	for i, n := range a.Marked {
		if got := *a.Plies[n-1].Drop; got != drops[i] {
			t.Errorf("mark %d is ply %d with drop %v, want drop %v", i+1, n, got, drops[i])
		}
	}
}

// analysis waits for the analysis id to end and returns it.
func (b *board) analysis(id string) serve.AnalysisState {
	b.t.Helper()
	var st serve.AnalysisState
	st.Version = -1
	for deadline := time.Now().Add(2 * time.Minute); !st.Over && st.Error == ""; {
		if time.Now().After(deadline) {
			b.t.Fatalf("the analysis has not ended after two minutes: %d positions searched", st.Done)
		}
		if err := json.Unmarshal([]byte(b.get(fmt.Sprintf("/api/analysis?id=%s&after=%d", id, st.Version))), &st); err != nil {
			b.t.Fatal(err)
		}
	}
	return st
}

func (b *board) get(path string) string {
	b.t.Helper()
	resp, err := http.Get(b.url + path)
	if err != nil {
		b.t.Fatal(err)
	}
	defer resp.Body.Close()
	text, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		b.t.Fatalf("GET %s: %d %s", path, resp.StatusCode, text)
	}
	return string(text)
}

// TestMoveScores: a hint scores every legal move, best first, where a position has at most
// 160 of them (Reversi, Quoridor), and none where it has more (ŠTREKY's first move).
func TestMoveScores(t *testing.T) {
	for _, c := range []struct {
		game, setup, unit string
		scored            bool
	}{
		{"reversi", "", "discs", true},
		{"quoridor", "", "path difference", true},
		{"streky", "", "points", false},
	} {
		t.Run(c.game, func(t *testing.T) {
			b := newBoard(t, 100)
			id := b.open(c.game, c.setup, 0)
			st := b.settled(id)
			status, text := b.post("/api/hint", map[string]string{"id": id})
			if status != 200 {
				t.Fatalf("hint: %d %s", status, text)
			}
			var h serve.Hint
			json.Unmarshal([]byte(text), &h)
			if h.Unit != c.unit {
				t.Errorf("unit %q, want %q", h.Unit, c.unit)
			}
			if !c.scored {
				if h.Moves != nil {
					t.Errorf("%d moves scored in a position of %d", len(h.Moves), len(st.Picks))
				}
				return
			}
			seen := map[string]bool{}
			for i, m := range h.Moves {
				seen[m.Output] = true
				if i > 0 && m.Ends == "" && h.Moves[i-1].Ends == "" && m.Score > h.Moves[i-1].Score {
					t.Errorf("move %d %q scores %v, more than the one before it (%v)", i+1, m.Output, m.Score, h.Moves[i-1].Score)
				}
			}
			for _, p := range st.Picks {
				if !seen[p.Output] {
					t.Errorf("legal move %q has no score", p.Output)
				}
			}
			if len(h.Moves) != len(st.Picks) {
				t.Errorf("%d scores for %d legal moves", len(h.Moves), len(st.Picks))
			}
		})
	}
}

// TestCloseEndsAgents: closing a table (the page's beacon when its tab closes) ends the
// opponent's process while it thinks.
func TestCloseEndsAgents(t *testing.T) {
	exe, err := filepath.Abs(os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	pidFile := filepath.Join(t.TempDir(), "pid")
	sleeper := serve.Agent{Name: "sleeper", Command: fmt.Sprintf("%s='sleep:%s' exec '%s'", agentEnv, pidFile, exe)}
	b := newBoard(t, 100, sleeper)
	id := b.open("reversi", "", 1) // the opponent moves first
	var pid int
	for deadline := time.Now().Add(30 * time.Second); pid == 0; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the opponent never started")
		}
		data, _ := os.ReadFile(pidFile)
		pid, _ = strconv.Atoi(string(data))
	}
	if status, text := b.post("/api/close", map[string]string{"id": id}); status != 200 {
		t.Fatalf("close: %d %s", status, text)
	}
	// The referee reaps its agents before the game ends, and close waits for that.
	if err := syscall.Kill(pid, 0); err == nil {
		t.Errorf("the opponent's process %d outlived its table", pid)
	}
	if n := b.srv.Tables(); n != 0 {
		t.Errorf("%d tables open after close", n)
	}
}

// TestNoCommandFromBrowser: the browser names an opponent, and a name that is not one of the
// server's agents is refused, whatever it holds: a command, an agent's command, a kind's
// prefix. Nothing runs.
func TestNoCommandFromBrowser(t *testing.T) {
	b := newBoard(t, 100)
	marker := filepath.Join(t.TempDir(), "ran")
	for _, agent := range []string{"sh -c 'touch " + marker + "'", "touch " + marker, "picker:", "gtp:/bin/sh", "", "PICKER"} {
		status, text := b.post("/api/new", map[string]any{"game": "reversi", "side": 1, "agent": agent, "command": "touch " + marker})
		if status != http.StatusBadRequest || !strings.Contains(text, "unknown agent") {
			t.Errorf("agent %q: %d %q, want 400 unknown agent", agent, status, text)
		}
	}
	if _, err := os.Stat(marker); err == nil {
		t.Error("a command sent by the browser ran")
	}
	if n := b.srv.Tables(); n != 0 {
		t.Errorf("%d tables opened", n)
	}
}

// TestAnalysisEndsOnPasses analyses a game of ŠTREKY that ends with both sides passing: a
// forced move (a pass) is scored by the position it leaves, and that position, read from
// its input.txt without the pass before it, would pass back without end if every forced
// move were followed.
func TestAnalysisEndsOnPasses(t *testing.T) {
	b := newBoardWith(t, 160, func(c *serve.Config) { c.AnalysisSeconds = 0.01 })
	id := b.open("streky", "size=18x18 count=10 seed=2", 1)
	rng := rand.New(rand.NewPCG(28, 1))
	st := b.playOut(id, rng)
	if len(st.Moves) < 2 || st.Moves[len(st.Moves)-1].Move != "PASS" || st.Moves[len(st.Moves)-2].Move != "PASS" {
		t.Fatalf("the game does not end with two passes: %v", st.Moves)
	}
	status, text := b.post("/api/analyse", map[string]string{"table": id})
	if status != http.StatusOK {
		t.Fatalf("analyse: %d %s", status, text)
	}
	var r struct{ ID string }
	json.Unmarshal([]byte(text), &r)
	if a := b.analysis(r.ID); a.Error != "" || a.Plies[len(a.Plies)-2].Before == nil {
		t.Errorf("the analysis of a game ending in passes: error %q, the passes not scored", a.Error)
	}
}
