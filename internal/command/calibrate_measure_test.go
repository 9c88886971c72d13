package command

import (
	"strings"
	"testing"
	"time"

	"gameagents/internal/agent"
	"gameagents/internal/clock"
	"gameagents/internal/gamefile"
)

// pacedGame is a game whose calibration search runs at the given speeds in turn (nodes
// per second of its fake clock), one speed a call.
type pacedGame struct {
	clk    *clock.Fake
	speeds []float64
	calls  int
}

func (g *pacedGame) Name() string { return "paced" }
func (g *pacedGame) Parse(string, []gamefile.Line) (agent.Position, error) {
	return nil, nil
}
func (g *pacedGame) DefaultRate() float64 { return 1e6 }
func (g *pacedGame) Players() []string    { return []string{"engine"} }
func (g *pacedGame) Calibrate(nodes int64) int64 {
	v := g.speeds[g.calls%len(g.speeds)]
	g.calls++
	g.clk.T += time.Duration(float64(nodes) / v * float64(time.Second))
	return nodes
}

// TestMeasureSpread: measure reports the slowest and fastest of its timed runs, and says
// the machine was unsteady only when they are more than unsteadySpread apart.
func TestMeasureSpread(t *testing.T) {
	for _, tc := range []struct {
		name             string
		speeds           []float64
		slowest, fastest float64
		unsteady         bool
	}{
		{"steady", []float64{3e6}, 3e6, 3e6, false},
		{"within the spread", []float64{3e6, 3.6e6}, 3e6, 3.6e6, false},
		{"spells of a shared VM", []float64{2.4e6, 2.4e6, 3.5e6}, 2.4e6, 3.5e6, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			clk := &clock.Fake{}
			g := &pacedGame{clk: clk, speeds: tc.speeds}
			s := measure(g, clk, time.Second)
			near := func(a, b float64) bool { return a > b*0.999 && a < b*1.001 }
			if !near(s.slowest, tc.slowest) || !near(s.fastest, tc.fastest) {
				t.Errorf("measure: runs from %.0f to %.0f nodes a second, want %.0f to %.0f", s.slowest, s.fastest, tc.slowest, tc.fastest)
			}
			if s.rate < s.slowest*0.999 || s.rate > s.fastest*1.001 {
				t.Errorf("measure: rate %.0f outside its runs' %.0f to %.0f", s.rate, s.slowest, s.fastest)
			}
			note := s.unsteady()
			if (note != "") != tc.unsteady {
				t.Errorf("unsteady() = %q, want a note: %v", note, tc.unsteady)
			}
			if tc.unsteady && !strings.Contains(note, "-seconds") {
				t.Errorf("unsteady() = %q, want it to say to measure longer with -seconds", note)
			}
		})
	}
}
