package hive

// The Universal Hive Protocol's notation for the base game (written from the UHP's
// description by Jon Thysell, Mzinga's author): a piece is its colour, kind and number
// (wQ, bA2); a move is the piece and where it goes, relative to a piece next to the target
// ("bG1 -wS1": west of wS1; "wS1-" east, "wS1/" north-east, "/wS1" south-west, "wS1\"
// south-east, "\wS1" north-west) or the piece it climbs on ("wB1 bQ"); the first move of a
// game names only its piece; "pass" passes. A game string is
// "Base;STATE;COLOUR[TURN];MOVE;MOVE;...".

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// uhpDirs are the six directions as the notation writes a target relative to a piece:
// the mark and whether it comes before the piece's name.
var uhpDirs = []struct {
	d      Cell
	mark   byte
	before bool
}{
	{Cell{1, 0}, '-', false},  // east: "wS1-"
	{Cell{-1, 0}, '-', true},  // west: "-wS1"
	{Cell{1, -1}, '/', false}, // north-east: "wS1/"
	{Cell{-1, 1}, '/', true},  // south-west: "/wS1"
	{Cell{0, 1}, '\\', false}, // south-east: "wS1\"
	{Cell{0, -1}, '\\', true}, // north-west: "\wS1"
}

// MoveString writes m, a move of the side to move in g, in UHP's notation.
func (g *BaseGame) MoveString(m BaseMove) string {
	if m.Kind == Pass {
		return "pass"
	}
	if len(g.moves) == 0 {
		return m.Piece.String()
	}
	if p, ok := g.top(m.To); ok {
		return m.Piece.String() + " " + p.String() // climbing on
	}
	for _, u := range uhpDirs {
		ref := Cell{m.To.P - u.d.P, m.To.Q - u.d.Q}
		st := g.Stack(ref)
		if m.Kind == Step && ref == m.From {
			st = st[:len(st)-1] // what is left once the mover has gone
		}
		if len(st) == 0 {
			continue
		}
		p := st[len(st)-1]
		if u.before {
			return m.Piece.String() + " " + string(u.mark) + p.String()
		}
		return m.Piece.String() + " " + p.String() + string(u.mark)
	}
	return m.Piece.String() + " ??" // a legal target always touches a piece
}

// ParsePiece reads a piece's name: wQ, bB1, wA3.
func ParsePiece(s string) (BasePiece, error) {
	var p BasePiece
	if len(s) < 2 || (s[0] != 'w' && s[0] != 'b') {
		return p, fmt.Errorf("%q is not a piece: want w or b, a kind of %s, and a number (wQ, bA2)", s, Kinds)
	}
	if s[0] == 'b' {
		p.Colour = Black
	}
	p.Kind = strings.IndexByte(Kinds, s[1])
	if p.Kind < 0 {
		return p, fmt.Errorf("%q is not a piece: its kind %q is none of %s", s, s[1:2], Kinds)
	}
	num := s[2:]
	if p.Kind == 0 {
		if num != "" {
			return p, fmt.Errorf("%q is not a piece: the queen has no number", s)
		}
		return p, nil
	}
	n, err := strconv.Atoi(num)
	if err != nil || n < 1 || n > BaseHand[p.Kind] || num != strconv.Itoa(n) {
		return p, fmt.Errorf("%q is not a piece: a %c is numbered 1 to %d", s, Kinds[p.Kind], BaseHand[p.Kind])
	}
	p.Num = n
	return p, nil
}

// ParseMove reads a move of the side to move in UHP's notation and returns it if it is
// legal; its errors say why not.
func (g *BaseGame) ParseMove(s string) (BaseMove, error) { return g.parseMove(s, g.Moves()) }

// parseMove is ParseMove with the legal moves, g.Moves(), given.
func (g *BaseGame) parseMove(s string, legal []BaseMove) (BaseMove, error) {
	s = strings.TrimSpace(s)
	if len(legal) == 0 {
		return BaseMove{}, errors.New("the game is over")
	}
	if strings.EqualFold(s, "pass") {
		if legal[0].Kind == Pass {
			return legal[0], nil
		}
		return BaseMove{}, fmt.Errorf("pass: %d moves are legal", len(legal))
	}
	name, where, _ := strings.Cut(s, " ")
	piece, err := ParsePiece(name)
	if err != nil {
		return BaseMove{}, err
	}
	var to Cell
	switch where = strings.TrimSpace(where); {
	case where == "" && len(g.moves) == 0:
		to = Cell{0, 0}
	case where == "":
		return BaseMove{}, fmt.Errorf("\"%s\": want where the piece goes, e.g. %s -wS1", s, name)
	default:
		if to, err = g.target(where); err != nil {
			return BaseMove{}, fmt.Errorf("\"%s\": %v", s, err)
		}
	}
	for _, m := range legal {
		if m.Piece == piece && m.To == to {
			return m, nil
		}
	}
	if piece.Colour != g.ToMove() {
		return BaseMove{}, fmt.Errorf("\"%s\": it is %v's turn", s, g.ToMove())
	}
	return BaseMove{}, fmt.Errorf("\"%s\" is not a legal move", s)
}

// target reads where a move goes: a piece's name with a direction mark before or after it
// (next to that piece), or alone (on top of it).
func (g *BaseGame) target(where string) (Cell, error) {
	for _, u := range uhpDirs {
		name, ok := "", false
		if u.before {
			name, ok = strings.CutPrefix(where, string(u.mark))
		} else {
			name, ok = strings.CutSuffix(where, string(u.mark))
		}
		if !ok {
			continue
		}
		at, err := g.pieceCell(name)
		if err != nil {
			return Cell{}, err
		}
		return add(at, u.d), nil
	}
	return g.pieceCell(where)
}

// pieceCell returns the cell of a piece on the board.
func (g *BaseGame) pieceCell(name string) (Cell, error) {
	p, err := ParsePiece(name)
	if err != nil {
		return Cell{}, err
	}
	at, ok := g.where(p)
	if !ok {
		return Cell{}, fmt.Errorf("%s is not on the board", name)
	}
	return at, nil
}

// State is the UHP's word for the game's state: NotStarted, InProgress, Draw, WhiteWins,
// BlackWins.
func (g *BaseGame) State() string {
	switch over, winner := g.Over(); {
	case over && winner < 0:
		return "Draw"
	case over:
		return Colour(winner).String() + "Wins"
	case len(g.moves) == 0:
		return "NotStarted"
	}
	return "InProgress"
}

// GameString writes the game as UHP does: "Base;InProgress;White[3];wS1;bG1 -wS1;...".
func (g *BaseGame) GameString() string {
	parts := []string{"Base", g.State(), fmt.Sprintf("%v[%d]", g.ToMove(), len(g.moves)/2+1)}
	replay := NewBaseGame()
	for _, m := range g.moves {
		parts = append(parts, replay.MoveString(m))
		replay.Play(m)
	}
	return strings.Join(parts, ";")
}

// ParseGameString reads a UHP game string (or a game type alone, "Base": a new game) and
// replays its moves, each judged; the state and turn it names must be the ones its moves
// reach.
func ParseGameString(s string) (*BaseGame, error) {
	parts := strings.Split(strings.TrimSpace(s), ";")
	if parts[0] != "Base" {
		return nil, fmt.Errorf("game type %q: only the base game (Base) is played here", parts[0])
	}
	g := NewBaseGame()
	if len(parts) == 1 {
		return g, nil
	}
	if len(parts) < 3 {
		return nil, fmt.Errorf("%q: want GameType;State;Turn[;Moves]", s)
	}
	for i, ms := range parts[3:] {
		m, err := g.ParseMove(ms)
		if err != nil {
			return nil, fmt.Errorf("move %d: %v", i+1, err)
		}
		g.Play(m)
	}
	if st := g.State(); parts[1] != st {
		return nil, fmt.Errorf("the game string says %s, its moves reach %s", parts[1], st)
	}
	if turn := fmt.Sprintf("%v[%d]", g.ToMove(), len(g.moves)/2+1); parts[2] != turn {
		return nil, fmt.Errorf("the game string says %s, its moves reach %s", parts[2], turn)
	}
	return g, nil
}
