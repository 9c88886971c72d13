package tournament

// Running a tournament on this machine: the missing games, a few at a time, each result
// written as soon as its game ends; with an SPRT, a pairing's games stop as soon as its
// test decides.

import (
	"context"
	"errors"
	"fmt"
	"sync"
)

// Run plays every game of t that has no result yet, up to parallel at once, with runner,
// writing each result as its game ends and telling progress (which may be nil). It stops at
// the first error (a game the runner could not play, a result it could not write, or ctx
// cancelled); the games finished by then keep their results, so a run again resumes.
//
// With an SPRT, a pairing whose test has decided starts no more games, and its games still
// running are cancelled (leaving no result, like any interrupted game); the run ends when
// every pairing has decided or played all its games. Other runs of the same tournament
// (claim.go) count too: before each game the run reads the results they have written
// since it looked, so that every run stops when the test decides, whichever played the
// deciding game.
func (t *Tournament) Run(ctx context.Context, runner GameRunner, parallel int, progress *Progress) error {
	if parallel < 1 {
		return fmt.Errorf("parallel %d, want at least 1", parallel)
	}
	done, missing, err := t.Results()
	if err != nil {
		return err
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	s := &stopper{ctx: ctx, tests: t.newTests(done), running: map[Pairing]*pairingRun{}, unknown: map[Game]bool{}}
	if s.tests != nil { // only a test reads what other runs wrote (adopt)
		for _, g := range missing {
			s.unknown[g] = true
		}
	}
	missing = s.tests.needed(missing)
	if progress != nil {
		progress.Start(t, done)
	}
	var (
		mu       sync.Mutex
		firstErr error
		wg       sync.WaitGroup
	)
	queue := make(chan Game)
	go func() {
		defer close(queue)
		for _, g := range missing {
			if s.stopped(g) {
				continue
			}
			select {
			case queue <- g:
			case <-ctx.Done():
				return
			}
		}
	}()
	fail := func(err error) {
		mu.Lock()
		defer mu.Unlock()
		if firstErr == nil {
			firstErr = err
		}
		cancel()
	}
	for range min(parallel, len(missing)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for g := range queue {
				if ctx.Err() != nil {
					return
				}
				if err := s.adopt(t, progress); err != nil {
					fail(err)
					return
				}
				gctx, ok := s.start(g)
				if !ok {
					continue
				}
				o, skipped, err := t.play(gctx, runner, g)
				decided := gctx.Err() != nil && ctx.Err() == nil // its pairing's test, while it ran
				s.end(g)
				switch {
				case err != nil && decided:
					continue
				case err != nil:
					fail(err)
					return
				case skipped != "":
					if progress != nil {
						progress.Note(skipped)
					}
					continue
				}
				s.finish(&o)
				if progress != nil {
					progress.Add(o)
				}
			}
		}()
	}
	wg.Wait()
	if progress != nil {
		progress.Finish()
	}
	if firstErr == nil {
		firstErr = ctx.Err()
	}
	return firstErr
}

// stopper keeps a run's SPRTs: which pairings have decided, and the games each pairing has
// running, under a context that is cancelled when its test decides.
type stopper struct {
	ctx     context.Context
	mu      sync.Mutex
	tests   sprtTests // nil without an SPRT: nothing stops
	running map[Pairing]*pairingRun
	unknown map[Game]bool // games whose results this run has not counted yet
}

// pairingRun is the context of a pairing's running games and how many there are.
type pairingRun struct {
	ctx    context.Context
	cancel context.CancelFunc
	games  int
}

// start returns the context to play g in, or false when its pairing has decided.
func (s *stopper) start(g Game) (context.Context, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.tests == nil {
		return s.ctx, true
	}
	p := g.Pairing()
	if s.tests.decided(p) {
		return nil, false
	}
	r := s.running[p]
	if r == nil {
		r = &pairingRun{}
		r.ctx, r.cancel = context.WithCancel(s.ctx)
		s.running[p] = r
	}
	r.games++
	return r.ctx, true
}

// end notes that g is no longer running, and releases its pairing's context with its
// last game.
func (s *stopper) end(g Game) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p := g.Pairing()
	if r := s.running[p]; r != nil {
		if r.games--; r.games == 0 {
			r.cancel()
			delete(s.running, p)
		}
	}
}

// stopped reports whether g's pairing has decided.
func (s *stopper) stopped(g Game) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.tests.decided(g.Pairing())
}

// finish counts a finished game; when it decides its pairing's test, the pairing's games
// still running are cancelled.
func (s *stopper) finish(o *Outcome) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.count(o)
}

// count is finish under the lock.
func (s *stopper) count(o *Outcome) {
	p := o.Game.Pairing()
	delete(s.unknown, o.Game)
	s.tests.add(o)
	if r := s.running[p]; r != nil && s.tests.decided(p) {
		r.cancel()
	}
}

// adopt counts the results of the SPRT's undecided pairings that other runs have written
// since this run looked, in the tests and in progress (which may be nil). Without an SPRT
// nothing stops, unknown stays empty, and it reads nothing.
func (s *stopper) adopt(t *Tournament, progress *Progress) error {
	s.mu.Lock()
	var look []Game
	for g := range s.unknown {
		if !s.tests.decided(g.Pairing()) {
			look = append(look, g)
		}
	}
	s.mu.Unlock()
	for _, g := range look {
		o, ok, err := t.ReadResult(g)
		if err != nil {
			return err
		}
		if !ok {
			continue
		}
		s.mu.Lock()
		counted := !s.unknown[g] // this run finished it meanwhile
		if !counted {
			s.count(&o)
		}
		s.mu.Unlock()
		if !counted && progress != nil {
			progress.Adopt(o)
		}
	}
	return nil
}

// play plays game g and writes its result, holding its claim (claim.go) meanwhile. When
// another process holds the claim, or g has a result already, or another run writes one
// first, it plays or writes nothing and skipped says so.
func (t *Tournament) play(ctx context.Context, runner GameRunner, g Game) (o Outcome, skipped string, err error) {
	what := fmt.Sprintf("game %s (%s vs %s)", g.ID(), t.Entries[g.A].Name, t.Entries[g.B].Name)
	release, holder, err := t.claim(g)
	if err != nil {
		return o, "", fmt.Errorf("%s: cannot claim it: %w", what, err)
	}
	if holder != "" {
		return o, fmt.Sprintf("%s not played: another run is playing it (%s)", what, holder), nil
	}
	defer release()
	// A result may have appeared since the caller looked: the run that wrote it held the
	// claim until then.
	if prev, ok, err := t.ReadResult(g); err != nil || ok {
		if err != nil {
			return o, "", err
		}
		return o, "not played again: " + t.describe(&prev), nil
	}
	r, err := runner.Play(ctx, g)
	if err == nil && ctx.Err() != nil {
		// Cancelled as it ended: its agents may have been killed rather than lost, so
		// it is not a result (an interrupted game is played again from its start).
		err = ctx.Err()
	}
	if err != nil {
		return o, "", fmt.Errorf("%s: %w", what, err)
	}
	o = outcomeOf(g, &r)
	if err := t.writeOutcome(&o); errors.Is(err, errPlayedElsewhere) {
		return Outcome{}, fmt.Sprintf("%s: its result not written: %v", what, err), nil
	} else if err != nil {
		return o, "", err
	}
	return o, "", nil
}
