package contract

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
	"unicode"

	"gameagents/internal/agent"
	"gameagents/internal/clock"
	"gameagents/internal/command/homework"
	"gameagents/internal/gamefile"
	"gameagents/internal/games"
)

// The pages of docs/ show examples in fenced blocks whose info string says what they are
// (docs/README.md, "How examples are written"):
//
//	input.txt            an input every binary accepts
//	output.txt           after an input.txt block: a move validate judges legal
//	output.txt illegal   after an input.txt block: a move validate refuses ...
//	validate             ... right after it: the first line validate prints
//	input.txt rejected   an input every binary refuses with exit 2 ...
//	stderr               ... right after it: the first line of stderr
//
// Output blocks belong to the last input.txt block before them; only prose and other
// output blocks may come between. Any other fenced block ends that input's examples.
const (
	blockInput    = "input.txt"
	blockRejected = "input.txt rejected"
	blockStderr   = "stderr"
	blockOutput   = "output.txt"
	blockIllegal  = "output.txt illegal"
	blockValidate = "validate"
)

// docsDir is the users' documentation.
var docsDir = filepath.Join(repoRoot, "docs")

// mdBlock is one fenced code block of a Markdown file.
type mdBlock struct {
	line int    // the line of its opening fence
	info string // the text after the opening ```
	body string // its lines, each ended by LF
}

// fencedBlocks returns the fenced code blocks of a Markdown text, in order.
func fencedBlocks(text string) ([]mdBlock, error) {
	var blocks []mdBlock
	var cur *mdBlock
	for i, line := range strings.Split(text, "\n") {
		fence, isFence := strings.CutPrefix(line, "```")
		switch {
		case cur == nil && isFence:
			cur = &mdBlock{line: i + 1, info: strings.TrimSpace(fence)}
		case cur != nil && isFence && strings.TrimSpace(fence) == "":
			blocks = append(blocks, *cur)
			cur = nil
		case cur != nil:
			cur.body += line + "\n"
		}
	}
	if cur != nil {
		return nil, fmt.Errorf("line %d: code block never closed", cur.line)
	}
	return blocks, nil
}

// docOutput is an output.txt example of a docCase.
type docOutput struct {
	line     int
	text     string
	illegal  bool
	validate string // the first line validate prints, for an illegal output
}

// docCase is an input.txt example with what the page says of it.
type docCase struct {
	line     int
	input    string
	rejected bool
	stderr   string // the first line of stderr, for a rejected input
	outputs  []docOutput
}

// docCases reads the examples of a page, refusing blocks that break the convention so that
// a typo in an info string cannot make an example go unchecked.
func docCases(text string) ([]docCase, error) {
	blocks, err := fencedBlocks(text)
	if err != nil {
		return nil, err
	}
	var cases []docCase
	open := false // the last case takes output blocks
	for i := 0; i < len(blocks); i++ {
		b := blocks[i]
		// next returns the block right after b, which must be of kind want and one line.
		next := func(want string) (string, error) {
			if i+1 >= len(blocks) || blocks[i+1].info != want {
				return "", fmt.Errorf("line %d: a %q block must be followed directly by a %q block", b.line, b.info, want)
			}
			i++
			body := blocks[i].body
			if strings.Count(body, "\n") != 1 {
				return "", fmt.Errorf("line %d: a %q block holds one line", blocks[i].line, want)
			}
			return strings.TrimSuffix(body, "\n"), nil
		}
		switch b.info {
		case blockInput:
			cases = append(cases, docCase{line: b.line, input: b.body})
			open = true
		case blockRejected:
			want, err := next(blockStderr)
			if err != nil {
				return nil, err
			}
			cases = append(cases, docCase{line: b.line, input: b.body, rejected: true, stderr: want})
			open = false
		case blockOutput, blockIllegal:
			if !open {
				return nil, fmt.Errorf("line %d: %q block without an input.txt block before it", b.line, b.info)
			}
			out := docOutput{line: b.line, text: b.body, illegal: b.info == blockIllegal}
			if out.illegal {
				if out.validate, err = next(blockValidate); err != nil {
					return nil, err
				}
			}
			c := &cases[len(cases)-1]
			c.outputs = append(c.outputs, out)
		case blockStderr, blockValidate:
			return nil, fmt.Errorf("line %d: %q block not right after the block it belongs to", b.line, b.info)
		default:
			if strings.HasPrefix(b.info, "input") || strings.HasPrefix(b.info, "output") {
				return nil, fmt.Errorf("line %d: unknown example kind %q", b.line, b.info)
			}
			open = false
		}
	}
	return cases, nil
}

// docPages returns the paths of docs/*.md.
func docPages(t *testing.T) []string {
	t.Helper()
	pages, err := filepath.Glob(filepath.Join(docsDir, "*.md"))
	if err != nil || len(pages) == 0 {
		t.Fatalf("no pages in %s (%v)", docsDir, err)
	}
	return pages
}

// pageGame returns the game a page is named after (halma.md), or nil.
func pageGame(page string) agent.Game {
	g, _ := gamefile.Named(games.Agents, strings.TrimSuffix(filepath.Base(page), ".md"))
	return g
}

// TestDocsExamples plays and judges every example of docs/*.md in process, through the
// code the binaries run: homework's agent.Run over every game, the single-game binary's
// agent.Run over its game alone, and `homework validate`.
func TestDocsExamples(t *testing.T) {
	for _, page := range docPages(t) {
		t.Run(filepath.Base(page), func(t *testing.T) {
			cases, err := docCases(string(readFile(t, page)))
			if err != nil {
				t.Fatalf("%s: %v", page, err)
			}
			game := pageGame(page)
			accepted, rejected := 0, 0
			for _, c := range cases {
				if c.rejected {
					rejected++
				} else {
					accepted++
				}
				t.Run(fmt.Sprintf("line-%d", c.line), func(t *testing.T) {
					checkDocCase(t, c, game)
				})
			}
			if game != nil && (accepted == 0 || rejected == 0) {
				t.Errorf("%s: %d accepted and %d rejected inputs, want at least one of each", page, accepted, rejected)
			}
		})
	}
}

// checkDocCase checks one input example and its outputs. game is the page's game, or nil
// for a page about every game: the input is then checked with the game that recognises it.
func checkDocCase(t *testing.T, c docCase, game agent.Game) {
	if game == nil {
		game, _ = gamefile.Pick("input.txt", games.Agents, gamefile.SplitLines(c.input))
	}
	binaries := map[string][]agent.Game{"homework": games.Agents}
	if game != nil {
		binaries[game.Name()] = []agent.Game{game}
	}
	var outputs []string // each binary's output.txt, which must agree
	for name, gs := range binaries {
		dir := t.TempDir()
		writeFile(t, filepath.Join(dir, "input.txt"), []byte(c.input))
		status, log := playInProcess(gs, dir)
		_, err := os.Stat(filepath.Join(dir, "output.txt"))
		written := err == nil
		switch {
		case c.rejected && (status != agent.ExitBadInput || firstLine(log) != c.stderr):
			t.Errorf("%s: exit %d, stderr %q; want exit 2, stderr %q", name, status, firstLine(log), c.stderr)
		case c.rejected && !errors.Is(err, os.ErrNotExist):
			t.Errorf("%s: refused the input but output.txt exists (%v)", name, err)
		case !c.rejected && (status != agent.ExitOK || !written):
			t.Errorf("%s: exit %d, output.txt written %v, stderr %q; want exit 0 and a move", name, status, written, firstLine(log))
		case !c.rejected:
			// The agent's own move for the example must be legal too.
			if exit, out := validateIn(t, dir); exit != 0 {
				t.Errorf("%s wrote %q, validate: exit %d, %q; want exit 0", name, readFile(t, filepath.Join(dir, "output.txt")), exit, firstLine(out))
			}
			outputs = append(outputs, string(readFile(t, filepath.Join(dir, "output.txt"))))
		}
	}
	if len(outputs) == 2 && outputs[0] != outputs[1] {
		t.Errorf("homework and %s wrote different moves: %q and %q", game.Name(), outputs[0], outputs[1])
	}
	for _, o := range c.outputs {
		dir := t.TempDir()
		writeFile(t, filepath.Join(dir, "input.txt"), []byte(c.input))
		writeFile(t, filepath.Join(dir, "output.txt"), []byte(o.text))
		exit, out := validateIn(t, dir)
		switch {
		case !o.illegal && exit != 0:
			t.Errorf("line %d: validate of %q: exit %d, %q; want exit 0 (legal)", o.line, o.text, exit, firstLine(out))
		case o.illegal && (exit != 1 || firstLine(out) != o.validate):
			t.Errorf("line %d: validate of %q: exit %d, %q; want exit 1, %q", o.line, o.text, exit, firstLine(out), o.validate)
		}
	}
}

// playInProcess plays the move in dir as a binary playing games does, with the random
// players (instant, and seeded by the position) on a clock that never runs out, and
// returns the exit status and stderr.
func playInProcess(gs []agent.Game, dir string) (int, string) {
	// agent.Run tunes the runtime for a process that makes one move (one thread, a lazy
	// collector); this process makes many and runs other tests, so it restores both.
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	var log bytes.Buffer
	status := agent.Run(gs, agent.Options{Player: "random", Dir: dir, Log: &log, Clock: &clock.Fake{}})
	return status, log.String()
}

// validateIn runs `homework validate DIR` and returns its exit status and stdout.
func validateIn(t *testing.T, dir string) (int, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	exit := homework.ValidateMain(games.Judges, []string{dir}, &out, &errOut)
	if exit == 2 {
		t.Errorf("validate %s: exit 2: %s", dir, errOut.String())
	}
	return exit, out.String()
}

// TestDocCasesConvention: the reader of examples takes the convention's blocks in order
// and refuses what breaks it, so that a broken example fails rather than goes unchecked.
func TestDocCasesConvention(t *testing.T) {
	in := "```input.txt\nA\n```\n"
	ok := func(cases ...docCase) []docCase { return cases }
	tests := []struct {
		name, text string
		want       []docCase
		wantErr    bool
	}{
		{"input and outputs", in + "prose\n```output.txt\nm\n```\n```output.txt illegal\nx\n```\n```validate\nnot legal: x\n```\n",
			ok(docCase{line: 1, input: "A\n", outputs: []docOutput{{line: 5, text: "m\n"}, {line: 8, text: "x\n", illegal: true, validate: "not legal: x"}}}), false},
		{"rejected", "```input.txt rejected\nA\n```\n```stderr\ninput.txt:1: bad\n```\n",
			ok(docCase{line: 1, input: "A\n", rejected: true, stderr: "input.txt:1: bad"}), false},
		{"empty output", in + "```output.txt\n```\n", ok(docCase{line: 1, input: "A\n", outputs: []docOutput{{line: 4}}}), false},
		{"other blocks are not examples", "```\nA\n```\n```go\nB\n```\n", nil, false},
		{"rejected without stderr", "```input.txt rejected\nA\n```\n", nil, true},
		{"illegal without validate", in + "```output.txt illegal\nx\n```\n", nil, true},
		{"validate of two lines", in + "```output.txt illegal\nx\n```\n```validate\na\nb\n```\n", nil, true},
		{"output after another block", in + "```\nB\n```\n```output.txt\nm\n```\n", nil, true},
		{"output after a rejected input", "```input.txt rejected\nA\n```\n```stderr\ne\n```\n```output.txt\nm\n```\n", nil, true},
		{"stray stderr", in + "```stderr\ne\n```\n", nil, true},
		{"misspelt kind", in + "```output.txt ilegal\nx\n```\n", nil, true},
		{"unclosed block", "```input.txt\nA\n", nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := docCases(tt.text)
			if tt.wantErr {
				if err == nil {
					t.Errorf("docCases(%q) = %+v, want an error", tt.text, got)
				}
				return
			}
			if err != nil || fmt.Sprintf("%+v", got) != fmt.Sprintf("%+v", tt.want) {
				t.Errorf("docCases(%q) = %+v, %v, want %+v", tt.text, got, err, tt.want)
			}
		})
	}
}

// mdLink finds the targets of Markdown links: [text](target).
var mdLink = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// TestDocsLinks: the pages users read (README.md and docs/) point only at files in the
// repository, never into ../shared, and docs/README.md indexes every page.
func TestDocsLinks(t *testing.T) {
	pages := append([]string{filepath.Join(repoRoot, "README.md")}, docPages(t)...)
	targets := map[string][]string{} // page -> the repository files it links
	for _, page := range pages {
		text := string(readFile(t, page))
		for _, bad := range []string{"../shared", "shared/spec", "shared/data"} {
			if strings.Contains(text, bad) {
				t.Errorf("%s mentions %q: a clone has no ../shared", page, bad)
			}
		}
		for _, target := range linkTargets(text) {
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			path, anchor, _ := strings.Cut(target, "#")
			file := page
			if path != "" {
				file = filepath.Join(filepath.Dir(page), path)
			}
			if rel, err := filepath.Rel(repoRoot, file); err != nil || strings.HasPrefix(rel, "..") {
				t.Errorf("%s links %q, outside the repository", page, target)
				continue
			}
			if _, err := os.Stat(file); err != nil {
				t.Errorf("%s links %q: %v", page, target, err)
				continue
			}
			targets[page] = append(targets[page], filepath.Clean(file))
			if anchor != "" && strings.HasSuffix(file, ".md") && !headingAnchors(string(readFile(t, file)))[anchor] {
				t.Errorf("%s links %q: %s has no heading with that anchor", page, target, path)
			}
		}
	}
	index := filepath.Join(docsDir, "README.md")
	for _, page := range pages[1:] {
		if page != index && !containsPath(targets[index], page) {
			t.Errorf("docs/README.md does not link %s", filepath.Base(page))
		}
	}
	if !containsPath(targets[pages[0]], index) {
		t.Errorf("README.md does not link docs/README.md")
	}
}

// linkTargets returns the targets of the links of a Markdown text outside its code blocks.
func linkTargets(text string) []string {
	var targets []string
	inCode := false
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "```") {
			inCode = !inCode
			continue
		}
		if inCode {
			continue
		}
		for _, m := range mdLink.FindAllStringSubmatch(line, -1) {
			targets = append(targets, m[1])
		}
	}
	return targets
}

func containsPath(paths []string, path string) bool {
	for _, p := range paths {
		if p == filepath.Clean(path) {
			return true
		}
	}
	return false
}

// headingAnchors returns the anchors GitHub gives a Markdown text's headings: the heading
// in lower case, without punctuation, spaces made hyphens.
func headingAnchors(text string) map[string]bool {
	anchors := map[string]bool{}
	inCode := false
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "```") {
			inCode = !inCode
		}
		heading, ok := strings.CutPrefix(strings.TrimLeft(line, "#"), " ")
		if inCode || !ok || !strings.HasPrefix(line, "#") {
			continue
		}
		var sb strings.Builder
		for _, r := range strings.ToLower(strings.TrimSpace(heading)) {
			switch {
			case r == ' ':
				sb.WriteByte('-')
			case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_':
				sb.WriteRune(r)
			}
		}
		anchors[sb.String()] = true
	}
	return anchors
}
