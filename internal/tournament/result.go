package tournament

// Result files: one small TSV file per game (a header and one line), written atomically
// once the game is over, so that a file that exists is a finished game and a run again
// plays only the games whose file is missing.

import (
	"cmp"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"gameagents/internal/gamefile"
	"gameagents/internal/referee"
)

// resultHeader is the first line of a result file. a and b are the pairing's entries (the
// referee's agents A and B); first and winner are A or B (winner - for a draw); points are
// each agent's points at the end, "-" for games that score none; cpu_a and cpu_b are the CPU
// time each agent was charged for each of its moves, in order, in milliseconds separated
// by commas ("-" for an agent that made none); moves is the game's digest of its moves
// (referee.Result.Digest, 16 hex digits), by which the report finds repeated games.
const resultHeader = "game\ta\tb\ta_side\tb_side\tfirst\twinner\tkind\tplies\tpoints_a\tpoints_b\tcpu_a\tcpu_b\tmoves\treason"

// resultHeader2 and resultHeader1 are the headers of the result files written before the
// moves' digest, and before their CPU times, were kept; they are read as results without
// them.
const (
	resultHeader2 = "game\ta\tb\ta_side\tb_side\tfirst\twinner\tkind\tplies\tpoints_a\tpoints_b\tcpu_a\tcpu_b\treason"
	resultHeader1 = "game\ta\tb\ta_side\tb_side\tfirst\twinner\tkind\tplies\tpoints_a\tpoints_b\treason"
)

// maxMoveMillis bounds a move's CPU time a result file may claim: a day.
const maxMoveMillis = 86_400_000

// maxPoints bounds the points a result file may claim: far above any game's.
const maxPoints = 1000000

// kinds are the ways a game can end, as results name them.
var kinds = []referee.Ending{referee.EndWin, referee.EndDraw, referee.EndTime, referee.EndNoOutput,
	referee.EndBad, referee.EndNoMove, referee.EndPlyCap, referee.EndResign, referee.EndDisk}

// kindNames lists kinds for messages.
func kindNames() string {
	names := make([]string, len(kinds))
	for i, k := range kinds {
		names[i] = string(k)
	}
	return strings.Join(names, ", ")
}

// Outcome is a finished game as its result file records it.
type Outcome struct {
	Game   Game
	Sides  [2]string // the game's side each agent played
	First  int       // the agent (0 A, 1 B) that moved first
	Winner int       // 0 or 1, or -1 for a draw
	Ending referee.Ending
	Plies  int
	Scored bool
	Points [2]int
	CPU    [2][]int // each agent's moves' CPU times in ms; nil in files without them
	Digest string   // the moves' digest, 16 hex digits; "" when unknown ("-" in the file)
	Reason string
}

// outcomeOf is the outcome of game g as the referee reported it.
func outcomeOf(g Game, r *referee.Result) Outcome {
	return Outcome{
		Game: g, Sides: [2]string{r.SideNames[r.Side[0]], r.SideNames[r.Side[1]]},
		First: r.First, Winner: r.Winner, Ending: r.Ending, Plies: r.Plies,
		Scored: r.Scored, Points: r.Points, Reason: r.Reason,
		CPU:    [2][]int{millis(r.MoveCPU[0]), millis(r.MoveCPU[1])},
		Digest: digestText(r.Digest),
	}
}

// digestText writes a game's digest as its result field's 16 hex digits; a zero digest is a
// result no game loop made (every digest starts from FNV's offset): "" for unknown.
func digestText(d uint64) string {
	if d == 0 {
		return ""
	}
	return fmt.Sprintf("%016x", d)
}

// millis rounds each duration to whole milliseconds.
func millis(d []time.Duration) []int {
	out := make([]int, len(d))
	for i, v := range d {
		out[i] = int(v.Round(time.Millisecond) / time.Millisecond)
	}
	return out
}

// formatCPU writes a move list's CPU times as a result field.
func formatCPU(ms []int) string {
	if len(ms) == 0 {
		return "-"
	}
	parts := make([]string, len(ms))
	for i, v := range ms {
		parts[i] = strconv.Itoa(v)
	}
	return strings.Join(parts, ",")
}

// parseCPU reads a result field of move CPU times, each checked against maxMoveMillis,
// and no more of them than plies.
func parseCPU(s string, plies int) ([]int, error) {
	if s == "-" {
		return []int{}, nil
	}
	parts := strings.Split(s, ",")
	if len(parts) > plies+1 { // the losing move is run for without being a ply
		return nil, fmt.Errorf("%d move times for %d plies", len(parts), plies)
	}
	out := make([]int, len(parts))
	for i, p := range parts {
		v, err := strconv.Atoi(p)
		if err != nil || v < 0 || v > maxMoveMillis {
			return nil, fmt.Errorf("move time %q, want whole milliseconds from 0 to %d", gamefile.Clip(p), maxMoveMillis)
		}
		out[i] = v
	}
	return out, nil
}

// format writes o as its result file's two lines, with the entries' names.
func (o *Outcome) format(t *Tournament) []byte {
	letter := func(a int) string { return [...]string{"-", "A", "B"}[a+1] }
	points := [2]string{"-", "-"}
	if o.Scored {
		points = [2]string{strconv.Itoa(o.Points[0]), strconv.Itoa(o.Points[1])}
	}
	fields := []string{o.Game.ID(), t.Entries[o.Game.A].Name, t.Entries[o.Game.B].Name,
		o.Sides[0], o.Sides[1], letter(o.First), letter(o.Winner), string(o.Ending), strconv.Itoa(o.Plies),
		points[0], points[1], formatCPU(o.CPU[0]), formatCPU(o.CPU[1]), cmp.Or(o.Digest, "-"), oneLine(o.Reason)}
	return gamefile.JoinLines([]string{resultHeader, strings.Join(fields, "\t")})
}

// oneLine keeps text on one TSV field: tabs and line breaks become spaces.
func oneLine(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '\t' || r == '\n' || r == '\r' {
			return ' '
		}
		return r
	}, s)
}

// writeOutcome records a game's result; the file appears whole or not at all, and never
// over a result already written (errPlayedElsewhere).
func (t *Tournament) writeOutcome(o *Outcome) error {
	path := t.ResultPath(o.Game)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	err := gamefile.WriteNew(path, o.format(t))
	if errors.Is(err, gamefile.ErrExists) {
		return errPlayedElsewhere
	}
	return err
}

// ReadResult reads game g's result file: ok is false when the game has not been played. A
// file that is not a result of this game of this tournament is an error naming its path
// and line.
func (t *Tournament) ReadResult(g Game) (o Outcome, ok bool, err error) {
	path := t.ResultPath(g)
	if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
		return o, false, nil
	}
	lines, err := gamefile.ReadLines(path)
	if err != nil {
		var e *gamefile.Error
		if errors.As(err, &e) {
			e.File = path
		}
		return o, false, err
	}
	o, err = t.parseResult(path, g, lines)
	return o, err == nil, err
}

// parseResult parses the lines of game g's result file at path.
func (t *Tournament) parseResult(path string, g Game, lines []gamefile.Line) (Outcome, error) {
	o := Outcome{Game: g}
	if len(lines) != 2 {
		return o, gamefile.Errorf(path, 0, "%d lines, want 2 (the header and the result)", len(lines))
	}
	want := 15
	switch lines[0].Text {
	case resultHeader:
	case resultHeader2:
		want = 14
	case resultHeader1:
		want = 12
	default:
		return o, gamefile.Errorf(path, 1, "not a result file's header")
	}
	bad := func(format string, args ...any) (Outcome, error) {
		return o, gamefile.Errorf(path, 2, format, args...)
	}
	f := strings.Split(lines[1].Text, "\t")
	if len(f) != want {
		return bad("%d fields, want %d", len(f), want)
	}
	if f[0] != g.ID() || f[1] != t.Entries[g.A].Name || f[2] != t.Entries[g.B].Name {
		return bad("the result of game %s between %s and %s, want game %s between %s and %s",
			gamefile.Clip(f[0]), gamefile.Clip(f[1]), gamefile.Clip(f[2]), g.ID(), t.Entries[g.A].Name, t.Entries[g.B].Name)
	}
	o.Sides = [2]string{f[3], f[4]}
	if f[3] == "" || f[4] == "" || f[3] == f[4] {
		return bad("sides %q and %q, want two different names", gamefile.Clip(f[3]), gamefile.Clip(f[4]))
	}
	var ok bool
	if o.First, ok = agentLetter(f[5], false); !ok {
		return bad("first %q, want A or B", gamefile.Clip(f[5]))
	}
	if o.Winner, ok = agentLetter(f[6], true); !ok {
		return bad("winner %q, want A, B or -", gamefile.Clip(f[6]))
	}
	if o.Ending = referee.Ending(f[7]); !slices.Contains(kinds, o.Ending) {
		return bad("kind %q, want one of %s", gamefile.Clip(f[7]), kindNames())
	}
	if (o.Ending == referee.EndDraw) != (o.Winner < 0) && o.Ending != referee.EndNoMove && o.Ending != referee.EndPlyCap {
		return bad("kind %q with winner %q", o.Ending, f[6])
	}
	var err error
	if o.Plies, err = strconv.Atoi(f[8]); err != nil || o.Plies < 0 || o.Plies > maxPlies {
		return bad("plies %q, want a whole number from 0 to %d", gamefile.Clip(f[8]), maxPlies)
	}
	if o.Scored, o.Points, err = parsePoints(f[9], f[10]); err != nil {
		return bad("%v", err)
	}
	o.Reason = f[len(f)-1]
	if want == 15 {
		if o.Digest = f[13]; o.Digest == "-" {
			o.Digest = ""
		} else if !isDigest(o.Digest) {
			return bad("moves %q, want 16 hex digits or -", gamefile.Clip(f[13]))
		}
	}
	if want >= 14 {
		for a := range 2 {
			if o.CPU[a], err = parseCPU(f[11+a], o.Plies); err != nil {
				return bad("cpu_%c: %v", 'a'+a, err)
			}
		}
	}
	return o, nil
}

// isDigest reports whether s is a moves digest as format writes it: 16 lower-case hex digits.
func isDigest(s string) bool {
	if len(s) != 16 {
		return false
	}
	for _, r := range s {
		if !strings.ContainsRune("0123456789abcdef", r) {
			return false
		}
	}
	return true
}

// agentLetter reads A (0) or B (1), and - (-1) when draw allows it.
func agentLetter(s string, draw bool) (int, bool) {
	switch {
	case s == "A":
		return 0, true
	case s == "B":
		return 1, true
	case s == "-" && draw:
		return -1, true
	}
	return 0, false
}

// parsePoints reads both agents' points: two numbers, or two "-" for a game without them.
func parsePoints(a, b string) (bool, [2]int, error) {
	var p [2]int
	if a == "-" && b == "-" {
		return false, p, nil
	}
	for i, s := range []string{a, b} {
		v, err := strconv.Atoi(s)
		if err != nil || v < -maxPoints || v > maxPoints {
			return false, p, fmt.Errorf("points %q, want a whole number from %d to %d, or - for both", gamefile.Clip(s), -maxPoints, maxPoints)
		}
		p[i] = v
	}
	return true, p, nil
}

// Results reads the result files of every game played so far, in schedule order, and
// lists the games still missing.
func (t *Tournament) Results() (done []Outcome, missing []Game, err error) {
	for _, g := range t.Schedule() {
		o, ok, err := t.ReadResult(g)
		switch {
		case err != nil:
			return nil, nil, err
		case ok:
			done = append(done, o)
		default:
			missing = append(missing, g)
		}
	}
	return done, missing, nil
}
