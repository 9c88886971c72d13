// Package replay writes a match's replay page: one self-contained HTML file (no network, no
// other file) beside the referee's records, <out>/replay.html, that lists the games and
// steps through each one's plies with buttons and the arrow keys, showing the board, the
// move list, both clocks, the CPU time of every move, the points where the game has them,
// and the result with its reason.
//
// Techniques. Page is a referee.Listener: it draws the position (render.Scene, the game's
// own picture) at the start and after every ply as the referee plays it, so nothing is
// parsed or replayed. The background layer, which a game never changes, is written once
// per game as SVG; the piece and mark layers of every step are indices into a per-game
// table of distinct shapes, the piece layer as an edit of the previous step's (common
// prefix and suffix kept, the middle given), so that a step costs the few shapes a move
// changes. A small generic script in the page draws those shapes as SVG elements; it knows
// shapes, not games.
//
// Invariants. Step 0 of a game is its first position and step k the position after the
// record's ply k, each with the record's line for it (referee.PlyLine), so the page and
// game-NN.txt agree ply for ply. The page is rewritten whole (atomically) when a game ends,
// with every game finished so far in game order; games played in parallel share one Page.
// With Page.Files the games finished so far are those whose game file (game-NN.replay.json,
// beside the record) is in the match's directory, and each is range-checked when read.
package replay

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"

	"gameagents/internal/gamefile"
	"gameagents/internal/referee"
	"gameagents/internal/render"
)

const singleMode = gamefile.Single

//go:embed page.html
var pageHTML string

// dataMarker is where page.html takes the data.
const dataMarker = "/*DATA*/"

// Page is the listener that writes the replay page of a match (referee.PagePath). The zero
// Page is ready; one Page serves one match.
type Page struct {
	// Files keeps each finished game in its file beside its record (GamePath) and builds
	// the page from every such file of the match's directory (Build), so that a match whose
	// games separate processes play, a tournament's pairing, has them all in its page.
	Files bool

	mu      sync.Mutex
	playing map[int]*encoder // by game number
	done    []*Game          // finished games, in game order
}

// GameStarted begins the game with its first position.
func (pg *Page) GameStarted(g *referee.GameInfo) {
	game := &Game{Number: g.Number, Title: fmt.Sprintf("%s, game %d of %d", g.Config.Game.Name(), g.Number, g.Config.Games),
		Time: timeLine(g.Config), Single: g.Config.Mode == singleMode}
	for a := range game.Agents {
		game.Agents[a] = g.Who(a)
	}
	e := newEncoder(game)
	e.step(Ply{Agent: -1, Clocks: startClocks(g)}, scene(g))
	pg.mu.Lock()
	defer pg.mu.Unlock()
	if pg.playing == nil {
		pg.playing = map[int]*encoder{}
	}
	pg.playing[g.Number] = e
}

// Played adds the ply's step.
func (pg *Page) Played(g *referee.GameInfo, p *referee.Ply) {
	pg.mu.Lock()
	e := pg.playing[g.Number]
	pg.mu.Unlock()
	e.step(plyOf(g, p), scene(g))
}

// GameEnded adds the result and writes the page with every game finished so far.
func (pg *Page) GameEnded(g *referee.GameInfo) error {
	pg.mu.Lock()
	defer pg.mu.Unlock()
	game := pg.playing[g.Number].game
	delete(pg.playing, g.Number)
	game.Result, game.Kind = referee.ResultLine(g), string(g.Result.Ending)
	if g.Result.Scored {
		pts := g.Result.Points
		game.Points = &pts
	}
	if pg.Files {
		return writeGame(g.Config, game)
	}
	i, _ := slices.BinarySearchFunc(pg.done, game.Number, func(x *Game, n int) int { return x.Number - n })
	pg.done = slices.Insert(pg.done, i, game)
	html, err := HTML(&Data{Games: pg.done})
	if err != nil {
		return err
	}
	return gamefile.WriteAtomic(referee.PagePath(g.Config), html)
}

// HTML is the page showing d.
func HTML(d *Data) ([]byte, error) {
	// encoding/json escapes <, > and &, so no data can close the script element it is in.
	data, err := json.Marshal(d)
	if err != nil {
		return nil, err
	}
	return pageOf(data)
}

// pageOf is the page holding data, a Data in JSON.
func pageOf(data []byte) ([]byte, error) {
	head, tail, ok := strings.Cut(pageHTML, dataMarker)
	if !ok {
		return nil, fmt.Errorf("replay: page.html has no %s", dataMarker)
	}
	return slices.Concat([]byte(head), data, []byte(tail)), nil
}

// dataScript is the element of a page that holds its data.
var dataScript = regexp.MustCompile(`(?s)<script id="data" type="application/json">(.*?)</script>`)

// Read is the data of the page at path, as HTML wrote it.
func Read(path string) (*Data, error) {
	page, err := readAtMost(path, maxPageBytes)
	if err != nil {
		return nil, err
	}
	m := dataScript.FindSubmatch(page)
	if m == nil {
		return nil, fmt.Errorf("%s: no data script: not a replay page", path)
	}
	var d Data
	if err := json.Unmarshal(m[1], &d); err != nil {
		return nil, fmt.Errorf("%s: the data is not a replay page's: %v", path, err)
	}
	return &d, nil
}

// scene is the game's picture now, or nil for a game that draws none.
func scene(g *referee.GameInfo) *render.Scene {
	d, ok := g.Match.(render.Drawer)
	if !ok {
		return nil
	}
	s := d.Scene()
	return &s
}

// startClocks is the clocks before the first ply: the whole time (GAME), nothing used (SINGLE).
func startClocks(g *referee.GameInfo) [2]int {
	if g.Config.Mode == singleMode {
		return [2]int{}
	}
	left := g.Result.Left
	return [2]int{millis(left[0]), millis(left[1])}
}

// timeLine names the time control for people.
func timeLine(cfg *referee.Config) string {
	if cfg.Mode == singleMode {
		return fmt.Sprintf("SINGLE, %ss of CPU per move", gamefile.FormatSeconds(cfg.Seconds))
	}
	return fmt.Sprintf("GAME, %ss of CPU per side", gamefile.FormatSeconds(cfg.Seconds))
}
