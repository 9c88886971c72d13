package course

// The "course:" agent kind: a course player in the referee's matches and tournaments.
//
//	course:PATH/player.py [per-move] [tournament] [class=NAME] [limit=SECONDS]
//
// per-move builds a new player object every move (Reversi, Hive: the Reversi course's
// dataset test); tournament sets self.tournament; class names the player's class; limit is
// the wall time of one call of the player's code (the courses' 1 s by default). The player
// is judged move by move like any agent. Its time is the courses' own rule, wall time per
// call checked by the bridge, so the referee records that time and never charges it to a
// CPU clock (Answer.Untimed).

import (
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"gameagents/internal/cgroup"
	"gameagents/internal/gamefile"
	"gameagents/internal/referee"
)

// Prefix is the agent kind's prefix in an agent command.
const Prefix = "course:"

// PlayerKind is the referee's kind of agent a "course:" command is: a course player.
var PlayerKind = referee.AgentKind{Prefix: Prefix, Start: startSeat, Check: checkSeat, Note: noteSeat}

// agentSpec is a course agent command, parsed.
type agentSpec struct {
	path string
	opts Options
}

// parseAgent reads "PATH [per-move] [tournament] [class=NAME] [limit=SECONDS]".
func parseAgent(command string) (agentSpec, error) {
	words := strings.Fields(command)
	if len(words) == 0 {
		return agentSpec{}, errors.New("want course:PATH/player.py")
	}
	s := agentSpec{path: words[0]}
	for _, w := range words[1:] {
		key, value, _ := strings.Cut(w, "=")
		switch {
		case w == "per-move":
			s.opts.PerMove = true
		case w == "tournament":
			s.opts.Tournament = true
		case key == "class" && value != "":
			s.opts.Class = value
		case key == "limit":
			secs, err := strconv.ParseFloat(value, 64)
			if err != nil || !(secs >= 0.01 && secs <= 3600) {
				return s, fmt.Errorf("limit=%q: want seconds from 0.01 to 3600", gamefile.Clip(value))
			}
			s.opts.Limit = time.Duration(secs * float64(time.Second))
		default:
			return s, fmt.Errorf("unknown option %q: want per-move, tournament, class=NAME or limit=SECONDS", gamefile.Clip(w))
		}
	}
	return s, nil
}

// checkSeat fails a match a course player cannot play, before its first game.
func checkSeat(cfg *referee.Config, a int, command string) error {
	s, err := parseAgent(command)
	if err != nil {
		return fmt.Errorf("%s: %v", cfg.AgentLabel(a), err)
	}
	if !slices.Contains(Games(), cfg.Game.Name()) {
		return fmt.Errorf("%s: course players exist for %s, not %s", cfg.AgentLabel(a), strings.Join(Games(), ", "), cfg.Game.Name())
	}
	if _, err := os.Stat(s.path); err != nil {
		return fmt.Errorf("%s: %v", cfg.AgentLabel(a), err)
	}
	return nil
}

func noteSeat(cfg *referee.Config, a int) string {
	_, rest, _ := strings.Cut(strings.TrimLeft(cfg.Agents[a].Command, " \t"), Prefix)
	s, err := parseAgent(rest)
	if err != nil {
		return ""
	}
	limit := s.opts.withDefaults().Limit
	how := "its CPU time recorded is its calls' wall time (no usable control groups)"
	if _, err := cgroup.Host(); err == nil {
		how = "its processes frozen between calls, its CPU time recorded from its control group"
	}
	return fmt.Sprintf("course player: each call of its code limited to %s of wall time, timed by the referee as the course measures it; not charged to the CPU clock; %s", seconds(limit), how)
}

// seatPlayer is a course Player in one game of a match.
type seatPlayer struct {
	p      *Player
	failed *Error // why the player could not be started, when it could not
	mode   gamefile.Mode
	log    *os.File
	last   string // the opponent's last move since this player's previous turn
}

func startSeat(ctx context.Context, seat *referee.Seat) (referee.Player, error) {
	s, err := parseAgent(seat.Command)
	if err != nil {
		return nil, err
	}
	log, err := os.OpenFile(seat.Log, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return nil, err
	}
	s.opts.Log = log
	if s.opts.Box, err = seat.Config.Box(seat.Dir); err != nil {
		log.Close()
		return nil, err
	}
	p, err := Start(ctx, seat.Config.Game.Name(), s.path, seat.Dir, s.opts)
	var ce *Error
	switch {
	case errors.As(err, &ce):
		// The student's code failed to load (a syntax error, no class of the course's
		// name): that loses the game, at the player's first turn, not the match.
		return &seatPlayer{failed: ce, mode: seat.Config.Mode, log: log}, nil
	case err != nil:
		log.Close()
		return nil, err
	}
	return &seatPlayer{p: p, mode: seat.Config.Mode, log: log}, nil
}

// Move asks the player for its move on the position of t.
func (sp *seatPlayer) Move(ctx context.Context, t *referee.Turn) (referee.Answer, error) {
	if sp.failed != nil {
		return referee.Answer{Untimed: true, Lost: lossOf(sp.failed)}, nil
	}
	input := t.Match.Input(sp.mode, gamefile.FormatSeconds(t.Limit.Seconds()))
	out, spent, err := sp.p.Move(ctx, input, sp.last)
	sp.last = ""
	ans := referee.Answer{Output: out, CPU: spent.CPU, User: spent.User, Wall: spent.Wall, Untimed: true}
	var ce *Error
	if errors.As(err, &ce) {
		ans.Lost = lossOf(ce)
		return ans, nil
	}
	return ans, err
}

// lossOf is the referee's record of a course player's failure.
func lossOf(e *Error) *referee.Loss {
	kind := referee.EndBad
	if e.Kind == Time {
		kind = referee.EndTime
	}
	return &referee.Loss{Ending: kind, Reason: "course player: " + e.Reason}
}

// Played keeps the opponent's move for the player's next turn (the referee's opening moves
// are in the position the player is given, as the courses' harnesses start from one).
func (sp *seatPlayer) Played(side int, move string) { sp.last = move }

func (sp *seatPlayer) Close() {
	if sp.p != nil {
		sp.p.Close()
	}
	sp.log.Close()
}
