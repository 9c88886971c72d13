package train

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"math/bits"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"gameagents/internal/reversi"
)

// smallGen is a recipe that runs in milliseconds a game: exact from 10 empties.
func smallGen(games int) GenConfig {
	cfg := DefaultGen
	cfg.Games = games
	cfg.Seed = 42
	cfg.SolveEmpties = 10
	cfg.SolverLogSize = 16
	return cfg
}

func generate(t *testing.T, cfg GenConfig) []Sample {
	t.Helper()
	var out []Sample
	if err := Generate(cfg, func(s Sample) error { out = append(out, s); return nil }); err != nil {
		t.Fatalf("Generate: %v", err)
	}
	return out
}

func TestDataRoundTrip(t *testing.T) {
	want := generate(t, smallGen(3))
	var buf bytes.Buffer
	w := NewWriter(&buf)
	for _, s := range want {
		if err := w.Write(s); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	got, err := ReadAll(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatalf("ReadAll: %v", err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("round trip (-want +got):\n%s", diff)
	}
	for _, tc := range []struct {
		name string
		data []byte
	}{
		{"empty", nil},
		{"magic", append([]byte("XXXXXXXX"), buf.Bytes()[8:]...)},
		{"truncated", buf.Bytes()[:buf.Len()-1]},
		{"overlapping discs", append([]byte(dataMagic), bytes.Repeat([]byte{1}, recordSize)...)},
	} {
		if _, err := ReadAll(bytes.NewReader(tc.data)); err == nil {
			t.Errorf("ReadAll accepted a file with a bad %s", tc.name)
		}
	}
}

// TestGenerateLabels: generation is reproducible; exact labels are the solver's scores;
// the positions before E empties carry one result, signed for their side to move; with
// either player.
func TestGenerateLabels(t *testing.T) {
	hand := smallGen(20)
	pattern := hand
	pattern.Player = reversi.DefaultPatternWeights()
	if diff := cmp.Diff(generate(t, hand), generate(t, pattern)); diff == "" {
		t.Fatal("the pattern player's games equal the hand player's: Player is not used")
	}
	searching := pattern
	searching.Games = 6
	searching.Depth = 3
	if diff := cmp.Diff(generate(t, pattern)[:10], generate(t, searching)[:10]); diff == "" {
		t.Fatal("the searching player's games begin as the one-ply player's: Depth is not used")
	}
	for _, cfg := range []GenConfig{hand, pattern, searching} {
		checkLabels(t, cfg)
	}
}

// TestGenerateGameAlone: game g of a recipe is the same whether it is generated first or
// after others, for the one-ply and the searching player (whose table is cleared for
// every game).
func TestGenerateGameAlone(t *testing.T) {
	for _, depth := range []int{0, 6} {
		cfg := smallGen(4)
		cfg.Player = reversi.DefaultPatternWeights()
		cfg.Depth = depth
		all := generate(t, cfg)
		cfg.Games, cfg.FirstGame = 1, 3
		last := generate(t, cfg)
		var want []Sample
		for _, s := range all {
			if s.Game == 3 {
				want = append(want, s)
			}
		}
		if len(want) == 0 {
			t.Fatalf("depth %d: no samples of game 3", depth)
		}
		if diff := cmp.Diff(want, last); diff != "" {
			t.Errorf("depth %d: game 3 alone differs from game 3 after games 0-2 (-after +alone):\n%s", depth, diff)
		}
	}
}

// TestGenerateDepthRange: a player depth out of range is refused.
func TestGenerateDepthRange(t *testing.T) {
	for _, depth := range []int{-1, maxPlayerDepth + 1} {
		cfg := smallGen(1)
		cfg.Depth = depth
		if err := Generate(cfg, func(Sample) error { return nil }); err == nil {
			t.Errorf("depth %d accepted", depth)
		}
	}
}

func checkLabels(t *testing.T, cfg GenConfig) {
	t.Helper()
	samples := generate(t, cfg)
	if diff := cmp.Diff(samples, generate(t, cfg)); diff != "" {
		t.Fatalf("two runs of the same recipe differ (-first +second):\n%s", diff)
	}
	solver := reversi.NewSolver(16)
	result := map[uint32]int{}
	for _, s := range samples {
		if s.Board.Moves() == 0 {
			t.Fatalf("sample %+v: the side to move must pass", s)
		}
		if s.Exact != (s.Empties() <= cfg.SolveEmpties) {
			t.Fatalf("sample with %d empties: Exact = %v, want %v", s.Empties(), s.Exact, !s.Exact)
		}
		if s.Exact {
			if v, _ := solver.Solve(s.Board); v != int(s.Score) {
				t.Fatalf("exact sample %+v: score %d, solver says %d", s.Board, s.Score, v)
			}
			continue
		}
		r, ok := result[s.Game]
		if !ok {
			result[s.Game] = int(s.Score)
		} else if int(s.Score) != r && int(s.Score) != -r {
			t.Fatalf("game %d: label %d, want ±%d", s.Game, s.Score, r)
		}
	}
	if len(result) != cfg.Games {
		t.Errorf("%d games have early positions, want %d", len(result), cfg.Games)
	}
}

// TestFitReducesError: a fit on a tiny data set explains its training positions far
// better than the zero evaluation, and does better than zero on unseen games too.
func TestFitReducesError(t *testing.T) {
	samples := generate(t, smallGen(200))
	for _, jacobi := range []bool{false, true} {
		t.Run(fmt.Sprintf("jacobi=%v", jacobi), func(t *testing.T) {
			cfg := DefaultFit
			cfg.Phases, cfg.PhaseWidth, cfg.Iterations, cfg.Precondition = 3, 20, 25, jacobi
			checkFit(t, samples, cfg)
		})
	}
}

func checkFit(t *testing.T, samples []Sample, cfg FitConfig) {
	w, rep, err := Fit(samples, cfg)
	if err != nil {
		t.Fatalf("Fit: %v", err)
	}
	var zeroTrain, n float64
	for _, s := range samples {
		if !cfg.isTest(s) {
			zeroTrain += math.Abs(float64(s.Score))
			n++
		}
	}
	zeroTrain /= n
	var train, test, zeroTest float64
	var nTrain, nTest int
	for _, r := range rep {
		train += r.TrainMAE * float64(r.Train)
		test += r.TestMAE * float64(r.Test)
		zeroTest += r.ZeroMAE * float64(r.Test)
		nTrain += r.Train
		nTest += r.Test
	}
	train /= float64(nTrain)
	test /= float64(nTest)
	zeroTest /= float64(nTest)
	t.Logf("train MAE %.2f (zero %.2f), test MAE %.2f (zero %.2f)", train, zeroTrain, test, zeroTest)
	if train > 0.5*zeroTrain {
		t.Errorf("training MAE %.2f, want at most half the zero evaluation's %.2f", train, zeroTrain)
	}
	if test >= zeroTest {
		t.Errorf("test MAE %.2f, want below the zero evaluation's %.2f", test, zeroTest)
	}
	// The fitted tables are symmetric: the evaluation is the same on a mirrored board.
	for _, s := range samples[:200] {
		m := reversi.Board{Own: mirror(s.Board.Own), Opp: mirror(s.Board.Opp)}
		if a, b := w.Eval(s.Board), w.Eval(m); a != b {
			t.Fatalf("Eval(%+v) = %d, Eval(mirrored) = %d", s.Board, a, b)
		}
	}
}

// TestFitPrior: a fit toward a prior with a penalty that outweighs the data returns the
// prior itself, weight for weight; with the usual penalty it fits its training positions at
// least as closely as the prior does (the prior is one of the solutions it weighs, at no
// penalty); and a prior of other phases is refused.
func TestFitPrior(t *testing.T) {
	samples := generate(t, smallGen(200))
	cfg := DefaultFit
	cfg.Phases, cfg.PhaseWidth, cfg.Iterations, cfg.Precondition = 3, 20, 30, true
	cfg.Lambda = 200 // a prior fitted with a strong penalty leaves the data room to pull
	prior, rep0, err := Fit(samples, cfg)
	if err != nil {
		t.Fatalf("Fit: %v", err)
	}
	cfg.Prior = prior

	for _, stiff := range []struct{ lambda, byCount float64 }{{1e12, 0}, {20, 1e12}} {
		c := cfg
		c.Lambda, c.PriorWeight = stiff.lambda, stiff.byCount
		same, _, err := Fit(samples, c)
		if err != nil {
			t.Fatalf("Fit toward the prior: %v", err)
		}
		for p := range prior.W {
			for i, v := range prior.W[p] {
				if same.W[p][i] != v {
					t.Fatalf("lambda %g, prior weight %g: phase %d weight %d: %d, want the prior's %d", stiff.lambda, stiff.byCount, p, i, same.W[p][i], v)
				}
			}
		}
	}

	cfg.Lambda = 20
	_, rep, err := Fit(samples, cfg)
	if err != nil {
		t.Fatalf("Fit toward the prior: %v", err)
	}
	if a, b := trainMAE(rep), trainMAE(rep0); a > b {
		t.Errorf("training MAE %.3f toward the prior, want at most the prior's %.3f", a, b)
	}

	other := cfg
	other.Phases, other.PhaseWidth = 2, 30
	if _, _, err := Fit(samples, other); err == nil {
		t.Error("a prior of 3 phases was accepted by a fit of 2")
	}
	noPrior := cfg
	noPrior.Prior, noPrior.PriorWeight = nil, 1
	if _, _, err := Fit(samples, noPrior); err == nil {
		t.Error("a prior weight without a prior was accepted")
	}
}

// trainMAE is a report's mean absolute error over all training positions.
func trainMAE(rep []PhaseReport) float64 {
	var sum float64
	var n int
	for _, r := range rep {
		sum += r.TrainMAE * float64(r.Train)
		n += r.Train
	}
	return sum / float64(n)
}

// mirror reflects a board left to right, square by square.
func mirror(x uint64) uint64 {
	var y uint64
	for sq := range 64 {
		if x>>sq&1 != 0 {
			y |= 1 << (sq/8*8 + 7 - sq%8)
		}
	}
	return y
}

// jacobi is solveRidgeJacobi with no penalty by count, in solveRidge's form.
func jacobi(f [][reversi.PatternFeatures]uint32, y []float64, n int, lambda float64, iters int, progress func(int, float64)) []float64 {
	return solveRidgeJacobi(f, y, n, lambda, 0, iters, progress)
}

func TestSolveRidge(t *testing.T) {
	// Rows x0 + 48 x2 = 1, x1 + 48 x2 = 2, x0 + x1 + 47 x2 = 3 (index 2 fills the unused
	// slots of each row) have the exact solution (1, 2, 0); without a penalty, conjugate
	// gradients on three unknowns reach it in three steps, preconditioned or not.
	for _, tc := range []struct {
		name  string
		solve func([][reversi.PatternFeatures]uint32, []float64, int, float64, int, func(int, float64)) []float64
	}{
		{"plain", solveRidge},
		{"jacobi", jacobi},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := make([][reversi.PatternFeatures]uint32, 3)
			for i := range f {
				for j := range f[i] {
					f[i][j] = 2
				}
			}
			f[0][0], f[1][0], f[2][0], f[2][1] = 0, 1, 0, 1
			y := []float64{1, 2, 3}
			var lastIter int
			lastRMS := math.Inf(1)
			x := tc.solve(f, y, 3, 0, 3, func(iter int, rms float64) { lastIter, lastRMS = iter, rms })
			if lastIter < 1 || lastIter > 3 || lastRMS > 1e-6 {
				t.Errorf("last progress report: %d iterations, RMS error %v; want at most 3 iterations and an exact fit", lastIter, lastRMS)
			}
			for i, s := range f {
				var got float64
				for _, j := range s {
					got += x[j]
				}
				if math.Abs(got-y[i]) > 1e-6 {
					t.Errorf("row %d: fitted %v, want %v (x = %v)", i, got, y[i], x)
				}
			}
		})
	}
}

// TestSolveRidgePenalty checks the solvers against ridge minimisers worked by hand: each
// row lists weight 0 twice and weight 2 in its other 61 slots (weight 1 nowhere), the
// labels are 1, 2 and 6 and lambda 6. The rows read 2a + 61b, so the normal equations are
// (3·4 + 6) a + 3·2·61 b = 2·9 and 3·2·61 a + (3·61² + 6) b = 61·9, and weight 1, read by
// no row, stays 0. A penalty by count (countWeight 1) adds each weight's count to its
// penalty: 6 to a's (two readings in each of three rows), 183 to b's.
func TestSolveRidgePenalty(t *testing.T) {
	f := make([][reversi.PatternFeatures]uint32, 3)
	for i := range f {
		for j := range f[i] {
			f[i][j] = 2
		}
		f[i][0], f[i][1] = 0, 0
	}
	y := []float64{1, 2, 6}
	for _, tc := range []struct {
		name     string
		solve    func([][reversi.PatternFeatures]uint32, []float64, int, float64, int, func(int, float64)) []float64
		a11, a22 float64
	}{
		{"plain", solveRidge, 18, 11169},
		{"jacobi", jacobi, 18, 11169},
		{"jacobi, penalty by count", func(f [][reversi.PatternFeatures]uint32, y []float64, n int, lambda float64, iters int, progress func(int, float64)) []float64 {
			return solveRidgeJacobi(f, y, n, lambda, 1, iters, progress)
		}, 24, 11352},
	} {
		const a12, b1, b2 = 366.0, 18.0, 549.0
		det := tc.a11*tc.a22 - a12*a12
		wantA, wantB := (b1*tc.a22-a12*b2)/det, (tc.a11*b2-a12*b1)/det
		x := tc.solve(f, y, 3, 6, 20, nil)
		if math.Abs(x[0]-wantA) > 1e-9 || math.Abs(x[2]-wantB) > 1e-9 || x[1] != 0 {
			t.Errorf("%s: x = %v, want [%v 0 %v]", tc.name, x, wantA, wantB)
		}
	}
}

func TestMain_CLI(t *testing.T) {
	dir := t.TempDir()
	data, weights := filepath.Join(dir, "d.bin"), filepath.Join(dir, "w.bin")
	data2, data3 := filepath.Join(dir, "d2.bin"), filepath.Join(dir, "d3.bin")
	later := filepath.Join(dir, "d4.bin") // games 30-34, after data's 0-29
	weights2, avg := filepath.Join(dir, "w2.bin"), filepath.Join(dir, "avg.bin")
	branches, joined := filepath.Join(dir, "b.bin"), filepath.Join(dir, "j.bin")
	for _, tc := range []struct {
		args []string
		want int
	}{
		{nil, 2},
		{[]string{"-h"}, 0},
		{[]string{"nope"}, 2},
		{[]string{"gen", "-h"}, 0},
		{[]string{"gen"}, 1},
		{[]string{"gen", "-games", "4", "-solve", "20", "-max-random", "-1", "-out", data}, 1},
		{[]string{"gen", "-games", "30", "-solve", "8", "-tt", "12", "-out", data}, 0},
		{[]string{"fit", "-data", filepath.Join(dir, "missing"), "-out", weights}, 1},
		{[]string{"fit", "-data", data, "-out", weights, "-phases", "2", "-width", "30", "-iters", "5"}, 0},
		{[]string{"eval", "-data", data, "-weights", weights}, 0},
		{[]string{"gen", "-games", "5", "-solve", "8", "-tt", "12", "-player", weights, "-out", data2}, 0},
		{[]string{"gen", "-games", "5", "-player", filepath.Join(dir, "missing"), "-out", data2}, 1},
		{[]string{"relabel", "-data", data2, "-weights", weights, "-depth", "3", "-engine", "-out", data3}, 0},
		{[]string{"relabel", "-data", data2, "-depth", "-1", "-engine", "-out", data3}, 1},
		{[]string{"eval", "-data", data, "-weights", data}, 1},
		{[]string{"gen", "-games", "5", "-first", "30", "-solve", "8", "-tt", "12", "-out", later}, 0},
		{[]string{"fit", "-data", data + "," + later, "-out", weights, "-phases", "2", "-width", "30", "-iters", "5"}, 0},
		{[]string{"fit", "-data", data + "," + data2, "-out", weights, "-phases", "2", "-width", "30", "-iters", "5"}, 1}, // games 0-4 in both
		{[]string{"eval", "-data", data + "," + filepath.Join(dir, "missing"), "-weights", weights}, 1},
		{[]string{"fit", "-jacobi", "-prior", weights, "-prior-weight", "2", "-data", data, "-out", weights2, "-phases", "2", "-width", "30", "-iters", "5"}, 0},
		{[]string{"fit", "-jacobi", "-prior", weights, "-data", data, "-out", weights2, "-iters", "5"}, 1}, // 10 phases toward 2
		{[]string{"fit", "-prior", filepath.Join(dir, "missing"), "-data", data, "-out", weights2}, 1},
		{[]string{"average", "-out", avg, weights, weights2}, 0},
		{[]string{"average", "-out", avg, weights}, 1},
		{[]string{"average", "-out", avg, weights, data}, 1},
		{[]string{"branch", "-data", data, "-seed", "3", "-out", branches}, 0},
		{[]string{"branch", "-data", data}, 1},
		{[]string{"relabel", "-data", branches, "-weights", weights, "-depth", "2", "-engine", "-out", branches}, 0},
		{[]string{"join", "-data", data, "-with", branches, "-out", joined}, 0},
		{[]string{"fit", "-data", joined, "-out", weights2, "-phases", "2", "-width", "30", "-iters", "5"}, 0},
		{[]string{"join", "-data", later, "-with", branches, "-out", joined}, 1}, // branches of games 0-29, not 30-34
		{[]string{"fit", "-data", data + "," + branches, "-out", weights2, "-phases", "2", "-width", "30", "-iters", "5"}, 1},
	} {
		if got := Main(tc.args, io.Discard, io.Discard); got != tc.want {
			t.Errorf("Main(%q) = %d, want %d", tc.args, got, tc.want)
		}
	}
	buf, err := os.ReadFile(weights)
	if err != nil {
		t.Fatal(err)
	}
	var w reversi.PatternWeights
	if err := w.UnmarshalBinary(buf); err != nil {
		t.Fatalf("the fitted file does not load: %v", err)
	}
}

// TestAverage: the mean of two weights files entry by entry, rounded half away from zero;
// files of other phases are refused.
func TestAverage(t *testing.T) {
	n := reversi.PatternWeightsPerPhase
	a := &reversi.PatternWeights{W: [][]int16{make([]int16, n), make([]int16, n)}}
	b := &reversi.PatternWeights{W: [][]int16{make([]int16, n), make([]int16, n)}}
	for e := range a.Phase {
		a.Phase[e], b.Phase[e] = uint8(e/31), uint8(e/31)
	}
	cases := []struct {
		phase, i   int
		a, b, want int16
	}{{0, 0, 10, 20, 15}, {0, 5, -7, 0, -4}, {1, n - 1, 3, 4, 4}, {1, 17, -100, 100, 0}, {1, 3, 0, 0, 0}}
	for _, c := range cases {
		a.W[c.phase][c.i], b.W[c.phase][c.i] = c.a, c.b
	}
	avg, err := Average([]*reversi.PatternWeights{a, b})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		if got := avg.W[c.phase][c.i]; got != c.want {
			t.Errorf("phase %d weight %d: mean of %d and %d is %d, want %d", c.phase, c.i, c.a, c.b, got, c.want)
		}
	}
	b.Phase[60] = 0
	if _, err := Average([]*reversi.PatternWeights{a, b}); err == nil {
		t.Error("weights of other phases were averaged")
	}
}

// plainNegamax is searchValue without pruning.
func plainNegamax(b reversi.Board, w *reversi.PatternWeights, depth int, passed bool) int32 {
	moves := b.Moves()
	if moves == 0 {
		if passed {
			return 100 * int32(finalScore(b))
		}
		return -plainNegamax(b.Pass(), w, depth, true)
	}
	if depth == 0 {
		return w.Eval(b)
	}
	best := int32(-1 << 30)
	for m := moves; m != 0; m &= m - 1 {
		best = max(best, -plainNegamax(b.Play(bits.TrailingZeros64(m)), w, depth-1, false))
	}
	return best
}

// TestRelabel: the searches (plain, and the engine's below ProbCut's depth and short of
// its exact leaves) agree with unpruned negamax; relabelling keeps exact labels
// and, at depth 0 with mix 1, sets the others to the evaluation itself.
func TestRelabel(t *testing.T) {
	samples := generate(t, smallGen(40))
	cfg := DefaultFit
	cfg.Phases, cfg.PhaseWidth, cfg.Iterations = 3, 20, 10
	w, _, err := Fit(samples, cfg)
	if err != nil {
		t.Fatal(err)
	}
	engine := []func(reversi.Board) int32{EngineValue(w, 0), EngineValue(w, 1), EngineValue(w, 2)}
	for _, s := range samples[:300] {
		for depth := range 3 {
			want := plainNegamax(s.Board, w, depth, false)
			if got := searchValue(s.Board, w, depth, -1<<20, 1<<20, false); got != want {
				t.Fatalf("searchValue(%+v, depth %d) = %d, want %d", s.Board, depth, got, want)
			}
			if s.Empties() <= depth+1 {
				continue // within a ply of the end the engine solves exactly (its exact leaves)
			}
			if got := engine[depth](s.Board); got != want {
				t.Fatalf("EngineValue(depth %d)(%+v) = %d, want %d", depth, s.Board, got, want)
			}
		}
	}
	re := append([]Sample(nil), samples...)
	Relabel(re, PlainValue(w, 0), 1, nil)
	for i, s := range re {
		want := samples[i].Score
		if !s.Exact {
			want = int8(math.Round(float64(w.Eval(s.Board)) / 100))
		}
		if s.Score != want {
			t.Fatalf("relabelled sample %d (exact %v): score %d, want %d", i, s.Exact, s.Score, want)
		}
	}
}

// TestReadDataFiles: a comma-separated -data reads the files in order as one data set, the
// same samples as the recipe made at once; files whose games share numbers are refused
// with both names.
func TestReadDataFiles(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, cfg GenConfig) string {
		path := filepath.Join(dir, name)
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		w := NewWriter(f)
		for _, s := range generate(t, cfg) {
			if err := w.Write(s); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		if err := f.Close(); err != nil {
			t.Fatal(err)
		}
		return path
	}
	whole := generate(t, smallGen(5))
	first := write("a.bin", smallGen(3))
	rest := smallGen(2)
	rest.FirstGame = 3
	second := write("b.bin", rest)
	got, err := readData(first + "," + second)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(whole, got); diff != "" {
		t.Errorf("two files read as one differ from the recipe made at once (-want +got):\n%s", diff)
	}
	overlap := write("c.bin", smallGen(1)) // game 0 again
	_, err = readData(first + "," + overlap)
	if err == nil || !strings.Contains(err.Error(), "a.bin") || !strings.Contains(err.Error(), "c.bin") {
		t.Errorf("overlapping files: error %v, want one naming both", err)
	}
}

// TestBlend: inexact labels become the rounded weighted mean of the two sets' labels,
// clamped; exact ones stay; sets that are not the same positions are refused, naming the
// first position that differs.
func TestBlend(t *testing.T) {
	pos := reversi.Start()
	other := pos.Play(bits.TrailingZeros64(pos.Moves()))
	mk := func(score int8, exact bool, game uint32, b reversi.Board) Sample {
		return Sample{Board: b, Score: score, Exact: exact, Game: game}
	}
	base := []Sample{mk(10, false, 1, pos), mk(-64, false, 1, other), mk(7, true, 2, pos), mk(3, false, 2, other)}
	with := []Sample{mk(20, false, 1, pos), mk(-64, false, 1, other), mk(7, true, 2, pos), mk(-4, false, 2, other)}
	tests := []struct {
		mix  float64
		want []int8
	}{
		{0, []int8{10, -64, 7, 3}},
		{1, []int8{20, -64, 7, -4}},
		{0.5, []int8{15, -64, 7, -1}}, // -0.5 rounds away from zero
		{0.75, []int8{18, -64, 7, -2}},
	}
	for _, tt := range tests {
		got := append([]Sample(nil), base...)
		if err := Blend(got, with, tt.mix); err != nil {
			t.Fatalf("mix %v: %v", tt.mix, err)
		}
		for i, s := range got {
			if s.Score != tt.want[i] || s.Board != base[i].Board || s.Exact != base[i].Exact || s.Game != base[i].Game {
				t.Errorf("mix %v, position %d: %+v, want score %d and the rest unchanged", tt.mix, i, s, tt.want[i])
			}
		}
	}
	bad := []struct {
		name string
		with []Sample
		want string
	}{
		{"shorter", with[:3], "4 positions against 3"},
		{"another board", []Sample{with[0], mk(-64, false, 1, pos), with[2], with[3]}, "position 1 (game 1)"},
		{"another game", []Sample{with[0], with[1], with[2], mk(-4, false, 3, other)}, "position 3 (game 2)"},
		{"exactness", []Sample{with[0], with[1], mk(7, false, 2, pos), with[3]}, "position 2 (game 2)"},
	}
	for _, tt := range bad {
		err := Blend(append([]Sample(nil), base...), tt.with, 0.5)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want one containing %q", tt.name, err, tt.want)
		}
	}
}

// TestRenumber: the games are numbered from first, order and spacing kept, everything else
// unchanged; a shift past the largest game number is refused and changes nothing.
func TestRenumber(t *testing.T) {
	pos := reversi.Start()
	games := []uint32{7, 7, 9, 12, 9}
	base := make([]Sample, len(games))
	for i, g := range games {
		base[i] = Sample{Board: pos, Score: int8(i), Exact: i == 3, Game: g}
	}
	tests := []struct {
		first uint
		want  []uint32
		err   string
	}{
		{0, []uint32{0, 0, 2, 5, 2}, ""},
		{7, games, ""},
		{250000, []uint32{250000, 250000, 250002, 250005, 250002}, ""},
		{math.MaxUint32 - 5, []uint32{math.MaxUint32 - 5, math.MaxUint32 - 5, math.MaxUint32 - 3, math.MaxUint32, math.MaxUint32 - 3}, ""},
		{math.MaxUint32 - 4, games, "games 7-12 from 4294967291: past the largest game number"},
		{math.MaxUint32 + 1, games, "past the largest game number"},
	}
	for _, tt := range tests {
		got := append([]Sample(nil), base...)
		err := Renumber(got, tt.first)
		if tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)) || tt.err == "" && err != nil {
			t.Errorf("Renumber(first %d): error %v, want %q", tt.first, err, tt.err)
		}
		for i, s := range got {
			want := base[i]
			want.Game = tt.want[i]
			if s != want {
				t.Errorf("Renumber(first %d), sample %d: %+v, want %+v", tt.first, i, s, want)
			}
		}
	}
}

// TestBlendChained: mix 0 gives gen's labels back (the sign of each link between a
// game's positions is read right, passes included), mix 1 gives with's, and a worked
// chain mixes each search value with the next position's new label; a game whose
// positions are not consecutive is refused, naming the position.
func TestBlendChained(t *testing.T) {
	samples := generate(t, smallGen(40))
	with := append([]Sample(nil), samples...)
	for i := range with {
		if !with[i].Exact {
			with[i].Score = int8(i%129 - 64)
		}
	}
	for _, mix := range []float64{0, 1} {
		got := append([]Sample(nil), samples...)
		if err := BlendChained(got, with, mix); err != nil {
			t.Fatalf("mix %v: %v", mix, err)
		}
		want := samples
		if mix == 1 {
			want = with
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("mix %v: labels differ (-want +got):\n%s", mix, diff)
		}
	}

	p0 := reversi.Start()
	p1 := p0.Play(bits.TrailingZeros64(p0.Moves()))
	p2 := p1.Play(bits.TrailingZeros64(p1.Moves()))
	p3 := p2.Play(bits.TrailingZeros64(p2.Moves()))
	mk := func(score int8, exact bool, game uint32, b reversi.Board) Sample {
		return Sample{Board: b, Score: score, Exact: exact, Game: game}
	}
	// Game 1 ends in an exact position worth +10 to its mover; game 2 ends before the
	// solved endgame, its last label (-3, the result) starting the chain.
	base := []Sample{mk(10, false, 1, p0), mk(-10, false, 1, p1), mk(10, true, 1, p2),
		mk(5, false, 2, p1), mk(-3, false, 2, p2)}
	searched := []Sample{mk(4, false, 1, p0), mk(-6, false, 1, p1), mk(10, true, 1, p2),
		mk(7, false, 2, p1), mk(9, false, 2, p2)}
	got := append([]Sample(nil), base...)
	if err := BlendChained(got, searched, 0.5); err != nil {
		t.Fatal(err)
	}
	// p1: (-6 + -10)/2 = -8; p0: (4 + 8)/2 = 6. Game 2: p2: (9 + -3)/2 = 3; p1: (7 + -3)/2 = 2.
	if want := []int8{6, -8, 10, 2, 3}; !slices.Equal(scores(got), want) {
		t.Errorf("worked chain: labels %v, want %v", scores(got), want)
	}

	gap := []Sample{mk(0, false, 1, p0), mk(0, false, 1, p2)}
	if err := BlendChained(gap, gap, 0.5); err == nil || !strings.Contains(err.Error(), "position 0 (game 1)") {
		t.Errorf("two plies apart: error %v, want one naming position 0 (game 1)", err)
	}
	if err := BlendChained(append([]Sample(nil), base...), searched[:4], 0.5); err == nil {
		t.Error("sets of different lengths were blended")
	}

	moverTests := []struct {
		name     string
		a, b     reversi.Board
		same, ok bool
	}{
		{"a move", p1, p2, false, true},
		{"a move, then a pass", p1, p2.Pass(), true, true},
		{"two moves", p1, p3, false, false},
		{"no move", p1, p1, false, false},
	}
	for _, tt := range moverTests {
		if same, ok := moverAfter(tt.a, tt.b); same != tt.same || ok != tt.ok {
			t.Errorf("%s: moverAfter = %v, %v, want %v, %v", tt.name, same, ok, tt.same, tt.ok)
		}
	}
}

func scores(samples []Sample) []int8 {
	out := make([]int8, len(samples))
	for i, s := range samples {
		out[i] = s.Score
	}
	return out
}
