package streky

// The cards of a game: the course tournament's deal, and seeded random cards with
// colourless cells. The referee's setup (judge.go) and the arena use them, and both give the
// two players the same multiset of cards, as the rules require.

import (
	"fmt"
	"math/rand/v2"
)

// tournamentUniverseText is the course tournament's card set (docs/streky.md,
// testdata/tournament_cards.json "universe"): the colour permutations of the 4×4 card
// 1213/2211/1122/3121 and of the 3×5 card 12134/22133/32132, in the order of the course's
// game.py (the order its seeded shuffle draws from). No card has a colourless cell.
var tournamentUniverseText = [...]string{
	"1213/2211/1122/3121", "1214/2211/1122/4121", "1312/3311/1133/2131", "1314/3311/1133/4131",
	"1412/4411/1144/2141", "1413/4411/1144/3141", "2123/1122/2211/3212", "2124/1122/2211/4212",
	"2321/3322/2233/1232", "2324/3322/2233/4232", "2421/4422/2244/1242", "2423/4422/2244/3242",
	"3132/1133/3311/2313", "3134/1133/3311/4313", "3231/2233/3322/1323", "3234/2233/3322/4323",
	"3431/4433/3344/1343", "3432/4433/3344/2343", "4142/1144/4411/2414", "4143/1144/4411/3414",
	"4241/2244/4422/1424", "4243/2244/4422/3424", "4341/3344/4433/1434", "4342/3344/4433/2434",
	"12134/22133/32132", "12143/22144/42142", "13124/33122/23123", "13142/33144/43143",
	"14123/44122/24124", "14132/44133/34134", "21234/11233/31231", "21243/11244/41241",
	"23214/33211/13213", "23241/33244/43243", "24213/44211/14214", "24231/44233/34234",
	"31324/11322/21321", "31342/11344/41341", "32314/22311/12312", "32341/22344/42342",
	"34312/44311/14314", "34321/44322/24324", "41423/11422/21421", "41432/11433/31431",
	"42413/22411/12412", "42431/22433/32432", "43412/33411/13413", "43421/33422/23423",
}

// TournamentSize is the tournament's board side, and TournamentCount the cards each
// player is dealt there.
const (
	TournamentSize  = 33
	TournamentCount = 24
)

// courseHands are the tournament's 24-card hands of seeds 0-9, as indices into
// tournamentUniverseText in the order dealt: what the course's game.py deals with
// random.seed(seed) (testdata/tournament_cards.json "per_seed_hands_recomputed", computed
// with Python 3.11; the tournament ran seeds 0-9 for every ordered pair of players).
var courseHands = [10][TournamentCount]uint8{
	{23, 26, 29, 31, 19, 1, 30, 6, 3, 11, 45, 20, 46, 42, 22, 28, 35, 36, 40, 44, 21, 18, 0, 34},
	{18, 1, 28, 2, 46, 30, 21, 14, 22, 0, 43, 13, 40, 17, 4, 41, 3, 27, 6, 15, 38, 31, 32, 36},
	{3, 32, 36, 2, 12, 46, 31, 34, 11, 8, 5, 20, 28, 41, 27, 44, 10, 39, 19, 26, 13, 21, 17, 42},
	{11, 10, 32, 45, 9, 42, 40, 5, 7, 36, 28, 41, 31, 14, 46, 13, 39, 34, 20, 25, 38, 37, 30, 33},
	{12, 42, 18, 29, 23, 46, 8, 37, 44, 19, 4, 26, 32, 13, 25, 11, 40, 17, 16, 14, 38, 27, 30, 36},
	{8, 4, 34, 5, 31, 20, 37, 17, 26, 27, 16, 11, 3, 15, 10, 12, 47, 28, 24, 33, 32, 18, 41, 36},
	{26, 1, 9, 16, 36, 39, 37, 21, 27, 23, 22, 13, 19, 29, 24, 2, 7, 28, 5, 32, 15, 3, 31, 42},
	{38, 11, 13, 10, 32, 15, 23, 8, 26, 2, 17, 21, 7, 25, 20, 24, 22, 1, 46, 29, 18, 16, 14, 45},
	{13, 11, 32, 46, 29, 10, 45, 47, 23, 14, 18, 6, 33, 0, 26, 17, 9, 30, 37, 20, 27, 12, 5, 43},
	{27, 14, 1, 28, 31, 36, 6, 37, 20, 47, 43, 32, 42, 35, 16, 5, 25, 41, 38, 10, 9, 26, 12, 0},
}

// TournamentUniverse returns the tournament's 48 cards in the course's order.
func TournamentUniverse() []Card {
	cards := make([]Card, len(tournamentUniverseText))
	for i, text := range tournamentUniverseText {
		cards[i] = MustParseCard(text)
	}
	return cards
}

// dealSeedStream is the second word of the PCG seed of every seeded deal, so that a deal's
// cards do not repeat another generator's stream seeded by the same number.
const dealSeedStream = 0x5472656b79 // "Treky"

// TournamentDeal returns count cards drawn without repetition from the tournament's set.
// For count 24 and seeds 0-9 they are the course's own hands of those seeds (courseHands),
// so that matches replay the tournament's deals; otherwise a PCG generator seeded by seed
// shuffles the set and deals its first count cards.
func TournamentDeal(seed uint64, count int) ([]Card, error) {
	universe := TournamentUniverse()
	if count < 0 || count > len(universe) {
		return nil, fmt.Errorf("count=%d: the tournament set has %d cards, each dealt at most once", count, len(universe))
	}
	if count == TournamentCount && seed < uint64(len(courseHands)) {
		cards := make([]Card, count)
		for i, k := range courseHands[seed] {
			cards[i] = universe[k]
		}
		return cards, nil
	}
	rng := rand.New(rand.NewPCG(seed, dealSeedStream))
	rng.Shuffle(len(universe), func(i, j int) { universe[i], universe[j] = universe[j], universe[i] })
	return universe[:count], nil
}

// Colourless deals: the shapes and the share of colourless cells of ColourlessDeal's cards.
const (
	colourlessMinRows, colourlessMaxRows = 3, 4
	colourlessMinCols, colourlessMaxCols = 3, 5
	// DefaultZeroPercent is the default chance, in percent, of a colourless card cell.
	DefaultZeroPercent = 20
)

// ColourlessDeal returns count cards generated by a PCG generator seeded by seed: each has
// 3 or 4 rows and 3 to 5 columns, a palette of 1 to 4 distinct colours drawn for the card,
// and each cell colourless with probability zeroPercent/100, otherwise a colour of its
// palette drawn uniformly. Small palettes make large same-colour groups; colourless cells
// cut groups apart and block the board without scoring.
func ColourlessDeal(seed uint64, count, zeroPercent int) ([]Card, error) {
	if count < 0 || count > MaxHand {
		return nil, fmt.Errorf("count=%d: want 0 to %d cards", count, MaxHand)
	}
	if zeroPercent < 0 || zeroPercent > 100 {
		return nil, fmt.Errorf("zeros=%d: want a percentage from 0 to 100", zeroPercent)
	}
	rng := rand.New(rand.NewPCG(seed, dealSeedStream+1))
	cards := make([]Card, count)
	for k := range cards {
		var c Card
		c.Rows = uint8(colourlessMinRows + rng.IntN(colourlessMaxRows-colourlessMinRows+1))
		c.Cols = uint8(colourlessMinCols + rng.IntN(colourlessMaxCols-colourlessMinCols+1))
		palette := rng.Perm(MaxColour)[:1+rng.IntN(MaxColour)]
		for r := 0; r < int(c.Rows); r++ {
			for col := 0; col < int(c.Cols); col++ {
				if rng.IntN(100) >= zeroPercent {
					c.Cells[r*MaxCardSide+col] = uint8(1 + palette[rng.IntN(len(palette))])
				}
			}
		}
		cards[k] = c
	}
	return cards, nil
}
