package referee_test

// The game loop through its exported pieces: PlayGame with listeners, and a kind of player
// registered by a test, which the loop plays without knowing it.

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"gameagents/internal/gamefile"
	"gameagents/internal/referee"
)

// events is a Listener that writes down what it hears, one string per event.
type events struct{ got []string }

func (e *events) GameStarted(g *referee.GameInfo) {
	e.got = append(e.got, fmt.Sprintf("start %d first=%s", g.Number, g.Who(g.Result.First)))
}

func (e *events) Played(g *referee.GameInfo, p *referee.Ply) {
	what := "[" + p.Move + "]"
	switch {
	case p.Opening:
		what = "opening " + what
	case p.Lost != nil:
		what = "lost " + string(p.Lost.Ending)
	case p.NoMove:
		what = "no move"
	}
	e.got = append(e.got, fmt.Sprintf("ply %d %s %s", p.Number, g.Who(p.Agent), what))
}

func (e *events) GameEnded(g *referee.GameInfo) error {
	e.got = append(e.got, fmt.Sprintf("end %d winner=%d %s: %s", g.Number, g.Result.Winner, g.Result.Ending, g.Result.Reason))
	return nil
}

// TestPlayGame plays single games of a match by number: game n decides the colours and the
// first mover as Run does, and only game n is played.
func TestPlayGame(t *testing.T) {
	ones := agent(t, "random") // the count game's agents add 1
	tests := []struct {
		n    int
		want []string
	}{
		{1, []string{"start 1 first=alpha (ONE)", "ply 1 alpha (ONE) [1]", "ply 2 beta (TWO) [1]", "ply 3 alpha (ONE) [1]", "end 1 winner=0 win: ONE reached 3"}},
		// Game 2: B plays ONE and moves first.
		{2, []string{"start 2 first=beta (ONE)", "ply 1 beta (ONE) [1]", "ply 2 alpha (TWO) [1]", "ply 3 beta (ONE) [1]", "end 2 winner=1 win: ONE reached 3"}},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.n), func(t *testing.T) {
			cfg := referee.Config{Game: countGame{target: 3}, Games: 4, Seconds: 10, MaxPlies: 100, Parallel: 1,
				Grace: referee.DefaultGrace, Out: t.TempDir(),
				Agents: [2]referee.Agent{{Name: "alpha", Command: ones}, {Name: "beta", Command: ones}}}
			var ev events
			r, err := referee.PlayGame(context.Background(), &cfg, tt.n, &referee.Recorder{}, &ev)
			if err != nil {
				t.Fatalf("PlayGame(game %d) error = %v", tt.n, err)
			}
			if diff := cmp.Diff(tt.want, ev.got); diff != "" {
				t.Errorf("PlayGame(game %d) events mismatch (-want +got):\n%s", tt.n, diff)
			}
			if r.Game != tt.n || r.Plies != 3 {
				t.Errorf("PlayGame(game %d) = game %d in %d plies, want game %d in 3", tt.n, r.Game, r.Plies, tt.n)
			}
			names, _ := filepath.Glob(filepath.Join(cfg.Out, "game-*"))
			want := []string{referee.RecordPath(&cfg, tt.n), filepath.Join(cfg.Out, fmt.Sprintf("game-%02d", tt.n))}
			slices.Sort(names)
			slices.Sort(want)
			if diff := cmp.Diff(want, names); diff != "" {
				t.Errorf("PlayGame(game %d) left files mismatch (-want +got):\n%s", tt.n, diff)
			}
		})
	}
}

// TestPlayGameRefuses: a game number outside the match, or a match that cannot be played,
// is an error before anything runs.
func TestPlayGameRefuses(t *testing.T) {
	ok := referee.Config{Game: countGame{target: 3}, Games: 2, Seconds: 1, MaxPlies: 10, Parallel: 1, Out: t.TempDir(),
		Agents: [2]referee.Agent{{Name: "a", Command: "true"}, {Name: "b", Command: "true"}}}
	tests := []struct {
		name string
		edit func(*referee.Config)
		n    int
		want string
	}{
		{"game 0", func(*referee.Config) {}, 0, "game 0 of a 2-game match"},
		{"game 3", func(*referee.Config) {}, 3, "game 3 of a 2-game match"},
		{"no time", func(c *referee.Config) { c.Seconds = 0 }, 1, "the time positive"},
		{"gtp on a game without GTP", func(c *referee.Config) { c.Agents[0].Command, c.Kinds = "gtp:true", referee.AgentKinds{referee.GTP} }, 1, "cannot be played over GTP"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := ok
			tt.edit(&cfg)
			_, err := referee.PlayGame(context.Background(), &cfg, tt.n)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("PlayGame(game %d) error = %v, want one containing %q", tt.n, err, tt.want)
			}
		})
	}
	if entries, _ := os.ReadDir(ok.Out); len(entries) != 0 {
		t.Errorf("refused games left %d entries in the output directory, want none", len(entries))
	}
}

// scripted is a kind of player registered by this test ("script:MOVES"): it answers its
// turns with MOVES in order, without running anything, and notes the moves it is told.
type scripted struct {
	moves []string
	told  *[]string
}

var (
	toldMu sync.Mutex
	told   = map[string]*[]string{} // by agent directory
)

// scriptKind is a kind of agent of this test's own: "script:MOVES" plays MOVES in turn.
var scriptKind = referee.AgentKind{
	Prefix: "script:",
	Start: func(_ context.Context, s *referee.Seat) (referee.Player, error) {
		toldMu.Lock()
		defer toldMu.Unlock()
		told[s.Dir] = new([]string)
		return &scripted{moves: strings.Split(s.Command, ","), told: told[s.Dir]}, nil
	},
	Check: func(cfg *referee.Config, a int, command string) error {
		if command == "" {
			return fmt.Errorf("agent %d: script: wants moves", a)
		}
		return nil
	},
	Note: func(cfg *referee.Config, a int) string { return fmt.Sprintf("script: agent %d plays a script", a) },
}

func (s *scripted) Move(_ context.Context, t *referee.Turn) (referee.Answer, error) {
	if len(s.moves) == 0 {
		return referee.Answer{Lost: &referee.Loss{Ending: referee.EndNoOutput, Reason: "the script ran out"}}, nil
	}
	mv := s.moves[0]
	s.moves = s.moves[1:]
	return referee.Answer{Output: []byte(mv + "\n"), Source: "script move " + mv, Notes: []string{"script: scripted"}}, nil
}

func (s *scripted) Played(side int, move string) {
	*s.told = append(*s.told, fmt.Sprintf("%d:%s", side, move))
}
func (s *scripted) Close() {}

// TestOwnKind: a kind of agent passed in by the caller (Config.Kinds) plays like any
// agent: asked for its moves, judged, told the opponent's moves, its faults recorded, its
// note in the record; its Check refuses a match before it starts.
func TestOwnKind(t *testing.T) {
	config := func(t *testing.T, a string) referee.Config {
		return referee.Config{Game: countGame{target: 4}, Games: 1, Mode: gamefile.GameClock, Seconds: 10, MaxPlies: 100, Parallel: 1,
			Grace: referee.DefaultGrace, Out: t.TempDir(), Kinds: referee.AgentKinds{scriptKind},
			Agents: [2]referee.Agent{{Name: "alpha", Command: a}, {Name: "beta", Command: agent(t, "random")}}}
	}
	tests := []struct {
		name, a, recordHas string
		told               []string
	}{
		{"plays and wins", "script:2,2", "ply 3: alpha (ONE) plays [2] cpu 0.000s remaining 10s; script: scripted", []string{"1:1"}},
		{"illegal", "script:7", "ply 1: alpha (ONE) loses: script move 7: want 1 or 2; cpu 0.000s", nil},
		{"runs out", "script:2", "ply 3: alpha (ONE) loses: the script ran out", []string{"1:1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := config(t, tt.a)
			if _, err := referee.Run(context.Background(), cfg, io.Discard); err != nil {
				t.Fatal(err)
			}
			rec := readFile(t, referee.RecordPath(&cfg, 1))
			for _, want := range []string{tt.recordHas, "script: agent 0 plays a script"} {
				if !strings.Contains(rec, want) {
					t.Errorf("record lacks %q:\n%s", want, rec)
				}
			}
			toldMu.Lock()
			got := *told[filepath.Join(cfg.Out, "game-01", "agent-A")]
			toldMu.Unlock()
			if diff := cmp.Diff(tt.told, got); diff != "" {
				t.Errorf("moves told to the player mismatch (-want +got):\n%s", diff)
			}
		})
	}
	if _, err := referee.Run(context.Background(), config(t, "script:"), io.Discard); err == nil || !strings.Contains(err.Error(), "script: wants moves") {
		t.Errorf("Run with an empty script: %v; want the kind's complaint", err)
	}
	// Without the kind among the match's, "script:2,2" is a plain command, run as a program.
	cfg := config(t, "script:2,2")
	cfg.Kinds = nil
	if _, err := referee.Run(context.Background(), cfg, io.Discard); err == nil || !strings.Contains(err.Error(), `exec: "script:2,2"`) {
		t.Errorf("Run without the kind: %v; want the command run as a program", err)
	}
}
