package games

import (
	"errors"
	"testing"

	"gameagents/internal/fuzzcheck"
	"gameagents/internal/gamefile"
	"gameagents/internal/referee"
	"gameagents/internal/render"
	"gameagents/internal/rules"
)

// FuzzRender: any bytes as a referee record (referee.Replay, to any ply) or as an
// input.txt (gamefile.Pick and Load) either give a match that draws a scene of a sane size
// whose SVG is written, or fail with a *gamefile.Error naming the file and a line of it.
func FuzzRender(f *testing.F) {
	for _, g := range Judges {
		for _, c := range fuzzcheck.Samples(f, "../..", g.Name()) {
			f.Add(c.Input, -1)
		}
	}
	f.Add([]byte("referee record: reversi, game 1 of 2\nfirst: a (BLACK)\nply 1: a (BLACK) plays [d3] cpu 0s\nply 2: b (WHITE) plays [c3] cpu 0s\n"), 1)
	f.Add([]byte("referee record: halma, game 2 of 2\nfirst: a (WHITE)\nply 1: a (WHITE) plays [J 14,13 12,11] cpu 0s\n"), -1)
	f.Add([]byte("referee record: streky, game 3 of 4\nsetup: size=4x4 count=2\nply 1: opening: FIRST plays [PASS]\n"), 0)
	f.Add([]byte("referee record: quoridor, game 1 of 1\nsetup: size=3x3 walls=1\nply 1: a (FIRST) plays [WALL 0,0 0,1 1,0 1,1] cpu 0s\n"), -1)
	f.Fuzz(func(t *testing.T, data []byte, ply int) {
		lines := gamefile.SplitLines(string(data))
		var m rules.Match
		var err error
		if referee.IsRecord(lines) {
			m, _, err = referee.ReadRecord(Judges, "game-01.txt", lines, max(ply, -1))
		} else if g, perr := gamefile.Pick("input.txt", Judges, lines); perr != nil {
			err = perr
		} else {
			m, err = g.Load(lines)
		}
		if err != nil {
			var fe *gamefile.Error
			if !errors.As(err, &fe) || fe.Line < 0 || fe.Line > len(lines)+1 {
				t.Fatalf("error %v: want a *gamefile.Error naming a line of the %d", err, len(lines))
			}
			return
		}
		s := m.(render.Drawer).Scene()
		if s.Width < 1 || s.Height < 1 || s.Width > 4000 || s.Height > 4000 {
			t.Fatalf("scene of %d×%d pixels", s.Width, s.Height)
		}
		if len(render.SVG(&s)) == 0 {
			t.Fatal("empty SVG")
		}
	})
}
