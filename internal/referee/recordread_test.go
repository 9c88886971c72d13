package referee_test

import (
	"testing"

	"gameagents/internal/gamefile"
	"gameagents/internal/halma"
	"gameagents/internal/quoridor"
	"gameagents/internal/referee"
	"gameagents/internal/reversi"
	"gameagents/internal/rules"
)

// TestOutputOf: a logged move turns back into the output.txt it was judged from; Halma logs
// a jump chain on one line, the other games the line itself.
func TestOutputOf(t *testing.T) {
	cases := []struct {
		game rules.Game
		move string
		want string
	}{
		{halma.Game{}, "J 1,1 3,3 ; J 3,3 5,5 ; J 5,5 7,7", "J 1,1 3,3\nJ 3,3 5,5\nJ 5,5 7,7\n"},
		{halma.Game{}, "E 4,1 5,2", "E 4,1 5,2\n"},
		{reversi.Game{}, "d3", "d3\n"},
		{quoridor.Game{}, "WALL 2,4 2,5 3,4 3,5", "WALL 2,4 2,5 3,4 3,5\n"},
	}
	for _, c := range cases {
		t.Run(c.game.Name(), func(t *testing.T) {
			if got := string(rules.OutputOf(c.game, c.move)); got != c.want {
				t.Errorf("OutputOf(%s, %q) = %q, want %q", c.game.Name(), c.move, got, c.want)
			}
		})
	}
}

// TestReplayHalmaChain replays a Halma record whose WHITE moves first and whose moves are
// logged as the referee logs them, a jump chain included, and checks where the pieces are.
func TestReadRecordHalmaChain(t *testing.T) {
	record := `referee record: halma, game 3 of 4
agent A: a plays WHITE: x
agent B: b plays BLACK: y
first: a (WHITE)
ply cap: 100
ply 1: a (WHITE) plays [J 14,13 12,11] cpu 0.001s of 1s
ply 2: b (BLACK) plays [J 1,3 1,5] cpu 0.001s of 1s
ply 3: a (WHITE) plays [J 13,13 13,11 ; J 13,11 11,11] cpu 0.001s of 1s
result: draw: whatever
`
	m, n, err := referee.ReadRecord([]rules.Game{reversi.Game{}, halma.Game{}}, "game-03.txt", gamefile.SplitLines(record), -1)
	if err != nil {
		t.Fatalf("ReadRecord = %v", err)
	}
	if n != 3 || m.ToMove() != 0 {
		t.Errorf("ReadRecord: %d plies, %s to move; want 3, BLACK", n, m.SideName(m.ToMove()))
	}
	rows := m.Render()[2:]
	for _, sq := range []struct {
		x, y int
		want byte
	}{{12, 11, 'W'}, {1, 5, 'B'}, {11, 11, 'W'}, {14, 13, '.'}, {13, 13, '.'}, {13, 11, '.'}, {1, 3, '.'}} {
		if c := rows[sq.y][3+sq.x]; c != sq.want {
			t.Errorf("after the replay %d,%d holds %c, want %c", sq.x, sq.y, c, sq.want)
		}
	}
}
