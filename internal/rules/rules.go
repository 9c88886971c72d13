// Package rules is the game contract: what every game implements so that the referee, the
// validator, the tournament, the renderer and the replay pages can play and judge it
// without knowing it. A game's package implements Game (its name, its initial position,
// an input.txt read back) and Match (a game in progress: whose move, the input.txt for it,
// judging an output.txt, the end by its own rules, a picture in text), and opts into the
// rest: a setup (Configurable), openings mirrored for either first mover (Mirrored), a deal
// before the first move (Dealt), points (Scorer), logged moves that are not output.txt's
// text (Logged), and play over GTP (GTPMatch). SplitOutput and SplitOneLine read an
// output.txt with the tolerance of the official Halma validator, for every game alike.
//
// This package is a leaf below the games: it imports nothing of the project but gamefile,
// and nothing that runs processes, so a game binary that links its rules links no match
// runner (internal/games' layering test checks it).
package rules

import (
	"fmt"
	"strings"

	"gameagents/internal/gamefile"
)

// Game is one game's rules as the referee and the validator need them. Sides are numbered
// 0 and 1 in the game's own terms (for Halma 0 is BLACK and 1 is WHITE); the referee maps
// its two agents onto them.
type Game interface {
	// Name is the game's name on the command line, e.g. "halma", and how
	// gamefile.Recognize names the game's input.txt.
	Name() string
	// New starts a game from the initial position with side first to move. A game whose
	// rules fix the first mover ignores first; Match.ToMove tells who it is.
	New(first int) Match
	// Load builds a position from the lines of an input.txt. Its errors name the file
	// input.txt and the line, as gamefile.Error does.
	Load(input []gamefile.Line) (Match, error)
}

// Match is a game in progress. Its methods are called from one goroutine.
type Match interface {
	// ToMove returns the side to move, 0 or 1.
	ToMove() int
	// SideName returns the game's token for a side, e.g. "BLACK".
	SideName(side int) string
	// Input returns the input.txt the side to move is given.
	Input(mode gamefile.Mode, seconds string) []byte
	// HasMove reports whether the side to move has any legal move (a pass token, where the
	// game has one, counts as a move). When it has none the referee ends the game.
	HasMove() bool
	// NoMove is the one line the game's agents write to output.txt when HasMove is false
	// (the game's pass token, e.g. "PASS"), or "" when they write an empty file, as
	// Halma's do. The validator accepts exactly that answer there.
	NoMove() string
	// Play judges output, the bytes of the mover's output.txt, with the tolerance of
	// SplitOutput, and on success applies the move and passes the turn. move is the move as
	// the master logged it (Halma: "J 1,1 3,3 ; J 3,3 5,5"); warnings are the tolerated
	// irregularities. An error means a malformed file or an illegal move, which loses; it
	// says exactly what is wrong, and the match is unchanged.
	Play(output []byte, strict bool) (move string, warnings []string, err error)
	// Over reports whether the game has ended by its own rules; winner is the winning
	// side, or -1 for a draw; reason says why, e.g. "BLACK filled the opposing camp".
	Over() (over bool, winner int, reason string)
	// Render draws the position for people watching, one string per line.
	Render() []string
}

// Configurable is a Game with a setup: options of the game itself (a board size, the
// pieces), given with -setup in the game's own syntax. The referee refuses -setup for a
// game that is not Configurable.
type Configurable interface {
	Game
	// Configure returns the game played with setup, or an error that says what is wrong
	// with it.
	Configure(setup string) (Game, error)
	// SetupHelp describes the setup's keys and the usual game's setup, for the help of the
	// commands that take -setup: lines of at most 86 characters, indented by two spaces.
	SetupHelp() string
}

// Mirrored is a Game in which either side may move first (Halma): an opening written for
// side 0 moving first is played, in a game side 1 begins, as its mirror image, each move
// as MirrorMove gives it, so that one openings file serves every schedule.
type Mirrored interface {
	Game
	// MirrorMove returns a move's line (one line of an output.txt) for the other side, on
	// the board turned so that each side's pieces stand where the other's did.
	MirrorMove(move string) (string, error)
}

// Dealt is a Game whose games differ by what is dealt before the first move, as ŠTREKY's
// cards are. Games 2k+1 and 2k+2 of a match (k from 0) play deal k, the agents' order
// swapped between the two, so that each deal is played from both sides.
type Dealt interface {
	Game
	// Deal returns the game of deal k and how a record names it, e.g. "seed=3".
	Deal(k int) (game Game, name string)
}

// Scorer is a Match whose rules give each side points, as Hive's do: the referee then
// records both agents' points at the end of each game, however it ended, and their mean
// over the match.
type Scorer interface {
	Match
	// Points returns the points of sides 0 and 1 in the current position.
	Points() [2]int
}

// Logged is a Game whose logged moves (Match.Play's move, what records hold) are not the
// text of output.txt, as Halma's hops joined on one line are not: it turns one back. For
// every other game the logged move is output.txt's one line.
type Logged interface {
	Game
	// OutputOf returns the output.txt that plays the logged move.
	OutputOf(move string) []byte
}

// OutputOf returns the output.txt that plays move as g's records log it, so that a record
// can be replayed through Match.Play.
func OutputOf(g Game, move string) []byte {
	if l, ok := g.(Logged); ok {
		return l.OutputOf(move)
	}
	return []byte(move + "\n")
}

// SplitOutput splits the bytes of an output.txt into lines with the tolerance of the
// official Halma validator (docs/contract.md): a last line without its LF and CRLF
// line endings are accepted with a warning, or rejected when strict. A CR anywhere else is
// an error. Empty output gives no lines and no error: whether that is a move is the game's
// call. Nothing else is trimmed: the game judges every line as written, and line N of the
// result is line N of the file.
func SplitOutput(output []byte, strict bool) (lines []string, warnings []string, err error) {
	if len(output) == 0 {
		return nil, nil, nil
	}
	text := string(output)
	if i := strings.Index(text, "\r\n"); i >= 0 {
		line := 1 + strings.Count(text[:i], "\n")
		if strict {
			return nil, nil, fmt.Errorf("line %d ends with CRLF, want LF", line)
		}
		warnings = append(warnings, fmt.Sprintf("CRLF line endings from line %d (accepted; strict judging rejects them)", line))
		text = strings.ReplaceAll(text, "\r\n", "\n")
	}
	if i := strings.IndexByte(text, '\r'); i >= 0 {
		return nil, warnings, fmt.Errorf("line %d holds a carriage return (CR) not followed by LF", 1+strings.Count(text[:i], "\n"))
	}
	if !strings.HasSuffix(text, "\n") {
		line := 1 + strings.Count(text, "\n")
		if strict {
			return nil, warnings, fmt.Errorf("line %d, the last, does not end with LF", line)
		}
		warnings = append(warnings, fmt.Sprintf("line %d, the last, does not end with LF (accepted; strict judging rejects it)", line))
		text += "\n"
	}
	return strings.Split(strings.TrimSuffix(text, "\n"), "\n"), warnings, nil
}

// SplitOneLine is SplitOutput for games whose move is one line: it returns that line, or a
// "malformed output.txt" error for an empty file or more lines, naming forms, what the
// line may be (e.g. "MOVE x,y or PASS").
func SplitOneLine(output []byte, strict bool, forms string) (string, []string, error) {
	lines, warnings, err := SplitOutput(output, strict)
	switch {
	case err != nil:
		return "", warnings, fmt.Errorf("malformed output.txt: %v", err)
	case len(lines) == 0:
		return "", warnings, fmt.Errorf("malformed output.txt: the file is empty, want one line: %s", forms)
	case len(lines) > 1:
		return "", warnings, fmt.Errorf("malformed output.txt: %d lines, want one: %s", len(lines), forms)
	}
	return lines[0], warnings, nil
}

// GTPMatch is a Match that a GTP engine can play (Go Text Protocol, as Othello engines speak
// it). A game opts in by implementing it; a match with a "gtp:" agent on any other game fails
// before its first game.
type GTPMatch interface {
	Match
	// GTPSetup returns the commands sent once the engine has started, before the first move,
	// e.g. "boardsize 8", "clear_board". The engine must then be at the position New gave.
	GTPSetup() []string
	// GTPColor returns the GTP colour of a side: "black" or "white".
	GTPColor(side int) string
	// GTPVertex turns a move as Play returned it into the vertex for "play", e.g. "d3" ->
	// "D3", "PASS" -> "pass".
	GTPVertex(move string) string
	// FromGTP turns genmove's answer into the bytes of an output.txt, judged with Play like
	// any agent's, e.g. "D3" -> "d3\n", "pass" -> "PASS\n".
	FromGTP(vertex string) []byte
	// GTPGame is the game's name in GTP's game extension (list_games, set_game), as GUIs
	// that play several games ask it (Quarry): "Othello".
	GTPGame() string
}

// GTPScorer is a GTPMatch that answers GTP's final_score once the game is over: the
// winner's colour initial and the margin ("B+4", "W+2"), or "0" for a draw.
type GTPScorer interface {
	GTPMatch
	GTPFinalScore() (score string, over bool)
}

// GGFMatch is a Match that writes its game as GGF, the Generic Game Format of Othello
// servers and of NBoard: for NBoard engines ("nboard:" agents) and the records' export.
type GGFMatch interface {
	Match
	// GGF writes the game played on the match, from the position it started at: props
	// (key and value pairs: PB, PW, TI, RE, ...) before the board, then the moves, move i
	// with seconds[i] as its time when i < len(seconds) and seconds[i] > 0.
	GGF(props [][2]string, seconds []float64) string
	// FromGGF turns a move as GGF and NBoard write it ("F5", "PA") into the bytes of an
	// output.txt, judged with Play like any agent's.
	FromGGF(move string) []byte
}

// GGFReader is a Game whose games can be read from GGF (Othello): the records the referee
// writes beside its own (game-NN.ggf), and GGF games of other programs.
type GGFReader interface {
	Game
	// ReadGGF replays a GGF game, every move judged, up to its first plies moves (all when
	// plies < 0), and returns the match there and the number of moves the game holds.
	ReadGGF(text string, plies int) (Match, int, error)
}

// UHPMatch is a Match that a UHP engine can play (Hive's base game): the Universal Hive
// Protocol's game string of the game so far, and an engine's move as an output.txt.
type UHPMatch interface {
	Match
	UHPGameString() string
	FromUHP(move string) []byte
}

// UHPReader is a Game whose games can be read from UHP game strings (Hive's base game): the
// records the referee writes beside its own (game-NN.uhp), and other programs' games.
type UHPReader interface {
	Game
	// ReadUHP replays a game string, every move judged, up to its first plies moves (all
	// when plies < 0), and returns the match there and the number of moves it holds.
	ReadUHP(text string, plies int) (Match, int, error)
	// UHPRules is the game a game string is played by (Hive's base game, where the
	// reader is the course's Hive): its Load reads the input.txt of ReadUHP's matches.
	UHPRules() Game
}

// Names lists the games' names, comma-separated, for messages.
func Names(games []Game) string {
	var names []string
	for _, g := range games {
		names = append(names, g.Name())
	}
	return strings.Join(names, ", ")
}

// Find returns the game called name, or the first game when name is empty; nil when
// there is none.
func Find(games []Game, name string) Game {
	if name == "" && len(games) > 0 {
		return games[0]
	}
	g, _ := gamefile.Named(games, name)
	return g
}
