package contract

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadmeFrontDoor: the README is a front door: at most 120 lines; its title, one
// paragraph, then the two commands (the demo match and the tests); and its layout names
// every package of the module (a token of a layout line is a folder, the first of a line
// giving the later ones their parent: "internal/gamefile/ clock/" is internal/clock/ too).
func TestReadmeFrontDoor(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	if len(lines) > 120 {
		t.Errorf("README.md has %d lines, want at most 120", len(lines))
	}
	if !strings.HasPrefix(lines[0], "# ") {
		t.Errorf("README.md starts %q, want its title", lines[0])
	}
	block := strings.Index(string(data), "\n```\n")
	para := strings.TrimSpace(string(data)[len(lines[0]):max(block, len(lines[0]))])
	if block < 0 || para == "" || strings.Contains(para, "\n\n") {
		t.Errorf("README.md: want one paragraph between the title and the first code block, got %q", para)
	}
	commands := strings.Split(string(data)[block+5:], "\n")
	if len(commands) < 2 || !strings.HasPrefix(commands[0], "bash scripts/selfplay.sh") || !strings.HasPrefix(commands[1], "bash scripts/test.sh") {
		t.Errorf("README.md's first commands %q, want the demo match and the tests", commands[:min(2, len(commands))])
	}
	listed := layoutFolders(t, string(data))
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("no go command to list the packages with: %v", err)
	}
	out, err := exec.Command(goTool, "list", "gameagents/...").Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, pkg := range strings.Fields(string(out)) {
		if dir := strings.TrimPrefix(pkg, "gameagents/") + "/"; !listed[dir] {
			t.Errorf("README.md's layout does not list %s", dir)
		}
	}
}

// layoutFolders reads the folders the README's Layout section names.
func layoutFolders(t *testing.T, readme string) map[string]bool {
	_, layout, ok := strings.Cut(readme, "\n## Layout\n")
	if !ok {
		t.Fatal("README.md has no Layout section")
	}
	_, layout, _ = strings.Cut(layout, "```\n")
	layout, _, _ = strings.Cut(layout, "```")
	folders := map[string]bool{}
	for _, line := range strings.Split(layout, "\n") {
		parent := ""
		for i, tok := range strings.Fields(line) {
			if !strings.HasSuffix(tok, "/") {
				break // the description
			}
			if i == 0 {
				if first, _, nested := strings.Cut(tok, "/"); nested && strings.Count(tok, "/") > 1 {
					parent = first + "/"
				}
				folders[tok] = true
				continue
			}
			folders[parent+tok] = true
		}
	}
	return folders
}
