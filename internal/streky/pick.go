package streky

// The moves as a person enters them on the picture (render.Picker), up to three clicks:
//
//  1. a card of the mover's hand, beside the board, labelled with its matrix as input.txt
//     writes it ("card 0320/3322/2233/0230");
//  2. its turn, beside the board, in the course's counter-clockwise quarter turns from the
//     card as the hand writes it ("rotated 90°: 0230/2233/3322/0320"), only for a
//     card of which more than one distinct turn fits somewhere: a card that fits in one
//     turn only goes straight to the board, and every placement of a card takes the same
//     number of clicks, so that each click narrows the choice;
//  3. the board cell where the card's top-left corner goes (the anchor that output.txt
//     names), at the cell's centre, labelled with the anchor and the move's gain
//     ("3,4: +5 points"), the generator's gain, which equals the one Play scores.
//
// Cards of the hand that are equal up to a turn (a card dealt twice, or two cards one of
// which is the other turned) are one choice: a placement writes a matrix, and Play takes
// the first card of the hand it is a turn of, whichever card the person meant. When no
// card fits and the game goes on, the one pick is a "pass" button beside the board.

import (
	"fmt"

	"gameagents/internal/render"
)

var _ render.Picker = (*judgeMatch)(nil)

// matrixChoice is the off-board clicks that choose one matrix: its card and its turn.
type matrixChoice struct {
	hand int // the index in the hand of the first card the matrix is a turn of
	card render.Step
	turn render.Step
}

// Picks lists every legal placement once, in the generator's order (cards in hand order,
// each card's turns, anchors row by row); PASS alone when no card fits; none once the game
// is over, which is when HasMove is false.
func (m *judgeMatch) Picks() []render.Pick {
	p := m.pos
	if p.GameOver() {
		return nil
	}
	hand := p.Hand()
	gen := NewGenerator()
	placements := gen.Placements(&p.Board, hand, nil)
	if len(placements) == 0 {
		return []render.Pick{{Output: string(FormatOutput(PassMove)), Steps: []render.Step{{Label: "pass"}}}}
	}

	// The matrices that fit, each with its card and turn, and for each card how many of
	// its turns fit: a card with one decides whether its placements take the turn's click.
	choices := map[uint32]*matrixChoice{}
	turnsThatFit := make([]int, len(hand))
	for _, pl := range placements {
		if choices[pl.Matrix] != nil {
			continue
		}
		c := chooseMatrix(hand, gen.Matrix(pl.Matrix))
		choices[pl.Matrix] = c
		turnsThatFit[c.hand]++
	}

	grid := boardGrid(&p.Board)
	picks := make([]render.Pick, 0, len(placements))
	// One array holds every pick's steps (there are tens of thousands on the first move).
	steps := make([]render.Step, 0, 3*len(placements))
	for _, pl := range placements {
		c := choices[pl.Matrix]
		first := len(steps)
		steps = append(steps, c.card)
		if turnsThatFit[c.hand] > 1 {
			steps = append(steps, c.turn)
		}
		x, y := grid.Centre(int(pl.Col), int(pl.Row))
		steps = append(steps, render.Step{On: true, X: x, Y: y, Label: cellLabel(int(pl.Row), int(pl.Col), int(pl.Gain))})
		picks = append(picks, render.Pick{Output: string(FormatOutput(gen.Move(pl))), Steps: steps[first:len(steps):len(steps)]})
	}
	return picks
}

// chooseMatrix returns the clicks that choose matrix, a turn of a card of hand: the
// first such card, as Position.Apply takes it, and the quarter turns from that card as
// the hand writes it to matrix.
func chooseMatrix(hand []Card, matrix Card) *matrixChoice {
	i := handIndex(hand, matrix)
	card := hand[i]
	turns := 0
	for turned := card; turned != matrix; turned = turned.Rotate() {
		turns++
	}
	return &matrixChoice{
		hand: i,
		card: render.Step{Label: "card " + card.String()},
		turn: render.Step{Label: turnLabel(turns) + ": " + matrix.String()},
	}
}

// turnLabel names a turn by quarters, its quarter turns counter-clockwise (the course's
// direction; the label's matrix shows the result either way).
func turnLabel(quarters int) string {
	if quarters == 0 {
		return "not rotated"
	}
	return fmt.Sprintf("rotated %d°", 90*quarters)
}

// cellLabel names the anchor row,col as output.txt writes it and the move's gain.
func cellLabel(row, col, gain int) string {
	unit := "points"
	if gain == 1 {
		unit = "point"
	}
	return fmt.Sprintf("%d,%d: +%d %s", row, col, gain, unit)
}
