package reversi

import (
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"

	"gameagents/internal/gamefile"
)

func loadJudge(t *testing.T, side string, rows []string) *judgeMatch {
	t.Helper()
	text := strings.Join(append([]string{"SINGLE", side, "1.0"}, rows...), "\n") + "\n"
	m, err := Game{}.Load(gamefile.SplitLines(text))
	if err != nil {
		t.Fatalf("Load = %v", err)
	}
	return m.(*judgeMatch)
}

var startRows = []string{"........", "........", "........", "...WB...", "...BW...", "........", "........", "........"}

func TestJudgePlay(t *testing.T) {
	forcedPass := []string{"BBBBBBBB", "BBBBBBBB", "BBBBBBBB", "BBBBBBBB", "BBBBBBBW", "BBBBBBB.", "BBBBBBB.", "BBBBBB.."}
	tests := []struct {
		name    string
		side    string
		rows    []string
		output  string
		strict  bool
		move    string // "" when the move must be refused
		wantErr string
	}{
		{"legal", "BLACK", startRows, "d3\n", false, "d3", ""},
		{"legal without final LF", "BLACK", startRows, "d3", false, "d3", ""},
		{"strict without final LF", "BLACK", startRows, "d3", true, "", "malformed output.txt"},
		{"crlf tolerated", "BLACK", startRows, "d3\r\n", false, "d3", ""},
		{"not a legal square", "BLACK", startRows, "a1\n", false, "", "illegal move: a1 (legal: d3 c4 f5 e6)"},
		{"upper case", "BLACK", startRows, "D3\n", false, "", "malformed output.txt"},
		{"two lines", "BLACK", startRows, "d3\nc4\n", false, "", "malformed output.txt: 2 lines"},
		{"empty", "BLACK", startRows, "", false, "", "malformed output.txt: 0 lines"},
		{"trailing space", "BLACK", startRows, "d3 \n", false, "", "malformed output.txt"},
		{"pass with moves", "BLACK", startRows, "PASS\n", false, "", "illegal move: PASS while 4 moves are legal"},
		{"forced pass", "WHITE", forcedPass, "PASS\n", false, "PASS", ""},
		{"move instead of pass", "WHITE", forcedPass, "h6\n", false, "", "must PASS"},
		{"lower-case pass", "WHITE", forcedPass, "pass\n", false, "", "malformed output.txt"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := loadJudge(t, tt.side, tt.rows)
			before := m.pos
			move, _, err := m.Play([]byte(tt.output), tt.strict)
			if tt.move != "" {
				if err != nil || move != tt.move {
					t.Fatalf("Play(%q) = %q, %v; want %q", tt.output, move, err, tt.move)
				}
				if m.pos.ToMove == before.ToMove {
					t.Errorf("Play(%q) left %v to move", tt.output, m.pos.ToMove)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("Play(%q) = %q, %v; want an error with %q", tt.output, move, err, tt.wantErr)
			}
			if m.pos != before {
				t.Errorf("a refused move changed the position")
			}
		})
	}
}

func TestJudgeOver(t *testing.T) {
	tests := []struct {
		rows   []string
		over   bool
		winner int
	}{
		{startRows, false, -1},
		{[]string{"BBBBBBBB", "BBBBBBBB", "BBBBBBBB", "BBBBBBBB", "........", "WWWWWWWW", "WWWWWWWW", "WWWWWWWW"}, true, int(Black)},
		{[]string{"BBBBBBBB", "BBBBBBBB", "BBBBBBBB", "BBBBBBBB", "WWWWWWWW", "WWWWWWWW", "WWWWWWWW", "WWWWWWWW"}, true, -1},
		{[]string{"W.......", "........", "........", "........", "........", "........", "........", "........"}, true, int(White)},
	}
	for i, tt := range tests {
		m := loadJudge(t, "BLACK", tt.rows)
		over, winner, reason := m.Over()
		if over != tt.over || winner != tt.winner || m.HasMove() == tt.over {
			t.Errorf("case %d: Over() = %v, %d, %q, HasMove %v; want %v, %d", i, over, winner, reason, m.HasMove(), tt.over, tt.winner)
		}
	}
}

// TestJudgeFollowsTheRules plays random games through the judge and directly on the board:
// both agree on every position, and the judge's input.txt parses back to the position.
func TestJudgeFollowsTheRules(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	for g := 0; g < 20; g++ {
		m := Game{}.New(1).(*judgeMatch)
		if m.ToMove() != int(Black) {
			t.Fatalf("a new game starts with %v to move, want BLACK", m.pos.ToMove)
		}
		b := Start()
		for ply := 0; m.HasMove(); ply++ {
			in, err := ParseInput("input.txt", gamefile.SplitLines(string(m.Input(gamefile.GameClock, "12.5"))))
			if err != nil || in.Position != m.pos || in.Header.Mode != gamefile.GameClock {
				t.Fatalf("game %d ply %d: Input parses to %+v, %v; want %+v", g, ply, in, err, m.pos)
			}
			output := Pass
			if moves := b.Moves(); moves != 0 {
				k := rng.IntN(bits.OnesCount64(moves))
				for ; k > 0; k-- {
					moves &= moves - 1
				}
				sq := bits.TrailingZeros64(moves)
				output = SquareName(sq)
				b = b.Play(sq)
			} else {
				b = b.Pass()
			}
			if _, _, err := m.Play([]byte(output+"\n"), true); err != nil {
				t.Fatalf("game %d ply %d: Play(%s) = %v", g, ply, output, err)
			}
			if m.pos.Board != b {
				t.Fatalf("game %d ply %d: judge board %v, want %v", g, ply, m.pos.Board, b)
			}
		}
		if b.Moves() != 0 || b.Pass().Moves() != 0 {
			t.Fatalf("game %d: the judge ended a game that goes on", g)
		}
	}
}

func TestJudgeGTP(t *testing.T) {
	m := Game{}.New(0).(*judgeMatch)
	if got := m.GTPVertex("d3"); got != "D3" {
		t.Errorf("GTPVertex(d3) = %q, want D3", got)
	}
	if got := m.GTPVertex(Pass); got != "pass" {
		t.Errorf("GTPVertex(PASS) = %q, want pass", got)
	}
	if got := string(m.FromGTP("E6")); got != "e6\n" {
		t.Errorf("FromGTP(E6) = %q, want e6", got)
	}
	if got := string(m.FromGTP("PASS")); got != "PASS\n" {
		t.Errorf("FromGTP(PASS) = %q, want PASS", got)
	}
	if m.GTPColor(0) != "black" || m.GTPColor(1) != "white" {
		t.Errorf("GTPColor = %q, %q; want black, white", m.GTPColor(0), m.GTPColor(1))
	}
}
