package tournament

// Running a tournament on this machine: the missing games, a few at a time, each result
// written as soon as its game ends.

import (
	"context"
	"fmt"
	"sync"
)

// Run plays every game of t that has no result yet, up to parallel at once, with runner,
// writing each result as its game ends and telling progress (which may be nil). It stops at
// the first error (a game the runner could not play, a result it could not write, or ctx
// cancelled); the games finished by then keep their results, so a run again resumes.
func (t *Tournament) Run(ctx context.Context, runner GameRunner, parallel int, progress *Progress) error {
	if parallel < 1 {
		return fmt.Errorf("parallel %d, want at least 1", parallel)
	}
	done, missing, err := t.Results()
	if err != nil {
		return err
	}
	if progress != nil {
		progress.Start(t, done, len(missing))
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		mu       sync.Mutex
		firstErr error
		wg       sync.WaitGroup
	)
	queue := make(chan Game)
	go func() {
		defer close(queue)
		for _, g := range missing {
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
				o, err := t.play(ctx, runner, g)
				if err != nil {
					fail(err)
					return
				}
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

// play plays game g and writes its result.
func (t *Tournament) play(ctx context.Context, runner GameRunner, g Game) (Outcome, error) {
	r, err := runner.Play(ctx, g)
	if err != nil {
		return Outcome{}, fmt.Errorf("game %s (%s vs %s): %w", g.ID(), t.Entries[g.A].Name, t.Entries[g.B].Name, err)
	}
	o := outcomeOf(g, &r)
	return o, t.writeOutcome(&o)
}
