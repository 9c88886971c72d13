// Package referee plays whole games between two agent commands the way the official
// CSCI-561 game master did, and validates single moves the way its validator did. It knows
// no game: each game plugs in through the game contract below it (internal/rules: Game and
// Match; Halma's is halma.Game), so the same referee serves every game of the project.
//
// What a match guarantees, per game:
//
//   - Each agent runs in its own directory (<out>/game-NN/agent-A, agent-B), created for the
//     game, with no playdata.txt (the master deleted it before each game) and, if one was
//     given, a copy of calibration.txt.
//   - Every turn the referee removes output.txt, writes a fresh input.txt for the side to
//     move, and runs the agent's command in that directory (directly when it is plain
//     words, else with /bin/sh -c), in a process group of its own. Line 3 of input.txt is
//     the mover's CPU time left in the game (GAME mode) or the fixed time of every move
//     (SINGLE mode).
//   - The CPU time charged for a move is user+sys of the whole process tree that the shell
//     waited for, as the kernel reports it on wait4, process start-up included. The master
//     charged user time only (/usr/bin/time -f %U), so the referee is slightly stricter.
//   - A move still running when its time plus the grace (the master's 10 s) has passed on the
//     wall clock is killed with its whole process group and loses on time. After every
//     move, GAME mode subtracts the CPU time from the mover's clock and a clock at or below
//     zero loses; SINGLE mode loses a move that used more than its time. The master only
//     noticed an exhausted clock at the player's next turn ("Not running X because of
//     negative remaining time"), so an over-time winning move still won there; here it
//     loses at once, which is what the rules say.
//   - A missing output.txt, a malformed one, or an illegal move loses, and the reason says
//     exactly what was wrong. Judging is as tolerant as the official Halma validator: a
//     missing final LF and CRLF line endings are accepted with a warning, unless strict.
//   - After each move the game's own rules decide a win (Match.Over). A side with no legal
//     move, or a game that reaches the ply cap, ends with the Halma draw rule: the player
//     with more CPU time left wins (in SINGLE mode, the one that used less); equal is a draw.
//   - A game whose rules score points (its Match is a Scorer, as Hive's is) leaves both
//     agents' points in each record and in the summary; a game with options (Configurable,
//     -setup) plays with the ones given, and the records say which. A game dealt before its
//     first move (Dealt, as ŠTREKY's cards are) plays a new deal every two games, once in
//     each order, as an opening is shared; the records name the deal.
//
// How it is built:
//
//   - The game loop (loop.go) plays one game as a small state machine: opening (the match's
//     opening moves, played by the referee), then next (has the game ended by its rules, the
//     ply cap, or a side without a move?) and move (ask, charge, check the clock, judge) in
//     turn, then finish. PlayGame plays game n of a match; n alone decides colours, first
//     mover, opening and deal, so any game can be played on its own. Run plays a match's
//     games on top of it, up to Parallel at once.
//   - Listeners hear each game: GameStarted, Played for every ply (opening moves, accepted
//     moves, the move that lost, a side left without a move), GameEnded with the final
//     Result, all from the game's goroutine and in that order. The record writer (record.go,
//     Recorder), the scrolling printer (printer.go), the live board that a terminal gets
//     instead of the printer's board per ply (live.go) and the summary (summary.go) are
//     listeners; the loop itself prints nothing and writes no record. The printer and the
//     summary are shared by games played in parallel and lock; a Recorder serves one game
//     at a time. Callers add their own (Config.Listeners): the replay page, which draws,
//     lives outside this package (internal/replay), which knows no picture.
//   - Players (player.go) are the agents in a game, one kind per prefix of the agent
//     command: a plain command is a file-protocol agent (agent.go), run once per move;
//     "gtp:<command>" is a GTP engine (gtp.go, the kind GTP), and the caller may pass others
//     (internal/course's course players): a match knows the kinds in its Config.Kinds, and
//     no kind joins by an import's side effect. A kind starts a Player for a game in the
//     agent's directory; the loop asks it for moves (its Answer: the output to judge, the
//     CPU and wall time to charge, or why the move is already lost), tells it the moves it
//     did not make, and closes it whatever happened. A new kind implements Player and is
//     passed in with its prefix (AgentKinds); the loop does not change. Every agent process
//     of every kind is started by Launch, in a process group of its own.
//
// A GTP engine (gtp.go) serves games whose Match implements GTPMatch: started once per game
// in the agent's directory and its own process group, asked "genmove <colour>" on its turns
// and told the other agent's moves with "play", every move judged like any agent's. It is
// charged, at each move, the CPU time its process group used since its previous move, read
// from /proc/PID/stat in clock ticks (10 ms); the same wall limit and clock rules apply,
// unless Config.GTPUntimed (-gtp-untimed) records its time without enforcing it. A "?"
// answer, an exit or a malformed answer loses.
//
// Every game leaves a record (<out>/game-NN.txt: header, one line per ply, result; its
// format is in record.go), written whole when the game ends, so that a record that exists
// is a finished game's; the match leaves a summary (<out>/summary.tsv), rewritten as games
// end, besides the table printed at the end.
package referee
