package referee_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gameagents/internal/command/homework"
	"gameagents/internal/referee"
	"gameagents/internal/rules"
)

// TestOpenings: games start after the opening's moves, which the record shows and the
// winner's count includes; a pair of games shares an opening.
func TestOpenings(t *testing.T) {
	file := filepath.Join(t.TempDir(), "openings.txt")
	if err := os.WriteFile(file, []byte("# comment\n\n2 2\n1 1 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	games := []rules.Game{countGame{target: 5}}
	out, _ := runMain(t, games, "-a", plays1, "-b", plays1, "-games", "4", "-single", "1", "-openings", file)
	rows := readSummary(t, out)
	var got []string
	for _, r := range rows {
		got = append(got, r["winner"]+"/"+r["plies"])
	}
	// Games 1-2: 2+2, then the first mover's 1 reaches 5 at ply 3. Games 3-4: 1+1+1,
	// then 1 and 1: the fifth ply reaches 5, played by the first mover (A in game 3).
	if want := []string{"A/3", "B/3", "A/5", "B/5"}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("winner/plies = %v, want %v", got, want)
	}
	rec := readFile(t, filepath.Join(out, "game-03.txt"))
	for _, s := range []string{"opening: 1 1 1 (opening 2 of 2, played by the referee)", "ply 1: opening: TWO plays [1]", "ply 3: opening: TWO plays [1]", "ply 4: printf-b (ONE) plays [1]"} {
		if !strings.Contains(rec, s) {
			t.Errorf("game-03.txt lacks %q:\n%s", s, rec)
		}
	}
}

func TestBadOpenings(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{"illegal": "1 7\n", "empty": "# nothing\n"} {
		file := filepath.Join(dir, name)
		os.WriteFile(file, []byte(text), 0o644)
		var stdout, stderr bytes.Buffer
		code := homework.RefereeMain([]rules.Game{countGame{target: 5}}, []string{"-a", plays1, "-b", plays1, "-openings", file, "-out", filepath.Join(dir, name+"-out")}, &stdout, &stderr)
		if code == 0 || !strings.Contains(stderr.String(), "opening") {
			t.Errorf("%s openings: Main = %d, stderr %q; want a failure naming the opening", name, code, stderr.String())
		}
	}
}

// TestReadOpeningsSemicolons: a line with a semicolon splits at semicolons, for games whose
// moves are several words; other lines split at spaces.
func TestReadOpeningsSemicolons(t *testing.T) {
	file := filepath.Join(t.TempDir(), "openings.txt")
	text := "PLACE a 3,6;  PLACE B  3,5 ;\nd3 c5\n"
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := referee.ReadOpenings(file)
	want := [][]string{{"PLACE a 3,6", "PLACE B 3,5"}, {"d3", "c5"}}
	if err != nil || fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("ReadOpenings = %q, %v; want %q", got, err, want)
	}
}

// TestReadOpeningsErrors: a bad openings file is an error naming the file and, for a bad
// line, the line; the file is read to a bounded size.
func TestReadOpeningsErrors(t *testing.T) {
	for _, tc := range []struct {
		name, text, want string // want follows the file's path
	}{
		{"no moves", "d3 c5\n ; ;\n", ":2: an opening without moves"},
		{"first move a comment", "# ok\n;#d3 c5\n", `:2: an opening starting with "#d3 c5" would read as a comment`},
		{"empty", "# nothing\n\n", ": no openings"},
		{"huge", strings.Repeat("d3 c5\n", 200_000), ": larger than 1048576 bytes"},
		{"missing", "", ": no such file or directory"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "openings.txt")
			if tc.name != "missing" {
				os.WriteFile(file, []byte(tc.text), 0o644)
			}
			_, err := referee.ReadOpenings(file)
			if err == nil || err.Error() != file+tc.want {
				t.Errorf("ReadOpenings(%s) error = %v, want %s", tc.name, err, file+tc.want)
			}
		})
	}
}

// TestRepeatedGamesWarned: without openings, deterministic agents replay games 1-4 in games
// 5-8 (the same sides, the same first mover, the same moves), and the summary says so; with
// openings that differ, nothing repeats.
func TestRepeatedGamesWarned(t *testing.T) {
	games := []rules.Game{countGame{target: 5}}
	_, stdout := runMain(t, games, "-a", plays1, "-b", plays1, "-games", "8", "-single", "1")
	if !strings.Contains(stdout, "warning: 4 of 8 games repeated an earlier game move for move") {
		t.Errorf("summary without openings:\n%s\nwant the warning of 4 repeated games", stdout)
	}
	file := filepath.Join(t.TempDir(), "openings.txt")
	os.WriteFile(file, []byte("1\n2\n2 2\n1 2\n"), 0o644)
	_, stdout = runMain(t, games, "-a", plays1, "-b", plays1, "-games", "8", "-single", "1", "-openings", file)
	if strings.Contains(stdout, "repeated") {
		t.Errorf("summary with openings:\n%s\nwant no repeats", stdout)
	}
}

// TestRepeats: an opening repeats an earlier one when its moves are the same, however the
// line spaced them; each repeat names the first opening it repeats.
func TestRepeats(t *testing.T) {
	tests := []struct {
		ops  [][]string
		want string
	}{
		{[][]string{{"d3", "c5"}, {"c4", "e3"}}, "[]"},
		{[][]string{{"d3", "c5"}, {"c4"}, {"d3", "c5"}, {"d3", "c5"}}, "[[3 1] [4 1]]"},
		{[][]string{{"d3"}, {"d3", "c5"}, {"c5", "d3"}}, "[]"},
		{[][]string{{"PLACE a 3,6", "PLACE B 3,5"}, {"MOVE 4,1"}, {"MOVE 4,1"}, {"PLACE a 3,6", "PLACE B 3,5"}}, "[[3 2] [4 1]]"},
	}
	for _, tt := range tests {
		if got := fmt.Sprint(referee.Repeats(tt.ops)); got != tt.want {
			t.Errorf("Repeats(%q) = %s, want %s", tt.ops, got, tt.want)
		}
	}
}

// TestRepeatedOpeningsWarned: a match with an openings file that repeats an opening still
// plays, and says on stderr which opening repeats which.
func TestRepeatedOpeningsWarned(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "openings.txt")
	if err := os.WriteFile(file, []byte("2 2\n1 1 1\n2 2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	code := homework.RefereeMain([]rules.Game{countGame{target: 5}}, []string{"-a", plays1, "-b", plays1, "-games", "2", "-single", "1", "-openings", file, "-out", filepath.Join(dir, "out")}, &stdout, &stderr)
	if code != 0 || !strings.Contains(stderr.String(), "opening 3 repeats opening 1 (openings repeated: 1 of 3)") {
		t.Errorf("Main = %d, stderr %q; want the match played and the repeat named", code, stderr.String())
	}
}
