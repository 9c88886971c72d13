package referee

// The game loop: one game as a small state machine (opening, then next and move in turn
// until finish), which judges and charges every move and tells listeners what happened.

import (
	"context"
	"errors"
	"fmt"
	"syscall"
	"time"

	"gameagents/internal/gamefile"
	"gameagents/internal/rules"
)

// Listener hears one game, from the game's goroutine: GameStarted once, Played for every
// ply (opening moves, accepted moves, the move that lost, a side left without a move), then
// GameEnded once, unless the referee itself failed in between. What it is given is valid
// during the call; a listener that keeps a Ply keeps a copy.
type Listener interface {
	GameStarted(g *GameInfo)
	Played(g *GameInfo, p *Ply)
	// GameEnded is called on the listeners in order, g.Result final; an error stops the
	// calls and is PlayGame's.
	GameEnded(g *GameInfo) error
}

// GameInfo is the game listeners hear about.
type GameInfo struct {
	Config *Config
	Number int    // 1-based; it decides colours, first mover, opening and deal
	Deal   string // the deal's name, for a Dealt game; "" otherwise
	// Match is the position; listeners read it (Render, ToMove), never play on it.
	Match rules.Match
	// Result is the game so far: Side, First and SideNames are set from the start, the
	// rest as the game goes; it is final at GameEnded.
	Result *Result
}

// Who names agent a as records do: "alpha (BLACK)".
func (g *GameInfo) Who(a int) string {
	return fmt.Sprintf("%s (%s)", g.Config.Agents[a].Name, g.Result.SideNames[g.Result.Side[a]])
}

// Ply is one ply as listeners hear it. Exactly one of Opening, NoMove, Lost != nil and
// Move != "" (an accepted move) describes it.
type Ply struct {
	Number   int  // 1-based, opening moves included
	Side     int  // the side that moved, or had to
	Agent    int  // the agent playing Side
	Opening  bool // the referee played it, from the match's opening
	NoMove   bool // Side had no legal move, which ends the game
	Move     string
	Warnings []string // tolerated irregularities of the output
	Notes    []string // the player kind's remarks
	Lost     *Loss    // the move lost the game
	Exit     string   // how the agent's process ended, when not cleanly
	// CPU and Wall are the move's, CPU as charged; Limit the CPU time it had: the time
	// left (GAME mode) or the time of a move (SINGLE). Zero for opening and no-move plies.
	CPU, Wall, Limit time.Duration
	Untimed          bool             // the move's time was recorded, never enforced
	Left, Used       [2]time.Duration // each agent's clock and CPU used after the ply
	Scored           bool             // the game scores points (its Match is a Scorer)
	Points           [2]int           // when Scored: each agent's points after the ply
}

// PlayGame plays game n (1-based) of the match cfg describes, from fresh agent directories
// <out>/game-NN/agent-A and agent-B, and tells listeners what happens. A match played with
// Run writes each game's record with a Recorder; a caller playing one game passes its own.
// An error means the referee failed (a file it could not write, an agent it could not
// start, a listener's error) or ctx was cancelled; the Result is then incomplete.
func PlayGame(ctx context.Context, cfg *Config, n int, listeners ...Listener) (Result, error) {
	if n < 1 || n > cfg.Games {
		return Result{Game: n}, fmt.Errorf("referee: game %d of a %d-game match", n, cfg.Games)
	}
	if err := check(cfg); err != nil {
		return Result{Game: n}, err
	}
	r, err := playGame(ctx, cfg, n, listeners)
	return r, aborted(n, err)
}

// aborted says, of an error that ended game n, when it is the disk's: the game is aborted,
// no result for either agent, since a full disk is nobody's move. Other errors pass as
// they are.
func aborted(n int, err error) error {
	if errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EDQUOT) {
		return fmt.Errorf("game %d aborted, no result: the disk the referee writes to is full (%w); free space and play it again", n, err)
	}
	return err
}

// game is one game being played: the state the loop's states share.
type game struct {
	GameInfo
	r         Result
	agentOf   [2]int // the agent playing each side
	players   [2]Player
	listeners []Listener
}

// state is a step of the loop: it returns the next one, nil once the game is over.
type state func(ctx context.Context) (state, error)

func playGame(ctx context.Context, cfg *Config, n int, listeners []Listener) (Result, error) {
	g := newGame(cfg, n, listeners)
	dirs, logs, err := prepareDirs(cfg, n)
	if err != nil {
		return g.r, err
	}
	if g.players, err = startPlayers(ctx, &g.GameInfo, dirs, logs); err != nil {
		return g.r, err
	}
	defer closePlayers(g.players)
	for _, l := range listeners {
		l.GameStarted(&g.GameInfo)
	}
	for st := g.opening; st != nil; {
		if st, err = st(ctx); err != nil {
			return g.r, err
		}
	}
	return g.r, nil
}

// newGame sets game n up: the sides, the first mover and the deal follow from n.
func newGame(cfg *Config, n int, listeners []Listener) *game {
	aSide, firstAgent := schedule(n-1, cfg.First)
	g := &game{listeners: listeners}
	g.r = Result{Game: n, Side: [2]int{aSide, 1 - aSide}, Winner: -1, Digest: digestStart}
	g.agentOf[aSide], g.agentOf[1-aSide] = 0, 1
	game := cfg.Game
	if d, ok := game.(rules.Dealt); ok {
		game, g.Deal = d.Deal((n - 1) / 2)
	}
	g.Config, g.Number, g.Result = cfg, n, &g.r
	g.Match = game.New(g.r.Side[firstAgent])
	g.r.First = g.agentOf[g.Match.ToMove()] // the game may fix the first mover itself
	g.r.SideNames = [2]string{g.Match.SideName(0), g.Match.SideName(1)}
	total := cfg.total()
	g.r.Left = [2]time.Duration{total, total}
	return g
}

// opening plays the opening's moves, judged like any but played by the referee.
func (g *game) opening(context.Context) (state, error) {
	op, err := openingFor(g.Config, g.Number, g.r.Side[g.r.First])
	if err != nil { // checkOpenings tried every opening for either side first
		return nil, fmt.Errorf("opening: %w", err)
	}
	for _, mv := range op {
		side := g.Match.ToMove()
		move, _, err := g.Match.Play(rules.OutputOf(g.Config.Game, mv), true)
		if err != nil {
			return nil, fmt.Errorf("opening move %q: %w", mv, err)
		}
		g.r.Plies++
		for _, p := range g.players {
			p.Played(side, move)
		}
		g.played(&Ply{Number: g.r.Plies, Side: side, Agent: g.agentOf[side], Opening: true, Move: move})
	}
	return g.next, nil
}

// next ends the game when its rules say so, at the ply cap, or when the side to move has
// no move; else it is that side's move.
func (g *game) next(context.Context) (state, error) {
	if over, winner, reason := g.Match.Over(); over {
		if winner < 0 {
			g.end(-1, EndDraw, reason)
		} else {
			g.end(g.agentOf[winner], EndWin, reason)
		}
		return g.finish, nil
	}
	if g.r.Plies >= g.Config.MaxPlies {
		g.byTime(EndPlyCap, fmt.Sprintf("ply cap: %d plies played", g.Config.MaxPlies))
		return g.finish, nil
	}
	if side := g.Match.ToMove(); !g.Match.HasMove() {
		g.byTime(EndNoMove, fmt.Sprintf("no legal move: %s cannot move", g.r.SideNames[side]))
		g.played(&Ply{Number: g.r.Plies + 1, Side: side, Agent: g.agentOf[side], NoMove: true})
		return g.finish, nil
	}
	return g.move, nil
}

// move asks the side to move's agent for its move, charges it, checks its clock and
// judges it.
func (g *game) move(ctx context.Context) (state, error) {
	side := g.Match.ToMove()
	a := g.agentOf[side]
	p := Ply{Number: g.r.Plies + 1, Side: side, Agent: a, Limit: g.Config.total()}
	if g.Config.Mode == gamefile.GameClock {
		p.Limit = g.r.Left[a]
	}
	ans, err := g.players[a].Move(ctx, &Turn{Ply: p.Number, Side: side, Match: g.Match, Limit: p.Limit})
	if err != nil {
		return nil, err
	}
	g.charge(&p, &ans)
	loss := g.timeLoss(&p, &ans)
	if loss == nil {
		loss = ans.Lost
	}
	if loss == nil {
		loss = g.judge(&p, &ans)
	}
	if loss != nil {
		p.Lost = loss
		g.end(1-a, loss.Ending, fmt.Sprintf("%s loses: %s", g.Who(a), loss.Reason))
		g.played(&p)
		return g.finish, nil
	}
	g.played(&p)
	return g.next, nil
}

// charge books the move's CPU time to its agent.
func (g *game) charge(p *Ply, ans *Answer) {
	if g.Config.UserOnly {
		ans.CPU = ans.User
	}
	a := p.Agent
	g.r.Moves[a]++
	g.r.CPU[a] += ans.CPU
	g.r.MoveCPU[a] = append(g.r.MoveCPU[a], ans.CPU)
	if ans.CPU > g.r.MaxMove[a] {
		g.r.MaxMove[a], g.r.MaxMovePly[a] = ans.CPU, p.Number
	}
	if g.Config.Mode == gamefile.GameClock {
		g.r.Left[a] -= ans.CPU
	}
	p.CPU, p.Wall, p.Untimed, p.Exit, p.Notes = ans.CPU, ans.Wall, ans.Untimed, ans.Exit, ans.Notes
}

// timeLoss is the move's loss on time, or nil: killed past its wall limit, a clock at or
// below zero (GAME), more than a move's time (SINGLE). Untimed moves only lose by a kill.
func (g *game) timeLoss(p *Ply, ans *Answer) *Loss {
	switch {
	case ans.Killed != "":
		return &Loss{Ending: EndTime, Reason: ans.Killed}
	case ans.Untimed:
		return nil
	case g.Config.Mode == gamefile.GameClock && g.r.Left[p.Agent] <= 0:
		return &Loss{Ending: EndTime, Reason: fmt.Sprintf("used %s of CPU with %ss left", ms(p.CPU), secs(p.Limit))}
	case g.Config.Mode == gamefile.Single && p.CPU > p.Limit:
		return &Loss{Ending: EndTime, Reason: fmt.Sprintf("used %s of CPU, over the %ss of a move", ms(p.CPU), secs(p.Limit))}
	}
	return nil
}

// judge plays the answer on the match, or returns why it is not a legal move. An accepted
// move is told to the other player.
func (g *game) judge(p *Ply, ans *Answer) *Loss {
	move, warnings, err := g.Match.Play(ans.Output, g.Config.Strict)
	if err != nil {
		why := err.Error()
		if ans.Source != "" {
			why = ans.Source + ": " + why
		}
		return &Loss{Ending: EndBad, Reason: why}
	}
	g.r.Plies++
	g.players[1-p.Agent].Played(p.Side, move)
	p.Move, p.Warnings = move, warnings
	return nil
}

// finish sets the final points and tells the listeners the game has ended.
func (g *game) finish(context.Context) (state, error) {
	// The position's points, whatever ended the game: a loss by time or a bad move does
	// not change them, and the record shows the difference.
	g.r.Scored, g.r.Points = g.points()
	for _, l := range g.listeners {
		if err := l.GameEnded(&g.GameInfo); err != nil {
			return nil, err
		}
	}
	return nil, nil
}

// played completes a ply with the clocks and points and tells the listeners.
func (g *game) played(p *Ply) {
	g.r.LastPly = p.Number
	if p.Lost == nil && !p.NoMove {
		g.r.Digest = digestMove(g.r.Digest, p.Move)
	}
	p.Left, p.Used = g.r.Left, g.r.CPU
	p.Scored, p.Points = g.points()
	for _, l := range g.listeners {
		l.Played(&g.GameInfo, p)
	}
}

// points returns whether the game scores points, and each agent's in the position.
func (g *game) points() (bool, [2]int) {
	s, ok := g.Match.(rules.Scorer)
	if !ok {
		return false, [2]int{}
	}
	pts := s.Points()
	return true, [2]int{pts[g.r.Side[0]], pts[g.r.Side[1]]}
}

func (g *game) end(winner int, kind Ending, reason string) {
	g.r.Winner, g.r.Ending, g.r.Reason = winner, kind, reason
}

// byTime applies the draw rule: more time left wins (SINGLE: less CPU used).
func (g *game) byTime(kind Ending, why string) {
	cfg, r := g.Config, &g.r
	a, b := r.Left[0], r.Left[1]
	clocks := fmt.Sprintf("time left %s %ss, %s %ss; more time left wins", cfg.Agents[0].Name, secs(r.Left[0]), cfg.Agents[1].Name, secs(r.Left[1]))
	if cfg.Mode == gamefile.Single {
		a, b = -r.CPU[0], -r.CPU[1]
		clocks = fmt.Sprintf("CPU used %s %s, %s %s; less CPU used wins", cfg.Agents[0].Name, ms(r.CPU[0]), cfg.Agents[1].Name, ms(r.CPU[1]))
	}
	switch {
	case a > b:
		g.end(0, kind, why+"; "+clocks)
	case b > a:
		g.end(1, kind, why+"; "+clocks)
	default:
		g.end(-1, kind, why+"; "+clocks+": equal, a draw")
	}
}
