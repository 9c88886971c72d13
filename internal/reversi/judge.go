package reversi

// The contract's view of Reversi (rules.Game and rules.Match), and its GTP side, so that
// a GTP Othello engine (gtp-rhino) can play through the referee. Sides are the colours: 0
// is BLACK, 1 is WHITE. Black moves first in a new game, whatever the referee asks: the
// referee then rotates the colours between games.

import (
	"errors"
	"fmt"
	"math/bits"
	"strings"

	"gameagents/internal/gamefile"
	"gameagents/internal/render"
	"gameagents/internal/rules"
)

// Game is Reversi: its one adapter, for the move lifecycle (agent.Game) and for
// the referee, the validator and the pictures (rules.Game).
type Game struct{}

var (
	_ rules.Game      = Game{}
	_ rules.GTPScorer = (*judgeMatch)(nil)
	_ rules.GGFMatch  = (*judgeMatch)(nil)
	_ render.Drawer   = (*judgeMatch)(nil)
)

// New starts from the initial position with Black to move.
func (Game) New(int) rules.Match {
	p := Position{Board: Start(), ToMove: Black}
	return &judgeMatch{pos: p, start: p, last: NoSquare}
}

// Load reads an input.txt; its errors are "input.txt:LINE: problem".
func (Game) Load(input []gamefile.Line) (rules.Match, error) {
	in, err := ParseInput("input.txt", input)
	if err != nil {
		return nil, err
	}
	return &judgeMatch{pos: in.Position, start: in.Position, last: NoSquare}, nil
}

// judgeMatch is a Reversi game in progress.
type judgeMatch struct {
	pos     Position
	start   Position // where the match began
	moves   []int    // the squares played since, NoSquare for a pass
	last    int      // the square of the last move played on the match, or NoSquare
	flipped uint64   // the discs it turned
}

// Scene pictures the position and the last move played on the match.
func (m *judgeMatch) Scene() render.Scene { return Draw(m.pos, m.last, m.flipped) }

func (m *judgeMatch) ToMove() int { return int(m.pos.ToMove) }

func (m *judgeMatch) SideName(side int) string { return Color(side & 1).String() }

func (m *judgeMatch) Input(mode gamefile.Mode, seconds string) []byte {
	lines := []string{mode.String(), m.pos.ToMove.String(), seconds}
	return []byte(gamefile.JoinLines(append(lines, m.pos.Rows()...)))
}

// HasMove is true while the game goes on: a side without a legal move still has to say PASS.
func (m *judgeMatch) HasMove() bool { return !m.gameOver() }

// NoMove is PASS, what the agents write when the game is over.
func (m *judgeMatch) NoMove() string { return Pass }

func (m *judgeMatch) gameOver() bool {
	_, over := m.pos.Board.Decided()
	return over
}

// Play judges output: one line holding a square name in lower case, or PASS when (and only
// when) the side to move has no legal move.
func (m *judgeMatch) Play(output []byte, strict bool) (string, []string, error) {
	if m.gameOver() {
		return "", nil, errors.New("the game is already over")
	}
	lines, warnings, err := rules.SplitOutput(output, strict)
	if err != nil {
		return "", warnings, fmt.Errorf("malformed output.txt: %v", err)
	}
	if len(lines) != 1 {
		return "", warnings, fmt.Errorf("malformed output.txt: %d lines, want 1 (a square such as d3, or PASS)", len(lines))
	}
	b := m.pos.Board
	moves := b.Moves()
	text := lines[0]
	if text == Pass {
		if moves != 0 {
			return "", warnings, fmt.Errorf("illegal move: PASS while %d moves are legal (%s)", bits.OnesCount64(moves), squareList(moves))
		}
		m.pos = Position{Board: b.Pass(), ToMove: 1 - m.pos.ToMove}
		m.last, m.flipped = NoSquare, 0
		m.moves = append(m.moves, NoSquare)
		return Pass, warnings, nil
	}
	sq, err := parseOutputSquare(text)
	if err != nil {
		return "", warnings, fmt.Errorf("malformed output.txt: %v", err)
	}
	if moves&(1<<sq) == 0 {
		if moves == 0 {
			return "", warnings, fmt.Errorf("illegal move: %s, but %v has no legal move and must PASS", text, m.pos.ToMove)
		}
		return "", warnings, fmt.Errorf("illegal move: %s (legal: %s)", text, squareList(moves))
	}
	m.last, m.flipped = sq, b.Flips(sq)
	m.pos = Position{Board: b.Play(sq), ToMove: 1 - m.pos.ToMove}
	m.moves = append(m.moves, sq)
	return text, warnings, nil
}

// parseOutputSquare reads a square as output.txt must write it: a lower-case file a-h and a
// rank 1-8, nothing else.
func parseOutputSquare(s string) (int, error) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return 0, fmt.Errorf("got %q, want a square a1..h8 in lower case, or PASS", gamefile.Clip(s))
	}
	return ParseSquare(s)
}

// squareList names the squares of a set, in square order.
func squareList(set uint64) string {
	var names []string
	for ; set != 0; set &= set - 1 {
		names = append(names, SquareName(bits.TrailingZeros64(set)))
	}
	return strings.Join(names, " ")
}

// Over reports a finished game: neither side can move; more discs wins.
func (m *judgeMatch) Over() (bool, int, string) {
	if !m.gameOver() {
		return false, -1, ""
	}
	black, white := m.pos.Discs()
	nb, nw := bits.OnesCount64(black), bits.OnesCount64(white)
	score := fmt.Sprintf("BLACK %d, WHITE %d", nb, nw)
	switch {
	case nb > nw:
		return true, int(Black), "BLACK has more discs: " + score
	case nw > nb:
		return true, int(White), "WHITE has more discs: " + score
	}
	return true, -1, "equal discs, a draw: " + score
}

// Render draws the board with files above and ranks on the left: B black, W white.
func (m *judgeMatch) Render() []string {
	lines := []string{"  abcdefgh"}
	for r, row := range m.pos.Rows() {
		lines = append(lines, fmt.Sprintf("%d %s", r+1, row))
	}
	return lines
}

// GTPSetup returns the commands that start a GTP Othello engine on a new game.
func (m *judgeMatch) GTPSetup() []string { return []string{"boardsize 8", "clear_board"} }

// GTPColor returns the GTP colour of a side.
func (m *judgeMatch) GTPColor(side int) string {
	if Color(side&1) == Black {
		return "black"
	}
	return "white"
}

// GTPGame names the game as GTP's list_games does.
func (m *judgeMatch) GTPGame() string { return "Othello" }

// GTPVertex turns a move as Play returned it into a GTP vertex: "d3" is "D3", PASS "pass".
func (m *judgeMatch) GTPVertex(move string) string {
	if move == Pass {
		return "pass"
	}
	return strings.ToUpper(move)
}

// FromGTP turns genmove's answer into the output.txt an agent would write.
func (m *judgeMatch) FromGTP(vertex string) []byte {
	if strings.EqualFold(vertex, "pass") {
		return []byte(Pass + "\n")
	}
	return []byte(strings.ToLower(vertex) + "\n")
}

// GTPFinalScore answers final_score: the disc difference once neither side can move.
func (m *judgeMatch) GTPFinalScore() (string, bool) {
	if !m.gameOver() {
		return "", false
	}
	black, white := m.pos.Discs()
	switch d := bits.OnesCount64(black) - bits.OnesCount64(white); {
	case d > 0:
		return fmt.Sprintf("B+%d", d), true
	case d < 0:
		return fmt.Sprintf("W+%d", -d), true
	}
	return "0", true
}

// GGF writes the game played on the match as GGF.
func (m *judgeMatch) GGF(props [][2]string, seconds []float64) string {
	g := GGFGame{Start: m.start}
	for _, p := range props {
		g.Props = append(g.Props, GGFProp{Key: p[0], Value: p[1]})
	}
	c := m.start.ToMove
	for i, sq := range m.moves {
		mv := GGFMove{Color: c, Square: sq}
		if i < len(seconds) && seconds[i] > 0 {
			mv.Seconds = seconds[i]
		}
		g.Moves = append(g.Moves, mv)
		c = 1 - c
	}
	return g.String()
}

// FromGGF turns a GGF or NBoard move into the output.txt an agent would write: "F5" is
// "f5", "PA" is PASS.
func (m *judgeMatch) FromGGF(move string) []byte {
	if strings.EqualFold(move, "PA") {
		return []byte(Pass + "\n")
	}
	return []byte(strings.ToLower(move) + "\n")
}
