package halma

import "testing"

// playOut lets the engine (side c, node budget per move) play against greedy until c
// wins or maxMoves of c's moves pass; it returns how many moves c needed (0: no win).
func playOut(t *testing.T, b *Board, c Color, nodes int64, maxMoves int) int {
	t.Helper()
	e := NewEngine(1 << 18)
	var g Generator
	var seen []uint64
	for moves := 1; moves <= maxMoves; moves++ {
		e.SetSeen(seen)
		r := e.Search(b, c, Limits{Nodes: nodes}, nil)
		if !g.IsLegal(b, c, r.Move) {
			t.Fatalf("move %d: engine plays %v, not legal", moves, r.Move)
		}
		b.Move(r.Move.From, r.Move.To)
		if b.Wins(c) {
			return moves
		}
		seen = append(seen, b.PositionKey(c.Other()))
		opp := g.Generate(b, c.Other(), Legal, make([]Move, 0, MaxMoves))
		if len(opp) > 0 {
			m := Greedy(b, c.Other(), opp)
			b.Move(m.From, m.To)
		}
		seen = append(seen, b.PositionKey(c))
	}
	return 0
}

// TestEndgameCrowdedCamp: 18 of White's pieces fill Black's camp but for its corner, and
// the last piece waits outside: the camp must shuffle inwards to let it in.
func TestEndgameCrowdedCamp(t *testing.T) {
	b := NewBoard()
	camp := campSquares[Black] // the corner first
	for _, sq := range camp[1:] {
		b.Put(White, sq)
	}
	b.Put(White, Sq(7, 7))
	for _, sq := range []Square{Sq(12, 12), Sq(13, 13), Sq(14, 12), Sq(10, 15)} {
		b.Put(Black, sq)
	}
	// Five steps bring the last piece to the camp and one inward move opens a square.
	n := playOut(t, b, White, 300_000, 7)
	if n == 0 {
		t.Errorf("crowded camp: no win in 7 moves; board:\n%v", b.Rows())
	}
}

// TestEndgameSpoiledCamp: two of Black's pieces never left home (boxed in), so White
// needs only 17 pieces there; White must fill the free squares rather than queue its
// two extra pieces at the door.
func TestEndgameSpoiledCamp(t *testing.T) {
	b := NewBoard()
	camp := campSquares[Black]
	b.Put(Black, camp[0])
	b.Put(Black, camp[1])
	for _, sq := range camp[2:17] {
		b.Put(White, sq)
	}
	for _, sq := range []Square{Sq(8, 8), Sq(9, 9), Sq(10, 8), Sq(9, 11)} {
		b.Put(White, sq)
	}
	for _, sq := range []Square{Sq(12, 12), Sq(13, 13), Sq(14, 12)} {
		b.Put(Black, sq)
	}
	n := playOut(t, b, White, 300_000, 10)
	if n == 0 {
		t.Errorf("spoiled camp: no win in 10 moves; board:\n%v", b.Rows())
	}
}
