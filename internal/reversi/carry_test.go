package reversi

import (
	"fmt"
	"math/bits"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// carrySearch searches b to depth with e (a fresh table, loaded with ents) and returns the
// result and what it carries past its move.
func carrySearch(e *Engine, b Board, depth int, ents []ttEntry) (Result, []ttEntry) {
	e.ClearTT()
	e.loadCarried(ents)
	r := e.Search(b, Limits{MaxDepth: depth}, nil)
	return r, e.carried(b.Play(r.Move), carryMost)
}

// TestCarriedTable: what one move carries reads back as it was written, covers only
// positions that may follow the move, deepest first, and saves the next move's search
// nodes without changing what a search to the end would find.
func TestCarriedTable(t *testing.T) {
	e := NewEngine(16)
	b := CalibrationPositions()[0].Board
	r, ents := carrySearch(e, b, 9, nil)
	if len(ents) == 0 || len(ents) > carryMost {
		t.Fatalf("carried %d entries, want 1 to %d", len(ents), carryMost)
	}
	after := b.Play(r.Move)
	for i, ent := range ents {
		if occ := after.Own | after.Opp; (ent.own|ent.opp)&occ != occ {
			t.Fatalf("entry %d (%016x %016x) cannot follow the move played", i, ent.own, ent.opp)
		}
		if i > 0 && ent.depth > ents[i-1].depth {
			t.Fatalf("entry %d is deeper (%d) than the one before (%d)", i, ent.depth, ents[i-1].depth)
		}
	}
	back, err := parseCarried(carryLines(ents), 5)
	if err != nil {
		t.Fatal(err)
	}
	for i := range ents {
		ents[i].date = 0 // the table's date is not carried: the loader gives its own
	}
	if diff := cmp.Diff(ents, back, cmp.AllowUnexported(ttEntry{})); diff != "" {
		t.Fatalf("carried entries read back differently (-written +read):\n%s", diff)
	}
	// The opponent's reply the search expected, then the next search with and without.
	pv := e.PV(b, r.Move, 2)
	if len(pv) < 2 || pv[1] == NoSquare {
		t.Fatalf("principal variation %v has no reply", pv)
	}
	next := after.Play(pv[1])
	cold, _ := carrySearch(NewEngine(16), next, 9, nil)
	warm, _ := carrySearch(NewEngine(16), next, 9, back)
	t.Logf("depth 9 after %s %s: %d nodes cold, %d with %d entries carried", SquareName(r.Move), SquareName(pv[1]), cold.Nodes, warm.Nodes, len(back))
	if warm.Nodes >= cold.Nodes {
		t.Errorf("with the table carried the search took %d nodes, without %d: want fewer", warm.Nodes, cold.Nodes)
	}
	if next.Moves()&(1<<warm.Move) == 0 {
		t.Errorf("with the table carried the search chose %s, not a legal move", SquareName(warm.Move))
	}
}

// TestCarryLimit: small tables carry few entries, the agent's tables from 300,000 nodes a
// move (2^16 entries) up the most.
func TestCarryLimit(t *testing.T) {
	for _, c := range []struct{ logSize, want int }{{12, 256}, {14, 1024}, {16, carryMost}, {18, carryMost}} {
		if got := carryLimit(1 << c.logSize); got != c.want {
			t.Errorf("carryLimit(2^%d) = %d, want %d", c.logSize, got, c.want)
		}
	}
	if ttLogSize(300_000) != 16 {
		t.Errorf("a table for 300,000 nodes has 2^%d entries, want 2^16 (the arena's measure of carryMost)", ttLogSize(300_000))
	}
}

// TestParseCarriedFaults: each fault in a carried line drops the whole carry and names the
// line; lines of other tags are not the table's.
func TestParseCarriedFaults(t *testing.T) {
	start := Start()
	good := fmt.Sprintf("tt %016x %016x -150 300 7 %d", start.Own, start.Opp, bits.TrailingZeros64(start.Moves()))
	for _, c := range []struct {
		name, line, want string // want: the error's text, "" for none
	}{
		{"good", good, ""},
		{"another tag", "seen 12 34", ""},
		{"no move", fmt.Sprintf("tt %016x %016x -150 300 7 -1", start.Own, start.Opp), ""},
		{"fields missing", "tt 1 2 3", "want OWN OPP LOWER UPPER DEPTH MOVE"},
		{"not hexadecimal", "tt zz 2 0 0 3 -1", "not a position"},
		{"discs on one square", "tt 3 1 0 0 3 -1", "not a position"},
		{"an empty board", "tt 0 0 0 0 3 -1", "not a position"},
		{"bounds crossed", fmt.Sprintf("tt %016x %016x 300 -150 7 -1", start.Own, start.Opp), ""},
		{"bound below the range", fmt.Sprintf("tt %016x %016x -10001 0 7 -1", start.Own, start.Opp), "want bounds"},
		{"bound out of range", fmt.Sprintf("tt %016x %016x -150 10001 7 -1", start.Own, start.Opp), "want bounds"},
		{"depth 0", fmt.Sprintf("tt %016x %016x -150 300 0 -1", start.Own, start.Opp), "want a depth"},
		{"depth too deep", fmt.Sprintf("tt %016x %016x -150 300 65 -1", start.Own, start.Opp), "want a depth"},
		{"illegal move", fmt.Sprintf("tt %016x %016x -150 300 7 0", start.Own, start.Opp), "not -1 or a legal move"},
		{"move off the board", fmt.Sprintf("tt %016x %016x -150 300 7 64", start.Own, start.Opp), "not -1 or a legal move"},
	} {
		t.Run(c.name, func(t *testing.T) {
			ents, err := parseCarried([]string{good, c.line}, 5)
			switch {
			case c.want == "" && err != nil:
				t.Fatalf("error %v, want none", err)
			case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "playdata.txt:6:")):
				t.Fatalf("error %v, want playdata.txt:6: ... %s", err, c.want)
			case c.want != "" && ents != nil:
				t.Fatalf("a faulty carry kept %d entries, want none", len(ents))
			}
		})
	}
	many := make([]string, carryMost+1)
	for i := range many {
		many[i] = good
	}
	if _, err := parseCarried(many, 5); err == nil || !strings.Contains(err.Error(), "more than") {
		t.Errorf("%d entries: error %v, want more than %d", len(many), err, carryMost)
	}
}

// FuzzParseCarried: whatever playdata.txt holds, parsing its table never panics, and what it
// accepts writes back to lines that read back the same.
func FuzzParseCarried(f *testing.F) {
	start := Start()
	f.Add(fmt.Sprintf("tt %016x %016x -150 300 7 19\ntt 1 2 3", start.Own, start.Opp))
	f.Add("tt 0 0 0 0 0 0")
	f.Fuzz(func(t *testing.T, text string) {
		ents, err := parseCarried(strings.Split(text, "\n"), 5)
		if err != nil {
			return
		}
		back, err := parseCarried(carryLines(ents), 5)
		if err != nil {
			t.Fatalf("accepted entries do not read back: %v", err)
		}
		if diff := cmp.Diff(ents, back, cmp.AllowUnexported(ttEntry{})); diff != "" {
			t.Fatalf("entries read back differently:\n%s", diff)
		}
	})
}

// BenchmarkCarry is what carrying the table costs a move outside its search: choosing the
// entries from an agent-sized table (2^18 entries) after a search, writing their lines,
// and the next move's reading and loading them.
func BenchmarkCarry(b *testing.B) {
	e := NewEngine(18)
	pos := CalibrationPositions()[0].Board
	r := e.Search(pos, Limits{Nodes: 2_000_000}, nil)
	next := NewEngine(18)
	for b.Loop() {
		lines := carryLines(e.carried(pos.Play(r.Move), carryMost))
		ents, err := parseCarried(lines, 5)
		if err != nil {
			b.Fatal(err)
		}
		next.loadCarried(ents)
	}
}
