package hive

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"gameagents/internal/fuzzcheck"
	"gameagents/internal/gamefile"
)

// FuzzParseInput: the properties of fuzzcheck.CheckInput for Hive's input.txt.
// `go test -fuzz '^FuzzParseInput$' ./internal/hive` explores further.
func FuzzParseInput(f *testing.F) {
	fuzzcheck.SeedInputs(f, "hive",
		"SINGLE\nLOWER\n1\nHIVE 1 0 0\nHAND q1 b0 s0 g0 a0 Q1 B0 S0 G0 A0\nCELLS 0\n",
		"SINGLE\nUPPER\n1\nHIVE 16 9999 0\nHAND q0 b0 s0 g0 a0 Q1 B7 S0 G0 A0\nCELLS 1\n0 0 qBBBBBBBB\n",
		"SINGLE\nLOWER\n1\nhive\t13 0 0\nHAND q1 b2 s2 g2 a2 Q1 B2 S2 G2 A2\nCELLS 0\n",
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		fuzzcheck.CheckInput(t, data, ParseInput, Game{}, Game{}, func(want, got *Input) string {
			return cmp.Diff(want, got, cmp.Comparer(func(a, b *Geometry) bool { return a.N == b.N }))
		})
	})
}

// FuzzJudge: the properties of fuzzcheck.CheckJudge for Hive's output.txt, the moves being
// the fast generator's under the loose contact reading (the judge's, docs/hive.md),
// played with Board.Make: the fast rules against the reference rules the judge uses.
func FuzzJudge(f *testing.F) {
	start := "SINGLE\nLOWER\n1\nHIVE 13 0 0\nHAND q1 b2 s2 g2 a2 Q1 B2 S2 G2 A2\nCELLS 0\n"
	fuzzcheck.SeedJudge(f, "hive", start, "PLACE q 6,6\n", "PLACE q 06,6\n", "PLACE q -0,6\n", "PLACE Q 6,6\n", "PASS\n", "MOVE q 6,6 6,7\n", "PLACE  q 6,6\n")
	f.Fuzz(func(t *testing.T, input, output []byte) {
		fuzzcheck.CheckJudge(t, Game{}, input, output, generatedMoves)
	})
}

// generatedMoves is the fast generator's view of an input for fuzzcheck.CheckJudge.
func generatedMoves(lines []gamefile.Line) fuzzcheck.Moves {
	in, err := ParseInput("input.txt", lines)
	if err != nil {
		panic(err) // the judge has loaded these lines
	}
	pos := in.Position()
	moves := NewBoard(pos).Moves(Loose, make([]PackedMove, 0, MaxMoves))
	outputs := make([][]byte, len(moves))
	for i, m := range moves {
		outputs[i] = []byte(pos.Format(m.Move()) + "\n")
	}
	after := func(i int) ([]byte, error) {
		b := NewBoard(pos)
		b.Make(moves[i])
		return gamefile.JoinLines(b.Position().InputLines(gamefile.Single, "1")), nil
	}
	return fuzzcheck.Moves{Outputs: outputs, After: after}
}
