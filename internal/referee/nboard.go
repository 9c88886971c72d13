package referee

// The NBoard bridge: an agent written "nboard:<command>" is an Othello engine speaking the
// NBoard protocol (NTest, Edax, our own `reversi nboard`). Like a GTP engine it is one
// process per game, frozen outside its turns and charged per move what its group used since
// its previous move (engine.turn); every move it makes is judged with the game's rules.
//
// How it is driven: NBoard has no per-move command for the opponent's moves that the engine
// must confirm, so each turn sends the whole game so far ("set game" with a GGF game from
// rules.GGFMatch), then "ping N" and waits for "pong N" (the engine has read the game), then
// "go" and waits for "=== MOVE[/EVAL/TIME]". Lines the engine sends meanwhile (status,
// search, nodestats) are logged and skipped. Time: NBoard knows only a game clock (GGF TI,
// and TB and TW for each side's), which is set to the move's limit: in GAME mode the mover's
// time left, in SINGLE mode the move's time, so that an engine believes the rest of its game
// must fit in it and never passes it (it plays a SINGLE game weaker than it could: NBoard
// has no time per move to give it). Either way the referee judges each move
// against its real limit. "set depth 60" leaves the depth to the time.

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"gameagents/internal/cgroup"
	"gameagents/internal/gamefile"
	"gameagents/internal/rules"
)

// nboardPrefix marks an agent command as an NBoard engine.
const nboardPrefix = "nboard:"

// NBoard is the kind of agent an "nboard:" command is: an NBoard engine, for the games whose
// Match is a rules.GGFMatch (Othello).
var NBoard = AgentKind{Prefix: nboardPrefix, Start: startNBoard, Check: checkNBoard, Note: nboardNote}

// nboardDepth is the depth the referee sets: more than any game has plies, so that the
// clock decides.
const nboardDepth = 60

// nboardFraming: every line is a reply.
var nboardFraming = framing{name: "nboard", next: nextLine, show: func(r reply) string { return r.text }}

// nextLine reads one line of an engine's output as a reply, CRs dropped.
func nextLine(sc *bufio.Scanner) (reply, error) {
	if !sc.Scan() {
		if err := sc.Err(); err != nil {
			return reply{}, fmt.Errorf("malformed output: %v", err)
		}
		return reply{}, io.EOF
	}
	return reply{ok: true, text: strings.ReplaceAll(sc.Text(), "\r", "")}, nil
}

func checkNBoard(cfg *Config, a int, command string) error {
	ag := cfg.Agents[a]
	if strings.TrimSpace(command) == "" {
		return fmt.Errorf("%s: %q wants an engine command after %q", cfg.AgentLabel(a), ag.Command, nboardPrefix)
	}
	if _, ok := cfg.Game.New(0).(rules.GGFMatch); !ok {
		return fmt.Errorf("%s, %s, is an NBoard engine, but %s cannot be played over NBoard (its Match does not implement rules.GGFMatch)",
			cfg.AgentLabel(a), ag.Command, cfg.Game.Name())
	}
	return nil
}

func nboardNote(cfg *Config, a int) string {
	clock := "its clock is enforced like any agent's"
	if cfg.GTPUntimed {
		clock = "UNTIMED (-gtp-untimed): no clock is sent, its CPU time is recorded but never loses on time"
	}
	how := "charged at each move the CPU time its process group used since its previous move (read from /proc in 10 ms ticks)"
	if _, err := cgroup.Host(); err == nil {
		how = "frozen outside its turns and charged at each move the CPU time of every process it started (its control group)"
		if cfg.GTPPonder {
			how = "pondering (-gtp-ponder): charged at each move the CPU time every process it started used since its previous move (its control group)"
		}
	}
	return fmt.Sprintf("nboard: agent %s (%s) is an NBoard engine, one process per game, told the whole game each turn (set game), %s; %s",
		letters[a], cfg.Agents[a].Name, how, clock)
}

// nboardPlayer is an NBoard engine in one game.
type nboardPlayer struct {
	e       *engine
	mode    gamefile.Mode
	grace   time.Duration
	total   time.Duration
	untimed bool
	ping    int
}

func startNBoard(ctx context.Context, s *Seat) (Player, error) {
	cfg := s.Config
	box, err := cfg.Box(s.Dir)
	if err != nil {
		return nil, err
	}
	e, err := startEngine(s.Command, s.Dir, box, s.Log, nboardFraming)
	if err != nil {
		return nil, err
	}
	p := &nboardPlayer{e: e, mode: cfg.Mode, grace: cfg.Grace, total: s.Total, untimed: cfg.GTPUntimed}
	deadline := time.Now().Add(gtpSetupTime)
	err = p.e.send("nboard 2", deadline)
	if err == nil {
		err = p.e.send("set depth "+strconv.Itoa(nboardDepth), deadline)
	}
	if err == nil {
		err = p.sync(ctx, deadline)
	}
	if err != nil {
		e.close()
		return nil, fmt.Errorf("%s: NBoard engine %q: setup: %w (its log: %s)", s.Who, s.Command, err, s.Log)
	}
	e.ponder = cfg.GTPPonder
	if err := e.freeze(); err != nil {
		e.close()
		return nil, fmt.Errorf("%s: NBoard engine %q: its control group: %w", s.Who, s.Command, err)
	}
	return p, nil
}

// sync sends "ping N" and waits for "pong N": the engine has read everything before it.
func (p *nboardPlayer) sync(ctx context.Context, deadline time.Time) error {
	p.ping++
	c := "ping " + strconv.Itoa(p.ping)
	if err := p.e.send(c, deadline); err != nil {
		return err
	}
	_, err := p.await(ctx, c, "pong "+strconv.Itoa(p.ping), deadline)
	return err
}

// await reads the engine's lines until one begins with prefix, and returns what follows it.
func (p *nboardPlayer) await(ctx context.Context, command, prefix string, deadline time.Time) (string, error) {
	for {
		r, err := p.e.receive(ctx, command, deadline)
		if err != nil {
			return "", err
		}
		if text := strings.TrimSpace(r.text); strings.HasPrefix(text, prefix) {
			return strings.TrimSpace(text[len(prefix):]), nil
		}
	}
}

// Move tells the engine the game, asks for its move and turns the answer into an Answer.
func (p *nboardPlayer) Move(ctx context.Context, t *Turn) (Answer, error) {
	gm, ok := t.Match.(rules.GGFMatch) // checkNBoard has made sure of it for the match's game
	if !ok {
		return Answer{}, fmt.Errorf("%T cannot be played over NBoard", t.Match)
	}
	wallBase := t.Limit
	props := [][2]string{{"PC", "homework referee"}}
	if p.untimed {
		wallBase = p.total
	} else {
		// Whole seconds, rounded down as for GTP engines: NTest reads no fractions.
		ti := gtpSeconds(t.Limit)
		// TI is the game's clock as NBoard writes it; TB and TW, each side's, are what
		// some engines read (NTest).
		props = append(props, [2]string{"TI", ti}, [2]string{"TB", ti}, [2]string{"TW", ti})
	}
	p.e.log.printf("--- ply %d ---\n", t.Ply)
	var answer string
	gt, err := p.e.turn(ctx, wallBase+p.grace, func(deadline time.Time, g *gtpTurn) error {
		if err := p.e.send("set game "+gm.GGF(props, nil), deadline); err != nil {
			return err
		}
		if err := p.sync(ctx, deadline); err != nil {
			return err
		}
		if err := p.e.send("go", deadline); err != nil {
			return err
		}
		a, err := p.await(ctx, "go", "===", deadline)
		if err != nil {
			return err
		}
		answer = a
		move, _, _ := strings.Cut(a, "/")
		if f := strings.Fields(move); len(f) == 1 {
			g.vertex = f[0]
			return nil
		}
		return &gtpFailure{kind: EndBad, reason: fmt.Sprintf("`go` was answered %q: want === MOVE[/EVAL/TIME]", "=== "+a)}
	})
	if err != nil {
		return Answer{}, err
	}
	ans := Answer{CPU: gt.cpu, User: gt.user, Wall: gt.wall, Exit: gt.exit, Untimed: p.untimed}
	if gt.before > 0 {
		ans.Notes = append(ans.Notes, fmt.Sprintf("nboard: %s of the cpu before its turn (start-up, setup or pondering)", ms(gt.before)))
	}
	switch f := gt.fail; {
	case gt.killed:
		ans.Killed = fmt.Sprintf("the NBoard engine gave no move in %s of wall time (%ss + grace %ss), killed", ms(gt.wall), secs(wallBase), secs(p.grace))
	case f != nil:
		ans.Lost = &Loss{Ending: f.kind, Reason: f.reason}
	default:
		ans.Output = gm.FromGGF(gt.vertex)
		ans.Source = fmt.Sprintf("`go` was answered === %s", answer)
	}
	return ans, nil
}

// Played: the engine is told the whole game at its next turn.
func (p *nboardPlayer) Played(int, string) {}

func (p *nboardPlayer) Close() { p.e.close() }
