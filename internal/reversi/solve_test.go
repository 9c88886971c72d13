package reversi

import (
	"bufio"
	"math/bits"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"gameagents/internal/clock"
)

// ffoPosition is one FFO test position with its exact best score and best moves.
type ffoPosition struct {
	num   int
	pos   Position
	score int
	best  map[int]bool
}

func readFFO(t testing.TB, file string, first int) []ffoPosition {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "ffo", file))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []ffoPosition
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		text := strings.TrimSpace(sc.Text())
		if text == "" {
			continue
		}
		p, err := ParseOBF(text)
		if err != nil {
			t.Fatal(err)
		}
		fp := ffoPosition{num: first + len(out), pos: p, best: map[int]bool{}}
		_, moves, _ := strings.Cut(text, ";")
		for i, item := range strings.Split(moves, ";") {
			name, val, ok := strings.Cut(strings.TrimSpace(item), ":")
			if !ok {
				continue
			}
			v, _ := strconv.Atoi(strings.TrimPrefix(val, "+"))
			sq, _ := ParseSquare(name)
			if i == 0 {
				fp.score = v
			}
			if v == fp.score {
				fp.best[sq] = true
			}
		}
		out = append(out, fp)
	}
	return out
}

// slowSolve is plain negamax over every move: the reference the solver must agree with.
func slowSolve(b Board, passed bool) int {
	moves := b.Moves()
	if moves == 0 {
		if passed {
			return final(b)
		}
		return -slowSolve(b.Pass(), true)
	}
	best := -100
	for m := moves; m != 0; m &= m - 1 {
		best = max(best, -slowSolve(b.Play(bits.TrailingZeros64(m)), false))
	}
	return best
}

// TestSolveMatchesPlainNegamax: on positions a few moves from the end of each FFO game
// (played out by the first legal move), the solver's score equals exhaustive negamax.
func TestSolveMatchesPlainNegamax(t *testing.T) {
	s := NewSolver(16)
	for _, fp := range readFFO(t, "fforum-1-19.obf", 1) {
		b := fp.pos.Board
		for 64-bits.OnesCount64(b.Own|b.Opp) > 9 {
			m := b.Moves()
			if m == 0 {
				b = b.Pass()
				if b.Moves() == 0 {
					break
				}
				continue
			}
			b = b.Play(bits.TrailingZeros64(m))
		}
		got, _ := s.Solve(b)
		if want := slowSolve(b, false); got != want {
			t.Errorf("FFO #%d played out to %d empties: Solve = %d, want %d", fp.num, 64-bits.OnesCount64(b.Own|b.Opp), got, want)
		}
	}
}

// TestSolveFFO1to19: the exact score and a best move of FFO #1-#19.
func TestSolveFFO1to19(t *testing.T) {
	if testing.Short() {
		t.Skip("solves 19 endgames")
	}
	s := NewSolver(20)
	for _, fp := range readFFO(t, "fforum-1-19.obf", 1) {
		score, move := s.Solve(fp.pos.Board)
		if score != fp.score || !fp.best[move] {
			t.Errorf("FFO #%d: Solve = %d with %s, want %d with one of %v", fp.num, score, SquareName(move), fp.score, fp.best)
		}
	}
}

var ffoFlag = flagFFO()

// TestSolveFFO40to49 solves the standard benchmark (20-24 empties) and reports time and
// nodes per position; run with -ffo (it takes minutes).
func TestSolveFFO40to49(t *testing.T) {
	if !*ffoFlag {
		t.Skip("run with -ffo")
	}
	var totalNodes int64
	var total time.Duration
	clk := clock.Process{}
	for _, fp := range readFFO(t, "fforum-40-59.obf", 40)[:*ffoCount] {
		s := NewSolver(22)
		start := clk.Used()
		score, move := s.Solve(fp.pos.Board)
		d := clk.Used() - start
		total += d
		totalNodes += s.Nodes
		t.Logf("FFO #%d (%d empties): %+d %s, %d nodes, %.2fs, %.1f M nodes/s", fp.num, 64-bits.OnesCount64(fp.pos.Board.Own|fp.pos.Board.Opp), score, SquareName(move), s.Nodes, d.Seconds(), float64(s.Nodes)/d.Seconds()/1e6)
		if score != fp.score || !fp.best[move] {
			t.Errorf("FFO #%d: Solve = %d with %s, want %d with one of %v", fp.num, score, SquareName(move), fp.score, fp.best)
		}
	}
	t.Logf("FFO #40-#49: %d nodes, %.1fs in all", totalNodes, total.Seconds())
}
