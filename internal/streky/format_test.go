package streky

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"gameagents/internal/gamefile"
)

// specExample is the input.txt of docs/streky.md, its elided rows and cards filled in.
const specExample = `SINGLE
SECOND
1.0
STREKY 10 20
SCORE 12 0
BOARD
......0320..........
......3322..........
......2233..........
......0230..........
....................
....................
....................
....................
....................
....................
HAND 3
0320/3322/2233/0230
233/220
1
OPPONENT 4
0320/3322/2233/0230
233/220
1
40/04
`

func TestParseSpecExample(t *testing.T) {
	in, err := ParseInput("input.txt", gamefile.SplitLines(specExample))
	if err != nil {
		t.Fatal(err)
	}
	p := in.Position
	if in.Header.Mode != gamefile.Single || in.Header.Seconds != 1 {
		t.Errorf("header = %+v, want SINGLE 1.0", in.Header)
	}
	if p.ToMove != 1 || p.Scores != [2]int{0, 12} || p.Passes != 0 {
		t.Errorf("to move %d, scores %v, passes %d; want 1 (SECOND), [0 12] (the mover's is 12), 0", p.ToMove, p.Scores, p.Passes)
	}
	if p.Board.Rows() != 10 || p.Board.Cols() != 20 || p.Board.Covered() != 16 {
		t.Errorf("board %d×%d with %d covered cells, want 10×20 with 16", p.Board.Rows(), p.Board.Cols(), p.Board.Covered())
	}
	if p.Board.At(0, 6) != 0 || p.Board.At(0, 7) != 3 || p.Board.At(3, 9) != 0 || p.Board.At(1, 9) != 2 || p.Board.At(0, 5) != Empty {
		t.Errorf("board cells wrong:\n%s", p.Board.String())
	}
	wantHands := [2][]Card{
		{MustParseCard("0320/3322/2233/0230"), MustParseCard("233/220"), MustParseCard("1"), MustParseCard("40/04")},
		{MustParseCard("0320/3322/2233/0230"), MustParseCard("233/220"), MustParseCard("1")},
	}
	if diff := cmp.Diff(wantHands, p.Hands); diff != "" {
		t.Errorf("hands (-want +got):\n%s", diff)
	}
	if got := string(p.FormatInput(in.Header.Mode, in.Header.Time)); got != specExample {
		t.Errorf("FormatInput of the parsed example differs:\n%s\nwant\n%s", got, specExample)
	}
}

func TestParseTolerance(t *testing.T) {
	// CRLF, trailing spaces and trailing blank lines are the common header's tolerance;
	// fields of the word lines may be separated by several spaces.
	text := strings.ReplaceAll(specExample, "\n", " \r\n") + "\r\n\n"
	text = strings.Replace(text, "SCORE 12 0", "SCORE  12   0", 1)
	want, _ := ParseInput("input.txt", gamefile.SplitLines(specExample))
	got, err := ParseInput("input.txt", gamefile.SplitLines(text))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want.Position, got.Position, cmp.AllowUnexported(Board{})); diff != "" {
		t.Errorf("tolerant parse differs from the plain one:\n%s", diff)
	}
}

func TestParseErrors(t *testing.T) {
	lines := strings.Split(strings.TrimSuffix(specExample, "\n"), "\n")
	edit := func(line int, text string) string { // line is 1-based
		l := append([]string(nil), lines...)
		l[line-1] = text
		return strings.Join(l, "\n") + "\n"
	}
	cut := func(n int) string { return strings.Join(lines[:n], "\n") + "\n" }
	for _, tc := range []struct {
		name, text, want string
	}{
		{"mode", edit(1, "TRIPLE"), `input.txt:1: got "TRIPLE", want SINGLE or GAME`},
		{"side", edit(2, "THIRD"), `input.txt:2: got "THIRD", want FIRST or SECOND`},
		{"time", edit(3, "0"), `input.txt:3: time "0" must be a positive`},
		{"game line", edit(4, "STREKY 10"), `input.txt:4: got "STREKY 10", want STREKY rows cols`},
		{"game word", edit(4, "HIVE 10 20"), `input.txt:4: got "HIVE 10 20", want STREKY rows cols`},
		{"too many rows", edit(4, "STREKY 65 20"), `input.txt:4: board size "65" "20": want rows and cols from 1 to 64`},
		{"no columns", edit(4, "STREKY 10 0"), `input.txt:4: board size "10" "0"`},
		{"huge size", edit(4, "STREKY 1000000000000 20"), `input.txt:4: board size "1000000000000"`},
		{"signed size", edit(4, "STREKY +10 20"), `input.txt:4: board size "+10"`},
		{"score count", edit(5, "SCORE 12"), `input.txt:5: got "SCORE 12", want SCORE`},
		{"negative score", edit(5, "SCORE -1 0"), `input.txt:5: score "-1": want an integer from 0`},
		{"board word", edit(6, "BORD"), `input.txt:6: got "BORD", want BOARD`},
		{"short row", edit(8, "......3322........."), `input.txt:8: row has 19 cells, want 20`},
		{"bad cell", edit(9, "......22x3.........."), `input.txt:9: cell 9: "x", want '.', '0' or a colour '1' to '4'`},
		{"colour 5", edit(9, "......2253.........."), `input.txt:9: cell 9: "5"`},
		{"space in row", edit(9, "......2233 ........."), `input.txt:9: cell 11: " "`},
		{"missing row", cut(10), `input.txt:11: missing line: want board row 5 of 10`},
		{"hand word", edit(17, "CARDS 3"), `input.txt:17: got "CARDS 3", want HAND and the number of cards`},
		{"hand count", edit(17, "HAND 1000000000"), `input.txt:17: card count "1000000000": want an integer from 0 to 256`},
		{"hand too large", edit(17, "HAND 257"), `input.txt:17: card count "257"`},
		{"ragged card", edit(18, "0320/332/2233/0230"), `input.txt:18: card "0320/332/2233/0230": row 2 has 3 cells, want 4 like row 1`},
		{"card value", edit(19, "235/220"), `input.txt:19: card "235/220": "5" at row 1, column 3`},
		{"wide card", edit(20, "111111111"), `input.txt:20: card "111111111": row 1 has 9 cells, want 1 to 8`},
		{"tall card", edit(20, "1/1/1/1/1/1/1/1/1"), `input.txt:20: card "1/1/1/1/1/1/1/1/1" has 9 rows, want at most 8`},
		{"empty card", edit(20, "11//11"), `input.txt:20: card "11//11": row 2 has 0 cells`},
		{"fewer cards than counted", edit(17, "HAND 4"), `input.txt:21: card "OPPONENT 4"`},
		{"opponent word", edit(21, "THEM 4"), `input.txt:21: got "THEM 4", want OPPONENT`},
		{"missing card", cut(24), `input.txt:25: missing line: want card 4 of 4 of OPPONENT`},
		{"extra line", specExample + "1\n", `input.txt:26: unexpected line after the opponent's cards`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseInput("input.txt", gamefile.SplitLines(tc.text))
			if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("ParseInput error = %v, want one starting %q", err, tc.want)
			}
		})
	}
}

// TestInputRoundTrip writes positions of random games with InputLines and parses them back.
func TestInputRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	positions := 0
	for positions < 300 {
		randomGame(t, rng, randomSetup(rng), func(p *Position, _ *Generator, _ []Placement) bool {
			mode, seconds := gamefile.Mode(rng.IntN(2)), "0.5"
			in, err := ParseInput("input.txt", gamefile.SplitLines(string(p.FormatInput(mode, seconds))))
			if err != nil {
				t.Fatalf("ParseInput(FormatInput) = %v for\n%s", err, p.FormatInput(mode, seconds))
			}
			want := p.Clone()
			want.Passes = 0 // input.txt does not record passes
			if diff := cmp.Diff(want, in.Position, cmp.AllowUnexported(Board{})); diff != "" {
				t.Fatalf("round trip (-want +got):\n%s", diff)
			}
			if in.Header.Mode != mode || in.Header.Time != seconds {
				t.Fatalf("header %+v, want %v %s", in.Header, mode, seconds)
			}
			positions++
			return positions%7 != 0 // a few positions of many games
		})
	}
}

func TestMoveFormat(t *testing.T) {
	for _, tc := range []struct {
		text string
		want Move
	}{
		{"PLACE 3,2 0230/2233/3322/0320", Move{Row: 3, Col: 2, Card: MustParseCard("0230/2233/3322/0320")}},
		{"PLACE 0,0 1", Move{Card: MustParseCard("1")}},
		{"PLACE 64,64 12/34", Move{Row: 64, Col: 64, Card: MustParseCard("12/34")}},
		{"PASS", PassMove},
	} {
		got, err := ParseMove(tc.text)
		if err != nil || got != tc.want {
			t.Errorf("ParseMove(%q) = %v, %v; want %v", tc.text, got, err, tc.want)
		}
		if s := FormatMove(got); s != tc.text {
			t.Errorf("FormatMove(ParseMove(%q)) = %q", tc.text, s)
		}
	}
	if got := string(FormatOutput(PassMove)); got != "PASS\n" {
		t.Errorf("FormatOutput(PASS) = %q, want \"PASS\\n\"", got)
	}
	for _, tc := range []struct{ text, want string }{
		{"", "empty move"},
		{"PASS 1", `got "PASS 1", want PASS alone`},
		{"PLACE 3,2", `got "PLACE 3,2", want PLACE row,col card`},
		{"PLACE 3;2 1", `"3;2" is not a cell row,col`},
		{"PLACE -1,2 1", `"-1,2" is not a cell`},
		{"PLACE 65,0 1", `"65,0" is not a cell`},
		{"PLACE 3,2 1/22", `card "1/22": row 2 has 2 cells, want 1 like row 1`},
		{"PLACE 3,2 19", `card "19": "9" at row 1, column 2`},
		{"place 3,2 1", `got "place 3,2 1", want PLACE row,col card or PASS`},
		{"MOVE 3,2", `got "MOVE 3,2", want PLACE`},
	} {
		if _, err := ParseMove(tc.text); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseMove(%q) error = %v, want one saying %q", tc.text, err, tc.want)
		}
	}
}
