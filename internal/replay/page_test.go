package replay_test

// Whole matches through referee.Main with the page listening, the agents being this test
// binary: when REPLAY_FAKE_AGENT names a player (random, greedy), TestMain plays one move of
// the game in the current directory with the game's player of that name, as `homework play
// -player NAME` does.

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"gameagents/internal/command"
	"gameagents/internal/command/homework"
	"gameagents/internal/gamefile"
	"gameagents/internal/games"
	"gameagents/internal/referee"
	"gameagents/internal/render"
	"gameagents/internal/replay"
)

const fakeEnv = "REPLAY_FAKE_AGENT"

func TestMain(m *testing.M) {
	if player := os.Getenv(fakeEnv); player != "" {
		os.Exit(command.GameMain("agent", games.Agents, []string{"-player", player}, io.Discard, os.Stderr))
	}
	os.Exit(m.Run())
}

// agent is the command of an agent playing the game's player of that name.
func agent(t *testing.T, player string) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%s=%s exec '%s'", fakeEnv, player, exe)
}

// playMatch plays one game of game between two random agents with the page listening and
// returns the match's directory.
func playMatch(t *testing.T, game string, plies int) string {
	t.Helper()
	return playPlayers(t, game, plies, "random", "random")
}

// playPlayers plays one game of game between the players a and b (A and B) with the
// page listening and returns the match's directory.
func playPlayers(t *testing.T, game string, plies int, a, b string) string {
	t.Helper()
	out := t.TempDir()
	args := []string{"-game", game, "-a", agent(t, a), "-b", agent(t, b), "-games", "1", "-single", "5",
		"-plies", fmt.Sprint(plies), "-out", out}
	var stdout, stderr bytes.Buffer
	if code := homework.RefereeMain(games.Judges, args, &stdout, &stderr, &replay.Page{}); code != 0 {
		t.Fatalf("homework.RefereeMain(%q) = %d, want 0; stderr:\n%s", args, code, stderr.String())
	}
	if want := "replay page: " + filepath.Join(out, "replay.html"); !strings.Contains(stdout.String(), want) {
		t.Errorf("referee.Main's output does not say %q:\n%s", want, stdout.String())
	}
	return out
}

// readPage returns the page's size and the data it embeds, checking that it loads nothing
// from elsewhere.
func readPage(t *testing.T, path string) (int, replay.Data) {
	t.Helper()
	page, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, outside := range []string{"http://", "https://", " src=", "<link"} {
		if i := bytes.Index(page, []byte(outside)); i >= 0 && !bytes.HasPrefix(page[i:], []byte("http://www.w3.org/2000/svg")) {
			t.Errorf("%s refers outside itself: %q", path, page[max(0, i-40):min(len(page), i+40)])
		}
	}
	d, err := replay.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(page, []byte("<!DOCTYPE html>")) || !bytes.HasSuffix(bytes.TrimSpace(page), []byte("</html>")) {
		t.Errorf("%s is not a whole HTML document", path)
	}
	return len(page), *d
}

// TestPageMatchesRecord plays a game of each game and checks that the page holds it ply
// for ply as the record does, and that every step's layers, rebuilt from the edits as the
// script rebuilds them, are the position's picture after that ply.
func TestPageMatchesRecord(t *testing.T) {
	for _, c := range []struct {
		game  string
		plies int
	}{{"halma", 30}, {"reversi", 200}, {"hive", 30}, {"quoridor", 30}, {"streky", 200}} {
		t.Run(c.game, func(t *testing.T) {
			out := playMatch(t, c.game, c.plies)
			size, d := readPage(t, filepath.Join(out, "replay.html"))
			if len(d.Games) != 1 {
				t.Fatalf("the page has %d games, want 1", len(d.Games))
			}
			g := d.Games[0]
			record, err := gamefile.ReadLines(filepath.Join(out, "game-01.txt"))
			if err != nil {
				t.Fatal(err)
			}
			checkPlies(t, g, record)
			checkLayers(t, g, record)
			t.Logf("%s: %d plies, page %d bytes (%d per ply)", c.game, len(g.Plies)-1, size, size/len(g.Plies))
		})
	}
}

// checkPlies: one step per ply line of the record, with its line and move, and the
// record's result.
func checkPlies(t *testing.T, g *replay.Game, record []gamefile.Line) {
	t.Helper()
	lines := plyLines(record)
	result := ""
	for _, l := range record {
		if strings.HasPrefix(l.Text, "result: ") {
			result = l.Text
		}
	}
	if len(g.Plies) != len(lines)+1 {
		t.Fatalf("the page has %d steps, want %d: the start and the record's %d plies", len(g.Plies), len(lines)+1, len(lines))
	}
	for k, line := range lines {
		p := g.Plies[k+1]
		want, _ := loggedMove(line)
		if p.N != k+1 || p.Text != line || p.Move != want {
			t.Errorf("step %d = ply %d %q move %q, want ply %d %q move %q", k+1, p.N, p.Text, p.Move, k+1, line, want)
		}
	}
	if g.Result != result {
		t.Errorf("the page's result = %q, want the record's %q", g.Result, result)
	}
}

// plyLines is the record's line of every ply, in order.
func plyLines(record []gamefile.Line) []string {
	var lines []string
	for _, l := range record {
		if strings.HasPrefix(l.Text, "ply ") && !strings.HasPrefix(l.Text, "ply cap") {
			lines = append(lines, l.Text)
		}
	}
	return lines
}

var playsMove = regexp.MustCompile(`plays \[(.*?)\]`)

// loggedMove is the move a ply's record line logs, if it played one.
func loggedMove(line string) (string, bool) {
	m := playsMove.FindStringSubmatch(line)
	if m == nil {
		return "", false
	}
	return m[1], true
}

// checkLayers replays the record to every ply and compares the position's piece and mark
// layers with the page's.
func checkLayers(t *testing.T, g *replay.Game, record []gamefile.Line) {
	t.Helper()
	var pieces []int
	moves := 0
	for k, p := range g.Plies {
		pieces = append(append(append([]int{}, pieces[:p.Keep]...), p.New...), pieces[len(pieces)-p.Tail:]...)
		if p.Move != "" {
			moves++
		}
		m, _, err := referee.ReadRecord(games.Judges, "game-01.txt", record, moves)
		if err != nil {
			t.Fatalf("step %d: %v", k, err)
		}
		s := m.(render.Drawer).Scene()
		if got, want := shapesOf(g, pieces), describe(s.Pieces); got != want {
			t.Fatalf("step %d: the page's pieces are\n%s\nwant\n%s", k, got, want)
		}
		if got, want := shapesOf(g, p.Marks), describe(s.Marks); got != want {
			t.Fatalf("step %d: the page's marks are\n%s\nwant\n%s", k, got, want)
		}
	}
}

// describe writes shapes one a line: kind, class, fill, numbers, text.
func describe(shapes []render.Shape) string {
	var b strings.Builder
	for _, s := range shapes {
		fmt.Fprintf(&b, "%d %q %s", s.Kind, s.Class, s.Fill.Hex())
		switch s.Kind {
		case render.KindRect:
			fmt.Fprint(&b, " ", s.X, " ", s.Y, " ", s.W, " ", s.H)
		case render.KindCircle:
			fmt.Fprint(&b, " ", s.X, " ", s.Y, " ", s.R)
		case render.KindPolygon:
			for _, p := range s.Points {
				fmt.Fprint(&b, " ", p.X, " ", p.Y)
			}
		case render.KindLine:
			fmt.Fprint(&b, " ", s.X, " ", s.Y, " ", s.X2, " ", s.Y2)
		case render.KindText:
			fmt.Fprintf(&b, " %d %d %d %q", s.X, s.Y, s.Size, s.Text)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// shapesOf writes the page's shapes at indices as describe does.
func shapesOf(g *replay.Game, indices []int) string {
	var b strings.Builder
	for _, i := range indices {
		sh := g.Shapes[i]
		st := g.Styles[int(sh[1].(float64))]
		fmt.Fprintf(&b, "%v %q %s", sh[0], st.Class, st.Fill)
		for _, v := range sh[2:] {
			if s, ok := v.(string); ok {
				fmt.Fprintf(&b, " %q", s)
			} else {
				fmt.Fprint(&b, " ", v)
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// TestPageSize: a 200-ply game's page stays under 1 MB.
func TestPageSize(t *testing.T) {
	if testing.Short() {
		t.Skip("200 moves of agent processes")
	}
	out := playMatch(t, "halma", 200)
	size, d := readPage(t, filepath.Join(out, "replay.html"))
	if n := len(d.Games[0].Plies) - 1; n != 200 {
		t.Fatalf("the game has %d plies, want 200", n)
	}
	if size > 1<<20 {
		t.Errorf("a 200-ply Halma page is %d bytes, want at most 1 MB", size)
	}
	t.Logf("200-ply Halma page: %d bytes", size)
}
