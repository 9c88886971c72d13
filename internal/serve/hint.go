package serve

// Hints: the engine's analysis of the table's position, searched in this process by the
// engine modes' Thinker exactly as the file agent would search the same input.txt at the
// hint's time (its node budget from calibration.txt), so a hint is the move our agent
// would play there when its budget, not the CPU guard, ends the search; the guard is off
// here, so the same position always gives the same hint.

import (
	"cmp"
	"math"
	"net/http"
	"path/filepath"
	"slices"

	"gameagents/internal/agent"
	"gameagents/internal/clock"
	"gameagents/internal/gamefile"
	"gameagents/internal/render"
	"gameagents/internal/rules"
)

// Hint is the engine's view of the position: its move as the output.txt that plays it (one
// of the picks, when the person is to move), the score in the game's unit from the mover's
// side, the principal variation and the depth; and, where the position has few enough
// legal moves, each move's own score, best first.
type Hint struct {
	Output string      `json:"output"`
	Score  float64     `json:"score"`
	Unit   string      `json:"unit,omitempty"`
	Exact  bool        `json:"exact"`
	Depth  int         `json:"depth"`
	Nodes  int64       `json:"nodes"`
	PV     []string    `json:"pv,omitempty"`
	Book   bool        `json:"book,omitempty"` // the move and score are the engine's opening book's
	Moves  []MoveScore `json:"moves,omitempty"`
}

// MoveScore is one legal move's score from the mover's side: the engine's score of the
// position the move leaves, searched with an equal share of the hint's budget, turned to
// the mover's view; or, for a move that ends the game, how it ends for the mover.
type MoveScore struct {
	Output string  `json:"output"`
	Score  float64 `json:"score"`
	Depth  int     `json:"depth"`
	Ends   string  `json:"ends,omitempty"` // "win", "loss" or "draw"
}

// maxScored is the most legal moves a hint scores one by one (Reversi's and Quoridor's
// positions have fewer; ŠTREKY's and many of Halma's have more): each move gets a search of
// its own, at least minScoreSeconds of budget.
const (
	maxScored       = 160
	minScoreSeconds = 0.01
)

// hint searches the table's position.
func (s *Server) hint(t *table) (*Hint, error) {
	t.f.Lock()
	input, over := t.input, t.f.st.Over
	t.f.Unlock()
	if input == nil {
		return nil, errNoPosition
	}
	if over {
		return nil, &httpError{http.StatusConflict, "the game is over"}
	}
	h, err := s.analysePosition(t.game, input, s.cfg.HintSeconds, 0)
	if err != nil {
		return nil, err
	}
	h.Moves, err = s.moveScores(t.game, input)
	return h, err
}

// moveScores scores each legal move of the position input.txt describes, best first, when
// it has between 2 and maxScored of them; nil otherwise.
func (s *Server) moveScores(g rules.Game, input []byte) ([]MoveScore, error) {
	m, err := g.Load(gamefile.SplitLines(string(input)))
	if err != nil {
		return nil, err
	}
	picks := m.(render.Picker).Picks()
	if len(picks) < 2 || len(picks) > maxScored {
		return nil, nil
	}
	secs := max(s.cfg.HintSeconds/float64(len(picks)), minScoreSeconds)
	var scores []MoveScore
	for _, p := range picks {
		after, err := s.afterMove(g, input, p.Output, secs, 0, true)
		if err != nil {
			return nil, err
		}
		ends := after.Ends
		if ends == "stuck" {
			ends = "" // the side left without a move: the referee's draw rule decides, scored 0
		}
		scores = append(scores, MoveScore{Output: p.Output, Score: after.Score, Depth: after.Depth, Ends: ends})
	}
	rank := func(ms MoveScore) float64 {
		switch ms.Ends {
		case "win":
			return math.Inf(1)
		case "loss":
			return math.Inf(-1)
		}
		return ms.Score
	}
	slices.SortStableFunc(scores, func(a, b MoveScore) int { return cmp.Compare(rank(b), rank(a)) })
	return scores, nil
}

// thinker returns the game's engine, made once (it reads the calibration then). The
// caller holds hintMu.
func (s *Server) thinker(name string) (*agent.Thinker, error) {
	if th := s.thinkers[name]; th != nil {
		return th, nil
	}
	for _, g := range s.cfg.Engines {
		if g.Name() == name {
			// The clock stands still: the node budget alone ends a search, so the same
			// position gives the same answer however busy the machine is (the budget
			// bounds its time as well: the calibrated rate times the seconds).
			opts := agent.Options{Log: s.cfg.Log, Clock: &clock.Fake{}}
			if s.cfg.Calibration != "" {
				opts.Dir = filepath.Dir(s.cfg.Calibration)
			}
			th := agent.NewThinker(g, opts)
			s.thinkers[name] = th
			return th, nil
		}
	}
	return nil, &httpError{http.StatusNotImplemented, "no engine for " + name + " to give hints"}
}
