package sprt

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParseTest(t *testing.T) {
	tests := []struct {
		in   string
		want Test
		ok   bool
	}{
		{"0,10", Test{0, 10, DefaultAlpha, DefaultBeta}, true},
		{"-5, 0", Test{-5, 0, DefaultAlpha, DefaultBeta}, true},
		{"0,5,0.01,0.1", Test{0, 5, 0.01, 0.1}, true},
		{"0.5,2.5,0.05,0.05", Test{0.5, 2.5, 0.05, 0.05}, true},
		{"", Test{}, false},
		{"10", Test{}, false},
		{"0,10,0.05", Test{}, false},
		{"0,10,0.05,0.05,1", Test{}, false},
		{"0,ten", Test{}, false},
		{"10,0", Test{}, false},          // elo0 ≥ elo1
		{"0,600", Test{}, false},         // beyond MaxElo
		{"0,10,0.5,0.05", Test{}, false}, // alpha out of range
		{"0 10", Test{}, false},
	}
	for _, tc := range tests {
		got, err := ParseTest(tc.in)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("ParseTest(%q) = %+v, %v, want %+v, ok %v", tc.in, got, err, tc.want, tc.ok)
		}
	}
}

func TestSummary(t *testing.T) {
	won := Sequential{Test: Test{Elo0: 0, Elo1: 200, Alpha: 0.05, Beta: 0.05}}
	for won.Verdict == Continue {
		won.Add(Win, Win)
	}
	// docs/tournament.md's worked example (TestWorkedExample), run to its most pairs.
	example := Sequential{Test: Test{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05},
		Counts: Counts{Pairs: [5]int{9, 61, 131, 77, 22}, Wins: 181, Draws: 280, Losses: 139}}
	example.LLR = example.Test.LLR(example.Counts)
	tests := []struct {
		name string
		seq  *Sequential
		most int
		want []string
	}{
		{"decided", &won, 10, []string{
			"verdict  H1 accepted after 7 pairs (14 games): nElo 200 rather than 0",
			"LLR      3.423, bounds [-2.944, 2.944] (H0 nElo 0, H1 nElo 200, alpha 0.05, beta 0.05)",
			"pairs    LL 0, LD 0, DD/WL 0, WD 0, WW 7 (W-D-L 14-0-0)",
			"score    100.0% [100.0%, 100.0%]",
			"Elo      +inf [+inf, +inf] (logistic)",
			"nElo     +inf [+inf, +inf] (normalized)",
			"LOS      100.0%",
		}},
		{"inconclusive", &example, 300, []string{
			"verdict  no bound crossed after 300 pairs (600 games), the most: inconclusive",
			"LLR      1.594, bounds [-2.944, 2.944] (H0 nElo 0, H1 nElo 10, alpha 0.05, beta 0.05)",
			"pairs    LL 9, LD 61, DD/WL 131, WD 77, WW 22 (W-D-L 181-280-139)",
			"score    53.5% [50.9%, 56.1%]",
			"Elo      +24.4 [+6.2, +42.7] (logistic)",
			"nElo     +37.2 [+9.4, +65.0] (normalized)",
			"LOS      99.6%",
		}},
		{"continuing", &example, 0, nil},
		{"empty", &Sequential{Test: Test{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}}, 0, []string{
			"verdict  continuing after 0 pairs (0 games)",
			"LLR      0.000, bounds [-2.944, 2.944] (H0 nElo 0, H1 nElo 10, alpha 0.05, beta 0.05)",
			"pairs    LL 0, LD 0, DD/WL 0, WD 0, WW 0 (W-D-L 0-0-0)",
			"score    - [-, -]",
			"Elo      - [-, -] (logistic)",
			"nElo     - [-, -] (normalized)",
			"LOS      -",
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := strings.Split(tc.seq.Summary(tc.most), "\n")
			if tc.want == nil { // only the verdict differs from the case before
				if want := "verdict  continuing after 300 pairs (600 games)"; got[0] != want {
					t.Errorf("Summary(%d)'s verdict = %q, want %q", tc.most, got[0], want)
				}
				return
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("Summary(%d) mismatch (-want +got):\n%s", tc.most, diff)
			}
		})
	}
}
