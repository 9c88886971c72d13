// Package tournament plays tournaments between agent commands over the referee, reports
// them the way the courses rank players, and tests a new build against the last with a
// sequential probability ratio test.
//
// A tournament is a directory: its spec (tournament.txt: the entries, the game and its
// setup, the time, the games per pairing K, the ply cap, the format, the SPRT;
// openings.txt beside it), one result file per finished game (results/A-B-N.tsv) and the
// referee's records (games/A-B/, with the pairing's replay page, built from the games'
// files there after every game and by the report). The format makes the pairings: every
// two entries A < B in a round robin, entry 1 with each other in a gauntlet. Every pairing
// plays K games, K even; game N of a pairing is game N of `homework referee -games K`
// between them (colours and first mover alternating, games 2k−1 and 2k played from one
// opening or deal with the colours swapped), so a game is a unit of work with a stable ID,
// "A-B-N", that any process given the spec can play.
//
// With an SPRT (sprt.go over internal/sprt), each pairing tests entry A's normalized Elo
// against B on its pairs of games 2k−1 and 2k, and needs no more games once its test
// decides; K is then the most it plays. The test is computed from the result files alone,
// over the longest run of complete pairs 1..k in order, stopping at the first crossing of
// a bound, so that results finishing out of order (parallel games, a plan's lines run in
// any order) cannot change a verdict, and run, report, plan and play-one agree on it.
//
// Invariants:
//   - A result file exists exactly when its game is finished: it is written whole or not
//     at all (gamefile.WriteAtomic) after the game ends, so a run again plays only the
//     games without one, and an interrupted game is played again from its start.
//   - Nothing read from a spec or a result file is trusted: each field is range-checked
//     and must belong to this tournament (a result names its game and both entries);
//     errors name the file and line.
//   - The report is made from the result files alone, so the in-process run, and plan +
//     any runner + report, print the same bytes.
//   - A pairing's SPRT verdict, once made, stays: later results are reported, not counted.
//
// Games are played through GameRunner, so the scheduling, resuming, stopping and reporting
// are tested with a fake; RefereeRunner is the real one. The statistics (stats.go) are a
// maximum-likelihood Elo fit with Fisher-information intervals and the likelihood of
// superiority; the SPRT's are internal/sprt's (pentanomial counts, the generalized LLR on
// normalized Elo, score and Elo intervals from the pairs' variance), and so are the pairs'
// estimates a report without an SPRT gives.
package tournament
