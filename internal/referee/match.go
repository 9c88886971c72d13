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
	"strings"
	"sync"
	"time"

	"gameagents/internal/gamefile"
)

// DefaultGrace is how long past its time the master let a move run before killing it.
const DefaultGrace = 10 * time.Second

// Agent is one player of a match: a shell command, run with /bin/sh -c in the agent's
// directory, and the name records use for it. A command "gtp:<command>" is a GTP engine
// instead (gtp.go): started once per game and asked for its moves over the Go Text Protocol.
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
	Game        Game
	Agents      [2]Agent // A and B
	Games       int
	Mode        gamefile.Mode // gamefile.Game: Seconds is each side's total; gamefile.Single: per move
	Seconds     float64
	MaxPlies    int           // the ply cap; the player with more time left wins there
	Strict      bool          // a missing final LF or CRLF loses instead of warning
	First       First         // who moves first in each game
	Parallel    int           // games played at once; agents are single-threaded
	Grace       time.Duration // wall time allowed past a move's time before the kill
	Calibration string        // a calibration.txt copied into each agent directory, or ""
	Out         string        // directory for records, summaries and agent directories
	Show        bool          // print the board and clocks after every ply
	UserOnly    bool          // charge user time only, as the official master did; else user+sys
	GTPUntimed  bool          // GTP engines' CPU time is recorded but never loses on time
	Openings    [][]string    // move sequences games start from (openings.go); none: the initial position
	Setup       string        // the -setup Game was configured with (Configurable), recorded; "" for none
}

// Result kinds: why a game ended, in one word for summaries and scripts.
const (
	KindWin      = "win"           // the game's rules declared a winner
	KindDraw     = "draw"          // the game's rules declared a draw
	KindTime     = "time"          // a clock ran out or a move was killed
	KindNoOutput = "no output"     // output.txt was missing or unreadable
	KindBad      = "bad output"    // output.txt was malformed or held an illegal move
	KindNoMove   = "no legal move" // the side to move could not move: more time left wins
	KindPlyCap   = "ply cap"       // the ply cap was reached: more time left wins
	KindResign   = "resign"        // a GTP engine resigned
)

// Result is the outcome of one game. Agents are indexed 0 (A) and 1 (B).
type Result struct {
	Game       int    // 1-based
	Side       [2]int // the side each agent played
	First      int    // the agent that moved first
	Winner     int    // the winning agent, or -1 for a draw
	Kind       string // one of the Kind constants
	Reason     string // what happened, in words
	Plies      int    // moves accepted
	Moves      [2]int // moves each agent was run for, the losing one included
	CPU        [2]time.Duration
	MaxMove    [2]time.Duration // the longest single move's CPU time
	MaxMovePly [2]int           // the ply of that move
	Left       [2]time.Duration // CPU time left at the end (GAME mode; SINGLE: the time of a move)
	SideNames  [2]string        // the game's names of sides 0 and 1
	Scored     bool             // the game scores points (its Match is a Scorer)
	Points     [2]int           // when Scored: each agent's points in the final position
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
// w, and returns the results of the games that finished, in game order. An error means the
// referee itself failed (a directory it could not create, a command /bin/sh could not
// start) or ctx was cancelled; results then hold the games finished before.
func Run(ctx context.Context, cfg Config, w io.Writer) ([]Result, error) {
	if cfg.Games < 1 || cfg.Parallel < 1 || cfg.MaxPlies < 1 || !(cfg.Seconds > 0) || math.IsInf(cfg.Seconds, 0) {
		return nil, errors.New("referee: games, parallel and plies must be at least 1 and the time positive")
	}
	if err := checkOpenings(&cfg); err != nil {
		return nil, err
	}
	if err := checkGTP(&cfg); err != nil {
		return nil, fmt.Errorf("referee: %w", err)
	}
	if err := os.MkdirAll(cfg.Out, 0o755); err != nil {
		return nil, err
	}
	out := &printer{w: w}
	results := make([]*Result, cfg.Games)
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
				r, err := playGame(ctx, &cfg, i+1, out)
				mu.Lock()
				if err != nil {
					if firstErr == nil {
						firstErr = fmt.Errorf("game %d: %w", i+1, err)
					}
					cancel() // the referee is broken: stop the other games too
					mu.Unlock()
					return
				}
				results[i] = &r
				out.print(progressLine(&cfg, &r))
				if err := writeSummaryTSV(&cfg, results); err != nil && firstErr == nil {
					firstErr = err
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	var done []Result
	for _, r := range results {
		if r != nil {
			done = append(done, *r)
		}
	}
	if firstErr == nil && ctx.Err() != nil {
		firstErr = ctx.Err()
	}
	return done, firstErr
}

// printer serialises the writes of games played in parallel, a block at a time.
type printer struct {
	mu sync.Mutex
	w  io.Writer
}

func (p *printer) print(lines ...string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, l := range lines {
		fmt.Fprintln(p.w, l)
	}
}

// gameWidth is the number of digits in game numbers of file names.
func gameWidth(games int) int { return max(2, len(fmt.Sprint(games))) }

// secs formats a duration as seconds the way input.txt writes them: the shortest decimal.
func secs(d time.Duration) string { return gamefile.FormatSeconds(d.Seconds()) }

// ms formats a CPU time to the millisecond, for people.
func ms(d time.Duration) string { return fmt.Sprintf("%.3fs", d.Seconds()) }

// playGame plays game number n (1-based) to its end and writes its record.
func playGame(ctx context.Context, cfg *Config, n int, out *printer) (Result, error) {
	aSide, firstAgent := schedule(n-1, cfg.First)
	r := Result{Game: n, Side: [2]int{aSide, 1 - aSide}, Winner: -1}
	var agentOf [2]int // agent playing each side
	agentOf[aSide], agentOf[1-aSide] = 0, 1
	game, deal := cfg.Game, ""
	if d, ok := game.(Dealt); ok {
		game, deal = d.Deal((n - 1) / 2)
	}
	m := game.New(r.Side[firstAgent])
	r.First = agentOf[m.ToMove()] // the game may fix the first mover itself
	r.SideNames = [2]string{m.SideName(0), m.SideName(1)}

	gameDir := filepath.Join(cfg.Out, fmt.Sprintf("game-%0*d", gameWidth(cfg.Games), n))
	dirs, logs, err := prepareDirs(cfg, gameDir)
	if err != nil {
		return r, err
	}
	rec, err := os.Create(filepath.Join(cfg.Out, fmt.Sprintf("game-%0*d.txt", gameWidth(cfg.Games), n)))
	if err != nil {
		return r, err
	}
	defer rec.Close()
	var recErr error // the first failed write to the record, reported at the end
	record := func(format string, args ...any) {
		if _, err := fmt.Fprintf(rec, format+"\n", args...); err != nil && recErr == nil {
			recErr = err
		}
	}
	who := func(a int) string { return fmt.Sprintf("%s (%s)", cfg.Agents[a].Name, r.SideNames[r.Side[a]]) }

	for _, l := range recordHeader(cfg, n, &r, who, deal) {
		record("%s", l)
	}

	total := time.Duration(math.Round(cfg.Seconds * 1e9))
	r.Left = [2]time.Duration{total, total}

	// GTP agents: an engine per game, started in the agent's directory and set up before
	// the first move, ended with the game whatever happens.
	gm, _ := m.(GTPMatch) // checkGTP has made sure of it when there are GTP agents
	var engines [2]*engine
	defer func() {
		for _, e := range engines {
			if e != nil {
				e.close()
			}
		}
	}()
	for a := range 2 {
		command, ok := gtpCommand(cfg.Agents[a].Command)
		if !ok {
			continue
		}
		if gm == nil {
			return r, fmt.Errorf("%s: %s cannot be played over GTP", who(a), cfg.Game.Name())
		}
		e, err := startEngine(command, dirs[a], logs[a])
		if err != nil {
			return r, err
		}
		engines[a] = e
		settings := "" // none when untimed: the engine then plays at its own pace
		switch {
		case cfg.GTPUntimed:
		case cfg.Mode == gamefile.Game:
			settings = "time_settings " + gtpSeconds(total) + " 0 0"
		default:
			settings = "time_settings 0 " + gtpSeconds(total) + " 1"
		}
		if err := e.setup(ctx, gm.GTPSetup(), settings); err != nil {
			return r, fmt.Errorf("%s: GTP engine %q: setup: %w (its log: %s)", who(a), command, err, logs[a])
		}
	}
	end := func(winner int, kind, reason string) {
		r.Winner, r.Kind, r.Reason = winner, kind, reason
	}
	// byTime applies the draw rule: more time left wins (SINGLE: less CPU used).
	byTime := func(kind, why string) {
		a, b := r.Left[0], r.Left[1]
		if cfg.Mode == gamefile.Single {
			a, b = -r.CPU[0], -r.CPU[1]
		}
		clocks := fmt.Sprintf("time left %s %ss, %s %ss; more time left wins", cfg.Agents[0].Name, secs(r.Left[0]), cfg.Agents[1].Name, secs(r.Left[1]))
		if cfg.Mode == gamefile.Single {
			clocks = fmt.Sprintf("CPU used %s %s, %s %s; less CPU used wins", cfg.Agents[0].Name, ms(r.CPU[0]), cfg.Agents[1].Name, ms(r.CPU[1]))
		}
		switch {
		case a > b:
			end(0, kind, why+"; "+clocks)
		case b > a:
			end(1, kind, why+"; "+clocks)
		default:
			end(-1, kind, why+"; "+clocks+": equal, a draw")
		}
	}

	// The opening's moves, judged like any but played by the referee; GTP engines are told.
	for _, mv := range openingFor(cfg, n) {
		side := m.ToMove()
		move, _, err := m.Play([]byte(mv+"\n"), true)
		if err != nil {
			return r, fmt.Errorf("opening move %q: %w", mv, err)
		}
		r.Plies++
		record("ply %d: opening: %s plays [%s]", r.Plies, r.SideNames[side], move)
		for _, e := range engines {
			if e != nil {
				e.pending = append(e.pending, "play "+gm.GTPColor(side)+" "+gm.GTPVertex(move))
			}
		}
	}
	for ply := r.Plies + 1; ; ply++ {
		if over, winner, reason := m.Over(); over {
			if winner < 0 {
				end(-1, KindDraw, reason)
			} else {
				end(agentOf[winner], KindWin, reason)
			}
			break
		}
		if ply > cfg.MaxPlies {
			byTime(KindPlyCap, fmt.Sprintf("ply cap: %d plies played", cfg.MaxPlies))
			break
		}
		side := m.ToMove()
		a := agentOf[side]
		if !m.HasMove() {
			byTime(KindNoMove, fmt.Sprintf("no legal move: %s cannot move", r.SideNames[side]))
			record("ply %d: %s has no legal move", ply, who(a))
			break
		}
		limit := total
		if cfg.Mode == gamefile.Game {
			limit = r.Left[a]
		}
		e := engines[a]
		untimed := e != nil && cfg.GTPUntimed
		wallBase := limit // the wall limit is this plus the grace
		if untimed {
			// Its clock never runs out, but a hung engine must still be stopped.
			wallBase = total
		}
		var (
			t  turn
			gt gtpTurn
		)
		if e != nil {
			e.log.printf("--- ply %d ---\n", ply)
			timeLeft := gtpSeconds(limit) + " 0" // GAME: absolute time
			if cfg.Mode == gamefile.Single {
				timeLeft = gtpSeconds(limit) + " 1" // SINGLE: byo-yomi of one move
			}
			var err error
			if gt, err = e.move(ctx, gm.GTPColor(side), wallBase+cfg.Grace, timeLeft); err != nil {
				return r, err
			}
			t = gt.turn
		} else {
			input := m.Input(cfg.Mode, secs(limit))
			if err := os.Remove(filepath.Join(dirs[a], "output.txt")); err != nil && !errors.Is(err, os.ErrNotExist) {
				return r, err
			}
			if err := os.WriteFile(filepath.Join(dirs[a], "input.txt"), input, 0o644); err != nil {
				return r, err
			}
			if err := appendLog(logs[a], fmt.Sprintf("--- ply %d ---\n", ply)); err != nil {
				return r, err
			}
			var err error
			if t, err = runTurn(ctx, cfg.Agents[a].Command, dirs[a], limit+cfg.Grace, logs[a]); err != nil {
				return r, err
			}
		}
		if cfg.UserOnly {
			t.cpu = t.user
		}
		r.Moves[a]++
		r.CPU[a] += t.cpu
		if t.cpu > r.MaxMove[a] {
			r.MaxMove[a], r.MaxMovePly[a] = t.cpu, ply
		}
		if cfg.Mode == gamefile.Game {
			r.Left[a] -= t.cpu
		}
		status := ""
		if t.exit != "" {
			status = " (" + t.exit + ")"
		}
		lose := func(kind, why string) {
			end(1-a, kind, fmt.Sprintf("%s loses: %s", who(a), why))
			record("ply %d: %s loses: %s; cpu %s%s", ply, who(a), why, ms(t.cpu), status)
		}
		switch {
		case t.killed && e != nil:
			lose(KindTime, fmt.Sprintf("the GTP engine gave no answer in %s of wall time (%ss + grace %ss), killed", ms(t.wall), secs(wallBase), secs(cfg.Grace)))
		case t.killed:
			lose(KindTime, fmt.Sprintf("still running after %s of wall time (time %ss + grace %ss), killed", ms(t.wall), secs(limit), secs(cfg.Grace)))
		case untimed:
			// -gtp-untimed: the time is recorded, and never loses.
		case cfg.Mode == gamefile.Game && r.Left[a] <= 0:
			lose(KindTime, fmt.Sprintf("used %s of CPU with %ss left", ms(t.cpu), secs(limit)))
		case cfg.Mode == gamefile.Single && t.cpu > limit:
			lose(KindTime, fmt.Sprintf("used %s of CPU, over the %ss of a move", ms(t.cpu), secs(limit)))
		}
		if r.Kind != "" {
			break
		}
		var output []byte
		if e != nil {
			if f := gt.fail; f != nil {
				if f.disagree {
					out.print(fmt.Sprintf("referee: warning: game %d, ply %d: %s: %s; the judge and the engine disagree on the rules", n, ply, who(a), f.reason))
				}
				lose(f.kind, f.reason)
				break
			}
			output = gm.FromGTP(gt.vertex)
		} else {
			var err error
			if output, err = readOutput(filepath.Join(dirs[a], "output.txt")); err != nil {
				lose(KindNoOutput, err.Error())
				break
			}
		}
		move, warnings, err := m.Play(output, cfg.Strict)
		if err != nil {
			why := err.Error()
			if e != nil {
				why = fmt.Sprintf("`genmove %s` was answered %s: %v", gm.GTPColor(side), gt.vertex, err)
			}
			lose(KindBad, why)
			break
		}
		r.Plies++
		// The other GTP engines follow the game: they are told the move at their next turn.
		for b, other := range engines {
			if other != nil && b != a {
				other.pending = append(other.pending, "play "+gm.GTPColor(side)+" "+gm.GTPVertex(move))
			}
		}
		clock := "remaining " + secs(r.Left[a]) + "s"
		if cfg.Mode == gamefile.Single {
			clock = "of " + secs(limit) + "s"
		}
		if untimed {
			clock += " (untimed)"
		}
		line := fmt.Sprintf("ply %d: %s plays [%s] cpu %s %s%s", ply, who(a), move, ms(t.cpu), clock, status)
		for _, w := range warnings {
			line += "; warning: output.txt: " + w
		}
		if gt.before > 0 {
			line += fmt.Sprintf("; gtp: %s of the cpu before its turn (start-up, setup or pondering)", ms(gt.before))
		}
		for _, note := range gt.notes {
			line += "; gtp: " + note
		}
		record("%s", line)
		if cfg.Show {
			block := []string{fmt.Sprintf("game %d, %s", n, line)}
			block = append(block, m.Render()...)
			block = append(block, clocksLine(cfg, &r, who), "")
			out.print(block...)
		}
	}
	result := "draw"
	if r.Winner >= 0 {
		result = who(r.Winner) + " wins"
	}
	record("result: %s: %s", result, r.Reason)
	if s, ok := m.(Scorer); ok {
		// The position's points, whatever ended the game: a loss by time or a bad move
		// does not change them, and the record shows the difference.
		pts := s.Points()
		r.Scored, r.Points = true, [2]int{pts[r.Side[0]], pts[r.Side[1]]}
		record("points: %s %d, %s %d", who(0), r.Points[0], who(1), r.Points[1])
	}
	record("plies: %d", r.Plies)
	for a := range 2 {
		left := ""
		if cfg.Mode == gamefile.Game {
			left = fmt.Sprintf(", left %ss", secs(r.Left[a]))
		}
		record("cpu %s: %s in %d moves, longest %s (ply %d)%s", cfg.Agents[a].Name, ms(r.CPU[a]), r.Moves[a], ms(r.MaxMove[a]), r.MaxMovePly[a], left)
	}
	if err := rec.Close(); recErr == nil {
		recErr = err
	}
	return r, recErr
}

// prepareDirs gives each agent a fresh state for a game, as the master did: its directory
// without playdata.txt (nor a stale input.txt or output.txt), calibration.txt if the
// match has one, and an empty log.
func prepareDirs(cfg *Config, gameDir string) (dirs, logs [2]string, err error) {
	var calib []byte
	if cfg.Calibration != "" {
		if calib, err = os.ReadFile(cfg.Calibration); err != nil {
			return dirs, logs, err
		}
	}
	for a, letter := range letters {
		dirs[a] = filepath.Join(gameDir, "agent-"+letter)
		logs[a] = filepath.Join(gameDir, "agent-"+letter+".log")
		if err := os.MkdirAll(dirs[a], 0o755); err != nil {
			return dirs, logs, err
		}
		for _, f := range []string{"playdata.txt", "output.txt", "input.txt"} {
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

// recordHeader is the head of a game's record: who plays what, and the rules of the match.
// deal names the game's deal, for a Dealt game.
func recordHeader(cfg *Config, n int, r *Result, who func(int) string, deal string) []string {
	h := []string{fmt.Sprintf("referee record: %s, game %d of %d", cfg.Game.Name(), n, cfg.Games)}
	for a, letter := range letters {
		h = append(h, fmt.Sprintf("agent %s: %s plays %s: %s", letter, cfg.Agents[a].Name, r.SideNames[r.Side[a]], cfg.Agents[a].Command))
	}
	h = append(h, "first: "+who(r.First))
	if cfg.Mode == gamefile.Game {
		h = append(h, fmt.Sprintf("time: GAME, %ss of CPU per side; a move still running %ss past the time left is killed", gamefile.FormatSeconds(cfg.Seconds), secs(cfg.Grace)))
	} else {
		h = append(h, fmt.Sprintf("time: SINGLE, %ss of CPU per move; a move still running %ss past it is killed", gamefile.FormatSeconds(cfg.Seconds), secs(cfg.Grace)))
	}
	h = append(h, fmt.Sprintf("ply cap: %d", cfg.MaxPlies))
	if cfg.Setup != "" {
		h = append(h, "setup: "+cfg.Setup)
	}
	if deal != "" {
		h = append(h, fmt.Sprintf("deal: %s (deal %d, games %d and %d)", deal, (n-1)/2+1, (n-1)/2*2+1, (n-1)/2*2+2))
	}
	if op := openingFor(cfg, n); op != nil {
		h = append(h, fmt.Sprintf("opening: %s (opening %d of %d, played by the referee)", openingText(op), (n-1)/2%len(cfg.Openings)+1, len(cfg.Openings)))
	}
	h = append(h, gtpNotes(cfg)...)
	if cfg.UserOnly {
		h = append(h, "charged: user CPU time only, as the official master's /usr/bin/time -f %U")
	} else {
		h = append(h, "charged: user+sys CPU time")
	}
	if cfg.Strict {
		return append(h, "judging: strict (a missing final LF or CRLF loses)")
	}
	return append(h, "judging: tolerant (a missing final LF and CRLF are accepted with a warning)")
}

// clocksLine shows both agents' clocks (GAME) or CPU used (SINGLE).
func clocksLine(cfg *Config, r *Result, who func(int) string) string {
	if cfg.Mode == gamefile.Game {
		return fmt.Sprintf("clocks: %s %ss, %s %ss", who(0), secs(r.Left[0]), who(1), secs(r.Left[1]))
	}
	return fmt.Sprintf("cpu used: %s %s, %s %s", who(0), ms(r.CPU[0]), who(1), ms(r.CPU[1]))
}

// readOutput reads an agent's output.txt, at most gamefile.MaxInputBytes of it.
func readOutput(path string) ([]byte, error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, errors.New("no output.txt")
	}
	if err != nil {
		return nil, fmt.Errorf("cannot read output.txt: %v", err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, gamefile.MaxInputBytes+1))
	if err != nil {
		return nil, fmt.Errorf("cannot read output.txt: %v", err)
	}
	if len(data) > gamefile.MaxInputBytes {
		return nil, fmt.Errorf("output.txt is larger than %d bytes", gamefile.MaxInputBytes)
	}
	return data, nil
}

// progressLine is the one line printed when a game ends.
func progressLine(cfg *Config, r *Result) string {
	name := func(a int) string {
		if r.First == a {
			return fmt.Sprintf("%s (%s, first)", cfg.Agents[a].Name, r.SideNames[r.Side[a]])
		}
		return fmt.Sprintf("%s (%s)", cfg.Agents[a].Name, r.SideNames[r.Side[a]])
	}
	what := fmt.Sprintf("draw between %s and %s", name(0), name(1))
	if r.Winner >= 0 {
		what = fmt.Sprintf("%s beat %s", name(r.Winner), name(1-r.Winner))
	}
	line := fmt.Sprintf("game %d/%d: %s in %d plies [%s] %s; cpu %s %s, %s %s",
		r.Game, cfg.Games, what, r.Plies, r.Kind, oneLine(r.Reason),
		cfg.Agents[0].Name, ms(r.CPU[0]), cfg.Agents[1].Name, ms(r.CPU[1]))
	if r.Scored {
		line += fmt.Sprintf("; points %s %d, %s %d", cfg.Agents[0].Name, r.Points[0], cfg.Agents[1].Name, r.Points[1])
	}
	return line
}

// oneLine keeps a reason on one line and free of tabs, for tables and TSV.
func oneLine(s string) string {
	return strings.Join(strings.FieldsFunc(s, func(r rune) bool { return r == '\n' || r == '\t' || r == '\r' }), " ")
}
