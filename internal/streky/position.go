package streky

import (
	"fmt"
	"slices"
)

// MaxHand bounds the cards of a hand (the tournament deals 24), so that a count in an input
// file is checked before anything is allocated for it.
const MaxHand = 256

// Position is a game position: the board, both players' unplayed cards and scores, the side
// to move and the passes just made. Player 0 made the first move of the game (FIRST in
// input.txt), player 1 the second.
type Position struct {
	Board  Board
	Hands  [2][]Card // each player's cards not yet played, in the order dealt
	Scores [2]int
	ToMove int // 0 or 1
	Passes int // consecutive passes that led to this position; 2 ends the game
}

// NewGame returns the start of a game on an empty rows×cols board where both players are
// dealt the cards of deal (each its own copy) and player 0 moves first.
func NewGame(rows, cols int, deal []Card) (*Position, error) {
	if len(deal) > MaxHand {
		return nil, fmt.Errorf("%d cards dealt, want at most %d", len(deal), MaxHand)
	}
	b, err := NewBoard(rows, cols)
	if err != nil {
		return nil, err
	}
	return &Position{Board: *b, Hands: [2][]Card{slices.Clone(deal), slices.Clone(deal)}}, nil
}

// Clone returns a copy that shares nothing with p.
func (p *Position) Clone() *Position {
	q := *p
	q.Hands = [2][]Card{slices.Clone(p.Hands[0]), slices.Clone(p.Hands[1])}
	return &q
}

// Hand returns the unplayed cards of the side to move.
func (p *Position) Hand() []Card { return p.Hands[p.ToMove] }

// GameOver says whether both players have passed in succession, which ends the game.
func (p *Position) GameOver() bool { return p.Passes >= 2 }

// handIndex returns the index of the first card of hand one of whose rotations is m.
func handIndex(hand []Card, m Card) int {
	for i, card := range hand {
		if m.IsRotationOf(card) {
			return i
		}
	}
	return -1
}

// Check says why m is not a legal move for the side to move, or returns nil: a placement
// must write a rotation of an unplayed card of the mover's hand, on the board, over empty
// cells, touching a covered cell by an edge unless the board is empty; PASS is legal only
// when no placement is.
func (p *Position) Check(m Move) error {
	if p.GameOver() {
		return fmt.Errorf("the game is over: both players passed")
	}
	hand := p.Hand()
	if m.Pass {
		if legal, ok := FirstLegal(&p.Board, hand); ok {
			return fmt.Errorf("PASS while a card fits, e.g. %s", FormatMove(legal))
		}
		return nil
	}
	if handIndex(hand, m.Card) < 0 {
		return fmt.Errorf("card %v is not a rotation of an unplayed card of the mover's hand", m.Card)
	}
	h, w := int(m.Card.Rows), int(m.Card.Cols)
	b := &p.Board
	if m.Row < 0 || m.Col < 0 || m.Row+h > b.Rows() || m.Col+w > b.Cols() {
		return fmt.Errorf("a %d×%d card at %d,%d is not inside the %d×%d board", h, w, m.Row, m.Col, b.Rows(), b.Cols())
	}
	if !Legal(b, m.Row, m.Col, m.Card) {
		for i := m.Row; i < m.Row+h; i++ {
			for j := m.Col; j < m.Col+w; j++ {
				if b.At(i, j) != Empty {
					return fmt.Errorf("the card at %d,%d covers the already covered cell %d,%d", m.Row, m.Col, i, j)
				}
			}
		}
		return fmt.Errorf("the card at %d,%d touches no covered cell by an edge", m.Row, m.Col)
	}
	return nil
}

// Apply plays m for the side to move when Check allows it, and returns its gain: the card
// is written, leaves the mover's hand (the first card of which it is a rotation) and the
// gain is added to the mover's score; a PASS counts towards the two that end the game.
func (p *Position) Apply(m Move) (int, error) {
	if err := p.Check(m); err != nil {
		return 0, err
	}
	if m.Pass {
		p.Passes++
		p.ToMove ^= 1
		return 0, nil
	}
	gain := Gain(&p.Board, m.Row, m.Col, m.Card)
	p.Board.Place(m.Row, m.Col, m.Card)
	hand := p.Hands[p.ToMove]
	played := handIndex(hand, m.Card)
	p.Hands[p.ToMove] = slices.Delete(hand, played, played+1)
	p.Scores[p.ToMove] += gain
	p.Passes = 0
	p.ToMove ^= 1
	return gain, nil
}
