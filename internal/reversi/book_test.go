package reversi

import (
	"encoding/binary"
	"flag"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gameagents/internal/agent"
)

// randomPlies plays plies random legal moves from the start (fewer if a side must pass).
func randomPlies(rng *rand.Rand, plies int) Board {
	b := Start()
	for range plies {
		moves := b.Moves()
		if moves == 0 {
			break
		}
		k := rng.IntN(bits.OnesCount64(moves))
		for range k {
			moves &= moves - 1
		}
		b = b.Play(bits.TrailingZeros64(moves))
	}
	return b
}

// TestBookSymmetry: a book of random positions, each stored once, answers for each of the
// eight images of each position with the image of its move (the move is legal, and the
// position after it is an image of the position after the stored move), with the stored
// value; and positions not stored are not found.
func TestBookSymmetry(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 1))
	var records []BookRecord
	seen := map[Board]bool{}
	for len(records) < 300 {
		c, _ := Canonical(randomPlies(rng, 1+rng.IntN(14)))
		moves := c.Moves()
		if seen[c] || moves == 0 {
			continue
		}
		seen[c] = true
		for k := rng.IntN(bits.OnesCount64(moves)); k > 0; k-- {
			moves &= moves - 1
		}
		records = append(records, BookRecord{Canon: c, Move: bits.TrailingZeros64(moves), Value: int32(rng.IntN(12801)) - 6400})
	}
	data, err := EncodeBook(records)
	if err != nil {
		t.Fatal(err)
	}
	book, err := ReadBook(data)
	if err != nil {
		t.Fatal(err)
	}
	if book.Len() != len(records) {
		t.Fatalf("the book holds %d positions, want %d", book.Len(), len(records))
	}
	for _, r := range records {
		want, _ := Canonical(r.Canon.Play(r.Move))
		for k := range 8 {
			b := Board{Own: patImage(r.Canon.Own, k), Opp: patImage(r.Canon.Opp, k)}
			ent, ok := book.Lookup(b)
			if !ok {
				t.Fatalf("image %d of a stored position not found", k)
			}
			if b.Moves()&(1<<ent.Move) == 0 {
				t.Fatalf("image %d: move %s is not legal", k, SquareName(ent.Move))
			}
			if got, _ := Canonical(b.Play(ent.Move)); got != want || ent.Value != r.Value {
				t.Fatalf("image %d: move %s value %d, want the image of %s, value %d", k, SquareName(ent.Move), ent.Value, SquareName(r.Move), r.Value)
			}
		}
	}
	for range 300 {
		b := randomPlies(rng, 15+rng.IntN(10))
		if c, _ := Canonical(b); !seen[c] {
			if _, ok := book.Lookup(b); ok {
				t.Fatal("a position not in the book was found")
			}
		}
	}
}

// TestReadBookErrors: a damaged book file is refused with what is wrong.
func TestReadBookErrors(t *testing.T) {
	c, _ := Canonical(Start())
	c2, _ := Canonical(Start().Play(19))
	good, err := EncodeBook([]BookRecord{{Canon: c, Move: bits.TrailingZeros64(c.Moves()), Value: 10}, {Canon: c2, Move: bits.TrailingZeros64(c2.Moves()), Value: -10}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ReadBook(good); err != nil {
		t.Fatalf("the good book: %v", err)
	}
	edit := func(f func(d []byte) []byte) []byte { return f(append([]byte(nil), good...)) }
	rec := func(i int) int { return bookHeaderSize + i*bookRecordSize }
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "no RVBOOK1 header"},
		{"other magic", edit(func(d []byte) []byte { d[0] = 'X'; return d }), "no RVBOOK1 header"},
		{"short", good[:len(good)-1], "the header says 2 records"},
		{"count too large", edit(func(d []byte) []byte { binary.LittleEndian.PutUint32(d[8:], 1<<31); return d }), "the header says 2147483648 records"},
		{"keys out of order", edit(func(d []byte) []byte {
			a := append([]byte(nil), d[rec(0):rec(1)]...)
			copy(d[rec(0):], d[rec(1):rec(2)])
			copy(d[rec(1):], a)
			return d
		}), "record 1: key"},
		{"square 64", edit(func(d []byte) []byte { d[rec(1)+8] = 64; return d }), "record 1: square 64"},
		{"value too large", edit(func(d []byte) []byte { binary.LittleEndian.PutUint16(d[rec(0)+9:], 6401); return d }), "record 0: value 6401"},
		{"value too small", edit(func(d []byte) []byte { binary.LittleEndian.PutUint16(d[rec(0)+9:], uint16(0x10000-6401)); return d }), "record 0: value -6401"},
	} {
		_, err := ReadBook(tc.data)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: ReadBook error %v, want one containing %q", tc.name, err, tc.want)
		}
	}
}

// TestEncodeBookErrors: records that would make a wrong book are refused.
func TestEncodeBookErrors(t *testing.T) {
	c, k := Canonical(Start().Play(19))
	legal := bits.TrailingZeros64(c.Moves())
	notCanon := Board{Own: patImage(c.Own, 1), Opp: patImage(c.Opp, 1)}
	if nc, _ := Canonical(notCanon); notCanon == nc {
		t.Fatalf("image 1 of the canonical position is canonical too (k %d): pick another", k)
	}
	for _, tc := range []struct {
		name string
		r    []BookRecord
		want string
	}{
		{"not canonical", []BookRecord{{Canon: notCanon, Move: bits.TrailingZeros64(notCanon.Moves())}}, "not in its canonical image"},
		{"illegal move", []BookRecord{{Canon: c, Move: 0}}, "not legal"},
		{"move off the board", []BookRecord{{Canon: c, Move: 64}}, "not legal"},
		{"value", []BookRecord{{Canon: c, Move: legal, Value: 7000}}, "out of range"},
		{"twice", []BookRecord{{Canon: c, Move: legal}, {Canon: c, Move: legal}}, "share the key"},
	} {
		_, err := EncodeBook(tc.r)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: EncodeBook error %v, want one containing %q", tc.name, err, tc.want)
		}
	}
}

// TestEmbeddedBook: the committed book holds the start position, and along every line of
// its own moves, with any reply, each position it holds answers a legal move; Lookup
// allocates nothing.
func TestEmbeddedBook(t *testing.T) {
	book := OpeningBook()
	if _, ok := book.Lookup(Start()); !ok {
		t.Fatal("the start position is not in the embedded book")
	}
	hits := 0
	var walk func(b Board, ply int)
	walk = func(b Board, ply int) {
		ent, ok := book.Lookup(b)
		if !ok || ply > 8 {
			return
		}
		hits++
		if b.Moves()&(1<<ent.Move) == 0 {
			t.Fatalf("book move %s is not legal", SquareName(ent.Move))
		}
		after := b.Play(ent.Move)
		for replies := after.Moves(); replies != 0; replies &= replies - 1 {
			walk(after.Play(bits.TrailingZeros64(replies)), ply+2)
		}
	}
	walk(Start(), 0)
	t.Logf("%d of the book's %d positions met on the book's lines", hits, book.Len())
	if n := testing.AllocsPerRun(100, func() { book.Lookup(Start()) }); n != 0 {
		t.Errorf("Lookup allocates %v times", n)
	}
}

// TestAgentBook: the agent plays the book's move in a book position, searching nothing;
// the nobook player, and a search to a stated depth, search it.
func TestAgentBook(t *testing.T) {
	input := []byte("SINGLE\nBLACK\n1\n........\n........\n........\n...WB...\n...BW...\n........\n........\n........\n")
	ent, ok := OpeningBook().Lookup(Start())
	if !ok {
		t.Fatal("the start position is not in the book")
	}
	for _, tc := range []struct {
		player string
		depth  int
		book   bool
	}{
		{"engine", 0, true},
		{NoBook, 0, false},
		{"engine", 3, false},
	} {
		th := agent.NewThinker(Game{}, agent.Options{Dir: t.TempDir(), Player: tc.player})
		lines, an, err := th.Move(input, tc.depth)
		if err != nil {
			t.Fatal(err)
		}
		if an.Book != tc.book || (an.Depth > 0) == tc.book {
			t.Errorf("player %s, depth %d: book %v at depth %d, want book %v", tc.player, tc.depth, an.Book, an.Depth, tc.book)
		}
		if tc.book && (len(lines) != 1 || lines[0] != SquareName(ent.Move)) {
			t.Errorf("player %s: move %q, want the book's %s", tc.player, lines, SquareName(ent.Move))
		}
	}
}

var (
	bookOpenings    = flag.String("book-openings", "", "report how many of this openings file's lines (moves from the start, as the tournament reads them) end in a position of the embedded book, and how deep the book follows each")
	bookOpeningsOut = flag.String("book-openings-out", "", "with -book-openings: write the openings that end in a book position to this file")
)

// TestBookCoverage measures the embedded book against an openings file: how many of its
// openings end in a book position, and, playing the book's own move from there on, how
// many more plies each stays in the book.
func TestBookCoverage(t *testing.T) {
	if *bookOpenings == "" {
		t.Skip("a measurement: run with -book-openings FILE")
	}
	data, err := os.ReadFile(*bookOpenings)
	if err != nil {
		t.Fatal(err)
	}
	book := OpeningBook()
	openings, inBook, further := 0, 0, 0
	covered := []string{fmt.Sprintf("# the openings of %s that end in a position of the opening book (go test ./internal/reversi -run TestBookCoverage -book-openings-out)", filepath.Base(*bookOpenings))}
	for n, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		b := Start()
		for _, w := range strings.Fields(line) {
			sq, err := ParseSquare(w)
			if err != nil || b.Moves()&(1<<sq) == 0 {
				t.Fatalf("%s:%d: %q is not a legal move here", *bookOpenings, n+1, w)
			}
			b = b.Play(sq)
		}
		openings++
		if _, ok := book.Lookup(b); !ok {
			continue
		}
		inBook++
		covered = append(covered, line)
		for {
			ent, ok := book.Lookup(b)
			if !ok {
				break
			}
			further++
			b = b.Play(ent.Move)
			if b.Moves() == 0 {
				break
			}
		}
	}
	t.Logf("%d openings: %d end in a book position; from those, %d book moves in all when the book plays both sides", openings, inBook, further)
	if *bookOpeningsOut != "" {
		if err := os.WriteFile(*bookOpeningsOut, []byte(strings.Join(covered, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

var (
	writeBookOpenings = flag.String("write-book-openings", "", "write distinct random openings that stay in the embedded book (every position after the first move is a book position) to this file")
	bookOpeningsPlies = flag.Int("book-openings-plies", 6, "with -write-book-openings: the plies of each opening")
	bookOpeningsCount = flag.Int("book-openings-count", 500, "with -write-book-openings: the most openings to write")
)

// TestWriteBookOpenings writes the openings of a match that measures the book: random lines
// of -book-openings-plies moves from the start, each move chosen among those that lead to a
// position the book holds, so that at the end of every opening the side to move has a book
// move (and the other side's replies stayed in the book's tree on the way). Openings are
// distinct up to symmetry, since a repeated one would count its games twice in a test; the
// file ends early when random walks stop finding new ones.
//
//	go test ./internal/reversi -run TestWriteBookOpenings -write-book-openings $PWD/results/sprt/reversi-book-openings.txt
func TestWriteBookOpenings(t *testing.T) {
	if *writeBookOpenings == "" {
		t.Skip("a data tool: run with -write-book-openings FILE")
	}
	book := OpeningBook()
	rng := rand.New(rand.NewPCG(24, 4))
	seen := map[Board]bool{}
	lines := []string{fmt.Sprintf("# distinct random %d-ply openings inside the opening book (go test ./internal/reversi -run TestWriteBookOpenings -book-openings-plies %d)",
		*bookOpeningsPlies, *bookOpeningsPlies)}
	for misses := 0; len(seen) < *bookOpeningsCount && misses < 10000; {
		line, b, ok := bookWalk(book, rng, *bookOpeningsPlies)
		c, _ := Canonical(b)
		if !ok || seen[c] {
			misses++
			continue
		}
		seen[c] = true
		lines = append(lines, line)
	}
	if err := os.WriteFile(*writeBookOpenings, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %d openings to %s", len(seen), *writeBookOpenings)
}

// bookWalk plays plies random moves from the start, each to a position the book holds; ok
// is false when a position on the way has no such move.
func bookWalk(book *Book, rng *rand.Rand, plies int) (string, Board, bool) {
	b := Start()
	var words []string
	for range plies {
		var next []int
		for m := b.Moves(); m != 0; m &= m - 1 {
			sq := bits.TrailingZeros64(m)
			if _, ok := book.Lookup(b.Play(sq)); ok {
				next = append(next, sq)
			}
		}
		if len(next) == 0 {
			return "", b, false
		}
		sq := next[rng.IntN(len(next))]
		words = append(words, SquareName(sq))
		b = b.Play(sq)
	}
	return strings.Join(words, " "), b, true
}
