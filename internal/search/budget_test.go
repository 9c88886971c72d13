package search

import (
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
