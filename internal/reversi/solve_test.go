package reversi

import (
	"bufio"
	"flag"
	"math/bits"
	"math/rand/v2"
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

var (
	ffoFlag  = flagFFO()
	ffoFirst = flag.Int("ffo-first", 40, "with -ffo: the first position to solve (40-49)")
	ffoLog   = flag.Int("ffo-log", 22, "with -ffo: the solver's table has 2^ffo-log entries")
)

// TestSolveFFO40to49 solves the standard benchmark (20-24 empties) and reports time and
// nodes per position; run with -ffo (it takes minutes).
func TestSolveFFO40to49(t *testing.T) {
	if !*ffoFlag {
		t.Skip("run with -ffo")
	}
	var totalNodes int64
	var total time.Duration
	clk := clock.Process{}
	for _, fp := range readFFO(t, "fforum-40-59.obf", 40)[*ffoFirst-40:][:*ffoCount] {
		s := NewSolver(*ffoLog)
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
	t.Logf("FFO #%d-#%d: %d nodes, %.1fs in all", *ffoFirst, *ffoFirst+*ffoCount-1, totalNodes, total.Seconds())
}

// TestFlipsMatchesSlow: flips, flipRuns.flips, Moves and movesAndRuns agree with
// slowFlips, a square-by-square walk, on every empty square of random game positions and
// of random disc patterns (which reach runs and edges that games rarely do), both sides.
func TestFlipsMatchesSlow(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for i := range 6000 {
		b := randomEndgame(r, 4+i%56)
		if i%2 == 1 {
			own := r.Uint64() & r.Uint64()
			b = Board{Own: own, Opp: r.Uint64() &^ own}
		}
		for _, p := range [2]Board{b, b.Pass()} {
			var runs flipRuns
			moves := p.movesAndRuns(&runs)
			var want uint64
			for sq := range 64 {
				if (p.Own|p.Opp)&(1<<sq) != 0 {
					continue
				}
				f := slowFlips(p, sq)
				if got := flips(p.Own, p.Opp, sq); got != f {
					t.Fatalf("flips(%#x, %#x, %s) = %#x, want %#x", p.Own, p.Opp, SquareName(sq), got, f)
				}
				if got := runs.flips(sq); got != f {
					t.Fatalf("flipRuns(%#x, %#x).flips(%s) = %#x, want %#x", p.Own, p.Opp, SquareName(sq), got, f)
				}
				if f != 0 {
					want |= 1 << sq
				}
			}
			if got := p.Moves(); got != want {
				t.Fatalf("Moves(%#x, %#x) = %#x, want %#x", p.Own, p.Opp, got, want)
			}
			if moves != want {
				t.Fatalf("movesAndRuns(%#x, %#x) = %#x, want %#x", p.Own, p.Opp, moves, want)
			}
		}
	}
}

// TestLastFlipCount: with one empty square, the line-table count equals the flips' count
// for both players.
func TestLastFlipCount(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for range 20000 {
		sq := r.IntN(64)
		own := r.Uint64() &^ (1 << sq)
		opp := ^own &^ (1 << sq)
		for _, p := range [2][2]uint64{{own, opp}, {opp, own}} {
			if got, want := lastFlipCount(p[0], sq), bits.OnesCount64(flips(p[0], p[1], sq)); got != want {
				t.Fatalf("lastFlipCount(%#x, %s) = %d, want %d", p[0], SquareName(sq), got, want)
			}
		}
	}
}

// endgamesNear returns the FFO #1-#19 positions played out (first legal move) to at most
// empties empty squares.
func endgamesNear(t testing.TB, empties int) []Board {
	t.Helper()
	var out []Board
	for _, fp := range readFFO(t, "fforum-1-19.obf", 1) {
		b := fp.pos.Board
		for 64-bits.OnesCount64(b.Own|b.Opp) > empties {
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
		out = append(out, b)
	}
	return out
}

// TestSolveWindowBounds: a window search fails high with a lower bound, low with an upper
// bound, and is exact inside, against the exact score; with every technique switched off
// the exact scores are the same.
func TestSolveWindowBounds(t *testing.T) {
	plain := NewSolver(16)
	plain.NoStability, plain.NoETC = true, true
	s := NewSolver(16)
	for _, b := range endgamesNear(t, 14) {
		exact, _ := s.Solve(b)
		if got, _ := plain.Solve(b); got != exact {
			t.Errorf("Solve with the cutoffs off = %d, want %d", got, exact)
		}
		for _, w := range [][2]int{{-1, 1}, {exact - 1, exact + 1}, {exact, exact + 2}, {exact - 2, exact}, {-64, -60}, {60, 64}} {
			s.Clear()
			got, _ := s.SolveWindow(b, w[0], w[1])
			switch {
			case got <= w[0] && exact > w[0], got >= w[1] && exact < w[1],
				got > w[0] && got < w[1] && got != exact,
				got <= w[0] && got < exact, got >= w[1] && got > exact:
				t.Errorf("SolveWindow(%d, %d) = %d with exact score %d", w[0], w[1], got, exact)
			}
		}
	}
}

// tickClock advances by a millisecond each time it is read.
type tickClock struct{ clock.Fake }

func (c *tickClock) Used() time.Duration {
	c.T += time.Millisecond
	return c.T
}

// TestSolveAbort: a node budget and a time guard stop the search promptly, Aborted says
// so, a move is still legal, and the table is left sound: an unlimited solve afterwards,
// on the same table, finds the exact score.
func TestSolveAbort(t *testing.T) {
	fp := readFFO(t, "fforum-1-19.obf", 1)[0] // 14 empties, +18
	b := fp.pos.Board
	tests := []struct {
		name     string
		nodes    int64
		guard    clock.Deadline
		maxNodes int64 // at most this many nodes searched
	}{
		{"node budget", 5000, clock.Deadline{}, 5000 + 1000},
		{"guard already passed", 0, clock.Deadline{Clock: &clock.Fake{T: 2 * time.Second}, At: time.Second}, 1},
		{"guard passing at the 5th check", 0, clock.Deadline{Clock: &tickClock{}, At: 5 * time.Millisecond}, 5*solveCheckEvery + 1000},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := NewSolver(16)
			s.SetLimits(tt.nodes, tt.guard)
			_, move := s.Solve(b)
			if !s.Aborted() {
				t.Fatalf("Aborted() = false after a limited solve of %d nodes", s.Nodes)
			}
			if s.Nodes > tt.maxNodes {
				t.Errorf("searched %d nodes, want at most %d", s.Nodes, tt.maxNodes)
			}
			if b.Moves()&(1<<move) == 0 || move < 0 {
				t.Errorf("aborted Solve's move %s is not legal", SquareName(move))
			}
			s.SetLimits(0, clock.Deadline{})
			if score, move := s.Solve(b); s.Aborted() || score != fp.score || !fp.best[move] {
				t.Errorf("Solve after an abort = %d %s (aborted %v), want %d", score, SquareName(move), s.Aborted(), fp.score)
			}
		})
	}
}

// TestSolveAllocs: solving allocates nothing.
func TestSolveAllocs(t *testing.T) {
	b := endgamesNear(t, 14)[2]
	s := NewSolver(16)
	if n := testing.AllocsPerRun(3, func() { s.Clear(); s.Solve(b) }); n != 0 {
		t.Errorf("Solve allocates %v times per run, want 0", n)
	}
}

// BenchmarkSolve14 solves FFO #1-#19 played out to 14 empties, with a fresh table each.
func BenchmarkSolve14(b *testing.B) {
	positions := endgamesNear(b, 14)
	s := NewSolver(18)
	b.ReportAllocs()
	for b.Loop() {
		for _, p := range positions {
			s.Clear()
			s.Solve(p)
		}
	}
	b.ReportMetric(float64(s.Nodes)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
}

// BenchmarkFlips times the solver's flips on every empty square of random positions.
func BenchmarkFlips(b *testing.B) {
	r := rand.New(rand.NewPCG(9, 10))
	var boards [64]Board
	for i := range boards {
		boards[i] = randomEndgame(r, 4+i%20)
	}
	var sink uint64
	for b.Loop() {
		for _, p := range boards {
			for e := ^(p.Own | p.Opp); e != 0; e &= e - 1 {
				sink += flips(p.Own, p.Opp, bits.TrailingZeros64(e))
			}
		}
	}
	_ = sink
}
