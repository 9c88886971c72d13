// Package fuzzcheck holds what every game's fuzz targets (internal/<game>/fuzz_test.go)
// check, so that the five games are held to one set of properties, said once:
//
//   - CheckInput, for any bytes as input.txt: they parse, or fail with a *gamefile.Error
//     naming input.txt and a line of the file (0 for the whole file); the agent's Parse and
//     the judge's Load give the same verdict and message as the game's parser; a parsed
//     input re-formatted by the judge (Match.Input) parses to an equal input, and
//     re-formatting that gives the same bytes (a fixed point).
//   - CheckJudge, for any input.txt and output.txt bytes: an output the judge's Match.Play
//     accepts (what `homework validate` runs) leads to the position one of the game's own
//     generated moves leads to; one generated move (chosen by the fuzz input), written as
//     the agent writes it, is accepted, strictly, and leads to its position; a rejected
//     output leaves the match as it was; a finished game accepts nothing.
//
// Seeds come from the repository's samples/<game>/<case>/ (Samples), so that the default
// `go test` runs every sample through the properties; `go test -fuzz` explores further.
// The package is imported by tests only.
package fuzzcheck

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gameagents/internal/agent"
	"gameagents/internal/gamefile"
	"gameagents/internal/rules"
)

// Case is one samples/<game>/<case>/ directory's input.txt and output.txt (nil when the
// case has none, as the cases of malformed input).
type Case struct {
	Name          string
	Input, Output []byte
}

// Samples returns the cases of samples/<game>/ that have an input.txt. root is the
// repository root relative to the calling test's package directory ("../.." for
// internal/<pkg>).
func Samples(tb testing.TB, root, game string) []Case {
	tb.Helper()
	dirs, err := filepath.Glob(filepath.Join(root, "samples", game, "*"))
	if err != nil || len(dirs) == 0 {
		tb.Fatalf("no samples in %s: %v", filepath.Join(root, "samples", game), err)
	}
	var cases []Case
	for _, dir := range dirs {
		input, err := os.ReadFile(filepath.Join(dir, "input.txt"))
		if err != nil {
			continue // bad-missing-input
		}
		output, err := os.ReadFile(filepath.Join(dir, "output.txt"))
		if err != nil {
			output = nil
		}
		cases = append(cases, Case{Name: filepath.Base(dir), Input: input, Output: output})
	}
	return cases
}

// SeedInputs adds to f's corpus every sample input.txt of game and the extra inputs, for a
// target over input.txt alone; the calling package is internal/<pkg>.
func SeedInputs(f *testing.F, game string, extra ...string) {
	f.Helper()
	for _, c := range Samples(f, "../..", game) {
		f.Add(c.Input)
	}
	for _, in := range extra {
		f.Add([]byte(in))
	}
}

// SeedJudge adds to f's corpus every sample of game as (input.txt, output.txt), and start
// with each of outputs, for a target over a position and an output.
func SeedJudge(f *testing.F, game, start string, outputs ...string) {
	f.Helper()
	for _, c := range Samples(f, "../..", game) {
		f.Add(c.Input, c.Output)
	}
	for _, out := range outputs {
		f.Add([]byte(start), []byte(out))
	}
}

// CheckInputError checks that err, from parsing data as input.txt, is a *gamefile.Error of
// input.txt whose line is one of the file's, the line after the last (a missing line), or
// 0 (the whole file), and that it prints as "input.txt:LINE: problem".
func CheckInputError(t *testing.T, data []byte, err error) {
	t.Helper()
	var ge *gamefile.Error
	if !errors.As(err, &ge) {
		t.Fatalf("error %q (%T), want a *gamefile.Error", err, err)
	}
	lastLine := bytes.Count(data, []byte("\n")) + 1
	if ge.File != "input.txt" || ge.Line < 0 || ge.Line > lastLine+1 {
		t.Errorf("error %q names %s line %d, want input.txt and a line from 0 to %d", err, ge.File, ge.Line, lastLine+1)
	}
	if !strings.HasPrefix(err.Error(), "input.txt:") || ge.Msg == "" {
		t.Errorf("error %q, want input.txt:LINE: problem", err)
	}
}

// Parser is a game's own input.txt parser, returning its parsed input.
type Parser[T any] func(file string, lines []gamefile.Line) (T, error)

// CheckInput checks the properties of the package comment for data as input.txt: parse is
// the game's parser, a and j its agent and judge, diff compares two parsed inputs ("" when
// equal).
func CheckInput[T any](t *testing.T, data []byte, parse Parser[T], a agent.Game, j rules.Game, diff func(want, got T) string) {
	t.Helper()
	lines := gamefile.SplitLines(string(data))
	want, err := parse("input.txt", lines)
	_, agentErr := a.Parse("input.txt", lines)
	m, judgeErr := j.Load(lines)
	if errText(agentErr) != errText(err) || errText(judgeErr) != errText(err) {
		t.Fatalf("parser: %v\nagent's Parse: %v\njudge's Load: %v\nwant one verdict and message", err, agentErr, judgeErr)
	}
	if err != nil {
		CheckInputError(t, data, err)
		return
	}
	h, _, err := gamefile.ParseHeader("input.txt", lines)
	if err != nil {
		t.Fatalf("ParseHeader: %v, after the game's parser accepted the input", err)
	}
	text := m.Input(h.Mode, h.Time)
	again := gamefile.SplitLines(string(text))
	got, err := parse("input.txt", again)
	if err != nil {
		t.Fatalf("the re-formatted input does not parse: %v\n%s", err, text)
	}
	if d := diff(want, got); d != "" {
		t.Errorf("re-formatted input parses to another input (-want +got):\n%s\nre-formatted:\n%s", d, text)
	}
	m2, err := j.Load(again)
	if err != nil {
		t.Fatalf("judge's Load of the re-formatted input: %v", err)
	}
	if text2 := m2.Input(h.Mode, h.Time); !bytes.Equal(text, text2) {
		t.Errorf("formatting is not a fixed point:\nfirst:\n%s\nsecond:\n%s", text, text2)
	}
}

func errText(err error) string {
	if err == nil {
		return "<nil>"
	}
	return err.Error()
}

// Moves is a position's legal moves by the game's own move generator, not the judge's.
type Moves struct {
	// Outputs holds each move as the agent writes output.txt.
	Outputs [][]byte
	// After returns the input.txt (SINGLE, time "1") of the position after move i, by the
	// game's own rules, as the judge's Match.Input writes it; an error when the rules
	// refuse the generated move.
	After func(i int) ([]byte, error)
}

// afterTime is the header of the positions CheckJudge compares.
const afterTime = "1"

// CheckJudge checks the properties of the package comment for input and output: j is the
// game's judge, moves its own generator's view of the position of an input the judge
// loads.
func CheckJudge(t *testing.T, j rules.Game, input, output []byte, moves func(lines []gamefile.Line) Moves) {
	t.Helper()
	lines := gamefile.SplitLines(string(input))
	m, err := j.Load(lines)
	if err != nil {
		return
	}
	before := m.Input(gamefile.Single, afterTime)
	if over, _, _ := m.Over(); over {
		if move, _, err := m.Play(output, false); err == nil {
			t.Errorf("Play(%q) = %q after the game ended, want an error", output, move)
		}
		return
	}
	gen := moves(lines)
	if has := len(gen.Outputs) > 0; m.HasMove() != has {
		t.Errorf("HasMove() = %v, but the generator has %d moves", m.HasMove(), len(gen.Outputs))
	}
	if move, _, err := m.Play(output, false); err != nil {
		if now := m.Input(gamefile.Single, afterTime); !bytes.Equal(now, before) {
			t.Errorf("Play(%q) failed (%v) but changed the position to\n%s", output, err, now)
		}
	} else if i := generatedAs(t, gen, m.Input(gamefile.Single, afterTime)); i < 0 {
		t.Errorf("Play(%q) accepted %q, which leads to a position no generated move (of %d) leads to", output, move, len(gen.Outputs))
	}
	if len(gen.Outputs) == 0 {
		return
	}
	var pick byte
	for _, b := range output {
		pick ^= b
	}
	i := int(pick) % len(gen.Outputs)
	m2, err := j.Load(lines)
	if err != nil {
		t.Fatalf("second Load: %v", err)
	}
	if _, _, err := m2.Play(gen.Outputs[i], true); err != nil {
		t.Fatalf("generated move %q rejected: %v", gen.Outputs[i], err)
	}
	want, err := gen.After(i)
	if err != nil {
		t.Fatalf("generated move %q: %v", gen.Outputs[i], err)
	}
	if got := m2.Input(gamefile.Single, afterTime); !bytes.Equal(got, want) {
		t.Errorf("generated move %q: the judge's position after it is\n%s\nthe game's own is\n%s", gen.Outputs[i], got, want)
	}
}

// generatedAs returns the index of a generated move leading to the position after, or -1.
func generatedAs(t *testing.T, gen Moves, after []byte) int {
	t.Helper()
	for i := range gen.Outputs {
		want, err := gen.After(i)
		if err != nil {
			t.Fatalf("generated move %q: %v", gen.Outputs[i], err)
		}
		if bytes.Equal(want, after) {
			return i
		}
	}
	return -1
}
