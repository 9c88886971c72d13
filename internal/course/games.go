package course

// Each game's course conventions: how our input.txt (parsed by the game's own parser) and
// the opponent's last move become the course's constructor arguments, variables and method
// calls, and how the driver's canonical return value becomes our output.txt.
// docs/course-players.md states the same for users, with the decisions where the courses'
// pages leave a detail open.

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"gameagents/internal/gamefile"
	"gameagents/internal/hive"
	"gameagents/internal/quoridor"
	"gameagents/internal/reversi"
	"gameagents/internal/streky"
)

// plan is what the driver does for one move.
type plan struct {
	ctor    []any          // the constructor's arguments, when the object is built this move
	ctorSet map[string]any // attributes set once, right after the constructor
	calls   []call         // in order; the last returns the move
}

// call is one method call: the first of methods the object has, after setting set.
type call struct {
	Methods []string       `json:"methods"`
	Args    []any          `json:"args"`
	Set     map[string]any `json:"set,omitempty"`
	Check   string         `json:"check"`
}

// convention is one game's course interface.
type convention struct {
	class   string   // the course's class name
	kit     []string // modules of the course kit the driver imports from the player's directory
	perMove bool     // whether a new object per move makes sense (the whole state is given)
	// plan reads an input.txt and the opponent's last move ("" for none, or PASS); build
	// says the object is to be built this move.
	plan func(lines []gamefile.Line, last string, build bool, o *Options) (*plan, error)
	// output turns the driver's canonical move into output.txt.
	output func(value json.RawMessage) ([]byte, error)
}

var conventions = map[string]*convention{
	"hive":     {class: "Player", perMove: true, plan: hivePlan, output: hiveOutput},
	"streky":   {class: "Player", plan: strekyPlan, output: strekyOutput},
	"quoridor": {class: "Player", kit: []string{"obstacle"}, plan: quoridorPlan, output: quoridorOutput},
	"reversi":  {class: "MyPlayer", perMove: true, plan: reversiPlan, output: reversiOutput},
}

// Games lists the games with a course interface, for messages and flags.
func Games() []string {
	names := make([]string, 0, len(conventions))
	for name := range conventions {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

// intDict is a dict with int keys for the driver (JSON keys are strings): Hive's board.
type intDict map[int]any

func (d intDict) MarshalJSON() ([]byte, error) {
	keys := make([]int, 0, len(d))
	for k := range d {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	pairs := make([][2]any, len(keys))
	for i, k := range keys {
		pairs[i] = [2]any{k, d[k]}
	}
	return json.Marshal(map[string]any{"$intkeys": pairs})
}

// obstacle is the Quoridor kit's Obstacle(fromx, fromy, tox, toy): one blocked step.
type obstacle quoridor.Step

func (o obstacle) MarshalJSON() ([]byte, error) {
	return json.Marshal(map[string][4]int{"$obstacle": {o.A.X, o.A.Y, o.B.X, o.B.Y}})
}

// move is the driver's canonical form of every game's move: a pass, or the fields a game uses.
type move struct {
	Pass  bool     `json:"pass"`
	Piece string   `json:"piece"` // Hive
	From  []int    `json:"from"`  // Hive: a piece moved from p,q
	To    []int    `json:"to"`    // Hive: p,q
	At    []int    `json:"at"`    // ŠTREKY: row,col; Reversi: row,col of the course's board
	Card  [][]int  `json:"card"`  // ŠTREKY
	Step  []int    `json:"step"`  // Quoridor: x,y
	Wall  [][4]int `json:"wall"`  // Quoridor: two obstacles fromx,fromy,tox,toy
}

// outputLine decodes the driver's move and writes output.txt with write, or PASS.
func outputLine(value json.RawMessage, write func(m *move) string) ([]byte, error) {
	var m move
	if err := json.Unmarshal(value, &m); err != nil {
		return nil, fmt.Errorf("course: the driver's move %s: %v", gamefile.Clip(string(value)), err)
	}
	if m.Pass {
		return gamefile.JoinLines([]string{"PASS"}), nil
	}
	return gamefile.JoinLines([]string{write(&m)}), nil
}

// pair writes two ints as "a,b", the cells of every game's output.txt.
func pair(v []int) string {
	if len(v) != 2 {
		return "?"
	}
	return strconv.Itoa(v[0]) + "," + strconv.Itoa(v[1])
}

// Hive: Player(playerName, myIsUpper, size, myPieces, rivalPieces) of base.Board; before
// every move() the harness sets board (p -> q -> stack), myMove, myPieces, rivalPieces,
// myColorIsUpper and tournament.
func hivePlan(lines []gamefile.Line, _ string, build bool, o *Options) (*plan, error) {
	in, err := hive.ParseInput("input.txt", lines)
	if err != nil {
		return nil, err
	}
	me := in.Mover
	pieces := func(s hive.Side) map[string]int {
		m := map[string]int{}
		for k := range len(hive.Kinds) {
			m[string(s.Letter(k))] = in.Hand[s][k]
		}
		return m
	}
	board := intDict{}
	for i, c := range in.Geometry.Cells {
		row, ok := board[c.P].(intDict)
		if !ok {
			row = intDict{}
			board[c.P] = row
		}
		row[c.Q] = string(in.Stacks[i])
	}
	mine, rival := pieces(me), pieces(1-me)
	pl := &plan{calls: []call{{
		Methods: []string{"move"}, Args: []any{}, Check: "hive",
		Set: map[string]any{
			"board": board, "myMove": in.Moves[me], "myPieces": mine, "rivalPieces": rival,
			"myColorIsUpper": me == hive.Upper, "tournament": o.Tournament,
		},
	}}}
	if build {
		pl.ctor = []any{o.Login, me == hive.Upper, in.Geometry.N, mine, rival}
	}
	return pl, nil
}

func hiveOutput(value json.RawMessage) ([]byte, error) {
	return outputLine(value, func(m *move) string {
		if m.From == nil {
			return fmt.Sprintf("PLACE %s %s", m.Piece, pair(m.To))
		}
		return fmt.Sprintf("MOVE %s %s %s", m.Piece, pair(m.From), pair(m.To))
	})
}

// ŠTREKY: Player(login, boardRows, boardCols, cardsAtHand), tournament set once after it;
// play(newCardOnDesk) with the opponent's last [row, col, cardMatrix], or [] when it passed
// or this is the first move.
func strekyPlan(lines []gamefile.Line, last string, build bool, o *Options) (*plan, error) {
	in, err := streky.ParseInput("input.txt", lines)
	if err != nil {
		return nil, err
	}
	pos := in.Position
	onDesk := []any{}
	covered := 0 // cells the opponent's last card covers
	if last != "" {
		m, err := streky.ParseMove(last)
		if err != nil {
			return nil, fmt.Errorf("course: the opponent's last move %q: %v", gamefile.Clip(last), err)
		}
		if !m.Pass {
			onDesk = []any{m.Row, m.Col, matrix(m.Card)}
			covered = int(m.Card.Rows) * int(m.Card.Cols)
		}
	}
	pl := &plan{calls: []call{{Methods: []string{"play"}, Args: []any{onDesk}, Check: "streky"}}}
	if !build {
		return pl, nil
	}
	// The course's player learns the board only from the cards played, so it must watch the
	// game from its first card.
	if n := pos.Board.Covered(); n != covered {
		return nil, &Error{Kind: Broken, Call: "Player.__init__()", Reason: fmt.Sprintf(
			"a course ŠTREKY player learns the board only from the cards played, but its first position has %d covered cells, not the %d of the opponent's last card: it must play from the start of the game", n, covered)}
	}
	var cards []any
	for _, c := range pos.Hands[pos.ToMove] {
		cards = append(cards, matrix(c))
	}
	pl.ctor = []any{o.Login, pos.Board.Rows(), pos.Board.Cols(), cards}
	pl.ctorSet = map[string]any{"tournament": o.Tournament}
	return pl, nil
}

// matrix is a card as the course writes it: a list of rows of ints.
func matrix(c streky.Card) [][]int {
	m := make([][]int, c.Rows)
	for r := range m {
		m[r] = make([]int, c.Cols)
		for col := range m[r] {
			m[r][col] = int(c.Cells[r*streky.MaxCardSide+col])
		}
	}
	return m
}

func strekyOutput(value json.RawMessage) ([]byte, error) {
	return outputLine(value, func(m *move) string {
		rows := make([]string, len(m.Card))
		for r, row := range m.Card {
			var sb strings.Builder
			for _, v := range row {
				sb.WriteString(strconv.Itoa(v)) // the driver has checked 0..9
			}
			rows[r] = sb.String()
		}
		return fmt.Sprintf("PLACE %s %s", pair(m.At), strings.Join(rows, "/"))
	})
}

// Quoridor: Player(name); initialization(sizex, sizey, myx, myy, opponentx, opponenty,
// max_obstacles, list_of_obstacles) once; before every make_move(), opponent_move(moveType,
// result) as the course's manager calls it: the first time (1, [opponentx, opponenty]) when
// the opponent has not moved, then the opponent's last move: (1, [x, y]), (2, [o1, o2]), or
// (None, []) for a pass.
func quoridorPlan(lines []gamefile.Line, last string, build bool, o *Options) (*plan, error) {
	in, err := quoridor.ParseInput("input.txt", lines)
	if err != nil {
		return nil, err
	}
	pos := in.Position
	me, opp := pos.Players[pos.ToMove], pos.Players[1-pos.ToMove]
	walls := in.Walls
	var told []any // opponent_move's arguments
	switch last {
	case "":
		told = []any{nil, []any{}}
		if build {
			told = []any{1, []int{opp.X, opp.Y}}
		}
	default:
		m, err := quoridor.ParseMove(last, pos.NX, pos.NY)
		if err != nil {
			return nil, fmt.Errorf("course: the opponent's last move %q: %v", gamefile.Clip(last), err)
		}
		switch m.Kind {
		case quoridor.KindStep:
			told = []any{1, []int{int(m.X), int(m.Y)}}
		case quoridor.KindWall:
			s := m.Steps()
			told = []any{2, []any{obstacle(s[0]), obstacle(s[1])}}
			// initialization gets the walls before this one, which opponent_move then
			// reports, as in the course's game.
			if i := slices.IndexFunc(walls, func(w quoridor.StepPair) bool { return sameWall(w, s) }); i >= 0 && build {
				walls = slices.Delete(slices.Clone(walls), i, i+1)
			}
		default:
			told = []any{nil, []any{}}
		}
	}
	pl := &plan{}
	if build {
		var obstacles []any
		for _, w := range walls {
			obstacles = append(obstacles, obstacle(w[0]), obstacle(w[1]))
		}
		if obstacles == nil {
			obstacles = []any{}
		}
		pl.ctor = []any{o.Login}
		pl.calls = append(pl.calls, call{Methods: []string{"initialization"}, Args: []any{
			pos.NX, pos.NY, me.X, me.Y, opp.X, opp.Y, me.WallsLeft, obstacles}})
	}
	pl.calls = append(pl.calls,
		call{Methods: []string{"opponent_move"}, Args: told},
		call{Methods: []string{"make_move"}, Args: []any{}, Check: "quoridor"})
	return pl, nil
}

// sameWall reports whether two walls block the same two steps, in any order either way.
func sameWall(a, b quoridor.StepPair) bool {
	norm := func(s quoridor.Step) quoridor.Step {
		if s.B.X < s.A.X || (s.B.X == s.A.X && s.B.Y < s.A.Y) {
			s.A, s.B = s.B, s.A
		}
		return s
	}
	a0, a1, b0, b1 := norm(a[0]), norm(a[1]), norm(b[0]), norm(b[1])
	return (a0 == b0 && a1 == b1) || (a0 == b1 && a1 == b0)
}

func quoridorOutput(value json.RawMessage) ([]byte, error) {
	return outputLine(value, func(m *move) string {
		if m.Step != nil {
			return "MOVE " + pair(m.Step)
		}
		var steps []string
		for _, o := range m.Wall {
			steps = append(steps, pair(o[:2]), pair(o[2:]))
		}
		return "WALL " + strings.Join(steps, " ")
	})
}

// Reversi: MyPlayer(my_color, opponent_color), colour 0 black (the first mover);
// move(board) (or select_move in newer templates) with board[r][c] the square of file
// a+c and rank 8-r, -1 empty. So the course's board is a printed board (rank 8 on top), and,
// as in the course, colour 0 moves first and starts on board[3][3] and board[4][4].
func reversiPlan(lines []gamefile.Line, _ string, build bool, _ *Options) (*plan, error) {
	in, err := reversi.ParseInput("input.txt", lines)
	if err != nil {
		return nil, err
	}
	black, white := in.Discs()
	board := make([][]int, 8)
	for r := range board {
		board[r] = make([]int, 8)
		for c := range board[r] {
			bit := uint64(1) << ((7-r)*8 + c)
			switch {
			case black&bit != 0:
				board[r][c] = 0
			case white&bit != 0:
				board[r][c] = 1
			default:
				board[r][c] = -1
			}
		}
	}
	me := int(in.ToMove)
	pl := &plan{calls: []call{{Methods: []string{"move", "select_move"}, Args: []any{board}, Check: "reversi"}}}
	if build {
		pl.ctor = []any{me, 1 - me}
	}
	return pl, nil
}

func reversiOutput(value json.RawMessage) ([]byte, error) {
	return outputLine(value, func(m *move) string {
		if len(m.At) != 2 {
			return "?"
		}
		return reversi.SquareName((7-m.At[0])*8 + m.At[1]) // the driver has checked 0..7
	})
}
