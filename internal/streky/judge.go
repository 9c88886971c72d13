package streky

// The contract's view of ŠTREKY (rules.Game, rules.Match, rules.Configurable and
// rules.Scorer), built on the reference rules: ParseInput reads positions, ParseMove reads
// output.txt's line, Position.Check decides what is legal and Position.Apply plays it. Sides
// are the players of the game: 0 is FIRST, who makes the first move, 1 is SECOND; the
// referee rotates which agent plays which side.
//
// Judging follows docs/streky.md: one line, written exactly as FormatMove writes it;
// PASS only when no card fits. The game ends when both players pass in succession; the side
// with more points wins, equal points are a draw.

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"gameagents/internal/gamefile"
	"gameagents/internal/render"
	"gameagents/internal/rules"
)

// Card sets of a setup (the cards= key).
const (
	CardsTournament = "tournament"
	CardsColourless = "colourless"
)

// Game is ŠTREKY: its one adapter, for the move lifecycle (agent.Game) and for
// the referee, the validator and the pictures (rules.Game). The zero Game plays the tournament's
// setting with seed 0 (a 33×33 board, the course's 24-card hand of seed 0 for both players);
// Configure gives other ones.
type Game struct {
	rows, cols int    // the board; 0 for the tournament's
	cards      string // CardsTournament or CardsColourless; "" for the tournament's
	seed       uint64
	count      int // cards dealt to each player; 0 for the tournament's 24
	zeros      int // with CardsColourless: the percentage of colourless cells
}

// resolved returns j with the tournament's values for those not set.
func (j Game) resolved() Game {
	if j.rows == 0 {
		j.rows, j.cols = TournamentSize, TournamentSize
	}
	if j.cards == "" {
		j.cards = CardsTournament
	}
	if j.count == 0 {
		j.count = TournamentCount
	}
	return j
}

var (
	_ rules.Game         = Game{}
	_ rules.Configurable = Game{}
	_ rules.Dealt        = Game{}
	_ rules.Scorer       = (*judgeMatch)(nil)
	_ render.Drawer      = (*judgeMatch)(nil)
)

// New starts a game of the judge's setup with FIRST to move, whatever first says: FIRST is
// by definition the player who moves first (line 2 of input.txt).
func (j Game) New(int) rules.Match {
	p, err := j.NewPosition()
	if err != nil {
		panic(err) // Configure has checked the setup; the zero Game's is the tournament's
	}
	return &judgeMatch{pos: p}
}

// NewPosition returns the first position of a game of the judge's setup.
func (j Game) NewPosition() (*Position, error) {
	deal, err := j.Cards()
	if err != nil {
		return nil, err
	}
	j = j.resolved()
	return NewGame(j.rows, j.cols, deal)
}

// Cards returns the cards each player is dealt in the judge's setup.
func (j Game) Cards() ([]Card, error) {
	j = j.resolved()
	if j.cards == CardsColourless {
		return ColourlessDeal(j.seed, j.count, j.zeros)
	}
	return TournamentDeal(j.seed, j.count)
}

// WithSeed returns the judge with another seed: the same setup dealt otherwise.
func (j Game) WithSeed(seed uint64) Game {
	j.seed = seed
	return j
}

// Deal returns the game of a match's deal k (rules.Dealt): the setup's seed plus k, so
// that games 2k+1 and 2k+2 of a match are dealt by seed+k and a match of 20 games from
// seed=0 plays the seeds 0 to 9, each once from each side.
func (j Game) Deal(k int) (rules.Game, string) {
	d := j.WithSeed(j.seed + uint64(k))
	return d, fmt.Sprintf("seed=%d", d.seed)
}

// Setup returns the judge's setup in Configure's syntax, every key that applies given.
func (j Game) Setup() string {
	j = j.resolved()
	s := fmt.Sprintf("size=%dx%d cards=%s seed=%d count=%d", j.rows, j.cols, j.cards, j.seed, j.count)
	if j.cards == CardsColourless {
		s += fmt.Sprintf(" zeros=%d", j.zeros)
	}
	return s
}

// setupKeys names the keys Configure accepts, for its errors.
const setupKeys = "size=RxC, cards=tournament|colourless, seed=N, count=N, zeros=P"

// Configure returns the judge for a setup: space-separated key=value words, each key at most
// once; keys not given keep the tournament's values, and an empty setup is the tournament's
// game with seed 0.
//
//   - size=RxC: the board, R rows and C columns, 1 to 64 each (default 33x33).
//   - cards=tournament: cards drawn without repetition from the tournament's set of 48 (the
//     default); with count=24 and seeds 0-9 they are the course's own hands of those seeds.
//     cards=colourless: seeded random cards of 3-4 × 3-5 cells, 1-4 colours each, a share of
//     colourless (0) cells.
//   - seed=N: the seed of the first deal, a non-negative integer (default 0).
//   - count=N: the cards each player is dealt (default 24): 1 to 48 for the tournament's set,
//     1 to 256 for colourless cards.
//   - zeros=P: with cards=colourless only, the percentage of colourless cells (default 20).
//
// Both players are dealt the same cards, as the rules require. The referee deals anew every
// two games (Deal): games 2k+1 and 2k+2 of a match use seed+k, so the tournament's 20 games
// of a pair are one match of 20 games from seed=0, each of the seeds 0 to 9 played from both
// sides.
func (Game) Configure(setup string) (rules.Game, error) {
	j := Game{zeros: DefaultZeroPercent}.resolved()
	seen := map[string]bool{}
	for _, word := range strings.Fields(setup) {
		key, value, ok := strings.Cut(word, "=")
		if !ok {
			return nil, fmt.Errorf("%q: want key=value words: %s", word, setupKeys)
		}
		if seen[key] {
			return nil, fmt.Errorf("%s given twice", key)
		}
		seen[key] = true
		switch key {
		case "size":
			rs, cs, ok := strings.Cut(value, "x")
			r, okR := parseNumber(rs, MaxSide)
			c, okC := parseNumber(cs, MaxSide)
			if !ok || !okR || !okC || r < 1 || c < 1 {
				return nil, fmt.Errorf("size=%s: want RxC, rows and columns from 1 to %d, e.g. 33x33", value, MaxSide)
			}
			j.rows, j.cols = r, c
		case "cards":
			if value != CardsTournament && value != CardsColourless {
				return nil, fmt.Errorf("cards=%s: want %s or %s", value, CardsTournament, CardsColourless)
			}
			j.cards = value
		case "seed":
			v, err := strconv.ParseUint(value, 10, 64)
			if err != nil || strings.HasPrefix(value, "+") {
				return nil, fmt.Errorf("seed=%s: want a non-negative integer", value)
			}
			j.seed = v
		case "count":
			n, ok := parseNumber(value, MaxHand)
			if !ok || n < 1 {
				return nil, fmt.Errorf("count=%s: want the cards each player is dealt, 1 to %d", value, MaxHand)
			}
			j.count = n
		case "zeros":
			n, ok := parseNumber(value, 100)
			if !ok {
				return nil, fmt.Errorf("zeros=%s: want the percentage of colourless cells, 0 to 100", value)
			}
			j.zeros = n
		default:
			return nil, fmt.Errorf("unknown key %q: want %s", key, setupKeys)
		}
	}
	if seen["zeros"] && j.cards != CardsColourless {
		return nil, errors.New("zeros= applies to cards=colourless only: the tournament's cards have no colourless cells")
	}
	if _, err := j.Cards(); err != nil {
		return nil, err
	}
	return j, nil
}

// judgeMatch is a ŠTREKY game in progress.
type judgeMatch struct {
	pos  *Position
	last Move // the last move played on the match; the zero Move before any
}

// Scene pictures the position and the card placed last on the match.
func (m *judgeMatch) Scene() render.Scene { return Draw(m.pos, m.last) }

func (m *judgeMatch) ToMove() int { return m.pos.ToMove }

func (m *judgeMatch) SideName(side int) string { return SideName(side & 1) }

func (m *judgeMatch) Input(mode gamefile.Mode, seconds string) []byte {
	return m.pos.FormatInput(mode, seconds)
}

// HasMove is true while the game goes on: a side with no card that fits still has to say
// PASS.
func (m *judgeMatch) HasMove() bool { return !m.pos.GameOver() }

// NoMove is PASS, what the agents write when the game is over.
func (m *judgeMatch) NoMove() string { return FormatMove(PassMove) }

// Points returns each side's score.
func (m *judgeMatch) Points() [2]int { return m.pos.Scores }

// Over reports a finished game: both players passed in succession; more points wins.
func (m *judgeMatch) Over() (bool, int, string) {
	if !m.pos.GameOver() {
		return false, -1, ""
	}
	s := m.pos.Scores
	score := fmt.Sprintf("FIRST %d, SECOND %d points", s[0], s[1])
	switch {
	case s[0] > s[1]:
		return true, 0, "both passed: " + score
	case s[1] > s[0]:
		return true, 1, "both passed: " + score
	}
	return true, -1, "both passed: " + score + ", a draw"
}

// outputForms is what output.txt's line may be.
const outputForms = "PLACE row,col card (e.g. PLACE 3,2 0230/2233) or PASS"

// Play judges output: exactly one line, "PLACE row,col card" or "PASS" written as
// FormatMove writes it (single spaces, no space at either end, numbers without sign or
// leading zeros), and legal by Position.Check. The move returned is that line.
func (m *judgeMatch) Play(output []byte, strict bool) (string, []string, error) {
	if m.pos.GameOver() {
		return "", nil, errors.New("the game is already over: both players passed")
	}
	line, warnings, err := rules.SplitOneLine(output, strict, outputForms)
	if err != nil {
		return "", warnings, err
	}
	mv, err := ParseMove(line)
	if err != nil {
		return "", warnings, fmt.Errorf("malformed output.txt: %v", err)
	}
	if canonical := FormatMove(mv); line != canonical {
		return "", warnings, fmt.Errorf("malformed output.txt: got %q, want it written %q (single spaces, none at either end, no leading zeros)", gamefile.Clip(line), canonical)
	}
	if _, err := m.pos.Apply(mv); err != nil {
		return "", warnings, fmt.Errorf("illegal move: %s: %v", line, err)
	}
	m.last = mv
	return line, warnings, nil
}

// Render draws the board a row per line ('.' empty, '0' colourless, '1'-'4' colours) under
// a ruler of column numbers' last digits, each row after its number; the last line gives
// both players' points and unplayed cards, and who moves.
func (m *judgeMatch) Render() []string {
	p := m.pos
	b := &p.Board
	ruler := make([]byte, b.Cols())
	for c := range ruler {
		ruler[c] = '0' + byte(c%10)
	}
	lines := []string{"   " + string(ruler)}
	for r, row := range b.Lines() {
		lines = append(lines, fmt.Sprintf("%2d %s", r, row))
	}
	lines = append(lines, fmt.Sprintf("FIRST %d points, %d cards; SECOND %d points, %d cards; %s to move",
		p.Scores[0], len(p.Hands[0]), p.Scores[1], len(p.Hands[1]), SideName(p.ToMove)))
	return lines
}

// Load reads an input.txt; its errors are "input.txt:LINE: problem". The position's own
// board and hands are used, whatever the judge's setup.
func (Game) Load(input []gamefile.Line) (rules.Match, error) {
	in, err := ParseInput("input.txt", input)
	if err != nil {
		return nil, err
	}
	return &judgeMatch{pos: in.Position}, nil
}

// SetupHelp implements rules.Configurable.
func (Game) SetupHelp() string {
	return `  ŠTREKY (streky): size (rows×columns), cards (tournament: drawn from the course's 48;
  colourless: seeded random cards with colourless cells), seed (the first deal's), count
  (cards per player), zeros (colourless: the percentage of colourless cells); the
  tournament's game is
  size=33x33 cards=tournament seed=0 count=24
  Games 2k+1 and 2k+2 are dealt by seed+k, once from each side: 20 games from seed=0 play
  the seeds 0 to 9.
`
}
