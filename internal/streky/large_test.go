package streky

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gameagents/internal/search"
)

// The largest inputs the parser accepts: a 64×64 board and MaxHand 8×8 cards a side, for
// measuring the binary's CPU time per move (tools/cpu-per-run) and for the tests that the
// engine obeys its budget there.
//
//	go test ./internal/streky -run TestWriteLargeInputs -write-large /tmp/large
//	go run ./tools/cpu-per-run -n 20 -dir /tmp/large/empty-0.01 bin/streky
var writeLarge = flag.String("write-large", "", "write the large inputs (empty and half-covered 64×64 boards, 256 8×8 cards a side) at 0.01, 0.05 and 1.0 s to DIR/BOARD-TIME/input.txt")

// largeBoard returns the rows of a MaxSide×MaxSide board: empty, or half covered in a
// checkerboard of 16×16 blocks, the covered ones in diagonal stripes of the four colours, so
// that an 8×8 card fits in a free block along its edges and joins regions of every colour.
func largeBoard(halfCovered bool) []string {
	rows := make([]string, MaxSide)
	for r := range rows {
		var row strings.Builder
		for c := range MaxSide {
			if !halfCovered || (r/16+c/16)%2 == 1 {
				row.WriteByte('.')
				continue
			}
			row.WriteByte(byte('1' + (r+2*c)/3%MaxColour))
		}
		rows[r] = row.String()
	}
	return rows
}

// mixedCards returns n MaxCardSide×MaxCardSide cards whose cells are colourless or of any
// colour, from a hash of the card's index and the cell: with 64 cells of five values each,
// two cards equal up to rotation are as good as impossible (TestLargeInput checks).
func mixedCards(n int) []string {
	cards := make([]string, n)
	for k := range cards {
		rows := make([]string, MaxCardSide)
		for r := range rows {
			var row strings.Builder
			for c := range MaxCardSide {
				row.WriteByte(byte('0' + search.Mix(uint64(k)<<6|uint64(r*MaxCardSide+c))%(MaxColour+1)))
			}
			rows[r] = row.String()
		}
		cards[k] = strings.Join(rows, "/")
	}
	return cards
}

// largeInput is a SINGLE move of the given time on largeBoard with MaxHand mixed cards in
// each hand.
func largeInput(halfCovered bool, seconds string) string {
	cards := mixedCards(MaxHand)
	in := strekyInput("FIRST", largeBoard(halfCovered), cards, cards)
	return strings.Replace(in, "\n1.0\n", "\n"+seconds+"\n", 1)
}

// bigHandInput is a MaxSide×MaxSide empty board, the mover's hand a 1×1 card and then big
// mixed 8×8 cards, about 13,000 placements each.
func bigHandInput(big int) string {
	return strekyInput("FIRST", largeBoard(false), append([]string{"1"}, mixedCards(big)...), []string{"2"})
}

// TestLargeInput: the large inputs parse, their cards are distinct up to rotation, and
// both boards leave room for every card.
func TestLargeInput(t *testing.T) {
	for _, half := range []bool{false, true} {
		p := parsePosition(t, largeInput(half, "0.01"))
		g := NewGenerator()
		ps := g.Placements(&p.Board, p.Hand(), nil)
		if len(g.classes) != MaxHand || len(ps) < MaxHand*MaxSide {
			t.Errorf("large input (half covered %v): %d distinct cards, %d placements; want %d, at least %d", half, len(g.classes), len(ps), MaxHand, MaxHand*MaxSide)
		}
		if want := map[bool]int{false: 0, true: MaxSide * MaxSide / 2}[half]; p.Board.Covered() != want {
			t.Errorf("large board (half covered %v): %d cells covered, want %d", half, p.Board.Covered(), want)
		}
	}
}

// TestWriteLargeInputs writes the large inputs for measurement when -write-large is given.
func TestWriteLargeInputs(t *testing.T) {
	if *writeLarge == "" {
		t.Skip("no -write-large DIR")
	}
	for _, board := range []string{"empty", "half"} {
		for _, seconds := range []string{"0.01", "0.05", "1.0"} {
			dir := filepath.Join(*writeLarge, board+"-"+seconds)
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			input := largeInput(board == "half", seconds)
			if err := os.WriteFile(filepath.Join(dir, "input.txt"), []byte(input), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}
