package tournament

// Playing one game: the tournament asks a GameRunner, so that its logic (what is missing,
// in what order, how results are kept) is tested with a fake, and the real runner is the
// referee playing game N of the pairing's match.

import (
	"context"
	"fmt"
	"io"
	"path/filepath"

	"gameagents/internal/referee"
)

// GameRunner plays one game of a tournament to its end and returns the referee's result.
// An error means the game could not be played (the referee failed, or ctx was cancelled);
// a game an agent loses by crashing or overstaying is a result, not an error.
type GameRunner interface {
	Play(ctx context.Context, g Game) (referee.Result, error)
}

// RefereeRunner plays games with the referee: game N of the match between the pairing's
// entries, its record and its agents' directories under the pairing's MatchDir.
type RefereeRunner struct{ T *Tournament }

// Play plays game g.
func (r RefereeRunner) Play(ctx context.Context, g Game) (referee.Result, error) {
	cfg := r.T.Config(g)
	return playGame(ctx, cfg, g.N)
}

// Config is the referee's match between g's entries: the tournament's game, setup, time,
// openings and games per pairing, played one game at a time.
func (t *Tournament) Config(g Game) referee.Config {
	return referee.Config{
		Game:     t.Rules,
		Agents:   [2]referee.Agent{{Name: t.Entries[g.A].Name, Command: t.Entries[g.A].Command}, {Name: t.Entries[g.B].Name, Command: t.Entries[g.B].Command}},
		Games:    t.Games,
		Mode:     t.Mode,
		Seconds:  t.Seconds,
		MaxPlies: t.Plies,
		First:    referee.Alternate,
		Parallel: 1,
		Grace:    referee.DefaultGrace,
		Out:      t.MatchDir(g),
		Openings: t.openings,
		Setup:    t.Setup,
	}
}

// playGame plays game n (1-based) of the match cfg describes.
//
// Until the referee can play one game of a match by its number (referee.PlayGame), this
// runs a match of one game set up as game n would be: the agents in the order that gives
// agent A game n's side, the first mover fixed, the one opening and the deal of game n,
// its record in <Out>/game-NN/game-01.txt; the result is then turned back to the pairing's
// order. With referee.PlayGame the whole body becomes
//
//	return referee.PlayGame(ctx, &cfg, n)
func playGame(ctx context.Context, cfg referee.Config, n int) (referee.Result, error) {
	i := n - 1
	aSide, first := (i+1)/2%2, i%2 // the referee's Alternate schedule
	swap := aSide == 1
	if swap {
		cfg.Agents[0], cfg.Agents[1] = cfg.Agents[1], cfg.Agents[0]
		first = 1 - first
	}
	cfg.First = referee.AFirst
	if first == 1 {
		cfg.First = referee.BFirst
	}
	if d, ok := cfg.Game.(referee.Dealt); ok {
		cfg.Game = shiftedDeal{Dealt: d, by: i / 2}
	}
	if len(cfg.Openings) > 0 {
		cfg.Openings = [][]string{cfg.Openings[i/2%len(cfg.Openings)]}
	}
	cfg.Games, cfg.Out = 1, filepath.Join(cfg.Out, fmt.Sprintf("game-%02d", n))
	results, err := referee.Run(ctx, cfg, io.Discard)
	if err != nil {
		return referee.Result{}, err
	}
	if len(results) != 1 {
		return referee.Result{}, fmt.Errorf("game %d: the referee finished %d games, want 1", n, len(results))
	}
	r := results[0]
	r.Game = n
	if swap {
		unswap(&r)
	}
	return r, nil
}

// shiftedDeal is a Dealt game whose deal k is deal k+by of the game it wraps, so that game 1
// of a match plays the deal of game 2·by+1.
type shiftedDeal struct {
	referee.Dealt
	by int
}

func (s shiftedDeal) Deal(k int) (referee.Game, string) { return s.Dealt.Deal(k + s.by) }

// unswap turns a result of the agents in swapped order back to the pairing's order.
func unswap(r *referee.Result) {
	flip := func(a int) int { return 1 - a }
	r.Side[0], r.Side[1] = r.Side[1], r.Side[0]
	r.First = flip(r.First)
	if r.Winner >= 0 {
		r.Winner = flip(r.Winner)
	}
	r.Moves[0], r.Moves[1] = r.Moves[1], r.Moves[0]
	r.CPU[0], r.CPU[1] = r.CPU[1], r.CPU[0]
	r.MaxMove[0], r.MaxMove[1] = r.MaxMove[1], r.MaxMove[0]
	r.MaxMovePly[0], r.MaxMovePly[1] = r.MaxMovePly[1], r.MaxMovePly[0]
	r.Left[0], r.Left[1] = r.Left[1], r.Left[0]
	r.Points[0], r.Points[1] = r.Points[1], r.Points[0]
}

// RecordPath is the referee's record of game g (see playGame).
func (t *Tournament) RecordPath(g Game) string {
	return filepath.Join(t.MatchDir(g), fmt.Sprintf("game-%02d", g.N), "game-01.txt")
}
