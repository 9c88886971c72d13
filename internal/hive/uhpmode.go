package hive

// Hive's side of the UHP engine mode (agent.ServeUHP): the base game in UHP's notation,
// its moves found by SearchBase within the session's budget, or by a reference player.

import (
	"hash/fnv"

	"gameagents/internal/agent"
)

var _ agent.UHPGame = Game{}

// NewUHPGame implements agent.UHPGame: the base game of a UHP game string.
func (Game) NewUHPGame(s string) (agent.UHPMatch, error) {
	g, err := ParseGameString(s)
	if err != nil {
		return nil, err
	}
	return &uhpMatch{g: g}, nil
}

type uhpMatch struct{ g *BaseGame }

func (m *uhpMatch) GameString() string { return m.g.GameString() }
func (m *uhpMatch) Undo() bool         { return m.g.Undo() }
func (m *uhpMatch) Plies() int         { return m.g.Plies() }

func (m *uhpMatch) ValidMoves() []string {
	var out []string
	for _, mv := range m.g.Moves() {
		out = append(out, m.g.MoveString(mv))
	}
	return out
}

func (m *uhpMatch) Play(move string) error {
	mv, err := m.g.ParseMove(move)
	if err != nil {
		return err
	}
	m.g.Play(mv)
	return nil
}

// BestMove implements agent.UHPMatch: the engine's search, or the player the session
// names (random: a legal move picked by a hash of the game, so that the same game gives
// the same move).
func (m *uhpMatch) BestMove(s *agent.Session) string {
	moves := m.g.Moves()
	if s.Player == "random" || s.Player == "greedy" {
		h := fnv.New64a()
		h.Write([]byte(m.g.GameString()))
		return m.g.MoveString(moves[h.Sum64()%uint64(len(moves))])
	}
	r := SearchBase(m.g, s.Nodes, s.Guard, s.Depth, nil)
	var pv []string
	if r.Depth > 0 {
		pv = []string{m.g.MoveString(r.Move)}
	}
	s.Report(agent.Analysis{Depth: r.Depth, Score: float64(r.Score) / 100, Unit: "queen neighbours", Nodes: r.Nodes,
		Exact: r.Score >= baseDecided || r.Score <= -baseDecided, PV: pv})
	return m.g.MoveString(r.Move)
}
