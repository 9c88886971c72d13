package quoridor

import (
	"path/filepath"
	"slices"
	"testing"

	"gameagents/internal/benchset"
	"gameagents/internal/clock"
	"gameagents/internal/gamefile"
)

// searchPositions are undecided positions from random games (walls_test.go's generator) of
// sizes 4×4 to 11×11 from legal starts, every seventh one so that they spread over the games.
func searchPositions(tb testing.TB, n int) []*randomGame {
	tb.Helper()
	var out []*randomGame
	k := 0
	forRandomPositions(40*n, 11, func(g *randomGame) {
		if g.oddWalls || g.pos.Result() != Undecided || len(out) == n {
			return
		}
		if k++; k%7 == 0 {
			c := *g
			c.walls = slices.Clone(g.walls)
			out = append(out, &c)
		}
	})
	if len(out) < n {
		tb.Fatalf("only %d search positions, want %d", len(out), n)
	}
	return out
}

// TestFloodEqualsDistance: the search's level-at-a-time searches agree with Distance (a
// breadth-first search over cells), in both layouts (the random boards all fit the wide
// one, which is switched off for the second try): the distance from each player's cell,
// the whole distance map (the same in both layouts) at each player's cell, and descend's
// path, which must be a walk of open steps of that length from the cell to the goal row.
func TestFloodEqualsDistance(t *testing.T) {
	var f flood
	var maps [2][maxCells]int16
	forRandomPositions(randomPositionCount(), 12, func(g *randomGame) {
		p := &g.pos
		show := func() string { return string(FormatInput(gamefile.Single, "1", p, g.walls)) }
		f.load(p)
		for i, pl := range p.Players {
			want := p.Distance(i)
			for k, small := range []bool{f.small, false} {
				f.small = small
				if got := f.distance(pl.X, pl.Y, pl.Goal); got != want {
					t.Fatalf("position\n%s\nflood distance (wide layout %v) of player %d = %d, Distance = %d", show(), small, i, got, want)
				}
				for c := range maps[k] {
					maps[k][c] = -1
				}
				f.distanceMap(pl.Goal, &maps[k])
			}
			f.load(p)
			if maps[0] != maps[1] {
				t.Fatalf("position\n%s\nplayer %d's distance maps differ between the layouts", show(), i)
			}
			if want < 0 {
				continue
			}
			m := &maps[0]
			if got := int(m[cellCode(pl.X, pl.Y)]); got != want {
				t.Fatalf("position\n%s\ndistance map at player %d = %d, Distance = %d", show(), i, got, want)
			}
			var pathX, pathY [MaxSize]uint64
			f.descend(m, pl, &pathX, &pathY)
			if n := pathSteps(t, p, pl, &pathX, &pathY); n != want {
				t.Fatalf("position\n%s\ndescend's path of player %d has %d steps, want %d", show(), i, n, want)
			}
		}
	})
}

// TestFloodPlaceLift: placing a legal wall in a loaded flood and lifting it again leave both
// layouts as loading the board with the wall, and then without it, would.
func TestFloodPlaceLift(t *testing.T) {
	var f, want flood
	buf := make([]Move, 0, MaxWallCandidates)
	forRandomPositions(randomPositionCount()/4, 13, func(g *randomGame) {
		p := &g.pos
		show := func() string { return string(FormatInput(gamefile.Single, "1", p, g.walls)) }
		for _, w := range p.appendPlaceableWalls(buf[:0], false) {
			f.load(p)
			f.place(w)
			q := *p
			q.Apply(w)
			want.load(&q)
			if !sameLayouts(&f, &want) {
				t.Fatalf("position\n%s\nafter placing %v the flood differs from one loaded with it", show(), w)
			}
			f.lift(w)
			want.load(p)
			if !sameLayouts(&f, &want) {
				t.Fatalf("position\n%s\nafter lifting %v the flood differs from one loaded without it", show(), w)
			}
		}
	})
}

// sameLayouts reports whether a and b hold the same board in the rows and, when it fits,
// the wide layout.
func sameLayouts(a, b *flood) bool {
	ny := a.ny
	return a.nx == b.nx && ny == b.ny && a.small == b.small && a.east == b.east && a.south == b.south &&
		slices.Equal(a.ox[:ny], b.ox[:ny]) && slices.Equal(a.oy[:ny], b.oy[:ny])
}

// pathSteps walks the marked steps from pl's cell, never back, and returns how many it took
// to reach the goal row; it fails the test if the marks are not such a walk of open steps.
func pathSteps(t *testing.T, p *Position, pl Player, pathX, pathY *[MaxSize]uint64) int {
	t.Helper()
	c, prev, n := pl.Cell(), Cell{-1, -1}, 0
	for c.Y != pl.Goal {
		var next []Cell
		for _, d := range []Cell{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			o := Cell{c.X + d.X, c.Y + d.Y}
			if !p.OnBoard(o) || o == prev {
				continue
			}
			lo := Cell{min(c.X, o.X), min(c.Y, o.Y)}
			marked := pathY[lo.Y]>>lo.X&1 != 0
			if c.Y == o.Y {
				marked = pathX[lo.Y]>>lo.X&1 != 0
			}
			if marked {
				if !p.StepOpen(Step{c, o}) {
					t.Fatalf("the path uses the blocked step %v-%v", c, o)
				}
				next = append(next, o)
			}
		}
		if len(next) != 1 {
			t.Fatalf("the path branches or stops at %v: next %v", c, next)
		}
		prev, c = c, next[0]
		n++
	}
	return n
}

// TestHashIncremental: along random games, the hash updated move by move equals the hash
// computed from scratch.
func TestHashIncremental(t *testing.T) {
	buf := make([]Move, 0, MaxWallCandidates)
	forRandomPositions(randomPositionCount(), 13, func(g *randomGame) {
		p := &g.pos
		h := hashPosition(p)
		for _, m := range p.AppendLegalMoves(buf[:0]) {
			q := *p
			q.Apply(m)
			if got, want := h^moveHash(p, m), hashPosition(&q); got != want {
				t.Fatalf("position\n%s\nafter %v: incremental hash %x, from scratch %x", FormatInput(gamefile.Single, "1", p, g.walls), m, got, want)
			}
		}
	})
}

// TestCandidates: on random positions, the engine's moves are legal; their children's
// distances are the true ones; every step is there; every legal wall that lengthens the
// opponent's shortest path is there; and PASS is there exactly when it is legal.
func TestCandidates(t *testing.T) {
	e := NewEngine(12)
	buf := make([]Move, 0, MaxWallCandidates+4)
	forRandomPositions(randomPositionCount(), 14, func(g *randomGame) {
		p := &g.pos
		if p.Result() != Undecided {
			return
		}
		e.prepare(p)
		e.setRoot(p)
		list := e.expand(0)
		show := func() string { return string(FormatInput(gamefile.Single, "1", p, g.walls)) }
		var got []Move
		for _, c := range list {
			got = append(got, c.move)
			if err := p.Check(c.move); err != nil {
				t.Fatalf("position\n%s\ncandidate %v is illegal: %v", show(), c.move, err)
			}
			q := *p
			q.Apply(c.move)
			for i := range 2 {
				if want := pathLength(q.Distance(i)); c.dist[i] != want {
					t.Fatalf("position\n%s\nafter %v, player %d's distance is %d, the candidate says %d", show(), c.move, i, want, c.dist[i])
				}
			}
		}
		legal := p.AppendLegalMoves(buf[:0])
		opp := p.ToMove ^ 1
		before := p.Distance(opp)
		for _, m := range legal {
			q := *p
			q.Apply(m)
			lengthens := m.Kind == KindWall && q.Distance(opp) > before
			if (m.Kind == KindStep || m == Pass || lengthens) && !slices.Contains(got, m) {
				t.Fatalf("position\n%s\nlegal move %v (lengthens the opponent's path: %v) is not a candidate; candidates %v", show(), m, lengthens, got)
			}
		}
		if len(legal) > 0 && len(got) == 0 {
			t.Fatalf("position\n%s\nno candidate, legal moves %v", show(), legal)
		}
	})
}

// minimax is the plain fixed-depth negamax the engine must agree with: no pruning, no
// table, the same moves (the engine's expand), final positions, repetitions and evaluation.
func minimax(e *Engine, ply, depth int) int32 {
	n := &e.nodes[ply]
	if last := n.pos.Players[n.pos.ToMove^1]; last.Y == last.Goal {
		return -(winScore - int32(ply))
	}
	if e.repeats(ply) {
		return repeatScore
	}
	if depth == 0 {
		return e.evaluate(n)
	}
	list := e.expand(ply)
	if len(list) == 0 {
		return stuckScore
	}
	best := int32(-scoreInf)
	for _, c := range list {
		e.child(ply, c)
		best = max(best, -minimax(e, ply+1, depth-1))
	}
	return best
}

// TestSearchEqualsMinimax: alpha-beta with null windows, the table and its early move
// change what is searched, not the value of a fixed-depth search.
func TestSearchEqualsMinimax(t *testing.T) {
	positions := searchPositions(t, 20)
	maxDepth := 4
	if testing.Short() {
		positions, maxDepth = positions[:4], 3
	}
	compared := 0
	for i, g := range positions {
		p := &g.pos
		for depth := 1; depth <= maxDepth; depth++ {
			ref := NewEngine(12)
			ref.prepare(p)
			ref.setRoot(p)
			want := int32(-scoreInf)
			root := slices.Clone(ref.expand(0))
			if len(root) < 2 {
				break // the search answers a single move without searching
			}
			for _, c := range root {
				ref.child(0, c)
				want = max(want, -minimax(ref, 1, depth-1))
			}
			compared++
			for _, features := range []Features{{}, {NoTT: true}, {NoPVS: true}} {
				e := NewEngine(14)
				e.Features = features
				got := e.Search(p, Limits{MaxDepth: depth}, nil)
				if got.Score != want || got.Depth != depth {
					t.Errorf("position %d (%d×%d), depth %d, %+v: search %d (depth %d), minimax %d\n%s",
						i, p.NX, p.NY, depth, features, got.Score, got.Depth, want, FormatInput(gamefile.Single, "1", p, g.walls))
				}
			}
			if isWin(want) || isWin(-want) {
				break // a forced result ends the iterations: no deeper one to compare
			}
		}
	}
	if compared < 2*len(positions) {
		t.Errorf("compared %d (position, depth) pairs, want at least %d", compared, 2*len(positions))
	}
	t.Logf("search = minimax on %d (position, depth) pairs of %d positions", compared, len(positions))
}

// TestSearchFindsWins: the engine steps onto its goal row when it can, and walls in the
// opponent when that alone stops it (here the opponent would arrive first otherwise).
func TestSearchFindsWins(t *testing.T) {
	for _, tc := range []struct {
		name, side, body string
		want             []string // acceptable moves
	}{
		{"step onto the goal row", "FIRST", "QUORIDOR 5 5\nME 2 3 4 3\nOPPONENT 2 1 0 3\nWALLS 0\n", []string{"MOVE 2,4"}},
		{"the goal row beside the opponent", "SECOND", "QUORIDOR 5 5\nME 1 1 0 0\nOPPONENT 1 0 4 0\nWALLS 0\n", []string{"MOVE 0,1", "MOVE 2,1"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := position(t, tc.side, tc.body)
			r := NewEngine(14).Search(p, Limits{Nodes: 100_000}, nil)
			if !slices.Contains(tc.want, FormatMove(r.Move)) {
				t.Errorf("engine plays %v (score %d), want one of %v", r.Move, r.Score, tc.want)
			}
		})
	}
}

// TestSearchAnswersWithoutChoice: a position with one legal move returns it without
// searching; one where the mover can do nothing returns PASS.
func TestSearchAnswersWithoutChoice(t *testing.T) {
	for _, tc := range []struct {
		name, body string
		want       Move
	}{
		// The mover is walled into the corner (0,0) with one exit, (0,1); no walls in hand.
		{"one step", "QUORIDOR 3 3\nME 0 0 2 0\nOPPONENT 2 2 0 0\nWALLS 1\n0,0 1,0 1,0 1,1\n", StepTo(0, 1)},
		// The exit is taken by the opponent: PASS.
		{"pass", "QUORIDOR 3 3\nME 0 0 2 0\nOPPONENT 0 1 0 4\nWALLS 1\n0,0 1,0 0,1 1,1\n", Pass},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := position(t, "FIRST", tc.body)
			if r := NewEngine(12).Search(p, Limits{Nodes: 10_000}, nil); r.Move != tc.want {
				t.Errorf("Search = %v, want %v", r.Move, tc.want)
			}
		})
	}
}

// TestSearchAllocatesNothing: once the engine has searched a board of the size, a search
// allocates nothing.
func TestSearchAllocatesNothing(t *testing.T) {
	p := calibrationPosition()
	e := NewEngine(14)
	if a := testing.AllocsPerRun(3, func() { e.Search(p, Limits{Nodes: 20_000}, nil) }); a != 0 {
		t.Errorf("a search allocates %v times, want 0", a)
	}
}

// TestSearchDeterministic: the same position and budget give the same move, score and node
// count, with a fresh engine or a used one whose table is cleared.
func TestSearchDeterministic(t *testing.T) {
	p := calibrationPosition()
	first := NewEngine(14).Search(p, Limits{Nodes: 50_000}, nil)
	e := NewEngine(14)
	e.Search(benchPosition(t), Limits{Nodes: 50_000}, nil)
	e.ClearTT()
	if again := e.Search(p, Limits{Nodes: 50_000}, nil); again != first {
		t.Errorf("second search %+v, first %+v", again, first)
	}
}

// BenchmarkSearch reports the search's nodes per second on the calibration position and
// walls_test.go's 9×9 position with 20 walls down.
func BenchmarkSearch(b *testing.B) {
	positions := []*Position{calibrationPosition(), benchPosition(b)}
	e := NewEngine(16)
	e.Search(positions[0], Limits{Nodes: 1000}, nil) // sizes the move lists
	var nodes int64
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		e.ClearTT()
		nodes += e.Search(positions[i%len(positions)], Limits{Nodes: 200_000}, nil).Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// TestBudgetChargesPathSearches: the rows the path searches spread are charged to the budget
// a unit per rowsPerUnit, the remainder carried to the next charge.
func TestBudgetChargesPathSearches(t *testing.T) {
	e := NewEngine(4)
	e.budget.Start(0, clock.Deadline{})
	e.flood.rows = 2*rowsPerUnit + 5
	e.chargeFloods()
	if e.budget.Nodes != 2 || e.flood.rows != 5 {
		t.Errorf("after charging %d rows: %d units charged, %d rows left; want 2 and 5", 2*rowsPerUnit+5, e.budget.Nodes, e.flood.rows)
	}
}

// singleBenchPositions reads the SINGLE benchmark set's undecided positions.
func singleBenchPositions(t *testing.T) []*Position {
	paths, inputs, err := benchset.Read(filepath.Join("testdata", "single-bench"))
	if err != nil {
		t.Fatal(err)
	}
	var ps []*Position
	for i, lines := range inputs {
		in, err := ParseInput(paths[i], lines)
		if err != nil {
			t.Fatal(err)
		}
		if in.Position.Result() == Undecided {
			ps = append(ps, &in.Position)
		}
	}
	return ps
}
