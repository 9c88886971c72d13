package halma

import (
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"gameagents/internal/gamefile"
	"gameagents/internal/render"
)

// loadMatch is the referee's match of an input.txt given as its lines.
func loadMatch(t *testing.T, lines []string) *judgeMatch {
	t.Helper()
	m, err := Game{}.Load(gamefile.SplitLines(strings.Join(lines, "\n") + "\n"))
	if err != nil {
		t.Fatal(err)
	}
	return m.(*judgeMatch)
}

// loadFile is the referee's match of an input.txt on disk.
func loadFile(t *testing.T, path string) *judgeMatch {
	t.Helper()
	lines, err := gamefile.ReadLines(path)
	if err != nil {
		t.Fatal(err)
	}
	m, err := Game{}.Load(lines)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return m.(*judgeMatch)
}

// boardInput is a SINGLE input.txt with black to move whose board is empty but for the
// pieces placed by each row of rows, written over the board from its top-left corner.
func boardInput(rows ...string) []string {
	lines := []string{"SINGLE", "BLACK", "10"}
	for y := range Size {
		row := []byte(strings.Repeat(".", Size))
		if y < len(rows) {
			copy(row, rows[y])
		}
		lines = append(lines, string(row))
	}
	return lines
}

// square is a cycle of four landings round the empty 6,6: the black piece on 5,5 reaches 7,7 over 6,5 and 7,6,
// or over 5,6 and 6,7, and either way may go on round the cycle to the third landing.
var square = boardInput(
	"", "", "", "", "",
	".....BW.",
	".....W.W",
	"......W.",
)

// lattice has empty landings 2 apart in a 5×5 block, every two neighbours of which a piece
// separates: the chains from its corner are far too many to list (maxChainWork).
func lattice() []string {
	var rows []string
	for y := range 14 {
		row := []byte(strings.Repeat(".", Size))
		for x := 3; x <= 13 && y >= 3; x++ {
			if x%2 == 1 || y%2 == 1 {
				row[x] = 'W'
			}
		}
		rows = append(rows, string(row))
	}
	rows[4] = rows[4][:4] + "B" + rows[4][5:]
	return boardInput(rows...)
}

// randomPlay is the start with first to move after plies random picks, from seed.
func randomPlay(t *testing.T, first int, seed uint64, plies int) *judgeMatch {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 28))
	m := Game{}.New(first).(*judgeMatch)
	for range plies {
		picks := m.Picks()
		if len(picks) == 0 {
			t.Fatalf("seed %d: no picks before ply %d", seed, plies)
		}
		if _, _, err := m.Play([]byte(picks[rng.IntN(len(picks))].Output), true); err != nil {
			t.Fatal(err)
		}
	}
	return m
}

// TestPicksAreTheMoves: a position's picks play, between them, exactly the generator's
// legal moves, each pick one that Play accepts; there are as many picks as moves unless
// chains part and meet again (wantPicks counts them, by hand for square).
func TestPicksAreTheMoves(t *testing.T) {
	tests := []struct {
		name      string
		match     func(t *testing.T) *judgeMatch
		wantMoves int
		wantPicks int // -1: not known by hand
	}{
		{"start black", func(*testing.T) *judgeMatch { return Game{}.New(0).(*judgeMatch) }, 40, 40},
		{"start white", func(*testing.T) *judgeMatch { return Game{}.New(1).(*judgeMatch) }, 40, 40},
		{"square", func(t *testing.T) *judgeMatch { return loadMatch(t, square) }, 9, 12},
		{"longest official chain", func(t *testing.T) *judgeMatch {
			return loadFile(t, filepath.Join("testdata", "cases", "013-input.txt"))
		}, 208, 2656},
		{"lattice: one chain a move", func(t *testing.T) *judgeMatch { return loadMatch(t, lattice()) }, -1, -1},
		{"no legal move", func(t *testing.T) *judgeMatch {
			return loadFile(t, filepath.Join("..", "..", "samples", "halma", "no-legal-move", "input.txt"))
		}, 0, 0},
		{"decided", func(t *testing.T) *judgeMatch {
			return loadFile(t, filepath.Join("..", "..", "samples", "halma", "decided-white-won", "input.txt"))
		}, -1, 0},
		{"random seed 1 ply 30", func(t *testing.T) *judgeMatch { return randomPlay(t, 0, 1, 30) }, -1, -1},
		{"random seed 2 ply 61", func(t *testing.T) *judgeMatch { return randomPlay(t, 1, 2, 61) }, -1, -1},
		{"random seed 3 ply 120", func(t *testing.T) *judgeMatch { return randomPlay(t, 0, 3, 120) }, -1, -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := tt.match(t)
			picks := m.Picks()
			if tt.wantPicks >= 0 && len(picks) != tt.wantPicks {
				t.Errorf("len(Picks()) = %d, want %d", len(picks), tt.wantPicks)
			}
			if m.HasMove() != (len(picks) > 0) {
				t.Errorf("HasMove() = %v with %d picks", m.HasMove(), len(picks))
			}
			if m.over {
				return
			}
			var buf [MaxMoves]Move
			moves := m.g.Generate(m.b, m.toMove, Legal, buf[:0])
			if tt.wantMoves >= 0 && len(moves) != tt.wantMoves {
				t.Errorf("Generate = %d moves, want %d", len(moves), tt.wantMoves)
			}
			want := map[Move]bool{}
			for _, mv := range moves {
				want[mv] = true
			}
			got := map[Move]bool{}
			for _, p := range picks {
				got[pickMove(t, m, p)] = true
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("the picks' moves differ from Generate's (-want +got):\n%s", diff)
			}
		})
	}
}

// pickMove checks that Play accepts p's output on a copy of m, whose board stays as it
// was, and returns the move it plays.
func pickMove(t *testing.T, m *judgeMatch, p render.Pick) Move {
	t.Helper()
	c, b := *m, *m.b
	c.b = &b
	if _, _, err := c.Play([]byte(p.Output), true); err != nil {
		t.Fatalf("Play(%q) = %v, want it accepted", p.Output, err)
	}
	lines := strings.Split(strings.TrimSuffix(p.Output, "\n"), "\n")
	first, _ := ParseHop(lines[0])
	last, _ := ParseHop(lines[len(lines)-1])
	return Move{first.From, last.To}
}

// TestPickSteps: known moves are entered by the clicks they should be, at the centres of
// their squares (40+32x, 40+32y pixels).
func TestPickSteps(t *testing.T) {
	at := func(x, y int) render.Step {
		return render.Step{On: true, X: 40 + 32*x, Y: 40 + 32*y, Label: Sq(x, y).String()}
	}
	tests := []struct {
		name   string
		match  func(t *testing.T) *judgeMatch
		output string
		want   []render.Step
	}{
		{"start: step out of the camp", func(*testing.T) *judgeMatch { return Game{}.New(0).(*judgeMatch) },
			"E 3,2 4,2\n", []render.Step{at(3, 2), at(4, 2)}},
		{"start: jump out of the camp", func(*testing.T) *judgeMatch { return Game{}.New(0).(*judgeMatch) },
			"J 2,2 4,2\n", []render.Step{at(2, 2), at(4, 2)}},
		{"start: white jump", func(*testing.T) *judgeMatch { return Game{}.New(1).(*judgeMatch) },
			"J 13,13 11,13\n", []render.Step{at(13, 13), at(11, 13)}},
		{"square: one way round", func(t *testing.T) *judgeMatch { return loadMatch(t, square) },
			"J 5,5 7,5\nJ 7,5 7,7\n", []render.Step{at(5, 5), at(7, 5), at(7, 7)}},
		{"square: the other way", func(t *testing.T) *judgeMatch { return loadMatch(t, square) },
			"J 5,5 5,7\nJ 5,7 7,7\n", []render.Step{at(5, 5), at(5, 7), at(7, 7)}},
		{"square: stop at the first landing", func(t *testing.T) *judgeMatch { return loadMatch(t, square) },
			"J 5,5 5,7\n", []render.Step{at(5, 5), at(5, 7)}},
		{"square: three hops", func(t *testing.T) *judgeMatch { return loadMatch(t, square) },
			"J 5,5 7,5\nJ 7,5 7,7\nJ 7,7 5,7\n", []render.Step{at(5, 5), at(7, 5), at(7, 7), at(5, 7)}},
		{"lattice: the engine's chain", func(t *testing.T) *judgeMatch { return loadMatch(t, lattice()) },
			"J 4,4 6,6\nJ 6,6 8,8\nJ 8,8 10,10\nJ 10,10 12,12\n", []render.Step{at(4, 4), at(6, 6), at(8, 8), at(10, 10), at(12, 12)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, p := range tt.match(t).Picks() {
				if p.Output == tt.output {
					if diff := cmp.Diff(tt.want, p.Steps); diff != "" {
						t.Errorf("steps of %q (-want +got):\n%s", tt.output, diff)
					}
					return
				}
			}
			t.Errorf("no pick plays %q", tt.output)
		})
	}
}

// TestPicksFallBack: past maxChainWork a position has one pick a move, along the chain
// output.txt gets from the engine (MoveLines).
func TestPicksFallBack(t *testing.T) {
	m := loadMatch(t, lattice())
	var buf [MaxMoves]Move
	moves := m.g.Generate(m.b, m.toMove, Legal, buf[:0])
	picks := m.Picks()
	if len(picks) != len(moves) {
		t.Fatalf("len(Picks()) = %d, want one a move: %d", len(picks), len(moves))
	}
	for i, mv := range moves {
		if want := string(gamefile.JoinLines(MoveLines(m.b, mv))); picks[i].Output != want {
			t.Errorf("pick %d plays %q, want %q", i, picks[i].Output, want)
		}
	}
}
