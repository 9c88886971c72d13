package streky

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// boardFromRows builds a board from rows of '.', '0'..'4'.
func boardFromRows(t *testing.T, rows ...string) *Board {
	t.Helper()
	b, err := NewBoard(len(rows), len(rows[0]))
	if err != nil {
		t.Fatal(err)
	}
	for r, row := range rows {
		if len(row) != b.Cols() {
			t.Fatalf("row %d has %d cells, want %d", r, len(row), b.Cols())
		}
		for c := 0; c < len(row); c++ {
			if row[c] != '.' {
				b.Set(r, c, row[c]-'0')
			}
		}
	}
	return b
}

// bothGains returns the reference's and the generator's placements of hand on b, as
// key → gain, failing when they differ.
func bothGains(t *testing.T, b *Board, hand []Card) map[string]int {
	t.Helper()
	g := NewGenerator()
	fast := gainsOf(t, g, g.Placements(b, hand, nil))
	ref := referenceGainsOf(t, ReferenceMoves(b, hand))
	if diff := gainsDiff(ref, fast); diff != "" {
		t.Fatalf("reference and generator differ (-reference +generator):\n%s", diff)
	}
	return fast.byName()
}

func TestRotateAsTheCourse(t *testing.T) {
	// The assignment's example (section 1.5): card 2 turned counter-clockwise.
	card := MustCard([][]int{{0, 1, 0}, {1, 1, 2}, {0, 0, 2}})
	want := MustCard([][]int{{0, 2, 2}, {1, 1, 0}, {0, 1, 0}})
	if got := card.Rotate(); got != want {
		t.Errorf("Rotate(%v) = %v, want %v", card, got, want)
	}
	// A 2×3 card becomes 3×2 with new[cols-1-c][r] = old[r][c].
	wide := MustParseCard("123/400")
	if got, want := wide.Rotate(), MustParseCard("30/20/14"); got != want {
		t.Errorf("Rotate(%v) = %v, want %v", wide, got, want)
	}
	if got := wide.Rotate().Rotate().Rotate().Rotate(); got != wide {
		t.Errorf("four quarter turns of %v = %v, want the card", wide, got)
	}
}

func TestRotationsDeduplicated(t *testing.T) {
	for _, tc := range []struct {
		card string
		want []string
	}{
		{"11/11", []string{"11/11"}},
		{"2", []string{"2"}},
		{"121/212/121", []string{"121/212/121"}},
		{"11", []string{"11", "1/1"}},
		{"123/321", []string{"123/321", "31/22/13"}},
		{"12/00", []string{"12/00", "20/10", "00/21", "01/02"}},
		{"1234", []string{"1234", "4/3/2/1", "4321", "1/2/3/4"}},
	} {
		var got []string
		for _, c := range MustParseCard(tc.card).Rotations() {
			got = append(got, c.String())
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("Rotations(%s) (-want +got):\n%s", tc.card, diff)
		}
	}
}

// TestPDFExampleGame replays the assignment's example game (section 1.9) through Apply, each
// player holding the cards it plays, and checks all 8 gains, the scores, and that the
// generator lists each move with the same gain.
func TestPDFExampleGame(t *testing.T) {
	data, err := os.ReadFile("testdata/pdf_example_game.json")
	if err != nil {
		t.Fatal(err)
	}
	var game struct {
		Rows  int `json:"boardRows"`
		Cols  int `json:"boardCols"`
		Moves []struct {
			Move     int     `json:"move"`
			Row      int     `json:"row"`
			Col      int     `json:"col"`
			Card     [][]int `json:"card"`
			Expected int     `json:"expected_gain"`
		} `json:"moves"`
	}
	if err := json.Unmarshal(data, &game); err != nil {
		t.Fatal(err)
	}
	if len(game.Moves) != 8 {
		t.Fatalf("%d moves, want 8", len(game.Moves))
	}
	p, err := NewGame(game.Rows, game.Cols, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range game.Moves {
		p.Hands[i%2] = append(p.Hands[i%2], MustCard(m.Card))
	}
	g := NewGenerator()
	var wantScores [2]int
	for i, m := range game.Moves {
		move := Move{Row: m.Row, Col: m.Col, Card: MustCard(m.Card)}
		listed := -1
		for _, pl := range g.Placements(&p.Board, p.Hand(), nil) {
			if g.Move(pl) == move {
				listed = int(pl.Gain)
			}
		}
		if listed != m.Expected {
			t.Errorf("move %d: generator gain %d, want %d (-1: not listed)", m.Move, listed, m.Expected)
		}
		gain, err := p.Apply(move)
		if err != nil {
			t.Fatalf("move %d %s: %v", m.Move, FormatMove(move), err)
		}
		if gain != m.Expected {
			t.Errorf("move %d: gain %d, want %d", m.Move, gain, m.Expected)
		}
		wantScores[i%2] += m.Expected
	}
	if p.Scores != wantScores || wantScores != [2]int{39, 62} {
		t.Errorf("scores %v, want %v = [39 62] as the assignment says", p.Scores, wantScores)
	}
}

// TestHandBuilt checks placement sets and gains of small positions built by hand, against
// the numbers worked out from the spec's sentences (and the generator against the reference).
func TestHandBuilt(t *testing.T) {
	for _, tc := range []struct {
		name  string
		board []string
		hand  []string
		want  map[string]int // every placement → gain
	}{
		{
			name:  "corner contact does not count",
			board: []string{"1..", "...", "..."},
			hand:  []string{"2"},
			want:  map[string]int{"0,1 2": 0, "1,0 2": 0},
		},
		{
			name:  "a colourless cell gives contact and never scores",
			board: []string{"...", ".0.", "..."},
			hand:  []string{"00"},
			want:  map[string]int{"0,0 0/0": 0, "0,2 0/0": 0, "1,0 0/0": 0, "1,2 0/0": 0, "0,1 00": 0, "2,1 00": 0, "0,0 00": 0, "2,0 00": 0},
		},
		{
			name:  "same colour through a colourless cell does not join",
			board: []string{"101", "..."},
			hand:  []string{"1"},
			want:  map[string]int{"1,0 1": 2, "1,1 1": 0, "1,2 1": 2},
		},
		{
			// The old region (3 cells) is reached by both groups of the card: the new region
			// is 5 cells, counted once (not 4 + 4).
			name:  "a region reached by two groups counts once",
			board: []string{"111", "...", "222"},
			hand:  []string{"101"},
			want:  map[string]int{"1,0 101": 5},
		},
		{
			// Two old regions of the same colour joined by one group: both score, with the group.
			name:  "a group joining two regions scores both",
			board: []string{"1.1", "0.0"},
			hand:  []string{"1/0"},
			want:  map[string]int{"0,1 1/0": 3, "0,1 0/1": 0},
		},
		{
			// The 5-cell group of 3s touches no 3: it scores 0 however large; the 1 joins
			// the old 1. Only the card and its 180° turn fit the 2×3 space.
			name:  "a group joining nothing scores 0",
			board: []string{"1...", "2..."},
			hand:  []string{"133/333"},
			want:  map[string]int{"0,1 133/333": 2, "0,1 333/331": 0},
		},
		{
			// Of the card's two distinct rotations only the 2×3 one fits the hole; its 180°
			// turn is the same matrix, so there is one placement.
			name:  "only one rotation fits",
			board: []string{"00000", "0...0", "0...0", "00000"},
			hand:  []string{"123/321"},
			want:  map[string]int{"1,1 123/321": 0},
		},
		{
			name:  "a card bigger than the board never fits",
			board: []string{"..", ".."},
			hand:  []string{"111"},
			want:  map[string]int{},
		},
		{
			name:  "full board: no placement",
			board: []string{"12", "30"},
			hand:  []string{"1", "22"},
			want:  map[string]int{},
		},
		{
			name:  "first card: anywhere it fits, gain 0",
			board: []string{"...", "..."},
			hand:  []string{"12/34"},
			want: map[string]int{
				"0,0 12/34": 0, "0,1 12/34": 0, "0,0 24/13": 0, "0,1 24/13": 0,
				"0,0 43/21": 0, "0,1 43/21": 0, "0,0 31/42": 0, "0,1 31/42": 0,
			},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var hand []Card
			for _, s := range tc.hand {
				hand = append(hand, MustParseCard(s))
			}
			got := bothGains(t, boardFromRows(t, tc.board...), hand)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("placements (-want +got):\n%s", diff)
			}
		})
	}
}

func TestCheckAndApply(t *testing.T) {
	p, err := NewGame(4, 4, []Card{MustParseCard("11/22"), MustParseCard("3")})
	if err != nil {
		t.Fatal(err)
	}
	apply := func(text string, wantGain int) {
		t.Helper()
		m, err := ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		gain, err := p.Apply(m)
		if err != nil || gain != wantGain {
			t.Fatalf("Apply(%s) = %d, %v; want %d, nil", text, gain, err, wantGain)
		}
	}
	reject := func(text, wantErr string) {
		t.Helper()
		m, err := ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		before := p.Clone()
		if _, err := p.Apply(m); err == nil || !strings.Contains(err.Error(), wantErr) {
			t.Errorf("Apply(%s) error = %v, want one saying %q", text, err, wantErr)
		}
		if diff := cmp.Diff(before, p, cmp.AllowUnexported(Board{})); diff != "" {
			t.Errorf("a rejected move changed the position:\n%s", diff)
		}
	}
	reject("PASS", "PASS while a card fits")
	reject("PLACE 0,0 4", "not a rotation")
	reject("PLACE 3,3 11/22", "not inside")
	apply("PLACE 0,0 21/21", 0) // a rotation of 11/22, anywhere on the empty board
	if p.ToMove != 1 || len(p.Hands[0]) != 1 || p.Hands[0][0] != MustParseCard("3") {
		t.Fatalf("after the first move: to move %d, hand %v; want 1 and [3]", p.ToMove, p.Hands[0])
	}
	reject("PLACE 1,1 11/22", "covers the already covered cell 1,1")
	reject("PLACE 2,2 11/22", "touches no covered cell")
	apply("PLACE 2,0 22/11", 4) // the 2s join the column of 2s above: 2 + 2
	apply("PLACE 0,2 3", 0)
	if p.Scores != [2]int{0, 4} {
		t.Errorf("scores %v, want [0 4]", p.Scores)
	}
	// Player 1 has a 3 left, which fits; player 0 has nothing.
	apply("PLACE 0,3 3", 2)
	if p.GameOver() {
		t.Fatal("game over before any pass")
	}
	apply("PASS", 0)
	if p.GameOver() || p.Passes != 1 {
		t.Fatalf("after one pass: over %v, passes %d; want false, 1", p.GameOver(), p.Passes)
	}
	apply("PASS", 0)
	if !p.GameOver() {
		t.Fatal("two passes in succession: want the game over")
	}
	reject("PASS", "the game is over")
	if p.Scores != [2]int{0, 6} {
		t.Errorf("final scores %v, want [0 6]", p.Scores)
	}
}

func TestPassResetsAfterPlacement(t *testing.T) {
	// Player 0's 1×3 card fits nowhere, so it passes; player 1 places, and the count of
	// passes starts again.
	p := &Position{Board: *boardFromRows(t, "0..", "000"), Hands: [2][]Card{{MustParseCard("111")}, {MustParseCard("2")}}}
	if _, err := p.Apply(PassMove); err != nil {
		t.Fatal(err)
	}
	if _, err := p.Apply(Move{Row: 0, Col: 1, Card: MustParseCard("2")}); err != nil {
		t.Fatal(err)
	}
	if p.Passes != 0 || p.GameOver() {
		t.Errorf("after pass then place: passes %d, want 0", p.Passes)
	}
}

func TestBoardSetKeepsMasks(t *testing.T) {
	b, err := NewBoard(MaxSide, MaxSide)
	if err != nil {
		t.Fatal(err)
	}
	for _, step := range []struct {
		r, c int
		v    uint8
	}{{0, 0, 1}, {0, 63, 0}, {63, 63, 4}, {63, 63, 2}, {0, 0, Empty}, {5, 7, Empty}, {63, 0, 3}} {
		b.Set(step.r, step.c, step.v)
		checkBoardInvariant(t, b)
	}
	if b.Covered() != 3 || b.At(63, 63) != 2 || b.At(0, 0) != Empty {
		t.Errorf("after the sets: %d covered, (63,63)=%d, (0,0)=%d; want 3, 2, Empty", b.Covered(), b.At(63, 63), b.At(0, 0))
	}
	for _, size := range [][2]int{{0, 5}, {5, 0}, {65, 1}, {1, 65}} {
		if _, err := NewBoard(size[0], size[1]); err == nil {
			t.Errorf("NewBoard(%d, %d) succeeded, want an error", size[0], size[1])
		}
	}
}
