package referee

// The record writer: the Listener that leaves <out>/game-NN.txt for every game (and the
// game's standard record beside it, standard.go).
//
// A record is text, one fact a line, in this order (docs/tools.md describes it for users):
//
//	referee record: GAME, game N of GAMES
//	agent A: NAME plays SIDE: COMMAND           (and agent B)
//	first: NAME (SIDE)
//	time: GAME|SINGLE, ...                        the time control and the kill
//	ply cap: N
//	setup: TEXT                                   when the game was configured
//	deal: NAME (deal K, games I and J)            for a dealt game
//	opening: MOVES (opening K of M, ...)          when the game starts from one
//	gtp: agent X (...) is a GTP engine, ...       a note per agent of another kind
//	charged: user+sys CPU time | user CPU time only, ...
//	judging: strict (...) | tolerant (...)
//	ply N: ...                                    one line per ply, as PlyLine writes it
//	result: NAME (SIDE) wins: REASON | result: draw: REASON
//	points: NAME (SIDE) P, NAME (SIDE) Q          for a game that scores points
//	plies: N
//	cpu NAME: T in M moves, longest T (ply N)[, left T]   one line per agent, A then B
//
// Times are seconds with three decimals ("0.412s") or, for clocks and limits, the
// shortest decimal as input.txt writes it ("299.5s"). The record is kept in memory and
// written whole when the game ends (gamefile.WriteAtomic): a record file that exists is a
// finished game's, so a tournament may take it for "game done". A game the referee could
// not finish leaves none.

import (
	"fmt"
	"strings"

	"gameagents/internal/gamefile"
)

// RecordPath is where the record of game n of the match cfg goes: <out>/game-NN.txt.
func RecordPath(cfg *Config, n int) string { return gameDir(cfg, n) + ".txt" }

// Recorder is the Listener that writes a game's record. It serves one game at a time;
// GameStarted makes it ready for the next.
type Recorder struct {
	b       strings.Builder
	seconds []float64 // the CPU time of each move played on the match, for standard records
}

func (w *Recorder) line(s string) {
	w.b.WriteString(s)
	w.b.WriteByte('\n')
}

// GameStarted begins the record with its header.
func (w *Recorder) GameStarted(g *GameInfo) {
	w.b.Reset()
	w.seconds = w.seconds[:0]
	for _, l := range recordHeader(g) {
		w.line(l)
	}
}

// Played adds the ply's line.
func (w *Recorder) Played(g *GameInfo, p *Ply) {
	w.line(PlyLine(g, p))
	if p.Move != "" {
		w.seconds = append(w.seconds, p.CPU.Seconds())
	}
}

// GameEnded adds the result and the totals and writes the record.
func (w *Recorder) GameEnded(g *GameInfo) error {
	cfg, r := g.Config, g.Result
	w.line(ResultLine(g))
	if r.Scored {
		w.line(fmt.Sprintf("points: %s %d, %s %d", g.Who(0), r.Points[0], g.Who(1), r.Points[1]))
	}
	w.line(fmt.Sprintf("plies: %d", r.Plies))
	for a := range 2 {
		left := ""
		if cfg.Mode == gamefile.GameClock {
			left = fmt.Sprintf(", left %ss", secs(r.Left[a]))
		}
		w.line(fmt.Sprintf("cpu %s: %s in %d moves, longest %s (ply %d)%s", cfg.Agents[a].Name, ms(r.CPU[a]), r.Moves[a], ms(r.MaxMove[a]), r.MaxMovePly[a], left))
	}
	// The standard record first: a record file that exists is a finished game's.
	if err := writeStandard(g, w.seconds); err != nil {
		return err
	}
	return gamefile.WriteAtomic(RecordPath(cfg, g.Number), []byte(w.b.String()))
}

// ResultLine is the record's line of the game's result, final at GameEnded:
// "result: NAME (SIDE) wins: REASON" or "result: draw: REASON".
func ResultLine(g *GameInfo) string {
	result := "draw"
	if g.Result.Winner >= 0 {
		result = g.Who(g.Result.Winner) + " wins"
	}
	return fmt.Sprintf("result: %s: %s", result, g.Result.Reason)
}

// recordHeader is the head of a game's record: who plays what, and the rules of the match.
func recordHeader(g *GameInfo) []string {
	cfg, n := g.Config, g.Number
	h := []string{fmt.Sprintf("referee record: %s, game %d of %d", cfg.Game.Name(), n, cfg.Games)}
	for a, letter := range letters {
		h = append(h, fmt.Sprintf("agent %s: %s plays %s: %s", letter, cfg.Agents[a].Name, g.Result.SideNames[g.Result.Side[a]], cfg.Agents[a].Command))
	}
	h = append(h, "first: "+g.Who(g.Result.First))
	if cfg.Mode == gamefile.GameClock {
		h = append(h, fmt.Sprintf("time: GAME, %ss of CPU per side; a move still running %ss past the time left is killed", gamefile.FormatSeconds(cfg.Seconds), secs(cfg.Grace)))
	} else {
		h = append(h, fmt.Sprintf("time: SINGLE, %ss of CPU per move; a move still running %ss past it is killed", gamefile.FormatSeconds(cfg.Seconds), secs(cfg.Grace)))
	}
	h = append(h, fmt.Sprintf("ply cap: %d", cfg.MaxPlies))
	if cfg.Setup != "" {
		h = append(h, "setup: "+cfg.Setup)
	}
	if g.Deal != "" {
		h = append(h, fmt.Sprintf("deal: %s (deal %d, games %d and %d)", g.Deal, (n-1)/2+1, (n-1)/2*2+1, (n-1)/2*2+2))
	}
	if op, _ := openingFor(cfg, n, g.Result.Side[g.Result.First]); op != nil {
		h = append(h, fmt.Sprintf("opening: %s (opening %d of %d, played by the referee)", openingText(op), (n-1)/2%len(cfg.Openings)+1, len(cfg.Openings)))
	}
	h = append(h, AgentNotes(cfg)...)
	if cfg.UserOnly {
		h = append(h, "charged: user CPU time only, as the official master's /usr/bin/time -f %U; of "+accounting())
	} else {
		h = append(h, "charged: user+sys CPU time of "+accounting())
	}
	if cfg.Strict {
		return append(h, "judging: strict (a missing final LF or CRLF loses)")
	}
	return append(h, "judging: tolerant (a missing final LF and CRLF are accepted with a warning)")
}

// PlyLine is a ply's line in the record, in the -show output and in the replay page.
func PlyLine(g *GameInfo, p *Ply) string {
	status := ""
	if p.Exit != "" {
		status = " (" + p.Exit + ")"
	}
	switch {
	case p.Opening:
		return fmt.Sprintf("ply %d: opening: %s plays [%s]", p.Number, g.Result.SideNames[p.Side], p.Move)
	case p.NoMove:
		return fmt.Sprintf("ply %d: %s has no legal move", p.Number, g.Who(p.Agent))
	case p.Lost != nil:
		return fmt.Sprintf("ply %d: %s loses: %s; cpu %s%s", p.Number, g.Who(p.Agent), p.Lost.Reason, ms(p.CPU), status)
	}
	clock := "remaining " + secs(p.Left[p.Agent]) + "s"
	if g.Config.Mode == gamefile.Single {
		clock = "of " + secs(p.Limit) + "s"
	}
	if p.Untimed {
		clock += " (untimed)"
	}
	line := fmt.Sprintf("ply %d: %s plays [%s] cpu %s %s%s", p.Number, g.Who(p.Agent), p.Move, ms(p.CPU), clock, status)
	for _, w := range p.Warnings {
		line += "; warning: output.txt: " + w
	}
	for _, note := range p.Notes {
		line += "; " + note
	}
	return line
}
