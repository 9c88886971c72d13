package search

import (
	"fmt"
	"testing"
	"time"

	"gameagents/internal/clock"
)

func TestBudgetNodeLimit(t *testing.T) {
	var b Budget
	b.Start(3000, clock.Deadline{})
	n := 0
	for !b.Count() {
		n++
	}
	// The limit is read with the guard, every CheckEvery nodes: the first reading at or
	// past 3000 nodes stops it.
	if b.Nodes != 3*CheckEvery || !b.Stopped {
		t.Errorf("stopped after %d nodes (Stopped %v), want %d", b.Nodes, b.Stopped, 3*CheckEvery)
	}
	b.Start(0, clock.Deadline{})
	for range 10 * CheckEvery {
		if b.Count() {
			t.Fatalf("a budget without limits stopped after %d nodes", b.Nodes)
		}
	}
}

func TestBudgetGuard(t *testing.T) {
	f := &clock.Fake{}
	var b Budget
	b.Start(0, clock.Deadline{Clock: f, At: time.Second})
	for range CheckEvery {
		b.Count()
	}
	if b.Stopped {
		t.Fatalf("stopped before the guard passed")
	}
	f.T = time.Second
	for range CheckEvery - 1 {
		if b.Count() {
			t.Fatalf("stopped between two readings of the guard, at node %d", b.Nodes)
		}
	}
	if !b.Count() {
		t.Errorf("did not stop at the reading after the guard passed (node %d)", b.Nodes)
	}
}

// TestBudgetCharge: charged work counts towards the limit, checked at the next Count.
func TestBudgetCharge(t *testing.T) {
	var b Budget
	b.Start(5000, clock.Deadline{})
	b.Charge(6000)
	if b.Nodes != 6000 || b.Stopped {
		t.Fatalf("after Charge(6000): Nodes %d, Stopped %v; want 6000, not yet stopped", b.Nodes, b.Stopped)
	}
	if !b.Count() {
		t.Errorf("Count after charging past the limit did not stop (Nodes %d)", b.Nodes)
	}
}

// TestBudgetEvery: a longer interval reads the guard every `every` nodes, but a limit
// within reach is still read within CheckEvery nodes of it.
func TestBudgetEvery(t *testing.T) {
	f := &clock.Fake{T: time.Second} // the guard has passed
	var b Budget
	b.StartEvery(0, clock.Deadline{Clock: f, At: time.Millisecond}, 4*CheckEvery)
	n := 1
	for !b.Count() {
		n++
	}
	if n != 4*CheckEvery {
		t.Errorf("a passed guard stopped the count at node %d, want %d", n, 4*CheckEvery)
	}
	for _, tt := range []struct{ limit, stop int64 }{
		{1, CheckEvery}, // the first reading: CheckEvery nodes on, not 4*CheckEvery
		{CheckEvery + 1, CheckEvery + 1},
		{10 * CheckEvery, 10 * CheckEvery}, // readings at 4 and 8 CheckEvery, then at the limit
	} {
		b.StartEvery(tt.limit, clock.Deadline{}, 4*CheckEvery)
		for !b.Count() {
		}
		if b.Nodes != tt.stop {
			t.Errorf("limit %d: stopped at node %d, want %d", tt.limit, b.Nodes, tt.stop)
		}
	}
}

// TestBudgetStopsAfter: a charge of StopsAfter()-1 nodes and the Count after it stop the
// search on its limit, one node less does not; a budget past its limit says 1 (the Count
// alone stops it), one without a limit 0.
func TestBudgetStopsAfter(t *testing.T) {
	tests := []struct {
		limit, every, spent int64
	}{
		{limit: 1, every: CheckEvery},
		{limit: 3000, every: CheckEvery, spent: 100},
		{limit: 3000, every: 1 << 15, spent: 2500},
		{limit: 100_000, every: 1 << 15},
		{limit: 100_000, every: 1 << 15, spent: 99_990},
		{limit: 100_000, every: 1 << 15, spent: 200_000},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt), func(t *testing.T) {
			var b Budget
			b.StartEvery(tt.limit, clock.Deadline{}, tt.every)
			b.Charge(tt.spent)
			left := b.StopsAfter()
			if left < 1 {
				t.Fatalf("StopsAfter() = %d, want at least 1", left)
			}
			for _, charge := range []int64{max(left-2, 0), left - 1} {
				c := b
				c.Charge(charge)
				if got, want := c.Count(), charge+1 >= left; got != want {
					t.Errorf("Charge(%d), Count() = %v, want %v (StopsAfter() = %d)", charge, got, want, left)
				}
			}
		})
	}
	var b Budget
	b.StartEvery(0, clock.Deadline{}, CheckEvery)
	if got := b.StopsAfter(); got != 0 {
		t.Errorf("StopsAfter() without a limit = %d, want 0", got)
	}
}

// TestBudgetDeepen: another iteration may start while nodes of the limit are left and the
// search has not stopped, whatever the reading schedule; always without a limit.
func TestBudgetDeepen(t *testing.T) {
	f := &clock.Fake{}
	tests := []struct {
		name  string
		limit int64
		count int64 // nodes counted before asking
		guard bool  // the guard has passed (read at the next scheduled reading)
		want  bool
	}{
		{"fresh", 5000, 0, false, true},
		{"one node left", 5000, 4999, false, true},
		{"limit reached between readings", 5000, 5000, false, false},
		{"stopped on the limit", 5000, 5000 + CheckEvery, false, false},
		{"no limit", 0, 100 * CheckEvery, false, true},
		{"guard passed, no limit", 0, 2 * CheckEvery, true, false},
		{"guard passed, nodes left", 1 << 20, 2 * CheckEvery, true, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f.T = 0
			var b Budget
			b.Start(tc.limit, clock.Deadline{Clock: f, At: time.Second})
			if tc.guard {
				f.T = time.Second
			}
			for b.Nodes < tc.count {
				b.Count()
			}
			if got := b.Deepen(); got != tc.want {
				t.Errorf("Deepen() after %d nodes of %d (stopped %v) = %v, want %v", b.Nodes, tc.limit, b.Stopped, got, tc.want)
			}
		})
	}
}

// TestBudgetUnsettled: an unsettled search stretches the limit by half the starting limit
// at a time, never past the ceiling, and never without one.
func TestBudgetUnsettled(t *testing.T) {
	tests := []struct {
		name           string
		limit, ceiling int64
		calls          int
		want           int64 // nodes a search counts before it stops on its limit
	}{
		{"no ceiling", 4 * CheckEvery, 0, 3, 4 * CheckEvery},
		{"ceiling below the limit", 4 * CheckEvery, 2 * CheckEvery, 3, 4 * CheckEvery},
		{"one stretch", 4 * CheckEvery, 8 * CheckEvery, 1, 6 * CheckEvery},
		{"two stretches", 4 * CheckEvery, 8 * CheckEvery, 2, 8 * CheckEvery},
		{"held at the ceiling", 4 * CheckEvery, 7 * CheckEvery, 5, 7 * CheckEvery},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var b Budget
			b.Start(tc.limit, clock.Deadline{})
			b.SetCeiling(tc.ceiling)
			for range tc.calls {
				b.Unsettled()
			}
			for !b.Count() {
			}
			if b.Nodes != tc.want {
				t.Errorf("limit %d, ceiling %d, %d times unsettled: stopped after %d nodes, want %d", tc.limit, tc.ceiling, tc.calls, b.Nodes, tc.want)
			}
		})
	}
	var b Budget
	b.Start(0, clock.Deadline{})
	b.SetCeiling(100)
	b.Unsettled()
	for range 10 * CheckEvery {
		if b.Count() {
			t.Fatalf("a budget without a limit stopped after %d nodes once unsettled", b.Nodes)
		}
	}
}

// TestWatch: a changed best move, or a score fallen by more than Drop, stretches the
// budget; the same move with a steady, rising or slightly lower score does not.
func TestWatch(t *testing.T) {
	type iteration struct {
		move  int
		score int64
	}
	tests := []struct {
		name string
		its  []iteration
		want int // stretches
	}{
		{"first iteration", []iteration{{1, 0}}, 0},
		{"settled", []iteration{{1, 0}, {1, 5}, {1, 3}}, 0},
		{"move changed", []iteration{{1, 0}, {2, 0}}, 1},
		{"score fell", []iteration{{1, 50}, {1, 39}}, 1},
		{"fell by Drop exactly", []iteration{{1, 50}, {1, 40}}, 0},
		{"changing every time", []iteration{{1, 0}, {2, 0}, {1, 0}, {2, 0}}, 3},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var b Budget
			b.Start(1000, clock.Deadline{})
			b.SetCeiling(1_000_000)
			w := Watch[int]{Drop: 10}
			for _, it := range tc.its {
				w.Completed(&b, it.move, it.score)
			}
			if want := 1000 + int64(tc.want)*500; b.limit != want {
				t.Errorf("after %v: limit %d, want %d (%d stretches)", tc.its, b.limit, want, tc.want)
			}
		})
	}
}
