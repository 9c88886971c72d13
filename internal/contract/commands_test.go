package contract

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The commands the README and docs/ show, by kind: a test run, a tool run, a script, a
// homework subcommand.
var (
	goTestRun  = regexp.MustCompile("go test (\\./[\\w/.-]+)[^`\\n]*?-run '?\\^?([A-Za-z0-9_|]+)")
	goRunTool  = regexp.MustCompile("go run (\\./[\\w/.-]+)")
	scriptPath = regexp.MustCompile("\\bscripts/([\\w-]+\\.sh)")
	homeworkUp = regexp.MustCompile("\\bhomework (referee|validate|tournament|render|play|calibrate|help|[a-z]+-?[a-z]*)\\b")
)

// homeworkWords are homework's subcommands, and the words the docs put after "homework"
// in prose ("the homework binary", "homework's").
var homeworkWords = map[string]bool{"referee": true, "validate": true, "tournament": true, "render": true,
	"play": true, "calibrate": true, "serve": true, "help": true}

// TestDocsCommands: every command the README and docs/ show names what exists: the test
// a `go test -run` runs (a function of that name in the package's tests), the tool a
// `go run` runs, the script, the homework subcommand.
func TestDocsCommands(t *testing.T) {
	root := filepath.Join("..", "..")
	pages, _ := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	pages = append(pages, filepath.Join(root, "README.md"))
	for _, page := range pages {
		data, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		text := string(data)
		name := strings.TrimPrefix(page, root+"/")
		for _, m := range goTestRun.FindAllStringSubmatch(text, -1) {
			pkg, tests := m[1], m[2]
			if tests == "XXX" {
				continue // benchmarks only
			}
			for _, test := range strings.Split(tests, "|") {
				if !testDefined(t, filepath.Join(root, pkg), test) {
					t.Errorf("%s: %q runs %s, which %s does not define", name, m[0], test, pkg)
				}
			}
		}
		for _, m := range goRunTool.FindAllStringSubmatch(text, -1) {
			if _, err := os.Stat(filepath.Join(root, m[1], "main.go")); err != nil {
				t.Errorf("%s: %q: no %s/main.go", name, m[0], m[1])
			}
		}
		for _, m := range scriptPath.FindAllStringSubmatch(text, -1) {
			if _, err := os.Stat(filepath.Join(root, "scripts", m[1])); err != nil {
				t.Errorf("%s: no scripts/%s", name, m[1])
			}
		}
		for _, m := range homeworkUp.FindAllStringSubmatch(text, -1) {
			if line := lineOf(text, m[0]); strings.Contains(line, "`homework "+m[1]) && !homeworkWords[m[1]] {
				t.Errorf("%s: `homework %s`: no such subcommand", name, m[1])
			}
		}
	}
}

// testDefined reports whether the package in dir has a test (or benchmark) called name.
func testDefined(t *testing.T, dir, name string) bool {
	files, _ := filepath.Glob(filepath.Join(dir, "*_test.go"))
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(data), "func "+name+"(") {
			return true
		}
	}
	return false
}

// lineOf is the line of text that holds s first.
func lineOf(text, s string) string {
	i := strings.Index(text, s)
	start := strings.LastIndexByte(text[:i], '\n') + 1
	end := strings.IndexByte(text[i:], '\n')
	if end < 0 {
		return text[start:]
	}
	return text[start : i+end]
}
