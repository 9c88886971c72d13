package referee

// The GTP bridge: an agent command written "gtp:<command>" is an engine speaking the Go Text
// Protocol (as Othello engines such as gtp-rhino do) instead of an agent of the file
// contract. It is one process per game, asked for its moves with genmove and told the
// opponent's moves with play; the referee still judges every move with the game's own
// rules, through the GTPMatch methods that translate between GTP and output.txt.
//
// Why the protocol is driven the way it is:
//
//   - The opponent's moves are not sent the moment they are played but at the start of the
//     engine's next turn, inside its move: the engine's work to follow the game is then
//     charged to it and bounded by its wall limit, and a move that ends the game is never
//     sent at all, so it cannot fail a finished game.
//   - An engine is charged, at each move, all the CPU time its process group used since its
//     previous move (start-up and setup included in the first): whatever it does between
//     moves (following the game, pondering) is its own time, as it would be for a grader.
//   - A "?" to "play <colour> pass" is accepted with a note: some engines (gtp-rhino) pass
//     for the side without a move by themselves and reject an explicit pass.

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"

	"gameagents/internal/cgroup"
	"gameagents/internal/gamefile"
	"gameagents/internal/rules"
	"gameagents/internal/sandbox"
)

// gtpPrefix marks an agent command as a GTP engine.
const gtpPrefix = "gtp:"

// GTP is the kind of agent a "gtp:" command is: a GTP engine, for the games whose Match
// is a rules.GTPMatch.
var GTP = AgentKind{Prefix: gtpPrefix, Start: startGTP, Check: checkGTP, Note: gtpNote}

// checkGTP fails at once a match whose GTP agent a could not play: an empty engine command,
// or a game whose Match does not implement GTPMatch.
func checkGTP(cfg *Config, a int, command string) error {
	ag := cfg.Agents[a]
	if strings.TrimSpace(command) == "" {
		return fmt.Errorf("%s: %q wants an engine command after %q", cfg.AgentLabel(a), ag.Command, gtpPrefix)
	}
	if _, ok := cfg.Game.New(0).(rules.GTPMatch); !ok {
		return fmt.Errorf("%s, %s, is a GTP engine, but %s cannot be played over GTP (its Match does not implement rules.GTPMatch)",
			cfg.AgentLabel(a), ag.Command, cfg.Game.Name())
	}
	return nil
}

// gtpNote says, for records and summaries, how GTP agent a is run and charged.
func gtpNote(cfg *Config, a int) string {
	clock := "its clock is enforced like any agent's"
	if cfg.GTPUntimed {
		clock = "UNTIMED (-gtp-untimed): its CPU time is recorded but never loses on time"
	}
	how := "charged at each move the CPU time its process group used since its previous move (read from /proc in 10 ms ticks)"
	if _, err := cgroup.Host(); err == nil {
		how = "frozen outside its turns and charged at each move the CPU time of every process it started (its control group)"
		if cfg.GTPPonder {
			how = "pondering (-gtp-ponder): charged at each move the CPU time every process it started used since its previous move (its control group)"
		}
	}
	return fmt.Sprintf("gtp: agent %s (%s) is a GTP engine, one process per game, %s; %s",
		letters[a], cfg.Agents[a].Name, how, clock)
}

// gtpPlayer is a GTP engine in one game.
type gtpPlayer struct {
	e       *engine
	gm      rules.GTPMatch
	mode    gamefile.Mode
	grace   time.Duration
	total   time.Duration // the time control, which bounds an untimed engine's wall time
	untimed bool
}

// startGTP starts the engine in the agent's directory and sets it up for the game.
func startGTP(ctx context.Context, s *Seat) (Player, error) {
	cfg := s.Config
	gm, ok := s.Match.(rules.GTPMatch) // checkGTP has made sure of it for the match's game
	if !ok {
		return nil, fmt.Errorf("%s: %s cannot be played over GTP", s.Who, cfg.Game.Name())
	}
	box, err := cfg.Box(s.Dir)
	if err != nil {
		return nil, err
	}
	e, err := startEngine(s.Command, s.Dir, box, s.Log, gtpFraming)
	if err != nil {
		return nil, err
	}
	settings := "" // none when untimed: the engine then plays at its own pace
	switch {
	case cfg.GTPUntimed:
	case cfg.Mode == gamefile.GameClock:
		settings = "time_settings " + gtpSeconds(s.Total) + " 0 0"
	default:
		settings = "time_settings 0 " + gtpSeconds(s.Total) + " 1"
	}
	if err := e.setup(ctx, gm.GTPSetup(), settings); err != nil {
		e.close()
		return nil, fmt.Errorf("%s: GTP engine %q: setup: %w (its log: %s)", s.Who, s.Command, err, s.Log)
	}
	e.ponder = cfg.GTPPonder
	if err := e.freeze(); err != nil { // until its first turn
		e.close()
		return nil, fmt.Errorf("%s: GTP engine %q: its control group: %w", s.Who, s.Command, err)
	}
	return &gtpPlayer{e: e, gm: gm, mode: cfg.Mode, grace: cfg.Grace, total: s.Total, untimed: cfg.GTPUntimed}, nil
}

// Move asks the engine for its move (engine.move) and turns what it found into an Answer.
func (p *gtpPlayer) Move(ctx context.Context, t *Turn) (Answer, error) {
	colour := p.gm.GTPColor(t.Side)
	wallBase := t.Limit // the wall limit is this plus the grace
	if p.untimed {
		// Its clock never runs out, but a hung engine must still be stopped.
		wallBase = p.total
	}
	p.e.log.printf("--- ply %d ---\n", t.Ply)
	timeLeft := gtpSeconds(t.Limit) + " 0" // GAME: absolute time
	if p.mode == gamefile.Single {
		timeLeft = gtpSeconds(t.Limit) + " 1" // SINGLE: byo-yomi of one move
	}
	gt, err := p.e.move(ctx, colour, wallBase+p.grace, timeLeft)
	if err != nil {
		return Answer{}, err
	}
	ans := Answer{CPU: gt.cpu, User: gt.user, Wall: gt.wall, Exit: gt.exit, Untimed: p.untimed}
	if gt.before > 0 {
		ans.Notes = append(ans.Notes, fmt.Sprintf("gtp: %s of the cpu before its turn (start-up, setup or pondering)", ms(gt.before)))
	}
	for _, note := range gt.notes {
		ans.Notes = append(ans.Notes, "gtp: "+note)
	}
	switch f := gt.fail; {
	case gt.killed:
		ans.Killed = fmt.Sprintf("the GTP engine gave no answer in %s of wall time (%ss + grace %ss), killed", ms(gt.wall), secs(wallBase), secs(p.grace))
	case f != nil:
		ans.Lost = &Loss{Ending: f.kind, Reason: f.reason}
		if f.disagree {
			ans.Lost.Alert = "the judge and the engine disagree on the rules"
		}
	default:
		ans.Output = p.gm.FromGTP(gt.vertex)
		ans.Source = fmt.Sprintf("`genmove %s` was answered %s", colour, gt.vertex)
	}
	return ans, nil
}

// Played queues the move for the engine: it is told at the start of its next turn.
func (p *gtpPlayer) Played(side int, move string) {
	p.e.pending = append(p.e.pending, "play "+p.gm.GTPColor(side)+" "+p.gm.GTPVertex(move))
}

func (p *gtpPlayer) Close() { p.e.close() }

// Limits on what an engine may send: a response larger than this is malformed.
const (
	maxGTPLine     = 64 << 10
	maxGTPResponse = 1 << 20
)

// gtpSetupTime bounds the wall time of an engine's start-up and setup commands.
const gtpSetupTime = 10 * time.Second

// gtpQuitTime is how long an engine gets to exit after "quit" before its group is killed.
const gtpQuitTime = time.Second

// reply is an engine's answer to one command.
type reply struct {
	ok   bool   // "=": success; "?": failure
	text string // the answer after the status and any id, e.g. "D3" or "illegal move"
}

// gtpFailure is an engine's fault that loses the game: it exited, sent something that is
// not GTP, or did not answer in time (kind EndTime: its group has been killed).
type gtpFailure struct {
	kind   Ending
	reason string
	// disagree marks a "?" to the opponent's move: the judge and the engine disagree on the
	// rules, which someone should look into.
	disagree bool
}

func (f *gtpFailure) Error() string { return f.reason }

// framing is how an engine protocol's output divides into replies.
type framing struct {
	name string                              // "gtp", "nboard": for messages and the log's prefixes
	next func(*bufio.Scanner) (reply, error) // reads one reply
	show func(reply) string                  // the reply as the log shows it
}

// gtpFraming: a reply is "=" or "?", text, and an empty line (nextResponse).
var gtpFraming = framing{name: "gtp", next: nextResponse, show: formatReply}

// engine is a running engine (GTP, NBoard): one per such agent and game.
type engine struct {
	framing   framing
	command   string
	cmd       *exec.Cmd
	pgid      int
	stdin     *os.File
	out       *os.File
	log       *cappedLog
	responses chan response // from the reader goroutine, closed after its last one
	done      chan struct{} // closed by close: the reader gives up sending
	exited    chan struct{} // closed once the process has been waited for
	lastErr   error         // the reader's final error, valid once responses is closed
	killed    bool

	// group holds every process of the engine, frozen outside its turns and charged for
	// them (cgroup); nil where the machine has no usable control groups, and then the
	// engine is charged from /proc and runs between its turns.
	group  *cgroup.Group
	ponder bool // not frozen between turns (Config.GTPPonder)

	timed   bool     // time_settings and time_left are sent (the engine knows them)
	pending []string // "play" commands for the opponent's moves, sent at the next turn

	// CPU time already charged, and the highest readings of the group's CPU time.
	chargedUser, chargedSys time.Duration
	maxUser, maxSys         time.Duration
}

// response is what the reader goroutine read: a reply, or why no more will come.
type response struct {
	reply
	err error
}

// startEngine starts command (a "gtp:" or "nboard:" agent's command without the prefix) in
// dir, in a process group of its own (and box, unless it is nil), with its stderr and the
// conversation going to logPath; f divides its output into replies.
func startEngine(command, dir string, box *sandbox.Box, logPath string, f framing) (*engine, error) {
	log, err := openCappedLog(logPath)
	if err != nil {
		return nil, err
	}
	// Pipes of our own rather than exec's StdinPipe/StdoutPipe: Wait then closes nothing
	// under the reader, which may still be reading the engine's last words when it exits.
	inR, inW, err := os.Pipe()
	if err != nil {
		log.Close()
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		log.Close()
		inR.Close()
		inW.Close()
		return nil, err
	}
	// The box's start-up is charged with the engine's own at its first move.
	group, err := cgroup.NewGroup()
	capGroup(group) // where version 1 caps instead, the sandbox's per-process limits hold
	var cmd *exec.Cmd
	if err == nil {
		cmd, _, err = startIn(group, nil, command, dir, box, inR, outW, log)
	}
	inR.Close()
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		log.Close()
		if group != nil {
			group.Close()
		}
		return nil, fmt.Errorf("starting %s engine %q: %w", strings.ToUpper(f.name), command, err)
	}
	e := &engine{
		framing:   f,
		command:   command,
		cmd:       cmd,
		group:     group,
		pgid:      cmd.Process.Pid, // with Setpgid the child leads a group of its own pid
		stdin:     inW,
		out:       outR,
		log:       log,
		responses: make(chan response, 16),
		done:      make(chan struct{}),
		exited:    make(chan struct{}),
	}
	go e.read(outR)
	go func() {
		_ = cmd.Wait() // the status is in cmd.ProcessState
		close(e.exited)
	}()
	return e, nil
}

// read passes the engine's replies to e.responses until its output ends or breaks the
// protocol.
func (e *engine) read(out *os.File) {
	defer out.Close()
	defer close(e.responses)
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 0, 4096), maxGTPLine)
	prefix := e.framing.name + "< "
	for {
		rep, err := e.framing.next(sc)
		if err == nil {
			e.log.printf("%s%s\n", prefix, strings.ReplaceAll(e.framing.show(rep), "\n", "\n"+prefix))
		}
		select {
		case e.responses <- response{rep, err}:
		case <-e.done:
			return
		}
		if err != nil {
			return
		}
	}
}

func formatReply(r reply) string {
	mark := "="
	if !r.ok {
		mark = "?"
	}
	if r.text == "" {
		return mark
	}
	return mark + " " + r.text
}

// nextResponse reads one response: "=" or "?", an optional numeric id, the text, more lines
// of text, and an empty line. Empty lines before it are skipped, CRs dropped; a response cut
// short by the end of the output still counts (the engine said what it had to say). io.EOF
// means the output ended between responses.
func nextResponse(sc *bufio.Scanner) (reply, error) {
	var (
		rep   reply
		text  []string
		size  int
		begun bool
	)
	for sc.Scan() {
		line := strings.ReplaceAll(sc.Text(), "\r", "")
		if strings.TrimSpace(line) == "" {
			if begun {
				break
			}
			continue
		}
		size += len(line) + 1
		if size > maxGTPResponse {
			return rep, fmt.Errorf("malformed response: longer than %d bytes", maxGTPResponse)
		}
		if begun {
			text = append(text, line)
			continue
		}
		if line[0] != '=' && line[0] != '?' {
			return rep, fmt.Errorf("malformed response %q: want a line starting with = or ?", gamefile.Clip(line))
		}
		begun, rep.ok = true, line[0] == '='
		rest := strings.TrimLeft(line[1:], "0123456789") // a command id, if the engine echoes one
		text = append(text, strings.TrimSpace(rest))
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return rep, fmt.Errorf("malformed response: a line longer than %d bytes", maxGTPLine)
		}
		return rep, err
	}
	if !begun {
		return rep, io.EOF
	}
	rep.text = strings.TrimSpace(strings.Join(text, "\n"))
	return rep, nil
}

// exchange sends command and waits for its reply until deadline. A "?" is a reply, not an
// error: the caller decides what it means. Errors are *gtpFailure for the engine's faults
// (with the group killed when it did not answer in time), or ctx's error.
func (e *engine) exchange(ctx context.Context, command string, deadline time.Time) (reply, error) {
	if err := e.send(command, deadline); err != nil {
		return reply{}, err
	}
	return e.receive(ctx, command, deadline)
}

// send writes command to the engine by deadline; its errors are exchange's.
func (e *engine) send(command string, deadline time.Time) error {
	e.log.printf("%s> %s\n", e.framing.name, command)
	_ = e.stdin.SetWriteDeadline(deadline)
	if _, err := io.WriteString(e.stdin, command+"\n"); err != nil {
		if errors.Is(err, os.ErrDeadlineExceeded) {
			return e.timeout(command)
		}
		if inner := errors.Unwrap(err); inner != nil {
			err = inner // "broken pipe" rather than "write |1: broken pipe"
		}
		return e.gone(command, fmt.Sprintf("could not be sent (%v)", err))
	}
	return nil
}

// receive waits for the engine's next reply, to command, until deadline; its errors are
// exchange's.
func (e *engine) receive(ctx context.Context, command string, deadline time.Time) (reply, error) {
	timer := time.NewTimer(time.Until(deadline))
	defer timer.Stop()
	select {
	case r, ok := <-e.responses:
		switch {
		case !ok:
			return reply{}, e.gone(command, "got no answer")
		case errors.Is(r.err, io.EOF):
			return reply{}, e.gone(command, "got no answer")
		case r.err != nil:
			return reply{}, &gtpFailure{kind: EndBad, reason: fmt.Sprintf("`%s`: %v", command, r.err)}
		}
		return r.reply, nil
	case <-timer.C:
		return reply{}, e.timeout(command)
	case <-ctx.Done():
		e.kill()
		return reply{}, ctx.Err()
	}
}

// timeout kills an engine that did not answer in time, its CPU time read first.
func (e *engine) timeout(command string) error {
	e.cpu()
	e.kill()
	return &gtpFailure{kind: EndTime, reason: fmt.Sprintf("no answer to `%s` in time", command)}
}

// gone explains an engine whose output has ended: how it exited, if it has.
func (e *engine) gone(command, what string) error {
	timer := time.NewTimer(time.Second) // it may close its output just before it exits
	defer timer.Stop()
	select {
	case <-e.exited:
		return &gtpFailure{kind: EndNoOutput, reason: fmt.Sprintf("`%s` %s: the engine exited (%s)", command, what, e.cmd.ProcessState)}
	case <-timer.C:
		return &gtpFailure{kind: EndNoOutput, reason: fmt.Sprintf("`%s` %s: the engine closed its output", command, what)}
	}
}

func (e *engine) kill() {
	e.killed = true
	killGroup(e.pgid)
	if e.group != nil {
		e.group.Close()
	}
}

// freeze stops every process of the engine until thaw: nothing of it runs on the
// opponent's time. Without a control group it does nothing.
func (e *engine) freeze() error {
	if e.group == nil || e.killed || e.ponder {
		return nil
	}
	return e.group.Freeze()
}

// thaw lets the engine run for its turn.
func (e *engine) thaw() error {
	if e.group == nil || e.killed {
		return nil
	}
	return e.group.Thaw()
}

// setup asks the engine whether it knows the time commands, then sends the game's setup
// commands and, when it knows them and timed, the time settings. Any failure here is the
// engine's command line or the game's setup at fault, not a move: it is an error, and the
// match stops.
func (e *engine) setup(ctx context.Context, cmds []string, timeSettings string) error {
	deadline := time.Now().Add(gtpSetupTime)
	if timeSettings != "" {
		r, err := e.exchange(ctx, "known_command time_left", deadline)
		if err != nil {
			return err
		}
		e.timed = r.ok && r.text == "true"
		if e.timed {
			cmds = append(cmds[:len(cmds):len(cmds)], timeSettings)
		}
	}
	for _, c := range cmds {
		r, err := e.exchange(ctx, c, deadline)
		if err != nil {
			return err
		}
		if !r.ok {
			return fmt.Errorf("`%s`: the engine answered %q", c, formatReply(r))
		}
	}
	return nil
}

// gtpTurn is what one move of an engine found.
type gtpTurn struct {
	turn
	vertex string        // genmove's answer
	before time.Duration // CPU time used since its previous move before this turn began
	notes  []string      // tolerated irregularities, for the record
	fail   *gtpFailure   // the move is lost: nil when it answered (and was not killed)
}

// move plays the engine's turn: the opponent's pending moves, the time left if it wants
// it, then genmove colour, all within wall (engine.turn).
func (e *engine) move(ctx context.Context, colour string, wall time.Duration, timeLeft string) (gtpTurn, error) {
	return e.turn(ctx, wall, func(deadline time.Time, g *gtpTurn) error {
		for len(e.pending) > 0 {
			c := e.pending[0]
			e.pending = e.pending[1:]
			r, err := e.exchange(ctx, c, deadline)
			switch {
			case err != nil:
				return err
			case !r.ok && isPassPlay(c):
				g.notes = append(g.notes, fmt.Sprintf("the engine answered %q to `%s`: accepted (it passes by itself)", formatReply(r), c))
			case !r.ok:
				return &gtpFailure{kind: EndBad, disagree: true,
					reason: fmt.Sprintf("the engine rejected `%s`, the opponent's move, which the judge accepted: %q", c, formatReply(r))}
			}
		}
		if e.timed && timeLeft != "" {
			c := "time_left " + colour + " " + timeLeft
			r, err := e.exchange(ctx, c, deadline)
			if err != nil {
				return err
			}
			if !r.ok {
				g.notes = append(g.notes, fmt.Sprintf("the engine answered %q to `%s`", formatReply(r), c))
			}
		}
		c := "genmove " + colour
		r, err := e.exchange(ctx, c, deadline)
		words := strings.Fields(r.text)
		switch {
		case err != nil:
			return err
		case !r.ok:
			return &gtpFailure{kind: EndBad, reason: fmt.Sprintf("`%s` was answered %q", c, formatReply(r))}
		case len(words) != 1:
			return &gtpFailure{kind: EndBad, reason: fmt.Sprintf("`%s` was answered %q: want one vertex", c, formatReply(r))}
		case strings.EqualFold(words[0], "resign"):
			return &gtpFailure{kind: EndResign, reason: "resigned"}
		}
		g.vertex = words[0]
		return nil
	})
}

// turn runs one move of the engine: thawed, body talks to it until deadline (now + wall)
// and fills in the vertex, and the engine is charged the group's CPU time since its
// previous move. A *gtpFailure from body loses the move (EndTime: the group has been
// killed); another error means the referee could not go on (ctx was cancelled).
func (e *engine) turn(ctx context.Context, wall time.Duration, body func(deadline time.Time, g *gtpTurn) error) (gtpTurn, error) {
	var g gtpTurn
	if err := e.thaw(); err != nil {
		return g, fmt.Errorf("the %s engine's control group: %w", strings.ToUpper(e.framing.name), err)
	}
	start := time.Now()
	if u, s := e.cpu(); u+s > e.chargedUser+e.chargedSys {
		g.before = u + s - e.chargedUser - e.chargedSys
	}
	failed := body(start.Add(wall), &g)
	g.wall = time.Since(start)
	if err := e.freeze(); err != nil {
		return g, fmt.Errorf("the %s engine's control group: %w", strings.ToUpper(e.framing.name), err)
	}
	u, s := e.cpu()
	g.cpu = max(0, u+s-e.chargedUser-e.chargedSys)
	g.user = max(0, u-e.chargedUser)
	e.chargedUser, e.chargedSys = max(u, e.chargedUser), max(s, e.chargedSys)

	var f *gtpFailure
	switch {
	case errors.As(failed, &f) && f.kind == EndTime:
		g.killed = true
	case f != nil:
		g.fail = f
	case failed != nil:
		return g, failed
	}
	select {
	case <-e.exited:
		g.exit = e.cmd.ProcessState.String()
	default:
	}
	return g, nil
}

// isPassPlay reports whether a "play" command passes.
func isPassPlay(command string) bool {
	w := strings.Fields(command)
	return len(w) == 3 && strings.EqualFold(w[2], "pass")
}

// close ends the engine: "quit", a moment to exit, then a kill of its whole group, so that
// nothing it started outlives the game.
func (e *engine) close() {
	e.thaw() // to hear "quit"
	select {
	case <-e.exited:
	default:
		if !e.killed {
			e.log.printf("%s> quit\n", e.framing.name)
			_ = e.stdin.SetWriteDeadline(time.Now().Add(gtpQuitTime))
			if _, err := io.WriteString(e.stdin, "quit\n"); err == nil {
				timer := time.NewTimer(gtpQuitTime)
				select {
				case <-e.exited:
				case <-timer.C:
				}
				timer.Stop()
			}
		}
	}
	killGroup(e.pgid)
	if e.group != nil {
		e.group.Close() // thawed, what is left killed, removed
	}
	close(e.done)
	<-e.exited
	e.stdin.Close()
	e.out.Close() // wakes the reader if something outside the group still holds the pipe
	e.log.Close()
}

// cpu returns the CPU time the engine has used so far: the group's while it runs, the
// kernel's account of the process (and the children it waited for) once it has exited. It
// never goes down: a helper process that left the group takes its time with it, and what
// was once seen stays seen.
func (e *engine) cpu() (user, sys time.Duration) {
	if e.group != nil {
		// Every process of the engine, in the group from its first instruction, exited or
		// not, waited for or not.
		if total, u, err := e.group.Usage(); err == nil {
			user, sys = u, total-u
		}
		e.maxUser, e.maxSys = max(e.maxUser, user), max(e.maxSys, sys)
		return e.maxUser, e.maxSys
	}
	select {
	case <-e.exited:
		if ru, ok := e.cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
			user, sys = time.Duration(ru.Utime.Nano()), time.Duration(ru.Stime.Nano())
		}
	default:
		user, sys = groupCPU(e.pgid)
	}
	e.maxUser, e.maxSys = max(e.maxUser, user), max(e.maxSys, sys)
	return e.maxUser, e.maxSys
}

// groupCPU sums the CPU time of the processes of group pgid from /proc/PID/stat: utime and
// stime (all threads of a process), with cutime and cstime (the children each has waited
// for). The kernel counts them in clock ticks, so the resolution is a tick: 10 ms.
func groupCPU(pgid int) (user, sys time.Duration) {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return 0, 0
	}
	for _, ent := range entries {
		if _, err := strconv.Atoi(ent.Name()); err != nil {
			continue
		}
		data, err := os.ReadFile("/proc/" + ent.Name() + "/stat")
		if err != nil {
			continue // gone meanwhile, or not ours to read
		}
		st, ok := parseStat(string(data))
		if !ok || st.pgrp != pgid {
			continue
		}
		user += ticks(st.utime + st.cutime)
		sys += ticks(st.stime + st.cstime)
	}
	return user, sys
}

// procStat holds the fields of /proc/PID/stat the referee reads.
type procStat struct {
	pgrp                         int
	utime, stime, cutime, cstime int64 // clock ticks
}

// parseStat reads /proc/PID/stat (proc(5)). The command name, field 2, is in parentheses
// and may hold spaces and parentheses itself: fields are counted from the last ")".
func parseStat(stat string) (procStat, bool) {
	var st procStat
	i := strings.LastIndexByte(stat, ')')
	if i < 0 {
		return st, false
	}
	f := strings.Fields(stat[i+1:]) // f[0] is field 3, the state
	if len(f) < 15 {
		return st, false
	}
	var err error
	num := func(field int) int64 {
		n, e := strconv.ParseInt(f[field-3], 10, 64)
		if e != nil && err == nil {
			err = e
		}
		return n
	}
	st.pgrp = int(num(5))
	st.utime, st.stime, st.cutime, st.cstime = num(14), num(15), num(16), num(17)
	return st, err == nil
}

// clockTicks is the unit of /proc/PID/stat times, sysconf(_SC_CLK_TCK), which the kernel
// hands every process in its auxiliary vector (AT_CLKTCK). It is 100 on Linux; that is the
// fallback when the vector cannot be read.
var clockTicks = func() int64 {
	const atClkTck = 17 // AT_CLKTCK of <linux/auxvec.h>
	if auxv, err := unix.Auxv(); err == nil {
		for _, kv := range auxv {
			if kv[0] == atClkTck && kv[1] > 0 {
				return int64(kv[1])
			}
		}
	}
	return 100
}()

func ticks(n int64) time.Duration { return time.Duration(n) * time.Second / time.Duration(clockTicks) }

// gtpSeconds writes a time for time_settings and time_left, which take whole seconds: the
// time is rounded down, so that an engine never believes it has more than it has.
func gtpSeconds(d time.Duration) string {
	return strconv.FormatInt(int64(math.Max(0, math.Floor(d.Seconds()))), 10)
}

// cappedLog is an agent's log written from two places at once, a GTP engine's stderr and the
// referee's transcript of the conversation, cut off at maxLogBytes so that a chatty engine
// cannot fill the disk. Writes never fail: an engine whose stderr failed would block.
type cappedLog struct {
	mu sync.Mutex
	f  *os.File
	n  int64
}

func openCappedLog(path string) (*cappedLog, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return nil, err
	}
	l := &cappedLog{f: f}
	if fi, err := f.Stat(); err == nil {
		l.n = fi.Size()
	}
	return l, nil
}

func (l *cappedLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if room := maxLogBytes - l.n; room > 0 {
		n, _ := l.f.Write(p[:min(int64(len(p)), room)])
		l.n += int64(n)
	}
	return len(p), nil
}

func (l *cappedLog) printf(format string, args ...any) { fmt.Fprintf(l, format, args...) }

func (l *cappedLog) Close() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.f.Close()
}
