package benchcmp

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
)

// probeResult is one probe's line: its kind, the work done and the CPU seconds it took.
type probeResult struct {
	kind string
	work int64 // perft leaves or solver nodes
	secs float64
}

// probeSpec is one piece of work both sides do.
type probeSpec struct {
	spec  string // the probe's -speed-probe argument
	title string
	unit  string // what the work counts
}

// probes lists the work cfg asks for, perft first.
func probes(cfg config) []probeSpec {
	var ps []probeSpec
	if cfg.perft > 0 {
		ps = append(ps, probeSpec{fmt.Sprintf("perft:%d", cfg.perft), fmt.Sprintf("perft %d from the start", cfg.perft), "leaves"})
	}
	if cfg.ffo != "" {
		first, last, _ := parseRange(cfg.ffo)
		ps = append(ps, probeSpec{"ffo:" + cfg.ffo, fmt.Sprintf("FFO #%d-#%d solved exactly", first, last), "nodes"})
	}
	return ps
}

// parseRange reads -ffo's FIRST-LAST. The probe checks the same range itself, but the
// tool cannot share its code (the probe is a test file copied into other commits), and
// checking here saves two builds when it is mistyped.
func parseRange(s string) (first, last int, err error) {
	a, b, ok := strings.Cut(s, "-")
	first, err1 := strconv.Atoi(a)
	last, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || first < 1 || first > last || last > 79 {
		return 0, 0, fmt.Errorf("-ffo %q: want FIRST-LAST with 1 <= FIRST <= LAST <= 79", s)
	}
	return first, last, nil
}

// parseProbeLine finds the line "speed-probe KIND WORK CPU-SECONDS" in a probe's output
// and checks it answers spec.
func parseProbeLine(out, spec string) (probeResult, error) {
	kind, _, _ := strings.Cut(spec, ":")
	for line := range strings.Lines(out) {
		f := strings.Fields(line)
		if len(f) == 0 || f[0] != "speed-probe" {
			continue
		}
		if len(f) != 4 || f[1] != kind {
			return probeResult{}, fmt.Errorf("probe %s printed %q, want speed-probe %s WORK CPU-SECONDS", spec, strings.TrimSpace(line), kind)
		}
		work, err := strconv.ParseInt(f[2], 10, 64)
		if err != nil || work <= 0 {
			return probeResult{}, fmt.Errorf("probe %s printed work %q, want a count above 0", spec, f[2])
		}
		secs, err := strconv.ParseFloat(f[3], 64)
		if err != nil || !(secs > 0) || math.IsInf(secs, 1) {
			return probeResult{}, fmt.Errorf("probe %s printed CPU seconds %q, want a time above 0 (too little work to time?)", spec, f[3])
		}
		return probeResult{kind, work, secs}, nil
	}
	return probeResult{}, fmt.Errorf("probe %s printed no speed-probe line:\n%s", spec, tail(out, 2000))
}

// measure runs spec runs times on each side, alternating base (0) and new (1).
func measure(spec string, runs int, probe func(side int, spec string) (probeResult, error)) ([2][]probeResult, error) {
	var res [2][]probeResult
	for range runs {
		for side := range 2 {
			r, err := probe(side, spec)
			if err != nil {
				return res, err
			}
			res[side] = append(res[side], r)
		}
	}
	return res, nil
}

// summary is one side's runs of one probe.
type summary struct {
	work        int64
	median, min float64 // CPU seconds
}

// summarize checks that every run did the same work and takes the median and minimum
// CPU time.
func summarize(rs []probeResult) (summary, error) {
	if len(rs) == 0 {
		return summary{}, fmt.Errorf("no runs")
	}
	secs := make([]float64, len(rs))
	for i, r := range rs {
		if r.work != rs[0].work {
			return summary{}, fmt.Errorf("%s: run %d did %d, run 1 %d: the work must not vary", r.kind, i+1, r.work, rs[0].work)
		}
		secs[i] = r.secs
	}
	return summary{rs[0].work, median(secs), slices.Min(secs)}, nil
}

// median returns the middle value of xs (the mean of the two middle ones for an even
// count); it sorts xs.
func median(xs []float64) float64 {
	slices.Sort(xs)
	n := len(xs)
	if n%2 == 1 {
		return xs[n/2]
	}
	return (xs[n/2-1] + xs[n/2]) / 2
}

// rate is work per CPU second at the median and at the minimum time.
func (s summary) rate() (atMedian, atMin float64) {
	return float64(s.work) / s.median, float64(s.work) / s.min
}

// ratios compares new with base: work per CPU second at the median and at the minimum
// (above 1: new is faster), and median CPU time (below 1: new is faster).
func ratios(base, new summary) (rate, best, cpu float64) {
	br, bb := base.rate()
	nr, nb := new.rate()
	return nr / br, nb / bb, new.median / base.median
}

// report prints one probe's comparison.
func report(w io.Writer, p probeSpec, runs int, base string, res [2][]probeResult) error {
	var s [2]summary
	for side := range 2 {
		var err error
		if s[side], err = summarize(res[side]); err != nil {
			return err
		}
	}
	if p.unit == "leaves" && s[0].work != s[1].work {
		return fmt.Errorf("%s: base counts %d leaves, new %d: one of them is wrong", p.title, s[0].work, s[1].work)
	}
	fmt.Fprintf(w, "%s, %d runs on each side, alternating:\n", p.title, runs)
	for side, name := range [2]string{"base " + base, "new"} {
		r, b := s[side].rate()
		fmt.Fprintf(w, "  %-17s %12d %s  CPU median %.3f s, min %.3f s  %.1f M %s/s at the median, %.1f M at the min\n",
			name, s[side].work, p.unit, s[side].median, s[side].min, r/1e6, p.unit, b/1e6)
	}
	rate, best, cpu := ratios(s[0], s[1])
	_, err := fmt.Fprintf(w, "  new/base: %.2f× %s per CPU second at the median (%.2f× at the min); CPU time %.2f×\n", rate, p.unit, best, cpu)
	return err
}
