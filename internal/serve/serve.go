// Package serve is the web board behind `homework serve`: a local HTTP server whose page
// lets a person play any of the five games against the agents the server was started with,
// ask the engine for a hint, take moves back and swap sides.
//
// How a game is played. A table is one person's game in progress. Its games are the
// referee's (referee.PlayGame): the person is an agent of the kind "person:" whose moves
// come from the browser, the opponent any agent the referee knows (file protocol, gtp:,
// nboard:, uhp:, course:), so the opponent's moves are run, charged, sandboxed and judged
// as in any match, and the game is saved as the referee's record. Taking a move back or
// swapping sides ends the referee's game and starts another from the moves kept, played by
// the referee as the match's opening: the referee needs no undo.
//
// What the browser sees. The referee's game goroutine tells the table every ply
// (referee.Listener); the table then takes a snapshot of the position (its picture as SVG,
// the legal moves as render.Picks when the person is to move, the moves, the result) and
// bumps its version, and the page long-polls /api/state for a newer version. The only move
// the browser can send is one of the picks; the referee judges it again like any agent's.
//
// Safety. The server binds the loopback address unless told otherwise. A request whose
// Host is not one of the server's own names, or whose Origin is another site's, is refused
// (DNS rebinding, cross-site requests); changes are POSTs of JSON; the browser chooses
// agents by name and never sends a command; a table whose page has stopped polling (its tab
// closed) is closed with its agent processes.
package serve

import (
	"compress/gzip"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"gameagents/internal/agent"
	"gameagents/internal/referee"
	"gameagents/internal/rules"
	"gameagents/internal/sandbox"
)

// Agent is an opponent the browser may choose, by Name.
type Agent struct {
	Name    string
	Command string // as the referee takes it: a command, or a kind's prefix and command
}

// Config is what a server serves.
type Config struct {
	Games   []rules.Game // the games, as the referee judges them
	Engines []agent.Game // the same games' engines, for hints (matched by name)
	Agents  []Agent      // the opponents
	Kinds   referee.AgentKinds
	// Seconds is the opponent's time a move (SINGLE), HintSeconds the engine's for a hint,
	// AnalysisSeconds for each position of an analysed game.
	Seconds, HintSeconds, AnalysisSeconds float64
	// Records are directories whose referee records (game-*.txt, three levels deep) the
	// page may open for analysis, besides Out's.
	Records     []string
	Calibration string // calibration.txt for the agents and the hints, or ""
	Out         string // each table's records go to Out/<table>
	Sandbox     sandbox.Mode
	Grace       time.Duration
	MaxPlies    int
	// Idle closes a table whose page has sent nothing for this long (the page polls
	// every Poll at least).
	Idle time.Duration
	Log  io.Writer
}

// Poll is the longest a long-poll of /api/state waits for a change.
const Poll = 20 * time.Second

// Server serves the web board.
type Server struct {
	cfg   Config
	hosts []string // the Host values accepted, each "name:port"

	mu     sync.Mutex
	tables map[string]*table
	next   int // tables opened, for their ids

	analyses map[string]*analysis

	hintMu   sync.Mutex // one search at a time: the engines pin the process to one thread
	thinkers map[string]*agent.Thinker
}

// New returns a server for cfg that accepts requests addressed to addr (the address it
// listens on, "host:port"), under its name, and, when it is a loopback address, as
// localhost, 127.0.0.1 and [::1].
func New(cfg Config, addr string) (*Server, error) {
	if len(cfg.Agents) == 0 {
		return nil, errors.New("serve: no agents to play against")
	}
	for _, a := range cfg.Agents {
		if a.Name == personName {
			return nil, fmt.Errorf("serve: an agent may not be called %q: it names the person", personName)
		}
	}
	if cfg.Log == nil {
		cfg.Log = io.Discard
	}
	if cfg.Idle <= 0 {
		cfg.Idle = 3 * Poll
	}
	if cfg.MaxPlies <= 0 {
		cfg.MaxPlies = 1000
	}
	hosts, err := hostsOf(addr)
	if err != nil {
		return nil, err
	}
	if cfg.AnalysisSeconds <= 0 {
		cfg.AnalysisSeconds = cfg.HintSeconds
	}
	s := &Server{cfg: cfg, tables: map[string]*table{}, analyses: map[string]*analysis{}, thinkers: map[string]*agent.Thinker{}}
	s.hosts = hosts
	return s, nil
}

// hostsOf is the Host values a server listening on addr accepts: addr itself, and, when it
// is a loopback address, localhost, 127.0.0.1 and [::1] with its port.
func hostsOf(addr string) ([]string, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, fmt.Errorf("serve: address %q: %v", addr, err)
	}
	hosts := []string{net.JoinHostPort(host, port)}
	if ip := net.ParseIP(host); host == "localhost" || (ip != nil && ip.IsLoopback()) {
		for _, h := range []string{"localhost", "127.0.0.1", "::1"} {
			hosts = append(hosts, net.JoinHostPort(h, port))
		}
	}
	return hosts, nil
}

//go:embed page
var pageFiles embed.FS

// Handler returns the server's routes behind the Host and Origin checks.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", serveFile("page/index.html", "text/html; charset=utf-8"))
	mux.HandleFunc("GET /board.js", serveFile("page/board.js", "text/javascript; charset=utf-8"))
	mux.HandleFunc("GET /analyse.js", serveFile("page/analyse.js", "text/javascript; charset=utf-8"))
	mux.HandleFunc("GET /api/setup", s.setup)
	mux.HandleFunc("POST /api/new", s.newTable)
	mux.HandleFunc("GET /api/state", gzipped(s.state))
	mux.HandleFunc("POST /api/move", s.withTable(func(t *table, r *request) (any, error) { return nil, t.move(r.Output) }))
	mux.HandleFunc("POST /api/undo", s.withTable(func(t *table, _ *request) (any, error) { return nil, t.takeBack() }))
	mux.HandleFunc("POST /api/swap", s.withTable(func(t *table, _ *request) (any, error) { return nil, t.swap() }))
	mux.HandleFunc("POST /api/hint", s.withTable(func(t *table, _ *request) (any, error) { return s.hint(t) }))
	mux.HandleFunc("POST /api/close", s.closeTable)
	mux.HandleFunc("GET /api/records", s.listRecords)
	mux.HandleFunc("POST /api/analyse", s.analyse)
	mux.HandleFunc("GET /api/analysis", gzipped(s.analysisState))
	mux.HandleFunc("GET /api/analysis/export", s.analysisExport)
	return guard(s.hosts, mux)
}

// guard refuses requests for another host name than hosts (a DNS-rebound page) or from
// another site's page, before any route sees them.
func guard(hosts []string, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !slices.Contains(hosts, r.Host) {
			http.Error(w, fmt.Sprintf("host %q is not this server's (%s)", r.Host, strings.Join(hosts, ", ")), http.StatusForbidden)
			return
		}
		if o := r.Header.Get("Origin"); o != "" && !slices.Contains(hosts, strings.TrimPrefix(o, "http://")) {
			http.Error(w, fmt.Sprintf("origin %q is not this server's", o), http.StatusForbidden)
			return
		}
		if r.Method == http.MethodPost && !strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
			http.Error(w, "want Content-Type application/json", http.StatusUnsupportedMediaType)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// gzipped compresses h's answers for clients that accept gzip: a state can list tens of
// thousands of legal moves (ŠTREKY's first move has 66,548, 14 MB of JSON, about 0.5 MB
// compressed), each much like the next.
func gzipped(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if !strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
			h(w, r)
			return
		}
		w.Header().Set("Content-Encoding", "gzip")
		w.Header().Add("Vary", "Accept-Encoding")
		z := gzip.NewWriter(w)
		defer z.Close()
		h(gzipWriter{ResponseWriter: w, z: z}, r)
	}
}

// gzipWriter is a ResponseWriter whose body goes through z.
type gzipWriter struct {
	http.ResponseWriter
	z *gzip.Writer
}

func (g gzipWriter) Write(b []byte) (int, error) { return g.z.Write(b) }

// serveFile serves one embedded file.
func serveFile(name, kind string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		b, err := pageFiles.ReadFile(name)
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", kind)
		w.Header().Set("Cache-Control", "no-store")
		w.Write(b)
	}
}

// GameChoice is a game the page offers, with its sides and setup help.
type GameChoice struct {
	Name      string    `json:"name"`
	Sides     [2]string `json:"sides"`
	SetupHelp string    `json:"setupHelp,omitempty"`
}

// Setup is what the page offers: the games, the opponents and the time of their moves.
type Setup struct {
	Games   []GameChoice `json:"games"`
	Agents  []string     `json:"agents"`
	Seconds float64      `json:"seconds"`
}

func (s *Server) setup(w http.ResponseWriter, r *http.Request) {
	var out Setup
	for _, g := range s.cfg.Games {
		m := g.New(0)
		c := GameChoice{Name: g.Name(), Sides: [2]string{m.SideName(0), m.SideName(1)}}
		if cg, ok := g.(rules.Configurable); ok {
			c.SetupHelp = cg.SetupHelp()
		}
		out.Games = append(out.Games, c)
	}
	for _, a := range s.cfg.Agents {
		out.Agents = append(out.Agents, a.Name)
	}
	out.Seconds = s.cfg.Seconds
	reply(w, out, nil)
}

// request is every POST's body; each route reads what it needs.
type request struct {
	ID     string `json:"id"`
	Game   string `json:"game"`
	Setup  string `json:"setup"`
	Side   int    `json:"side"`
	Agent  string `json:"agent"`
	Output string `json:"output"`
}

// maxBody bounds a request's body: a move or a setup is a few hundred bytes.
const maxBody = 1 << 16

func readRequest(r *http.Request) (*request, error) {
	var req request
	if err := decode(r, &req, maxBody); err != nil {
		return nil, err
	}
	return &req, nil
}

// decode reads a JSON body of at most limit bytes into v.
func decode(r *http.Request, v any, limit int64) error {
	if err := json.NewDecoder(http.MaxBytesReader(nil, r.Body, limit)).Decode(v); err != nil {
		return &httpError{http.StatusBadRequest, fmt.Sprintf("request body: %v", err)}
	}
	return nil
}

// httpError is an error with the status it is answered with.
type httpError struct {
	status int
	msg    string
}

func (e *httpError) Error() string { return e.msg }

// reply writes v as JSON, or err with its status (400 unless it says otherwise).
func reply(w http.ResponseWriter, v any, err error) {
	if err != nil {
		status := http.StatusBadRequest
		var he *httpError
		if errors.As(err, &he) {
			status = he.status
		}
		http.Error(w, err.Error(), status)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	if v == nil {
		v = struct{}{}
	}
	json.NewEncoder(w).Encode(v)
}

// newTable opens a table: the game with its setup, the person's side and the opponent.
func (s *Server) newTable(w http.ResponseWriter, r *http.Request) {
	req, err := readRequest(r)
	if err != nil {
		reply(w, nil, err)
		return
	}
	t, err := s.open(req)
	if err != nil {
		reply(w, nil, err)
		return
	}
	reply(w, map[string]string{"id": t.id}, nil)
}

// open checks a new game's request and starts its table.
func (s *Server) open(req *request) (*table, error) {
	g := rules.Find(s.cfg.Games, req.Game)
	if g == nil || req.Game == "" {
		return nil, fmt.Errorf("unknown game %q: want one of %s", req.Game, rules.Names(s.cfg.Games))
	}
	setup := strings.TrimSpace(req.Setup)
	if setup != "" {
		c, ok := g.(rules.Configurable)
		if !ok {
			return nil, fmt.Errorf("%s has no setup options", g.Name())
		}
		var err error
		if g, err = c.Configure(setup); err != nil {
			return nil, fmt.Errorf("setup %q: %v", setup, err)
		}
	}
	if d, ok := g.(rules.Dealt); ok {
		g, _ = d.Deal(0) // the deal is the setup's (ŠTREKY: seed=N)
	}
	if req.Side != 0 && req.Side != 1 {
		return nil, fmt.Errorf("side %d: want 0 or 1", req.Side)
	}
	i := slices.IndexFunc(s.cfg.Agents, func(a Agent) bool { return a.Name == req.Agent })
	if i < 0 {
		return nil, fmt.Errorf("unknown agent %q", req.Agent)
	}
	s.mu.Lock()
	s.next++
	id := fmt.Sprintf("t%d-%d", s.next, time.Now().UnixNano()%1e6)
	t := newTable(s, id, g, setup, req.Side, s.cfg.Agents[i], filepath.Join(s.cfg.Out, fmt.Sprintf("table-%02d", s.next)))
	s.tables[id] = t
	s.mu.Unlock()
	fmt.Fprintf(s.cfg.Log, "serve: table %s: %s%s, the person plays %s against %s\n", id, g.Name(), setupNote(setup), g.New(0).SideName(req.Side), s.cfg.Agents[i].Name)
	return t, t.start(nil)
}

func setupNote(setup string) string {
	if setup == "" {
		return ""
	}
	return " (" + setup + ")"
}

// table returns the table called id, marking it seen.
func (s *Server) table(id string) (*table, error) {
	s.mu.Lock()
	t := s.tables[id]
	s.mu.Unlock()
	if t == nil {
		return nil, &httpError{http.StatusNotFound, fmt.Sprintf("no table %q (closed, or the server restarted)", id)}
	}
	t.touch()
	return t, nil
}

// withTable reads a POST naming a table and answers with what do returns.
func (s *Server) withTable(do func(*table, *request) (any, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		req, err := readRequest(r)
		if err != nil {
			reply(w, nil, err)
			return
		}
		t, err := s.table(req.ID)
		if err != nil {
			reply(w, nil, err)
			return
		}
		v, err := do(t, req)
		reply(w, v, err)
	}
}

// state answers a long poll: the table's state once its version is past after.
func (s *Server) state(w http.ResponseWriter, r *http.Request) {
	t, err := s.table(r.URL.Query().Get("id"))
	if err != nil {
		reply(w, nil, err)
		return
	}
	after := -1
	fmt.Sscan(r.URL.Query().Get("after"), &after)
	reply(w, t.f.wait(r.Context(), after, Poll), nil)
}

func (s *Server) closeTable(w http.ResponseWriter, r *http.Request) {
	req, err := readRequest(r)
	if err != nil {
		reply(w, nil, err)
		return
	}
	s.drop(req.ID)
	reply(w, nil, nil)
}

// drop closes a table and forgets it.
func (s *Server) drop(id string) {
	s.mu.Lock()
	t := s.tables[id]
	delete(s.tables, id)
	s.mu.Unlock()
	if t != nil {
		t.stop()
		fmt.Fprintf(s.cfg.Log, "serve: table %s closed\n", id)
	}
}

// Sweep closes the tables and stops the analyses whose pages have sent nothing for the
// Idle time, as of now.
func (s *Server) Sweep(now time.Time) {
	s.mu.Lock()
	var idle []string
	for id, t := range s.tables {
		if now.Sub(t.seen()) > s.cfg.Idle {
			idle = append(idle, id)
		}
	}
	for id, a := range s.analyses {
		if now.Sub(a.seen) > s.cfg.Idle {
			a.cancel()
			delete(s.analyses, id)
		}
	}
	s.mu.Unlock()
	for _, id := range idle {
		s.drop(id)
	}
}

// Close closes every table.
func (s *Server) Close() {
	s.Sweep(time.Now().Add(time.Duration(1 << 62)))
}

// Tables returns the number of open tables and running or kept analyses.
func (s *Server) Tables() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.tables) + len(s.analyses)
}
