package streky

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gameagents/internal/agent"
	"gameagents/internal/gamefile"
)

// TestOpponentWatch: a reply that gains the most the opponent could counts as greedy's, one
// that gains less as another kind's, and a position that does not follow the one expected
// counts as neither.
func TestOpponentWatch(t *testing.T) {
	tests := []struct {
		name        string
		reply       string // the opponent's reply after ours, PLACE 3,3 2 in parityTrap
		otherGame   bool   // observe a position of another game instead
		greedy, oth int
	}{
		{name: "greedy's reply", reply: "PLACE 0,5 1", greedy: 1},
		{name: "a reply that gains less", reply: "PLACE 0,5 2", oth: 1},
		{name: "another game's position", reply: "PLACE 0,5 1", otherGame: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := parsePosition(t, parityTrap)
			play(t, p, "PLACE 3,3 2")
			var w OpponentWatch
			w.Expect(NewGenerator(), p, nil, nil)
			if w.best != 11 {
				t.Fatalf("the opponent's best gain = %d, want 11 (extending the region of 1s)", w.best)
			}
			play(t, p, tt.reply)
			if tt.otherGame {
				p = parsePosition(t, parityTrap)
			}
			w.Observe(p)
			if w.Greedy != tt.greedy || w.Other != tt.oth || w.Denying() != (tt.oth > 0) {
				t.Errorf("after %s: Greedy %d, Other %d, Denying %v; want %d, %d, %v", tt.reply, w.Greedy, w.Other, w.Denying(), tt.greedy, tt.oth, tt.oth > 0)
			}
			w.Observe(p) // a second look at the same reply counts nothing more
			if w.Greedy+w.Other != tt.greedy+tt.oth {
				t.Errorf("observing twice counted the reply twice: Greedy %d, Other %d", w.Greedy, w.Other)
			}
		})
	}
}

// play applies the move text to p.
func play(t *testing.T, p *Position, text string) {
	t.Helper()
	m, err := ParseMove(text)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.Apply(m); err != nil {
		t.Fatalf("%s: %v", text, err)
	}
}

// TestAgentWatchesOpponent plays games through the files, SINGLE moves in one directory as
// a referee runs them: the engine against an opponent that plays greedy's gain every move,
// and against one that takes the least gain. It keeps its watch in playdata.txt, and models
// the second, not the first, as denying.
func TestAgentWatchesOpponent(t *testing.T) {
	cfg, err := Game{}.Configure("size=16x16 count=8 seed=3")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name    string
		greedy  bool
		denying bool
	}{
		{"greedy", true, false},
		{"least gain", false, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			m := cfg.New(0).(*judgeMatch)
			g := NewGenerator()
			var logs strings.Builder
			for ply := 0; ply < 12 && m.HasMove(); ply++ {
				var out []byte
				if m.ToMove() == 0 {
					os.WriteFile(filepath.Join(dir, "input.txt"), m.Input(gamefile.Single, "0.05"), 0o644)
					var log bytes.Buffer
					if status := agent.Run([]agent.Game{Game{}}, agent.Options{Dir: dir, Log: &log}); status != agent.ExitOK {
						t.Fatalf("ply %d: exit %d: %s", ply, status, log.String())
					}
					logs.WriteString(log.String())
					out, _ = os.ReadFile(filepath.Join(dir, "output.txt"))
				} else {
					out = []byte(FormatMove(g.Move(extremeReply(g, m.pos, tt.greedy))) + "\n")
				}
				if _, _, err := m.Play(out, true); err != nil {
					t.Fatalf("ply %d: %q: %v", ply, out, err)
				}
			}
			if got := strings.Contains(logs.String(), "modelled as denying"); got != tt.denying {
				t.Errorf("modelled as denying: %v, want %v; stderr:\n%s", got, tt.denying, logs.String())
			}
			pd, err := os.ReadFile(filepath.Join(dir, "playdata.txt"))
			if err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(string(pd), "\n")
			w, err := ParseWatch(lines[agent.PlaydataGameLine-1:len(lines)-1], agent.PlaydataGameLine)
			if err != nil {
				t.Fatalf("playdata.txt: %v\n%s", err, pd)
			}
			if w.Greedy+w.Other < 4 || (w.Other > 0) != tt.denying {
				t.Errorf("the watch saw %d greedy replies and %d others, want at least 4 in all and others exactly when denying", w.Greedy, w.Other)
			}
		})
	}
}

// extremeReply is the placement of the side to move with the most gain (greedy's, the
// first of its ties) or the least.
func extremeReply(g *Generator, p *Position, most bool) Placement {
	ps := g.Placements(&p.Board, p.Hand(), nil)
	best := ps[0]
	for _, pl := range ps {
		if (most && pl.Gain > best.Gain) || (!most && pl.Gain < best.Gain) {
			best = pl
		}
	}
	return best
}

// TestParseWatch: the watch's lines read back whole, and a fault anywhere in them is an
// error naming its line of playdata.txt.
func TestParseWatch(t *testing.T) {
	p := parsePosition(t, parityTrap)
	play(t, p, "PLACE 3,3 2")
	var w OpponentWatch
	w.Greedy, w.Other = 3, 1
	w.Expect(NewGenerator(), p, nil, nil)
	good := w.Lines()
	back, err := ParseWatch(good, 5)
	if err != nil || back.Greedy != 3 || back.Other != 1 || !back.expecting || back.best != 11 || back.oppScore != 0 || back.after.String() != p.Board.String() {
		t.Fatalf("ParseWatch(%q) = %+v, %v; want the watch written", good, back, err)
	}
	with := func(i int, line string) []string {
		lines := append([]string(nil), good...)
		lines[i] = line
		return lines
	}
	for _, tc := range []struct {
		name  string
		lines []string
		want  string
	}{
		{"counts missing", with(0, "watch 3"), "playdata.txt:5: "},
		{"negative count", with(0, "watch -3 1"), "playdata.txt:5: "},
		{"huge count", with(0, "watch 3 99999999999999999999"), "playdata.txt:5: "},
		{"no expect", with(1, "hope 0 11"), "playdata.txt:6: "},
		{"gain out of range", with(1, "expect 0 4097"), "playdata.txt:6: "},
		{"board size zero", with(2, "after 0 7"), "playdata.txt:7: "},
		{"rows missing", good[:len(good)-1], "playdata.txt:8: "},
		{"bad cell", with(4, "11x11.0"), "playdata.txt:9: "},
		{"short row", with(4, "111"), "playdata.txt:9: "},
		{"expect without a board", good[:2], "playdata.txt:7: "},
	} {
		if _, err := ParseWatch(tc.lines, 5); err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%s: ParseWatch = %v, want an error at %q", tc.name, err, tc.want)
		}
	}
}
