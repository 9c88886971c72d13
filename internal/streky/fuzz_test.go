package streky

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"gameagents/internal/fuzzcheck"
	"gameagents/internal/gamefile"
)

// FuzzParseInput: the properties of fuzzcheck.CheckInput for ŠTREKY's input.txt.
// `go test -fuzz '^FuzzParseInput$' ./internal/streky` explores further.
func FuzzParseInput(f *testing.F) {
	fuzzcheck.SeedInputs(f, "streky",
		"SINGLE\nFIRST\n1\nSTREKY 1 1\nSCORE 0 0\nBOARD\n.\nHAND 1\n1\nOPPONENT 0\n",
		"SINGLE\nSECOND\n1\nSTREKY 2 3\nSCORE 7 0\nBOARD\n0.4\n...\nHAND 2\n12/34\n00000000\nOPPONENT 1\n4/4/4/4/4/4/4/4\n",
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		fuzzcheck.CheckInput(t, data, ParseInput, Game{}, Game{}, func(want, got *Input) string {
			return cmp.Diff(want, got, cmp.AllowUnexported(Board{}))
		})
	})
}

// FuzzJudge: the properties of fuzzcheck.CheckJudge for ŠTREKY's output.txt, the moves
// being the fast Generator's placements (PASS when there is none), each played with
// Position.Apply, whose gain must be the generator's.
func FuzzJudge(f *testing.F) {
	start := "SINGLE\nFIRST\n1\nSTREKY 3 3\nSCORE 0 0\nBOARD\n...\n.1.\n...\nHAND 1\n12/21\nOPPONENT 0\n"
	fuzzcheck.SeedJudge(f, "streky", start, "PLACE 0,0 12/21\n", "PLACE 0,0 21/12\n", "PLACE 00,0 12/21\n", "PLACE 2,2 12/21\n", "PASS\n", "PLACE 0,1 12/21\n")
	f.Fuzz(func(t *testing.T, input, output []byte) {
		fuzzcheck.CheckJudge(t, Game{}, input, output, generatedMoves)
	})
}

// generatedMoves is the Generator's view of an input for fuzzcheck.CheckJudge.
func generatedMoves(lines []gamefile.Line) fuzzcheck.Moves {
	in, err := ParseInput("input.txt", lines)
	if err != nil {
		panic(err) // the judge has loaded these lines
	}
	pos := in.Position
	g := NewGenerator()
	placements := g.Placements(&pos.Board, pos.Hand(), nil)
	moves := []Move{PassMove}
	gains := []int{0}
	if len(placements) > 0 {
		moves, gains = moves[:0], gains[:0]
		for _, pl := range placements {
			moves = append(moves, g.Move(pl))
			gains = append(gains, int(pl.Gain))
		}
	}
	outputs := make([][]byte, len(moves))
	for i, m := range moves {
		outputs[i] = FormatOutput(m)
	}
	after := func(i int) ([]byte, error) {
		p := pos.Clone()
		gain, err := p.Apply(moves[i])
		if err != nil {
			return nil, err
		}
		if gain != gains[i] {
			return nil, fmt.Errorf("Apply gains %d, the generator %d", gain, gains[i])
		}
		return p.FormatInput(gamefile.Single, "1"), nil
	}
	return fuzzcheck.Moves{Outputs: outputs, After: after}
}
