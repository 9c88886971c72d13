package quoridor

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"gameagents/internal/fuzzcheck"
	"gameagents/internal/gamefile"
)

// FuzzParseInput: the properties of fuzzcheck.CheckInput for Quoridor's input.txt.
// `go test -fuzz '^FuzzParseInput$' ./internal/quoridor` explores further.
func FuzzParseInput(f *testing.F) {
	fuzzcheck.SeedInputs(f, "quoridor",
		"SINGLE\nFIRST\n1\nQUORIDOR 2 2\nME 0 0 1 0\nOPPONENT 1 1 0 0\nWALLS 1\n0,0 0,1 1,0 1,1\n",
		"SINGLE\nSECOND\n1\nQUORIDOR 32 32\nME 0 0 31 99\nOPPONENT 31 31 0 0\nWALLS 0\n",
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		fuzzcheck.CheckInput(t, data, ParseInput, Game{}, Game{}, func(want, got *Input) string {
			return cmp.Diff(want, got, cmp.AllowUnexported(Position{}))
		})
	})
}

// FuzzJudge: the properties of fuzzcheck.CheckJudge for Quoridor's output.txt, the moves
// being AppendLegalMoves' (the fast legal-wall generator), played with Position.Apply.
func FuzzJudge(f *testing.F) {
	start := "SINGLE\nFIRST\n1\nQUORIDOR 9 9\nME 4 0 8 10\nOPPONENT 4 8 0 10\nWALLS 0\n"
	fuzzcheck.SeedJudge(f, "quoridor", start, "MOVE 4,1\n", "MOVE 04,1\n", "WALL 0,1 0,2 1,1 1,2\n", "WALL 1,2 1,1 0,2 0,1\n", "PASS\n", "MOVE  4,1\n")
	f.Fuzz(func(t *testing.T, input, output []byte) {
		fuzzcheck.CheckJudge(t, Game{}, input, output, generatedMoves)
	})
}

// generatedMoves is AppendLegalMoves' view of an input for fuzzcheck.CheckJudge.
func generatedMoves(lines []gamefile.Line) fuzzcheck.Moves {
	in, err := ParseInput("input.txt", lines)
	if err != nil {
		panic(err) // the judge has loaded these lines
	}
	moves := in.Position.AppendLegalMoves(nil)
	outputs := make([][]byte, len(moves))
	for i, m := range moves {
		outputs[i] = FormatOutput(m)
	}
	after := func(i int) ([]byte, error) {
		p, walls := in.Position, slices.Clone(in.Walls)
		if moves[i].Kind == KindWall {
			walls = append(walls, moves[i].Steps())
		}
		p.Apply(moves[i])
		return FormatInput(gamefile.Single, "1", &p, walls), nil
	}
	return fuzzcheck.Moves{Outputs: outputs, After: after}
}
