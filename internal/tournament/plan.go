package tournament

// Plans for distributed runners: one shell command line per missing game, each complete in
// itself (the spec's absolute path and the game's ID), so that GNU parallel, a Slurm job
// array or a plain loop can run the lines in any order, on any machine that sees the
// tournament's directory, and `report` merges what they wrote.

import (
	"context"
	"fmt"
	"path/filepath"

	"gameagents/internal/referee"
)

// Plan returns the command line of every game without a result, in schedule order;
// homework is the shell command that runs the homework binary there.
func (t *Tournament) Plan(homework string) ([]string, error) {
	_, missing, err := t.Results()
	if err != nil {
		return nil, err
	}
	spec := referee.ShellQuote(filepath.Join(t.Dir, SpecName))
	lines := make([]string, 0, len(missing))
	for _, g := range missing {
		lines = append(lines, fmt.Sprintf("%s tournament play-one -spec %s -game %s", homework, spec, g.ID()))
	}
	return lines, nil
}

// PlayOne plays game g unless it has a result already, writes its result, and returns a
// line saying what happened.
func (t *Tournament) PlayOne(ctx context.Context, runner GameRunner, g Game) (string, error) {
	o, ok, err := t.ReadResult(g)
	if err != nil {
		return "", err
	}
	if ok {
		return "already played: " + t.describe(&o), nil
	}
	if o, err = t.play(ctx, runner, g); err != nil {
		return "", err
	}
	return t.describe(&o), nil
}

// describe is a finished game in one line.
func (t *Tournament) describe(o *Outcome) string {
	names := [2]string{t.Entries[o.Game.A].Name, t.Entries[o.Game.B].Name}
	what := fmt.Sprintf("draw between %s (%s) and %s (%s)", names[0], o.Sides[0], names[1], o.Sides[1])
	if w := o.Winner; w >= 0 {
		what = fmt.Sprintf("%s (%s) beat %s (%s)", names[w], o.Sides[w], names[1-w], o.Sides[1-w])
	}
	line := fmt.Sprintf("game %s: %s in %d plies [%s] %s", o.Game.ID(), what, o.Plies, o.Kind, oneLine(o.Reason))
	if o.Scored {
		line += fmt.Sprintf("; points %s %d, %s %d", names[0], o.Points[0], names[1], o.Points[1])
	}
	return line
}
