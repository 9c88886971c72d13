package replay_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gameagents/internal/gamefile"
	"gameagents/internal/games"
	"gameagents/internal/referee"
	"gameagents/internal/replay"
	"gameagents/internal/rules"
)

// TestFilesPage plays a match of two games with Page.Files, each game by its own Page as
// separate processes would, and wants a game file beside each record and a page holding
// both games as the records have them.
func TestFilesPage(t *testing.T) {
	out := t.TempDir()
	for n := range 2 {
		cfg := referee.Config{Game: findJudge(t, "reversi"), Games: 2, Mode: gamefile.Single, Seconds: 5, MaxPlies: 12,
			First: referee.Alternate, Parallel: 1, Grace: referee.DefaultGrace, Out: out}
		for a, player := range []string{"greedy", "random"} {
			cfg.Agents[a] = referee.Agent{Name: player, Command: agent(t, player)}
		}
		if _, err := referee.PlayGame(t.Context(), &cfg, n+1, &referee.Recorder{}, &replay.Page{Files: true}); err != nil {
			t.Fatalf("PlayGame(game %d) = %v", n+1, err)
		}
		if _, err := os.Stat(replay.GamePath(&cfg, n+1)); err != nil {
			t.Errorf("game %d left no game file: %v", n+1, err)
		}
	}
	_, d := readPage(t, filepath.Join(out, "replay.html"))
	if len(d.Games) != 2 {
		t.Fatalf("the page has %d games, want 2", len(d.Games))
	}
	for i, g := range d.Games {
		if g.Number != i+1 {
			t.Fatalf("the page's game %d is game %d, want %d", i, g.Number, i+1)
		}
		record, err := gamefile.ReadLines(filepath.Join(out, fmt.Sprintf("game-%02d.txt", i+1)))
		if err != nil {
			t.Fatal(err)
		}
		checkPlies(t, g, record)
	}
}

// findJudge is the rules of the game named name.
func findJudge(t *testing.T, name string) rules.Game {
	t.Helper()
	j, ok := gamefile.Named(games.Judges, name)
	if !ok {
		t.Fatalf("no game %q", name)
	}
	return j
}

// TestBuildRejects: a game file that is not one is an error naming it and its problem, and
// leaves no page.
func TestBuildRejects(t *testing.T) {
	valid := `{"number":1,"title":"t","agents":["a","b"],"time":"","single":true,"result":"","kind":"",` +
		`"w":10,"h":10,"bg":"","styles":[{"f":"#000000","fa":255}],"shapes":[[1,0,0,0,5,5],[5,0,1,1,3,"Q"]],` +
		`"plies":[{"n":0,"t":"","a":-1,"cpu":0,"c":[0,0],"k":0,"s":0,"d":[0,1],"x":[]},` +
		`{"n":1,"t":"ply 1","a":0,"m":"x","cpu":0,"c":[0,0],"k":1,"s":1,"d":[],"x":[1]}]}`
	for _, c := range []struct {
		name, file, old, new, want string
	}{
		{"valid", "game-01", "", "", ""},
		{"not JSON", "game-01", `"w":10,`, `"w":10`, "game-01.replay.json:1: not a game of a replay page"},
		{"another game's number", "game-02", "", "", "game-02.replay.json: holds game 1"},
		{"an unknown field", "game-01", `"w":10`, `"width":10`, "unknown field"},
		{"keeps more than there is", "game-01", `"k":1,"s":1`, `"k":2,"s":1`, "step 1 keeps 2 and 1 of 2 shapes"},
		{"a shape out of the table", "game-01", `"x":[1]`, `"x":[2]`, "step 1: a shape out of the table's 2"},
		{"a negative shape", "game-01", `"d":[0,1]`, `"d":[0,-1]`, "step 0: a shape out of the table's 2"},
		{"a style out of the table", "game-01", `[1,0,0,0,5,5]`, `[1,1,0,0,5,5]`, "shape 0: style 1 of 1"},
		{"a text without text", "game-01", `"Q"]`, `7]`, "shape 1: a text shape without its text"},
		{"a short rectangle", "game-01", `[1,0,0,0,5,5]`, `[1,0,0,0,5]`, "shape 0: 5 values for kind 1"},
		{"an unknown kind", "game-01", `[1,0,0,0,5,5]`, `[9,0,0,0,5,5]`, "shape 0: kind 9"},
		{"misnumbered steps", "game-01", `"n":1`, `"n":2`, "step 1 is numbered 2"},
		{"an agent out of range", "game-01", `"a":0`, `"a":2`, "step 1: agent 2"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			content := strings.Replace(valid, c.old, c.new, 1)
			if err := os.WriteFile(filepath.Join(dir, c.file+".replay.json"), []byte(content), 0o644); err != nil {
				t.Fatal(err)
			}
			err := replay.Build(dir)
			_, statErr := os.Stat(filepath.Join(dir, "replay.html"))
			if c.want == "" {
				if err != nil || statErr != nil {
					t.Fatalf("Build(a valid game) = %v, and the page: %v; want a page", err, statErr)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("Build = %v, want an error containing %q", err, c.want)
			}
			if statErr == nil {
				t.Errorf("Build wrote a page of a bad game file")
			}
		})
	}
}

// TestBuildNothing: a directory without game files gets no page.
func TestBuildNothing(t *testing.T) {
	dir := t.TempDir()
	if err := replay.Build(dir); err != nil {
		t.Fatalf("Build(an empty directory) = %v, want nil", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("Build(an empty directory) wrote %d files, want none", len(entries))
	}
}

// TestGameFileRoundTrip: a game file holds the game as the page's data does.
func TestGameFileRoundTrip(t *testing.T) {
	out := playMatch(t, "hive", 10)
	_, d := readPage(t, filepath.Join(out, "replay.html"))
	data, err := json.Marshal(d.Games[0])
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "game-01.replay.json"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := replay.Build(dir); err != nil {
		t.Fatalf("Build(a page's game) = %v", err)
	}
	want, _ := os.ReadFile(filepath.Join(out, "replay.html"))
	got, _ := os.ReadFile(filepath.Join(dir, "replay.html"))
	if !bytes.Equal(got, want) {
		t.Errorf("the page built from the game file differs from the match's page")
	}
}
