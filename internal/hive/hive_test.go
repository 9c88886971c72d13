package hive

import (
	"strings"
	"testing"

	"gameagents/internal/gamefile"
)

func TestGeometry13(t *testing.T) {
	g := NewGeometry(13)
	if len(g.Cells) != 169 {
		t.Fatalf("13×13 board has %d cells, want 169", len(g.Cells))
	}
	if c := g.Cells[g.Centre]; c != (Cell{3, 6}) {
		t.Errorf("centre = %v, want 3,6", c)
	}
	// Row q holds p = -(q div 2) ... 12 - (q div 2).
	for q := 0; q < 13; q++ {
		for p := -10; p < 20; p++ {
			want := p >= -(q/2) && p <= 12-q/2
			if _, ok := g.Index(Cell{p, q}); ok != want || OnBoard(13, Cell{p, q}) != want {
				t.Errorf("cell %d,%d on board = %v, want %v", p, q, ok, want)
			}
		}
	}
	six, edge := 0, 0
	for i, ns := range g.Neighbours {
		for _, j := range ns {
			back := false
			for _, k := range g.Neighbours[j] {
				back = back || k == i
			}
			if !back {
				t.Errorf("%v is a neighbour of %v but not the other way round", g.Cells[j], g.Cells[i])
			}
		}
		if len(ns) == 6 {
			six++
		} else {
			edge++
		}
	}
	// The cells with fewer than six on-board neighbours are the board's edge: 4 sides of 13
	// cells less the 4 corners counted twice.
	if six != 121 || edge != 48 {
		t.Errorf("%d cells with 6 neighbours and %d on the edge, want 121 and 48", six, edge)
	}
}

const example = `SINGLE
LOWER
1.0
HIVE 13 4 5
HAND q0 b2 s1 g2 a2 Q0 B1 S2 G2 A3
CELLS 3
3 6 q
4 6 aBb
3 7 Q
`

func TestParseInput(t *testing.T) {
	in, err := ParseInput("input.txt", gamefile.SplitLines(example))
	if err != nil {
		t.Fatal(err)
	}
	if in.Mover != Lower || in.Moves != [2]int{4, 5} || in.Geometry.N != 13 {
		t.Errorf("mover %v, moves %v, N %d; want LOWER, [4 5], 13", in.Mover, in.Moves, in.Geometry.N)
	}
	if want := [2][5]int{{0, 2, 1, 2, 2}, {0, 1, 2, 2, 3}}; in.Hand != want {
		t.Errorf("hand = %v, want %v", in.Hand, want)
	}
	i, _ := in.Geometry.Index(Cell{4, 6})
	if string(in.Stacks[i]) != "aBb" {
		t.Errorf("stack at 4,6 = %q, want aBb", in.Stacks[i])
	}
	occupied := 0
	for _, s := range in.Stacks {
		if s != nil {
			occupied++
		}
	}
	if occupied != 3 {
		t.Errorf("%d occupied cells, want 3", occupied)
	}
}

func TestParseInputErrors(t *testing.T) {
	tests := []struct {
		name, from, to, want string
	}{
		{"unchanged", "", "", ""},
		{"side", "LOWER", "RED", `input.txt:2: got "RED", want LOWER or UPPER`},
		{"game line", "HIVE 13 4 5", "HIVE 13 4", "input.txt:4: got"},
		{"board size", "HIVE 13 4 5", "HIVE 99 4 5", `input.txt:4: board size "99": want 1 to 16`},
		{"huge move count", "HIVE 13 4 5", "HIVE 13 4000000000 5", "input.txt:4: move count"},
		{"hand kind twice", "q0 b2", "q0 q2", "input.txt:5: q listed twice"},
		{"hand count", "b2", "bx", "input.txt:5: b: got"},
		{"hand length", "A3", "", "input.txt:5: got"},
		{"cell count", "CELLS 3", "CELLS 4", "input.txt:10: missing line: want a cell"},
		{"cell off the board", "3 7 Q", "13 7 Q", "input.txt:9: cell 13,7 is not on the 13×13 board"},
		{"cell twice", "3 7 Q", "3 6 Q", "input.txt:9: cell 3,6 listed twice"},
		{"bad letter", "3 7 Q", "3 7 X", `input.txt:9: cell 3,7: "X" is not a piece letter`},
		{"climbing ant", "aBb", "aBa", "input.txt:8: cell 4,6: a on top of another piece, but only beetles climb"},
		{"two queens", "Q0", "Q1", "input.txt:5: UPPER has 2 queens in hand and on the board, want exactly 1"},
		{"queen missing", "3 7 Q", "3 7 B", "queens in hand and on the board, want exactly 1"},
		{"too many beetles", "b2 s1", "b14 s1", "17 beetles in hand and on the board, more than the 15"},
		{"too many pieces", "A3", "A35", "UPPER has 42 pieces in hand and on the board, more than the 40"},
		{"extra line", "3 7 Q\n", "3 7 Q\nmore\n", "input.txt:10: unexpected line after the 3 cells"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := strings.Replace(example, tt.from, tt.to, 1)
			_, err := ParseInput("input.txt", gamefile.SplitLines(text))
			if tt.want == "" {
				if err != nil {
					t.Errorf("ParseInput = %v, want no error", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("ParseInput = %v, want an error containing %q", err, tt.want)
			}
		})
	}
}
