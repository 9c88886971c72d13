package tournament

// Plans for distributed runners: one shell command line per missing game, each complete in
// itself (the spec's absolute path and the game's ID), so that GNU parallel, a Slurm job
// array or a plain loop can run the lines in any order, on any machine that sees the
// tournament's directory, and `report` merges what they wrote. With an SPRT, a plan lists
// the games of the pairings still undecided, all of them: it cannot know where a test will
// stop. play-one then skips a game whose pairing has decided since, so the lines left run
// out quickly, and report says where each test stands.

import (
	"context"
	"fmt"
	"path/filepath"

	"gameagents/internal/referee"
)

// Plan returns the command line of every game without a result, but for the pairings whose
// SPRT has decided, in schedule order; homework is the shell command that runs the
// homework binary there.
func (t *Tournament) Plan(homework string) ([]string, error) {
	done, missing, err := t.Results()
	if err != nil {
		return nil, err
	}
	missing = t.newTests(done).needed(missing)
	spec := referee.ShellQuote(filepath.Join(t.Dir, SpecName))
	lines := make([]string, 0, len(missing))
	for _, g := range missing {
		lines = append(lines, fmt.Sprintf("%s tournament play-one -spec %s -game %s", homework, spec, g.ID()))
	}
	return lines, nil
}

// PlayOne plays game g unless it has a result already or its pairing's SPRT has decided,
// writes its result, and returns a line saying what happened.
func (t *Tournament) PlayOne(ctx context.Context, runner GameRunner, g Game) (string, error) {
	o, ok, err := t.ReadResult(g)
	if err != nil {
		return "", err
	}
	if ok {
		return "already played: " + t.describe(&o), nil
	}
	if t.SPRT != nil {
		pt, err := t.pairingTest(g.Pairing())
		if err != nil {
			return "", err
		}
		if pt.decided() {
			return fmt.Sprintf("game %s not played: the SPRT of %s against %s has decided, %s", g.ID(),
				t.Entries[g.A].Name, t.Entries[g.B].Name, pt.verdict()), nil
		}
	}
	o, skipped, err := t.play(ctx, runner, g)
	switch {
	case err != nil:
		return "", err
	case skipped != "":
		return skipped, nil
	}
	return t.describe(&o), nil
}

// plyText says how long a game was in its record's ply numbers, as the referee's progress
// line does: a game that ended on a ply not played (a move that lost, a side without a
// move) ended "at ply N+1 (N played)"; one won, drawn or capped by the rules "in N plies".
func plyText(o *Outcome) string {
	switch o.Ending {
	case referee.EndWin, referee.EndDraw, referee.EndPlyCap:
		return fmt.Sprintf("in %d plies", o.Plies)
	}
	return fmt.Sprintf("at ply %d (%d played)", o.Plies+1, o.Plies)
}

// describe is a finished game in one line.
func (t *Tournament) describe(o *Outcome) string {
	names := [2]string{t.Entries[o.Game.A].Name, t.Entries[o.Game.B].Name}
	what := fmt.Sprintf("draw between %s (%s) and %s (%s)", names[0], o.Sides[0], names[1], o.Sides[1])
	if w := o.Winner; w >= 0 {
		what = fmt.Sprintf("%s (%s) beat %s (%s)", names[w], o.Sides[w], names[1-w], o.Sides[1-w])
	}
	line := fmt.Sprintf("game %s: %s %s [%s] %s", o.Game.ID(), what, plyText(o), o.Ending, oneLine(o.Reason))
	if o.Scored {
		line += fmt.Sprintf("; points %s %d, %s %d", names[0], o.Points[0], names[1], o.Points[1])
	}
	return line
}
