package serve

// Hints: the engine's analysis of the table's position, searched in this process by the
// engine modes' Thinker exactly as the file agent would search the same input.txt at the
// hint's time (its node budget from calibration.txt), so a hint is the move our agent
// would play there when its budget, not the CPU guard, ends the search; the guard is off
// here, so the same position always gives the same hint.

import (
	"net/http"
	"path/filepath"

	"gameagents/internal/agent"
	"gameagents/internal/clock"
)

// Hint is the engine's view of the position: its move as the output.txt that plays it (one
// of the picks, when the person is to move), the score in the game's unit from the mover's
// side, the principal variation and the depth.
type Hint struct {
	Output string   `json:"output"`
	Score  float64  `json:"score"`
	Unit   string   `json:"unit,omitempty"`
	Exact  bool     `json:"exact"`
	Depth  int      `json:"depth"`
	Nodes  int64    `json:"nodes"`
	PV     []string `json:"pv,omitempty"`
}

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
	return s.search(t.game.Name(), input)
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
