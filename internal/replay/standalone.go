package replay

// A page of one game from a file: a GGF game of Othello or a UHP game string of standard
// Hive (another program's, or the referee's export), or a referee record, replayed move by
// move (referee.ReplayAny) and drawn at every position, for `homework render -format html`.

import (
	"fmt"
	"path/filepath"

	"gameagents/internal/gamefile"
	"gameagents/internal/referee"
	"gameagents/internal/render"
	"gameagents/internal/rules"
)

// FromFile returns the page data of the game in lines (file names it): step 0 its first
// position, step k the position after its k-th move. The agents are the sides' names, the
// result the rules' verdict on the last position (none while the game goes on); there are
// no clocks.
func FromFile(games []rules.Game, file string, lines []gamefile.Line) (*Data, error) {
	game := &Game{Number: 1, Title: filepath.Base(file)}
	e := newEncoder(game)
	var last rules.Match
	g, _, err := referee.ReplayAny(games, file, lines, func(k int, m rules.Match, p *referee.RecordedPly) {
		ply := Ply{N: k, Agent: -1}
		if p != nil {
			ply.Agent, ply.Move = p.Side, p.Move
			ply.Text = fmt.Sprintf("ply %d: %s plays [%s]", k, m.SideName(p.Side), p.Move)
		}
		if s, ok := m.(rules.Scorer); ok {
			pts := s.Points()
			ply.Points = &pts
		}
		var scene *render.Scene
		if d, ok := m.(render.Drawer); ok {
			s := d.Scene()
			scene = &s
		}
		e.step(ply, scene)
		last = m
	})
	if err != nil {
		return nil, err
	}
	game.Title = fmt.Sprintf("%s: %s", g.Name(), filepath.Base(file))
	game.Agents = [2]string{last.SideName(0), last.SideName(1)}
	if over, winner, reason := last.Over(); over {
		game.Kind = string(referee.EndWin)
		if winner < 0 {
			game.Kind = string(referee.EndDraw)
		}
		game.Result = "result: " + reason
	}
	if s, ok := last.(rules.Scorer); ok {
		pts := s.Points()
		game.Points = &pts
	}
	return &Data{Games: []*Game{game}}, nil
}
