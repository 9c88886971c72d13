package serve

// Game analysis: a referee record replayed, and every position before a move searched by
// the engine (as a hint is), so that each ply shows, from the mover's side, the engine's
// score before the move, its best move there, the scores of the positions the best move
// and the move played leave, and the drop between those two; the largest drops are where
// the game was lost. It runs in the background,
// one position at a time between hints, and the page polls it as it does a table.

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"gameagents/internal/gamefile"
	"gameagents/internal/referee"
	"gameagents/internal/render"
	"gameagents/internal/rules"
)

// PlyAnalysis is one move of an analysed game.
type PlyAnalysis struct {
	N    int    `json:"n"` // 1-based, opening moves included
	Side int    `json:"side"`
	Move string `json:"move"`
	Line int    `json:"line"` // the record line that logs it
	SVG  string `json:"svg"`  // the position after the move
	// Before is the mover's score before the move, Best the engine's move there (as the
	// record logs moves), Depth its depth; nil and "" until searched.
	Before *float64 `json:"before,omitempty"`
	Best   string   `json:"best,omitempty"`
	Depth  int      `json:"depth,omitempty"`
	Exact  bool     `json:"exact,omitempty"`
	Book   bool     `json:"book,omitempty"` // Before and Best are the opening book's
	// After is the score of the position after the move from the mover's side (the next
	// position's score, negated when the other side moves there); nil at the end of the game
	// or until searched: the graph's line.
	After *float64 `json:"after,omitempty"`
	// Drop is what the move cost: BestScore minus PlayedScore, the positions the best move
	// and the move played leave searched alike (to one ply less than Depth, from the
	// mover's side), so that they differ by the moves alone and not by the depth each
	// search reached (a fixed-depth search flatters the side to move by a tempo, which in
	// Halma outweighs most mistakes); 0, with neither score, when the best move was played.
	BestScore   *float64 `json:"bestScore,omitempty"`
	PlayedScore *float64 `json:"playedScore,omitempty"`
	Drop        *float64 `json:"drop,omitempty"`
}

// AnalysisState is what the page shows of an analysis.
type AnalysisState struct {
	Version int           `json:"version"`
	ID      string        `json:"id"`
	Name    string        `json:"name"` // the record's file name
	Game    string        `json:"game"`
	Sides   [2]string     `json:"sides"`
	Players [2]string     `json:"players"` // who played each side, from the record
	Result  string        `json:"result"`  // the record's result line
	Unit    string        `json:"unit"`
	Start   string        `json:"start"` // the first position's picture
	Plies   []PlyAnalysis `json:"plies"`
	Done    int           `json:"done"`            // positions searched
	Marked  []int         `json:"marked"`          // the plies (N) of the largest drops, largest first
	Error   string        `json:"error,omitempty"` // why the analysis stopped
	Over    bool          `json:"over"`            // every position has been searched
	movers  []int         // the side to move at each position searched
}

// endScore is the score of a move that ends the game, won or lost, when the engine did not
// choose it: larger than any evaluation (a proven result scores alike in Quoridor).
const endScore = 10000

// marks is how many of the largest drops an analysis marks.
const marks = 5

// analysis is one record being analysed.
type analysis struct {
	srv    *Server
	id     string
	name   string     // the record's file name
	game   rules.Game // as the record was played: its setup and deal applied
	played []string   // the moves, as Plies logs them
	record []gamefile.Line
	inputs [][]byte // the input.txt of the position before each move
	cancel context.CancelFunc
	seen   time.Time // guarded by the server's lock

	f *feed[AnalysisState, *AnalysisState]
}

func (st *AnalysisState) stamp(v int) { st.Version = v }

// cloneAnalysis copies what the analysis goes on changing.
func cloneAnalysis(st AnalysisState) AnalysisState {
	st.Plies, st.Marked = slices.Clone(st.Plies), slices.Clone(st.Marked)
	return st
}

// maxRecord bounds a record sent for analysis.
const maxRecord = 4 << 20

// startAnalysis replays a record and starts searching its positions.
func (s *Server) startAnalysis(name string, text string) (*analysis, error) {
	lines := gamefile.SplitLines(text)
	if !referee.IsRecord(lines) && !referee.IsGGF(lines) && !referee.IsUHP(lines) {
		return nil, fmt.Errorf("%s: not a referee record (its first line starts \"referee record: \"), a GGF game or a UHP game string", name)
	}
	a := &analysis{srv: s, name: name, record: lines, seen: time.Now(),
		f: newFeed(AnalysisState{Name: name, Plies: []PlyAnalysis{}, Marked: []int{}}, cloneAnalysis)}
	st := &a.f.st // alone with it until run starts
	g, _, err := referee.ReplayAny(s.cfg.Games, name, lines, func(k int, m rules.Match, p *referee.RecordedPly) {
		scene := m.(render.Drawer).Scene()
		svg := string(render.SVG(&scene))
		if p != nil {
			a.played = append(a.played, p.Move)
		}
		if p == nil {
			st.Start = svg
			st.Sides = [2]string{m.SideName(0), m.SideName(1)}
		} else {
			st.Plies = append(st.Plies, PlyAnalysis{N: k, Side: p.Side, Move: p.Move, Line: p.Line, SVG: svg})
		}
		// Only the last position can be over; each other is searched, and so is the last
		// when the game ended otherwise (time, a bad move), for its move's After.
		if over, _, _ := m.Over(); !over && m.HasMove() {
			a.inputs = append(a.inputs, m.Input(gamefile.Single, gamefile.FormatSeconds(s.cfg.AnalysisSeconds)))
			st.movers = append(st.movers, m.ToMove())
		}
	})
	if err != nil {
		return nil, err
	}
	a.game = g
	st.Game = g.Name()
	st.Players, st.Result = referee.RecordPlayers(lines, st.Sides)
	s.mu.Lock()
	s.next++
	a.id = fmt.Sprintf("a%d-%d", s.next, time.Now().UnixNano()%1e6)
	st.ID = a.id
	s.analyses[a.id] = a
	s.mu.Unlock()
	ctx, cancel := context.WithCancel(context.Background())
	a.cancel = cancel
	go a.run(ctx)
	return a, nil
}

// run searches the positions in turn, each between hints.
func (a *analysis) run(ctx context.Context) {
	for k, input := range a.inputs {
		if ctx.Err() != nil {
			return
		}
		h, err := a.srv.analysePosition(a.game, input, a.srv.cfg.AnalysisSeconds, 0)
		if err != nil {
			a.f.update(func(st *AnalysisState) { st.Error = fmt.Sprintf("position before ply %d: %v", k+1, err) })
			return
		}
		var best, played *float64
		if k < len(a.played) && oneLine(h.Output) != a.played[k] {
			depth := max(h.Depth-1, 1)
			best, err = a.childScore(k, h.Output, depth, h)
			if err == nil {
				played, err = a.childScore(k, string(rules.OutputOf(a.game, a.played[k])), depth, nil)
			}
			if err != nil {
				a.f.update(func(st *AnalysisState) { st.Error = fmt.Sprintf("the moves before ply %d: %v", k+1, err) })
				return
			}
		}
		a.f.update(func(st *AnalysisState) { st.record(k, h, best, played) })
	}
	a.f.update(func(st *AnalysisState) { st.Over = true })
}

// oneLine is an output.txt as records log a move: its lines joined by " ; ".
func oneLine(output string) string {
	return strings.ReplaceAll(strings.TrimSuffix(output, "\n"), "\n", " ; ")
}

// childScore is the score, from the mover's side, of the position that output (a move's
// output.txt) leaves in position k, searched to depth. A move that ends the game scores
// the engine's own verdict on it, end.Score, when end is the search that chose it; else
// ±endScore for a win or a loss, and 0 for a draw or a side left without a move.
func (a *analysis) childScore(k int, output string, depth int, end *Hint) (*float64, error) {
	after, err := a.srv.afterMove(a.game, a.inputs[k], output, a.srv.cfg.AnalysisSeconds, depth, true)
	if err != nil {
		return nil, err
	}
	v := after.Score
	switch {
	case after.Ends == "":
	case end != nil:
		v = end.Score
	case after.Ends == "win":
		v = endScore
	case after.Ends == "loss":
		v = -endScore
	}
	return &v, nil
}

// record sets the search of position k (the one before move k+1, 0-based): move k+1's
// Before, best move, its and the played move's scores (nil when the best was played) and
// Drop, move k's After, and the marks.
func (st *AnalysisState) record(k int, h *Hint, best, played *float64) {
	if k < len(st.Plies) {
		p := &st.Plies[k]
		p.Before, p.Best, p.Depth, p.Exact, p.Book = &h.Score, oneLine(h.Output), h.Depth, h.Exact, h.Book
		drop := 0.0
		if best != nil {
			drop = *best - *played
		}
		p.BestScore, p.PlayedScore, p.Drop = best, played, &drop
	}
	st.Unit = cmp.Or(st.Unit, h.Unit)
	st.Done = k + 1
	if k > 0 {
		prev := &st.Plies[k-1]
		after := h.Score
		if st.movers[k] != prev.Side {
			after = -after
		}
		prev.After = &after
	}
	st.mark()
}

// mark lists the plies of the largest positive drops, largest first.
func (st *AnalysisState) mark() {
	var ks []int
	for i, p := range st.Plies {
		if p.Drop != nil && *p.Drop > 0 && !math.IsInf(*p.Drop, 0) {
			ks = append(ks, i)
		}
	}
	sort.SliceStable(ks, func(i, j int) bool { return *st.Plies[ks[i]].Drop > *st.Plies[ks[j]].Drop })
	st.Marked = st.Marked[:0]
	for _, i := range ks[:min(len(ks), marks)] {
		st.Marked = append(st.Marked, st.Plies[i].N)
	}
}

// annotated is the record with a line after each ply's: the engine's scores and best move,
// which record readers skip ("analysis N: ..."), so the file still replays.
func (a *analysis) annotated() string {
	a.f.Lock()
	defer a.f.Unlock()
	st := &a.f.st
	byLine := map[int]*PlyAnalysis{}
	for i := range st.Plies {
		byLine[st.Plies[i].Line] = &st.Plies[i]
	}
	var b strings.Builder
	if !referee.IsRecord(a.record) {
		// A GGF game or a UHP game string has no line per move: the analysis follows it.
		for _, l := range a.record {
			b.WriteString(l.Text + "\n")
		}
		for i := range st.Plies {
			annotate(&b, st, &st.Plies[i])
		}
		return b.String()
	}
	for _, l := range a.record {
		b.WriteString(l.Text + "\n")
		if p := byLine[l.Num]; p != nil {
			annotate(&b, st, p)
		}
	}
	return b.String()
}

// annotate writes ply p's analysis line, when it has been searched.
func annotate(b *strings.Builder, st *AnalysisState, p *PlyAnalysis) {
	if p.Before == nil {
		return
	}
	fmt.Fprintf(b, "analysis %d: before %+.2f %s, best [%s] depth %d", p.N, *p.Before, st.Unit, p.Best, p.Depth)
	if p.BestScore != nil {
		fmt.Fprintf(b, " %+.2f, played %+.2f", *p.BestScore, *p.PlayedScore)
	}
	if p.After != nil {
		fmt.Fprintf(b, ", after %+.2f", *p.After)
	}
	fmt.Fprintf(b, ", drop %.2f", *p.Drop)
	if slices.Contains(st.Marked, p.N) {
		b.WriteString(", marked")
	}
	b.WriteString("\n")
}

// analysePosition searches the position input.txt describes. Where it has a single legal
// move, which the engines play without a search (Reversi's and Hive's passes, forced
// moves), the position that move leaves is searched instead (afterMove), so that a forced
// move is scored like any other; seconds is that search's time (input's own for the
// first); depth caps both (0: none).
func (s *Server) analysePosition(g rules.Game, input []byte, seconds float64, depth int) (*Hint, error) {
	h, err := s.search(g.Name(), input, depth)
	if err != nil || h.Depth > 0 {
		return h, err // a search ran: the position has a choice
	}
	m, err := g.Load(gamefile.SplitLines(string(input)))
	if err != nil {
		return nil, err
	}
	picks := m.(render.Picker).Picks()
	if len(picks) != 1 {
		return h, nil
	}
	after, err := s.afterMove(g, input, picks[0].Output, seconds, depth, false)
	if err != nil || after.Ends != "" {
		return h, err
	}
	h.Score, h.Depth, h.Exact, h.Nodes = after.Score, after.Depth, after.Exact, h.Nodes+after.Nodes
	h.PV = append([]string{strings.TrimSuffix(picks[0].Output, "\n")}, after.PV...)
	return h, nil
}

// childResult is the position a move leaves: its search (analysePosition, seconds, depth)
// with the score turned to the mover's side, or, when the move ends the game or leaves the
// next side without a move, how: Ends "win", "loss" or "draw" for the mover, or "stuck".
type childResult struct {
	Score float64
	Depth int
	Exact bool
	Nodes int64
	PV    []string
	Ends  string
}

// afterMove plays output (a move's output.txt) in the position input.txt describes and
// searches the position it leaves: with analysePosition when follow (its forced move
// followed), else with a plain search. Only one forced move is followed: a position read
// from its input.txt has no history, so a game that ends on two passes in a row (ŠTREKY)
// would pass back and forth without end.
func (s *Server) afterMove(g rules.Game, input []byte, output string, seconds float64, depth int, follow bool) (childResult, error) {
	m, err := g.Load(gamefile.SplitLines(string(input)))
	if err != nil {
		return childResult{}, err
	}
	mover := m.ToMove()
	if _, _, err := m.Play([]byte(output), true); err != nil {
		return childResult{}, err
	}
	if over, winner, _ := m.Over(); over {
		ends := map[bool]string{true: "win", false: "loss"}[winner == mover]
		if winner < 0 {
			ends = "draw"
		}
		return childResult{Ends: ends}, nil
	}
	if !m.HasMove() {
		return childResult{Ends: "stuck"}, nil
	}
	next := m.Input(gamefile.Single, gamefile.FormatSeconds(seconds))
	var h *Hint
	if follow {
		h, err = s.analysePosition(g, next, seconds, depth)
	} else {
		h, err = s.search(g.Name(), next, depth)
	}
	if err != nil {
		return childResult{}, err
	}
	a := childResult{Score: h.Score, Depth: h.Depth, Exact: h.Exact, Nodes: h.Nodes, PV: h.PV}
	if m.ToMove() != mover {
		a.Score = -a.Score
	}
	return a, nil
}

// search runs the game's engine on an input.txt, one search at a time in the process.
func (s *Server) search(game string, input []byte, depth int) (*Hint, error) {
	s.hintMu.Lock()
	defer s.hintMu.Unlock()
	th, err := s.thinker(game)
	if err != nil {
		return nil, err
	}
	// Every search here is its own, as a file move without playdata.txt: the tables and
	// analyses share one engine, and what a game remembers of one search (Reversi's
	// carried table, ŠTREKY's watch) is not another's, so the same position always gets
	// the same answer.
	th.Forget()
	lines, an, err := th.Move(input, depth)
	if err != nil {
		return nil, err
	}
	return &Hint{Output: strings.Join(lines, "\n") + "\n", Score: an.Score, Unit: an.Unit, Exact: an.Exact,
		Depth: an.Depth, Nodes: an.Nodes, PV: an.PV, Book: an.Book}, nil
}

// records lists the referee records under the server's record directories, as the page
// names them: the directory's base name, then the path below it.
func (s *Server) records() map[string]string {
	out := map[string]string{}
	for _, dir := range append([]string{s.cfg.Out}, s.cfg.Records...) {
		if dir == "" {
			continue
		}
		base := filepath.Base(dir)
		filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
			if err != nil {
				return nil
			}
			if d.IsDir() && strings.Count(strings.TrimPrefix(path, dir), string(filepath.Separator)) > 3 {
				return filepath.SkipDir
			}
			if !d.IsDir() && strings.HasPrefix(d.Name(), "game-") && strings.HasSuffix(d.Name(), ".txt") {
				rel, _ := filepath.Rel(dir, path)
				out[filepath.Join(base, rel)] = path
			}
			return nil
		})
	}
	return out
}

func (s *Server) listRecords(w http.ResponseWriter, r *http.Request) {
	names := []string{}
	for name := range s.records() {
		names = append(names, name)
	}
	sort.Strings(names)
	reply(w, names, nil)
}

// analyse starts the analysis of a listed record (File), of the game a table has just
// finished (Table), or of one the page sends (Record, its text, and Name).
func (s *Server) analyse(w http.ResponseWriter, r *http.Request) {
	var req struct {
		File   string `json:"file"`
		Table  string `json:"table"`
		Name   string `json:"name"`
		Record string `json:"record"`
	}
	if err := decode(r, &req, maxRecord+maxBody); err != nil {
		reply(w, nil, err)
		return
	}
	name, text := cmp.Or(req.Name, "record"), req.Record
	if req.Table != "" { // the game a table has just finished
		t, err := s.table(req.Table)
		if err == nil {
			t.f.Lock()
			req.File = t.f.st.Record
			t.f.Unlock()
			if req.File == "" {
				err = &httpError{http.StatusConflict, "the table's game has not ended"}
			}
		}
		if err != nil {
			reply(w, nil, err)
			return
		}
		data, err := os.ReadFile(req.File)
		if err != nil {
			reply(w, nil, err)
			return
		}
		name, text, req.File = filepath.Base(filepath.Dir(req.File))+"/"+filepath.Base(req.File), string(data), ""
	}
	if req.File != "" {
		path, ok := s.records()[req.File]
		if !ok {
			reply(w, nil, &httpError{http.StatusNotFound, fmt.Sprintf("no record %q", req.File)})
			return
		}
		data, err := os.ReadFile(path)
		if err != nil {
			reply(w, nil, err)
			return
		}
		name, text = req.File, string(data)
	}
	a, err := s.startAnalysis(name, text)
	if err != nil {
		reply(w, nil, err)
		return
	}
	reply(w, map[string]string{"id": a.id}, nil)
}

// findAnalysis returns the analysis called id, marking it seen.
func (s *Server) findAnalysis(id string) (*analysis, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	a := s.analyses[id]
	if a == nil {
		return nil, &httpError{http.StatusNotFound, fmt.Sprintf("no analysis %q", id)}
	}
	a.seen = time.Now()
	return a, nil
}

func (s *Server) analysisState(w http.ResponseWriter, r *http.Request) {
	a, err := s.findAnalysis(r.URL.Query().Get("id"))
	if err != nil {
		reply(w, nil, err)
		return
	}
	after := -1
	fmt.Sscan(r.URL.Query().Get("after"), &after)
	reply(w, a.f.wait(r.Context(), after, Poll), nil)
}

func (s *Server) analysisExport(w http.ResponseWriter, r *http.Request) {
	a, err := s.findAnalysis(r.URL.Query().Get("id"))
	if err != nil {
		reply(w, nil, err)
		return
	}
	name := strings.TrimSuffix(filepath.Base(a.name), ".txt") + "-analysis.txt"
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", name))
	w.Write([]byte(a.annotated()))
}
