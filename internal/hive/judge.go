package hive

// The contract's view of Hive (rules.Game, rules.Match, rules.Configurable and
// rules.Scorer), built on the reference rules and nothing else: ParseInput reads
// positions, ReferenceMoves(Loose) decides what is legal, Apply plays it. Sides are the
// owners of the pieces: 0 is LOWER, 1 is UPPER, and LOWER moves first in a new game, as in
// the course's own test loop; the referee rotates which agent plays which side.
//
// Judging follows docs/hive.md: every loose-legal move is accepted, and one that is
// not also strict-legal is accepted with a warning, because the course's checker is not
// public and may read the contact rule either way. PASS is a move, legal only when nothing
// else is. The game ends after a move that surrounds a queen, once both sides have made 81
// moves (move 80, from 0), or when neither side has a loose-legal move, now or after passes
// (stuck); the side with more points wins, equal points are a draw.

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"gameagents/internal/gamefile"
	"gameagents/internal/render"
	"gameagents/internal/rules"
)

const (
	// defaultSize is the course's board.
	defaultSize = 13
	// shownLegal bounds the legal moves an illegal-move error lists.
	shownLegal = 10
)

// defaultHand is each side's pieces in the course's own test, by kind in Kinds order:
// Q1 B2 S2 G2 A2.
var defaultHand = [5]int{1, 2, 2, 2, 2}

// Game is Hive: its one adapter, for the move lifecycle (agent.Game) and for
// the referee, the validator and the pictures (rules.Game). The zero Game plays the course's setup
// (a 13×13 board, each side q1 b2 s2 g2 a2); Configure gives other ones.
type Game struct {
	size int    // board size N; 0 means defaultSize
	hand [5]int // each side's pieces by kind, Kinds order; all zero means defaultHand
}

var (
	_ rules.Game         = Game{}
	_ rules.Configurable = Game{}
	_ rules.Scorer       = (*judgeMatch)(nil)
	_ render.Drawer      = (*judgeMatch)(nil)
)

// New starts a game of the judge's setup with LOWER to move, whatever first says: the
// course's loop always lets the lower-case player begin.
func (j Game) New(int) rules.Match {
	size, hand := j.size, j.hand
	if size == 0 {
		size = defaultSize
	}
	if hand == [5]int{} {
		hand = defaultHand
	}
	return newJudgeMatch(NewPosition(size, hand, Lower))
}

// Load reads an input.txt; its errors are "input.txt:LINE: problem". The position's own
// board size and hands are used, whatever the judge's setup.
func (Game) Load(input []gamefile.Line) (rules.Match, error) {
	in, err := ParseInput("input.txt", input)
	if err != nil {
		return nil, err
	}
	return newJudgeMatch(in.Position()), nil
}

// Configure returns the judge for a setup: space-separated key=value words, each key at
// most once, "rules=base" (the board game's rules, BaseRules, with no other key) or
// "rules=course" (the default), "size=N" (the board size, 1 to MaxSize) and "pieces=q1,a3,b2,s2,g3" (each
// side's pieces: lower-case kinds with their counts, comma-separated; q1 must be among
// them, a kind not listed has no pieces, and the totals must be within what input.txt may
// hold: 40 pieces a side, 15 beetles in all). Keys not given keep the course's values; an
// empty setup is the course's game.
func (Game) Configure(setup string) (rules.Game, error) {
	var j Game
	base := false
	seen := map[string]bool{}
	for _, word := range strings.Fields(setup) {
		key, value, ok := strings.Cut(word, "=")
		if !ok {
			return nil, fmt.Errorf("%q: want key=value words: size=N, pieces=q1,b2,s2,g2,a2", word)
		}
		if seen[key] {
			return nil, fmt.Errorf("%s given twice", key)
		}
		seen[key] = true
		switch key {
		case "rules":
			if value != "base" && value != "course" {
				return nil, fmt.Errorf("rules=%s: want base (the board game's, docs/hive.md) or course", value)
			}
			base = value == "base"
		case "size":
			n, err := strconv.Atoi(value)
			if err != nil || n < 1 || n > MaxSize || strings.HasPrefix(value, "+") {
				return nil, fmt.Errorf("size=%s: want a board size from 1 to %d", value, MaxSize)
			}
			j.size = n
		case "pieces":
			hand, err := parsePieces(value)
			if err != nil {
				return nil, fmt.Errorf("pieces=%s: %v", value, err)
			}
			j.hand = hand
		default:
			return nil, fmt.Errorf("unknown key %q: want rules, size or pieces", key)
		}
	}
	if base {
		if seen["size"] || seen["pieces"] {
			return nil, fmt.Errorf("rules=base: size and pieces are the course's game's (the base game has an unbounded board and its own pieces)")
		}
		return BaseRules{}, nil
	}
	return j, nil
}

// parsePieces reads a setup's piece list: "q1,a3,b2,s2,g3".
func parsePieces(list string) ([5]int, error) {
	var hand [5]int
	var seen [5]bool
	if list == "" {
		return hand, errors.New("want a comma-separated list of kinds with counts, e.g. q1,b2,s2,g2,a2")
	}
	for _, item := range strings.Split(list, ",") {
		if item == "" {
			return hand, errors.New("an empty item: want kinds with counts separated by single commas")
		}
		side, kind, ok := pieceOf(item[0])
		if !ok || side != Lower {
			return hand, fmt.Errorf("%q: want a lower-case kind (q b s g a) and a count", item)
		}
		if seen[kind] {
			return hand, fmt.Errorf("%c listed twice", item[0])
		}
		seen[kind] = true
		v, err := count(item[1:], maxInHand)
		if err != nil {
			return hand, fmt.Errorf("%c: %v", item[0], err)
		}
		hand[kind] = v
	}
	if !seen[0] || hand[0] != 1 {
		return hand, errors.New("each side has exactly one queen: the list must hold q1")
	}
	// The inputs of the game must stay within what ParseInput accepts (checkPieces), or no
	// agent of ours could read them.
	total := 0
	for _, c := range hand {
		total += c
	}
	if total > maxSidesPieces {
		return hand, fmt.Errorf("%d pieces a side, more than the %d an input may hold", total, maxSidesPieces)
	}
	if 2*hand[1] > maxBeetles {
		return hand, fmt.Errorf("b%d: %d beetles in all, more than the %d an input may hold", hand[1], 2*hand[1], maxBeetles)
	}
	return hand, nil
}

// judgeMatch is a Hive game in progress. The end of the game and the legal moves are
// worked out once per position (settle), since each needs a move generation or more.
type judgeMatch struct {
	pos    *Position
	legal  []Move // the mover's loose-legal moves (PASS alone when none); nil once over
	over   bool
	winner int // -1: a draw (or not over)
	reason string
	last   Move // the last move played on the match; a Pass before any
}

// Scene pictures the position and the last move played on the match.
func (m *judgeMatch) Scene() render.Scene { return Draw(m.pos, m.last) }

func newJudgeMatch(p *Position) *judgeMatch {
	m := &judgeMatch{pos: p}
	m.settle()
	return m
}

func (m *judgeMatch) ToMove() int { return int(m.pos.Mover) }

func (m *judgeMatch) SideName(side int) string { return Side(side & 1).String() }

func (m *judgeMatch) Input(mode gamefile.Mode, seconds string) []byte {
	return gamefile.JoinLines(m.pos.InputLines(mode, seconds))
}

// HasMove is true while the game goes on: a side without a legal move still has to say
// PASS.
func (m *judgeMatch) HasMove() bool { return !m.over }

// NoMove is PASS, what the agents write when the game is over.
func (m *judgeMatch) NoMove() string { return m.pos.Format(Move{Kind: Pass}) }

func (m *judgeMatch) Over() (bool, int, string) { return m.over, m.winner, m.reason }

// Points returns each side's points in the current position.
func (m *judgeMatch) Points() [2]int { return m.pos.Points() }

// settle decides whether the position ends the game (Position.Decided, the agent's rule
// too), who wins and why.
func (m *judgeMatch) settle() {
	p := m.pos
	m.legal, m.winner, m.reason = nil, -1, ""
	why, over := p.Decided()
	if m.over = over; !over {
		m.legal = p.ReferenceMoves(Loose)
		return
	}
	pts := p.Points()
	m.reason = fmt.Sprintf("%s: LOWER %d, UPPER %d points", why, pts[Lower], pts[Upper])
	switch {
	case pts[Lower] > pts[Upper]:
		m.winner = int(Lower)
	case pts[Upper] > pts[Lower]:
		m.winner = int(Upper)
	default:
		m.reason += ", a draw"
	}
}

// outputForms is what an output.txt line may be.
const outputForms = "PLACE x p,q, MOVE x p,q p,q or PASS"

// Play judges output: one line, PLACE x p,q, MOVE x p,q p,q or PASS, written exactly so
// (single spaces, integer coordinates, the mover's letter), and legal under the loose
// contact reading. The move returned is that line.
func (m *judgeMatch) Play(output []byte, strict bool) (string, []string, error) {
	if m.over {
		return "", nil, errors.New("the game is already over: " + m.reason)
	}
	line, warnings, err := rules.SplitOneLine(output, strict, outputForms)
	if err != nil {
		return "", warnings, err
	}
	p := m.pos
	om, err := parseOutputMove(line, p.Mover)
	if err != nil {
		return "", warnings, fmt.Errorf("malformed output.txt: %v", err)
	}
	loose := m.legal
	mv, onBoard := om.resolve(p.Geometry)
	if !onBoard || !slices.Contains(loose, mv) {
		return "", warnings, fmt.Errorf("illegal move: %s: %s (%s)", line, whyIllegal(p, om, loose), legalList(p, loose))
	}
	if mv.Kind == Step && !slices.Contains(p.ReferenceMoves(Strict), mv) {
		warnings = append(warnings, fmt.Sprintf("not strict-legal (the loose contact reading only): %s slides through a step where no flank is occupied; accepted, as the course's checker may read the contact rule loosely", line))
	}
	p.Apply(mv)
	m.last = mv
	m.settle()
	return line, warnings, nil
}

// outputMove is an output.txt line as written, before its cells are checked against the
// board.
type outputMove struct {
	kind     MoveKind
	piece    byte
	from, to Cell
}

// resolve turns the cells into indices; onBoard is false when a cell is off the board.
func (om outputMove) resolve(g *Geometry) (mv Move, onBoard bool) {
	mv = Move{Kind: om.kind, Piece: om.piece}
	if om.kind == Pass {
		return mv, true
	}
	to, ok := g.Index(om.to)
	if !ok {
		return mv, false
	}
	mv.To = to
	if om.kind == Step {
		from, ok := g.Index(om.from)
		if !ok {
			return mv, false
		}
		mv.From = from
	}
	return mv, true
}

// parseOutputMove reads an output.txt line strictly: single spaces, no space at either end,
// the mover's piece letter, cells p,q of integers.
func parseOutputMove(line string, me Side) (outputMove, error) {
	if line == "" {
		return outputMove{}, fmt.Errorf("the line is empty, want %s", outputForms)
	}
	words := strings.Split(line, " ")
	if slices.Contains(words, "") {
		return outputMove{}, fmt.Errorf("got %q: want single spaces between the words and none at either end", gamefile.Clip(line))
	}
	var om outputMove
	switch words[0] {
	case "PASS":
		if len(words) != 1 {
			return om, fmt.Errorf("got %q: PASS stands alone on its line", gamefile.Clip(line))
		}
		return outputMove{kind: Pass}, nil
	case "PLACE":
		if len(words) != 3 {
			return om, fmt.Errorf("got %q, want PLACE, a piece and a cell: PLACE x p,q", gamefile.Clip(line))
		}
		om.kind = Place
	case "MOVE":
		if len(words) != 4 {
			return om, fmt.Errorf("got %q, want MOVE, a piece and two cells: MOVE x p,q p,q", gamefile.Clip(line))
		}
		om.kind = Step
	default:
		return om, fmt.Errorf("got %q, want %s", gamefile.Clip(line), outputForms)
	}
	piece, err := parsePieceWord(words[1], me)
	if err != nil {
		return om, err
	}
	om.piece = piece
	cells := words[2:]
	if om.kind == Step {
		if om.from, err = parseCellWord(cells[0]); err != nil {
			return om, err
		}
		cells = cells[1:]
	}
	if om.to, err = parseCellWord(cells[0]); err != nil {
		return om, err
	}
	return om, nil
}

// sideLetters lists a side's piece letters for messages.
func sideLetters(s Side) string {
	if s == Lower {
		return "q b s g a"
	}
	return "Q B S G A"
}

func parsePieceWord(w string, me Side) (byte, error) {
	if len(w) != 1 {
		return 0, fmt.Errorf("piece %q: want one letter, %s", gamefile.Clip(w), sideLetters(me))
	}
	side, _, ok := pieceOf(w[0])
	if !ok {
		return 0, fmt.Errorf("piece %q: want one of %v's letters %s", w, me, sideLetters(me))
	}
	if side != me {
		return 0, fmt.Errorf("piece %q is %v's: %v plays %s", w, side, me, sideLetters(me))
	}
	return w[0], nil
}

// parseCellWord reads "p,q": two integers, optionally negative, without signs or spaces
// otherwise, and short enough that no number overflows.
func parseCellWord(w string) (Cell, error) {
	ps, qs, ok := strings.Cut(w, ",")
	p, okP := parseCoordinate(ps)
	q, okQ := parseCoordinate(qs)
	if !ok || !okP || !okQ {
		return Cell{}, fmt.Errorf("cell %q: want p,q, two integers and a comma, e.g. 3,6", gamefile.Clip(w))
	}
	return Cell{p, q}, nil
}

func parseCoordinate(s string) (int, bool) {
	digits := strings.TrimPrefix(s, "-")
	if digits == "" || len(digits) > 6 || strings.Trim(digits, "0123456789") != "" {
		return 0, false
	}
	v, err := strconv.Atoi(s)
	return v, err == nil
}

// whyIllegal says why a well-formed move is not among the legal ones, as specifically as
// the common mistakes allow.
func whyIllegal(p *Position, om outputMove, legal []Move) string {
	g := p.Geometry
	me := p.Mover
	n := p.Moves[me]
	queenInHand := p.Hand[me][0] > 0
	offBoard := func(c Cell) string {
		return fmt.Sprintf("cell %v is not on the %d×%d board", c, g.N, g.N)
	}
	switch om.kind {
	case Pass:
		return fmt.Sprintf("%v has %d legal moves, and PASS is only for a player with none", me, len(legal))
	case Place:
		_, kind, _ := pieceOf(om.piece)
		to, ok := g.Index(om.to)
		switch {
		case !ok:
			return offBoard(om.to)
		case p.Hand[me][kind] == 0:
			return fmt.Sprintf("%v has no %c left in hand", me, om.piece)
		case n >= 3 && queenInHand && kind != 0:
			return fmt.Sprintf("%v's queen must be on the board by the end of its move 3, and this is its move %d: only queen placements are legal", me, n)
		case p.Stacks[to] != nil:
			return fmt.Sprintf("cell %v is occupied: pieces, beetles too, are placed on empty cells", om.to)
		}
		return whyNotPlacement(p, to)
	}
	from, okFrom := g.Index(om.from)
	to, okTo := g.Index(om.to)
	switch {
	case !okFrom:
		return offBoard(om.from)
	case !okTo:
		return offBoard(om.to)
	case n < 4:
		return fmt.Sprintf("pieces move only from move 4 on, and this is %v's move %d: place a piece", me, n)
	case queenInHand:
		return fmt.Sprintf("%v's queen is not on the board yet, and no piece moves before it is", me)
	case p.Stacks[from] == nil:
		return fmt.Sprintf("cell %v is empty", om.from)
	}
	st := p.Stacks[from]
	top := st[len(st)-1]
	switch side, _, _ := pieceOf(top); {
	case side != me:
		return fmt.Sprintf("the top piece of %v is %v's %c", om.from, side, top)
	case top != om.piece && slices.Contains(st, om.piece):
		return fmt.Sprintf("%c is under the top of the stack %s on %v: only the top piece moves", om.piece, st, om.from)
	case top != om.piece:
		return fmt.Sprintf("the top piece of %v is %c, not %c", om.from, top, om.piece)
	case from == to:
		return "a move must take the piece to another cell"
	case len(st) == 1 && !p.connectedWithout(from):
		return fmt.Sprintf("lifting %c from %v would split the hive", top, om.from)
	}
	var dests []string
	for _, mv := range legal {
		if mv.Kind == Step && mv.From == from {
			dests = append(dests, g.Cells[mv.To].String())
		}
	}
	if len(dests) == 0 {
		return fmt.Sprintf("%c on %v has no legal move", top, om.from)
	}
	return fmt.Sprintf("%c on %v cannot reach %v; it can reach %s", top, om.from, om.to, strings.Join(dests, " "))
}

// whyNotPlacement says why the empty cell to is no place for the mover's next piece.
func whyNotPlacement(p *Position, to int) string {
	g := p.Geometry
	me := p.Mover
	empty := !slices.ContainsFunc(p.Stacks, func(st []byte) bool { return st != nil })
	if empty {
		return fmt.Sprintf("the first piece goes on the centre cell %v", g.Cells[g.Centre])
	}
	var mine, theirs []int
	for _, j := range g.Neighbours[to] {
		if st := p.Stacks[j]; st != nil {
			if side, _, _ := pieceOf(st[len(st)-1]); side == me {
				mine = append(mine, j)
			} else {
				theirs = append(theirs, j)
			}
		}
	}
	switch {
	case p.Moves[me] == 0 && len(mine)+len(theirs) == 0:
		return fmt.Sprintf("cell %v touches no piece: a first piece goes next to the piece on the board", g.Cells[to])
	case p.Moves[me] > 0 && len(theirs) > 0:
		st := p.Stacks[theirs[0]]
		return fmt.Sprintf("cell %v touches %v's %c on %v: after the first move a placement touches only the mover's own pieces", g.Cells[to], 1-me, st[len(st)-1], g.Cells[theirs[0]])
	case p.Moves[me] > 0 && len(mine) == 0:
		return fmt.Sprintf("cell %v touches none of %v's pieces", g.Cells[to], me)
	}
	return "not a legal placement"
}

// legalList describes the legal moves for an error: the first few and how many in all.
func legalList(p *Position, legal []Move) string {
	if len(legal) == 1 && legal[0].Kind == Pass {
		return fmt.Sprintf("%v has no legal move: the only legal output is PASS", p.Mover)
	}
	var shown []string
	for _, mv := range legal[:min(len(legal), shownLegal)] {
		shown = append(shown, p.Format(mv))
	}
	if len(legal) > shownLegal {
		shown = append(shown, "...")
	}
	return fmt.Sprintf("legal, %d in all: %s", len(legal), strings.Join(shown, "; "))
}

// Render draws the board a row per line, each row shifted half a cell from the one above,
// so that the six neighbours of a cell sit around it. A row starts with the coordinates
// p,q of its first cell; a cell shows its top piece, followed by the stack's height when
// it holds more than one piece, or "." when empty. The last line gives the hands, the move
// counts and the points.
func (m *judgeMatch) Render() []string {
	p := m.pos
	g := p.Geometry
	var lines []string
	for q := range g.N {
		first := Cell{-(q / 2), q}
		var sb strings.Builder
		fmt.Fprintf(&sb, "%6s ", first)
		if q%2 == 1 {
			sb.WriteString("  ")
		}
		for pp := first.P; pp < g.N-q/2; pp++ {
			i, _ := g.Index(Cell{pp, q})
			st := p.Stacks[i]
			switch {
			case st == nil:
				sb.WriteString(".   ")
			case len(st) == 1:
				fmt.Fprintf(&sb, "%c   ", st[0])
			default:
				fmt.Fprintf(&sb, "%c%-3d", st[len(st)-1], len(st))
			}
		}
		lines = append(lines, strings.TrimRight(sb.String(), " "))
	}
	pts := p.Points()
	lines = append(lines, fmt.Sprintf("hand %s; moves LOWER %d, UPPER %d; points LOWER %d, UPPER %d; %v to move",
		handText(p.Hand), p.Moves[Lower], p.Moves[Upper], pts[Lower], pts[Upper], p.Mover))
	return lines
}

// SetupHelp implements rules.Configurable.
func (Game) SetupHelp() string {
	return `  Hive: size (the board's N) and pieces (each side's kinds with their counts, q1
  included, kinds not listed have none); the course's game is
  size=13 pieces=q1,b2,s2,g2,a2; rules=base plays the board game's rules instead
  (standard Hive, its agents told the game in UHP's notation: docs/hive.md)
`
}
