package streky

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestTournamentDealIsTheCourses checks the embedded card set and hands against
// testdata/tournament_cards.json, the course's own.
func TestTournamentDealIsTheCourses(t *testing.T) {
	if diff := cmp.Diff(tournamentUniverse(), TournamentUniverse()); diff != "" {
		t.Errorf("TournamentUniverse() differs from the JSON's universe (-want +got):\n%s", diff)
	}
	for seed := range len(courseHands) {
		got, err := TournamentDeal(uint64(seed), TournamentCount)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(tournamentCards(t, seed), got); diff != "" {
			t.Errorf("TournamentDeal(%d, 24) differs from the JSON's hand (-want +got):\n%s", seed, diff)
		}
	}
}

// TestTournamentDealOtherSeeds: beyond the course's hands, deals are seeded draws without
// repetition from the set: the same for the same seed, different for another.
func TestTournamentDealOtherSeeds(t *testing.T) {
	universe := map[Card]bool{}
	for _, c := range TournamentUniverse() {
		universe[c] = true
	}
	for _, tt := range []struct {
		seed  uint64
		count int
	}{{10, 24}, {11, 24}, {0, 5}, {3, 48}, {1 << 40, 1}} {
		a, err := TournamentDeal(tt.seed, tt.count)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := TournamentDeal(tt.seed, tt.count)
		if len(a) != tt.count || !cmp.Equal(a, b) {
			t.Errorf("TournamentDeal(%d, %d): %d cards, repeatable %v; want %d, true", tt.seed, tt.count, len(a), cmp.Equal(a, b), tt.count)
		}
		seen := map[Card]bool{}
		for _, c := range a {
			if !universe[c] || seen[c] {
				t.Errorf("TournamentDeal(%d, %d) deals %v: not in the set, or twice", tt.seed, tt.count, c)
			}
			seen[c] = true
		}
	}
	a, _ := TournamentDeal(10, 24)
	b, _ := TournamentDeal(11, 24)
	if cmp.Equal(a, b) {
		t.Errorf("TournamentDeal(10, 24) = TournamentDeal(11, 24), want different deals")
	}
	if _, err := TournamentDeal(0, 49); err == nil {
		t.Errorf("TournamentDeal(0, 49) = nil error, want one: the set has 48 cards")
	}
}

// TestColourlessDeal checks the shapes, the colours and the share of colourless cells of
// 2,048 generated cards.
func TestColourlessDeal(t *testing.T) {
	var cards []Card
	for seed := range 8 {
		deal, err := ColourlessDeal(uint64(seed), MaxHand, DefaultZeroPercent)
		if err != nil {
			t.Fatal(err)
		}
		again, _ := ColourlessDeal(uint64(seed), MaxHand, DefaultZeroPercent)
		if !cmp.Equal(deal, again) {
			t.Fatalf("ColourlessDeal(%d) is not repeatable", seed)
		}
		cards = append(cards, deal...)
	}
	n := len(cards)
	cells, zeros := 0, 0
	shapes := map[[2]uint8]int{}
	palettes := map[int]int{}
	for _, c := range cards {
		if c.Rows < colourlessMinRows || c.Rows > colourlessMaxRows || c.Cols < colourlessMinCols || c.Cols > colourlessMaxCols {
			t.Fatalf("card %v is %d×%d, want 3-4 × 3-5", c, c.Rows, c.Cols)
		}
		shapes[[2]uint8{c.Rows, c.Cols}]++
		var used [MaxColour + 1]bool
		for r := 0; r < int(c.Rows); r++ {
			for col := 0; col < int(c.Cols); col++ {
				v := c.At(r, col)
				if v == 0 {
					zeros++
				}
				used[v] = true
				cells++
			}
		}
		k := 0
		for _, u := range used[1:] {
			if u {
				k++
			}
		}
		palettes[k]++
		if _, err := NewCard(c.Matrix()); err != nil {
			t.Fatalf("card %v: %v", c, err)
		}
	}
	if share := float64(zeros) / float64(cells); share < 0.18 || share > 0.22 {
		t.Errorf("colourless share %.3f, want about 0.20", share)
	}
	if len(shapes) != 6 {
		t.Errorf("shapes %v, want all six of 3-4 × 3-5", shapes)
	}
	for k := 1; k <= MaxColour; k++ {
		if palettes[k] < n/10 {
			t.Errorf("cards with %d colours: %d of %d, want about a quarter", k, palettes[k], n)
		}
	}
	if none, _ := ColourlessDeal(2, 50, 0); countZeros(none) != 0 {
		t.Errorf("ColourlessDeal(zeros 0) has colourless cells")
	}
	if all, _ := ColourlessDeal(2, 50, 100); countZeros(all) != cellsOf(all) {
		t.Errorf("ColourlessDeal(zeros 100) has coloured cells")
	}
	for _, bad := range [][2]int{{-1, 20}, {MaxHand + 1, 20}, {5, -1}, {5, 101}} {
		if _, err := ColourlessDeal(0, bad[0], bad[1]); err == nil {
			t.Errorf("ColourlessDeal(0, %d, %d) = nil error, want one", bad[0], bad[1])
		}
	}
}

func countZeros(cards []Card) int {
	n := 0
	for _, c := range cards {
		for r := 0; r < int(c.Rows); r++ {
			for col := 0; col < int(c.Cols); col++ {
				if c.At(r, col) == 0 {
					n++
				}
			}
		}
	}
	return n
}

func cellsOf(cards []Card) int {
	n := 0
	for _, c := range cards {
		n += int(c.Rows) * int(c.Cols)
	}
	return n
}
