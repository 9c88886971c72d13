package quoridor

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"gameagents/internal/gamefile"
)

// randomGame is a game from a random start, played with random legal moves.
type randomGame struct {
	rng   *rand.Rand
	pos   Position
	walls []StepPair // initial walls, then those placed
	// oddWalls: the initial walls are arbitrary step pairs, which may overlap or cut a
	// player off; otherwise they are legal placements and the invariants hold.
	oddWalls       bool
	initialBlocked int // BlockedSteps at the start
	initialSupply  int // both players' walls left at the start
	placed         int // walls placed since the start
}

// newRandomGame draws a start: nx and ny from lo to hi, players in random columns of the
// first and last rows, 0 to 12 walls each, then no initial walls (one game in four), up to 20
// legal straight walls, or (one in six) up to 8 arbitrary step pairs.
func newRandomGame(rng *rand.Rand, lo, hi int) *randomGame {
	nx, ny := lo+rng.IntN(hi-lo+1), lo+rng.IntN(hi-lo+1)
	players := [2]Player{
		{X: rng.IntN(nx), Y: 0, Goal: ny - 1, WallsLeft: rng.IntN(13)},
		{X: rng.IntN(nx), Y: ny - 1, Goal: 0, WallsLeft: rng.IntN(13)},
	}
	g := &randomGame{rng: rng}
	var err error
	if g.pos, err = NewPosition(nx, ny, players, 0, nil); err != nil {
		panic(err)
	}
	switch r := rng.IntN(12); {
	case r < 3:
	case r < 10:
		for range rng.IntN(21) {
			o := Orientation(rng.IntN(2))
			w := WallAt(rng.IntN(nx-1), rng.IntN(ny-1), o)
			if referenceWallLegal(&g.pos, w) {
				g.pos.blockStep(w.Steps()[0])
				g.pos.blockStep(w.Steps()[1])
				g.walls = append(g.walls, w.Steps())
			}
		}
	default:
		g.oddWalls = true
		for range 1 + rng.IntN(8) {
			w := StepPair{g.randomStep(), g.randomStep()}
			if sameStep(w[0], w[1]) {
				continue
			}
			g.pos.blockStep(w[0])
			g.pos.blockStep(w[1])
			g.walls = append(g.walls, w)
		}
	}
	g.initialBlocked = g.pos.BlockedSteps()
	g.initialSupply = players[0].WallsLeft + players[1].WallsLeft
	return g
}

// randomStep is any step between adjacent cells of the board.
func (g *randomGame) randomStep() Step {
	for {
		a := Cell{g.rng.IntN(g.pos.NX), g.rng.IntN(g.pos.NY)}
		d := [4]Cell{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}[g.rng.IntN(4)]
		b := Cell{a.X + d.X, a.Y + d.Y}
		if g.pos.OnBoard(b) {
			return Step{a, b}
		}
	}
}

// play makes one random legal move: a wall two times in five when there is one (or when
// there is no step), else a step, toward the goal row (one that shortens the mover's path)
// with probability one half; a pass when there is neither.
func (g *randomGame) play(buf []Move) {
	p := &g.pos
	walls := p.AppendLegalWalls(buf[:0])
	var stepBuf [4]Move
	steps := p.AppendSteps(stepBuf[:0])
	if len(walls) > 0 && (len(steps) == 0 || g.rng.IntN(5) < 2) {
		w := walls[g.rng.IntN(len(walls))]
		g.walls = append(g.walls, w.Steps())
		g.placed++
		p.Apply(w)
		return
	}
	if len(steps) == 0 {
		p.Apply(Pass)
		return
	}
	m := steps[g.rng.IntN(len(steps))]
	if g.rng.IntN(2) == 0 {
		d := p.Distance(p.ToMove)
		for _, s := range steps {
			q := *p
			q.Apply(s)
			if q.Distance(p.ToMove) < d {
				m = s
			}
		}
	}
	p.Apply(m)
}

// forRandomPositions plays random games on boards of 4×4 to 11×11 and calls visit on every
// position of them, the start included, until visit has seen n positions. Games stop at a
// decided result or 80 plies.
func forRandomPositions(n int, seed uint64, visit func(g *randomGame)) {
	forRandomPositionsSized(n, seed, 4, 11, visit)
}

// forRandomPositionsSized is forRandomPositions on boards of sides lo to hi.
func forRandomPositionsSized(n int, seed uint64, lo, hi int, visit func(g *randomGame)) {
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	buf := make([]Move, 0, MaxWallCandidates)
	for seen := 0; seen < n; {
		g := newRandomGame(rng, lo, hi)
		for ply := 0; ply < 80 && seen < n; ply++ {
			visit(g)
			seen++
			if g.pos.Result() != Undecided {
				break
			}
			g.play(buf)
		}
	}
}

func randomPositionCount() int {
	if testing.Short() {
		return 1000
	}
	return 10000
}

// TestFastWallsEqualReference: the fast generator returns exactly the reference's walls, in
// the same order, on random positions of sizes 4×4 to 11×11 along random games; for a mover
// without walls it is also compared with one wall granted, so that every position tests the
// path rule.
func TestFastWallsEqualReference(t *testing.T) {
	n := randomPositionCount()
	buf := make([]Move, 0, MaxWallCandidates)
	compared, withWalls, total := 0, 0, 0
	forRandomPositions(n, 1, func(g *randomGame) {
		p := g.pos
		if p.Players[p.ToMove].WallsLeft == 0 {
			p.Players[p.ToMove].WallsLeft = 1
		}
		for _, q := range []Position{g.pos, p} {
			fast := q.AppendLegalWalls(buf[:0])
			ref := q.ReferenceLegalWalls()
			if !slices.Equal(ref, fast) { // cmp.Diff only on failure: it would cost most of the test's time
				diff := cmp.Diff(ref, fast, cmpopts.EquateEmpty())
				t.Fatalf("position\n%s\nAppendLegalWalls differs from ReferenceLegalWalls (-reference +fast):\n%s",
					FormatInput(gamefile.Single, "1", &q, g.walls), diff)
			}
		}
		compared++
		if n := len(p.AppendLegalWalls(buf[:0])); n > 0 {
			withWalls++
			total += n
		}
	})
	if compared < n {
		t.Fatalf("compared %d positions, want %d", compared, n)
	}
	t.Logf("fast = reference on %d random positions (%d with legal walls, %.1f walls on average)",
		compared, withWalls, float64(total)/float64(max(withWalls, 1)))
}

// TestCheckAgreesWithGenerators: on random positions, Check accepts exactly the listed steps
// and walls, of every step to a neighbour and every wall anchor of the board.
func TestCheckAgreesWithGenerators(t *testing.T) {
	n := randomPositionCount() / 5
	forRandomPositions(n, 2, func(g *randomGame) {
		p := &g.pos
		listed := p.AppendLegalMoves(nil)
		var candidates []Move
		me := p.Players[p.ToMove]
		for _, d := range [4]Cell{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			if c := (Cell{me.X + d.X, me.Y + d.Y}); c.X >= 0 && c.Y >= 0 {
				candidates = append(candidates, StepTo(c.X, c.Y))
			}
		}
		for y := 0; y < p.NY; y++ {
			for x := 0; x < p.NX; x++ {
				candidates = append(candidates, WallAt(x, y, Horizontal), WallAt(x, y, Vertical))
			}
		}
		candidates = append(candidates, Pass)
		for _, m := range candidates {
			err := p.Check(m)
			if (err == nil) != slices.Contains(listed, m) {
				t.Fatalf("position\n%s\nCheck(%v) = %v, but listed = %v",
					FormatInput(gamefile.Single, "1", p, g.walls), m, err, slices.Contains(listed, m))
			}
		}
	})
}

// TestInvariantsOverRandomGames: along random games from legal starts, both players always
// have a path to their goal rows, walls left plus walls placed stay what the players had, every
// placed wall blocks exactly two more steps, the players stay on distinct cells of the board,
// and the position survives input.txt's round trip.
func TestInvariantsOverRandomGames(t *testing.T) {
	n := randomPositionCount()
	checked := 0
	forRandomPositions(n, 3, func(g *randomGame) {
		p := &g.pos
		if !g.oddWalls {
			checked++
			for i := range 2 {
				if p.Distance(i) < 0 {
					t.Fatalf("position\n%s\nplayer %d has no path to its goal row",
						FormatInput(gamefile.Single, "1", p, g.walls), i)
				}
			}
		}
		if supply := p.Players[0].WallsLeft + p.Players[1].WallsLeft + g.placed; supply != g.initialSupply {
			t.Fatalf("walls left + placed = %d, want %d as at the start", supply, g.initialSupply)
		}
		if b := p.BlockedSteps(); b != g.initialBlocked+2*g.placed {
			t.Fatalf("%d blocked steps after %d walls placed, want %d + 2·%d", b, g.placed, g.initialBlocked, g.placed)
		}
		a, b := p.Players[0], p.Players[1]
		if a.Cell() == b.Cell() || !p.OnBoard(a.Cell()) || !p.OnBoard(b.Cell()) {
			t.Fatalf("players on %v and %v", a.Cell(), b.Cell())
		}
		if g.rng.IntN(20) == 0 {
			checkRoundTrip(t, &Input{Header: gamefile.Header{Mode: gamefile.GameClock, Time: "12.5"}, Position: *p, Walls: g.walls})
		}
	})
	t.Logf("invariants held on %d positions, paths on the %d from legal starts", n, checked)
}

// TestLargestBoards: boards up to 64×64 (a row is a uint64) are played by the same rules: on
// random positions of sides 56 to 64, the fast wall generator equals the reference, the
// search's level-at-a-time distances equal Distance, and the hash updated by each legal move
// equals the hash from scratch.
func TestLargestBoards(t *testing.T) {
	const largest = 64
	ends := [2]Player{{X: largest - 1, Y: 0, Goal: largest - 1}, {X: 0, Y: largest - 1, Goal: 0}}
	if _, err := NewPosition(largest, largest, ends, 0, nil); err != nil {
		t.Fatalf("NewPosition(%d, %d) = %v, want a position", largest, largest, err)
	}
	n := 5 // the reference costs about half a second a position at this size
	if testing.Short() {
		n = 2
	}
	buf := make([]Move, 0, MaxWallCandidates+4)
	var f flood
	forRandomPositionsSized(n, 15, largest-8, largest, func(g *randomGame) {
		p := &g.pos
		show := func() string { return string(FormatInput(gamefile.Single, "1", p, g.walls)) }
		if fast, ref := p.AppendLegalWalls(buf[:0]), p.ReferenceLegalWalls(); !slices.Equal(ref, fast) {
			t.Fatalf("position\n%s\nAppendLegalWalls differs from ReferenceLegalWalls (-reference +fast):\n%s",
				show(), cmp.Diff(ref, fast, cmpopts.EquateEmpty()))
		}
		f.load(p)
		for i, pl := range p.Players {
			if got, want := f.distance(pl.X, pl.Y, pl.Goal), p.Distance(i); got != want {
				t.Fatalf("position\n%s\nflood distance of player %d = %d, Distance = %d", show(), i, got, want)
			}
		}
		h := hashPosition(p)
		for _, m := range p.AppendLegalMoves(buf[:0]) {
			q := *p
			q.Apply(m)
			if got, want := h^moveHash(p, m), hashPosition(&q); got != want {
				t.Fatalf("position\n%s\nafter %v: incremental hash %x, from scratch %x", show(), m, got, want)
			}
		}
	})
}

// benchInput is a 9×9 position with 20 walls down (placed legally by a fixed sequence of
// picks among the legal walls, with a few steps between), 73 legal walls for the mover.
const benchInput = `SINGLE
SECOND
1.0
QUORIDOR 9 9
ME 2 6 0 5
OPPONENT 5 0 8 5
WALLS 20
7,1 8,1 7,2 8,2
3,0 3,1 4,0 4,1
4,5 4,6 5,5 5,6
4,4 4,5 5,4 5,5
6,2 6,3 7,2 7,3
0,2 1,2 0,3 1,3
5,1 6,1 5,2 6,2
4,3 4,4 5,3 5,4
0,4 1,4 0,5 1,5
6,5 7,5 6,6 7,6
1,0 1,1 2,0 2,1
6,2 7,2 6,3 7,3
7,7 7,8 8,7 8,8
7,3 7,4 8,3 8,4
6,7 7,7 6,8 7,8
4,2 5,2 4,3 5,3
1,4 1,5 2,4 2,5
1,5 2,5 1,6 2,6
1,1 1,2 2,1 2,2
2,6 2,7 3,6 3,7
`

func benchPosition(tb testing.TB) *Position {
	tb.Helper()
	in, err := ParseInput("input.txt", gamefile.SplitLines(benchInput))
	if err != nil {
		tb.Fatal(err)
	}
	return &in.Position
}

func TestBenchPosition(t *testing.T) {
	p := benchPosition(t)
	if got := len(legalWalls(t, p)); got != 73 {
		t.Errorf("the benchmark position has %d legal walls, want 73", got)
	}
	if b := p.BlockedSteps(); b != 40 {
		t.Errorf("the benchmark position has %d blocked steps, want 40 (20 walls)", b)
	}
}

// TestHotPathAllocatesNothing: wall and move generation into a buffer of enough capacity,
// Check of a legal move, Apply, Distance, CanAct and Result allocate nothing.
func TestHotPathAllocatesNothing(t *testing.T) {
	p := benchPosition(t)
	buf := make([]Move, 0, MaxWallCandidates+4)
	legal := p.AppendLegalWalls(nil)[0]
	for name, f := range map[string]func(){
		"AppendLegalWalls": func() { buf = p.AppendLegalWalls(buf[:0]) },
		"AppendLegalMoves": func() { buf = p.AppendLegalMoves(buf[:0]) },
		"Check":            func() { _ = p.Check(legal) },
		"Apply":            func() { q := *p; q.Apply(WallAt(0, 0, Horizontal)); q.Apply(StepTo(2, 5)) },
		"Distance":         func() { _ = p.Distance(0) },
		"CanAct":           func() { _ = p.CanAct(1) },
		"Result":           func() { _ = p.Result() },
	} {
		if a := testing.AllocsPerRun(100, f); a != 0 {
			t.Errorf("%s: %v allocations per call, want 0", name, a)
		}
	}
}

// BenchmarkLegalWalls9x9 measures the fast generator on benchInput and reports legal walls
// generated per second.
func BenchmarkLegalWalls9x9(b *testing.B) {
	p := benchPosition(b)
	buf := make([]Move, 0, MaxWallCandidates)
	b.ReportAllocs()
	walls := 0
	for b.Loop() {
		buf = p.AppendLegalWalls(buf[:0])
		walls += len(buf)
	}
	b.ReportMetric(float64(walls)/b.Elapsed().Seconds(), "walls/s")
}

// BenchmarkReferenceLegalWalls9x9 is the reference on the same position, for the ratio.
func BenchmarkReferenceLegalWalls9x9(b *testing.B) {
	p := benchPosition(b)
	b.ReportAllocs()
	walls := 0
	for b.Loop() {
		walls += len(p.ReferenceLegalWalls())
	}
	b.ReportMetric(float64(walls)/b.Elapsed().Seconds(), "walls/s")
}
