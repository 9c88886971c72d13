package serve

// A feed: a state that changes, and the long polls waiting for its next version. A table, an
// analysis and a watched match each publish their state through one; the page asks for a
// version past the one it shows and is answered at the next change, or after Poll.

import (
	"context"
	"sync"
	"time"
)

// stamped is a state that carries its version, for the page.
type stamped[T any] interface {
	*T
	stamp(version int)
}

// feed holds a state of type T and its version. Its mutex also guards whatever its owner
// keeps beside the state.
type feed[T any, P stamped[T]] struct {
	sync.Mutex
	st      T
	version int
	changed chan struct{} // closed at the next change
	clone   func(T) T     // a copy the page may read while the state changes
}

func newFeed[T any, P stamped[T]](st T, clone func(T) T) *feed[T, P] {
	return &feed[T, P]{st: st, changed: make(chan struct{}), clone: clone}
}

// update changes the state; the caller does not hold the lock.
func (f *feed[T, P]) update(change func(*T)) {
	f.Lock()
	f.updateLocked(change)
	f.Unlock()
}

// updateLocked changes the state, bumps its version and wakes the polls; the caller holds
// the lock.
func (f *feed[T, P]) updateLocked(change func(*T)) {
	change(&f.st)
	f.version++
	P(&f.st).stamp(f.version)
	close(f.changed)
	f.changed = make(chan struct{})
}

// wait returns a copy of the state once its version is past after, or as it is after
// timeout or when ctx ends.
func (f *feed[T, P]) wait(ctx context.Context, after int, timeout time.Duration) T {
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	for {
		f.Lock()
		st, v, ch := f.clone(f.st), f.version, f.changed
		f.Unlock()
		if v > after {
			return st
		}
		select {
		case <-ch:
		case <-timer.C:
			return st
		case <-ctx.Done():
			return st
		}
	}
}
