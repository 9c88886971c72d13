package reversi

import (
	"math/bits"
	"testing"

	"github.com/google/go-cmp/cmp"

	"gameagents/internal/fuzzcheck"
	"gameagents/internal/gamefile"
)

// FuzzParseInput: the properties of fuzzcheck.CheckInput for Reversi's input.txt.
// `go test -fuzz '^FuzzParseInput$' ./internal/reversi` explores further.
func FuzzParseInput(f *testing.F) {
	fuzzcheck.SeedInputs(f, "reversi",
		"SINGLE\nBLACK\n1\n........\n",
		"GAME\nWHITE\n1e300\n........\n........\n........\n...WB...\n...BW...\n........\n........\n........\n",
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		fuzzcheck.CheckInput(t, data, ParseInput, Game{}, Game{}, func(want, got *Input) string {
			return cmp.Diff(want, got)
		})
	})
}

// FuzzJudge: the properties of fuzzcheck.CheckJudge for Reversi's output.txt, the moves
// being Board.Moves' (PASS when there is none).
func FuzzJudge(f *testing.F) {
	start := "SINGLE\nBLACK\n1\n........\n........\n........\n...WB...\n...BW...\n........\n........\n........\n"
	fuzzcheck.SeedJudge(f, "reversi", start, "d3\n", "D3\n", "PASS\n", "d3", "d3\r\n", " d3\n", "a1\n", "i9\n")
	f.Fuzz(func(t *testing.T, input, output []byte) {
		fuzzcheck.CheckJudge(t, Game{}, input, output, generatedMoves)
	})
}

// generatedMoves is Board.Moves' view of an input for fuzzcheck.CheckJudge.
func generatedMoves(lines []gamefile.Line) fuzzcheck.Moves {
	in, err := ParseInput("input.txt", lines)
	if err != nil {
		panic(err) // the judge has loaded these lines
	}
	b, next := in.Board, 1-in.ToMove
	outputs := [][]byte{[]byte(Pass + "\n")}
	afters := []Position{{Board: b.Pass(), ToMove: next}}
	if moves := b.Moves(); moves != 0 {
		outputs, afters = outputs[:0], afters[:0]
		for ; moves != 0; moves &= moves - 1 {
			sq := bits.TrailingZeros64(moves)
			outputs = append(outputs, []byte(SquareName(sq)+"\n"))
			afters = append(afters, Position{Board: b.Play(sq), ToMove: next})
		}
	}
	after := func(i int) ([]byte, error) {
		return (&judgeMatch{pos: afters[i]}).Input(gamefile.Single, "1"), nil
	}
	return fuzzcheck.Moves{Outputs: outputs, After: after}
}
