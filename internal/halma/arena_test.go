package halma

import (
	"flag"
	"testing"
)

var arena = flag.Int("arena", 0, "play this many in-process games of the engine against minimax (tuning aid)")
var arenaNodes = flag.Int64("arena-nodes", 300_000, "engine node budget per move in -arena games")
var arenaDepth = flag.Int("arena-depth", 2, "minimax depth in -arena games")

// TestArena plays the engine against the reference minimax in process, for quick tuning.
// It is skipped unless -arena N is given; strength claims come from the referee.
func TestArena(t *testing.T) {
	if *arena == 0 {
		t.Skip("run with -arena N")
	}
	wins := 0
	for game := 0; game < *arena; game++ {
		b := StartBoard()
		engineColor := Color(game % 2)
		toMove := Color((game / 2) % 2)
		e := NewEngine(1 << 20)
		var g Generator
		var seen []uint64
		winner, plies := Color(0), 0
		for ; plies < 1000; plies++ {
			var m Move
			if toMove == engineColor {
				e.SetSeen(seen)
				r := e.Search(b, toMove, Limits{Nodes: *arenaNodes}, nil)
				m = r.Move
			} else {
				m = Minimax(b, toMove, *arenaDepth, &g)
			}
			if m == (Move{}) {
				t.Fatalf("game %d ply %d: %v has no move", game, plies, toMove)
			}
			if !g.IsLegal(b, toMove, m) {
				t.Fatalf("game %d ply %d: illegal %v", game, plies, m)
			}
			b.Move(m.From, m.To)
			seen = append(seen, b.PositionKey(toMove.Other()))
			if b.Wins(toMove) {
				winner = toMove
				break
			}
			toMove = toMove.Other()
		}
		if plies >= 1000 {
			t.Logf("game %d: ply cap", game)
			for _, r := range b.Rows() {
				t.Log(r)
			}
			continue
		}
		if winner == engineColor {
			wins++
		}
		t.Logf("game %d: engine %v, first %v: winner %v after %d plies", game, engineColor, Color((game/2)%2), winner, plies+1)
	}
	t.Logf("engine won %d of %d", wins, *arena)
}
