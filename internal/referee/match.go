package referee

// A match: several games between the same two agents, with colours and the first move
// rotated between games, played one or several at a time.

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"gameagents/internal/gamefile"
	"gameagents/internal/rules"
	"gameagents/internal/sandbox"
)

// DefaultGrace is how long past its time the master let a move run before killing it.
const DefaultGrace = 10 * time.Second

// Agent is one player of a match: its command and the name records use for it. A plain
// command is run once per move in the agent's directory (agent.go); a command with a
// registered prefix is another kind of player (player.go), e.g. "gtp:<command>", a GTP
// engine started once per game and asked for its moves over the Go Text Protocol.
type Agent struct {
	Name    string
	Command string
}

// First says which agent moves first in each game.
type First int

const (
	// Alternate rotates the first move and the colours so that, over four games, each
	// agent plays each side both moving first and moving second.
	Alternate First = iota
	// AFirst and BFirst fix the first mover; colours alternate between games.
	AFirst
	BFirst
)

// Config describes a match.
type Config struct {
	Game        rules.Game
	Agents      [2]Agent // A and B
	Games       int
	Mode        gamefile.Mode // gamefile.GameClock: Seconds is each side's total; gamefile.Single: per move
	Seconds     float64
	MaxPlies    int           // the ply cap; the player with more time left wins there
	Strict      bool          // a missing final LF or CRLF loses instead of warning
	First       First         // who moves first in each game
	Parallel    int           // games played at once; agents are single-threaded
	Grace       time.Duration // wall time allowed past a move's time before the kill
	Calibration string        // a calibration.txt copied into each agent directory, or ""
	Out         string        // directory for records, summaries and agent directories
	Show        bool          // print the board and clocks after every ply
	// Live, with Show, redraws one board in place after every ply (Out a terminal, games
	// played one at a time), waiting Delay after each, instead of printing a board per ply.
	Live       bool
	Delay      time.Duration
	UserOnly   bool // charge user time only, as the official master did; else user+sys
	GTPUntimed bool // GTP engines' CPU time is recorded but never loses on time
	// UHPBestmove replaces the arguments of the bestmove command UHP engines are asked
	// (uhp.go), e.g. "seconds 0.3"; "" for the time of the move.
	UHPBestmove string
	// GTPPonder lets GTP engines run between their turns (not frozen), to think on the
	// opponent's time; what they use there is charged to their next move.
	GTPPonder bool
	Openings  [][]string   // move sequences games start from (openings.go); none: the initial position
	Setup     string       // the -setup Game was configured with (Configurable), recorded; "" for none
	Sandbox   sandbox.Mode // whether agent processes run in the sandbox (Box); the zero value runs them directly
	Private   []string     // directories hidden from agents in the sandbox besides Out (a tournament's)
	// Listeners hear every game Run plays, after the record, the printer and the summary;
	// games played in parallel share them, so they lock. The replay page is one.
	Listeners []Listener
	// Kinds are the kinds of agent this match knows besides the file protocol's (GTP,
	// course players): an agent command with none of their prefixes is a plain command.
	Kinds AgentKinds
}

// Ending is why a game ended, in one word for summaries and scripts (the "kind" column).
type Ending string

const (
	EndWin      Ending = "win"           // the game's rules declared a winner
	EndDraw     Ending = "draw"          // the game's rules declared a draw
	EndTime     Ending = "time"          // a clock ran out or a move was killed
	EndNoOutput Ending = "no output"     // output.txt was missing or unreadable
	EndBad      Ending = "bad output"    // output.txt was malformed or held an illegal move
	EndNoMove   Ending = "no legal move" // the side to move could not move: more time left wins
	EndPlyCap   Ending = "ply cap"       // the ply cap was reached: more time left wins
	EndResign   Ending = "resign"        // a GTP engine resigned
	EndDisk     Ending = "disk"          // an agent's directory grew past its bounds
)

// Result is the outcome of one game. Agents are indexed 0 (A) and 1 (B).
type Result struct {
	Game   int    // 1-based
	Side   [2]int // the side each agent played
	First  int    // the agent that moved first
	Winner int    // the winning agent, or -1 for a draw
	Ending Ending // why it ended
	Reason string // what happened, in words
	Plies  int    // moves accepted
	// LastPly is the number of the record's last ply line: Plies, or Plies+1 when the game
	// ended on a ply that was not played (a move that lost, a side without a move).
	LastPly    int
	Moves      [2]int // moves each agent was run for, the losing one included
	CPU        [2]time.Duration
	MaxMove    [2]time.Duration   // the longest single move's CPU time
	MoveCPU    [2][]time.Duration // each move's CPU time, in order, the losing one included
	MaxMovePly [2]int             // the ply of that move
	Left       [2]time.Duration   // CPU time left at the end (GAME mode; SINGLE: the time of a move)
	SideNames  [2]string          // the game's names of sides 0 and 1
	Scored     bool               // the game scores points (its Match is a Scorer)
	Points     [2]int             // when Scored: each agent's points in the final position
	// Digest is a hash of the moves played, opening moves included, in order (digestMove):
	// two games of the same agents on the same sides with equal digests are the same game,
	// which deterministic agents replay from one start.
	Digest uint64
}

// FNV-1a's 64-bit constants, for Result.Digest.
const (
	digestStart = 14695981039346656037
	digestPrime = 1099511628211
)

// digestMove folds a move into a game's digest, the move's text ended by a line feed.
func digestMove(h uint64, move string) uint64 {
	for i := 0; i < len(move); i++ {
		h = (h ^ uint64(move[i])) * digestPrime
	}
	return (h ^ '\n') * digestPrime
}

// schedule returns the side agent A plays in game i (0-based) and the agent that moves
// first. Alternating, the first mover changes every game and A's side follows 0,1,1,0, so
// that games 1-4 give A: side 0 first, side 1 second, side 1 first, side 0 second.
func schedule(i int, first First) (aSide, firstAgent int) {
	switch first {
	case AFirst:
		return i % 2, 0
	case BFirst:
		return i % 2, 1
	}
	return (i + 1) / 2 % 2, i % 2
}

// Run plays the match described by cfg, printing progress (or, with cfg.Show, every ply) to
// w, and returns the results of the games that finished, in game order. Each game is
// PlayGame's, heard by a Recorder, the printer and the summary; up to cfg.Parallel of them
// are played at once. An error means the referee itself failed (a directory it could not
// create, a command it could not start) or ctx was cancelled; results then hold the games
// finished before.
func Run(ctx context.Context, cfg Config, w io.Writer) ([]Result, error) {
	if err := check(&cfg); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(cfg.Out, 0o755); err != nil {
		return nil, err
	}
	out := &printer{w: w}
	sum := newSummary(&cfg)
	extra := cfg.Listeners
	cfg.Live = cfg.Live && cfg.Show && cfg.Parallel == 1
	if cfg.Live {
		extra = append([]Listener{newLive(w, cfg.Delay)}, extra...)
	}
	var (
		mu       sync.Mutex
		firstErr error
		wg       sync.WaitGroup
	)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	// Workers take games in order, so that with -parallel 1 game 1 is played first.
	next := make(chan int)
	go func() {
		defer close(next)
		for i := range cfg.Games {
			select {
			case next <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	for range min(cfg.Parallel, cfg.Games) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				if ctx.Err() != nil {
					return
				}
				listeners := append([]Listener{&Recorder{}, out, sum}, extra...)
				if _, err := playGame(ctx, &cfg, i+1, listeners); err != nil {
					mu.Lock()
					if firstErr == nil {
						firstErr = fmt.Errorf("game %d: %w", i+1, err)
						if a := aborted(i+1, err); a != err {
							firstErr = a
						}
					}
					mu.Unlock()
					cancel() // the referee is broken: stop the other games too
					return
				}
			}
		}()
	}
	wg.Wait()
	done, err := sum.finished()
	switch {
	case firstErr != nil:
		err = firstErr
	case err == nil && ctx.Err() != nil:
		err = ctx.Err()
	}
	return done, err
}

// check fails a match that cannot be played, before its first game.
func check(cfg *Config) error {
	if cfg.Games < 1 || cfg.Parallel < 1 || cfg.MaxPlies < 1 || !(cfg.Seconds > 0) || math.IsInf(cfg.Seconds, 0) {
		return errors.New("referee: games, parallel and plies must be at least 1 and the time positive")
	}
	if err := checkOpenings(cfg); err != nil {
		return err
	}
	if err := CheckAgents(cfg); err != nil {
		return fmt.Errorf("referee: %w", err)
	}
	if _, _, err := sandbox.Use(cfg.Sandbox); err != nil {
		return fmt.Errorf("referee: %w", err)
	}
	return nil
}

// total is the time control: each side's CPU time for the game (GAME mode) or the time of
// every move (SINGLE).
// Header is the match in one line, printed before its games and kept at the top of the
// live board: "reversi: 4 games, a vs b, SINGLE 1s per move, ply cap 1000; records in DIR".
func (cfg *Config) Header() string {
	mode := fmt.Sprintf("GAME %ss per side", gamefile.FormatSeconds(cfg.Seconds))
	if cfg.Mode == gamefile.Single {
		mode = fmt.Sprintf("SINGLE %ss per move", gamefile.FormatSeconds(cfg.Seconds))
	}
	setup := ""
	if cfg.Setup != "" {
		setup = ", setup " + cfg.Setup
	}
	games := fmt.Sprintf("%d games", cfg.Games)
	if cfg.Games == 1 {
		games = "1 game"
	}
	return fmt.Sprintf("%s: %s, %s vs %s, %s, ply cap %d%s; records in %s",
		cfg.Game.Name(), games, cfg.Agents[0].Name, cfg.Agents[1].Name, mode, cfg.MaxPlies, setup, cfg.Out)
}

func (cfg *Config) total() time.Duration { return time.Duration(math.Round(cfg.Seconds * 1e9)) }

// PagePath is where a listener of the match cfg writes its replay page: <out>/replay.html.
func PagePath(cfg *Config) string { return filepath.Join(cfg.Out, "replay.html") }

// gameDir is where the agents of game n play: <out>/game-NN, NN at least two digits.
func gameDir(cfg *Config, n int) string {
	return filepath.Join(cfg.Out, fmt.Sprintf("game-%0*d", max(2, len(fmt.Sprint(cfg.Games))), n))
}

// inputSecs formats a duration as seconds the way input.txt writes them: to the nanosecond
// without trailing zeros, from the duration's integer nanoseconds (a float's sum would
// write 29.734953441000002), so that an agent is told its time exactly.
func inputSecs(d time.Duration) string {
	if d < 0 {
		return "-" + inputSecs(-d)
	}
	s := fmt.Sprintf("%d.%09d", d/time.Second, d%time.Second)
	return strings.TrimRight(strings.TrimRight(s, "0"), ".")
}

// secs formats a clock or a limit for people: seconds to the millisecond, without trailing
// zeros ("29.735", "10", "0.2"), never the 17 digits a float's sum can take.
func secs(d time.Duration) string {
	s := strconv.FormatFloat(d.Round(time.Millisecond).Seconds(), 'f', 3, 64)
	return strings.TrimRight(strings.TrimRight(s, "0"), ".")
}

// ms formats a CPU time to the millisecond, for people.
func ms(d time.Duration) string { return fmt.Sprintf("%.3fs", d.Seconds()) }

// prepareDirs gives each agent a fresh state for a game, as the master did: its directory
// without playdata.txt (nor a stale input.txt or output.txt), calibration.txt if the
// match has one, and an empty log.
func prepareDirs(cfg *Config, n int) (dirs, logs [2]string, err error) {
	var calib []byte
	if cfg.Calibration != "" {
		if calib, err = os.ReadFile(cfg.Calibration); err != nil {
			return dirs, logs, err
		}
	}
	for a, letter := range letters {
		dirs[a] = filepath.Join(gameDir(cfg, n), "agent-"+letter)
		logs[a] = filepath.Join(gameDir(cfg, n), "agent-"+letter+".log")
		if err := os.MkdirAll(dirs[a], 0o755); err != nil {
			return dirs, logs, err
		}
		// Removed, not overwritten: a file an agent of an earlier run left there may be a
		// link to a file of the referee's.
		for _, f := range []string{"playdata.txt", "output.txt", "input.txt", "calibration.txt"} {
			if err := os.Remove(filepath.Join(dirs[a], f)); err != nil && !errors.Is(err, os.ErrNotExist) {
				return dirs, logs, err
			}
		}
		if calib != nil {
			if err := os.WriteFile(filepath.Join(dirs[a], "calibration.txt"), calib, 0o644); err != nil {
				return dirs, logs, err
			}
		}
		if err := os.WriteFile(logs[a], nil, 0o644); err != nil {
			return dirs, logs, err
		}
	}
	return dirs, logs, nil
}

// ReadOutput reads an agent's output.txt, at most gamefile.MaxInputBytes of it.
func ReadOutput(path string) ([]byte, error) {
	// O_NOFOLLOW: an agent's output.txt that is a link to a file it cannot read itself
	// must not be read (and quoted in a record) by the referee.
	// O_NONBLOCK: a named pipe must not hold the referee up.
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return nil, errors.New("no output.txt")
	case errors.Is(err, syscall.ELOOP):
		return nil, errors.New("output.txt is a symbolic link, want a file")
	case err != nil:
		return nil, fmt.Errorf("cannot read output.txt: %v", err)
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() {
		return nil, errors.New("output.txt is not a regular file")
	}
	data, err := io.ReadAll(io.LimitReader(f, gamefile.MaxInputBytes+1))
	if err != nil {
		return nil, fmt.Errorf("cannot read output.txt: %v", err)
	}
	if len(data) > gamefile.MaxInputBytes {
		return nil, fmt.Errorf("output.txt is larger than %d bytes", gamefile.MaxInputBytes)
	}
	return data, nil
}

// oneLine keeps a reason on one line and free of tabs, for tables and TSV.
func oneLine(s string) string {
	return strings.Join(strings.FieldsFunc(s, func(r rune) bool { return r == '\n' || r == '\t' || r == '\r' }), " ")
}
