package train

import (
	"bytes"
	"testing"

	"gameagents/internal/reversi"
)

// TestBuildBook: a small book is the same with one worker or two; it holds the start
// position and as many positions as asked; every record's move is legal; and a position
// whose move leads to another position of the book has minus that position's value (the
// values are backed up by negamax).
func TestBuildBook(t *testing.T) {
	cfg := BookConfig{Positions: 60, MaxPly: 6, Depth: 3, MaxLoss: 600, Workers: 1, LogTT: 14}
	build := func(workers int) ([]reversi.BookRecord, []byte) {
		cfg.Workers = workers
		records, err := BuildBook(cfg, nil)
		if err != nil {
			t.Fatal(err)
		}
		data, err := reversi.EncodeBook(records)
		if err != nil {
			t.Fatal(err)
		}
		return records, data
	}
	records, one := build(1)
	if _, two := build(2); !bytes.Equal(one, two) {
		t.Fatal("the book differs between one worker and two")
	}
	if len(records) != cfg.Positions {
		t.Fatalf("%d positions, want %d", len(records), cfg.Positions)
	}
	book, err := reversi.ReadBook(one)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := book.Lookup(reversi.Start()); !ok {
		t.Fatal("the start position is not in the book")
	}
	byPos := map[reversi.Board]reversi.BookRecord{}
	for _, r := range records {
		byPos[r.Canon] = r
	}
	backedUp := 0
	for _, r := range records {
		if r.Canon.Moves()&(1<<r.Move) == 0 {
			t.Fatalf("record move %s is not legal", reversi.SquareName(r.Move))
		}
		child, _ := reversi.Canonical(r.Canon.Play(r.Move))
		if c, ok := byPos[child]; ok {
			backedUp++
			if r.Value != -c.Value {
				t.Fatalf("a position's value %d, the book position its move leads to %d: want its negation", r.Value, c.Value)
			}
		}
	}
	if backedUp == 0 {
		t.Fatal("no position's move leads into the book: the tree was not grown")
	}
}

// TestBuildBookConfig: a configuration that cannot grow a book is refused.
func TestBuildBookConfig(t *testing.T) {
	for _, cfg := range []BookConfig{
		{Positions: 0, MaxPly: 4, Depth: 2, LogTT: 14},
		{Positions: 5, MaxPly: 0, Depth: 2, LogTT: 14},
		{Positions: 5, MaxPly: 4, Depth: 0, LogTT: 14},
		{Positions: 5, MaxPly: 4, Depth: 2, MaxLoss: -1, LogTT: 14},
		{Positions: 5, MaxPly: 4, Depth: 2, LogTT: 40},
	} {
		if _, err := BuildBook(cfg, nil); err == nil {
			t.Errorf("BuildBook(%+v) succeeded, want an error", cfg)
		}
	}
}
