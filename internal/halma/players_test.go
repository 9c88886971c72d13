package halma

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gameagents/internal/agent"
	"gameagents/internal/clock"
	"gameagents/internal/gamefile"
	"gameagents/internal/search"
)

// negamaxUsual is the yardstick for Minimax: plain negamax on the usual evaluation, which is
// antisymmetric (usualEval(b, c) = -usualEval(b, c.Other())), so it must choose as minimax
// does: the first of the best moves in generation order.
func negamaxUsual(b *Board, c Color, depth int) (Move, int32) {
	var g Generator
	moves := g.Generate(b, c, Legal, make([]Move, 0, MaxMoves))
	best, bestScore := Move{}, int32(math.MinInt32)
	for _, m := range moves {
		b.Move(m.From, m.To)
		s := -negamaxUsualValue(b, c.Other(), depth-1)
		b.Move(m.To, m.From)
		if s > bestScore {
			best, bestScore = m, s
		}
	}
	return best, bestScore
}

// negamaxUsualValue is the value of b for toMove.
func negamaxUsualValue(b *Board, toMove Color, depth int) int32 {
	if b.Wins(toMove.Other()) {
		return -usualWin
	}
	if depth == 0 {
		return usualEval(b, toMove)
	}
	var g Generator
	moves := g.Generate(b, toMove, Legal, make([]Move, 0, MaxMoves))
	if len(moves) == 0 {
		return usualEval(b, toMove)
	}
	best := int32(-math.MaxInt32)
	for _, m := range moves {
		b.Move(m.From, m.To)
		best = max(best, -negamaxUsualValue(b, toMove.Other(), depth-1))
		b.Move(m.To, m.From)
	}
	return best
}

// TestMinimaxIsPlainMinimax: without limits, Minimax to depth d chooses the move and score of
// plain negamax to depth d, and says it completed depth d.
func TestMinimaxIsPlainMinimax(t *testing.T) {
	depths := 3
	if testing.Short() {
		depths = 2
	}
	for _, name := range []string{"001", "003", "008", "041", "047", "057"} {
		in := readCase(t, name)
		for depth := 1; depth <= depths; depth++ {
			var g Generator
			want, wantScore := negamaxUsual(in.Board, in.ToMove, depth)
			r := Minimax(in.Board, in.ToMove, depth, Limits{}, &g, nil)
			if r.Move != want || r.Score != wantScore || r.Depth != depth {
				t.Errorf("case %s: Minimax(depth %d) = %s, score %d, depth %d; want %s, score %d, depth %d",
					name, depth, FormatMove(in.Board, r.Move), r.Score, r.Depth, FormatMove(in.Board, want), wantScore, depth)
			}
		}
	}
}

// TestMinimaxObeysNodeBudget: with a node budget, Minimax stops within a reading of the
// budget past it and returns the move of the deepest depth it completed, which is plain
// minimax's at that depth; a larger budget never completes less.
func TestMinimaxObeysNodeBudget(t *testing.T) {
	in := readCase(t, "001")
	prev := 0
	for _, nodes := range []int64{1, 3000, 30_000, 300_000} {
		var g Generator
		var reported []int
		r := Minimax(in.Board, in.ToMove, 5, Limits{Nodes: nodes}, &g, func(r Result) {
			reported = append(reported, r.Depth)
		})
		if r.Nodes > nodes+search.CheckEvery+MaxMoves {
			t.Errorf("Minimax(budget %d) searched %d nodes, want at most %d", nodes, r.Nodes, nodes+search.CheckEvery+MaxMoves)
		}
		if r.Depth < 1 || r.Depth >= 5 || r.Depth < prev {
			t.Errorf("Minimax(budget %d) completed depth %d, want 1 to 4 and at least %d", nodes, r.Depth, prev)
		}
		if want, _ := negamaxUsual(in.Board, in.ToMove, r.Depth); r.Move != want {
			t.Errorf("Minimax(budget %d) = %s at depth %d, want minimax's %s", nodes, FormatMove(in.Board, r.Move), r.Depth, FormatMove(in.Board, want))
		}
		if len(reported) != r.Depth || reported[len(reported)-1] != r.Depth {
			t.Errorf("Minimax(budget %d) reported depths %v, want 1 to %d", nodes, reported, r.Depth)
		}
		prev = r.Depth
	}
	if prev < 2 {
		t.Errorf("Minimax(budget 300000) completed depth %d, want at least 2", prev)
	}
}

// TestMinimaxObeysGuard: a guard that has passed stops Minimax at its first reading of the
// clock; depth 1 (the greedy move, a bounded amount of work) is always completed.
func TestMinimaxObeysGuard(t *testing.T) {
	in := readCase(t, "001")
	fake := &clock.Fake{T: time.Second}
	var g Generator
	r := Minimax(in.Board, in.ToMove, 5, Limits{Guard: clock.Deadline{Clock: fake, At: time.Millisecond}}, &g, nil)
	want, _ := negamaxUsual(in.Board, in.ToMove, 1)
	if r.Depth != 1 || r.Move != want {
		t.Errorf("Minimax with the guard passed = %s at depth %d, want %s at depth 1", FormatMove(in.Board, r.Move), r.Depth, FormatMove(in.Board, want))
	}
	if r.Nodes > 2*search.CheckEvery+MaxMoves {
		t.Errorf("Minimax with the guard passed searched %d nodes, want at most %d", r.Nodes, 2*search.CheckEvery+MaxMoves)
	}
}

// TestMinimaxPlayerObeysTime: the binary's minimax player at -depth 3 with a clock that
// allows depth 2 only plays minimax's depth-2 move, not its depth-3 move. From case 001
// depth 2 visits 1,680 positions and depth 3 65,560; calibration.txt's rate gives a budget
// of 4,000 engine nodes (minimax: 20,000 positions).
func TestMinimaxPlayerObeysTime(t *testing.T) {
	in := readCase(t, "001")
	d2, _ := negamaxUsual(in.Board, in.ToMove, 2)
	d3, _ := negamaxUsual(in.Board, in.ToMove, 3)
	if d2 == d3 {
		t.Fatalf("case 001: minimax plays %s at depths 2 and 3; the test needs a position where they differ", FormatMove(in.Board, d2))
	}
	dir := t.TempDir()
	input := FormatInput(gamefile.Single, in.ToMove, "1.0", in.Board)
	// SINGLE 1.0 s plans 0.592 s: 4,000 nodes at this rate.
	calibration := "gameagents-calibration 1\nhalma.nodes_per_second 6757\n"
	for name, text := range map[string]string{"input.txt": string(input), "calibration.txt": calibration} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var log strings.Builder
	status := agent.Run([]agent.Game{Game{}}, agent.Options{Player: "minimax", Depth: 3, Dir: dir, Log: &log, Clock: &clock.Fake{}})
	if status != agent.ExitOK {
		t.Fatalf("agent.Run = %d, want 0; log:\n%s", status, log.String())
	}
	out, err := os.ReadFile(filepath.Join(dir, "output.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(out), string(gamefile.JoinLines(MoveLines(in.Board, d2))); got != want {
		t.Errorf("minimax -depth 3 with 4,000 nodes played\n%swant the depth-2 move\n%slog:\n%s", got, want, log.String())
	}
}

// TestMirrorMove: an opening written for BLACK first is, mirrored, legal for WHITE first,
// move by move, and leaves the mirror image of the position; mirroring twice gives the move
// back; a line that is no hop is an error.
func TestMirrorMove(t *testing.T) {
	for _, tc := range []struct{ move, want string }{
		{"E 0,4 0,5", "E 15,11 15,10"},
		{"J 2,3 4,5", "J 13,12 11,10"},
		{"E 15,15 14,14", "E 0,0 1,1"},
		{"J 4,1 2,3 ; J 2,3 4,5", "J 11,14 13,12 ; J 13,12 11,10"}, // a chain as records log it
	} {
		got, err := Game{}.MirrorMove(tc.move)
		if err != nil || got != tc.want {
			t.Errorf("MirrorMove(%q) = %q, %v; want %q", tc.move, got, err, tc.want)
		}
		if back, _ := (Game{}).MirrorMove(got); back != tc.move {
			t.Errorf("MirrorMove twice gives %q, want %q", back, tc.move)
		}
	}
	if _, err := (Game{}).MirrorMove("E 0,4"); err == nil {
		t.Error("MirrorMove accepted a line with one square")
	}
	// The first pairs of steps of a seeded opening: BLACK's and WHITE's first moves.
	opening := []string{"E 0,4 0,5", "E 11,14 10,15", "E 4,1 5,1", "E 14,12 13,11"}
	black, white := (Game{}).New(0), (Game{}).New(1)
	for i, mv := range opening {
		mirrored, _ := (Game{}).MirrorMove(mv)
		if _, _, err := black.Play([]byte(mv+"\n"), true); err != nil {
			t.Fatalf("move %d %q, BLACK first: %v", i+1, mv, err)
		}
		if _, _, err := white.Play([]byte(mirrored+"\n"), true); err != nil {
			t.Fatalf("move %d %q mirrored %q, WHITE first: %v", i+1, mv, mirrored, err)
		}
	}
	b, w := black.(*judgeMatch).b, white.(*judgeMatch).b
	for x := range Size {
		for y := range Size {
			cb, okb := b.At(Sq(x, y))
			cw, okw := w.At(Sq(Size-1-x, Size-1-y))
			if okb != okw || (okb && cb == cw) {
				t.Fatalf("square %d,%d: %v %v after the opening, its mirror %v %v", x, y, cb, okb, cw, okw)
			}
		}
	}
}
