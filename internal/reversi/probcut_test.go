package reversi

import (
	"flag"
	"fmt"
	"math"
	"math/bits"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gameagents/internal/gamefile"
)

var (
	probCutSigmaTool  = flag.Bool("probcut-sigma", false, "measure ProbCut's σ table on testdata/single-bench and print it")
	probCutSigmaDepth = flag.Int("probcut-sigma-depth", probCutMaxSigmaDepth, "with -probcut-sigma: the deepest depth measured (at most 16)")
	probCutSigmaEvery = flag.Int("probcut-sigma-every", 1, "with -probcut-sigma: measure every Nth position only")
	probCutSigmaRaw   = flag.String("probcut-sigma-raw", "", "with -probcut-sigma: also write each position's empties and scores by depth (1/100 disc) to this file")
)

// probCutSigmaMost bounds -probcut-sigma-depth: the deepest row the tool can measure.
const probCutSigmaMost = 16

// benchBoards reads the SINGLE benchmark positions (testdata/single-bench), each from its
// side to move's point of view.
func benchBoards(t testing.TB) []Board {
	files, err := filepath.Glob(filepath.Join("testdata", "single-bench", "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no benchmark positions: %v", err)
	}
	var boards []Board
	for _, f := range files {
		lines, err := gamefile.ReadLines(f)
		if err != nil {
			t.Fatal(err)
		}
		in, err := ParseInput(f, lines)
		if err != nil {
			t.Fatal(err)
		}
		boards = append(boards, in.Board)
	}
	return boards
}

// TestProbCutSigma measures, on the benchmark positions with more empty squares than the
// depth, the spread of v(d) − v(probCutDepth(d)) for the full-width search (ProbCut off),
// by stage, and prints probCutSigma's Go text:
//
//	go test ./internal/reversi -run TestProbCutSigma -probcut-sigma -v -timeout 30m
//
// -probcut-sigma-depth measures deeper rows than the tables hold (each two plies cost
// several times the time), -probcut-sigma-every a sample of the positions.
func TestProbCutSigma(t *testing.T) {
	if !*probCutSigmaTool {
		t.Skip("a data tool: run with -probcut-sigma")
	}
	deepest, every := *probCutSigmaDepth, *probCutSigmaEvery
	if deepest < probCutMinDepth || deepest > probCutSigmaMost || every < 1 {
		t.Fatalf("-probcut-sigma-depth %d (want %d to %d), -probcut-sigma-every %d (want 1 or more)",
			deepest, probCutMinDepth, probCutSigmaMost, every)
	}
	var raw strings.Builder
	var sum, sum2 [probCutSigmaMost + 1][probCutStages]float64
	var count [probCutSigmaMost + 1][probCutStages]int
	e := NewEngine(20)
	e.NoProbCut = true
	var positions []Board
	for _, b := range benchBoards(t) { // each position and every child of it
		positions = append(positions, b)
		for m := b.Moves(); m != 0; m &= m - 1 {
			positions = append(positions, b.Play(bits.TrailingZeros64(m)))
		}
	}
	for i, b := range positions {
		empties := bits.OnesCount64(^(b.Own | b.Opp))
		if i%every != 0 || b.Moves() == 0 || empties <= probCutMinDepth {
			continue
		}
		var v [probCutSigmaMost + 1]int32
		depth := 0
		e.ClearTT()
		e.search(b, Limits{MaxDepth: min(deepest, empties-1)}, func(r Result) {
			depth = r.Depth
			v[r.Depth] = r.Score
		})
		fmt.Fprint(&raw, empties)
		for d := 1; d <= depth; d++ {
			fmt.Fprint(&raw, " ", v[d])
		}
		raw.WriteByte('\n')
		st := probCutStage(empties)
		for d := probCutMinDepth; d <= depth; d++ {
			diff := float64(v[d] - v[probCutDepth(d)])
			sum[d][st] += diff
			sum2[d][st] += diff * diff
			count[d][st]++
		}
		if i%200 == 0 {
			t.Logf("position %d: %d empties, depth %d", i, empties, depth)
		}
	}
	if *probCutSigmaRaw != "" {
		if err := os.WriteFile(*probCutSigmaRaw, []byte(raw.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var sb strings.Builder
	for _, table := range []string{"probCutMean", "probCutSigma"} {
		size := "probCutMaxSigmaDepth + 1"
		if deepest != probCutMaxSigmaDepth { // rows the tables do not hold: a table of their size
			size = fmt.Sprint(deepest + 1)
		}
		fmt.Fprintf(&sb, "var %s = [%s][probCutStages]int16{\n", table, size)
		for d := probCutMinDepth; d <= deepest; d++ {
			var row, notes []string
			for st := range probCutStages {
				n := float64(max(count[d][st], 1))
				mean := sum[d][st] / n
				v := mean
				if table == "probCutSigma" {
					v = math.Sqrt(max(sum2[d][st]/n-mean*mean, 0))
				}
				row = append(row, fmt.Sprintf("%.0f", v))
				notes = append(notes, fmt.Sprint(count[d][st]))
			}
			fmt.Fprintf(&sb, "\t%d: {%s}, // positions: %s\n", d, strings.Join(row, ", "), strings.Join(notes, ", "))
		}
		sb.WriteString("}\n")
	}
	t.Log("\n" + sb.String())
	os.Stdout.WriteString(sb.String())
}

// TestProbCutDepth: the shallow search is shallower than the deep one and has its parity.
func TestProbCutDepth(t *testing.T) {
	for d := probCutMinDepth; d <= 30; d++ {
		if s := probCutDepth(d); s < 1 || s >= d || s%2 != d%2 {
			t.Errorf("probCutDepth(%d) = %d, want 1 to %d with the parity of %d", d, s, d-1, d)
		}
	}
}

// TestProbCut: on the benchmark positions a search of fixed depth with ProbCut visits
// fewer nodes than without, and mostly agrees on the move; searched to the end of the
// game it stays exact (no node that reaches the end is cut). Many benchmark positions are
// symmetric (the start and its first plies), so moves agree when the positions after them
// are images of each other: which of two equal moves a search keeps is not ProbCut's error.
func TestProbCut(t *testing.T) {
	var with, without int64
	agree, n := 0, 0
	for i, b := range benchBoards(t) {
		empties := bits.OnesCount64(^(b.Own | b.Opp))
		if i%5 != 0 || b.Moves() == 0 || empties < 20 {
			continue
		}
		on, off := NewEngine(16), NewEngine(16)
		off.NoProbCut = true
		a := on.Search(b, Limits{MaxDepth: 7}, nil)
		c := off.Search(b, Limits{MaxDepth: 7}, nil)
		with, without, n = with+a.Nodes, without+c.Nodes, n+1
		if a.Move == c.Move || sameAfterSymmetry(b, a.Move, c.Move) {
			agree++
		}
	}
	if n < 20 || with >= without*3/4 || agree < n*2/3 {
		t.Errorf("depth 7 on %d positions: %d nodes with ProbCut, %d without, same move %d times; want at least 20 positions, a quarter fewer nodes, the same move two times in three", n, with, without, agree)
	}
	s := NewSolver(16)
	for i, b := range randomPositions(7, 20, 48) {
		e := NewEngine(14)
		empties := bits.OnesCount64(^(b.Own | b.Opp))
		got := e.Search(b, Limits{MaxDepth: empties}, nil)
		want, _ := s.Solve(b)
		if b.Moves() != 0 && (!got.Exact || got.Score != int32(want)*discScore) {
			t.Errorf("position %d (%d empties) searched to the end = %d (exact %v), want the solver's %d", i, empties, got.Score, got.Exact, want*discScore)
		}
	}
}

// sameAfterSymmetry reports whether the positions after moves m and n of b are images of
// each other under one of the board's eight symmetries.
func sameAfterSymmetry(b Board, m, n int) bool {
	if m < 0 || n < 0 {
		return false
	}
	x, _ := Canonical(b.Play(m))
	y, _ := Canonical(b.Play(n))
	return x == y
}
