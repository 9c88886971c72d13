package games_test

// In-process tests over every case of samples/ (see samples/README.md) and mutations of
// their inputs: homework, the game's own binary and the validator must read input.txt
// along one path, so that one input gets one verdict whichever of them reads it.

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gameagents/internal/agent"
	"gameagents/internal/clock"
	"gameagents/internal/command/homework"
	"gameagents/internal/gamefile"
	"gameagents/internal/games"
	"gameagents/internal/rules"
)

// sample is one samples/<game>/<case>/ directory.
type sample struct {
	game, dir string
}

func (s sample) name() string { return s.game + "/" + filepath.Base(s.dir) }

func samples(t *testing.T) []sample {
	t.Helper()
	dirs, err := filepath.Glob(filepath.Join("..", "..", "samples", "*", "*"))
	if err != nil {
		t.Fatal(err)
	}
	var all []sample
	for _, d := range dirs {
		if fi, err := os.Stat(d); err == nil && fi.IsDir() {
			all = append(all, sample{game: filepath.Base(filepath.Dir(d)), dir: d})
		}
	}
	if len(all) == 0 {
		t.Fatal("no samples found")
	}
	return all
}

// TestValidateSamples: every sample's expected output.txt, which is what our agents write,
// is judged legal by `homework validate`, strictly; this includes the game's no-move
// answer (an empty file for Halma, PASS for the others).
func TestValidateSamples(t *testing.T) {
	for _, s := range samples(t) {
		if _, err := os.Stat(filepath.Join(s.dir, "output.txt")); err != nil {
			continue
		}
		t.Run(s.name(), func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			args := []string{"-strict", s.dir}
			code := homework.ValidateMain(games.Judges, args, &stdout, &stderr)
			if code != 0 || !strings.Contains("\n"+stdout.String(), "\nlegal: ") {
				t.Errorf("ValidateMain(%q) = %d, stdout %q, stderr %q; want 0, legal: ...", args, code, stdout.String(), stderr.String())
			}
		})
	}
}

// mutation is a variation of a sample's input.txt.
type mutation struct{ name, text string }

// mutations returns input's text and variations of it that graders or people could write
// by mistake: tabs, a lower-case game word, a line deleted, duplicated or swapped with the
// next, a token replaced by an out-of-range or non-numeric one, a junk line. Each text
// comes once. A huge input (a test of the size limit) is only taken as is.
func mutations(input string) []mutation {
	if len(input) > 1<<16 {
		return []mutation{{"as is", input}}
	}
	lines := strings.Split(strings.TrimSuffix(input, "\n"), "\n")
	n := len(lines)
	var ms []mutation
	seen := map[string]bool{}
	add := func(name, text string) {
		if !seen[text] {
			seen[text] = true
			ms = append(ms, mutation{name, text})
		}
	}
	edit := func(name string, f func(ls []string) []string) {
		add(name, strings.Join(f(slices.Clone(lines)), "\n")+"\n")
	}
	add("as is", input)
	add("tabs", strings.ReplaceAll(input, " ", "\t"))
	add("junk line", input+"junk\n")
	edit("lower line 4", func(ls []string) []string { return lowerFirstWord(ls, 3) })
	for _, i := range []int{0, 1, 2, 3, 4, n - 1} {
		if i < 0 || i >= n {
			continue
		}
		line := "line " + strconv.Itoa(i+1)
		edit("delete "+line, func(ls []string) []string { return slices.Delete(ls, i, i+1) })
		edit("duplicate "+line, func(ls []string) []string { return slices.Insert(ls, i, ls[i]) })
		if i+1 < n {
			edit("swap "+line+" with the next", func(ls []string) []string {
				ls[i], ls[i+1] = ls[i+1], ls[i]
				return ls
			})
		}
		for _, tok := range []string{"-1", "99999999999", "x"} {
			edit(line+" first token "+tok, func(ls []string) []string { return setToken(ls, i, 0, tok) })
			edit(line+" last token "+tok, func(ls []string) []string { return setToken(ls, i, -1, tok) })
		}
	}
	return ms
}

// setToken replaces token j (-1: the last) of line i by tok.
func setToken(ls []string, i, j int, tok string) []string {
	f := strings.Fields(ls[i])
	if len(f) == 0 {
		f = []string{""}
	}
	if j < 0 {
		j = len(f) - 1
	}
	f[j] = tok
	ls[i] = strings.Join(f, " ")
	return ls
}

func lowerFirstWord(ls []string, i int) []string {
	if i < len(ls) {
		word, rest, _ := strings.Cut(ls[i], " ")
		ls[i] = strings.ToLower(word) + " " + rest
		ls[i] = strings.TrimSuffix(ls[i], " ")
	}
	return ls
}

// sentinel is what output.txt and playdata.txt hold before a run, to show a rejected input
// leaves them untouched.
const sentinel = "sentinel, not to be touched\n"

// outcome is what one run of the lifecycle leaves.
type outcome struct {
	exit           int
	output         string
	playdata       string
	firstErrorLine string
}

// play runs agent.Run with the random player (whose move needs no calibration.txt) over gs
// in dir, after making it hold only input (absent when nil) and sentinel output.txt and
// playdata.txt.
func play(t *testing.T, dir string, gs []agent.Game, input *string) outcome {
	t.Helper()
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if input != nil {
		write("input.txt", *input)
	}
	write("output.txt", sentinel)
	write("playdata.txt", sentinel)
	var log bytes.Buffer
	exit := agent.Run(gs, agent.Options{Player: "random", Dir: dir, Log: &log, Clock: &clock.Fake{}})
	out, _ := os.ReadFile(filepath.Join(dir, "output.txt"))
	pd, _ := os.ReadFile(filepath.Join(dir, "playdata.txt"))
	first, _, _ := strings.Cut(log.String(), "\n")
	return outcome{exit: exit, output: string(out), playdata: string(pd), firstErrorLine: first}
}

// TestOnePath: homework (every game) and the sample's own game binary (that game alone)
// give every sample input and every mutation of it the same verdict: the same exit status,
// output.txt and first line of stderr; a rejected input leaves output.txt and playdata.txt
// as they were; and the judge's Load accepts exactly what the agent's Parse accepts, with
// the same message.
func TestOnePath(t *testing.T) {
	for _, s := range samples(t) {
		own := agentOf(t, s.game)
		judge := judgeOf(t, s.game)
		data, err := os.ReadFile(filepath.Join(s.dir, "input.txt"))
		if err != nil { // bad-missing-input
			t.Run(s.name(), func(t *testing.T) {
				dir := filepath.Join(t.TempDir(), "run")
				all, one := play(t, dir, games.Agents, nil), play(t, dir, []agent.Game{own}, nil)
				if all != one || all.exit != agent.ExitBadInput {
					t.Errorf("Run without input.txt: homework %+v, %s %+v; want both exit 2, the same", all, s.game, one)
				}
			})
			continue
		}
		ms := mutations(string(data))
		if testing.Short() {
			ms = ms[:min(len(ms), 4)] // as is, tabs, a junk line, a lower-case line 4
		}
		for _, mu := range ms {
			input := mu.text
			t.Run(s.name()+"/"+mu.name, func(t *testing.T) {
				dir := filepath.Join(t.TempDir(), "run")
				all := play(t, dir, games.Agents, &input)
				one := play(t, dir, []agent.Game{own}, &input)
				if all != one {
					t.Errorf("Run(%q):\nhomework %+v\n%s %+v\nwant the same", input, all, s.game, one)
				}
				if all.exit == agent.ExitBadInput && (all.output != sentinel || all.playdata != sentinel) {
					t.Errorf("Run(%q) = exit 2 with output.txt %q, playdata.txt %q; want both untouched", input, all.output, all.playdata)
				}
				lines := gamefile.SplitLines(input)
				_, parseErr := own.Parse("input.txt", lines)
				_, loadErr := judge.Load(lines)
				if errText(parseErr) != errText(loadErr) {
					t.Errorf("%s: Parse(%q) = %v, Load = %v; want the same verdict", s.game, input, parseErr, loadErr)
				}
			})
		}
	}
}

func errText(err error) string {
	if err == nil {
		return "accepted"
	}
	return err.Error()
}

func agentOf(t *testing.T, name string) agent.Game { return named(t, games.Agents, name) }

func judgeOf(t *testing.T, name string) rules.Game { return named(t, games.Judges, name) }

// named is the game of gs called name, as samples/<name> names it.
func named[G interface{ Name() string }](t *testing.T, gs []G, name string) G {
	t.Helper()
	g, ok := gamefile.Named(gs, name)
	if !ok {
		t.Fatalf("no game for samples/%s", name)
	}
	return g
}
