package homework

// `homework serve`: the web board (internal/serve) on a local address.

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"gameagents/internal/agent"
	"gameagents/internal/referee"
	"gameagents/internal/rules"
	"gameagents/internal/sandbox"
	"gameagents/internal/serve"
	"gameagents/internal/tournament"
)

const serveUsage = `usage: homework serve [-addr HOST:PORT] [-agent NAME=CMD ...] [flags]

Serves the web board: open the address it prints in a browser, choose a game, its setup,
your side and an opponent, and play. Legal moves are marked on the board (off-board
choices, such as a piece in hand or a card, are buttons beside it) and only they can be
entered; Take back returns to your previous move, Swap sides hands your side to the
opponent and gives you the other, Hint asks our engine for its move, score, depth and
line (in this process, at -hint seconds of its calibrated node budget). Analyse opens a
referee record (one of the server's, one under -records, or a file from your disk) and
shows, for every ply, the engine's score before the move, its best move, what the move
played cost it (the drop), and a graph of the game with the largest drops marked
(-analysis seconds a search); the annotated record can be downloaded.

The opponents are the agents named with -agent, any command the referee plays (a
file-protocol agent, gtp:CMD, nboard:CMD, uhp:CMD for Hive's base game, course:PATH);
the browser chooses among them by name and never sends a command. Without -agent the
opponents are this binary's engine, greedy and random players. Their moves are run,
charged, sandboxed and judged as in a referee match, at -single seconds of CPU a move;
yours are untimed. Each table's games are saved as referee records in
<out>/table-NN/game-01.txt (a game restarted by Take back or Swap sides holds the
earlier moves as its opening).

The server listens on 127.0.0.1 unless -addr says otherwise, refuses requests for other
host names or from other sites' pages, and closes a table, with its agent processes, when
its page has stopped polling for a minute.

flags:
`

// ServeMain runs the web board until interrupted; its status is 0 after an interrupt, 1
// when the server failed, 2 on bad usage.
func ServeMain(games []agent.Game, judges []rules.Game, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("homework serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var agents agentFlags
	var (
		addr   = fs.String("addr", "127.0.0.1:8561", "listen on `host:port` (port 0: any free port)")
		single = fs.Float64("single", 1, "the agents' CPU `seconds` a move")
		hint   = fs.Float64("hint", 1, "the engine's CPU `seconds` for a hint")
		anal   = fs.Float64("analysis", 0.2, "the engine's CPU `seconds` for each position of an analysed game")
		calib  = fs.String("calibration", "", "calibration.txt `file` for the agents and the hints (default ./calibration.txt where it exists)")
		outDir = fs.String("out", "", "records `dir`ectory (default runs/serve-<timestamp>)")
		box    = fs.String("sandbox", "auto", "run the agents' processes in the sandbox (bubblewrap): `mode` auto, on or off")
		grace  = fs.Float64("grace", referee.DefaultGrace.Seconds(), "wall `seconds` an agent's move may run past its time before it is killed")
		plies  = fs.Int("plies", 1000, "ply cap `N`: after it, less CPU used wins")
	)
	fs.Var(&agents, "agent", "an opponent `NAME=CMD` the browser may choose (repeatable)")
	var records dirFlags
	fs.Var(&records, "records", "a `dir`ectory of referee records (a match's or a tournament's -out) the page may open for analysis (repeatable)")
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), serveUsage)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	usageErr := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "homework serve: "+format+"\n", a...)
		return 2
	}
	if fs.NArg() > 0 {
		return usageErr("unexpected argument %q", fs.Arg(0))
	}
	if !positive(*single) || !positive(*hint) || !positive(*anal) || *plies < 1 {
		return usageErr("-single, -hint and -analysis must be positive and -plies at least 1")
	}
	for _, dir := range records {
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			return usageErr("-records %q: not a directory", dir)
		}
	}
	cfg := serve.Config{Games: judges, Engines: games, Kinds: agentKinds, Seconds: *single, HintSeconds: *hint,
		AnalysisSeconds: *anal, Records: records,
		Calibration: *calib, Out: *outDir, Grace: time.Duration(*grace * float64(time.Second)), MaxPlies: *plies, Log: stderr}
	var err error
	if cfg.Sandbox, err = sandbox.ParseMode(*box); err != nil {
		return usageErr("-sandbox %v", err)
	}
	if _, note, err := sandbox.Use(cfg.Sandbox); err != nil {
		return usageErr("-sandbox: %v", err)
	} else if note != "" {
		fmt.Fprintf(stderr, "homework serve: %s\n", note)
	}
	if cfg.Calibration == "" {
		if _, err := os.Stat("calibration.txt"); err == nil {
			cfg.Calibration = "calibration.txt"
		}
	}
	if cfg.Calibration != "" {
		if cfg.Calibration, err = filepath.Abs(cfg.Calibration); err != nil {
			return usageErr("-calibration: %v", err)
		}
		if _, err := os.Stat(cfg.Calibration); err != nil {
			return usageErr("-calibration: %v", err)
		}
	}
	if cfg.Out == "" {
		cfg.Out = freshDir(filepath.Join("runs", "serve-"+time.Now().Format("20060102-150405")))
	}
	if cfg.Calibration != "" && filepath.Base(cfg.Calibration) != "calibration.txt" {
		// The engines read calibration.txt in a directory: a file of another name is
		// copied into the records' directory under that name.
		data, err := os.ReadFile(cfg.Calibration)
		if err == nil {
			err = os.MkdirAll(cfg.Out, 0o755)
		}
		if err == nil {
			cfg.Calibration = filepath.Join(cfg.Out, "calibration.txt")
			err = os.WriteFile(cfg.Calibration, data, 0o644)
		}
		if err != nil {
			fmt.Fprintf(stderr, "homework serve: -calibration: %v\n", err)
			return 1
		}
	}
	if len(agents) == 0 {
		exe, err := os.Executable()
		if err != nil {
			return usageErr("no -agent given, and this binary's path is unknown: %v", err)
		}
		for _, p := range []string{"engine", "greedy", "random"} {
			agents = append(agents, tournament.Entry{Name: p, Command: exe + " play -player " + p})
		}
	}
	for _, a := range agents {
		cfg.Agents = append(cfg.Agents, serve.Agent{Name: a.Name, Command: a.Command})
	}

	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(stderr, "homework serve: %v\n", err)
		return 1
	}
	srv, err := serve.New(cfg, ln.Addr().String())
	if err != nil {
		ln.Close()
		return usageErr("%v", err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	names := make([]string, len(cfg.Agents))
	for i, a := range cfg.Agents {
		names[i] = a.Name
	}
	fmt.Fprintf(stdout, "homework serve: the web board at http://%s/ (opponents %s at %gs a move; records in %s); Ctrl-C stops it\n",
		ln.Addr(), strings.Join(names, ", "), cfg.Seconds, cfg.Out)
	return runServer(ctx, srv, ln, stderr)
}

// startWatch serves the watch page of a match titled title on addr until the process ends,
// and says where on stderr. report gives the standings (nil: the referee's summary).
func startWatch(addr, title string, report func() string, stderr io.Writer) (*serve.Watch, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("-watch: %v", err)
	}
	w, err := serve.NewWatch(title, ln.Addr().String(), report)
	if err != nil {
		ln.Close()
		return nil, err
	}
	hs := &http.Server{Handler: w.Handler(), ReadHeaderTimeout: 10 * time.Second}
	go hs.Serve(ln)
	fmt.Fprintf(stderr, "watch the match at http://%s/\n", ln.Addr())
	return w, nil
}

// dirFlags collects a repeated directory flag.
type dirFlags []string

func (d *dirFlags) String() string { return strings.Join(*d, ",") }

func (d *dirFlags) Set(v string) error {
	*d = append(*d, v)
	return nil
}

// runServer serves until ctx ends, sweeping idle tables, then closes every table.
func runServer(ctx context.Context, srv *serve.Server, ln net.Listener, stderr io.Writer) int {
	hs := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: 10 * time.Second}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	tick := time.NewTicker(5 * time.Second)
	defer tick.Stop()
	for {
		select {
		case now := <-tick.C:
			srv.Sweep(now)
		case err := <-errc:
			srv.Close()
			fmt.Fprintf(stderr, "homework serve: %v\n", err)
			return 1
		case <-ctx.Done():
			shut, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			hs.Shutdown(shut)
			cancel()
			srv.Close()
			return 0
		}
	}
}
