// Package course lets the referee play a student's course-style player.py (the CTU courses'
// Python interface) for Hive, ŠTREKY, Reversi and the Quoridor variant, as each course's
// harness runs it. docs/course-players.md is the user's guide; this comment states how.
//
// One Python process per game runs the embedded driver (driver.py, `python3 -u -c`), in its
// own process group, with the working directory the caller gives and the player's directory
// first on sys.path, so that the student's own base.py or obstacle.py from the course kit is
// the one imported; nothing of the kits is part of this repository. The driver builds the
// player object once per game (Options.PerMove: once per move, as the Reversi course's
// dataset test does) and between moves sets its variables and calls its methods as the
// course's harness does (games.go has each game's conventions).
//
// Invariants:
//
//   - The protocol is one JSON line per order on fd 3 and one per reply on fd 4
//     (cmd.ExtraFiles). The player's stdout and stderr are a pipe this package drains into
//     a log capped at Options.LogCap, so print() spam can neither corrupt the protocol nor
//     fill the disk, nor block the player.
//   - Every call of the player's code (constructor, each method) is timed by the driver
//     around the call, in wall time, as the courses measure it, and a call over
//     Options.Limit loses on time. Every wait for the driver has a deadline (the limit plus
//     Options.Grace, or Options.LoadLimit for the import): a call that never returns is
//     killed with its process group.
//   - A failure is an *Error whose Kind the referee records: the last lines of the
//     traceback for an exception, what was returned and the shape wanted for a malformed
//     value, which call and how long for a timeout, the exit status for a dead process.
//     After one, the process is killed and every later Move returns the same error.
//   - The bridge converts and does not judge: the move comes back as output.txt bytes that
//     the referee judges like any agent's.
package course

import (
	"fmt"
	"io"
	"time"

	"gameagents/internal/sandbox"
)

// Defaults of Options.
const (
	DefaultLimit     = time.Second      // the courses' limit on the constructor and each move call
	DefaultGrace     = 2 * time.Second  // how long past the limit a call may run before the kill
	DefaultLoadLimit = 10 * time.Second // importing player.py: not a course limit, a guard against hangs
	DefaultLogCap    = 1 << 20          // bytes of the player's output kept in the log
	DefaultLogin     = "course"         // the login / name given to the constructor
)

// Options configure a course player. The zero value is the courses' setting outside their
// tournaments (Tournament false).
type Options struct {
	Limit      time.Duration // wall time of one call of the player's code; 0: DefaultLimit
	Grace      time.Duration // past Limit before the process is killed; 0: DefaultGrace
	LoadLimit  time.Duration // importing player.py; 0: DefaultLoadLimit
	PerMove    bool          // a new player object every move (Reversi and Hive only)
	Tournament bool          // the value of self.tournament (Hive, ŠTREKY)
	Login      string        // the constructor's login / player name; "": DefaultLogin
	Class      string        // the player's class; "": the course's (Player, or MyPlayer for Reversi)
	Python     string        // the interpreter; "": python3 from PATH
	Log        io.Writer     // the player's stdout and stderr, and full tracebacks; nil: discarded
	LogCap     int64         // bytes of the player's output written to Log; 0: DefaultLogCap
	// Box, when not nil, is the sandbox the Python process runs in (the player's directory
	// is shown to it read-only); nil runs it directly.
	Box *sandbox.Box
}

func (o Options) withDefaults() Options {
	if o.Limit <= 0 {
		o.Limit = DefaultLimit
	}
	if o.Grace <= 0 {
		o.Grace = DefaultGrace
	}
	if o.LoadLimit <= 0 {
		o.LoadLimit = DefaultLoadLimit
	}
	if o.Login == "" {
		o.Login = DefaultLogin
	}
	if o.Python == "" {
		o.Python = "python3"
	}
	if o.Log == nil {
		o.Log = io.Discard
	}
	if o.LogCap <= 0 {
		o.LogCap = DefaultLogCap
	}
	return o
}

// Kind is why a course player lost: what a referee records.
type Kind string

const (
	// Time: a call took longer than Options.Limit, or was still running at the limit plus
	// the grace and was killed.
	Time Kind = "time"
	// Exception: the player's code raised; the reason ends with the traceback's last lines.
	Exception Kind = "exception"
	// Malformed: a method returned a value of the wrong shape.
	Malformed Kind = "malformed"
	// Died: the Python process ended during a call (os._exit, a crash, a kill).
	Died Kind = "died"
	// Broken: the player cannot be run as the course's player: no class of the course's
	// name, a missing method, the kit's obstacle.py not importable, a game it cannot join.
	Broken Kind = "broken"
)

// Error is a course player's failure.
type Error struct {
	Kind   Kind
	Call   string // the call that failed, e.g. "move()", "Player.__init__()", "import player.py"
	Reason string // one line for the record, naming the call
	Detail string // the whole traceback or the output's tail, for the log; may be ""
}

func (e *Error) Error() string { return e.Reason }

func timeReason(call string, wall, limit time.Duration) string {
	return fmt.Sprintf("%s took %s of wall time, over the %s limit", call, seconds(wall), seconds(limit))
}

// seconds writes a duration for people: "1.503 s".
func seconds(d time.Duration) string { return fmt.Sprintf("%.3f s", d.Seconds()) }
