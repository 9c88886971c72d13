package streky

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"gameagents/internal/gamefile"
	"gameagents/internal/rules"
)

// strekyInput writes a SINGLE input.txt: the mover (FIRST or SECOND), the board's rows, and
// the mover's and the opponent's cards; both scores are 0.
func strekyInput(mover string, rows []string, hand, opponent []string) string {
	lines := []string{"SINGLE", mover, "1.0", fmt.Sprintf("STREKY %d %d", len(rows), len(rows[0])), "SCORE 0 0", "BOARD"}
	lines = append(lines, rows...)
	lines = append(lines, fmt.Sprintf("HAND %d", len(hand)))
	lines = append(lines, hand...)
	lines = append(lines, fmt.Sprintf("OPPONENT %d", len(opponent)))
	lines = append(lines, opponent...)
	return string(gamefile.JoinLines(lines))
}

func loadJudge(t *testing.T, text string) *judgeMatch {
	t.Helper()
	m, err := Game{}.Load(gamefile.SplitLines(text))
	if err != nil {
		t.Fatalf("Load = %v\n%s", err, text)
	}
	return m.(*judgeMatch)
}

// Positions for the judge.
var (
	// A 4×6 board with a 2×2 block of colour 1; both players hold 11/11 and 2.
	judgeBlock = strekyInput("FIRST", []string{"......", ".11...", ".11...", "......"}, []string{"11/11", "2"}, []string{"11/11", "2"})
	// A covered 2×2 board: nothing fits, PASS is the only move.
	judgeFull = strekyInput("SECOND", []string{"12", "30"}, []string{"1"}, []string{"1"})
)

func TestJudgePlay(t *testing.T) {
	tests := []struct {
		name    string
		input   string
		output  string
		strict  bool
		move    string // the accepted move, "" when it must be refused
		gain    int    // the mover's score after an accepted move
		warning string // a substring of a warning, when one is wanted
		wantErr string // a substring of the error
	}{
		{name: "joins the block", input: judgeBlock, output: "PLACE 0,3 11/11\n", move: "PLACE 0,3 11/11", gain: 8},
		{name: "joins nothing", input: judgeBlock, output: "PLACE 0,1 2\n", move: "PLACE 0,1 2", gain: 0},
		{name: "overlaps", input: judgeBlock, output: "PLACE 0,0 11/11\n", wantErr: "covers the already covered cell 1,1"},
		{name: "no contact", input: judgeBlock, output: "PLACE 3,5 2\n", wantErr: "touches no covered cell"},
		{name: "off the board", input: judgeBlock, output: "PLACE 3,5 11/11\n", wantErr: "is not inside the 4×6 board"},
		{name: "card not in hand", input: judgeBlock, output: "PLACE 0,3 33/33\n", wantErr: "not a rotation of an unplayed card"},
		{name: "PASS while a card fits", input: judgeBlock, output: "PASS\n", wantErr: "PASS while a card fits"},
		{name: "PASS on a full board", input: judgeFull, output: "PASS\n", move: "PASS"},
		{name: "a placement on a full board", input: judgeFull, output: "PLACE 0,0 1\n", wantErr: "covers the already covered cell 0,0"},
		{name: "two spaces", input: judgeBlock, output: "PLACE  0,3 11/11\n", wantErr: `want it written "PLACE 0,3 11/11"`},
		{name: "leading zero", input: judgeBlock, output: "PLACE 0,03 11/11\n", wantErr: `want it written "PLACE 0,3 11/11"`},
		{name: "trailing space", input: judgeBlock, output: "PASS \n", wantErr: `want it written "PASS"`},
		{name: "lower case", input: judgeBlock, output: "place 0,3 11/11\n", wantErr: "want PLACE row,col card or PASS"},
		{name: "bad cell", input: judgeBlock, output: "PLACE 0;3 11/11\n", wantErr: "is not a cell row,col"},
		{name: "bad card", input: judgeBlock, output: "PLACE 0,3 11/1\n", wantErr: "row 2 has 1 cells, want 2"},
		{name: "two lines", input: judgeBlock, output: "PLACE 0,3 11/11\nPASS\n", wantErr: "2 lines, want one"},
		{name: "empty file", input: judgeBlock, output: "", wantErr: "the file is empty"},
		{name: "CRLF accepted", input: judgeBlock, output: "PLACE 0,3 11/11\r\n", move: "PLACE 0,3 11/11", gain: 8, warning: "CRLF"},
		{name: "CRLF strict", input: judgeBlock, output: "PLACE 0,3 11/11\r\n", strict: true, wantErr: "CRLF"},
		{name: "no final LF accepted", input: judgeBlock, output: "PLACE 0,3 11/11", move: "PLACE 0,3 11/11", gain: 8, warning: "does not end with LF"},
		{name: "no final LF strict", input: judgeBlock, output: "PLACE 0,3 11/11", strict: true, wantErr: "does not end with LF"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := loadJudge(t, tt.input)
			mover := m.ToMove()
			before := m.Input(gamefile.Single, "1.0")
			move, warnings, err := m.Play([]byte(tt.output), tt.strict)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("Play(%q) error = %v, want one containing %q", tt.output, err, tt.wantErr)
				}
				if after := m.Input(gamefile.Single, "1.0"); string(after) != string(before) {
					t.Errorf("Play(%q) refused the move but changed the position", tt.output)
				}
				return
			}
			if err != nil {
				t.Fatalf("Play(%q) = %v", tt.output, err)
			}
			if move != tt.move {
				t.Errorf("Play(%q) move = %q, want %q", tt.output, move, tt.move)
			}
			if got := m.Points()[mover]; got != tt.gain {
				t.Errorf("Play(%q): the mover's points = %d, want %d", tt.output, got, tt.gain)
			}
			if m.ToMove() == mover {
				t.Errorf("Play(%q): %s still to move", tt.output, m.SideName(mover))
			}
			joined := strings.Join(warnings, "; ")
			if (tt.warning == "") != (joined == "") || !strings.Contains(joined, tt.warning) {
				t.Errorf("Play(%q) warnings = %q, want one containing %q", tt.output, joined, tt.warning)
			}
		})
	}
}

// TestJudgePassesEndTheGame: on a full board both players pass, and the second pass ends
// the game; the result follows the points.
func TestJudgePassesEndTheGame(t *testing.T) {
	for _, tt := range []struct {
		score      string // line 5: the mover's (SECOND's) score, then FIRST's
		winner     int
		wantReason string
	}{
		{"SCORE 7 5", 1, "both passed: FIRST 5, SECOND 7 points"},
		{"SCORE 5 7", 0, "both passed: FIRST 7, SECOND 5 points"},
		{"SCORE 6 6", -1, "both passed: FIRST 6, SECOND 6 points, a draw"},
	} {
		m := loadJudge(t, strings.Replace(judgeFull, "SCORE 0 0", tt.score, 1))
		for ply := range 2 {
			if over, _, _ := m.Over(); over || !m.HasMove() {
				t.Fatalf("%s: over before pass %d", tt.score, ply+1)
			}
			if _, _, err := m.Play([]byte("PASS\n"), true); err != nil {
				t.Fatalf("%s: pass %d: %v", tt.score, ply+1, err)
			}
		}
		over, winner, reason := m.Over()
		if !over || winner != tt.winner || reason != tt.wantReason || m.HasMove() {
			t.Errorf("%s: Over() = %v, %d, %q, HasMove %v; want true, %d, %q, false", tt.score, over, winner, reason, m.HasMove(), tt.winner, tt.wantReason)
		}
		if _, _, err := m.Play([]byte("PASS\n"), false); err == nil || !strings.Contains(err.Error(), "already over") {
			t.Errorf("%s: Play after the end = %v, want an error saying the game is over", tt.score, err)
		}
	}
}

// TestJudgeWholeGame plays the tournament setting's game of seed 2 through the judge with
// greedy moves written as output.txt, checking that every Input reads back to the
// position, that the points are the sum of the gains, and the end.
func TestJudgeWholeGame(t *testing.T) {
	j, err := Game{}.Configure("seed=2")
	if err != nil {
		t.Fatal(err)
	}
	m := j.New(1).(*judgeMatch)
	if m.ToMove() != 0 {
		t.Fatalf("New(1).ToMove() = %d, want 0: FIRST always moves first", m.ToMove())
	}
	g := NewGenerator()
	var buf []Placement
	var sums [2]int
	plies := 0
	for m.HasMove() {
		input := m.Input(gamefile.GameClock, "100")
		back, err := Game{}.Load(gamefile.SplitLines(string(input)))
		if err != nil {
			t.Fatalf("ply %d: Load(Input()) = %v", plies, err)
		}
		if got := back.(*judgeMatch).Input(gamefile.GameClock, "100"); string(got) != string(input) {
			t.Fatalf("ply %d: Input after Load differs:\n%s\nwant\n%s", plies, got, input)
		}
		p := m.pos
		buf = g.Placements(&p.Board, p.Hand(), buf)
		move := PassMove
		if best, ok := GreedyPlacement(g, buf, PositionSeed(p)); ok {
			move = g.Move(best)
			sums[p.ToMove] += int(best.Gain)
		}
		if _, _, err := m.Play(FormatOutput(move), true); err != nil {
			t.Fatalf("ply %d: Play(%s) = %v", plies, FormatMove(move), err)
		}
		plies++
	}
	if got := m.Points(); got != sums {
		t.Errorf("Points() = %v, want the sums of the gains %v", got, sums)
	}
	over, winner, reason := m.Over()
	wantWinner := -1
	switch {
	case sums[0] > sums[1]:
		wantWinner = 0
	case sums[1] > sums[0]:
		wantWinner = 1
	}
	if !over || winner != wantWinner || !strings.HasPrefix(reason, "both passed:") {
		t.Errorf("Over() = %v, %d, %q; want true, %d, both passed", over, winner, reason, wantWinner)
	}
	if plies != 2*TournamentCount+2 {
		t.Errorf("%d plies, want every card placed and two passes (%d)", plies, 2*TournamentCount+2)
	}
	r := m.Render()
	if len(r) != TournamentSize+2 || !strings.HasPrefix(r[len(r)-1], fmt.Sprintf("FIRST %d points, 0 cards; SECOND %d points, 0 cards", sums[0], sums[1])) {
		t.Errorf("Render() = %d lines ending %q, want %d lines ending with the points and cards", len(r), r[len(r)-1], TournamentSize+2)
	}
}

func TestJudgeConfigure(t *testing.T) {
	tests := []struct {
		setup   string
		want    string // Setup() of the configured judge
		wantErr string
	}{
		{setup: "", want: "size=33x33 cards=tournament seed=0 count=24"},
		{setup: "size=33x33 cards=tournament seed=0 count=24", want: "size=33x33 cards=tournament seed=0 count=24"},
		{setup: "seed=17 size=10x20", want: "size=10x20 cards=tournament seed=17 count=24"},
		{setup: "cards=colourless", want: "size=33x33 cards=colourless seed=0 count=24 zeros=20"},
		{setup: "cards=colourless zeros=0 count=256 seed=18446744073709551615", want: "size=33x33 cards=colourless seed=18446744073709551615 count=256 zeros=0"},
		{setup: "count=48", want: "size=33x33 cards=tournament seed=0 count=48"},
		{setup: "size=33", wantErr: "size=33: want RxC"},
		{setup: "size=0x5", wantErr: "size=0x5: want RxC"},
		{setup: "size=65x3", wantErr: "from 1 to 64"},
		{setup: "cards=mixed", wantErr: "cards=mixed: want tournament or colourless"},
		{setup: "seed=-1", wantErr: "seed=-1: want a non-negative integer"},
		{setup: "seed=+1", wantErr: "seed=+1: want a non-negative integer"},
		{setup: "count=0", wantErr: "count=0: want the cards each player is dealt, 1 to 256"},
		{setup: "count=49", wantErr: "count=49: the tournament set has 48 cards"},
		{setup: "cards=colourless count=257", wantErr: "count=257"},
		{setup: "zeros=20", wantErr: "zeros= applies to cards=colourless only"},
		{setup: "cards=colourless zeros=101", wantErr: "zeros=101: want the percentage"},
		{setup: "pieces=3", wantErr: `unknown key "pieces"`},
		{setup: "seed=1 seed=2", wantErr: "seed given twice"},
		{setup: "tournament", wantErr: `"tournament": want key=value words`},
	}
	for _, tt := range tests {
		g, err := Game{}.Configure(tt.setup)
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("Configure(%q) error = %v, want one containing %q", tt.setup, err, tt.wantErr)
			}
			continue
		}
		if err != nil {
			t.Errorf("Configure(%q) = %v", tt.setup, err)
			continue
		}
		j := g.(Game)
		if got := j.Setup(); got != tt.want {
			t.Errorf("Configure(%q).Setup() = %q, want %q", tt.setup, got, tt.want)
		}
		// The setup written out configures the same judge.
		again, err := Game{}.Configure(j.Setup())
		if err != nil || again.(Game) != j {
			t.Errorf("Configure(%q) = %+v, %v; want %+v as Configure(%q) gave", j.Setup(), again, err, j, tt.setup)
		}
	}
}

// TestJudgeNewDealsTheSetup: a configured game starts on the configured board with the
// setup's deal in both hands.
func TestJudgeNewDealsTheSetup(t *testing.T) {
	g, err := Game{}.Configure("size=12x20 cards=colourless seed=5 count=7")
	if err != nil {
		t.Fatal(err)
	}
	m := g.New(0).(*judgeMatch)
	want, err := ColourlessDeal(5, 7, DefaultZeroPercent)
	if err != nil {
		t.Fatal(err)
	}
	p := m.pos
	if p.Board.Rows() != 12 || p.Board.Cols() != 20 || !p.Board.IsEmpty() || p.Scores != [2]int{} {
		t.Errorf("New: board %d×%d with %d covered, scores %v; want an empty 12×20 board, 0 points", p.Board.Rows(), p.Board.Cols(), p.Board.Covered(), p.Scores)
	}
	for side, hand := range p.Hands {
		if diff := cmp.Diff(want, hand); diff != "" {
			t.Errorf("New: %s's hand differs from the deal (-want +got):\n%s", SideName(side), diff)
		}
	}
	var _ rules.Match = m
}

// TestJudgeDealAddsToTheSeed: deal k of a match is the setup dealt by its seed plus k.
func TestJudgeDealAddsToTheSeed(t *testing.T) {
	g, err := Game{}.Configure("size=12x20 cards=colourless seed=5 count=7")
	if err != nil {
		t.Fatal(err)
	}
	for k, want := range []uint64{5, 6, 8} {
		k += k / 2 // deals 0, 1 and 3
		dealt, name := g.(Game).Deal(k)
		if wantName := fmt.Sprintf("seed=%d", want); name != wantName {
			t.Errorf("Deal(%d) is named %q, want %q", k, name, wantName)
		}
		wantSetup := fmt.Sprintf("size=12x20 cards=colourless seed=%d count=7 zeros=%d", want, DefaultZeroPercent)
		if got := dealt.(Game).Setup(); got != wantSetup {
			t.Errorf("Deal(%d).Setup() = %q, want %q", k, got, wantSetup)
		}
	}
}
