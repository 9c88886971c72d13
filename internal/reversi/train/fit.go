package train

import (
	"fmt"
	"math"
	"math/bits"
	"time"

	"gameagents/internal/reversi"
)

// FitConfig sets up fitting.
type FitConfig struct {
	PhaseWidth int     // empties per phase: phase = min(empties/PhaseWidth, Phases-1)
	Phases     int     // number of phases
	Window     int     // a phase also fits the positions this many empties beyond its range
	Lambda     float64 // L2 penalty on the weights (in squared discs, summed over samples)
	Iterations int     // conjugate gradient iterations per phase
	// Precondition: scale each weight's step by its count in the data plus Lambda (Jacobi
	// preconditioning), so that rare pattern configurations converge as fast as common ones.
	Precondition bool
	// Prior: when set, the fit penalises each weight's distance from the prior's (ridge
	// toward the prior, lambda |x - prior|^2) instead of its size: it fits the labels' residual
	// after the prior's evaluation and adds the prior back. Fresh data then refines weights
	// fitted on earlier data that is no longer at hand. Same phases as the fit (Fit checks).
	Prior *reversi.PatternWeights
	// PriorWeight: the prior counts as this many times the data's positions. Each weight's
	// penalty grows by PriorWeight times its count in the data (the precision an earlier fit
	// on that much more data of the same kind would have given it): a configuration the
	// prior saw often barely moves, a rare one follows the new data. A joint fit of the two
	// data sets, approximately, without the earlier one. Needs Prior and Precondition.
	PriorWeight float64
	TestEvery   uint32 // games with number%TestEvery == 0 form the test set (0: no test set)
	ExactOnly   bool   // Report: measure on exactly labelled positions only
	Log         func(format string, args ...any)
}

// DefaultFit is the plain fit of a data round. The committed weights (wPW2) are this fit
// with Precondition, 60 iterations and a Prior of the earlier weights at PriorWeight 2.
var DefaultFit = FitConfig{
	PhaseWidth: 6,
	Phases:     10,
	Window:     2,
	Lambda:     20,
	Iterations: 120,
	TestEvery:  10,
}

// PhaseReport is a phase's mean absolute errors in discs, over the positions of its own
// empties range.
type PhaseReport struct {
	Phase, MinEmpties, MaxEmpties int
	Train, Test                   int     // position counts
	TrainMAE, TestMAE             float64 // the fitted weights (as quantised in the file)
	ZeroMAE, DiscMAE, HandMAE     float64 // baselines on the test set: 0, the disc difference, HandEval
	HandFitMAE                    float64 // HandEval with a per-phase least-squares scale and offset
}

func (c FitConfig) phaseOf(empties int) int { return min(empties/c.PhaseWidth, c.Phases-1) }

func (c FitConfig) isTest(s Sample) bool { return c.TestEvery > 0 && s.Game%c.TestEvery == 0 }

// Fit fits weights to the samples, phase by phase, and reports each phase's errors.
func Fit(samples []Sample, cfg FitConfig) (*reversi.PatternWeights, []PhaseReport, error) {
	if cfg.PhaseWidth < 1 || cfg.Phases < 1 || cfg.Phases > 61 || cfg.Iterations < 1 || cfg.Lambda < 0 {
		return nil, nil, fmt.Errorf("bad fit configuration %+v", cfg)
	}
	if cfg.PriorWeight < 0 || cfg.PriorWeight > 0 && (cfg.Prior == nil || !cfg.Precondition) {
		return nil, nil, fmt.Errorf("a prior weight needs a prior and the preconditioned solver")
	}
	if pr := cfg.Prior; pr != nil {
		for e := range pr.Phase {
			if int(pr.Phase[e]) != cfg.phaseOf(e) || len(pr.W) != cfg.Phases {
				return nil, nil, fmt.Errorf("the prior's phases differ from the fit's (%d phases of %d empties)", cfg.Phases, cfg.PhaseWidth)
			}
		}
	}
	logf := cfg.Log
	if logf == nil {
		logf = func(string, ...any) {}
	}
	w := &reversi.PatternWeights{W: make([][]int16, cfg.Phases)}
	for e := range w.Phase {
		w.Phase[e] = uint8(cfg.phaseOf(e))
	}
	canon := canonicalIndices()
	var feats [][reversi.PatternFeatures]uint32
	var labels []float64
	for p := range cfg.Phases {
		t0 := time.Now()
		feats, labels = feats[:0], labels[:0]
		lo, hi := p*cfg.PhaseWidth-cfg.Window, (p+1)*cfg.PhaseWidth-1+cfg.Window
		if p == cfg.Phases-1 {
			hi = 60
		}
		for _, s := range samples {
			if e := s.Empties(); e < lo || e > hi || cfg.isTest(s) {
				continue
			}
			var f [reversi.PatternFeatures]uint32
			reversi.PatternIndices(s.Board, &f)
			for j, i := range f {
				f[j] = canon[i]
			}
			y := float64(s.Score)
			if cfg.Prior != nil {
				for _, i := range f {
					y -= float64(cfg.Prior.W[p][i]) / 100
				}
			}
			feats = append(feats, f)
			labels = append(labels, y)
		}
		progress := func(iter int, rms float64) {
			logf("fit: phase %d: after %d iterations, training RMS error %.3f discs", p, iter, rms)
		}
		var x []float64
		switch {
		case cfg.Precondition:
			x = solveRidgeJacobi(feats, labels, reversi.PatternWeightsPerPhase, cfg.Lambda, cfg.PriorWeight, cfg.Iterations, progress)
		default:
			x = solveRidge(feats, labels, reversi.PatternWeightsPerPhase, cfg.Lambda, cfg.Iterations, progress)
		}
		t := make([]int16, len(x))
		for i := range x {
			v := x[canon[i]] // the tied entries that the fit left at zero take their orbit's weight
			if cfg.Prior != nil {
				v += float64(cfg.Prior.W[p][canon[i]]) / 100
			}
			t[i] = int16(max(math.MinInt16, min(math.MaxInt16, math.Round(100*v))))
		}
		w.W[p] = t
		logf("fit: phase %d (empties %d..%d): %d positions, %v", p, max(lo, 0), hi, len(feats), time.Since(t0).Round(time.Millisecond))
	}
	return w, Report(w, samples, cfg), nil
}

// canonicalIndices maps each weight index of a phase to the smallest index of its orbit
// under the pattern's stabilizer (reversi.PatternStabilizer): configurations that a board
// symmetry turns into each other share one fitted weight, which keeps the evaluation
// invariant under the eight symmetries although each set of squares is read only once.
func canonicalIndices() []uint32 {
	c := make([]uint32, reversi.PatternWeightsPerPhase)
	for i := range c {
		c[i] = uint32(i)
	}
	off := 0
	for i, p := range reversi.Patterns {
		stab := reversi.PatternStabilizer(i)
		for idx := range p.Size() {
			m := idx
			for _, pi := range stab {
				m = min(m, reversi.PatternPermute(idx, pi))
			}
			c[off+idx] = uint32(off + m)
		}
		off += p.Size()
	}
	return c
}

// solveRidge minimises sum_i (a_i.x - y_i)^2 + lambda |x|^2, where row a_i has a 1 at
// each of f[i]'s indices (an index listed twice counts twice), by conjugate gradients on
// the normal equations (A'A + lambda I) x = A'y, starting from x = 0. Each iteration costs
// one product with A and one with A'; no matrix is formed. Every progressEvery iterations
// and after the last, progress (if not nil) gets the iterations done and the root mean
// square of the residual y - Ax, so a log shows whether more iterations would still pay.
func solveRidge(f [][reversi.PatternFeatures]uint32, y []float64, n int, lambda float64, iters int, progress func(iter int, rms float64)) []float64 {
	return ridgeCG(f, y, n, lambda, 0, false, iters, progress)
}

// solveRidgeJacobi minimises what solveRidge does, by conjugate gradients preconditioned
// with the diagonal of A'A + lambda I: each weight's count over the rows (an index listed
// twice in a row counts twice) plus lambda. Plain conjugate gradients move a weight seen in
// a handful of positions as slowly as the bias seen in all of them, so after a fixed number
// of iterations the rare pattern configurations are still far from their least-squares
// values; scaling by the counts evens the rates (Jacobi preconditioning, as in any
// numerical linear algebra text, e.g. Saad, "Iterative Methods for Sparse Linear Systems",
// ch. 9). The minimiser is the same; only the path to it differs.
//
// countWeight > 0 adds countWeight times each weight's count to its penalty: the
// penalty on weight j is (lambda + countWeight·count_j) x_j^2 (FitConfig.PriorWeight).
func solveRidgeJacobi(f [][reversi.PatternFeatures]uint32, y []float64, n int, lambda, countWeight float64, iters int, progress func(iter int, rms float64)) []float64 {
	return ridgeCG(f, y, n, lambda, countWeight, true, iters, progress)
}

// ridgeCG is solveRidge and solveRidgeJacobi: conjugate gradients on the normal equations
// with weight j's penalty lambda + countWeight·count_j, preconditioned by the diagonal
// when jacobi (else by the identity, which is plain conjugate gradients).
func ridgeCG(f [][reversi.PatternFeatures]uint32, y []float64, n int, lambda, countWeight float64, jacobi bool, iters int, progress func(iter int, rms float64)) []float64 {
	x := make([]float64, n)
	if len(f) == 0 {
		return x
	}
	count := make([]float64, n)
	for i := range f {
		for _, j := range f[i] {
			count[j]++
		}
	}
	pen := make([]float64, n) // each weight's penalty
	inv := make([]float64, n) // the preconditioner: 1 / (count + penalty), 0 for an unread weight
	for j, c := range count {
		pen[j] = lambda + countWeight*c
		switch {
		case !jacobi:
			inv[j] = 1
		case c+pen[j] > 0:
			inv[j] = 1 / (c + pen[j])
		}
	}
	r := append([]float64(nil), y...) // residual y - Ax in sample space, for the reports
	s := make([]float64, n)           // A'(y - Ax) - penalty·x: the normal equations' residual
	q := make([]float64, len(f))      // A p
	ap := make([]float64, n)          // (A'A + penalty) p
	for i := range f {
		for _, j := range f[i] {
			s[j] += r[i]
		}
	}
	z := make([]float64, n) // the preconditioned residual
	for j := range z {
		z[j] = inv[j] * s[j]
	}
	p := append([]float64(nil), z...)
	rz := dot(s, z)
	report := func(iter int) {
		if progress != nil {
			progress(iter, math.Sqrt(dot(r, r)/float64(len(r))))
		}
	}
	done := 0
	for ; done < iters && rz > 0; done++ {
		if done > 0 && done%progressEvery == 0 {
			report(done)
		}
		clear(ap)
		for i := range f {
			var sum float64
			for _, j := range f[i] {
				sum += p[j]
			}
			q[i] = sum
			for _, j := range f[i] {
				ap[j] += sum
			}
		}
		for j := range ap {
			ap[j] += pen[j] * p[j]
		}
		alpha := rz / dot(p, ap)
		for j := range x {
			x[j] += alpha * p[j]
			s[j] -= alpha * ap[j]
			z[j] = inv[j] * s[j]
		}
		for i := range r {
			r[i] -= alpha * q[i]
		}
		next := dot(s, z)
		beta := next / rz
		rz = next
		for j := range p {
			p[j] = z[j] + beta*p[j]
		}
	}
	report(done)
	return x
}

// progressEvery is the iterations between two of solveRidge's progress reports.
const progressEvery = 40

func dot(a, b []float64) float64 {
	var s float64
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}

// Report measures w on the samples: per phase of w, the training and test errors, and the
// baselines' errors on the test set.
func Report(w *reversi.PatternWeights, samples []Sample, cfg FitConfig) []PhaseReport {
	phases := len(w.W)
	rep := make([]PhaseReport, phases)
	for p := range rep {
		rep[p].Phase, rep[p].MinEmpties, rep[p].MaxEmpties = p, 61, -1
	}
	for e, p := range w.Phase {
		rep[p].MinEmpties = min(rep[p].MinEmpties, e)
		rep[p].MaxEmpties = max(rep[p].MaxEmpties, e)
	}
	// Least-squares scale and offset of HandEval per phase, on the training positions, or
	// on all of them when every position is a test position (eval -test-every 1).
	type acc struct{ n, sx, sy, sxx, sxy float64 }
	hand := make([]acc, phases)
	allTest := true
	for _, s := range samples {
		allTest = allTest && cfg.isTest(s)
	}
	for _, s := range samples {
		if cfg.ExactOnly && !s.Exact || cfg.isTest(s) && !allTest {
			continue
		}
		a := &hand[w.Phase[s.Empties()]]
		x, y := float64(reversi.HandEval(s.Board))/100, float64(s.Score)
		a.n++
		a.sx += x
		a.sy += y
		a.sxx += x * x
		a.sxy += x * y
	}
	scale, offset := make([]float64, phases), make([]float64, phases)
	for p, a := range hand {
		if d := a.n*a.sxx - a.sx*a.sx; a.n > 0 && d != 0 {
			scale[p] = (a.n*a.sxy - a.sx*a.sy) / d
			offset[p] = (a.sy - scale[p]*a.sx) / a.n
		}
	}
	for _, s := range samples {
		if cfg.ExactOnly && !s.Exact {
			continue
		}
		p := w.Phase[s.Empties()]
		r := &rep[p]
		y := float64(s.Score)
		errFit := math.Abs(float64(w.Eval(s.Board))/100 - y)
		if !cfg.isTest(s) {
			r.Train++
			r.TrainMAE += errFit
			continue
		}
		r.Test++
		r.TestMAE += errFit
		r.ZeroMAE += math.Abs(y)
		h := float64(reversi.HandEval(s.Board)) / 100
		r.HandMAE += math.Abs(h - y)
		r.HandFitMAE += math.Abs(scale[p]*h + offset[p] - y)
		d := s.Board
		r.DiscMAE += math.Abs(float64(popcount(d.Own)-popcount(d.Opp)) - y)
	}
	for i := range rep {
		r := &rep[i]
		if r.Train > 0 {
			r.TrainMAE /= float64(r.Train)
		}
		if n := float64(r.Test); n > 0 {
			r.TestMAE /= n
			r.ZeroMAE /= n
			r.DiscMAE /= n
			r.HandMAE /= n
			r.HandFitMAE /= n
		}
	}
	return rep
}

// FormatReport renders a report as a Markdown table.
func FormatReport(rep []PhaseReport) string {
	s := "| phase | empties | train positions | test positions | train MAE | test MAE | test MAE: zero | disc diff | HandEval | HandEval fitted |\n" +
		"|---|---|---|---|---|---|---|---|---|---|\n"
	var all PhaseReport
	for _, r := range rep {
		if r.Train == 0 && r.Test == 0 {
			continue
		}
		s += fmt.Sprintf("| %d | %d–%d | %d | %d | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f |\n",
			r.Phase, r.MinEmpties, r.MaxEmpties, r.Train, r.Test, r.TrainMAE, r.TestMAE, r.ZeroMAE, r.DiscMAE, r.HandMAE, r.HandFitMAE)
		all.Train += r.Train
		all.Test += r.Test
		all.TrainMAE += r.TrainMAE * float64(r.Train)
		t := float64(r.Test)
		all.TestMAE += r.TestMAE * t
		all.ZeroMAE += r.ZeroMAE * t
		all.DiscMAE += r.DiscMAE * t
		all.HandMAE += r.HandMAE * t
		all.HandFitMAE += r.HandFitMAE * t
	}
	if all.Test > 0 {
		n, t := max(1, float64(all.Train)), float64(all.Test)
		s += fmt.Sprintf("| all | | %d | %d | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f |\n",
			all.Train, all.Test, all.TrainMAE/n, all.TestMAE/t, all.ZeroMAE/t, all.DiscMAE/t, all.HandMAE/t, all.HandFitMAE/t)
	}
	return s
}

func popcount(x uint64) int { return bits.OnesCount64(x) }
