package reversi

// Carrying the transposition table from one move to the next. Each move of the file
// protocol is a fresh process, so every search used to begin with an empty table, where an
// engine that lives through the game keeps its table: the positions of its last search
// that the game can still reach keep their bounds and best moves, the first iterations of
// the next search are answered from them and the deeper ones are ordered by them. Keeping
// the whole table between a player's moves was worth +21 Elo in the arena at 300,000 nodes
// a move (RESULTS.md, issue 24, "The table carried between moves").
//
// What is carried: the table's entries whose position may still arise after
// the move played, those whose occupied squares include the position's after the move (a
// disc once placed stays, so no other position can follow), the deepest first, at most
// carryLimit of them (carryMost from the tables of 300,000 nodes up), as playdata.txt
// lines (carryLines). The next move loads them
// (loadCarried) as entries of an earlier search: the table's replacement counts them as
// empty, its probes use them, as the arena's kept table did. Each line is range-checked
// and its move checked legal before it is believed; any fault drops the whole carry, which
// only costs the next move its head start. The same input and playdata give the same
// lines, so the same moves.

import (
	"fmt"
	"strconv"
	"strings"

	"gameagents/internal/gamefile"
)

// carryMost bounds the entries carried: about 200 KB of playdata.txt, a few milliseconds
// to write and read.
const carryMost = 4096

// carryLimit is the most entries a table of entries entries carries: one in sixteen, up to
// carryMost, so that a move of a few milliseconds (a table of 2^12 entries) reads and
// writes a few hundred lines, not thousands. From 2^16 entries up (300,000 nodes a move,
// SINGLE 0.2 s and more) it is carryMost, as measured.
func carryLimit(entries int) int { return min(carryMost, entries/16) }

// carryTag starts each carried entry's line in playdata.txt.
const carryTag = "tt"

// carried returns up to most of the table's entries whose positions may follow after, the
// position after the move played: the deepest first, in table order among equals. The
// table is a move's (a fresh engine's): what this search wrote and what it was loaded with.
func (e *Engine) carried(after Board, most int) []ttEntry {
	occupied := after.Own | after.Opp
	// One pass over the table (2^18 entries, 6 MiB, its reading the most of the cost) for
	// the entries that follow, counted by depth; then the deepest most of them, in table
	// order within a depth: a count, not a sort.
	var byDepth [maxPly + 1]int
	follow := make([]uint32, 0, len(e.tt))
	for i := range e.tt {
		if ent := &e.tt[i]; (ent.own|ent.opp)&occupied == occupied { // an empty entry never follows
			byDepth[ent.depth]++
			follow = append(follow, uint32(i))
		}
	}
	var start [maxPly + 1]int // where the entries of each depth begin, the deepest first
	n := 0
	for d := maxPly; d >= 0; d-- {
		start[d] = n
		n += byDepth[d]
	}
	keep := make([]ttEntry, min(n, most))
	for _, i := range follow {
		ent := &e.tt[i]
		if j := start[ent.depth]; j < len(keep) {
			keep[j] = *ent
		}
		start[ent.depth]++
	}
	return keep
}

// loadCarried stores ents, deepest first, as entries of a search before the next one: an
// entry whose bucket the deeper ones filled is dropped.
func (e *Engine) loadCarried(ents []ttEntry) {
	for _, ent := range ents {
		ent.date = e.date
		p, q := e.ttBucket(Board{Own: ent.own, Opp: ent.opp})
		switch {
		case p.own|p.opp == 0:
			*p = ent
		case q.own|q.opp == 0:
			*q = ent
		}
	}
}

// loadLines loads the table carryAfter wrote, lines being playdata.txt's from line first.
func (e *Engine) loadLines(lines []string, first int) error {
	ents, err := parseCarried(lines, first)
	if err != nil {
		return err
	}
	e.loadCarried(ents)
	return nil
}

// carryAfter returns the lines that carry the table past move, played on b, the position
// searched: at most most entries.
func (e *Engine) carryAfter(b Board, move, most int) []string {
	return carryLines(e.carried(b.Play(move), most))
}

// carryLines formats ents as playdata.txt lines: "tt OWN OPP LOWER UPPER DEPTH MOVE", the
// bitboards in hexadecimal, the bounds in 1/100 disc, the move a square number or -1.
func carryLines(ents []ttEntry) []string {
	lines := make([]string, len(ents))
	var buf []byte
	for i, ent := range ents {
		// strconv's appends, not fmt: a few thousand lines a move, outside the node budget.
		buf = append(buf[:0], carryTag...)
		buf = appendHex16(append(buf, ' '), ent.own)
		buf = appendHex16(append(buf, ' '), ent.opp)
		for _, v := range [4]int64{int64(ent.lower), int64(ent.upper), int64(ent.depth), int64(ent.move)} {
			buf = strconv.AppendInt(append(buf, ' '), v, 10)
		}
		lines[i] = string(buf)
	}
	return lines
}

// appendHex16 appends x in 16 hexadecimal digits.
func appendHex16(buf []byte, x uint64) []byte {
	const digits = "0123456789abcdef"
	for shift := 60; shift >= 0; shift -= 4 {
		buf = append(buf, digits[x>>uint(shift)&15])
	}
	return buf
}

// parseCarried reads the entries of carryLines back from lines, the first of which is
// line first of playdata.txt, checking every field; lines of other tags are not its own.
// On the first fault it returns none and the error (file, line, problem).
func parseCarried(lines []string, first int) ([]ttEntry, error) {
	var ents []ttEntry
	for i, l := range lines {
		rest, ok := strings.CutPrefix(l, carryTag+" ")
		if !ok {
			continue
		}
		ent, err := parseCarriedEntry(rest)
		if err == nil && len(ents) == carryMost {
			err = fmt.Errorf("more than %d entries", carryMost)
		}
		if err != nil {
			return nil, gamefile.Errorf("playdata.txt", first+i, "%v", err)
		}
		ents = append(ents, ent)
	}
	return ents, nil
}

// parseCarriedEntry parses one entry's fields after its tag.
func parseCarriedEntry(s string) (ttEntry, error) {
	var f [6]string
	n, rest := 0, s
	for ; n < len(f) && rest != ""; n++ {
		f[n], rest, _ = strings.Cut(rest, " ")
	}
	if n != len(f) || rest != "" {
		return ttEntry{}, fmt.Errorf("table entry %q: want OWN OPP LOWER UPPER DEPTH MOVE", gamefile.Clip(s))
	}
	own, err1 := strconv.ParseUint(f[0], 16, 64)
	opp, err2 := strconv.ParseUint(f[1], 16, 64)
	if err1 != nil || err2 != nil || own&opp != 0 || own|opp == 0 {
		return ttEntry{}, fmt.Errorf("table entry %q: the bitboards are not a position", gamefile.Clip(s))
	}
	lower, err1 := strconv.Atoi(f[2])
	upper, err2 := strconv.Atoi(f[3])
	// The bounds may cross: the search's instability (ProbCut's shallow searches, entries
	// of other depths) can leave a fail high above a later fail low of the same depth.
	if err1 != nil || err2 != nil || min(lower, upper) < -scoreInf || max(lower, upper) > scoreInf {
		return ttEntry{}, fmt.Errorf("table entry %q: want bounds from %d to %d", gamefile.Clip(s), -scoreInf, scoreInf)
	}
	depth, err := strconv.Atoi(f[4])
	if err != nil || depth < 1 || depth > maxPly {
		return ttEntry{}, fmt.Errorf("table entry %q: want a depth from 1 to %d", gamefile.Clip(s), maxPly)
	}
	move, err := strconv.Atoi(f[5])
	b := Board{Own: own, Opp: opp}
	if err != nil || move < -1 || move > 63 || (move >= 0 && b.Moves()&(1<<move) == 0) {
		return ttEntry{}, fmt.Errorf("table entry %q: the move is not -1 or a legal move", gamefile.Clip(s))
	}
	return ttEntry{own: own, opp: opp, lower: int16(lower), upper: int16(upper), depth: int8(depth), move: int8(move)}, nil
}
