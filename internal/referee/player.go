package referee

// Players as a kind: how an agent command becomes a Player for one game. The kind is chosen
// by a prefix of the command ("gtp:"); a command without a registered prefix is a
// file-protocol agent (agent.go). A new kind is a file that implements Player and registers
// its prefix from init; the game loop (loop.go) knows no kind.

import (
	"context"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"gameagents/internal/cgroup"
	"gameagents/internal/rules"
	"gameagents/internal/sandbox"
)

// Player is an agent in one game, started by its Kind in the agent's directory. The loop
// calls its methods from the game's goroutine: Move on each of the agent's turns, Played
// for every move the agent did not make itself, Close once at the end, however the game
// ended.
type Player interface {
	// Move plays the agent's turn. An error means the referee could not go on (it could
	// not write a file, ctx was cancelled); anything the agent did wrong is in the Answer.
	Move(ctx context.Context, t *Turn) (Answer, error)
	// Played tells the player a move made by the referee (an opening move) or by its
	// opponent: side moved, move as Match.Play logged it.
	Played(side int, move string)
	// Close ends whatever the player runs: nothing it started outlives the game.
	Close()
}

// Seat is what a Kind is given to start a Player for a game.
type Seat struct {
	Config  *Config
	Agent   int         // 0 for agent A, 1 for B
	Command string      // the agent command without the kind's prefix
	Dir     string      // the agent's directory for this game, fresh (prepareDirs)
	Log     string      // the file for its stdout, stderr and any transcript
	Match   rules.Match // the game as it starts, before any opening move
	Total   time.Duration
	Who     string // how messages name the agent, e.g. "alpha (BLACK)"
}

// Turn is one move asked of a Player.
type Turn struct {
	Ply   int         // 1-based, counting opening moves
	Side  int         // the player's side, the side to move in Match
	Match rules.Match // the position; the player reads it (Input, ToMove) and never plays on it
	// Limit is the CPU time the move may use: the mover's time left (GAME mode) or the
	// time of a move (SINGLE).
	Limit time.Duration
}

// Answer is what a move came to: the bytes to judge, the time to charge, or why the move is
// lost before it is judged.
type Answer struct {
	Output []byte        // judged with Match.Play like an output.txt
	CPU    time.Duration // charged: user+sys
	User   time.Duration // the user part, charged alone with Config.UserOnly
	Wall   time.Duration
	Exit   string // "" for a clean exit or a process still running; else how it ended
	// Killed, when not empty, says that the move overstayed its wall limit and was
	// killed: it loses on time whatever its clock says.
	Killed string
	// Untimed: the CPU time is recorded and charged to the clock, and never loses.
	Untimed bool
	// Lost, when not nil, is a fault that loses without judging Output (no output.txt, an
	// engine that exited), once the clock has been checked.
	Lost *Loss
	// Source names the answer in a judge's error, e.g. "`genmove white` was answered D3";
	// "" when the error speaks for itself (an output.txt).
	Source string
	Notes  []string // tolerated irregularities, for the record
}

// Loss is why a move lost the game.
type Loss struct {
	Ending Ending // why the game ended
	Reason string
	// Alert, when not empty, is printed as a warning while the match runs: something
	// someone should look into, e.g. "the judge and the engine disagree on the rules".
	Alert string
}

// AgentKind is a way of running agents, chosen by the prefix of their commands.
type AgentKind struct {
	Prefix string // e.g. "gtp:"
	// Start starts the agent for a game. An error stops the match: it is the command or
	// the setup at fault, not a move.
	Start func(ctx context.Context, s *Seat) (Player, error)
	// Check, when not nil, fails a match this kind cannot play before its first game.
	// command is the agent's command without the prefix.
	Check func(cfg *Config, a int, command string) error
	// Note, when not nil, says for records and summaries how agent a is run and charged,
	// or "".
	Note func(cfg *Config, a int) string
}

// AgentKinds are the kinds of agent a match knows besides the file protocol's, each chosen by
// its prefix; fileKind serves every command without one. The caller passes them in
// (Config.Kinds): homework gives GTP (this package's) and course players (internal/course),
// so that no kind joins by the side effect of an import.
type AgentKinds []AgentKind

// Check says what is wrong with the kinds: a kind without a prefix or a Start function,
// or two whose prefixes overlap (one would hide the other).
func (ks AgentKinds) Check() error {
	for i, k := range ks {
		if k.Prefix == "" || k.Start == nil {
			return fmt.Errorf("agent kind %d: want a prefix and a Start function", i+1)
		}
		for _, o := range ks[:i] {
			if strings.HasPrefix(o.Prefix, k.Prefix) || strings.HasPrefix(k.Prefix, o.Prefix) {
				return fmt.Errorf("agent kind %q overlaps %q", k.Prefix, o.Prefix)
			}
		}
	}
	return nil
}

// Of returns the kind of an agent command and the command without its prefix (leading
// blanks before a prefix are dropped); a command without one is a file-protocol agent,
// returned unchanged.
func (ks AgentKinds) Of(command string) (AgentKind, string) {
	trimmed := strings.TrimLeft(command, " \t")
	for _, k := range ks {
		if rest, ok := strings.CutPrefix(trimmed, k.Prefix); ok {
			return k, rest
		}
	}
	return fileKind, command
}

// Split returns the kind prefix of an agent command ("gtp:", "course:"; "" for a
// file-protocol agent) and the command after it.
func (ks AgentKinds) Split(command string) (prefix, rest string) {
	k, rest := ks.Of(command)
	return k.Prefix, rest
}

// AgentLabel names agent a in messages: its letter, the flag that gave it, and its name
// when it has one, e.g. "agent A (-a, alice)".
func (cfg *Config) AgentLabel(a int) string {
	label := fmt.Sprintf("agent %s (-%s", letters[a], strings.ToLower(letters[a]))
	if name := cfg.Agents[a].Name; name != "" {
		label += ", " + name
	}
	return label + ")"
}

// CheckAgents fails a match whose agents could not play, each by its kind's rules.
func CheckAgents(cfg *Config) error {
	if err := cfg.Kinds.Check(); err != nil {
		return err
	}
	for a, ag := range cfg.Agents {
		if k, rest := cfg.Kinds.Of(ag.Command); k.Check != nil {
			if err := k.Check(cfg, a, rest); err != nil {
				return err
			}
		}
	}
	return nil
}

// AgentNotes says, for records and summaries, how the agents that are not plain commands
// are run and charged; nil when there are none.
func AgentNotes(cfg *Config) []string {
	var notes []string
	for a, ag := range cfg.Agents {
		if k, _ := cfg.Kinds.Of(ag.Command); k.Note != nil {
			if note := k.Note(cfg, a); note != "" {
				notes = append(notes, note)
			}
		}
	}
	return notes
}

// startPlayers starts both agents of a game. On an error the players already started are
// closed.
func startPlayers(ctx context.Context, g *GameInfo, dirs, logs [2]string) ([2]Player, error) {
	var players [2]Player
	for a, ag := range g.Config.Agents {
		k, rest := g.Config.Kinds.Of(ag.Command)
		p, err := k.Start(ctx, &Seat{Config: g.Config, Agent: a, Command: rest, Dir: dirs[a], Log: logs[a],
			Match: g.Match, Total: g.Config.total(), Who: g.Who(a)})
		if err != nil {
			closePlayers(players)
			return players, err
		}
		players[a] = p
	}
	return players, nil
}

func closePlayers(players [2]Player) {
	for _, p := range players {
		if p != nil {
			p.Close()
		}
	}
}

// StartProcess starts an agent's command in dir, in a process group of its own (its pid is
// the group's id), so that a kill reaches every process it starts; nil streams are
// /dev/null. With a box (Config.Box) it runs in the sandbox, which also shows it the paths
// its command names; the box's own CPU time is then startup's, known once the process has
// ended (nil without a box). It builds the command and starts it through Launch, where
// every agent process of every kind starts, so that whatever must wrap them all is added
// in one place.
func StartProcess(command, dir string, box *sandbox.Box, stdin io.Reader, stdout, stderr io.Writer) (cmd *exec.Cmd, startup *sandbox.Startup, err error) {
	return startIn(nil, nil, command, dir, box, stdin, stdout, stderr)
}

// startIn is StartProcess with the process begun in group (nil: where the referee is) and
// under caps (nil: none).
func startIn(group *cgroup.Group, caps *cgroup.Capped, command, dir string, box *sandbox.Box, stdin io.Reader, stdout, stderr io.Writer) (cmd *exec.Cmd, startup *sandbox.Startup, err error) {
	cmd = commandFor(command)
	cmd.Dir = dir
	cmd.Stdin, cmd.Stdout, cmd.Stderr = stdin, stdout, stderr
	if startup, err = Launch(cmd, box, sandbox.PathsIn(command), group, caps); err != nil {
		return nil, nil, err
	}
	return cmd, startup, nil
}

// Launch starts cmd, an agent's process of any kind (a course player's Python driver
// too), the one way every agent process starts: in a process group of its own (its pid is
// the group's id, so that a kill reaches everything it starts); in the sandbox when box is
// not nil, seeing the paths read besides the box's own; and in its control groups (group,
// caps; nil: none) from its first instruction. The box's own CPU time is startup's, known
// once the process has ended (nil without a box).
func Launch(cmd *exec.Cmd, box *sandbox.Box, read []string, group *cgroup.Group, caps *cgroup.Capped) (startup *sandbox.Startup, err error) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if box != nil {
		b := *box
		b.Read = append(slices.Clone(b.Read), read...)
		if startup, err = b.Wrap(cmd); err != nil {
			return nil, err
		}
	}
	// A process that escaped the group could hold a pipe the exec package copies from
	// open for ever: Wait gives up on it after this. (*os.File streams need no copying.)
	cmd.WaitDelay = time.Second
	// In its groups from its first instruction; after the box, which sets SysProcAttr anew.
	if err = cgroup.Start(cmd, group, caps); err != nil {
		if startup != nil {
			startup.Abandon()
		}
		return nil, err
	}
	if startup != nil {
		startup.Started(cmd.Process.Pid)
	}
	return startup, nil
}

// Box is the sandbox an agent process of this match runs in, with dir its working
// directory and read the further paths it is shown, or nil when Sandbox says to run agents
// directly (Off, or Auto where the sandbox does not work). The match's records folder and
// the Private directories are hidden from it. It fails for On where the sandbox does not
// work.
func (cfg *Config) Box(dir string, read ...string) (*sandbox.Box, error) {
	use, _, err := sandbox.Use(cfg.Sandbox)
	if !use || err != nil {
		return nil, err
	}
	var hide []string
	for _, d := range append([]string{cfg.Out}, cfg.Private...) {
		abs, err := filepath.Abs(d)
		if err != nil {
			return nil, err
		}
		hide = append(hide, abs)
	}
	return &sandbox.Box{Dir: dir, Read: read, Hide: hide}, nil
}
