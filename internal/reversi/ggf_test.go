package reversi

import (
	"strings"
	"testing"
)

// nboardExample is the game of the example session in the NBoard protocol's documentation.
const nboardExample = "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]RE[?]TI[15:00]TY[8]" +
	"BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)"

// TestGGFRoundTrip reads games and writes them back: the same text, the same final position
// (the example's worked out by hand).
func TestGGFRoundTrip(t *testing.T) {
	for _, text := range []string{
		nboardExample,
		// A pass (after c4 c3 f5 b4 a4 a5 b2 a3 Black has no move), evaluations and times,
		// and an escaped "]" in a name.
		"(;GM[Othello]PB[a\\]b]PW[w]TI[5:00//2:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]" +
			"B[C4/1.5/0.250]W[C3]B[F5]W[B4]B[A4]W[A5]B[B2]W[A3//3.000]B[PA]W[D2];)",
	} {
		g, err := ParseGGF(text)
		if err != nil {
			t.Fatalf("ParseGGF(%q) = %v", text, err)
		}
		if got := g.String(); got != text {
			t.Errorf("ParseGGF(%q).String() =\n%q", text, got)
		}
		p1, _ := g.Final()
		g2, err := ParseGGF(g.String())
		if err != nil {
			t.Fatal(err)
		}
		if p2, _ := g2.Final(); p1 != p2 {
			t.Errorf("%q: the final position changed on a round trip", text)
		}
	}
	g, _ := ParseGGF(nboardExample)
	if p, _ := g.Final(); p.ToMove != Black || strings.Join(p.Rows(), "/") != "......../......../...B..../...BBW../..WWBW../....BW../....BW../........" {
		t.Errorf("the example's final position: %v to move, %v", p.ToMove, p.Rows())
	}
}

// TestGGFErrors: a game the rules or the format refuse is an error saying what is wrong.
func TestGGFErrors(t *testing.T) {
	const bo = "BO[8 ---------------------------O*------*O--------------------------- *]"
	for _, c := range []struct{ text, want string }{
		{"GM[Othello]" + bo, `between "(;" and ";)"`},
		{"(;GM[Chess]" + bo + ";)", "want Othello"},
		{"(;TY[10]" + bo + ";)", "TY[10]"},
		{"(;GM[Othello];)", "no board"},
		{"(;B[F5]" + bo + ";)", "before the board"},
		{"(;BO[8 ---- *];)", "64 squares"},
		{"(;" + bo + "W[F5];)", "move 1, W[F5]: it is BLACK's turn"},
		{"(;" + bo + "B[A1];)", "move 1, B[A1]: illegal (legal: d3 c4 f5 e6)"},
		{"(;" + bo + "B[PA];)", "a pass while"},
		{"(;" + bo + "B[F5/x/y];)", "not a number of seconds"},
		{"(;" + bo + "B[F5;)", "not closed"},
		{"(;" + bo + "b[F5];)", "capital letters"},
		{"(;TI[soon]" + bo + ";)", ""}, // TI is read by LoadGGF, not ParseGGF
	} {
		_, err := ParseGGF(c.text)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("ParseGGF(%q) = %v, want no error", c.text, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("ParseGGF(%q) = %v, want an error containing %q", c.text, err, c.want)
		}
	}
	if _, err := (Game{}).LoadGGF("(;TI[soon]" + bo + ";)"); err == nil || !strings.Contains(err.Error(), "TI[soon]") {
		t.Errorf("LoadGGF with TI[soon] = %v, want an error naming it", err)
	}
}

// TestGGFClock reads GGF clocks.
func TestGGFClock(t *testing.T) {
	for _, c := range []struct {
		in   string
		want float64
	}{{"15:00", 900}, {"1:00:00", 3600}, {"300", 300}, {"5:00//2:00", 300}, {"0:30.5", 30.5}} {
		if got, err := ParseGGFClock(c.in); err != nil || got != c.want {
			t.Errorf("ParseGGFClock(%q) = %v, %v, want %v", c.in, got, err, c.want)
		}
	}
	for _, bad := range []string{"", "a:b", "1:2:3:4", "-5"} {
		if _, err := ParseGGFClock(bad); err == nil {
			t.Errorf("ParseGGFClock(%q) succeeded", bad)
		}
	}
}
