package serve

// Watching a match: a running `homework referee` or `homework tournament run` started with
// -watch serves a page that shows its games being played and its standings, updated as
// plies are played. Watch is a referee.Listener beside the record writer and the printer:
// it keeps, for each game heard, the picture of its position and its last ply, and after
// each game the standings (the tournament's report, or the referee's summary of the games
// heard); the page long-polls them as the web board does a table.

import (
	"bytes"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"sort"
	"strings"
	"time"

	"gameagents/internal/referee"
	"gameagents/internal/render"
)

// WatchGame is a game as the watch page shows it.
type WatchGame struct {
	Key     string    `json:"key"`   // the match's directory and the game's number
	Title   string    `json:"title"` // "reversi, game 3 of 10"
	Who     [2]string `json:"who"`   // each side's agent, "name (SIDE)", side 0 first
	Ply     int       `json:"ply"`
	Last    string    `json:"last"` // the record's line of the last ply
	SVG     string    `json:"svg"`
	Over    bool      `json:"over"`
	Result  string    `json:"result,omitempty"`
	started time.Time
}

// WatchState is what the watch page shows.
type WatchState struct {
	Version   int         `json:"version"`
	Title     string      `json:"title"`
	Games     []WatchGame `json:"games"`     // the games being played, then the last finished
	Standings string      `json:"standings"` // the standings as the command prints them
	Finished  int         `json:"finished"`  // games finished while watched
}

func (st *WatchState) stamp(v int) { st.Version = v }

// keptFinished is how many finished games the page keeps showing.
const keptFinished = 4

// Watch is a match's games and standings for the watch page.
type Watch struct {
	hosts  []string
	report func() string
	f      *feed[WatchState, *WatchState]
	// the games heard that have ended, by match, for the referee's summary
	results map[*referee.Config][]referee.Result
}

// NewWatch returns the watch of a match titled title, served to requests addressed to
// addr (as New's server is). report, when not nil, gives the standings after each game
// (a tournament's report, read every few seconds); else they are the referee's summary
// of the games heard.
func NewWatch(title, addr string, report func() string) (*Watch, error) {
	hosts, err := hostsOf(addr)
	if err != nil {
		return nil, err
	}
	clone := func(st WatchState) WatchState {
		st.Games = slices.Clone(st.Games)
		return st
	}
	w := &Watch{hosts: hosts, report: report, results: map[*referee.Config][]referee.Result{},
		f: newFeed(WatchState{Title: title, Games: []WatchGame{}}, clone)}
	if report != nil {
		w.f.st.Standings = report()
		go w.follow(report)
	}
	return w, nil
}

// follow refreshes the standings from report every few seconds, for the life of the
// process: a tournament records a game's result after the game has ended (and other
// processes of a distributed run record theirs), so GameEnded is too early to read it.
func (w *Watch) follow(report func() string) {
	for range time.Tick(2 * time.Second) {
		standings := report()
		w.f.Lock()
		changed := standings != w.f.st.Standings
		w.f.Unlock()
		if changed {
			w.f.update(func(st *WatchState) { st.Standings = standings })
		}
	}
}

// Handler serves the watch page and its state, behind the Host and Origin checks.
func (w *Watch) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", serveFile("page/watch.html", "text/html; charset=utf-8"))
	mux.HandleFunc("GET /api/watch", func(rw http.ResponseWriter, r *http.Request) {
		after := -1
		fmt.Sscan(r.URL.Query().Get("after"), &after)
		reply(rw, w.f.wait(r.Context(), after, Poll), nil)
	})
	return guard(w.hosts, mux)
}

func gameKey(g *referee.GameInfo) string { return fmt.Sprintf("%s#%d", g.Config.Out, g.Number) }

// GameStarted, Played and GameEnded make Watch a referee.Listener; games played in
// parallel share it.
func (w *Watch) GameStarted(g *referee.GameInfo) {
	scene := g.Match.(render.Drawer).Scene()
	game := WatchGame{Key: gameKey(g), Title: fmt.Sprintf("%s, game %d of %d", g.Config.Game.Name(), g.Number, g.Config.Games),
		SVG: string(render.SVG(&scene)), started: time.Now()}
	for a := range 2 {
		game.Who[g.Result.Side[a]] = g.Who(a)
	}
	w.f.update(func(st *WatchState) {
		st.Games = append(slices.DeleteFunc(st.Games, func(x WatchGame) bool { return x.Key == game.Key }), game)
		sortGames(st.Games)
	})
}

func (w *Watch) Played(g *referee.GameInfo, p *referee.Ply) {
	scene := g.Match.(render.Drawer).Scene()
	svg, line, key := string(render.SVG(&scene)), referee.PlyLine(g, p), gameKey(g)
	w.f.update(func(st *WatchState) {
		if i := slices.IndexFunc(st.Games, func(x WatchGame) bool { return x.Key == key }); i >= 0 {
			st.Games[i].SVG, st.Games[i].Last, st.Games[i].Ply = svg, line, p.Number
		}
	})
}

func (w *Watch) GameEnded(g *referee.GameInfo) error {
	key, result := gameKey(g), strings.TrimPrefix(referee.ResultLine(g), "result: ")
	w.f.Lock()
	w.results[g.Config] = append(w.results[g.Config], *g.Result)
	standings := w.f.st.Standings
	if w.report == nil {
		var b bytes.Buffer
		cfgs := slices.Collect(maps.Keys(w.results))
		slices.SortFunc(cfgs, func(x, y *referee.Config) int { return strings.Compare(x.Out, y.Out) })
		for _, cfg := range cfgs {
			referee.PrintSummary(&b, cfg, w.results[cfg])
		}
		standings = b.String()
	}
	w.f.Unlock()
	w.f.update(func(st *WatchState) {
		if i := slices.IndexFunc(st.Games, func(x WatchGame) bool { return x.Key == key }); i >= 0 {
			st.Games[i].Over, st.Games[i].Result = true, result
		}
		sortGames(st.Games)
		st.Games = trimFinished(st.Games)
		st.Finished++
		st.Standings = standings
	})
	return nil
}

// sortGames puts the games being played first, then the finished ones, each by start.
func sortGames(games []WatchGame) {
	sort.SliceStable(games, func(i, j int) bool {
		if games[i].Over != games[j].Over {
			return !games[i].Over
		}
		return games[i].started.Before(games[j].started)
	})
}

// trimFinished keeps the last keptFinished finished games.
func trimFinished(games []WatchGame) []WatchGame {
	var finished []int
	for i, g := range games {
		if g.Over {
			finished = append(finished, i)
		}
	}
	if len(finished) <= keptFinished {
		return games
	}
	drop := finished[:len(finished)-keptFinished]
	var out []WatchGame
	for i, g := range games {
		if !slices.Contains(drop, i) {
			out = append(out, g)
		}
	}
	return out
}
