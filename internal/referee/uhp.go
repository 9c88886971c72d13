package referee

// The UHP bridge: an agent written "uhp:<command>" is a Hive engine speaking the Universal
// Hive Protocol (nokamute, Mzinga's engine, our own `hive uhp`), for the base game (-setup
// rules=base, whose Match is a rules.UHPMatch). Like a GTP engine it is one process per game,
// frozen outside its turns and charged per move what its group used since its previous move
// (engine.turn); every move it makes is judged with the game's rules.
//
// Each turn sends the whole game ("newgame" with the UHP game string, whose answer must be
// a game string and "ok"), then "bestmove" and reads the move before "ok". Time: "bestmove
// time HH:MM:SS" of nine tenths of the move's limit (the time left in GAME mode over 20
// moves), in whole seconds rounded down, as the protocol writes it; Config.UHPBestmove
// (-uhp-bestmove) replaces the arguments, e.g. "seconds 0.3" (nokamute's sub-second form)
// or "depth 4". An "err" or "invalidmove" answer, a missing move, an exit or no answer in time
// loses with the reason.

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"gameagents/internal/cgroup"
	"gameagents/internal/gamefile"
	"gameagents/internal/rules"
)

const uhpPrefix = "uhp:"

// UHP is the kind of agent a "uhp:" command is: a UHP engine, for the games whose Match is a
// rules.UHPMatch (Hive's base game).
var UHP = AgentKind{Prefix: uhpPrefix, Start: startUHP, Check: checkUHP, Note: uhpNote}

// uhpGameMoves: in GAME mode a move is told the time left over this many moves.
const uhpGameMoves = 20

func checkUHP(cfg *Config, a int, command string) error {
	ag := cfg.Agents[a]
	if strings.TrimSpace(command) == "" {
		return fmt.Errorf("%s: %q wants an engine command after %q", cfg.AgentLabel(a), ag.Command, uhpPrefix)
	}
	if _, ok := cfg.Game.New(0).(rules.UHPMatch); !ok {
		return fmt.Errorf("%s, %s, is a UHP engine, but %s cannot be played over UHP (its Match does not implement rules.UHPMatch; Hive's base game, -setup rules=base, does)",
			cfg.AgentLabel(a), ag.Command, cfg.Game.Name())
	}
	return nil
}

func uhpNote(cfg *Config, a int) string {
	how := "charged at each move the CPU time its process group used since its previous move (read from /proc in 10 ms ticks)"
	if _, err := cgroup.Host(); err == nil {
		how = "frozen outside its turns and charged at each move the CPU time of every process it started (its control group)"
	}
	ask := "bestmove time (nine tenths of the move's limit, whole seconds)"
	if cfg.UHPBestmove != "" {
		ask = "bestmove " + cfg.UHPBestmove
	}
	return fmt.Sprintf("uhp: agent %s (%s) is a UHP engine, one process per game, told the whole game each turn (newgame) and asked %s, %s",
		letters[a], cfg.Agents[a].Name, ask, how)
}

// uhpPlayer is a UHP engine in one game.
type uhpPlayer struct {
	e     *engine
	cfg   *Config
	grace time.Duration
}

func startUHP(ctx context.Context, s *Seat) (Player, error) {
	cfg := s.Config
	box, err := cfg.Box(s.Dir)
	if err != nil {
		return nil, err
	}
	e, err := startEngine(s.Command, s.Dir, box, s.Log, uhpFraming)
	if err != nil {
		return nil, err
	}
	p := &uhpPlayer{e: e, cfg: cfg, grace: cfg.Grace}
	if _, err := p.answer(ctx, "(start)", time.Now().Add(gtpSetupTime)); err != nil { // the greeting
		e.close()
		return nil, fmt.Errorf("%s: UHP engine %q: start: %w (its log: %s)", s.Who, s.Command, err, s.Log)
	}
	if err := e.freeze(); err != nil {
		e.close()
		return nil, fmt.Errorf("%s: UHP engine %q: its control group: %w", s.Who, s.Command, err)
	}
	return p, nil
}

// uhpFraming: every line is a reply; "ok" ends an answer.
var uhpFraming = framing{name: "uhp", next: nextLine, show: func(r reply) string { return r.text }}

// answer reads the lines of one answer, up to "ok"; an "err" or "invalidmove" line is the
// engine's failure to carry out command.
func (p *uhpPlayer) answer(ctx context.Context, command string, deadline time.Time) ([]string, error) {
	var lines []string
	for {
		r, err := p.e.receive(ctx, command, deadline)
		if err != nil {
			return lines, err
		}
		text := strings.TrimSpace(r.text)
		if text == "ok" {
			return lines, nil
		}
		if strings.HasPrefix(text, "err") || strings.HasPrefix(text, "invalidmove") {
			return lines, &gtpFailure{kind: EndBad, reason: fmt.Sprintf("`%s` was answered %q", gamefile.Clip(command), gamefile.Clip(text))}
		}
		lines = append(lines, text)
	}
}

// bestmoveArgs is what follows "bestmove" for a move whose limit is limit.
func (p *uhpPlayer) bestmoveArgs(limit time.Duration) string {
	if p.cfg.UHPBestmove != "" {
		return p.cfg.UHPBestmove
	}
	if p.cfg.Mode == gamefile.GameClock {
		limit /= uhpGameMoves
	}
	secs := int64(limit.Seconds() * 0.9)
	return fmt.Sprintf("time %02d:%02d:%02d", secs/3600, secs/60%60, secs%60)
}

// Move tells the engine the game, asks for its move and turns the answer into an Answer.
func (p *uhpPlayer) Move(ctx context.Context, t *Turn) (Answer, error) {
	um, ok := t.Match.(rules.UHPMatch) // checkUHP has made sure of it for the match's game
	if !ok {
		return Answer{}, fmt.Errorf("%T cannot be played over UHP", t.Match)
	}
	p.e.log.printf("--- ply %d ---\n", t.Ply)
	ask := "bestmove " + p.bestmoveArgs(t.Limit)
	var move string
	gt, err := p.e.turn(ctx, t.Limit+p.grace, func(deadline time.Time, g *gtpTurn) error {
		newgame := "newgame " + um.UHPGameString()
		if err := p.e.send(newgame, deadline); err != nil {
			return err
		}
		if _, err := p.answer(ctx, newgame, deadline); err != nil {
			var f *gtpFailure
			if asFailure(err, &f) && f.kind == EndBad {
				f.disagree = true // it refused the game the judge accepted
			}
			return err
		}
		if err := p.e.send(ask, deadline); err != nil {
			return err
		}
		lines, err := p.answer(ctx, ask, deadline)
		if err != nil {
			return err
		}
		if len(lines) == 0 {
			return &gtpFailure{kind: EndBad, reason: fmt.Sprintf("`%s` was answered with no move", ask)}
		}
		move = lines[len(lines)-1]
		g.vertex = move
		return nil
	})
	if err != nil {
		return Answer{}, err
	}
	ans := Answer{CPU: gt.cpu, User: gt.user, Wall: gt.wall, Exit: gt.exit}
	if gt.before > 0 {
		ans.Notes = append(ans.Notes, fmt.Sprintf("uhp: %s of the cpu before its turn (start-up or setup)", ms(gt.before)))
	}
	switch f := gt.fail; {
	case gt.killed:
		ans.Killed = fmt.Sprintf("the UHP engine gave no move in %s of wall time (%ss + grace %ss), killed", ms(gt.wall), secs(t.Limit), secs(p.grace))
	case f != nil:
		ans.Lost = &Loss{Ending: f.kind, Reason: f.reason}
		if f.disagree {
			ans.Lost.Alert = "the judge and the engine disagree on the rules"
		}
	default:
		ans.Output = um.FromUHP(move)
		ans.Source = fmt.Sprintf("`%s` was answered %s", ask, move)
	}
	return ans, nil
}

// Played: the engine is told the whole game at its next turn.
func (p *uhpPlayer) Played(int, string) {}

func (p *uhpPlayer) Close() { p.e.close() }

// asFailure is errors.As for the engines' failures.
func asFailure(err error, f **gtpFailure) bool { return errors.As(err, f) }
