package tournament

// The SPRT of a tournament (Spec.SPRT; the statistics are internal/sprt's): every pairing
// runs its own test, from its entry A's side (the first entry, the one tested: `-agent
// new=... -agent main=...`, or in a gauntlet entry 1 against each of the others), on its
// pairs of games 2k−1 and 2k, which the referee plays from one opening or deal with the
// colours swapped.
//
// The prefix rule: a pairing's test is computed from its result files alone, over the
// longest run of pairs 1..k all of whose games have results, added in pair order, and it
// decides at the first pair whose LLR crosses a bound. Games played in parallel, and
// play-one's lines run in any order, finish out of order, so results beyond the prefix may
// exist; they are reported but change nothing, so that the same result files give the
// same verdict to the in-process run, to report, to plan and to play-one, and a verdict,
// once made, stays.

import (
	"fmt"
	"io"

	"gameagents/internal/sprt"
)

// pairTest is one pairing's SPRT over its results.
type pairTest struct {
	seq     sprt.Sequential
	results []int // results[n-1]: game n's sprt.Result for entry A; -1 while it has none
	played  int   // games with results
	pairs   int   // pairs counted: the prefix, up to the decision
}

func newPairTest(t *Tournament) *pairTest {
	pt := &pairTest{seq: sprt.Sequential{Test: *t.SPRT}, results: make([]int, t.Games)}
	for i := range pt.results {
		pt.results[i] = -1
	}
	return pt
}

// resultOf is game o's result for the pairing's entry A: a win, draw or loss, whatever
// points the game scores.
func resultOf(o *Outcome) sprt.Result {
	switch o.Winner {
	case 0:
		return sprt.Win
	case 1:
		return sprt.Loss
	}
	return sprt.Draw
}

// add counts a finished game, and the pairs it completes at the end of the prefix.
func (pt *pairTest) add(o *Outcome) {
	n := o.Game.N
	if n < 1 || n > len(pt.results) || pt.results[n-1] >= 0 {
		return
	}
	pt.results[n-1] = int(resultOf(o))
	pt.played++
	for pt.seq.Verdict == sprt.Continue && 2*pt.pairs+2 <= len(pt.results) {
		first, second := pt.results[2*pt.pairs], pt.results[2*pt.pairs+1]
		if first < 0 || second < 0 {
			break
		}
		pt.seq.Add(sprt.Result(first), sprt.Result(second))
		pt.pairs++
	}
}

// decided reports whether the test has accepted a hypothesis.
func (pt *pairTest) decided() bool { return pt.seq.Verdict != sprt.Continue }

// verdict is the test's verdict in a few words: "H1 accepted after 74 pairs",
// "continuing after 12 pairs".
func (pt *pairTest) verdict() string {
	return fmt.Sprintf("%v after %d pairs", pt.seq.Verdict, pt.pairs)
}

// sprtTests are the tests of a tournament's pairings; nil when it has no SPRT, so that
// nothing ever decides.
type sprtTests map[Pairing]*pairTest

// newTests runs every pairing's test over the results done.
func (t *Tournament) newTests(done []Outcome) sprtTests {
	if t.SPRT == nil {
		return nil
	}
	ts := sprtTests{}
	for _, p := range t.Pairings() {
		ts[p] = newPairTest(t)
	}
	for i := range done {
		ts.add(&done[i])
	}
	return ts
}

// add counts a finished game in its pairing's test.
func (ts sprtTests) add(o *Outcome) {
	if pt := ts[o.Game.Pairing()]; pt != nil {
		pt.add(o)
	}
}

// decided reports whether pairing p's test has decided, so that it needs no more games.
func (ts sprtTests) decided(p Pairing) bool {
	pt := ts[p]
	return pt != nil && pt.decided()
}

// needed drops from games those whose pairing's test has decided.
func (ts sprtTests) needed(games []Game) []Game {
	var keep []Game
	for _, g := range games {
		if !ts.decided(g.Pairing()) {
			keep = append(keep, g)
		}
	}
	return keep
}

// pairingTest runs pairing p's test over its result files, for play-one, which needs no
// other pairing's.
func (t *Tournament) pairingTest(p Pairing) (*pairTest, error) {
	pt := newPairTest(t)
	for n := 1; n <= t.Games; n++ {
		o, ok, err := t.ReadResult(Game{A: p.A, B: p.B, N: n})
		if err != nil {
			return nil, err
		}
		if ok {
			pt.add(&o)
		}
	}
	return pt, nil
}

// sprtReport writes pairing p's test: its hypotheses, verdict, LLR and bounds, the games
// and pairs it used, and what those pairs say (sprt.Estimate), all from entry A's side.
func (t *Tournament) sprtReport(w io.Writer, p Pairing, pt *pairTest) {
	test, seq := t.SPRT, &pt.seq
	a, b := t.Entries[p.A].Name, t.Entries[p.B].Name
	fmt.Fprintf(w, "SPRT %s against %s: H0 nElo %s, H1 nElo %s, alpha %s, beta %s\n",
		a, b, number(test.Elo0), number(test.Elo1), number(test.Alpha), number(test.Beta))
	verdict := "no bound crossed yet"
	if 2*pt.pairs == len(pt.results) {
		verdict = fmt.Sprintf("no bound crossed in all %d games: inconclusive", len(pt.results))
	}
	switch seq.Verdict {
	case sprt.AcceptH1:
		verdict = fmt.Sprintf("nElo %s rather than %s", number(test.Elo1), number(test.Elo0))
	case sprt.AcceptH0:
		verdict = fmt.Sprintf("nElo %s rather than %s", number(test.Elo0), number(test.Elo1))
	}
	lower, upper := test.Bounds()
	rows := seq.Counts.Rows()
	rows[0][1] += " (" + a + "'s games)"
	lines := append([][2]string{
		{"verdict", pt.verdict() + ": " + verdict},
		{"LLR", fmt.Sprintf("%.3f, bounds [%.3f, %.3f]", seq.LLR, lower, upper)},
		{"used", pt.used()},
	}, rows...)
	for _, l := range lines {
		fmt.Fprintf(w, "  %-8s %s\n", l[0], l[1])
	}
}

// used says which games the test used, and what became of the pairing's others.
func (pt *pairTest) used() string {
	s := fmt.Sprintf("%d pairs", pt.pairs)
	if pt.pairs > 0 {
		s += fmt.Sprintf(", games 1-%d", 2*pt.pairs)
	}
	switch extra := pt.played - 2*pt.pairs; {
	case extra > 0 && pt.decided():
		s += fmt.Sprintf("; %d more games played after the decision are not used", extra)
	case extra > 0:
		s += fmt.Sprintf("; %d more games played wait for pair %d (games %d and %d)", extra, pt.pairs+1, 2*pt.pairs+1, 2*pt.pairs+2)
	}
	return s
}
