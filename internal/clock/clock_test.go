package clock

import (
	"testing"
	"time"
)

// TestProcessClockCountsWork: the process clock advances while this goroutine computes.
func TestProcessClockCountsWork(t *testing.T) {
	c := Process{}
	t0 := c.Used()
	x := 0
	for c.Used()-t0 < 20*time.Millisecond {
		for i := 0; i < 100000; i++ {
			x += i
		}
	}
	if used := c.Used() - t0; used < 20*time.Millisecond || t0 <= 0 {
		t.Errorf("Used advanced %v from %v, want at least 20ms from a positive start (%d)", used, t0, x)
	}
}

func TestDeadline(t *testing.T) {
	f := &Fake{T: time.Second}
	d := Deadline{Clock: f, At: 2 * time.Second}
	if d.Passed() {
		t.Errorf("Deadline at 2s Passed() at 1s = true, want false")
	}
	f.T = 2 * time.Second
	if !d.Passed() {
		t.Errorf("Deadline at 2s Passed() at 2s = false, want true")
	}
	if (Deadline{}).Passed() {
		t.Errorf("zero Deadline Passed() = true, want never")
	}
}
