// Package tournament plays all-against-all tournaments between agent commands over the
// referee, and reports them the way the courses rank players.
//
// A tournament is a directory: its spec (tournament.txt: the entries, the game and its
// setup, the time, the games per pairing K, the ply cap; openings.txt beside it), one
// result file per finished game (results/A-B-N.tsv) and the referee's records (games/A-B/,
// with the pairing's replay page, built from the games' files there after every game and
// by the report). Every pairing of two entries A < B plays K games, K even; game N of a
// pairing is game N of `homework referee -games K` between them (colours and first mover
// alternating, each opening or deal played from both sides), so a game is a unit of work
// with a stable ID, "A-B-N", that any process given the spec can play.
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
//
// Games are played through GameRunner, so the scheduling, resuming and reporting are
// tested with a fake; RefereeRunner is the real one. The statistics (stats.go) are a
// maximum-likelihood Elo fit with Fisher-information intervals and the likelihood of
// superiority.
package tournament
