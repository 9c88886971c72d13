package reversi

// GGF, the Generic Game Format of the Othello servers (GGS) and of NBoard, for one 8×8
// game: "(;GM[Othello]PC[..]DT[..]PB[..]PW[..]RE[..]TI[..]TY[8]BO[8 <64 squares> <mover>]
// B[F5]W[F6//1.2]...;)". The board lists the squares a1..h8 with * for black, O for white
// and - for empty, then the side to move (* or O); each move is a square or PA (a pass),
// optionally followed by /EVAL/SECONDS. A "]" inside a value is escaped as "\]". Properties
// we do not use are kept in order and written back. Written from the format as NBoard and
// the GGS documentation describe it, and as NTest's and Edax's files show it.

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"gameagents/internal/agent"
	"gameagents/internal/gamefile"
	"gameagents/internal/rules"
)

// GGFGame is one game of a GGF file.
type GGFGame struct {
	Props []GGFProp // the properties before the first move other than BO and TY, in order
	Start Position  // BO
	Moves []GGFMove
}

// GGFProp is a property of a game: PC, DT, PB, PW, RE, TI, ...
type GGFProp struct{ Key, Value string }

// GGFMove is one move of a game: a square, or NoSquare for a pass.
type GGFMove struct {
	Color   Color
	Square  int
	Eval    string  // as written, "" when absent
	Seconds float64 // the time the move took, 0 when absent
}

// maxGGF bounds a game's text: a longer one is refused before it is parsed.
const maxGGF = 1 << 16

// Prop returns the value of the property key, "" when the game has none.
func (g GGFGame) Prop(key string) string {
	for _, p := range g.Props {
		if p.Key == key {
			return p.Value
		}
	}
	return ""
}

// ParseGGF reads one game: "(;" properties and moves ";)". Every move must be legal from
// the board, by the side to move (a pass only when it has no legal move); its errors say
// which property or move is wrong.
func ParseGGF(text string) (GGFGame, error) {
	var g GGFGame
	if len(text) > maxGGF {
		return g, fmt.Errorf("GGF: %d bytes, more than %d", len(text), maxGGF)
	}
	text = strings.TrimSpace(text)
	if !strings.HasPrefix(text, "(;") || !strings.HasSuffix(text, ";)") || len(text) < 4 {
		return g, fmt.Errorf("GGF: want a game between \"(;\" and \";)\", got %q", gamefile.Clip(text))
	}
	props, err := ggfProps(text[2 : len(text)-2])
	if err != nil {
		return g, err
	}
	haveBoard := false
	for _, p := range props {
		switch p.Key {
		case "GM":
			if !strings.EqualFold(p.Value, "Othello") {
				return g, fmt.Errorf("GGF: GM[%s], want Othello", gamefile.Clip(p.Value))
			}
			g.Props = append(g.Props, p)
		case "TY":
			if p.Value != "8" {
				return g, fmt.Errorf("GGF: TY[%s]: only the standard 8×8 game (TY[8]) is played here", gamefile.Clip(p.Value))
			}
		case "BO":
			if g.Start, err = ggfBoard(p.Value); err != nil {
				return g, err
			}
			haveBoard = true
		case "B", "W":
			if !haveBoard {
				return g, errors.New("GGF: a move before the board (BO)")
			}
			m, err := ggfMove(p)
			if err != nil {
				return g, err
			}
			g.Moves = append(g.Moves, m)
		default:
			if len(g.Moves) == 0 {
				g.Props = append(g.Props, p)
			}
		}
	}
	if !haveBoard {
		return g, errors.New("GGF: no board (BO)")
	}
	_, err = g.Final()
	return g, err
}

// ggfProps splits KEY[value]KEY[value]... with "\" escaping the next character.
func ggfProps(s string) ([]GGFProp, error) {
	var props []GGFProp
	for i := 0; i < len(s); {
		if s[i] == ' ' || s[i] == '\n' || s[i] == '\r' || s[i] == '\t' {
			i++
			continue
		}
		open := strings.IndexByte(s[i:], '[')
		if open <= 0 {
			return nil, fmt.Errorf("GGF: want KEY[value] at %q", gamefile.Clip(s[i:]))
		}
		key := s[i : i+open]
		for _, r := range key {
			if r < 'A' || r > 'Z' {
				return nil, fmt.Errorf("GGF: property name %q: want capital letters", gamefile.Clip(key))
			}
		}
		var v strings.Builder
		j := i + open + 1
		for ; j < len(s) && s[j] != ']'; j++ {
			if s[j] == '\\' && j+1 < len(s) {
				j++
			}
			v.WriteByte(s[j])
		}
		if j >= len(s) {
			return nil, fmt.Errorf("GGF: %s[ is not closed", key)
		}
		props = append(props, GGFProp{Key: key, Value: v.String()})
		i = j + 1
	}
	return props, nil
}

// ggfBoard reads BO: "8", the 64 squares, the side to move.
func ggfBoard(v string) (Position, error) {
	f := strings.Fields(v)
	if len(f) != 3 || f[0] != "8" || len(f[1]) != 64 || (f[2] != "*" && f[2] != "O") {
		return Position{}, fmt.Errorf("GGF: BO[%s]: want \"8\", 64 squares of *, O or -, and * or O to move", gamefile.Clip(v))
	}
	var black, white uint64
	for i := range 64 {
		switch f[1][i] {
		case '*':
			black |= 1 << i
		case 'O':
			white |= 1 << i
		case '-':
		default:
			return Position{}, fmt.Errorf("GGF: BO: square %s is %q, want *, O or -", SquareName(i), f[1][i:i+1])
		}
	}
	c := Black
	if f[2] == "O" {
		c = White
	}
	return NewPosition(black, white, c), nil
}

// ggfMove reads B[F5], W[d3/-2.00/1.5], B[PA].
func ggfMove(p GGFProp) (GGFMove, error) {
	m := GGFMove{Color: Black, Square: NoSquare}
	if p.Key == "W" {
		m.Color = White
	}
	parts := strings.Split(p.Value, "/")
	if len(parts) > 3 {
		return m, fmt.Errorf("GGF: %s[%s]: want MOVE[/EVAL[/SECONDS]]", p.Key, gamefile.Clip(p.Value))
	}
	sq := strings.TrimSpace(parts[0])
	if !strings.EqualFold(sq, "PA") {
		n, err := ParseSquare(strings.ToLower(sq))
		if err != nil {
			return m, fmt.Errorf("GGF: %s[%s]: %v", p.Key, gamefile.Clip(p.Value), err)
		}
		m.Square = n
	}
	if len(parts) > 1 {
		m.Eval = strings.TrimSpace(parts[1])
	}
	if len(parts) > 2 && strings.TrimSpace(parts[2]) != "" {
		s, err := strconv.ParseFloat(strings.TrimSpace(parts[2]), 64)
		if err != nil || !(s >= 0 && s < 1e7) {
			return m, fmt.Errorf("GGF: %s[%s]: the time %q is not a number of seconds", p.Key, gamefile.Clip(p.Value), gamefile.Clip(parts[2]))
		}
		m.Seconds = s
	}
	return m, nil
}

// Final plays the game's moves from its board and returns the position they reach, or
// the first move the rules refuse.
func (g GGFGame) Final() (Position, error) {
	p := g.Start
	for i, m := range g.Moves {
		next, err := p.playGGF(m)
		if err != nil {
			return p, fmt.Errorf("GGF: move %d, %s: %v", i+1, m, err)
		}
		p = next
	}
	return p, nil
}

// playGGF plays m, which must be by the side to move and legal.
func (p Position) playGGF(m GGFMove) (Position, error) {
	if m.Color != p.ToMove {
		return p, fmt.Errorf("it is %v's turn", p.ToMove)
	}
	moves := p.Board.Moves()
	if m.Square == NoSquare {
		if moves != 0 {
			return p, fmt.Errorf("a pass while %s are legal", squareList(moves))
		}
		return Position{Board: p.Board.Pass(), ToMove: 1 - p.ToMove}, nil
	}
	if moves&(1<<m.Square) == 0 {
		return p, fmt.Errorf("illegal (legal: %s)", squareList(moves))
	}
	return Position{Board: p.Board.Play(m.Square), ToMove: 1 - p.ToMove}, nil
}

// String writes the move as GGF does: "B[F5]", "W[PA]", "B[D3/1.50/0.25]".
func (m GGFMove) String() string {
	key := "B"
	if m.Color == White {
		key = "W"
	}
	v := m.vertex()
	if v == "pass" {
		v = "PA"
	}
	if m.Eval != "" || m.Seconds > 0 {
		v += "/" + m.Eval
		if m.Seconds > 0 {
			v += "/" + strconv.FormatFloat(m.Seconds, 'f', 3, 64)
		}
	}
	return key + "[" + ggfEscape(v) + "]"
}

// String writes the game: its properties, TY and BO, the moves, as one line.
func (g GGFGame) String() string {
	var b strings.Builder
	b.WriteString("(;")
	hasGM := false
	for _, p := range g.Props {
		hasGM = hasGM || p.Key == "GM"
	}
	if !hasGM {
		b.WriteString("GM[Othello]")
	}
	for _, p := range g.Props {
		b.WriteString(p.Key + "[" + ggfEscape(p.Value) + "]")
	}
	b.WriteString("TY[8]BO[8 " + ggfSquares(g.Start) + "]")
	for _, m := range g.Moves {
		b.WriteString(m.String())
	}
	b.WriteString(";)")
	return b.String()
}

func ggfEscape(v string) string {
	return strings.NewReplacer(`\`, `\\`, `]`, `\]`).Replace(v)
}

// ggfSquares writes a position as BO's squares and side to move.
func ggfSquares(p Position) string {
	black, white := p.Discs()
	sq := make([]byte, 64)
	for i := range sq {
		switch {
		case black&(1<<i) != 0:
			sq[i] = '*'
		case white&(1<<i) != 0:
			sq[i] = 'O'
		default:
			sq[i] = '-'
		}
	}
	mover := "*"
	if p.ToMove == White {
		mover = "O"
	}
	return string(sq) + " " + mover
}

// ParseGGFClock reads the main time of a GGF TI value, "15:00", "1:00:00", "300" (seconds),
// or "5:00//2:00" (what follows the first "/" — increments, extensions — is not used).
func ParseGGFClock(v string) (float64, error) {
	main, _, _ := strings.Cut(strings.TrimSpace(v), "/")
	var secs float64
	parts := strings.Split(main, ":")
	if len(parts) > 3 || main == "" {
		return 0, fmt.Errorf("GGF: TI[%s]: want [[H:]M:]S", gamefile.Clip(v))
	}
	for _, p := range parts {
		x, err := strconv.ParseFloat(p, 64)
		if err != nil || x < 0 || math.IsInf(x, 0) {
			return 0, fmt.Errorf("GGF: TI[%s]: want [[H:]M:]S", gamefile.Clip(v))
		}
		secs = secs*60 + x
	}
	return secs, nil
}

// LoadGGF implements agent.NBoardGame: the game of NBoard's "set game".
func (Game) LoadGGF(text string) (agent.GGFSetup, error) {
	g, err := ParseGGF(text)
	if err != nil {
		return agent.GGFSetup{}, err
	}
	start := g.Start
	setup := agent.GGFSetup{Start: func() rules.GTPMatch { return &judgeMatch{pos: start, last: NoSquare} }}
	for _, m := range g.Moves {
		setup.Moves = append(setup.Moves, agent.TimedMove{Side: int(m.Color), Vertex: m.vertex(), Seconds: m.Seconds})
	}
	// Each side's clock: its own (TB, TW) where the game gives one, else the game's (TI).
	for side, key := range [2]string{"TB", "TW"} {
		for _, k := range []string{key, "TI"} {
			if v := g.Prop(k); v != "" {
				if setup.Clock[side], err = ParseGGFClock(v); err != nil {
					return agent.GGFSetup{}, err
				}
				break
			}
		}
	}
	return setup, nil
}

// vertex is the move as GTP writes it: "F5", or "pass".
func (m GGFMove) vertex() string {
	if m.Square == NoSquare {
		return "pass"
	}
	return strings.ToUpper(SquareName(m.Square))
}

// ReadGGF implements rules.GGFReader.
func (Game) ReadGGF(text string, plies int) (rules.Match, int, error) {
	g, err := ParseGGF(text)
	if err != nil {
		return nil, 0, err
	}
	if plies > len(g.Moves) {
		return nil, 0, fmt.Errorf("ply %d: the game has %d moves", plies, len(g.Moves))
	}
	if plies < 0 {
		plies = len(g.Moves)
	}
	m := &judgeMatch{pos: g.Start, start: g.Start, last: NoSquare}
	for i, mv := range g.Moves[:plies] {
		if _, _, err := m.Play(m.FromGTP(mv.vertex()), true); err != nil {
			return nil, 0, fmt.Errorf("GGF: move %d, %s: %v", i+1, mv, err)
		}
	}
	return m, len(g.Moves), nil
}
