package referee

// The record reader. It rebuilds a recorded game (record.go writes the format)
// from the record's header and plays its logged moves again through the game's own rules,
// so that any ply of a finished game can be looked at.

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"gameagents/internal/gamefile"
	"gameagents/internal/rules"
)

// recordPrefix starts a record's first line.
const recordPrefix = "referee record: "

// IsRecord reports whether lines are a referee record, by its first line.
func IsRecord(lines []gamefile.Line) bool {
	return len(lines) > 0 && strings.HasPrefix(lines[0].Text, recordPrefix)
}

// IsGGF reports whether lines hold a GGF game (Othello's standard record, as the referee
// writes it beside its own: game-NN.ggf).
func IsGGF(lines []gamefile.Line) bool {
	return len(lines) > 0 && strings.HasPrefix(strings.TrimSpace(lines[0].Text), "(;")
}

// ReadGGF replays the GGF game in lines with the game of games that reads GGF, as
// ReadRecord does a record.
func ReadGGF(games []rules.Game, file string, lines []gamefile.Line, plies int) (rules.Match, int, error) {
	var text strings.Builder
	for _, l := range lines {
		text.WriteString(l.Text)
	}
	for _, g := range games {
		if r, ok := g.(rules.GGFReader); ok {
			m, n, err := r.ReadGGF(text.String(), plies)
			if err != nil {
				return nil, 0, fmt.Errorf("%s: %v", file, err)
			}
			return m, n, nil
		}
	}
	return nil, 0, fmt.Errorf("%s: a GGF game, but none of the games reads GGF", file)
}

// IsUHP reports whether lines hold a UHP game string (Hive's base game, as the referee
// writes it beside its own record: game-NN.uhp).
func IsUHP(lines []gamefile.Line) bool {
	return len(lines) > 0 && strings.HasPrefix(strings.TrimSpace(lines[0].Text), "Base;")
}

// ReadUHP replays the UHP game string in lines with the game of games that reads them, as
// ReadRecord does a record.
func ReadUHP(games []rules.Game, file string, lines []gamefile.Line, plies int) (rules.Match, int, error) {
	if len(lines) != 1 {
		return nil, 0, fmt.Errorf("%s: want one line, a UHP game string", file)
	}
	for _, g := range games {
		if r, ok := g.(rules.UHPReader); ok {
			m, n, err := r.ReadUHP(strings.TrimSpace(lines[0].Text), plies)
			if err != nil {
				return nil, 0, fmt.Errorf("%s: %v", file, err)
			}
			return m, n, nil
		}
	}
	return nil, 0, fmt.Errorf("%s: a UHP game string, but none of the games reads them", file)
}

// ReadRecord rebuilds the game recorded in lines (file names it in errors) among games and plays
// its first plies moves, opening moves included; plies < 0 plays them all. It returns the
// match and the number of moves the record holds. Every move is judged again, strictly: a
// record whose moves the rules refuse is an error naming its line.
func ReadRecord(games []rules.Game, file string, lines []gamefile.Line, plies int) (rules.Match, int, error) {
	m, moves, err := replayStart(games, file, lines)
	if err != nil {
		return nil, 0, err
	}
	if plies > len(moves) {
		return nil, 0, gamefile.Errorf(file, 0, "ply %d: the record has %d plies", plies, len(moves))
	}
	if plies < 0 {
		plies = len(moves)
	}
	for _, mv := range moves[:plies] {
		if _, _, err := m.match.Play(rules.OutputOf(m.game, mv.move), true); err != nil {
			return nil, 0, gamefile.Errorf(file, mv.line, "%v", err)
		}
	}
	return m.match, len(moves), nil
}

// replayed is a record's game before its moves: the rules it was played by and the match
// from its first position.
type replayed struct {
	game  rules.Game
	match rules.Match
}

// loggedMove is a ply's move and the record line that logs it.
type loggedMove struct {
	move string
	line int
}

// replayStart reads the record's header (the game, its number, the setup, the first
// mover) and its moves.
func replayStart(games []rules.Game, file string, lines []gamefile.Line) (replayed, []loggedMove, error) {
	var r replayed
	if !IsRecord(lines) {
		return r, nil, gamefile.Errorf(file, 1, "want a referee record, starting %q", recordPrefix+"GAME, game N of M")
	}
	name, number, err := recordTitle(strings.TrimPrefix(lines[0].Text, recordPrefix))
	if err != nil {
		return r, nil, gamefile.Errorf(file, 1, "%v", err)
	}
	if r.game = rules.Find(games, name); r.game == nil || name == "" {
		return r, nil, gamefile.Errorf(file, 1, "unknown game %q: want one of %s", gamefile.Clip(name), rules.Names(games))
	}
	first := ""
	var moves []loggedMove
	for _, l := range lines[1:] {
		key, value, _ := strings.Cut(l.Text, ": ")
		switch {
		case key == "setup":
			if err := r.configure(value); err != nil {
				return r, nil, gamefile.Errorf(file, l.Num, "setup: %v", err)
			}
		case key == "first":
			first = sideOf(value)
		case strings.HasPrefix(key, "ply ") && key != "ply cap":
			mv, ok, err := loggedPly(key, value, len(moves)+1)
			if err != nil {
				return r, nil, gamefile.Errorf(file, l.Num, "%v", err)
			}
			if ok {
				moves = append(moves, loggedMove{mv, l.Num})
			}
		}
	}
	if d, ok := r.game.(rules.Dealt); ok {
		r.game, _ = d.Deal((number - 1) / 2)
	}
	r.match = r.game.New(0)
	if first == r.match.SideName(1) {
		r.match = r.game.New(1)
	}
	return r, moves, nil
}

// recordTitle reads "NAME, game N of M".
func recordTitle(s string) (name string, number int, err error) {
	name, rest, ok := strings.Cut(s, ", game ")
	n, _, ok2 := strings.Cut(rest, " of ")
	number, err = strconv.Atoi(n)
	if !ok || !ok2 || err != nil || number < 1 {
		return "", 0, fmt.Errorf("got %q, want GAME, game N of M", gamefile.Clip(s))
	}
	return name, number, nil
}

// configure applies a record's setup to its game.
func (r *replayed) configure(setup string) error {
	c, ok := r.game.(rules.Configurable)
	if !ok {
		return fmt.Errorf("%s has no setup options", r.game.Name())
	}
	g, err := c.Configure(setup)
	if err == nil {
		r.game = g
	}
	return err
}

// sideOf returns the side in a "NAME (SIDE)" of the record.
func sideOf(who string) string {
	i := strings.LastIndex(who, " (")
	if i < 0 || !strings.HasSuffix(who, ")") {
		return ""
	}
	return who[i+2 : len(who)-1]
}

// loggedPly reads the line of ply key ("ply N") with text value: the move when the ply
// played one ("WHO plays [MOVE] ..." or "opening: SIDE plays [MOVE]"), ok false for a ply
// that moved nothing (a side without a move, a move that lost). A ply that plays must be
// the record's next, want.
func loggedPly(key, value string, want int) (move string, ok bool, err error) {
	n, err := strconv.Atoi(strings.TrimPrefix(key, "ply "))
	if err != nil {
		return "", false, fmt.Errorf("got %q, want ply N", gamefile.Clip(key))
	}
	i := strings.Index(value, " plays [")
	if i < 0 || strings.Contains(value[:i], " loses: ") {
		return "", false, nil
	}
	rest := value[i+len(" plays ["):]
	j := strings.IndexByte(rest, ']')
	switch {
	case j < 0:
		return "", false, fmt.Errorf("ply %d: the move has no closing ]", n)
	case n != want:
		return "", false, fmt.Errorf("ply %d: want ply %d next", n, want)
	}
	return rest[:j], true, nil
}

// RecordedPly is one move of a record, as Replay gives it: the move as logged, the record
// line that logs it, and the side that played it.
type RecordedPly struct {
	Move string
	Line int
	Side int
}

// Replay plays every move of the record in lines, each judged again strictly, and calls
// at(k, m, ply) at each position on the way: k = 0 at the start (ply nil), then after each
// move k with that move. The match is valid during the call only. It returns the game as
// the record was played (its setup and deal applied) and the number of moves played.
func Replay(games []rules.Game, file string, lines []gamefile.Line, at func(k int, m rules.Match, ply *RecordedPly)) (rules.Game, int, error) {
	r, moves, err := replayStart(games, file, lines)
	if err != nil {
		return nil, 0, err
	}
	at(0, r.match, nil)
	for i, mv := range moves {
		side := r.match.ToMove()
		if _, _, err := r.match.Play(rules.OutputOf(r.game, mv.move), true); err != nil {
			return nil, i, gamefile.Errorf(file, mv.line, "%v", err)
		}
		at(i+1, r.match, &RecordedPly{Move: mv.move, Line: mv.line, Side: side})
	}
	return r.game, len(moves), nil
}

// ReplayAny is Replay for every kind of game file homework reads: a referee record, a GGF
// game (Othello) or a UHP game string (Hive's base game). A GGF or UHP game is read whole
// by the game that reads it, its moves taken from the game's own writing of it (so that
// any writer's spelling is read once, by the game), and played again from its start, each
// move judged; a ply's Line is then the file's line 1.
func ReplayAny(games []rules.Game, file string, lines []gamefile.Line, at func(k int, m rules.Match, ply *RecordedPly)) (rules.Game, int, error) {
	switch {
	case IsGGF(lines):
		start, _, err := ReadGGF(games, file, lines, 0)
		if err != nil {
			return nil, 0, err
		}
		end, _, err := ReadGGF(games, file, lines, -1)
		if err != nil {
			return nil, 0, err
		}
		moves := ggfMoves(end.(rules.GGFMatch).GGF(nil, nil))
		g := readerOf[rules.GGFReader](games)
		return g, len(moves), replayMoves(g, file, start, moves, func(m rules.Match, mv string) []byte {
			return m.(rules.GGFMatch).FromGGF(mv)
		}, at)
	case IsUHP(lines):
		start, _, err := ReadUHP(games, file, lines, 0)
		if err != nil {
			return nil, 0, err
		}
		end, _, err := ReadUHP(games, file, lines, -1)
		if err != nil {
			return nil, 0, err
		}
		moves := strings.Split(end.(rules.UHPMatch).UHPGameString(), ";")[3:]
		g := readerOf[rules.UHPReader](games).(rules.UHPReader).UHPRules()
		return g, len(moves), replayMoves(g, file, start, moves, func(m rules.Match, mv string) []byte {
			return m.(rules.UHPMatch).FromUHP(mv)
		}, at)
	}
	return Replay(games, file, lines, at)
}

// readerOf is the first game of games that is an R (ReadGGF and ReadUHP found one).
func readerOf[R any](games []rules.Game) rules.Game {
	for _, g := range games {
		if _, ok := g.(R); ok {
			return g
		}
	}
	return nil
}

// ggfMoves are the moves of a GGF game as the referee's games write it: each B[...] or
// W[...] property's value, its time after "/" dropped.
func ggfMoves(text string) []string {
	var moves []string
	for i := 0; i+2 < len(text); i++ {
		if (text[i] == 'B' || text[i] == 'W') && text[i+1] == '[' && (i == 0 || !isUpper(text[i-1])) {
			end := strings.IndexByte(text[i:], ']')
			if end < 0 {
				break
			}
			mv, _, _ := strings.Cut(text[i+2:i+end], "/")
			moves = append(moves, mv)
			i += end
		}
	}
	return moves
}

func isUpper(c byte) bool { return c >= 'A' && c <= 'Z' }

// replayMoves plays moves from start, each turned into an output.txt by output, and tells
// at every position, as Replay does.
func replayMoves(g rules.Game, file string, start rules.Match, moves []string, output func(rules.Match, string) []byte, at func(k int, m rules.Match, ply *RecordedPly)) error {
	at(0, start, nil)
	for i, mv := range moves {
		side := start.ToMove()
		logged, _, err := start.Play(output(start, mv), true)
		if err != nil {
			return gamefile.Errorf(file, 1, "move %d %q: %v", i+1, mv, err)
		}
		at(i+1, start, &RecordedPly{Move: logged, Line: 1, Side: side})
	}
	return nil
}

// RecordPlayers reads who played each side, and the result, from a record's lines
// ("agent A: NAME plays SIDE: COMMAND", "result: ...").
func RecordPlayers(lines []gamefile.Line, sides [2]string) (players [2]string, result string) {
	for _, l := range lines {
		key, value, _ := strings.Cut(l.Text, ": ")
		switch key {
		case "agent A", "agent B":
			who, rest, ok := strings.Cut(value, " plays ")
			side, _, _ := strings.Cut(rest, ":")
			if i := slices.Index(sides[:], side); ok && i >= 0 {
				players[i] = who
			}
		case "result":
			result = value
		}
	}
	return players, result
}
