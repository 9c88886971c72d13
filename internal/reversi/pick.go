package reversi

// The moves as a person enters them on the picture (render.Picker): a click on a legal
// square, or, when the side to move has none and the game goes on, a "pass" button.

import (
	"math/bits"

	"gameagents/internal/render"
)

var _ render.Picker = (*judgeMatch)(nil)

// Picks lists the legal moves in square order, each one click at its square's centre.
func (m *judgeMatch) Picks() []render.Pick {
	if m.gameOver() {
		return nil
	}
	moves := m.pos.Board.Moves()
	if moves == 0 {
		return []render.Pick{{Output: Pass + "\n", Steps: []render.Step{{Label: "pass"}}}}
	}
	g := boardGrid()
	var picks []render.Pick
	for ; moves != 0; moves &= moves - 1 {
		sq := bits.TrailingZeros64(moves)
		x, y := g.Centre(sq%8, sq/8)
		name := SquareName(sq)
		picks = append(picks, render.Pick{Output: name + "\n", Steps: []render.Step{{On: true, X: x, Y: y, Label: name}}})
	}
	return picks
}
