package referee

// The scrolling printer: the Listener that tells people watching a match what happens, a
// line per finished game, and with -show every ply's line, the board and the clocks.

import (
	"fmt"
	"io"
	"sync"

	"gameagents/internal/gamefile"
)

// printer writes the games of a match to w. Games played in parallel share it: each write
// is a block of lines, whole.
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

func (p *printer) GameStarted(*GameInfo) {}

// Played prints a lost move's alert at once, and with -show each accepted move.
func (p *printer) Played(g *GameInfo, ply *Ply) {
	if l := ply.Lost; l != nil && l.Alert != "" {
		p.print(fmt.Sprintf("referee: warning: game %d, ply %d: %s: %s; %s", g.Number, ply.Number, g.Who(ply.Agent), l.Reason, l.Alert))
	}
	if !g.Config.Show || g.Config.Live || ply.Move == "" || ply.Opening {
		return
	}
	block := []string{fmt.Sprintf("game %d, %s", g.Number, PlyLine(g, ply))}
	block = append(block, g.Match.Render()...)
	block = append(block, clocksLine(g, ply), "")
	p.print(block...)
}

// GameEnded prints the game's one line.
func (p *printer) GameEnded(g *GameInfo) error {
	p.print(progressLine(g.Config, g.Result))
	return nil
}

// clocksLine shows both agents' clocks (GAME) or CPU used (SINGLE) after a ply.
func clocksLine(g *GameInfo, p *Ply) string {
	if g.Config.Mode == gamefile.GameClock {
		return fmt.Sprintf("clocks: %s %ss, %s %ss", g.Who(0), secs(p.Left[0]), g.Who(1), secs(p.Left[1]))
	}
	return fmt.Sprintf("cpu used: %s %s, %s %s", g.Who(0), ms(p.Used[0]), g.Who(1), ms(p.Used[1]))
}

// progressLine is the one line printed when a game ends.
// plyText says how long a game was in the record's own ply numbers: "in 40 plies", or
// "at ply 5 (4 played)" when it ended on a ply that was not played.
func plyText(r *Result) string {
	if r.LastPly > r.Plies {
		return fmt.Sprintf("at ply %d (%d played)", r.LastPly, r.Plies)
	}
	return fmt.Sprintf("in %d plies", r.Plies)
}

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
	line := fmt.Sprintf("game %d/%d: %s %s [%s] %s; cpu %s %s, %s %s",
		r.Game, cfg.Games, what, plyText(r), r.Ending, oneLine(r.Reason),
		cfg.Agents[0].Name, ms(r.CPU[0]), cfg.Agents[1].Name, ms(r.CPU[1]))
	if r.Scored {
		line += fmt.Sprintf("; points %s %d, %s %d", cfg.Agents[0].Name, r.Points[0], cfg.Agents[1].Name, r.Points[1])
	}
	return line
}
