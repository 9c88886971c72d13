package halma

// The contract's view of Halma (rules.Game and rules.Match), built on the rules above
// and nothing else: ParseInput reads positions, ParseMove judges output.txt exactly as the
// replay of the official logs checks it, Board.Decided decides the game. Sides are the
// colours: 0 is BLACK, 1 is WHITE.

import (
	"errors"
	"fmt"
	"strings"

	"gameagents/internal/gamefile"
	"gameagents/internal/render"
	"gameagents/internal/rules"
)

// Game is Halma: its one adapter, for the move lifecycle (agent.Game) and for
// the referee, the validator and the pictures (rules.Game).
type Game struct{}

var (
	_ rules.Game    = Game{}
	_ render.Drawer = (*judgeMatch)(nil)
)

// New starts from the initial position with first (0 BLACK, 1 WHITE) to move: the master
// let either colour move first.
func (Game) New(first int) rules.Match {
	return &judgeMatch{b: StartBoard(), toMove: Color(first & 1)}
}

// MirrorMove implements rules.Mirrored: either colour may move first, and an opening
// written for BLACK first is played, when WHITE begins, turned half round the board's
// centre, where each camp stands in the other's place. A jump chain as records log it
// ("J 1,1 3,3 ; J 3,3 5,5") is turned hop by hop.
func (Game) MirrorMove(move string) (string, error) {
	hops := strings.Split(move, " ; ") // a jump chain as records log it, hop by hop
	for i, hop := range hops {
		h, err := ParseHop(hop)
		if err != nil {
			return "", err
		}
		turned := func(s Square) string { return fmt.Sprintf("%d,%d", Size-1-s.X(), Size-1-s.Y()) }
		kind := "E"
		if h.Jump {
			kind = "J"
		}
		hops[i] = kind + " " + turned(h.From) + " " + turned(h.To)
	}
	return strings.Join(hops, " ; "), nil
}

// Load reads an input.txt; its errors are "input.txt:LINE: problem".
func (Game) Load(input []gamefile.Line) (rules.Match, error) {
	in, err := ParseInput("input.txt", input)
	if err != nil {
		return nil, err
	}
	m := &judgeMatch{b: in.Board, toMove: in.ToMove}
	m.settle()
	return m, nil
}

// judgeMatch is a Halma game in progress.
type judgeMatch struct {
	b      *Board
	toMove Color
	g      Generator
	over   bool
	winner Color
	reason string
	last   []Square // the squares the last move played visited, for Scene
}

// settle decides whether the position ends the game, by the rule the agent follows too.
func (m *judgeMatch) settle() {
	m.winner, m.reason, m.over = m.b.Decided(m.toMove)
}

func (m *judgeMatch) ToMove() int { return int(m.toMove) }

func (m *judgeMatch) SideName(side int) string { return Color(side & 1).String() }

func (m *judgeMatch) Input(mode gamefile.Mode, seconds string) []byte {
	return FormatInput(mode, m.toMove, seconds, m.b)
}

// NoMove is "": a Halma agent with no legal move writes an empty output.txt.
func (m *judgeMatch) NoMove() string { return "" }

// HasMove is false once the game is over, as the agent then writes its no-move answer
// too, and when the side to move has no legal move.
func (m *judgeMatch) HasMove() bool {
	var buf [MaxMoves]Move
	return !m.over && len(m.g.Generate(m.b, m.toMove, Legal, buf[:0])) > 0
}

// Play judges output in two steps, so that the reason says which kind of fault it is:
// every line must be a well-formed hop ("malformed output.txt"), then the hops must be a
// legal move ("illegal move").
func (m *judgeMatch) Play(output []byte, strict bool) (string, []string, error) {
	if m.over {
		return "", nil, errors.New("the game is already over")
	}
	lines, warnings, err := rules.SplitOutput(output, strict)
	if err != nil {
		return "", warnings, fmt.Errorf("malformed output.txt: %v", err)
	}
	if len(lines) == 0 {
		return "", warnings, errors.New("malformed output.txt: the file is empty, want a move")
	}
	path := make([]Square, 0, len(lines)+1)
	for i, l := range lines {
		hop, err := ParseHop(l)
		if err != nil {
			return "", warnings, fmt.Errorf("malformed output.txt: line %d: %v", i+1, err)
		}
		if i == 0 {
			path = append(path, hop.From)
		}
		path = append(path, hop.To)
	}
	mv, err := ParseMove(m.b, m.toMove, lines, &m.g)
	if err != nil {
		return "", warnings, fmt.Errorf("illegal move: %v", err)
	}
	m.b.Move(mv.From, mv.To)
	m.last = path
	m.toMove = m.toMove.Other()
	m.settle() // as the master's check of the mover after each move: no one else can win
	return strings.Join(lines, " ; "), warnings, nil
}

func (m *judgeMatch) Over() (bool, int, string) {
	if !m.over {
		return false, -1, ""
	}
	return true, int(m.winner), m.reason
}

// Scene pictures the position and the last move played on the match.
func (m *judgeMatch) Scene() render.Scene { return Draw(m.b, m.last) }

// OutputOf returns the output.txt that plays a move as the referee logs it (Play's move:
// the hops joined by " ; "), one hop a line, so that a record can be replayed.
func (Game) OutputOf(move string) []byte {
	return gamefile.JoinLines(strings.Split(move, " ; "))
}

// Render draws the board with column numbers above (tens, then units) and row numbers on
// the left, so that a move's x,y can be read off.
func (m *judgeMatch) Render() []string {
	lines := []string{"             111111", "   0123456789012345"}
	for y, row := range m.b.Rows() {
		lines = append(lines, fmt.Sprintf("%2d %s", y, row))
	}
	return lines
}
