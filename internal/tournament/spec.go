package tournament

// The spec file: everything a tournament is (its entries, the game and its setup, the time,
// the games per pairing, the ply cap, the openings, the format and the SPRT), written once
// into the tournament's directory so that any machine given its path can play any game of
// it or report on it.

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"gameagents/internal/gamefile"
	"gameagents/internal/referee"
	"gameagents/internal/rules"
	"gameagents/internal/sprt"
)

// SpecName is the spec's file name in a tournament's directory; the results are written
// beside it, so the spec's path alone names the whole tournament.
const SpecName = "tournament.txt"

// OpeningsName is the copy of the openings file a tournament plays, beside its spec.
const OpeningsName = "openings.txt"

// CalibrationName is the copy of the calibration.txt every agent's directory gets, beside
// the spec: one file for every game, so that machines sharing the work size our agents'
// searches alike (measure it on the slowest of them).
const CalibrationName = "calibration.txt"

// maxGrace is the longest -grace a spec takes: a day.
const maxGrace = 86400

// specMagic is the spec's first line: the format and its version.
const specMagic = "gameagents tournament 1"

// Limits on what a spec may ask for, so that a hand-edited or damaged spec cannot make a
// tournament allocate or schedule without bound.
const (
	MaxEntries = 1000
	MaxGames   = 10000   // per pairing
	MaxTotal   = 1000000 // games in all
	maxPlies   = 1000000
)

// Entry is one agent of a tournament: a name for tables and records, and an agent command
// as the referee accepts it (a file-protocol command, or gtp:CMD).
type Entry struct {
	Name    string
	Command string
}

// Spec is a tournament as its spec file records it.
type Spec struct {
	Game     string // the game's name, as referee -game takes it
	Setup    string // the game's -setup, "" for its usual game
	Mode     gamefile.Mode
	Seconds  float64 // GAME: each side's total; SINGLE: per move
	Games    int     // games per pairing, even, so that each agent plays each side equally
	Plies    int     // the ply cap
	Openings bool    // the games start from the openings in OpeningsName beside the spec
	// Calibration: every agent's directory gets a copy of CalibrationName beside the spec.
	Calibration bool
	GTPUntimed  bool    // GTP engines' CPU time is recorded but never loses on time
	GTPPonder   bool    // GTP engines are not frozen between their turns
	UHPBestmove string  // what UHP engines are asked after bestmove; "" for the move's time
	Grace       float64 // wall seconds a move may run past its time; 0 for the referee's default
	// Gauntlet: entry 1 plays each of the others, and they do not meet (the spec's line
	// "format gauntlet"); otherwise every entry plays every other, a round robin.
	Gauntlet bool
	// SPRT, when set, is the test every pairing runs on its pairs of games (sprt.go);
	// Games is then the most a pairing plays.
	SPRT    *sprt.Test
	Entries []Entry
}

// namePattern is what an entry's name may be: one word that is safe in tables, TSV and
// directory names.
var namePattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._+-]*$`)

// Check says what is wrong with s, or nil: the rules both a new spec and a spec read back
// from a file obey.
func (s *Spec) Check() error {
	switch {
	case len(s.Entries) < 2:
		return fmt.Errorf("%d entries, want at least 2", len(s.Entries))
	case len(s.Entries) > MaxEntries:
		return fmt.Errorf("%d entries, want at most %d", len(s.Entries), MaxEntries)
	case s.Games < 2 || s.Games%2 != 0 || s.Games > MaxGames:
		return fmt.Errorf("%d games per pairing, want an even number from 2 to %d (each agent plays each side equally)", s.Games, MaxGames)
	case s.pairingCount()*s.Games > MaxTotal:
		return fmt.Errorf("%d entries playing %d games per pairing make more than %d games", len(s.Entries), s.Games, MaxTotal)
	case s.Plies < 1 || s.Plies > maxPlies:
		return fmt.Errorf("ply cap %d, want 1 to %d", s.Plies, maxPlies)
	case !(s.Seconds > 0) || s.Seconds > 1e6:
		return fmt.Errorf("time %v, want a positive number of seconds up to 1e6", s.Seconds)
	case s.Mode != gamefile.Single && s.Mode != gamefile.GameClock:
		return errors.New("time mode must be single or game")
	case !(s.Grace >= 0 && s.Grace <= maxGrace):
		return fmt.Errorf("grace %v, want 0 to %d seconds", s.Grace, maxGrace)
	}
	if s.SPRT != nil {
		if err := s.SPRT.Check(); err != nil {
			return fmt.Errorf("sprt: %v", err)
		}
		if len(s.Entries) != 2 && !s.Gauntlet {
			return fmt.Errorf("sprt with %d entries: want two entries, or the gauntlet format (each pairing then runs its own test)", len(s.Entries))
		}
	}
	if err := gamefile.CheckText(s.Setup, gamefile.MaxSetupBytes); err != nil {
		return fmt.Errorf("setup %q: %v", gamefile.Clip(s.Setup), err)
	}
	seen := map[string]bool{}
	for _, e := range s.Entries {
		if len(e.Name) > gamefile.MaxNameBytes {
			return fmt.Errorf("entry name %q: %d bytes long, want at most %d", gamefile.Clip(e.Name), len(e.Name), gamefile.MaxNameBytes)
		}
		if !namePattern.MatchString(e.Name) {
			return fmt.Errorf("entry name %q: want letters, digits and . _ + - (a letter or digit first)", gamefile.Clip(e.Name))
		}
		if seen[e.Name] {
			return fmt.Errorf("entry name %q is given twice", e.Name)
		}
		seen[e.Name] = true
		if err := checkCommand(e.Command); err != nil {
			return fmt.Errorf("entry %s: %v", e.Name, err)
		}
	}
	return nil
}

// kindPrefix splits off the prefix an agent command of a kind other than the file
// protocol's starts with ("gtp:", "course:"): a lowercase word and a colon, before any
// blank. Which kinds a run knows is the runner's (Tournament.Kinds); the spec only checks
// the command after the prefix.
func kindPrefix(command string) (prefix, rest string) {
	trimmed := strings.TrimLeft(command, " \t")
	i := strings.IndexByte(trimmed, ':')
	if i <= 0 || strings.TrimLeft(trimmed[:i], "abcdefghijklmnopqrstuvwxyz") != "" {
		return "", command
	}
	return trimmed[:i+1], trimmed[i+1:]
}

// checkCommand refuses a command the referee could not run from an agent's directory: an
// empty one, one spanning lines, or one whose program is a relative path (agents run in
// directories of their own, where it would not resolve).
func checkCommand(command string) error {
	_, rest := kindPrefix(command)
	words := strings.Fields(rest)
	switch {
	case len(words) == 0:
		return errors.New("empty command")
	case strings.ContainsAny(command, "\n\r"):
		return errors.New("the command spans lines")
	case gamefile.CheckText(command, gamefile.MaxCommandBytes) != nil:
		return fmt.Errorf("the command: %v", gamefile.CheckText(command, gamefile.MaxCommandBytes))
	case strings.Contains(words[0], "/") && !filepath.IsAbs(words[0]):
		return fmt.Errorf("the program %q is a relative path; agents run in directories of their own: give an absolute path", gamefile.Clip(words[0]))
	}
	return nil
}

// Format writes s as its spec file.
func (s *Spec) Format() []byte {
	mode := "game"
	if s.Mode == gamefile.Single {
		mode = "single"
	}
	lines := []string{
		specMagic,
		"game " + s.Game,
		"time " + mode + " " + gamefile.FormatSeconds(s.Seconds),
		"games " + strconv.Itoa(s.Games),
		"plies " + strconv.Itoa(s.Plies),
	}
	if s.Setup != "" {
		lines = append(lines, "setup "+s.Setup)
	}
	if s.Openings {
		lines = append(lines, "openings "+OpeningsName)
	}
	if s.Calibration {
		lines = append(lines, "calibration "+CalibrationName)
	}
	if gtp := gtpWords(s); gtp != "" {
		lines = append(lines, "gtp "+gtp)
	}
	if s.UHPBestmove != "" {
		lines = append(lines, "uhp-bestmove "+s.UHPBestmove)
	}
	if s.Grace > 0 {
		lines = append(lines, "grace "+gamefile.FormatSeconds(s.Grace))
	}
	if s.Gauntlet {
		lines = append(lines, "format gauntlet")
	}
	if t := s.SPRT; t != nil {
		lines = append(lines, "sprt "+strings.Join([]string{number(t.Elo0), number(t.Elo1), number(t.Alpha), number(t.Beta)}, " "))
	}
	for _, e := range s.Entries {
		lines = append(lines, "entry "+e.Name+" "+e.Command)
	}
	return gamefile.JoinLines(lines)
}

// gtpWords is the spec's gtp line's value: untimed and ponder as set, "" for neither.
func gtpWords(s *Spec) string {
	var w []string
	if s.GTPUntimed {
		w = append(w, "untimed")
	}
	if s.GTPPonder {
		w = append(w, "ponder")
	}
	return strings.Join(w, " ")
}

// ReadSpec reads a spec file; its errors name the path and the line.
func ReadSpec(path string) (*Spec, error) {
	lines, err := gamefile.ReadLines(path)
	if err != nil {
		var e *gamefile.Error
		if errors.As(err, &e) {
			e.File = path
		}
		return nil, err
	}
	return parseSpec(path, lines)
}

// parseSpec parses the lines of the spec file at path.
func parseSpec(path string, lines []gamefile.Line) (*Spec, error) {
	if len(lines) == 0 || lines[0].Text != specMagic {
		return nil, gamefile.Errorf(path, 1, "not a tournament spec: want the first line %q", specMagic)
	}
	s := &Spec{}
	seen := map[string]int{}
	for _, l := range lines[1:] {
		key, value, _ := strings.Cut(l.Text, " ")
		if key == "" || strings.HasPrefix(key, "#") {
			continue
		}
		if prev := seen[key]; prev != 0 && key != "entry" {
			return nil, gamefile.Errorf(path, l.Num, "%q again (first on line %d)", key, prev)
		}
		seen[key] = l.Num
		if err := s.setField(key, strings.TrimSpace(value)); err != nil {
			return nil, gamefile.Errorf(path, l.Num, "%v", err)
		}
	}
	for _, key := range []string{"game", "time", "games", "plies", "entry"} {
		if seen[key] == 0 {
			return nil, gamefile.Errorf(path, 0, "no %q line", key)
		}
	}
	if err := s.Check(); err != nil {
		return nil, gamefile.Errorf(path, 0, "%v", err)
	}
	return s, nil
}

// setField sets the field a spec line names.
func (s *Spec) setField(key, value string) error {
	var err error
	switch key {
	case "game":
		s.Game = value
	case "setup":
		s.Setup = value
	case "time":
		mode, secs, _ := strings.Cut(value, " ")
		switch mode {
		case "single":
			s.Mode = gamefile.Single
		case "game":
			s.Mode = gamefile.GameClock
		default:
			return fmt.Errorf("time %q: want \"single SECONDS\" or \"game SECONDS\"", gamefile.Clip(value))
		}
		s.Seconds, err = gamefile.ParseSeconds(secs)
	case "games":
		s.Games, err = boundedInt(value, MaxGames)
	case "plies":
		s.Plies, err = boundedInt(value, maxPlies)
	case "openings":
		if value != OpeningsName {
			return fmt.Errorf("openings %q: want %s (the copy beside the spec)", gamefile.Clip(value), OpeningsName)
		}
		s.Openings = true
	case "calibration":
		if value != CalibrationName {
			return fmt.Errorf("calibration %q: want %s (the copy beside the spec)", gamefile.Clip(value), CalibrationName)
		}
		s.Calibration = true
	case "gtp":
		words := strings.Fields(value)
		for _, w := range words {
			switch w {
			case "untimed":
				s.GTPUntimed = true
			case "ponder":
				s.GTPPonder = true
			default:
				return fmt.Errorf("gtp %q: want untimed, ponder or both", gamefile.Clip(value))
			}
		}
		if len(words) == 0 {
			return errors.New("gtp: want untimed, ponder or both")
		}
	case "uhp-bestmove":
		if err := gamefile.CheckText(value, 100); err != nil || strings.TrimSpace(value) == "" {
			return fmt.Errorf("uhp-bestmove %q: want the arguments of a bestmove command, e.g. seconds 0.3", gamefile.Clip(value))
		}
		s.UHPBestmove = value
	case "grace":
		s.Grace, err = gamefile.ParseSeconds(value)
	case "format":
		if value != "gauntlet" {
			return fmt.Errorf("format %q: want gauntlet (a round robin, the default, has no line)", gamefile.Clip(value))
		}
		s.Gauntlet = true
	case "sprt":
		s.SPRT, err = parseSPRT(value)
	case "entry":
		name, command, _ := strings.Cut(value, " ")
		s.Entries = append(s.Entries, Entry{Name: name, Command: strings.TrimSpace(command)})
		if len(s.Entries) > MaxEntries {
			return fmt.Errorf("more than %d entries", MaxEntries)
		}
	default:
		return fmt.Errorf("unknown key %q: want game, setup, time, games, plies, openings, calibration, gtp, grace, format, sprt or entry", gamefile.Clip(key))
	}
	return err
}

// parseSPRT reads a spec's sprt line, "ELO0 ELO1 ALPHA BETA", and checks its ranges, so
// that a bad value is reported with its line.
func parseSPRT(value string) (*sprt.Test, error) {
	f := strings.Fields(value)
	if len(f) != 4 {
		return nil, fmt.Errorf("sprt %q: want ELO0 ELO1 ALPHA BETA, e.g. sprt 0 10 0.05 0.05", gamefile.Clip(value))
	}
	var v [4]float64
	for i, field := range f {
		x, err := strconv.ParseFloat(field, 64)
		if err != nil {
			return nil, fmt.Errorf("sprt: %q is not a number", gamefile.Clip(field))
		}
		v[i] = x
	}
	t := &sprt.Test{Elo0: v[0], Elo1: v[1], Alpha: v[2], Beta: v[3]}
	if err := t.Check(); err != nil {
		return nil, fmt.Errorf("sprt %s: %v", gamefile.Clip(value), err)
	}
	return t, nil
}

// boundedInt parses a decimal integer from 1 to most.
func boundedInt(s string, most int) (int, error) {
	v, err := strconv.Atoi(s)
	if err != nil || v < 1 || v > most {
		return 0, fmt.Errorf("%q: want a whole number from 1 to %d", gamefile.Clip(s), most)
	}
	return v, nil
}

// Tournament is a spec bound to its directory and its game's rules: what playing, planning
// and reporting need.
type Tournament struct {
	Spec
	Dir   string     // the directory of the spec file, holding the results and records
	Rules rules.Game // the game, configured with the setup
	// Kinds are the kinds of agent the games know besides the file protocol's, as
	// referee.Config.Kinds; the caller sets them (homework: GTP engines, course players).
	Kinds    referee.AgentKinds
	openings [][]string
}

// Open reads the spec at path and finds its game among games.
func Open(path string, games []rules.Game) (*Tournament, error) {
	s, err := ReadSpec(path)
	if err != nil {
		return nil, err
	}
	dir, err := filepath.Abs(filepath.Dir(path))
	if err != nil {
		return nil, err
	}
	return bind(s, dir, games)
}

// bind configures s's game from games and reads its openings from dir.
func bind(s *Spec, dir string, games []rules.Game) (*Tournament, error) {
	t := &Tournament{Spec: *s, Dir: dir}
	var ok bool
	if t.Rules, ok = gamefile.Named(games, s.Game); !ok {
		return nil, fmt.Errorf("%s: unknown game %q", SpecName, s.Game)
	}
	if s.Setup != "" {
		c, ok := t.Rules.(rules.Configurable)
		if !ok {
			return nil, fmt.Errorf("%s: %s has no setup options", SpecName, s.Game)
		}
		configured, err := c.Configure(s.Setup)
		if err != nil {
			return nil, fmt.Errorf("%s: setup %q: %v", SpecName, s.Setup, err)
		}
		t.Rules = configured
	}
	if s.Openings {
		if _, dealt := t.Rules.(rules.Dealt); dealt {
			return nil, fmt.Errorf("%s: %s deals every pair of games anew; openings would not fit every deal", SpecName, s.Game)
		}
		ops, err := referee.ReadOpenings(filepath.Join(dir, OpeningsName))
		if err != nil {
			return nil, err
		}
		t.openings = ops
	}
	return t, nil
}

// Files are the files a new tournament copies beside its spec; "" for none.
type Files struct {
	Openings    string // the openings file
	Calibration string // a calibration.txt for every agent's directory
}

// Create makes dir the directory of the tournament s: it writes the spec (and copies of
// the files), or, when dir already holds a spec, makes sure it is the same tournament, so
// that a run again resumes it rather than mixing two.
func Create(dir string, s *Spec, files Files, games []rules.Game) (*Tournament, error) {
	s.Openings, s.Calibration = files.Openings != "", files.Calibration != ""
	if err := s.Check(); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	path := filepath.Join(abs, SpecName)
	if old, err := os.ReadFile(path); err == nil {
		if string(old) != string(s.Format()) {
			return nil, fmt.Errorf("%s holds another tournament; resume it with -spec %s, or choose another -out", path, path)
		}
	} else if !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	if s.Openings {
		ops, err := referee.ReadOpenings(files.Openings)
		if err != nil {
			return nil, err
		}
		if s.SPRT != nil && s.Games/2 > len(ops) {
			return nil, fmt.Errorf("%s: %d openings for up to %d games a pairing: a sequential test needs an opening for each pair of games (%d), or it counts games played again",
				files.Openings, len(ops), s.Games, s.Games/2)
		}
		if r := referee.Repeats(ops); len(r) > 0 && s.SPRT != nil {
			return nil, fmt.Errorf("%s: %s: a sequential test would count their games twice; give distinct openings",
				files.Openings, referee.RepeatsText(r, len(ops)))
		}
		if err := copyBeside(files.Openings, filepath.Join(abs, OpeningsName), "openings"); err != nil {
			return nil, err
		}
	}
	if s.Calibration {
		if err := copyBeside(files.Calibration, filepath.Join(abs, CalibrationName), "calibration"); err != nil {
			return nil, err
		}
	}
	t, err := bind(s, abs, games)
	if err != nil {
		return nil, err
	}
	return t, gamefile.WriteAtomic(path, s.Format())
}

// copyBeside copies the file from to to; a copy already there must be the same, since the
// tournament's finished games were played with it.
func copyBeside(from, to, what string) error {
	data, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	if old, err := os.ReadFile(to); err == nil && string(old) != string(data) {
		return fmt.Errorf("%s differs from %s: the tournament started with another %s file", to, from, what)
	}
	return gamefile.WriteAtomic(to, data)
}
