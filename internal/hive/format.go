package hive

// input.txt (docs/hive.md): the common header with LOWER or UPPER on line 2, then
// "HIVE N n m" (board size, the mover's and the opponent's move counts), "HAND" with a count
// for each of the ten piece kinds, "CELLS k" and k lines "p q stack" (stack bottom first).

import (
	"fmt"
	"strconv"
	"strings"

	"gameagents/internal/gamefile"
)

// Kinds are the piece kinds in the upper case: queen, beetle, spider, grasshopper, ant.
const Kinds = "QBSGA"

// Side is a player: Lower owns q b s g a, Upper owns Q B S G A.
type Side uint8

const (
	Lower Side = 0
	Upper Side = 1
)

// String returns the input.txt token of the side.
func (s Side) String() string {
	if s == Lower {
		return "LOWER"
	}
	return "UPPER"
}

// Letter returns the side's letter for a kind (0..4 in Kinds order).
func (s Side) Letter(kind int) byte {
	if s == Lower {
		return Kinds[kind] + 'a' - 'A'
	}
	return Kinds[kind]
}

// pieceOf reads a piece letter: its side and kind.
func pieceOf(ch byte) (Side, int, bool) {
	if k := strings.IndexByte(Kinds, ch); k >= 0 {
		return Upper, k, true
	}
	if ch >= 'a' && ch <= 'z' {
		if k := strings.IndexByte(Kinds, ch-'a'+'A'); k >= 0 {
			return Lower, k, true
		}
	}
	return 0, 0, false
}

// Limits on what an input may claim, so that a huge number is an error, not an allocation.
const (
	maxMoveCount = 10000
	maxInHand    = 99
)

// Input is a parsed input.txt.
type Input struct {
	Header   gamefile.Header
	Mover    Side
	Geometry *Geometry
	Moves    [2]int    // moves made so far by each side (n of the mover, the opponent's)
	Hand     [2][5]int // pieces not yet placed, by side and kind
	Stacks   [][]byte  // each cell's stack, bottom first, by cell index; nil when empty
}

// ParseInput parses the lines of an input.txt; file names it in errors.
func ParseInput(file string, lines []gamefile.Line) (*Input, error) {
	h, body, err := gamefile.ParseHeader(file, lines)
	if err != nil {
		return nil, err
	}
	in := &Input{Header: h}
	side, err := h.SideIndex(file, [2]string{Lower.String(), Upper.String()})
	if err != nil {
		return nil, err
	}
	in.Mover = Side(side)
	r := gamefile.NewBodyReader(file, lines, body)
	next := r.Next
	l, err := next("HIVE N n m")
	if err != nil {
		return nil, err
	}
	if err := in.parseGame(file, l); err != nil {
		return nil, err
	}
	if l, err = next("HAND and the ten piece counts"); err != nil {
		return nil, err
	}
	if err := in.parseHand(file, l); err != nil {
		return nil, err
	}
	handLine := l.Num // the piece counts' errors name the HAND line
	if l, err = next("CELLS k"); err != nil {
		return nil, err
	}
	f := strings.Fields(l.Text)
	if len(f) != 2 || f[0] != "CELLS" {
		return nil, gamefile.Errorf(file, l.Num, "got %q, want CELLS and the number of occupied cells", gamefile.Clip(l.Text))
	}
	k, err := count(f[1], len(in.Geometry.Cells))
	if err != nil {
		return nil, gamefile.Errorf(file, l.Num, "cell count: %v", err)
	}
	in.Stacks = make([][]byte, len(in.Geometry.Cells))
	for range k {
		if l, err = next("a cell: p q stack"); err != nil {
			return nil, err
		}
		if err := in.parseCell(file, l); err != nil {
			return nil, err
		}
	}
	if err := r.End(fmt.Sprintf("the %d cells", k)); err != nil {
		return nil, err
	}
	if err := in.checkPieces(file, handLine); err != nil {
		return nil, err
	}
	return in, nil
}

// count reads a non-negative integer of at most limit.
func count(s string, limit int) (int, error) {
	v, err := strconv.Atoi(s)
	if err != nil || v < 0 || strings.HasPrefix(s, "+") {
		return 0, &countError{s}
	}
	if v > limit {
		return 0, &countError{s + " is more than " + strconv.Itoa(limit)}
	}
	return v, nil
}

type countError struct{ s string }

func (e *countError) Error() string {
	return "got " + strconv.Quote(gamefile.Clip(e.s)) + ", want a count"
}

func (in *Input) parseGame(file string, l gamefile.Line) error {
	f := strings.Fields(l.Text)
	if len(f) != 4 || f[0] != "HIVE" {
		return gamefile.Errorf(file, l.Num, "got %q, want HIVE, the board size and both move counts", gamefile.Clip(l.Text))
	}
	n, err := count(f[1], MaxSize)
	if err != nil || n < 1 {
		return gamefile.Errorf(file, l.Num, "board size %q: want 1 to %d", gamefile.Clip(f[1]), MaxSize)
	}
	in.Geometry = NewGeometry(n)
	for i, s := range f[2:] {
		v, err := count(s, maxMoveCount)
		if err != nil {
			return gamefile.Errorf(file, l.Num, "move count: %v", err)
		}
		side := in.Mover
		if i == 1 {
			side = 1 - in.Mover
		}
		in.Moves[side] = v
	}
	return nil
}

func (in *Input) parseHand(file string, l gamefile.Line) error {
	f := strings.Fields(l.Text)
	if len(f) != 11 || f[0] != "HAND" {
		return gamefile.Errorf(file, l.Num, "got %q, want HAND and a count for each of the ten kinds, e.g. q1", gamefile.Clip(l.Text))
	}
	var seen [2][5]bool
	for _, tok := range f[1:] {
		side, kind, ok := pieceOf(tok[0])
		if !ok {
			return gamefile.Errorf(file, l.Num, "%q: want a piece letter (q b s g a, Q B S G A) and a count", gamefile.Clip(tok))
		}
		if seen[side][kind] {
			return gamefile.Errorf(file, l.Num, "%c listed twice", tok[0])
		}
		seen[side][kind] = true
		v, err := count(tok[1:], maxInHand)
		if err != nil {
			return gamefile.Errorf(file, l.Num, "%c: %v", tok[0], err)
		}
		in.Hand[side][kind] = v
	}
	return nil
}

func (in *Input) parseCell(file string, l gamefile.Line) error {
	f := strings.Fields(l.Text)
	if len(f) != 3 {
		return gamefile.Errorf(file, l.Num, "got %q, want p q stack", gamefile.Clip(l.Text))
	}
	p, err1 := strconv.Atoi(f[0])
	q, err2 := strconv.Atoi(f[1])
	if err1 != nil || err2 != nil {
		return gamefile.Errorf(file, l.Num, "got %q, want the integers p q and a stack", gamefile.Clip(l.Text))
	}
	c := Cell{p, q}
	i, ok := in.Geometry.Index(c)
	if !ok {
		return gamefile.Errorf(file, l.Num, "cell %v is not on the %d×%d board", c, in.Geometry.N, in.Geometry.N)
	}
	if in.Stacks[i] != nil {
		return gamefile.Errorf(file, l.Num, "cell %v listed twice", c)
	}
	stack := []byte(f[2])
	for j, ch := range stack {
		_, kind, ok := pieceOf(ch)
		if !ok {
			return gamefile.Errorf(file, l.Num, "cell %v: %q is not a piece letter", c, string(ch))
		}
		if j > 0 && Kinds[kind] != 'B' {
			return gamefile.Errorf(file, l.Num, "cell %v: %c on top of another piece, but only beetles climb", c, ch)
		}
	}
	in.Stacks[i] = stack
	return nil
}

// Limits on the pieces of a game, in hand and on the board, that the fast generator relies
// on: a stack holds at most 16 pieces (1 + every beetle), and move lists stay within
// MaxMoves.
const (
	maxBeetles     = 15 // both sides together
	maxSidesPieces = 40 // each side
)

// checkPieces: each side has exactly one queen, in hand or on the board, and the pieces are
// within the limits above.
func (in *Input) checkPieces(file string, line int) error {
	var counts [2][5]int
	counts = in.Hand
	for _, st := range in.Stacks {
		for _, ch := range st {
			side, kind, _ := pieceOf(ch)
			counts[side][kind]++
		}
	}
	for s := range 2 {
		if q := counts[s][0]; q != 1 {
			return gamefile.Errorf(file, line, "%v has %d queens in hand and on the board, want exactly 1", Side(s), q)
		}
		total := 0
		for _, c := range counts[s] {
			total += c
		}
		if total > maxSidesPieces {
			return gamefile.Errorf(file, line, "%v has %d pieces in hand and on the board, more than the %d this agent handles", Side(s), total, maxSidesPieces)
		}
	}
	if b := counts[0][1] + counts[1][1]; b > maxBeetles {
		return gamefile.Errorf(file, line, "%d beetles in hand and on the board, more than the %d this agent handles", b, maxBeetles)
	}
	return nil
}
