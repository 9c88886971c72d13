package serve

// A table: one person's game, played as referee games with the person as an agent of the
// kind "person:", and the snapshots the page polls.

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"gameagents/internal/gamefile"
	"gameagents/internal/referee"
	"gameagents/internal/render"
	"gameagents/internal/rules"
)

// personName is the person's name in records.
const personName = "person"

// State is what the page shows of a table.
type State struct {
	Version  int       `json:"version"`
	Game     string    `json:"game"`
	Setup    string    `json:"setup,omitempty"`
	Sides    [2]string `json:"sides"`   // the game's side names
	Players  [2]string `json:"players"` // who plays each side: "person" or the agent's name
	Person   int       `json:"person"`  // the person's side
	ToMove   int       `json:"toMove"`
	YourTurn bool      `json:"yourTurn"` // the person is to move: Picks are the legal moves
	Thinking bool      `json:"thinking"` // the opponent is to move
	Over     bool      `json:"over"`
	Result   string    `json:"result,omitempty"`
	Winner   int       `json:"winner"` // the winning side, -1 for a draw or while playing
	Points   *[2]int   `json:"points,omitempty"`
	SVG      string    `json:"svg"`
	Picks    []Pick    `json:"picks,omitempty"`
	Moves    []Move    `json:"moves"`
	Record   string    `json:"record,omitempty"` // the record's path, once the game has ended
	Error    string    `json:"error,omitempty"`  // why the table stopped, when the referee failed
}

// Pick is a render.Pick for the page: output and steps, each [on, x, y, label].
type Pick struct {
	Output string `json:"o"`
	Steps  []Step `json:"s"`
}

// Step is a render.Step for the page.
type Step struct {
	On    bool   `json:"on"`
	X     int    `json:"x"`
	Y     int    `json:"y"`
	Label string `json:"l"`
}

func (st *State) stamp(v int) { st.Version = v }

// Move is a ply of the game so far.
type Move struct {
	N    int    `json:"n"`
	Side int    `json:"side"`
	Move string `json:"move"`
}

// table is one person's game.
type table struct {
	srv    *Server
	id     string
	game   rules.Game
	setup  string
	opp    Agent
	out    string
	person int // the person's side

	f        *feed[State, *State] // the page's state; its lock guards the fields below too
	moves    []Move               // the game's moves so far, as the referee logged them
	picks    []render.Pick        // the person's legal moves while it is to move
	turn     chan []byte          // the person's move, for the referee game running
	input    []byte               // the input.txt of the position for a hint
	lastSeen time.Time
	cancel   context.CancelFunc // ends the referee game running
	done     chan struct{}      // closed when it has ended
}

func newTable(s *Server, id string, g rules.Game, setup string, person int, opp Agent, out string) *table {
	m := g.New(0)
	st := State{Game: g.Name(), Setup: setup, Sides: [2]string{m.SideName(0), m.SideName(1)}, Winner: -1, Moves: []Move{}}
	return &table{srv: s, id: id, game: g, setup: setup, opp: opp, out: out, person: person,
		f: newFeed(st, func(st State) State { return st }), lastSeen: time.Now()}
}

func (t *table) touch() {
	t.f.Lock()
	t.lastSeen = time.Now()
	t.f.Unlock()
}

func (t *table) seen() time.Time {
	t.f.Lock()
	defer t.f.Unlock()
	return t.lastSeen
}

// start begins a referee game from the moves of opening, the person on its side.
func (t *table) start(opening []string) error {
	cfg := t.config(opening)
	if err := referee.CheckAgents(cfg); err != nil {
		return err
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	t.f.Lock()
	t.cancel, t.done = cancel, done
	t.turn = make(chan []byte, 1)
	t.moves = t.moves[:0]
	t.picks = nil
	t.f.updateLocked(func(st *State) {
		st.Over, st.Result, st.Record, st.Error, st.Winner = false, "", "", "", -1
		st.YourTurn, st.Picks, st.Thinking = false, nil, false // until the game says whose move
	})
	t.f.Unlock()
	go func() {
		defer close(done)
		_, err := referee.PlayGame(ctx, cfg, 1, &referee.Recorder{}, t)
		if err != nil && ctx.Err() == nil {
			t.f.update(func(st *State) { st.Error = err.Error(); st.Thinking, st.YourTurn = false, false })
		}
	}()
	return nil
}

// config is the referee match of one game: the person as agent A on side 0 or B on side
// 1 (game 1 of a match whose agent A moves first plays side 0), the opponent at the
// server's time a move, the opening played by the referee.
func (t *table) config(opening []string) *referee.Config {
	c := &t.srv.cfg
	cfg := &referee.Config{
		Game: t.game, Setup: t.setup, Games: 1, Mode: gamefile.Single, Seconds: c.Seconds,
		MaxPlies: c.MaxPlies, First: referee.AFirst, Parallel: 1, Grace: c.Grace,
		Calibration: c.Calibration, Out: t.out, Sandbox: c.Sandbox,
		Kinds: append(slices.Clone(c.Kinds), t.kind()),
	}
	person := referee.Agent{Name: personName, Command: "person:" + t.id}
	opp := referee.Agent{Name: t.opp.Name, Command: t.opp.Command}
	cfg.Agents = [2]referee.Agent{person, opp}
	if t.person == 1 {
		cfg.Agents = [2]referee.Agent{opp, person}
	}
	if len(opening) > 0 {
		cfg.Openings = [][]string{opening}
	}
	return cfg
}

// kind is the person's agent kind for this table: its moves come from the page.
func (t *table) kind() referee.AgentKind {
	return referee.AgentKind{
		Prefix: "person:",
		Start:  func(context.Context, *referee.Seat) (referee.Player, error) { return personPlayer{t}, nil },
		Note: func(cfg *referee.Config, a int) string {
			return fmt.Sprintf("%s is a person at the web board: its moves are untimed", cfg.Agents[a].Name)
		},
	}
}

// personPlayer is the person as the referee's Player.
type personPlayer struct{ t *table }

// Move offers the person the picks of the position and waits for the page's move.
func (p personPlayer) Move(ctx context.Context, turn *referee.Turn) (referee.Answer, error) {
	t := p.t
	t.f.Lock()
	ch := t.turn
	t.f.Unlock()
	t.snapshot(turn.Match, turn.Match.(render.Picker).Picks())
	select {
	case out := <-ch:
		return referee.Answer{Output: out, Untimed: true, Source: "the web board's move"}, nil
	case <-ctx.Done():
		return referee.Answer{}, ctx.Err()
	}
}

func (personPlayer) Played(int, string) {}
func (personPlayer) Close()             {}

// GameStarted, Played and GameEnded make the table a referee.Listener: each ply is a new
// snapshot.
func (t *table) GameStarted(g *referee.GameInfo) {
	t.snapshot(g.Match, nil)
}

func (t *table) Played(g *referee.GameInfo, p *referee.Ply) {
	if p.Move != "" && p.Lost == nil {
		t.f.Lock()
		t.moves = append(t.moves, Move{N: p.Number, Side: p.Side, Move: p.Move})
		t.f.Unlock()
	}
	t.snapshot(g.Match, nil)
}

func (t *table) GameEnded(g *referee.GameInfo) error {
	r := g.Result
	t.f.update(func(st *State) {
		st.Over, st.Thinking, st.YourTurn, st.Picks = true, false, false, nil
		st.Result = strings.TrimPrefix(referee.ResultLine(g), "result: ")
		st.Winner = -1
		if r.Winner >= 0 {
			st.Winner = r.Side[r.Winner]
		}
		st.Record = referee.RecordPath(g.Config, g.Number)
	})
	return nil
}

// snapshot takes the position's state from the game's goroutine; picks, when not nil, are
// the person's moves, offered with the state that shows them.
func (t *table) snapshot(m rules.Match, picks []render.Pick) {
	scene := m.(render.Drawer).Scene()
	svg := string(render.SVG(&scene))
	input := m.Input(gamefile.Single, gamefile.FormatSeconds(t.srv.cfg.HintSeconds))
	var points *[2]int
	if s, ok := m.(rules.Scorer); ok {
		p := s.Points()
		points = &p
	}
	over, _, _ := m.Over()
	toMove := m.ToMove()
	t.f.Lock()
	t.input = input
	moves := append([]Move{}, t.moves...) // [] rather than null for the page
	t.f.Unlock()
	t.f.update(func(st *State) {
		t.picks = picks // under the feed's lock: a move is accepted once it is shown
		st.SVG, st.Points, st.ToMove, st.Moves = svg, points, toMove, moves
		st.Players = [2]string{t.opp.Name, t.opp.Name}
		st.Players[t.person] = personName
		st.Person = t.person
		st.YourTurn = !over && toMove == t.person && picks != nil
		st.Thinking = !over && toMove != t.person
		st.Picks = nil
		if st.YourTurn {
			for _, p := range picks {
				st.Picks = append(st.Picks, pickOf(p))
			}
		}
	})
}

func pickOf(p render.Pick) Pick {
	out := Pick{Output: p.Output}
	for _, s := range p.Steps {
		out.Steps = append(out.Steps, Step{On: s.On, X: s.X, Y: s.Y, Label: s.Label})
	}
	return out
}

// move passes the page's move to the referee if it is one of the person's picks.
func (t *table) move(output string) error {
	t.f.Lock()
	if t.picks == nil {
		t.f.Unlock()
		return &httpError{http.StatusConflict, "it is not the person's move"}
	}
	if !slices.ContainsFunc(t.picks, func(p render.Pick) bool { return p.Output == output }) {
		t.f.Unlock()
		return fmt.Errorf("not a legal move: %q", gamefile.Clip(output))
	}
	t.picks = nil
	t.turn <- []byte(output)
	// A new version at once, so that a poll after this answer never shows the move still
	// to be made; under the same lock as the move's hand-over, so that it cannot land after
	// the state of the person's next turn (a fast opponent answers in microseconds).
	t.f.updateLocked(func(st *State) { st.YourTurn, st.Picks = false, nil })
	t.f.Unlock()
	return nil
}

// takeBack ends the game being played and starts it again from before the person's last
// move (from the start when the person has not moved).
func (t *table) takeBack() error {
	t.stop()
	t.f.Lock()
	moves := t.moves
	i := len(moves) - 1
	for i >= 0 && moves[i].Side != t.person {
		i--
	}
	opening := logged(moves[:max(i, 0)])
	t.f.Unlock()
	return t.start(opening)
}

// swap ends the game being played and goes on from its position with the sides swapped.
func (t *table) swap() error {
	t.stop()
	t.f.Lock()
	opening := logged(t.moves)
	t.person = 1 - t.person
	t.f.Unlock()
	return t.start(opening)
}

func logged(moves []Move) []string {
	var out []string
	for _, m := range moves {
		out = append(out, m.Move)
	}
	return out
}

// stop ends the referee game running, if any, and waits until its agents are gone.
func (t *table) stop() {
	t.f.Lock()
	cancel, done := t.cancel, t.done
	t.f.Unlock()
	if cancel == nil {
		return
	}
	cancel()
	<-done
}

// errNoPosition is a hint asked before the game has a position.
var errNoPosition = errors.New("no position yet")
