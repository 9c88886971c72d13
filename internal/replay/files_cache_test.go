package replay

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gameagents/internal/gamefile"
)

// TestBuildRereadsOnlyChangedFiles: Build keeps the games it has read and reads a game
// file again only when the file was replaced or changed; whatever it keeps, the page shows
// the directory's files as they are now, and a file that turned bad is still an error.
func TestBuildRereadsOnlyChangedFiles(t *testing.T) {
	dir := t.TempDir()
	path := func(n int) string { return filepath.Join(dir, fmt.Sprintf("game-%02d%s", n, gameSuffix)) }
	write := func(n int, title string) {
		t.Helper()
		game := fmt.Sprintf(`{"number":%d,"title":%q,"agents":["a","b"],"time":"","single":true,"result":"","kind":"",`+
			`"w":10,"h":10,"bg":"","styles":[{"f":"#000000","fa":255}],"shapes":[[1,0,0,0,5,5]],`+
			`"plies":[{"n":0,"t":"","a":-1,"cpu":0,"c":[0,0],"k":0,"s":0,"d":[0],"x":[]}]}`, n, title)
		if err := gamefile.WriteAtomic(path(n), []byte(game)); err != nil {
			t.Fatal(err)
		}
	}
	titles := func() []string {
		t.Helper()
		d, err := Read(filepath.Join(dir, "replay.html"))
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, g := range d.Games {
			got = append(got, g.Title)
		}
		return got
	}
	build := func(want ...string) {
		t.Helper()
		if err := Build(dir); err != nil {
			t.Fatalf("Build = %v", err)
		}
		if got := titles(); !slices.Equal(got, want) {
			t.Fatalf("the page's games %q, want %q", got, want)
		}
	}
	// kept is the JSON Build keeps of game n: the same array while the file is not read again.
	kept := func(n int) *byte {
		if j := parsed[dir][path(n)].json; len(j) > 0 {
			return &j[0]
		}
		return nil
	}

	write(1, "one")
	write(2, "two")
	build("one", "two")
	one, two := kept(1), kept(2)
	if one == nil || two == nil {
		t.Fatalf("Build kept %d games of 2", len(parsed[dir]))
	}

	build("one", "two")
	if kept(1) != one || kept(2) != two {
		t.Errorf("Build read unchanged game files again")
	}

	write(1, "one, replaced")
	build("one, replaced", "two")
	if kept(1) == one || kept(2) != two {
		t.Errorf("after game 1's file was replaced, Build read game 1 again %v and kept game 2 %v; want true, true",
			kept(1) != one, kept(2) == two)
	}

	if err := os.WriteFile(path(2), []byte("not a game"), 0o644); err != nil { // changed in place
		t.Fatal(err)
	}
	if err := Build(dir); err == nil || !strings.Contains(err.Error(), "game-02"+gameSuffix) {
		t.Fatalf("Build after game 2's file turned bad = %v, want an error naming it", err)
	}

	if err := os.Remove(path(2)); err != nil {
		t.Fatal(err)
	}
	build("one, replaced")
	if len(parsed[dir]) != 1 {
		t.Errorf("Build keeps %d games after a file was removed, want 1", len(parsed[dir]))
	}
}
