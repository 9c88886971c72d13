package streky

// The reference rules: docs/streky.md's "Placement" and "Scoring" written sentence by
// sentence with plain loops and flood fills, optimised for nothing. Check and Apply judge
// with them; the Generator is tested against them.

// Move is one move of output.txt: PLACE Card with its top-left cell at (Row, Col), or PASS.
type Move struct {
	Pass     bool
	Row, Col int
	Card     Card // the matrix written on the board: a rotation of a card in hand
}

// PassMove is the move PASS.
var PassMove = Move{Pass: true}

// ScoredMove is a placement with its gain.
type ScoredMove struct {
	Move Move
	Gain int
}

// Legal says whether card may be written with its top-left cell at (r, c): "the whole card
// must lie on the board, on cells that are all empty", and, unless this is the first card
// of the game (the board is empty), "some cell outside the card and orthogonally adjacent to
// it is covered".
func Legal(b *Board, r, c int, card Card) bool {
	h, w := int(card.Rows), int(card.Cols)
	if r < 0 || c < 0 || r+h > b.Rows() || c+w > b.Cols() {
		return false
	}
	for i := r; i < r+h; i++ {
		for j := c; j < c+w; j++ {
			if b.At(i, j) != Empty {
				return false
			}
		}
	}
	if b.IsEmpty() {
		return true
	}
	inCard := func(i, j int) bool { return i >= r && i < r+h && j >= c && j < c+w }
	for i := r; i < r+h; i++ {
		for j := c; j < c+w; j++ {
			for _, d := range steps {
				ni, nj := i+d[0], j+d[1]
				if onBoard(b, ni, nj) && !inCard(ni, nj) && b.At(ni, nj) != Empty {
					return true
				}
			}
		}
	}
	return false
}

// steps are the four orthogonal neighbours' offsets.
var steps = [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}}

func onBoard(b *Board, r, c int) bool { return r >= 0 && c >= 0 && r < b.Rows() && c < b.Cols() }

// Gain returns what writing card at (r, c) scores (the caller has checked Legal): "after the
// card is written, take each same-colour 4-connected group of coloured cells inside the new
// card. If its 4-connected same-colour region on the board is larger than the group itself,
// every cell of that whole region scores. The gain is the number of distinct scoring cells."
func Gain(b *Board, r, c int, card Card) int {
	after := *b
	after.Place(r, c, card)
	h, w := int(card.Rows), int(card.Cols)
	inCard := func(i, j int) bool { return i >= r && i < r+h && j >= c && j < c+w }
	anywhere := func(int, int) bool { return true }

	var grouped [MaxSide * MaxSide]bool // card cells already in a group, by row*MaxSide+col
	var scoring [MaxSide * MaxSide]bool
	gain := 0
	for i := r; i < r+h; i++ {
		for j := c; j < c+w; j++ {
			if after.At(i, j) == 0 || grouped[i*MaxSide+j] {
				continue
			}
			group := floodFill(&after, i, j, inCard)
			for _, cell := range group {
				grouped[cell] = true
			}
			region := floodFill(&after, i, j, anywhere)
			if len(region) > len(group) {
				for _, cell := range region {
					if !scoring[cell] {
						scoring[cell] = true
						gain++
					}
				}
			}
		}
	}
	return gain
}

// floodFill returns the cells (as row*MaxSide+col) of (r, c)'s colour 4-connected to it through
// cells for which within is true.
func floodFill(b *Board, r, c int, within func(i, j int) bool) []int {
	colour := b.At(r, c)
	var seen [MaxSide * MaxSide]bool
	seen[r*MaxSide+c] = true
	todo := [][2]int{{r, c}}
	var out []int
	for len(todo) > 0 {
		cell := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		out = append(out, cell[0]*MaxSide+cell[1])
		for _, d := range steps {
			i, j := cell[0]+d[0], cell[1]+d[1]
			if onBoard(b, i, j) && within(i, j) && !seen[i*MaxSide+j] && b.At(i, j) == colour {
				seen[i*MaxSide+j] = true
				todo = append(todo, [2]int{i, j})
			}
		}
	}
	return out
}

// handMatrices returns the distinct matrices among the rotations of the cards of hand: the
// ones a player holding hand can write.
func handMatrices(hand []Card) []Card {
	var out []Card
	for _, card := range hand {
		for _, m := range card.Rotations() {
			if !containsCard(out, m) {
				out = append(out, m)
			}
		}
	}
	return out
}

// ReferenceMoves returns every legal placement of a card of hand on b with its gain, one per
// distinct (row, col, matrix), matrices in hand order and rotation order, anchors row by row.
// It is empty when the player must pass.
func ReferenceMoves(b *Board, hand []Card) []ScoredMove {
	var out []ScoredMove
	for _, m := range handMatrices(hand) {
		for r := 0; r < b.Rows(); r++ {
			for c := 0; c < b.Cols(); c++ {
				if Legal(b, r, c, m) {
					out = append(out, ScoredMove{Move{Row: r, Col: c, Card: m}, Gain(b, r, c, m)})
				}
			}
		}
	}
	return out
}

// FirstLegal returns a legal placement of a card of hand on b, if there is one: the first
// that ReferenceMoves would list.
func FirstLegal(b *Board, hand []Card) (Move, bool) {
	for _, m := range handMatrices(hand) {
		for r := 0; r < b.Rows(); r++ {
			for c := 0; c < b.Cols(); c++ {
				if Legal(b, r, c, m) {
					return Move{Row: r, Col: c, Card: m}, true
				}
			}
		}
	}
	return Move{}, false
}
