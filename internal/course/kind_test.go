package course_test

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gameagents/internal/course"
	"gameagents/internal/gamefile"
	"gameagents/internal/hive"
	"gameagents/internal/quoridor"
	"gameagents/internal/referee"
	"gameagents/internal/reversi"
	"gameagents/internal/rules"
)

// agentOf is the course: agent command of a test player, with a roomy limit.
func agentOf(t *testing.T, game, file string) referee.Agent {
	t.Helper()
	path, err := filepath.Abs(filepath.Join("testdata", "players", game, file))
	if err != nil {
		t.Fatal(err)
	}
	return referee.Agent{Name: strings.TrimSuffix(file, ".py"), Command: "course:" + path + " limit=20"}
}

// TestKindPlaysMatches: course players play whole referee matches against each other
// through the "course:" kind, every move judged, and a broken one loses with its reason
// in the record, the match going on.
func TestKindPlaysMatches(t *testing.T) {
	requirePython(t)
	tests := []struct {
		name       string
		game       rules.Game
		a, b       string
		wantLoser  int    // -1: the games are played out, any result
		wantReason string // in agent A's lost games' records
	}{
		{"reversi", reversi.Game{}, "greedyplayer.py", "randomplayer.py", -1, ""},
		{"hive", hive.Game{}, "greedyplayer.py", "randomplayer.py", -1, ""},
		{"quoridor", quoridor.Game{}, "greedyplayer.py", "randomplayer.py", -1, ""},
		{"reversi raises", reversi.Game{}, "raises.py", "randomplayer.py", 0, "ZeroDivisionError"},
		{"reversi bad syntax", reversi.Game{}, "badsyntax.py", "randomplayer.py", 0, "SyntaxError"},
		{"reversi malformed", reversi.Game{}, "malformed.py", "randomplayer.py", 0, "want (row, col)"},
		{"reversi illegal", reversi.Game{}, "illegal.py", "randomplayer.py", 0, "illegal move"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := t.TempDir()
			cfg := referee.Config{
				Kinds:    referee.AgentKinds{course.PlayerKind},
				Game:     tt.game,
				Agents:   [2]referee.Agent{agentOf(t, tt.game.Name(), tt.a), agentOf(t, tt.game.Name(), tt.b)},
				Games:    2,
				Mode:     gamefile.Single,
				Seconds:  1,
				MaxPlies: 400,
				Parallel: 1,
				Grace:    referee.DefaultGrace,
				Out:      out,
			}
			results, err := referee.Run(context.Background(), cfg, io.Discard)
			if err != nil {
				t.Fatalf("Run = %v", err)
			}
			if len(results) != 2 {
				t.Fatalf("Run played %d games, want 2", len(results))
			}
			for _, r := range results {
				record, err := os.ReadFile(filepath.Join(out, fmt.Sprintf("game-%02d.txt", r.Game)))
				if err != nil {
					t.Fatal(err)
				}
				if !strings.Contains(string(record), "course player: each call of its code limited to 20.000 s") {
					t.Errorf("game %d's record does not say how the course player is timed:\n%s", r.Game, record)
				}
				if tt.wantLoser < 0 {
					if r.Ending != referee.EndWin && r.Ending != referee.EndDraw && r.Ending != referee.EndNoMove && r.Ending != referee.EndPlyCap {
						t.Errorf("game %d ended %s (%s), want it played out", r.Game, r.Ending, r.Reason)
					}
					continue
				}
				if r.Winner != 1-tt.wantLoser || !strings.Contains(r.Reason, tt.wantReason) {
					t.Errorf("game %d: winner %d, reason %q; want agent %d to lose with %q", r.Game, r.Winner, r.Reason, tt.wantLoser, tt.wantReason)
				}
			}
		})
	}
}

// TestKindRefusesBadAgents: a game without course players, an unknown option or a missing
// file stop the match before its first game, with the reason.
func TestKindRefusesBadAgents(t *testing.T) {
	random := agentOf(t, "reversi", "randomplayer.py")
	tests := []struct {
		name    string
		game    rules.Game
		command string
		want    string
	}{
		{"a game without course players", quoridorAsHalma{}, random.Command, "course players exist for"},
		{"an unknown option", reversi.Game{}, random.Command + " fast", `unknown option "fast"`},
		{"a bad limit", reversi.Game{}, random.Command + " limit=0", "limit="},
		{"a missing file", reversi.Game{}, "course:/nonexistent/player.py", "agent A (-a, a): stat /nonexistent/player.py: no such file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := referee.Config{
				Kinds:  referee.AgentKinds{course.PlayerKind},
				Game:   tt.game,
				Agents: [2]referee.Agent{{Name: "a", Command: tt.command}, random},
				Games:  1, Mode: gamefile.Single, Seconds: 1, MaxPlies: 10, Parallel: 1,
				Grace: referee.DefaultGrace, Out: t.TempDir(),
			}
			_, err := referee.Run(context.Background(), cfg, io.Discard)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Run = %v, want an error mentioning %q", err, tt.want)
			}
		})
	}
}

// quoridorAsHalma is a game the course players do not play: Quoridor's rules under
// Halma's name.
type quoridorAsHalma struct{ quoridor.Game }

func (quoridorAsHalma) Name() string { return "halma" }
