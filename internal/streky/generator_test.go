package streky

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"strconv"
	"sync"
	"testing"
)

// tournamentData is testdata/tournament_cards.json: the tournament's card universe and the
// 24-card hands of seeds 0-9.
type tournamentData struct {
	Universe [][][]int            `json:"universe"`
	Hands    map[string][][][]int `json:"per_seed_hands_recomputed"`
}

var loadTournament = sync.OnceValues(func() (*tournamentData, error) {
	data, err := os.ReadFile("testdata/tournament_cards.json")
	if err != nil {
		return nil, err
	}
	var td tournamentData
	err = json.Unmarshal(data, &td)
	return &td, err
})

// tournamentCards returns the tournament hand of a seed.
func tournamentCards(tb testing.TB, seed int) []Card {
	tb.Helper()
	td, err := loadTournament()
	if err != nil {
		tb.Fatal(err)
	}
	matrices := td.Hands[strconv.Itoa(seed)]
	if len(matrices) != 24 {
		tb.Fatalf("no tournament cards for seed %d", seed)
	}
	cards := make([]Card, len(matrices))
	for i, m := range matrices {
		cards[i] = MustCard(m)
	}
	return cards
}

// gameSetup is a board size and the cards dealt to each player.
type gameSetup struct {
	rows, cols int
	deal       []Card
}

// randomCard returns a card of 1 to 5 rows and columns whose cells are colourless with
// probability zeroes/10 and otherwise one of the first palette colours (few colours make
// large regions).
func randomCard(rng *rand.Rand, zeroes, palette int) Card {
	rows := make([][]int, 1+rng.IntN(5))
	cols := 1 + rng.IntN(5)
	for r := range rows {
		rows[r] = make([]int, cols)
		for c := range rows[r] {
			if rng.IntN(10) >= zeroes {
				rows[r][c] = 1 + rng.IntN(palette)
			}
		}
	}
	return MustCard(rows)
}

// randomSetup returns a random game's setting: boards from 1×1 to 64×64 (most up to 33×33,
// some of exactly 64 rows or columns, where the row masks are full), hands of tournament
// cards, of random cards with colourless cells, or both, with repeated cards now and then.
func randomSetup(rng *rand.Rand) gameSetup {
	var s gameSetup
	switch k := rng.IntN(10); {
	case k < 4:
		s.rows, s.cols = 1+rng.IntN(12), 1+rng.IntN(12)
	case k < 7:
		s.rows, s.cols = 10+rng.IntN(24), 10+rng.IntN(24)
	case k < 9:
		s.rows, s.cols = 33, 33
	default:
		s.rows, s.cols = 40+rng.IntN(25), 64
		if rng.IntN(2) == 0 {
			s.rows, s.cols = s.cols, s.rows
		}
	}
	n := 1 + rng.IntN(8)
	zeroes, palette := rng.IntN(6), 1+rng.IntN(4)
	universe := tournamentUniverse()
	kind := rng.IntN(3)
	for len(s.deal) < n {
		switch {
		case len(s.deal) > 0 && rng.IntN(8) == 0:
			s.deal = append(s.deal, s.deal[rng.IntN(len(s.deal))].Rotate()) // a repeat, turned
		case kind == 0 || (kind == 2 && rng.IntN(2) == 0):
			s.deal = append(s.deal, universe[rng.IntN(len(universe))])
		default:
			s.deal = append(s.deal, randomCard(rng, zeroes, palette))
		}
	}
	return s
}

// tournamentUniverse returns the tournament's 48 cards.
var tournamentUniverse = sync.OnceValue(func() []Card {
	td, err := loadTournament()
	if err != nil {
		panic(err)
	}
	cards := make([]Card, len(td.Universe))
	for i, m := range td.Universe {
		cards[i] = MustCard(m)
	}
	return cards
})

// randomGame plays a game of uniformly random placements (PASS when there is none) from the
// fast generator, applied through Position.Apply (which judges with the reference rules and
// must give the generator's gain), and calls visit before every move; it stops at the end
// of the game or when visit returns false.
func randomGame(tb testing.TB, rng *rand.Rand, s gameSetup, visit func(p *Position, g *Generator, placements []Placement) bool) {
	tb.Helper()
	p, err := NewGame(s.rows, s.cols, s.deal)
	if err != nil {
		tb.Fatal(err)
	}
	p.ToMove = rng.IntN(2)
	g := NewGenerator()
	var buf []Placement
	for !p.GameOver() {
		buf = g.Placements(&p.Board, p.Hand(), buf)
		if !visit(p, g, buf) {
			return
		}
		move, want := PassMove, 0
		if len(buf) > 0 {
			pl := buf[rng.IntN(len(buf))]
			move, want = g.Move(pl), int(pl.Gain)
		}
		gain, err := p.Apply(move)
		if err != nil || gain != want {
			tb.Fatalf("Apply(%s) of a generated placement = %d, %v; want %d, nil on\n%s", FormatMove(move), gain, err, want, p.Board.String())
		}
	}
}

// checkBoardInvariant fails unless the row masks and the count agree with the cells.
func checkBoardInvariant(t *testing.T, b *Board) {
	t.Helper()
	covered := 0
	for r := 0; r < MaxSide; r++ {
		var want uint64
		if r < b.Rows() {
			for c := 0; c < b.Cols(); c++ {
				if b.At(r, c) != Empty {
					want |= 1 << uint(c)
					covered++
				}
			}
		}
		if b.occupied[r] != want {
			t.Fatalf("row %d mask %064b, want %064b", r, b.occupied[r], want)
		}
	}
	if covered != b.Covered() {
		t.Fatalf("Covered() = %d, want %d", b.Covered(), covered)
	}
}

// firstMoves is ReferenceMoves on an empty board without the flood fills: every placement
// that Legal allows, with gain 0 as there is nothing to join. The first positions of games on
// large boards hold most of the random games' placements (a 33×33 board takes every card
// anywhere), and this keeps their check to the rules' fit test.
func firstMoves(b *Board, hand []Card) gainMap {
	matrices := handMatrices(hand)
	out := make(gainMap, len(matrices)*b.Rows()*b.Cols())
	for _, m := range matrices {
		for r := 0; r < b.Rows(); r++ {
			for c := 0; c < b.Cols(); c++ {
				if Legal(b, r, c, m) {
					out[placementID{r, c, m}] = 0
				}
			}
		}
	}
	return out
}

// TestGeneratorEqualsReference compares the generator with the reference on every position
// of random games: the same placements (anchor and matrix), each listed once, with the same
// gains.
func TestGeneratorEqualsReference(t *testing.T) {
	want := 4000
	if testing.Short() {
		want = 500
	}
	rng := rand.New(rand.NewPCG(5, 6))
	positions, placements, scoring, passes, wide, full := 0, 0, 0, 0, 0, 0
	for positions < want {
		randomGame(t, rng, randomSetup(rng), func(p *Position, g *Generator, fast []Placement) bool {
			checkBoardInvariant(t, &p.Board)
			got := gainsOf(t, g, fast)
			var ref gainMap
			if p.Board.IsEmpty() && p.Board.Rows()*p.Board.Cols() > 400 {
				ref = firstMoves(&p.Board, p.Hand())
			} else {
				ref = referenceGainsOf(t, ReferenceMoves(&p.Board, p.Hand()))
			}
			if diff := gainsDiff(ref, got); diff != "" {
				t.Fatalf("position %d: generator differs from the reference (-reference +generator):\n%s\nhand %v\n%s",
					positions, diff, p.Hand(), p.Board.String())
			}
			positions++
			placements += len(fast)
			for _, pl := range fast {
				if pl.Gain > 0 {
					scoring++
				}
			}
			if len(fast) == 0 {
				passes++
			}
			if p.Board.Cols() == MaxSide || p.Board.Rows() == MaxSide {
				wide++
			}
			if p.Board.IsFull() {
				full++
			}
			return positions < want
		})
	}
	t.Logf("%d positions (%d must pass, %d on a board of %d rows or columns, %d full), %d placements, %d of them scoring",
		positions, passes, wide, MaxSide, full, placements, scoring)
	if passes == 0 || wide == 0 || scoring == 0 {
		t.Errorf("the random games missed passes, %d-wide boards or scoring placements", MaxSide)
	}
}

// benchPosition returns the benchmark's position: a 33×33 board at least half covered by a
// seeded random game with the tournament hand of seed 1, and the tournament hand of seed 0
// (24 cards) to enumerate on it.
func benchPosition(tb testing.TB) (*Board, []Card) {
	tb.Helper()
	rng := rand.New(rand.NewPCG(7, 8))
	var board *Board
	randomGame(tb, rng, gameSetup{33, 33, tournamentCards(tb, 1)}, func(p *Position, _ *Generator, _ []Placement) bool {
		if 2*p.Board.Covered() >= 33*33 {
			b := p.Board
			board = &b
			return false
		}
		return true
	})
	if board == nil {
		tb.Fatal("the benchmark game ended before covering half the board")
	}
	return board, tournamentCards(tb, 0)
}

func TestPlacementsAllocateNothing(t *testing.T) {
	b, hand := benchPosition(t)
	g := NewGenerator()
	buf := g.Placements(b, hand, nil)
	if len(buf) == 0 {
		t.Fatal("no placements on the benchmark position")
	}
	// The same cards in other rotations and order are the same classes: nothing to learn.
	turned := make([]Card, len(hand))
	for i, c := range hand {
		turned[len(hand)-1-i] = c.Rotate().Rotate()
	}
	allocs := testing.AllocsPerRun(20, func() {
		buf = g.Placements(b, hand, buf)
		buf = g.Placements(b, turned, buf)
	})
	if allocs != 0 {
		t.Errorf("Placements allocates %v times per call, want 0", allocs)
	}
}

// BenchmarkPlacements measures the generator on the tournament's largest case: all
// placements with gains of a 24-card hand on a half-covered 33×33 board.
func BenchmarkPlacements(b *testing.B) {
	board, hand := benchPosition(b)
	g := NewGenerator()
	buf := g.Placements(board, hand, nil)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		buf = g.Placements(board, hand, buf)
	}
	b.ReportMetric(float64(len(buf)), "placements/op")
	b.ReportMetric(float64(len(buf))*float64(b.N)/b.Elapsed().Seconds(), "placements/s")
}

// BenchmarkReferenceMoves is the reference on the same position, for comparison.
func BenchmarkReferenceMoves(b *testing.B) {
	board, hand := benchPosition(b)
	n := 0
	for b.Loop() {
		n = len(ReferenceMoves(board, hand))
	}
	b.ReportMetric(float64(n), "placements/op")
}
