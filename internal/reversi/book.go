package reversi

// The opening book: positions of the opening, each with the move a deviation tree of the
// engine's own searches chose there and that move's value (internal/reversi/train builds
// it: `reversi-train book`, docs/reversi.md). The idea is the one of the engines'
// books (Buro's Logistello book, Edax's): expand a tree of positions from the start, every
// move of an expanded position valued by a search or by the subtree below it, values
// backed up by negamax; what is stored here is the result only.
//
// A position is stored once for its eight symmetric images: under the least image
// (canonical: Own, then Opp, compared as numbers), with the move in that image's frame. A
// record is the canonical position's 64-bit hash (bookKey), the move and its value, and the
// records are sorted by key, so a look-up is a binary search of the file's bytes in place:
// loading checks the file and copies nothing. A key shared by two positions (the chance is
// about the square of the book's size over 2^64) could answer with another position's move,
// so a move from the book is played only when it is legal in the position asked.
//
// File format (little-endian): the 8 bytes "RVBOOK1\n", a uint32 count, then count records
// of 11 bytes: the key (uint64), the square of the move in the canonical image (0-63), the
// value (int16, 1/100 of a disc for the side to move, |value| <= 6400). Keys strictly
// increase.

import (
	"cmp"
	_ "embed"
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"slices"

	"gameagents/internal/search"
)

const (
	bookMagic      = "RVBOOK1\n"
	bookHeaderSize = len(bookMagic) + 4
	bookRecordSize = 8 + 1 + 2
	// bookMaxValue bounds a stored value: a disc difference of 64 at 100 a disc.
	bookMaxValue = 64 * discScore
)

//go:embed book.bin
var bookFile []byte

// openingBook is the embedded book, checked at start-up (a broken embedded file is a build
// error the tests catch, so it panics).
var openingBook = func() *Book {
	b, err := ReadBook(bookFile)
	if err != nil {
		panic(errors.New("reversi: embedded book.bin: " + err.Error()))
	}
	return b
}()

// OpeningBook returns the embedded opening book.
func OpeningBook() *Book { return openingBook }

// Book is an opening book, read in place from its file's bytes.
type Book struct {
	data []byte // the records
	n    int
}

// BookEntry is what the book holds for a position.
type BookEntry struct {
	Move  int   // the move, in the position's own frame
	Value int32 // its value for the side to move, in 1/100 disc
}

// ReadBook checks data as a book file and returns the book, which reads data in place:
// data must not change afterwards. Its errors say what is wrong and where.
func ReadBook(data []byte) (*Book, error) {
	if len(data) < bookHeaderSize || string(data[:len(bookMagic)]) != bookMagic {
		return nil, errors.New("not an opening book (no RVBOOK1 header)")
	}
	n := binary.LittleEndian.Uint32(data[len(bookMagic):])
	records := data[bookHeaderSize:]
	if uint64(len(records)) != uint64(n)*bookRecordSize {
		return nil, fmt.Errorf("the header says %d records (%d bytes), the file holds %d bytes of records", n, uint64(n)*bookRecordSize, len(records))
	}
	b := &Book{data: records, n: int(n)}
	for i := range b.n {
		key, sq, v := b.record(i)
		if i > 0 {
			if prev, _, _ := b.record(i - 1); key <= prev {
				return nil, fmt.Errorf("record %d: key %016x does not follow %016x (keys must increase)", i, key, prev)
			}
		}
		if sq >= 64 {
			return nil, fmt.Errorf("record %d: square %d, want 0 to 63", i, sq)
		}
		if v < -bookMaxValue || v > bookMaxValue {
			return nil, fmt.Errorf("record %d: value %d, want at most %d either way", i, v, bookMaxValue)
		}
	}
	return b, nil
}

// Len returns the number of positions in the book.
func (b *Book) Len() int { return b.n }

// record returns record i's key, canonical square and value.
func (b *Book) record(i int) (uint64, int, int32) {
	r := b.data[i*bookRecordSize:]
	return binary.LittleEndian.Uint64(r), int(r[8]), int32(int16(binary.LittleEndian.Uint16(r[9:])))
}

// Lookup returns the book's move and value for bd, false when bd is not in the book or its
// record's move is not legal in bd. It allocates nothing.
func (b *Book) Lookup(bd Board) (BookEntry, bool) {
	c, k := Canonical(bd)
	key := bookKey(c)
	lo, hi := 0, b.n
	for lo < hi { // the first record whose key is >= key
		mid := int(uint(lo+hi) >> 1)
		if k, _, _ := b.record(mid); k < key {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if lo == b.n {
		return BookEntry{}, false
	}
	rk, sq, v := b.record(lo)
	if rk != key {
		return BookEntry{}, false
	}
	// The canonical square is image k of the move: find the legal move with that image.
	for moves := bd.Moves(); moves != 0; moves &= moves - 1 {
		m := bits.TrailingZeros64(moves)
		if patImage(1<<m, k) == 1<<sq {
			return BookEntry{Move: m, Value: v}, true
		}
	}
	return BookEntry{}, false
}

// Canonical returns the least of bd's eight symmetric images (Own, then Opp, compared as
// numbers) and which image it is (patImage's k): equal positions up to symmetry have the
// same canonical image.
func Canonical(bd Board) (Board, int) {
	best, bestK := bd, 0
	for k := 1; k < 8; k++ {
		c := Board{Own: patImage(bd.Own, k), Opp: patImage(bd.Opp, k)}
		if c.Own < best.Own || c.Own == best.Own && c.Opp < best.Opp {
			best, bestK = c, k
		}
	}
	return best, bestK
}

// BookRecord is a record as the book's builder writes it: a canonical position (Canonical),
// its move in that frame, the move's value.
type BookRecord struct {
	Canon Board
	Move  int
	Value int32
}

// EncodeBook writes records as a book file: sorted by key, each checked. Two records of one
// position, or two positions with one key, are an error.
func EncodeBook(records []BookRecord) ([]byte, error) {
	type keyed struct {
		key uint64
		r   BookRecord
	}
	list := make([]keyed, len(records))
	for i, r := range records {
		if c, _ := Canonical(r.Canon); c != r.Canon {
			return nil, fmt.Errorf("record %d: the position is not in its canonical image", i)
		}
		if r.Move < 0 || r.Move > 63 || r.Canon.Moves()&(1<<r.Move) == 0 {
			return nil, fmt.Errorf("record %d: move %d is not legal in its position", i, r.Move)
		}
		if r.Value < -bookMaxValue || r.Value > bookMaxValue {
			return nil, fmt.Errorf("record %d: value %d out of range", i, r.Value)
		}
		list[i] = keyed{bookKey(r.Canon), r}
	}
	slices.SortFunc(list, func(a, b keyed) int { return cmp.Compare(a.key, b.key) })
	out := make([]byte, bookHeaderSize, bookHeaderSize+len(list)*bookRecordSize)
	copy(out, bookMagic)
	binary.LittleEndian.PutUint32(out[len(bookMagic):], uint32(len(list)))
	for i, e := range list {
		if i > 0 && e.key == list[i-1].key {
			return nil, fmt.Errorf("two records share the key %016x", e.key)
		}
		out = binary.LittleEndian.AppendUint64(out, e.key)
		out = append(out, byte(e.r.Move))
		out = binary.LittleEndian.AppendUint16(out, uint16(int16(e.r.Value)))
	}
	return out, nil
}

// bookKey hashes a canonical position: each half scrambled, the second first multiplied
// by an odd constant so that swapping the halves changes the key.
func bookKey(c Board) uint64 {
	return search.Mix(search.Mix(c.Own) ^ c.Opp*0x9E3779B97F4A7C15)
}
