package tournament

// Playing one game: the tournament asks a GameRunner, so that its logic (what is missing,
// in what order, how results are kept) is tested with a fake, and the real runner is the
// referee playing game N of the pairing's match.

import (
	"context"
	"path/filepath"
	"time"

	"gameagents/internal/referee"
	"gameagents/internal/replay"
	"gameagents/internal/sandbox"
)

// GameRunner plays one game of a tournament to its end and returns the referee's result.
// An error means the game could not be played (the referee failed, or ctx was cancelled);
// a game an agent loses by crashing or overstaying is a result, not an error.
type GameRunner interface {
	Play(ctx context.Context, g Game) (referee.Result, error)
}

// RefereeRunner plays games with the referee: game N of the match between the pairing's
// entries, its record, its game file for the replay page and its agents' directories under
// the pairing's MatchDir, the agents in the sandbox as Sandbox says, where the tournament's
// directory is hidden from them. After each game the pairing's replay page is built again
// from the game files there, so it holds the pairing's games finished by any process.
type RefereeRunner struct {
	T       *Tournament
	Sandbox sandbox.Mode
	// Listeners hear every game besides its record and replay file (the watch page);
	// games played in parallel share them.
	Listeners []referee.Listener
}

// Play plays game g.
func (r RefereeRunner) Play(ctx context.Context, g Game) (referee.Result, error) {
	cfg := r.T.Config(g)
	cfg.Sandbox, cfg.Private = r.Sandbox, []string{r.T.Dir}
	listeners := append([]referee.Listener{&referee.Recorder{}, &replay.Page{Files: true}}, r.Listeners...)
	return referee.PlayGame(ctx, &cfg, g.N, listeners...)
}

// Pages builds every pairing's replay page again from its game files: two processes that
// end games of one pairing together may each build the page before the other's game file
// is there, so the report, which comes after every game, makes the pages whole.
func (t *Tournament) Pages() error {
	for _, g := range t.Schedule() {
		if g.N == 1 {
			if err := replay.Build(t.MatchDir(g)); err != nil {
				return err
			}
		}
	}
	return nil
}

// Config is the referee's match between g's entries: the tournament's game, setup, time,
// openings and games per pairing, played one game at a time.
func (t *Tournament) Config(g Game) referee.Config {
	grace := referee.DefaultGrace
	if t.Grace > 0 {
		grace = time.Duration(t.Grace * float64(time.Second))
	}
	calibration := ""
	if t.Calibration {
		calibration = filepath.Join(t.Dir, CalibrationName)
	}
	return referee.Config{
		Game:     t.Rules,
		Agents:   [2]referee.Agent{{Name: t.Entries[g.A].Name, Command: t.Entries[g.A].Command}, {Name: t.Entries[g.B].Name, Command: t.Entries[g.B].Command}},
		Games:    t.Games,
		Mode:     t.Mode,
		Seconds:  t.Seconds,
		MaxPlies: t.Plies,
		First:    referee.Alternate,
		Parallel: 1,
		Grace:    grace,
		Out:      t.MatchDir(g),
		Openings: t.openings,
		Setup:    t.Setup,

		Calibration: calibration,
		GTPUntimed:  t.GTPUntimed,
		GTPPonder:   t.GTPPonder,
		UHPBestmove: t.UHPBestmove,
		Kinds:       t.Kinds,
	}
}

// RecordPath is the referee's record of game g.
func (t *Tournament) RecordPath(g Game) string {
	cfg := t.Config(g)
	return referee.RecordPath(&cfg, g.N)
}
