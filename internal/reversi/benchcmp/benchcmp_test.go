package benchcmp

import (
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParseFlags(t *testing.T) {
	tests := []struct {
		args    []string
		want    config
		wantErr string // "" for none
	}{
		{nil, config{runs: 5, perft: 11, ffo: "20-25"}, ""},
		{[]string{"-base", "f8ed124", "-runs", "3", "-perft", "9", "-ffo", "40-49"}, config{"f8ed124", 3, 9, "40-49"}, ""},
		{[]string{"-perft", "0"}, config{runs: 5, ffo: "20-25"}, ""},
		{[]string{"-ffo", ""}, config{runs: 5, perft: 11}, ""},
		{[]string{"-perft", "0", "-ffo", ""}, config{}, "nothing to measure"},
		{[]string{"-runs", "0"}, config{}, "-runs 0"},
		{[]string{"-perft", "14"}, config{}, "-perft 14"},
		{[]string{"-ffo", "25-20"}, config{}, `-ffo "25-20"`},
		{[]string{"-ffo", "0-3"}, config{}, `-ffo "0-3"`},
		{[]string{"-ffo", "70-80"}, config{}, `-ffo "70-80"`},
		{[]string{"-ffo", "40"}, config{}, `-ffo "40"`},
		{[]string{"extra"}, config{}, `unexpected argument "extra"`},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			got, err := parseFlags(tt.args, io.Discard)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Errorf("parseFlags(%q) error = %v, want one containing %q", tt.args, err, tt.wantErr)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Errorf("parseFlags(%q) = %+v, %v, want %+v, nil", tt.args, got, err, tt.want)
			}
		})
	}
}

func TestProbes(t *testing.T) {
	got := probes(config{perft: 9, ffo: "20-25"})
	want := []probeSpec{
		{"perft:9", "perft 9 from the start", "leaves"},
		{"ffo:20-25", "FFO #20-#25 solved exactly", "nodes"},
	}
	if diff := cmp.Diff(want, got, cmp.AllowUnexported(probeSpec{})); diff != "" {
		t.Errorf("probes mismatch (-want +got):\n%s", diff)
	}
}

func TestParseProbeLine(t *testing.T) {
	tests := []struct {
		out, spec string
		want      probeResult
		wantErr   bool
	}{
		{"speed-probe perft 1396 0.000120\nPASS\n", "perft:5", probeResult{"perft", 1396, 0.00012}, false},
		{"=== RUN TestSpeedProbe\nspeed-probe ffo 14121471 1.356820\n--- PASS\n", "ffo:20-25", probeResult{"ffo", 14121471, 1.35682}, false},
		{"PASS\n", "perft:5", probeResult{}, true},
		{"speed-probe ffo 1396 0.1\n", "perft:5", probeResult{}, true},
		{"speed-probe perft 1396\n", "perft:5", probeResult{}, true},
		{"speed-probe perft -4 0.1\n", "perft:5", probeResult{}, true},
		{"speed-probe perft x 0.1\n", "perft:5", probeResult{}, true},
		{"speed-probe perft 1396 0.000000\n", "perft:5", probeResult{}, true},
		{"speed-probe perft 1396 NaN\n", "perft:5", probeResult{}, true},
		{"speed-probe perft 1396 +Inf\n", "perft:5", probeResult{}, true},
	}
	for _, tt := range tests {
		t.Run(tt.out, func(t *testing.T) {
			got, err := parseProbeLine(tt.out, tt.spec)
			if (err != nil) != tt.wantErr || got != tt.want {
				t.Errorf("parseProbeLine(%q, %q) = %+v, %v, want %+v, error %v", tt.out, tt.spec, got, err, tt.want, tt.wantErr)
			}
		})
	}
}

func TestMedian(t *testing.T) {
	tests := []struct {
		xs   []float64
		want float64
	}{
		{[]float64{3}, 3},
		{[]float64{5, 1, 3}, 3},
		{[]float64{4, 1, 3, 2}, 2.5},
		{[]float64{2, 2, 9, 1, 2}, 2},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.xs), func(t *testing.T) {
			if got := median(append([]float64(nil), tt.xs...)); got != tt.want {
				t.Errorf("median(%v) = %v, want %v", tt.xs, got, tt.want)
			}
		})
	}
}

func TestSummarizeAndRatios(t *testing.T) {
	base := []probeResult{{"perft", 1000, 2}, {"perft", 1000, 1}, {"perft", 1000, 4}}
	fast := []probeResult{{"perft", 1000, 0.5}, {"perft", 1000, 1}, {"perft", 1000, 2}}
	b, err := summarize(base)
	if want := (summary{1000, 2, 1}); err != nil || b != want {
		t.Fatalf("summarize(%v) = %+v, %v, want %+v, nil", base, b, err, want)
	}
	n, err := summarize(fast)
	if want := (summary{1000, 1, 0.5}); err != nil || n != want {
		t.Fatalf("summarize(%v) = %+v, %v, want %+v, nil", fast, n, err, want)
	}
	rate, best, cpu := ratios(b, n)
	if rate != 2 || best != 2 || cpu != 0.5 {
		t.Errorf("ratios(%+v, %+v) = %v, %v, %v, want 2, 2, 0.5", b, n, rate, best, cpu)
	}
	// Fewer nodes in the same time is no faster per node, but it is less CPU time.
	n = summary{500, 2, 1}
	if rate, _, cpu := ratios(b, n); rate != 0.5 || cpu != 1 {
		t.Errorf("ratios(%+v, %+v) = %v, _, %v, want 0.5, _, 1", b, n, rate, cpu)
	}
	varying := []probeResult{{"ffo", 10, 1}, {"ffo", 11, 1}}
	if _, err := summarize(varying); err == nil {
		t.Errorf("summarize(%v) = nil error, want one (the work varies)", varying)
	}
	if _, err := summarize(nil); err == nil {
		t.Errorf("summarize(nil) = nil error, want one")
	}
}

// TestMeasureAlternates: runs go base, new, base, new, ... and each result lands on its side.
func TestMeasureAlternates(t *testing.T) {
	var order []int
	probe := func(side int, spec string) (probeResult, error) {
		order = append(order, side)
		return probeResult{"perft", 7, float64(len(order))}, nil
	}
	res, err := measure("perft:3", 3, probe)
	if err != nil {
		t.Fatalf("measure = %v, want nil error", err)
	}
	if want := []int{0, 1, 0, 1, 0, 1}; !cmp.Equal(order, want) {
		t.Errorf("measure ran sides %v, want %v", order, want)
	}
	for side, want := range [2][]float64{{1, 3, 5}, {2, 4, 6}} {
		var got []float64
		for _, r := range res[side] {
			got = append(got, r.secs)
		}
		if !cmp.Equal(got, want) {
			t.Errorf("measure side %d times = %v, want %v", side, got, want)
		}
	}
	failing := func(side int, spec string) (probeResult, error) { return probeResult{}, fmt.Errorf("boom") }
	if _, err := measure("perft:3", 3, failing); err == nil {
		t.Errorf("measure with a failing probe = nil error, want one")
	}
}

func TestReport(t *testing.T) {
	p := probeSpec{"perft:9", "perft 9 from the start", "leaves"}
	res := [2][]probeResult{
		{{"perft", 3_000_000, 0.02}, {"perft", 3_000_000, 0.01}, {"perft", 3_000_000, 0.012}},
		{{"perft", 3_000_000, 0.006}, {"perft", 3_000_000, 0.005}, {"perft", 3_000_000, 0.007}},
	}
	var out strings.Builder
	if err := report(&out, p, 3, "f8ed12448958", res); err != nil {
		t.Fatalf("report = %v, want nil error", err)
	}
	for _, want := range []string{
		"perft 9 from the start, 3 runs on each side",
		"base f8ed12448958",
		"CPU median 0.012 s, min 0.010 s  250.0 M leaves/s at the median, 300.0 M at the min",
		"new/base: 2.00× leaves per CPU second at the median (2.00× at the min); CPU time 0.50×",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report printed\n%s\nwant it to contain %q", out.String(), want)
		}
	}
	res[1][0].work, res[1][1].work, res[1][2].work = 5, 5, 5
	if err := report(io.Discard, p, 3, "f8ed12448958", res); err == nil {
		t.Errorf("report with different perft leaves = nil error, want one")
	}
}
