package replay

// Game files: the games of one match played by separate processes, as a tournament's
// pairing is (`tournament play-one` may play its games on different machines), cannot
// meet in one Page's memory. With Page.Files each finished game is kept beside its record
// as game-NN.replay.json, and the page is built from every such file in the directory,
// so it holds every game finished there whoever played it.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"gameagents/internal/gamefile"
	"gameagents/internal/referee"
)

// gameSuffix ends a game file's name; the record's ends in ".txt" instead.
const gameSuffix = ".replay.json"

// maxGameBytes bounds what is read of a game file (a 200-ply game takes about 100 KB), and
// maxPageBytes of a page.
const (
	maxGameBytes = 16 << 20
	maxPageBytes = 256 << 20
)

// buildMu makes the builds of this process one at a time, so that of two games of one
// match ending together the later build sees both. It also guards parsed.
var buildMu sync.Mutex

// parsed keeps, by directory and path, the game files this process's builds have read,
// each with the file's identity when read. A tournament's pairing rebuilds its page after
// every game; reading every game file again each time made a long run quadratic (an SPRT
// at its 1,700th game spent 2.2 s of CPU a game parsing its 22 MB of games, a third of a
// two-core machine). A file replaced (WriteAtomic renames a new file over it) or changed is
// read again; a file gone leaves the directory's map at the next build.
var parsed = map[string]map[string]parsedGame{}

// parsedGame is a game file as read and checked: its identity then, its game's number, and
// the game in JSON as the page holds it (json.Marshal's, whatever the file's layout), so
// that a build only joins what it kept.
type parsedGame struct {
	info   os.FileInfo
	number int
	json   []byte
}

// GamePath is where Page.Files keeps game n of the match cfg: beside its record,
// <out>/game-NN.replay.json.
func GamePath(cfg *referee.Config, n int) string {
	return strings.TrimSuffix(referee.RecordPath(cfg, n), ".txt") + gameSuffix
}

// writeGame keeps g in its game file of the match cfg and rebuilds the match's page.
func writeGame(cfg *referee.Config, g *Game) error {
	data, err := json.Marshal(g)
	if err != nil {
		return err
	}
	if err := gamefile.WriteAtomic(GamePath(cfg, g.Number), data); err != nil {
		return err
	}
	return Build(cfg.Out)
}

// Build writes dir/replay.html from the game files in dir, in game order. A directory with
// no game file gets no page. A game file that is not one (too large, not JSON, or data the
// page's script could not draw) is an error naming it.
func Build(dir string) error {
	buildMu.Lock()
	defer buildMu.Unlock()
	paths, err := filepath.Glob(filepath.Join(dir, "game-*"+gameSuffix))
	if err != nil || len(paths) == 0 {
		return err
	}
	games := make([]parsedGame, 0, len(paths))
	known, kept := parsed[dir], make(map[string]parsedGame, len(paths))
	for _, path := range paths {
		p, err := readGameAgain(path, known[path])
		if err != nil {
			delete(parsed, dir)
			return err
		}
		kept[path] = p
		games = append(games, p)
	}
	parsed[dir] = kept
	slices.SortFunc(games, func(a, b parsedGame) int { return a.number - b.number })
	data := []byte(`{"games":[`) // json.Marshal(&Data{Games: …}), from each game's own JSON
	for i, g := range games {
		if i > 0 {
			if g.number == games[i-1].number {
				return fmt.Errorf("%s: two files of game %d", dir, g.number)
			}
			data = append(data, ',')
		}
		data = append(data, g.json...)
	}
	html, err := pageOf(append(data, "]}"...))
	if err != nil {
		return err
	}
	return gamefile.WriteAtomic(referee.PagePath(&referee.Config{Out: dir}), html)
}

// readGameAgain is the game file at path: last when the file is still the one last was
// read from (the same file, size and modification time), else the file read afresh.
func readGameAgain(path string, last parsedGame) (parsedGame, error) {
	info, err := os.Stat(path)
	if err != nil {
		return parsedGame{}, err
	}
	if last.info != nil && os.SameFile(last.info, info) && last.info.Size() == info.Size() && last.info.ModTime().Equal(info.ModTime()) {
		return last, nil
	}
	g, err := readGame(path)
	if err != nil {
		return parsedGame{}, err
	}
	data, err := json.Marshal(g)
	return parsedGame{info: info, number: g.Number, json: data}, err
}

// readGame reads and checks a game file.
func readGame(path string) (*Game, error) {
	name := filepath.Base(path)
	data, err := readAtMost(path, maxGameBytes)
	if err != nil {
		return nil, err
	}
	var g Game
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&g); err != nil {
		return nil, gamefile.Errorf(name, lineAt(data, err), "not a game of a replay page: %v", err)
	}
	number, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(name, "game-"), gameSuffix))
	if err != nil || number != g.Number {
		return nil, gamefile.Errorf(name, 0, "holds game %d, want the game its name says", g.Number)
	}
	if err := g.check(); err != nil {
		return nil, gamefile.Errorf(name, 0, "game %d: %v", g.Number, err)
	}
	return &g, nil
}

// readAtMost reads the file at path, of at most limit bytes.
func readAtMost(path string, limit int) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, int64(limit)+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(data) > limit {
		return nil, gamefile.Errorf(filepath.Base(path), 0, "larger than %d bytes", limit)
	}
	return data, nil
}

// lineAt is the line of data where the JSON error err is, or 0 when it names no place.
func lineAt(data []byte, err error) int {
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	var offset int64
	switch {
	case errors.As(err, &syntax):
		offset = syntax.Offset
	case errors.As(err, &typ):
		offset = typ.Offset
	default:
		return 0
	}
	return bytes.Count(data[:min(int(offset), len(data))], []byte("\n")) + 1
}

// check wants g to be what the page's script can draw: plies numbered from 0, each edit
// within the previous step's piece layer, every index into the shape and style tables.
func (g *Game) check() error {
	if g.Number < 1 || len(g.Plies) == 0 {
		return errors.New("no number or no plies")
	}
	for i, sh := range g.Shapes {
		if err := g.checkShape(sh); err != nil {
			return fmt.Errorf("shape %d: %v", i, err)
		}
	}
	pieces := 0
	for k, p := range g.Plies {
		switch {
		case p.N != k:
			return fmt.Errorf("step %d is numbered %d", k, p.N)
		case p.Agent < -1 || p.Agent > 1:
			return fmt.Errorf("step %d: agent %d", k, p.Agent)
		case p.Keep < 0 || p.Tail < 0 || p.Keep+p.Tail > pieces:
			return fmt.Errorf("step %d keeps %d and %d of %d shapes", k, p.Keep, p.Tail, pieces)
		case !g.shapeIndices(p.New) || !g.shapeIndices(p.Marks):
			return fmt.Errorf("step %d: a shape out of the table's %d", k, len(g.Shapes))
		}
		pieces = p.Keep + len(p.New) + p.Tail
	}
	return nil
}

// shapeIndices reports whether every index is in the shape table.
func (g *Game) shapeIndices(indices []int) bool {
	for _, i := range indices {
		if i < 0 || i >= len(g.Shapes) {
			return false
		}
	}
	return true
}

// shapeLen is the length of each kind's array (a polygon's, at least), by kind.
var shapeLen = [...]int{0: 2, 1: 6, 2: 5, 3: 2, 4: 6, 5: 6}

// checkShape wants sh to be an array as Shape describes: a kind, a style in the table,
// numbers, and a text shape's text last.
func (g *Game) checkShape(sh Shape) error {
	if len(sh) < 2 {
		return errors.New("no kind and style")
	}
	kind, ok := whole(sh[0])
	if !ok || kind < 0 || kind >= len(shapeLen) {
		return fmt.Errorf("kind %v", sh[0])
	}
	if st, ok := whole(sh[1]); !ok || st < 0 || st >= len(g.Styles) {
		return fmt.Errorf("style %v of %d", sh[1], len(g.Styles))
	}
	if len(sh) != shapeLen[kind] && (kind != 3 || len(sh)%2 != 0) {
		return fmt.Errorf("%d values for kind %d", len(sh), kind)
	}
	numbers := sh[2:]
	if kind == 5 {
		if _, ok := sh[5].(string); !ok {
			return errors.New("a text shape without its text")
		}
		numbers = sh[2:5]
	}
	for _, v := range numbers {
		if _, ok := v.(float64); !ok {
			return fmt.Errorf("%v is not a number", v)
		}
	}
	return nil
}

// whole is v as an int when it is a whole JSON number.
func whole(v any) (int, bool) {
	f, ok := v.(float64)
	if !ok || f != float64(int(f)) {
		return 0, false
	}
	return int(f), true
}
