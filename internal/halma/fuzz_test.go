package halma

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"gameagents/internal/fuzzcheck"
	"gameagents/internal/gamefile"
)

// caseSeeds returns the contents of testdata/cases/*-<suffix>.txt (the published inputs and
// their outputs), by case number.
func caseSeeds(f *testing.F, suffix string) map[string][]byte {
	f.Helper()
	files, _ := filepath.Glob(filepath.Join("testdata", "cases", "*-"+suffix+".txt"))
	seeds := map[string][]byte{}
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		seeds[strings.TrimSuffix(filepath.Base(name), "-"+suffix+".txt")] = data
	}
	return seeds
}

// FuzzParseInput: the properties of fuzzcheck.CheckInput for Halma's input.txt.
// `go test -fuzz '^FuzzParseInput$' ./internal/halma` explores further.
func FuzzParseInput(f *testing.F) {
	fuzzcheck.SeedInputs(f, "halma", "GAME\nWHITE\n1e-05\n",
		"SINGLE\nBLACK\n1\n"+strings.Repeat("................\n", 15)+"...............\t\n")
	inputs := caseSeeds(f, "input")
	for _, n := range slices.Sorted(maps.Keys(inputs)) {
		f.Add(inputs[n])
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		fuzzcheck.CheckInput(t, data, ParseInput, Game{}, Game{}, diffInputs)
	})
}

// diffInputs compares two parsed inputs by what a move depends on.
func diffInputs(want, got *Input) string {
	type view struct {
		Mode   gamefile.Mode
		Time   string
		ToMove Color
		Rows   []string
	}
	v := func(in *Input) view { return view{in.Header.Mode, in.Header.Time, in.ToMove, in.Board.Rows()} }
	return cmp.Diff(v(want), v(got))
}

// FuzzJudge: the properties of fuzzcheck.CheckJudge for Halma's output.txt, the moves
// being those of the Generator's Legal policy.
func FuzzJudge(f *testing.F) {
	inputs, outputs := caseSeeds(f, "input"), caseSeeds(f, "output")
	fuzzcheck.SeedJudge(f, "halma", string(inputs["010"]), "J 0,0 2,2\nJ 2,2 0,0\n", "E 15,15 16,16\n")
	for _, n := range slices.Sorted(maps.Keys(outputs)) {
		f.Add(inputs[n], outputs[n])
	}
	f.Fuzz(func(t *testing.T, input, output []byte) {
		if chainsBack(output) {
			// A chain back to its start is legal in addendum (b)'s free case (ParseMove);
			// it changes nothing, so the generator never lists it.
			return
		}
		fuzzcheck.CheckJudge(t, Game{}, input, output, generatedMoves)
	})
}

// chainsBack reports whether output is well-formed hops whose last ends where the first
// starts.
func chainsBack(output []byte) bool {
	lines := gamefile.SplitLines(string(output))
	if len(lines) == 0 {
		return false
	}
	first, err1 := ParseHop(lines[0].Text)
	last, err2 := ParseHop(lines[len(lines)-1].Text)
	return err1 == nil && err2 == nil && first.From == last.To
}

// generatedMoves is the Generator's view of an input for fuzzcheck.CheckJudge.
func generatedMoves(lines []gamefile.Line) fuzzcheck.Moves {
	in, err := ParseInput("input.txt", lines)
	if err != nil {
		panic(err) // the judge has loaded these lines
	}
	var g Generator
	// Room for every move of any board (a piece has at most 255 destinations), beyond the
	// MaxMoves the agent and the judge size their buffers with.
	moves := g.Generate(in.Board, in.ToMove, Legal, make([]Move, 0, Size*Size*(Size*Size-1)))
	outputs := make([][]byte, len(moves))
	for i, m := range moves {
		outputs[i] = gamefile.JoinLines(MoveLines(in.Board, m))
	}
	after := func(i int) ([]byte, error) {
		b := *in.Board
		b.Move(moves[i].From, moves[i].To)
		return FormatInput(gamefile.Single, in.ToMove.Other(), "1", &b), nil
	}
	return fuzzcheck.Moves{Outputs: outputs, After: after}
}
