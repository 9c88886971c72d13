package referee

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"gameagents/internal/gamefile"
	"gameagents/internal/rules"
)

// boardMatch is a Match that only draws: its board is rows.
type boardMatch struct{ rows []string }

func (m *boardMatch) ToMove() int                                 { return 0 }
func (m *boardMatch) SideName(side int) string                    { return [2]string{"BLACK", "WHITE"}[side] }
func (m *boardMatch) Input(gamefile.Mode, string) []byte          { return nil }
func (m *boardMatch) HasMove() bool                               { return true }
func (m *boardMatch) NoMove() string                              { return "" }
func (m *boardMatch) Play([]byte, bool) (string, []string, error) { return "", nil, nil }
func (m *boardMatch) Over() (bool, int, string)                   { return false, -1, "" }
func (m *boardMatch) Render() []string                            { return m.rows }

type boardGame struct{}

func (boardGame) Name() string                              { return "board" }
func (boardGame) New(int) rules.Match                       { return &boardMatch{} }
func (boardGame) Load([]gamefile.Line) (rules.Match, error) { return nil, nil }

// TestLiveFrames: each ply redraws the frame from the cursor's home, clearing what the
// previous frame left, with the match's header (kept on the screen), the ply's line, the board, the clocks and the points; with
// colours the characters the ply changed are highlighted.
func TestLiveFrames(t *testing.T) {
	cfg := &Config{Game: boardGame{}, Games: 2, Mode: gamefile.Single, Agents: [2]Agent{{Name: "alpha"}, {Name: "beta"}}}
	tests := []struct {
		name   string
		colour bool
		want   []string // the frame after the ply, whole lines
	}{
		{"plain", false, []string{
			"board: 2 games, alpha vs beta, SINGLE 0s per move, ply cap 0; records in ",
			"board, game 1 of 2: alpha (BLACK) vs beta (WHITE)",
			"ply 1: alpha (BLACK) plays [a2] cpu 0.250s of 0s",
			"a..", "b.x",
			"cpu used: alpha (BLACK) 0.250s, beta (WHITE) 0.000s",
			"points: alpha (BLACK) 3, beta (WHITE) 1",
		}},
		{"colour", true, []string{
			"board: 2 games, alpha vs beta, SINGLE 0s per move, ply cap 0; records in ",
			ansiBold + "board, game 1 of 2: alpha (BLACK) vs beta (WHITE)" + ansiReset,
			"ply 1: alpha (BLACK) plays [a2] cpu 0.250s of 0s",
			"a..", "b." + ansiMark + "x" + ansiReset,
			"cpu used: alpha (BLACK) 0.250s, beta (WHITE) 0.000s",
			"points: alpha (BLACK) 3, beta (WHITE) 1",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			m := &boardMatch{rows: []string{"a..", "b.."}}
			g := &GameInfo{Config: cfg, Number: 1, Match: m, Result: &Result{Side: [2]int{0, 1}, SideNames: [2]string{"BLACK", "WHITE"}}}
			l := &live{w: &out, delay: time.Millisecond, colour: tt.colour}
			l.GameStarted(g)
			out.Reset()
			m.rows = []string{"a..", "b.x"}
			l.Played(g, &Ply{Number: 1, Move: "a2", CPU: 250 * time.Millisecond, Used: [2]time.Duration{250 * time.Millisecond, 0}, Scored: true, Points: [2]int{3, 1}})
			want := ansiHome + strings.Join(tt.want, ansiClearLine+"\n") + ansiClearLine + "\n" + ansiClearDown
			if got := out.String(); got != want {
				t.Errorf("the frame after ply 1 = %q, want %q", got, want)
			}
		})
	}
}

// TestIsTerminal: a buffer and /dev/null (a character device, but no terminal) are not.
func TestIsTerminal(t *testing.T) {
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	for _, tt := range []struct {
		name string
		w    io.Writer
	}{{"buffer", &bytes.Buffer{}}, {"/dev/null", null}} {
		t.Run(tt.name, func(t *testing.T) {
			if IsTerminal(tt.w) {
				t.Errorf("IsTerminal(%s) = true, want false", tt.name)
			}
		})
	}
}

// TestLiveWindow: a board taller than the terminal is drawn through a window, after its
// header line, that holds the lines the ply changed and says what it cuts; a board that
// fits is drawn whole; a terminal too small says so.
func TestLiveWindow(t *testing.T) {
	board := func(changed int) []string {
		rows := []string{"  0123"}
		for i := 1; i <= 33; i++ {
			row := fmt.Sprintf("%2d ....", i)
			if i == changed {
				row = fmt.Sprintf("%2d .x..", i)
			}
			rows = append(rows, row)
		}
		return rows
	}
	tests := []struct {
		name    string
		height  int
		changed int
		first   int // the first board line shown after the header (0: all shown)
		note    string
	}{
		{"tall terminal", 60, 20, 0, ""},
		{"80x24, a move low on the board", 24, 30, 18, "(lines 19–34 of the board's 34, following the last move)"},
		{"80x24, a move high on the board", 24, 3, 1, "(lines 2–17 of the board's 34"},
		{"too small", 6, 3, 3, "too few for the live board"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := &live{height: tt.height, prev: board(0)}
			shown, note := l.window(board(tt.changed), &Ply{Number: 1})
			if tt.first == 0 {
				if len(shown) != 34 || note != "" {
					t.Errorf("window = %d lines, note %q; want the whole board", len(shown), note)
				}
				return
			}
			if shown[0] != 0 || shown[1] != tt.first || !slices.Contains(shown, tt.changed) {
				t.Errorf("window = %v, want the header, then lines from %d holding %d", shown, tt.first, tt.changed)
			}
			if !strings.Contains(note, tt.note) {
				t.Errorf("note %q, want %q", note, tt.note)
			}
			if tt.height >= 10 && len(shown)+frameLines > tt.height {
				t.Errorf("%d board lines and %d more in a terminal of %d", len(shown), frameLines, tt.height)
			}
		})
	}
}

// TestLiveFit: a line longer than the terminal is cut, a column short of its width, so
// that no line wraps; an unknown width cuts nothing.
func TestLiveFit(t *testing.T) {
	tests := []struct {
		width    int
		in, want string
	}{
		{20, "short", "short"},
		{20, "ply 31: engine (FIRST) plays [PLACE 18,23]", "ply 31: engine (FI…"},
		{20, "ŠTREKY ŠTREKY ŠTREKY ŠTREKY", "ŠTREKY ŠTREKY ŠTRE…"},
		{0, "ply 31: engine (FIRST) plays [PLACE 18,23]", "ply 31: engine (FIRST) plays [PLACE 18,23]"},
	}
	for _, tt := range tests {
		l := &live{width: tt.width}
		if got := l.fit(tt.in); got != tt.want {
			t.Errorf("fit(%q) at %d columns = %q, want %q", tt.in, tt.width, got, tt.want)
		}
	}
}
