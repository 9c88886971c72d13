package halma

import (
	"testing"
	"time"

	"gameagents/internal/clock"
)

// TestHotPathAllocatesNothing: move generation and a whole search on a reused engine
// allocate nothing.
func TestHotPathAllocatesNothing(t *testing.T) {
	e := NewEngine(1 << 16)
	var g Generator
	var buf [MaxMoves]Move
	for _, p := range CalibrationPositions() {
		if n := testing.AllocsPerRun(20, func() { g.Generate(p.Board, p.ToMove, Preferred, buf[:0]) }); n != 0 {
			t.Errorf("%s: Generate allocates %v times, want 0", p.Name, n)
		}
		if n := testing.AllocsPerRun(3, func() { e.Search(p.Board, p.ToMove, Limits{Nodes: 50_000}, nil) }); n != 0 {
			t.Errorf("%s: Search allocates %v times, want 0", p.Name, n)
		}
	}
}

func BenchmarkGenerate(b *testing.B) {
	for _, p := range CalibrationPositions() {
		b.Run(p.Name, func(b *testing.B) {
			var g Generator
			var buf [MaxMoves]Move
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				n = len(g.Generate(p.Board, p.ToMove, Preferred, buf[:0]))
			}
			b.ReportMetric(float64(n), "moves")
		})
	}
}

// BenchmarkSearch1s searches each benchmark position for one second of process CPU time
// and reports the speed and the deepest completed iteration.
func BenchmarkSearch1s(b *testing.B) {
	for _, p := range CalibrationPositions() {
		b.Run(p.Name, func(b *testing.B) {
			e := NewEngine(1 << 22)
			clk := clock.Process{}
			b.ReportAllocs()
			var nodes int64
			var depth int
			var spent time.Duration
			for b.Loop() {
				e.ClearTT()
				t0 := clk.Used()
				r := e.Search(p.Board, p.ToMove, Limits{Guard: clock.Deadline{Clock: clk, At: t0 + time.Second}}, nil)
				spent += clk.Used() - t0
				nodes += r.Nodes
				depth = r.Depth
			}
			b.ReportMetric(float64(nodes)/spent.Seconds(), "nodes/s")
			b.ReportMetric(float64(depth), "depth")
		})
	}
}
