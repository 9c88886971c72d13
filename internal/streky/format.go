package streky

// The file formats of docs/streky.md. input.txt is the common header with FIRST or
// SECOND on line 2 (whether the mover made the first move of the game), then
//
//	STREKY rows cols
//	SCORE mover opponent
//	BOARD
//
// rows lines of cols cells ('.' empty, '0' colourless, '1'..'4' colours), "HAND k" and k
// cards, "OPPONENT k" and k cards, a card written "0320/3322/2233/0230" (rows top to bottom).
// output.txt is one line: "PLACE row,col card" or "PASS".

import (
	"fmt"
	"strconv"
	"strings"

	"gameagents/internal/gamefile"
)

// SideName returns the line-2 token of player i: FIRST for 0, SECOND for 1
// (gamefile.FirstSecond).
func SideName(i int) string { return gamefile.FirstSecond[i] }

// maxScore bounds a score in input.txt: a game places at most MaxSide² cells' worth of cards,
// each scoring at most MaxSide² cells.
const maxScore = MaxSide * MaxSide * MaxSide * MaxSide

// Input is a parsed input.txt.
type Input struct {
	Header   gamefile.Header
	Position *Position // ToMove is the mover; Passes is 0, as input.txt does not record passes
}

// ParseInput parses the lines of an input.txt; file names it in errors.
func ParseInput(file string, lines []gamefile.Line) (*Input, error) {
	h, body, err := gamefile.ParseHeader(file, lines)
	if err != nil {
		return nil, err
	}
	me, err := h.SideIndex(file, gamefile.FirstSecond)
	if err != nil {
		return nil, err
	}
	r := gamefile.NewBodyReader(file, lines, body)
	next := r.Next

	l, err := next("STREKY rows cols")
	if err != nil {
		return nil, err
	}
	f := strings.Fields(l.Text)
	if len(f) != 3 || f[0] != "STREKY" {
		return nil, gamefile.Errorf(file, l.Num, "got %q, want STREKY rows cols", gamefile.Clip(l.Text))
	}
	rows, okR := parseNumber(f[1], MaxSide)
	cols, okC := parseNumber(f[2], MaxSide)
	if !okR || !okC || rows < 1 || cols < 1 {
		return nil, gamefile.Errorf(file, l.Num, "board size %q %q: want rows and cols from 1 to %d", gamefile.Clip(f[1]), gamefile.Clip(f[2]), MaxSide)
	}
	board, err := NewBoard(rows, cols)
	if err != nil {
		return nil, gamefile.Errorf(file, l.Num, "%v", err)
	}
	p := &Position{Board: *board, ToMove: me}

	if l, err = next("SCORE mover opponent"); err != nil {
		return nil, err
	}
	f = strings.Fields(l.Text)
	if len(f) != 3 || f[0] != "SCORE" {
		return nil, gamefile.Errorf(file, l.Num, "got %q, want SCORE, the mover's score and the opponent's", gamefile.Clip(l.Text))
	}
	for k, s := range f[1:] {
		v, ok := parseNumber(s, maxScore)
		if !ok {
			return nil, gamefile.Errorf(file, l.Num, "score %q: want an integer from 0 to %d", gamefile.Clip(s), maxScore)
		}
		p.Scores[me^k] = v
	}

	if l, err = next("BOARD"); err != nil {
		return nil, err
	}
	if l.Text != "BOARD" {
		return nil, gamefile.Errorf(file, l.Num, "got %q, want BOARD", gamefile.Clip(l.Text))
	}
	for r := range rows {
		if l, err = next(fmt.Sprintf("board row %d of %d", r+1, rows)); err != nil {
			return nil, err
		}
		if err := setRow(&p.Board, r, l.Text); err != nil {
			return nil, gamefile.Errorf(file, l.Num, "%v", err)
		}
	}

	for k, tag := range []string{"HAND", "OPPONENT"} {
		if l, err = next(tag + " k"); err != nil {
			return nil, err
		}
		f = strings.Fields(l.Text)
		if len(f) != 2 || f[0] != tag {
			return nil, gamefile.Errorf(file, l.Num, "got %q, want %s and the number of cards", gamefile.Clip(l.Text), tag)
		}
		n, ok := parseNumber(f[1], MaxHand)
		if !ok {
			return nil, gamefile.Errorf(file, l.Num, "card count %q: want an integer from 0 to %d", gamefile.Clip(f[1]), MaxHand)
		}
		hand := make([]Card, 0, n)
		for i := range n {
			if l, err = next(fmt.Sprintf("card %d of %d of %s", i+1, n, tag)); err != nil {
				return nil, err
			}
			card, err := ParseCard(l.Text)
			if err != nil {
				return nil, gamefile.Errorf(file, l.Num, "%v", err)
			}
			hand = append(hand, card)
		}
		p.Hands[me^k] = hand
	}
	if err := r.End("the opponent's cards"); err != nil {
		return nil, err
	}
	return &Input{Header: h, Position: p}, nil
}

// maxDigits bounds the digits of a number in the files, so that strconv cannot overflow.
const maxDigits = 9

// parseNumber reads a decimal integer from 0 to limit: digits only, no sign.
// setRow sets row r of b, empty, from a BOARD line: '.' empty, '0' colourless, '1' to
// MaxColour a colour.
func setRow(b *Board, r int, text string) error {
	if len(text) != b.Cols() {
		return fmt.Errorf("row has %d cells, want %d", len(text), b.Cols())
	}
	for c := range len(text) {
		switch ch := text[c]; {
		case ch == '.':
		case ch >= '0' && ch <= '0'+MaxColour:
			b.Set(r, c, ch-'0')
		default:
			return fmt.Errorf("cell %d: %q, want '.', '0' or a colour '1' to '%d'", c+1, string(ch), MaxColour)
		}
	}
	return nil
}

func parseNumber(s string, limit int) (int, bool) {
	if s == "" || len(s) > maxDigits {
		return 0, false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
	}
	v, err := strconv.Atoi(s)
	return v, err == nil && v <= limit
}

// InputLines returns the lines of the input.txt that gives p to its mover: mode, FIRST or
// SECOND, seconds (written as given), the board, the mover's score and hand, then the
// opponent's. ParseInput reads them back to p (with Passes 0).
func (p *Position) InputLines(mode gamefile.Mode, seconds string) []string {
	me, opp := p.ToMove, p.ToMove^1
	lines := []string{
		mode.String(), SideName(me), seconds,
		fmt.Sprintf("STREKY %d %d", p.Board.Rows(), p.Board.Cols()),
		fmt.Sprintf("SCORE %d %d", p.Scores[me], p.Scores[opp]),
		"BOARD",
	}
	lines = append(lines, p.Board.Lines()...)
	for k, tag := range []string{"HAND", "OPPONENT"} {
		hand := p.Hands[me^k]
		lines = append(lines, fmt.Sprintf("%s %d", tag, len(hand)))
		for _, card := range hand {
			lines = append(lines, card.String())
		}
	}
	return lines
}

// FormatInput renders InputLines as a file, every line ended by LF.
func (p *Position) FormatInput(mode gamefile.Mode, seconds string) []byte {
	return gamefile.JoinLines(p.InputLines(mode, seconds))
}

// FormatMove writes a move as output.txt's line (without the LF): "PLACE row,col card" or
// "PASS".
func FormatMove(m Move) string {
	if m.Pass {
		return "PASS"
	}
	return fmt.Sprintf("PLACE %d,%d %v", m.Row, m.Col, m.Card)
}

// FormatOutput renders output.txt: the move's line and an LF.
func FormatOutput(m Move) []byte { return gamefile.JoinLines([]string{FormatMove(m)}) }

// ParseMove reads output.txt's line: "PLACE row,col card" (row and col decimal integers of
// at most MaxSide, the card as in input.txt) or "PASS", words separated by spaces. Whether
// the move is legal in a position is Position.Check's business.
func ParseMove(text string) (Move, error) {
	f := strings.Fields(text)
	if len(f) == 0 {
		return Move{}, fmt.Errorf("empty move: want PLACE row,col card or PASS")
	}
	switch f[0] {
	case "PASS":
		if len(f) != 1 {
			return Move{}, fmt.Errorf("got %q, want PASS alone", gamefile.Clip(text))
		}
		return PassMove, nil
	case "PLACE":
		if len(f) != 3 {
			return Move{}, fmt.Errorf("got %q, want PLACE row,col card", gamefile.Clip(text))
		}
		rs, cs, ok := strings.Cut(f[1], ",")
		r, okR := parseNumber(rs, MaxSide)
		c, okC := parseNumber(cs, MaxSide)
		if !ok || !okR || !okC {
			return Move{}, fmt.Errorf("%q is not a cell row,col (two integers from 0 to %d)", gamefile.Clip(f[1]), MaxSide)
		}
		card, err := ParseCard(f[2])
		if err != nil {
			return Move{}, err
		}
		return Move{Row: r, Col: c, Card: card}, nil
	}
	return Move{}, fmt.Errorf("got %q, want PLACE row,col card or PASS", gamefile.Clip(text))
}
