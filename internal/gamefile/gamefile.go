// Package gamefile reads and writes the files of the grader contract that every game shares
// (see docs/contract.md): line-numbered text with tolerant line endings, the three-line
// input.txt header, and atomic replacement of a file.
//
// Reading input: CRLF, trailing spaces and trailing blank lines are accepted and removed;
// every other irregularity is the game's to reject, with the file and line in the error.
// Writing: every line ends with a single LF and the file appears whole or not at all
// (temporary file in the same directory, then rename).
package gamefile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"unicode"
)

// MaxInputBytes bounds what is read of an input file: the largest real input is a few
// kilobytes, so anything near this is not a game file.
const MaxInputBytes = 1 << 20

// Line is one line of a text file with its 1-based number.
type Line struct {
	Num  int
	Text string
}

// Error is a problem at a line of a file; it prints as "file:line: problem".
type Error struct {
	File string
	Line int // 0 when the problem concerns the whole file
	Msg  string
}

func (e *Error) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("%s: %s", e.File, e.Msg)
	}
	return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
}

// Errorf builds an *Error.
func Errorf(file string, line int, format string, args ...any) *Error {
	return &Error{File: file, Line: line, Msg: fmt.Sprintf(format, args...)}
}

// ReadLines reads a text file of at most MaxInputBytes and splits it into lines, removing
// a CR before each LF, trailing spaces and tabs, and trailing blank lines. Only a regular
// file is read: the file is opened without blocking (a named pipe with no writer would
// otherwise hold the opener for ever) and anything else is an error naming what it is.
func ReadLines(path string) ([]Line, error) { return ReadLinesUpTo(path, MaxInputBytes) }

// MaxRecordBytes bounds what is read of a referee's record: a game's header and its plies'
// lines, a few hundred bytes each, up to hundreds of thousands of plies.
const MaxRecordBytes = 64 << 20

// ReadLinesUpTo is ReadLines for a file of at most most bytes.
func ReadLinesUpTo(path string, most int) ([]Line, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|openNonBlocking, 0)
	if err != nil {
		return nil, &Error{File: filepath.Base(path), Msg: errorText(err)}
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, &Error{File: filepath.Base(path), Msg: errorText(err)}
	}
	if !st.Mode().IsRegular() {
		return nil, &Error{File: filepath.Base(path), Msg: "not a regular file but " + fileKind(st.Mode())}
	}
	data, err := io.ReadAll(io.LimitReader(f, int64(most)+1))
	if err != nil {
		return nil, &Error{File: filepath.Base(path), Msg: errorText(err)}
	}
	if len(data) > most {
		return nil, Errorf(filepath.Base(path), 0, "larger than %d bytes", most)
	}
	return SplitLines(string(data)), nil
}

// fileKind names a file mode that is not a regular file's.
func fileKind(m os.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&os.ModeNamedPipe != 0:
		return "a named pipe"
	case m&os.ModeSocket != 0:
		return "a socket"
	case m&os.ModeDevice != 0:
		return "a device"
	}
	return "a special file"
}

func errorText(err error) string {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// SplitLines splits text as ReadLines does.
func SplitLines(text string) []Line {
	raw := strings.Split(text, "\n")
	lines := make([]Line, 0, len(raw))
	for i, s := range raw {
		s = strings.TrimRight(s, "\r")
		s = strings.TrimRight(s, " \t")
		lines = append(lines, Line{Num: i + 1, Text: s})
	}
	for len(lines) > 0 && lines[len(lines)-1].Text == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// Mode says what the time on line 3 of input.txt covers.
type Mode uint8

const (
	// Single: one isolated move; the time is for this move alone.
	Single Mode = iota
	// GameClock: a move of a game in progress; the time is all that is left on the
	// mover's clock for the rest of the game ("GAME" in input.txt).
	GameClock
)

func (m Mode) String() string {
	if m == Single {
		return "SINGLE"
	}
	return "GAME"
}

// Header is the first three lines of every input.txt.
type Header struct {
	Mode    Mode
	Side    Line    // the game's own token for the side to move; the game checks it
	Seconds float64 // CPU seconds: for this move (Single) or left in the game (Game)
	Time    string  // line 3 as written
}

// ParseHeader parses the first three lines of lines; the rest is the game's body.
func ParseHeader(file string, lines []Line) (Header, []Line, error) {
	var h Header
	if len(lines) < 3 {
		return h, nil, Errorf(file, len(lines)+1, "missing line: want SINGLE or GAME, the side to move, and the time on lines 1-3")
	}
	switch lines[0].Text {
	case "SINGLE":
		h.Mode = Single
	case "GAME":
		h.Mode = GameClock
	default:
		return h, nil, Errorf(file, 1, "got %q, want SINGLE or GAME", Clip(lines[0].Text))
	}
	h.Side = lines[1]
	secs, err := ParseSeconds(lines[2].Text)
	if err != nil {
		return h, nil, Errorf(file, 3, "%v", err)
	}
	h.Seconds = secs
	h.Time = lines[2].Text
	return h, lines[3:], nil
}

// FirstSecond are the line-2 tokens of the games whose players are named by the order they
// move in (Quoridor, ŠTREKY): FIRST is player 0, who made the game's first move, SECOND
// player 1.
var FirstSecond = [2]string{"FIRST", "SECOND"}

// SideIndex returns which of the game's two side names line 2 holds (0 or 1), or an error
// naming the line.
func (h Header) SideIndex(file string, names [2]string) (int, error) {
	for i, name := range names {
		if h.Side.Text == name {
			return i, nil
		}
	}
	return 0, Errorf(file, h.Side.Num, "got %q, want %s or %s", Clip(h.Side.Text), names[0], names[1])
}

// BodyReader hands out the body lines of an input.txt (after the header) one at a time,
// for games whose body is a sequence of named lines: a missing line is an error naming the
// line after the last, and End reports lines left over.
type BodyReader struct {
	file    string
	rest    []Line
	missing int // the number a missing line would have
}

// NewBodyReader reads body, the lines ParseHeader left of lines.
func NewBodyReader(file string, lines, body []Line) *BodyReader {
	return &BodyReader{file: file, rest: body, missing: len(lines) + 1}
}

// Next returns the next line; what says what was wanted, for the error when there is none.
func (r *BodyReader) Next(what string) (Line, error) {
	if len(r.rest) == 0 {
		return Line{}, Errorf(r.file, r.missing, "missing line: want %s", what)
	}
	l := r.rest[0]
	r.rest = r.rest[1:]
	return l, nil
}

// End returns an error naming the first line left over, if any; after says what it follows.
func (r *BodyReader) End(after string) error {
	if len(r.rest) > 0 {
		return Errorf(r.file, r.rest[0].Num, "unexpected line after %s", after)
	}
	return nil
}

// ParseSeconds parses a strictly positive, finite decimal number of seconds, in any of the
// forms graders write: 300, 100.0, 99.6900000000001, 0.01, 1e-05.
func ParseSeconds(s string) (float64, error) {
	if s == "" {
		return 0, errors.New("empty time, want a positive number of seconds")
	}
	for _, r := range s {
		if !strings.ContainsRune("0123456789.eE+-", r) {
			return 0, fmt.Errorf("time %q is not a decimal number", Clip(s))
		}
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return 0, fmt.Errorf("time %q is not a decimal number", Clip(s))
	}
	if math.IsInf(v, 0) || math.IsNaN(v) || v <= 0 {
		return 0, fmt.Errorf("time %q must be a positive, finite number of seconds", Clip(s))
	}
	return v, nil
}

// FormatSeconds writes a time as a grader would: the shortest decimal that reads back the same.
func FormatSeconds(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// Bounds of the texts a person gives that go into specs and records, one line each.
const (
	MaxNameBytes    = 100  // an agent's name: a column of tables
	MaxCommandBytes = 4096 // an agent's command line
	MaxSetupBytes   = 1000 // a game's -setup
)

// CheckText reports why s cannot be a line's text of a spec or a record: a control
// character (a newline would start a line of its own and a terminal's escape would reach
// whoever reads the record) or more than most bytes. The error names the character.
func CheckText(s string, most int) error {
	for i, r := range s {
		if unicode.IsControl(r) {
			return fmt.Errorf("a control character (%U) at byte %d: want one line of printable text", r, i)
		}
	}
	if len(s) > most {
		return fmt.Errorf("%d bytes long, want at most %d", len(s), most)
	}
	return nil
}

// Clip shortens text quoted in an error message to 40 bytes.
func Clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}

// WriteAtomic replaces path with content: a temporary file in the same directory is
// written and renamed over path, so a reader (or a kill) sees the old file or the new one,
// never a part. There is no fsync: it guards against a crash of the machine, not of the
// process, and costs milliseconds of CPU that a 0.01 s move does not have.
func WriteAtomic(path string, content []byte) error {
	tmp, err := writeTemp(path, content)
	if err != nil {
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}

// ErrExists is WriteNew's error when path exists already.
var ErrExists = errors.New("exists already")

// WriteNew writes content to path, whole, only if path does not exist: a temporary file in
// the same directory is written and hard-linked to path, which fails (ErrExists) when path
// exists, atomically on local file systems and on NFS, so that of two writers one wins and
// the other learns it.
func WriteNew(path string, content []byte) error {
	tmp, err := writeTemp(path, content)
	if err != nil {
		return err
	}
	defer os.Remove(tmp)
	if err := os.Link(tmp, path); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return ErrExists
		}
		return err
	}
	return nil
}

// writeTemp writes content to a new temporary file beside path, readable by all, and
// returns its name.
func writeTemp(path string, content []byte) (string, error) {
	f, err := os.CreateTemp(filepath.Dir(path), tempPattern(filepath.Base(path)))
	if err != nil {
		return "", err
	}
	tmp := f.Name()
	_, err = f.Write(content)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp, 0o644)
	}
	if err != nil {
		os.Remove(tmp)
		return "", err
	}
	return tmp, nil
}

// CheckWritable returns why WriteAtomic cannot write in dir, or nil: it creates one of its
// temporary files there and removes it. For a tool that would otherwise learn it only
// after its work.
func CheckWritable(dir string) error {
	f, err := os.CreateTemp(dir, tempPattern("check"))
	if err != nil {
		return errors.New(errorText(err))
	}
	name := f.Name()
	f.Close()
	return os.Remove(name)
}

// tempPattern names WriteAtomic's temporary files: "." + the file's name + ".tmp" + random.
func tempPattern(name string) string { return "." + name + ".tmp*" }

// RemoveStaleTemps deletes the temporary files WriteAtomic left in dir for the given file
// names when its process was killed between creating and renaming them.
func RemoveStaleTemps(dir string, names ...string) {
	if dir == "" {
		dir = "."
	}
	for _, n := range names {
		stale, _ := filepath.Glob(filepath.Join(dir, tempPattern(n)))
		for _, f := range stale {
			os.Remove(f)
		}
	}
}

// JoinLines joins lines, each ended by a single LF.
func JoinLines(lines []string) []byte {
	var sb strings.Builder
	for _, l := range lines {
		sb.WriteString(l)
		sb.WriteByte('\n')
	}
	return []byte(sb.String())
}

// NamedGames are the games whose input.txt names them by the first word of line 4
// ("HIVE 13 4 5"), upper case as written there; the game's Name is the word in lower case.
var NamedGames = []string{"HIVE", "QUORIDOR", "STREKY"}

// Recognize is the one rule by which every binary and the validator tell which game an
// input.txt holds (docs/contract.md), from the shape of line 4 alone, so that a
// malformed input of a game is still that game's and its parser names the fault:
//
//   - line 4's first word (fields split at spaces and tabs) is one of NamedGames, in any
//     case: that game ("hive"); its parser then rejects a word not written in upper case;
//   - line 4 is a board row, one word of B, W and . only: Reversi when it has 8 cells
//     (8×8), otherwise Halma (16×16), unless it is shorter than 8 cells and the body has
//     no more than 8 lines, which fits neither board.
//
// It returns the game's name, or an error for lines of no game: the header's fault when
// it has one, since that is every game's, otherwise what line 4 should be.
func Recognize(file string, lines []Line) (string, error) {
	if name := recognize(lines); name != "" {
		return name, nil
	}
	if _, _, err := ParseHeader(file, lines); err != nil {
		return "", err
	}
	const want = "want a board row of B, W and . (Halma, Reversi) or a line starting with HIVE, QUORIDOR or STREKY"
	if len(lines) < 4 {
		return "", Errorf(file, len(lines)+1, "missing line: %s", want)
	}
	return "", Errorf(file, 4, "got %q: %s", Clip(lines[3].Text), want)
}

// Pick returns the game of games (each known by its Name) that lines hold, by Recognize:
// homework, the single-game binaries and the validator all choose with it, so that an
// input gets the same verdict from each. The header's faults come first, as every game's
// parser names them first; then an input of a game not among games is an error.
func Pick[G interface{ Name() string }](file string, games []G, lines []Line) (G, error) {
	var none G
	if _, _, err := ParseHeader(file, lines); err != nil {
		return none, err
	}
	name, err := Recognize(file, lines)
	if err != nil {
		return none, err
	}
	if g, ok := Named(games, name); ok {
		return g, nil
	}
	var names []string
	for _, g := range games {
		names = append(names, g.Name())
	}
	return none, Errorf(file, 4, "an input of %s, not of %s", name, strings.Join(names, " or "))
}

// Named returns the game of games called name (agent.Game, rules.Game: each is known by
// its Name), and whether there is one.
func Named[G interface{ Name() string }](games []G, name string) (G, bool) {
	for _, g := range games {
		if g.Name() == name {
			return g, true
		}
	}
	var none G
	return none, false
}

func recognize(lines []Line) string {
	if len(lines) < 4 {
		return ""
	}
	line := lines[3].Text
	if words := strings.Fields(line); len(words) > 0 {
		for _, g := range NamedGames {
			if strings.EqualFold(words[0], g) {
				return strings.ToLower(g)
			}
		}
	}
	if line == "" || strings.Trim(line, "BW.") != "" {
		return ""
	}
	switch body := len(lines) - 3; {
	case len(line) == 8:
		return "reversi"
	case len(line) > 8 || body > 8:
		return "halma"
	}
	return ""
}
