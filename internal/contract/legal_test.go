package contract

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"gameagents/internal/gamefile"
	"gameagents/internal/halma"
)

// casesDir holds the 83 published Halma inputs (shared/data/halma/cases), kept once in the
// repository, by the rules package, with their INDEX.md.
var casesDir = filepath.Join("..", "halma", "testdata", "cases")

// publishedCase is one input of casesDir with its row of INDEX.md.
type publishedCase struct {
	num    string
	raw    []byte
	lines  []gamefile.Line // the input as a grader would have written it (see readCases)
	output []byte          // the published output, nil if none
	check  string          // INDEX.md's "output check" column
}

// indexRowRE matches a row of INDEX.md: | num | kind | header | source | output check | note |.
// The notes may hold '|' themselves, so the row is cut at the first five bars only.
var indexRowRE = regexp.MustCompile(`^\| (\d{3}) \|([^|]*)\|([^|]*)\|([^|]*)\|([^|]*)\|`)

// readCases reads every input of casesDir. Two published inputs are not what a grader
// writes: 018 starts with a blank line and 072 has JavaScript after the board. The agent
// rejects both as the contract says (samples/halma/bad-018-*, bad-072-*); here they are
// read as the position they plainly hold: blank lines before the header dropped, and
// nothing after the 19th line.
func readCases(t *testing.T) []publishedCase {
	t.Helper()
	index := string(readFile(t, filepath.Join(casesDir, "INDEX.md")))
	var cases []publishedCase
	for _, row := range strings.Split(index, "\n") {
		m := indexRowRE.FindStringSubmatch(row)
		if m == nil {
			continue
		}
		c := publishedCase{num: m[1], check: strings.TrimSpace(m[5])}
		c.raw = readFile(t, filepath.Join(casesDir, c.num+"-input.txt"))
		lines := gamefile.SplitLines(string(c.raw))
		for len(lines) > 0 && lines[0].Text == "" {
			lines = lines[1:]
		}
		if len(lines) > 19 {
			lines = lines[:19]
		}
		for i := range lines {
			lines[i].Num = i + 1
		}
		c.lines = lines
		if out, err := os.ReadFile(filepath.Join(casesDir, c.num+"-output.txt")); err == nil {
			c.output = out
		}
		cases = append(cases, c)
	}
	if len(cases) != 83 {
		t.Fatalf("read %d cases from %s/INDEX.md, want 83", len(cases), casesDir)
	}
	return cases
}

func (c publishedCase) input(t *testing.T) *halma.Input {
	t.Helper()
	in, err := halma.ParseInput("input.txt", c.lines)
	if err != nil {
		t.Fatalf("case %s: ParseInput = %v", c.num, err)
	}
	return in
}

var legalCountRE = regexp.MustCompile(`legal moves=(\d+)`)

// TestIndexLegalMoveCounts compares the number of legal moves INDEX.md records for every
// published input, counted by an independent rule checker, with the generator's (Legal
// policy: what the referee accepts).
func TestIndexLegalMoveCounts(t *testing.T) {
	for _, c := range readCases(t) {
		m := legalCountRE.FindStringSubmatch(c.check)
		if m == nil {
			t.Errorf("case %s: no \"legal moves=N\" in %q", c.num, c.check)
			continue
		}
		want, _ := strconv.Atoi(m[1])
		if got := len(halmaMoves(c.input(t), halma.Legal)); got != want {
			t.Errorf("case %s: len(Generate(Legal)) = %d, want %d", c.num, got, want)
		}
	}
}

// TestIndexOutputs checks the published outputs against INDEX.md's verdicts: those it calls
// LEGAL parse as a legal move (and win when it says WINS); those it judges "as one move"
// (several students' lines that are not one move) are rejected.
func TestIndexOutputs(t *testing.T) {
	n := 0
	for _, c := range readCases(t) {
		if c.output == nil {
			continue
		}
		n++
		in := c.input(t)
		// The verdicts are about the move, not the format: 034's line ends with a space,
		// which ParseHop rejects; SplitLines drops it, as it does CRs and a missing LF.
		var lines []string
		for _, l := range gamefile.SplitLines(string(c.output)) {
			lines = append(lines, l.Text)
		}
		var g halma.Generator
		m, err := halma.ParseMove(in.Board, in.ToMove, lines, &g)
		switch {
		case strings.Contains(c.check, "output LEGAL"):
			if err != nil {
				t.Errorf("case %s: ParseMove(%q) = %v, want legal (%s)", c.num, lines, err, c.check)
				continue
			}
			in.Board.Move(m.From, m.To)
			if got, want := in.Board.Wins(in.ToMove), strings.Contains(c.check, "WINS"); got != want {
				t.Errorf("case %s: after %q Wins(%v) = %v, want %v", c.num, lines, in.ToMove, got, want)
			}
		case strings.Contains(c.check, "as one move:"):
			if err == nil {
				t.Errorf("case %s: ParseMove(%q) = %v, want an error (%s)", c.num, lines, m, c.check)
			}
		default:
			t.Errorf("case %s: an output but no verdict in %q", c.num, c.check)
		}
	}
	if n == 0 {
		t.Fatal("no published outputs")
	}
}

// TestAgentMovesAreLegal runs the agent on every published position as a SINGLE move of
// 0.05 s, a budget small enough for all 83 to run in a few seconds but large enough to
// search: the move must be legal and preferred, and output.txt empty exactly when there is
// no legal move.
func TestAgentMovesAreLegal(t *testing.T) {
	for _, c := range readCases(t) {
		t.Run(c.num, func(t *testing.T) {
			t.Parallel()
			in := c.input(t)
			dir := t.TempDir()
			input := halma.FormatInput(gamefile.Single, in.ToMove, "0.05", in.Board)
			writeFile(t, filepath.Join(dir, "input.txt"), input)
			writeFile(t, filepath.Join(dir, "calibration.txt"), []byte(calibration))
			r := runIn(t, "homework", dir)
			if r.exit != 0 {
				t.Fatalf("homework: exit status = %d, want 0; stderr:\n%s", r.exit, r.stderr)
			}
			out := readFile(t, filepath.Join(dir, "output.txt"))
			if err := checkHalmaOutput(in, out); err != nil {
				t.Errorf("homework: %v\ninput.txt:\n%s", err, input)
			}
		})
	}
}
