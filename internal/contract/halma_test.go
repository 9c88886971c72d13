package contract

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"gameagents/internal/gamefile"
	"gameagents/internal/halma"
)

// parseHalma parses the bytes of a Halma input.txt or fails the test.
func parseHalma(t *testing.T, input []byte) *halma.Input {
	t.Helper()
	in, err := halma.ParseInput("input.txt", gamefile.SplitLines(string(input)))
	if err != nil {
		t.Fatalf("ParseInput = %v", err)
	}
	return in
}

// halmaMoves returns the moves of the side to move under policy p.
func halmaMoves(in *halma.Input, p halma.Policy) []halma.Move {
	var g halma.Generator
	var buf [halma.MaxMoves]halma.Move
	return append([]halma.Move(nil), g.Generate(in.Board, in.ToMove, p, buf[:0])...)
}

// checkHalmaOutput says what is wrong with output as our agent's answer to in, or returns
// nil. The contract's format: every line ends with one LF, no CR, no trailing space; an
// empty file exactly when the game is decided (Board.Decided) or there is no legal move.
// The rules: the move parses as a legal move (ParseMove, the referee's Legal policy) and is
// one the agent prefers (Preferred).
func checkHalmaOutput(in *halma.Input, output []byte) error {
	legal := halmaMoves(in, halma.Legal)
	_, why, over := in.Board.Decided(in.ToMove)
	switch {
	case over && len(output) != 0:
		return fmt.Errorf("output.txt is %q, but the game is over (%s): want it empty", output, why)
	case len(output) == 0 && !over && len(legal) > 0:
		return fmt.Errorf("output.txt is empty, but %v has %d legal moves", in.ToMove, len(legal))
	case len(output) == 0:
		return nil
	}
	text := string(output)
	switch {
	case !strings.HasSuffix(text, "\n"):
		return fmt.Errorf("output.txt %q does not end with LF", text)
	case strings.Contains(text, "\r"):
		return fmt.Errorf("output.txt %q holds a CR", text)
	case strings.Contains(text, " \n") || strings.Contains(text, "\t"):
		return fmt.Errorf("output.txt %q has trailing spaces", text)
	}
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	var g halma.Generator
	m, err := halma.ParseMove(in.Board, in.ToMove, lines, &g)
	if err != nil {
		return fmt.Errorf("ParseMove(%q) = %v, want a legal move (%d exist)", lines, err, len(legal))
	}
	for _, p := range halmaMoves(in, halma.Preferred) {
		if p == m {
			return nil
		}
	}
	return fmt.Errorf("ParseMove(%q) = %v, legal but not among the Preferred moves", lines, m)
}

// TestCheckHalmaOutput tests the checker the other tests rely on, on published positions:
// 009 (a free case where five legal moves are not preferred) and 026 (no legal move).
func TestCheckHalmaOutput(t *testing.T) {
	cases := map[string]publishedCase{}
	for _, c := range readCases(t) {
		cases[c.num] = c
	}
	free := cases["009"].input(t)
	// White has filled Black's camp; Black, to move, still has legal moves.
	decided := parseHalma(t, readFile(t, filepath.Join("..", "..", "samples", "halma", "decided-white-won", "input.txt")))
	var notPreferred halma.Move
	preferred := map[halma.Move]bool{}
	for _, m := range halmaMoves(free, halma.Preferred) {
		preferred[m] = true
	}
	for _, m := range halmaMoves(free, halma.Legal) {
		if !preferred[m] {
			notPreferred = m
		}
	}
	if notPreferred == (halma.Move{}) {
		t.Fatal("case 009: every legal move is preferred; the test needs one that is not")
	}
	good := halma.MoveLines(free.Board, halmaMoves(free, halma.Preferred)[0])
	tests := []struct {
		name   string
		in     *halma.Input
		output string
		ok     bool
	}{
		{"preferred", free, strings.Join(good, "\n") + "\n", true},
		{"no final LF", free, strings.Join(good, "\n"), false},
		{"CRLF", free, strings.Join(good, "\r\n") + "\r\n", false},
		{"trailing space", free, strings.Join(good, " \n") + " \n", false},
		{"illegal", free, "E 0,0 0,1\n", false},
		{"legal, not preferred", free, strings.Join(halma.MoveLines(free.Board, notPreferred), "\n") + "\n", false},
		{"empty with legal moves", free, "", false},
		{"empty without legal moves", cases["026"].input(t), "", true},
		{"a move without legal moves", cases["026"].input(t), "E 0,0 0,1\n", false},
		{"empty in a decided game", decided, "", true},
		{"a move in a decided game", decided, "E 4,6 3,5\n", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := checkHalmaOutput(tc.in, []byte(tc.output))
			if (err == nil) != tc.ok {
				t.Errorf("checkHalmaOutput(%q) = %v, want ok=%v", tc.output, err, tc.ok)
			}
		})
	}
}
