package hive

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// randomSetup returns a board size and a hand for a random game: sizes 4 to 13, so that the
// board's edge takes part, and piece sets around the course's.
func randomSetup(rng *rand.Rand) (int, [5]int) {
	n := 4 + rng.IntN(10)
	hand := [5]int{1}
	for k := 1; k < 5; k++ {
		hand[k] = rng.IntN(4)
	}
	return n, hand
}

// randomGame plays a random game with the fast generator's loose moves and calls visit on
// every position before each move; it stops when a queen is surrounded, after 81 moves
// each, or when visit returns false.
func randomGame(rng *rand.Rand, visit func(b *Board, loose []PackedMove) bool) {
	n, hand := randomSetup(rng)
	b := NewBoard(NewPosition(n, hand, Side(rng.IntN(2))))
	buf := make([]PackedMove, 0, MaxMoves)
	for b.moves[0] <= 80 || b.moves[1] <= 80 {
		moves := b.Moves(Loose, buf)
		if !visit(b, moves) || b.Surrounded(Lower) || b.Surrounded(Upper) {
			return
		}
		b.Make(moves[rng.IntN(len(moves))])
	}
}

// TestFastEqualsReference compares the fast generator with the reference on positions of
// random games, under both contact readings: the exact move sets, hence the counts.
func TestFastEqualsReference(t *testing.T) {
	want := 20000
	if testing.Short() {
		want = 2000
	}
	rng := rand.New(rand.NewPCG(1, 2))
	positions, moves, stacked, looseOnly, moving := 0, 0, 0, 0, 0
	for positions < want {
		randomGame(rng, func(b *Board, loose []PackedMove) bool {
			p := b.Position()
			if len(b.Moves(Strict, nil)) != len(loose) {
				looseOnly++
			}
			if slices.ContainsFunc(b.height[:], func(h uint8) bool { return h > 1 }) {
				stacked++
			}
			if slices.ContainsFunc(loose, func(m PackedMove) bool { return m.Kind() == Step }) {
				moving++
			}
			for _, c := range []Contact{Strict, Loose} {
				ref := formatted(p, p.ReferenceMoves(c))
				fast := formatted(p, fastMoves(p, c))
				if !slices.Equal(ref, fast) {
					t.Fatalf("position %d, contact %d: fast generator %d moves, reference %d\nfast %q\nreference %q\n%s",
						positions, c, len(fast), len(ref), fast, ref, p.Dump())
				}
				moves += len(ref)
			}
			positions++
			return positions < want
		})
	}
	t.Logf("%d positions, %d moves compared; %d positions with pieces to move, %d with a stack, %d with loose-only moves",
		positions, moves, moving, stacked, looseOnly)
	if moving < positions/2 || stacked == 0 || looseOnly == 0 {
		t.Errorf("the random positions miss a kind: want most with moves, and some with stacks and loose-only moves")
	}
}

// TestRandomGameInvariants checks, over random games: the hive stays one group, every piece
// is in hand or on the board, the fast board's points equal the judge's, a placement after a side's first move touches none of the
// opponent's pieces, Unmake restores the board exactly, and the incremental hash equals the
// hash of the board built afresh.
func TestRandomGameInvariants(t *testing.T) {
	games := 300
	if testing.Short() {
		games = 30
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for range games {
		var total [2][5]int
		first := true
		randomGame(rng, func(b *Board, moves []PackedMove) bool {
			if first {
				total, first = b.hand, false
			}
			checkBoard(t, b, total)
			m := moves[rng.IntN(len(moves))]
			before := *b
			b.Make(m)
			b.Unmake(m)
			if b.stack != before.stack || b.height != before.height || b.occ != before.occ || b.tops != before.tops ||
				b.hand != before.hand || b.moves != before.moves || b.mover != before.mover || b.queen != before.queen || b.hash != before.hash {
				t.Fatalf("Make and Unmake of %s changed the board\n%s", b.Position().Format(m.Move()), b.Position().Dump())
			}
			if m.Kind() == Place && b.moves[b.mover] > 0 {
				b.Make(m)
				me := 1 - b.mover
				for _, j := range b.t.ring[m.To()] {
					if j >= 0 && b.tops[1-me].has(int(j)) {
						t.Fatalf("placement %s touches the opponent", b.Position().Format(m.Move()))
					}
				}
				b.Unmake(m)
			}
			return true
		})
	}
}

// checkBoard checks a board's invariants against the pieces each side started with.
func checkBoard(t *testing.T, b *Board, total [2][5]int) {
	t.Helper()
	p := b.Position()
	count := p.Hand
	for _, st := range p.Stacks {
		for _, ch := range st {
			side, kind, _ := pieceOf(ch)
			count[side][kind]++
		}
	}
	if count != total {
		t.Fatalf("pieces in hand and on the board %v, want %v\n%s", count, total, p.Dump())
	}
	if !p.connectedWithout(-1) {
		t.Fatalf("the hive is split\n%s", p.Dump())
	}
	// The fast board's points and surround test against the judge's, written from the
	// spec separately.
	if got, want := [2]int{b.Points(Lower), b.Points(Upper)}, p.Points(); got != want {
		t.Fatalf("Board.Points %v, Position.Points %v\n%s", got, want, p.Dump())
	}
	for _, s := range []Side{Lower, Upper} {
		if b.Surrounded(s) != queenSurrounded(p, s) {
			t.Fatalf("Board.Surrounded(%v) = %v, the judge's %v\n%s", s, b.Surrounded(s), queenSurrounded(p, s), p.Dump())
		}
	}
	if fresh := NewBoard(p); fresh.hash != b.hash {
		t.Fatalf("incremental hash %x, fresh %x\n%s", b.hash, fresh.hash, p.Dump())
	}
}

func TestMovesAllocateNothing(t *testing.T) {
	b := midGameBoards(t)[0]
	buf := make([]PackedMove, 0, MaxMoves)
	if a := testing.AllocsPerRun(100, func() { buf = b.Moves(Strict, buf) }); a != 0 {
		t.Errorf("Moves allocates %v times per call, want 0", a)
	}
}

// midGameBoards returns positions from the middle of random games on the course's board
// with the course's pieces (q1 a2 b2 s2 g2), after 12 to 20 moves each, with both queens
// placed.
func midGameBoards(tb testing.TB) []*Board {
	rng := rand.New(rand.NewPCG(5, 6))
	var boards []*Board
	for len(boards) < 20 {
		b := NewBoard(NewPosition(13, [5]int{1, 2, 2, 2, 2}, Lower))
		buf := make([]PackedMove, 0, MaxMoves)
		plies := 24 + rng.IntN(16)
		for ply := 0; ply < plies && !b.Surrounded(Lower) && !b.Surrounded(Upper); ply++ {
			moves := b.Moves(Strict, buf)
			b.Make(moves[rng.IntN(len(moves))])
		}
		if b.queen[0] >= 0 && b.queen[1] >= 0 && !b.Surrounded(Lower) && !b.Surrounded(Upper) {
			boards = append(boards, b)
		}
	}
	return boards
}

// BenchmarkMoves generates every legal move in mid-game positions; moves/s is the rate.
func BenchmarkMoves(b *testing.B) {
	boards := midGameBoards(b)
	buf := make([]PackedMove, 0, MaxMoves)
	moves := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		buf = boards[i%len(boards)].Moves(Strict, buf)
		moves += len(buf)
	}
	b.ReportMetric(float64(moves)/b.Elapsed().Seconds(), "moves/s")
	b.ReportMetric(float64(moves)/float64(b.N), "moves/position")
}

// Dump writes a position as its input.txt body, for failure messages.
func (p *Position) Dump() string {
	s := fmt.Sprintf("%v to move, moves %v, hand %v, board %d\n", p.Mover, p.Moves, p.Hand, p.Geometry.N)
	for i, st := range p.Stacks {
		if st != nil {
			s += fmt.Sprintf("%d %d %s\n", p.Geometry.Cells[i].P, p.Geometry.Cells[i].Q, st)
		}
	}
	return s
}
