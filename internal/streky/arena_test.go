package streky

import (
	"flag"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"gameagents/internal/benchset"
	"gameagents/internal/gamefile"
	"gameagents/internal/sprt"
	"gameagents/internal/tournament"
)

// The arena plays whole games in-process between two players at a fixed node budget, for
// tuning; matches that count are played through the referee. Each deal (seeds 0 to N-1 of
// the setup) is played twice, each player moving first once. The default budget, 16
// million nodes, is about 0.55 s a move here, what a SINGLE 1.0 move plans (0.59 s).
// -arena-sprt runs a sequential test on the pairs of games, a deal's two, and stops when it
// decides.
//
//	go test ./internal/streky -run TestArena -arena 10 -arena-a engine -arena-b greedy -v
//	go test ./internal/streky -run TestArena -arena 10 -arena-setup cards=colourless -v
//	go test ./internal/streky -run TestArena -arena 5 -arena-a engine:reply=12,tail=2 -v
//	go test ./internal/streky -run TestArena -arena 500 -arena-sprt 0,10 -arena-a engine:reply=12 -arena-b engine -arena-nodes 2000000 -v
//	go test ./internal/streky -run TestArena -arena 500 -arena-sprt 0,10 -arena-a engine@4000000 -arena-b engine -arena-nodes 2000000 -v
var (
	arenaDeals = flag.Int("arena", 0, "play this many deals (seeds 0 to N-1), each in both orders (0: skip)")
	arenaA     = flag.String("arena-a", "engine", "arena player A: engine, greedy, random, or engine:KEY=N,... (engine options: "+optionKeys+"); a last @N gives it N nodes a move")
	arenaB     = flag.String("arena-b", "greedy", "arena player B")
	arenaNodes = flag.Int64("arena-nodes", 16_000_000, "engine nodes per move")
	arenaSetup = flag.String("arena-setup", "", "the game's setup in the referee's -setup syntax (seed= is the deal's)")
	arenaSPRT  = flag.String("arena-sprt", "", "ELO0,ELO1[,ALPHA,BETA]: test A's normalized Elo against B, H0 ELO0 against H1 ELO1 (internal/sprt), on the pairs of games (a deal's two), playing deals until the test decides; -arena is then the most deals")
)

// arenaStats sums the engine players' searches.
var arenaStats struct {
	moves, depth int
	nodes        int64
	time         time.Duration
}

// arenaPlayer chooses a move for the side to move.
type arenaPlayer func(p *Position) Move

func newArenaPlayer(t *testing.T, name string) arenaPlayer {
	t.Helper()
	g := NewGenerator()
	var buf []Placement
	switch name {
	case "random", "greedy":
		return func(p *Position) Move {
			buf = g.Placements(&p.Board, p.Hand(), buf)
			if len(buf) == 0 {
				return PassMove
			}
			if name == "random" {
				return g.Move(RandomPlacement(buf, PositionSeed(p)))
			}
			best, _ := GreedyPlacement(g, buf, PositionSeed(p))
			return g.Move(best)
		}
	}
	spec, ok := strings.CutPrefix(name, "engine")
	if !ok {
		t.Fatalf("unknown arena player %q: want engine, greedy, random or engine:KEY=N,...", name)
	}
	e := NewEngine()
	nodes := *arenaNodes
	spec = strings.TrimPrefix(spec, ":")
	if rest, n, ok := strings.Cut(spec, "@"); ok { // "engine[:KEY=N,...]@NODES": its own nodes a move
		var err error
		if nodes, err = strconv.ParseInt(n, 10, 64); err != nil || nodes <= 0 {
			t.Fatalf("arena player %q: %q is not a number of nodes", name, n)
		}
		spec = rest
	}
	watch := false // "watch=1": ReplyScan only once the opponent is seen not to be greedy
	// "early=W,earlycards=K": ReplyWeight W while the mover holds more than K cards.
	early, earlyCards := -1, 0
	var kept []string
	for _, kv := range strings.Split(spec, ",") {
		k, v, _ := strings.Cut(kv, "=")
		switch {
		case kv == "watch=1":
			watch = true
		case k == "early" || k == "earlycards":
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 {
				t.Fatalf("arena player %q: bad %q", name, kv)
			}
			if k == "early" {
				early = n
			} else {
				earlyCards = n
			}
		case kv != "":
			kept = append(kept, kv)
		}
	}
	spec = strings.Join(kept, ",")
	if spec != "" {
		o, err := parseOptions(e.Options, spec)
		if err != nil {
			t.Fatalf("arena player %q: %v", name, err)
		}
		e.Options = o
	}
	scan := e.Options.ReplyScan
	late := e.Options.ReplyWeight
	var w OpponentWatch
	var wbuf []Placement
	return func(p *Position) Move {
		if watch {
			w.Observe(p)
			e.Options.ReplyScan = 0
			if w.Denying() {
				e.Options.ReplyScan = scan
			}
		}
		if early >= 0 {
			e.Options.ReplyWeight = late
			if len(p.Hand()) > earlyCards {
				e.Options.ReplyWeight = early
			}
		}
		start := time.Now()
		r := e.Search(p, Limits{Nodes: nodes}, nil)
		if watch {
			q := p.Clone()
			if _, err := q.Apply(r.Move); err != nil {
				t.Fatal(err)
			}
			wbuf, _ = w.Expect(g, q, wbuf, nil)
		}
		arenaStats.time += time.Since(start)
		arenaStats.moves++
		arenaStats.depth += r.Depth
		arenaStats.nodes += r.Nodes
		return r.Move
	}
}

// optionKeys are the engine options an arena player may set.
const optionKeys = "depth, width, tail, reply, rootwidth, narrow, scan; and watch=1, early=W,earlycards=K (ReplyWeight W while the mover holds more than K cards)"

// parseOptions sets the options of "key=N,..." on o.
func parseOptions(o Options, spec string) (Options, error) {
	fields := map[string]*int{"depth": &o.Depth, "width": &o.Width, "tail": &o.Tail, "reply": &o.ReplyWeight,
		"rootwidth": &o.RootWidth, "narrow": &o.Narrow, "scan": &o.ReplyScan}
	for _, kv := range strings.Split(spec, ",") {
		k, v, _ := strings.Cut(kv, "=")
		n, err := strconv.Atoi(v)
		if err != nil || fields[k] == nil {
			return o, fmt.Errorf("bad option %q: want KEY=integer, keys %s", kv, optionKeys)
		}
		*fields[k] = n
	}
	return o, nil
}

// playArenaGame plays one game, players[0] as FIRST; it returns both sides' points and the
// placements made.
func playArenaGame(t *testing.T, j Game, players [2]arenaPlayer) ([2]int, int) {
	t.Helper()
	p, err := j.NewPosition()
	if err != nil {
		t.Fatal(err)
	}
	placed := 0
	for !p.GameOver() {
		m := players[p.ToMove](p)
		if _, err := p.Apply(m); err != nil {
			t.Fatalf("%s by %s: %v", FormatMove(m), SideName(p.ToMove), err)
		}
		if !m.Pass {
			placed++
		}
	}
	return p.Scores, placed
}

func TestArena(t *testing.T) {
	if *arenaDeals == 0 {
		t.Skip("a measurement: run with -arena N")
	}
	playArena(t)
}

// playArena plays the arena the flags describe and returns its -arena-sprt test (nil
// without one).
func playArena(t *testing.T) *sprt.Sequential {
	cfg, err := Game{}.Configure(*arenaSetup)
	if err != nil {
		t.Fatal(err)
	}
	judge := cfg.(Game)
	seq := arenaTest(t)
	var wins, draws, losses, pointsA, pointsB, deals int
	for deal := range *arenaDeals {
		// The test sees each game as a win, draw or loss by its points (more points than the
		// other side is a win, whatever the margin): it weighs games, not points, as the
		// tournament's SPRT does, and a margin's worth depends on the deal.
		var results [2]sprt.Result // A's, moving first and second
		for order := range 2 {
			a, b := newArenaPlayer(t, *arenaA), newArenaPlayer(t, *arenaB)
			players := [2]arenaPlayer{a, b}
			if order == 1 {
				players = [2]arenaPlayer{b, a}
			}
			pts, placed := playArenaGame(t, judge.WithSeed(uint64(deal)), players)
			pa, pb := pts[order], pts[1-order]
			pointsA += pa
			pointsB += pb
			switch {
			case pa > pb:
				wins++
				results[order] = sprt.Win
			case pa == pb:
				draws++
				results[order] = sprt.Draw
			default:
				losses++
				results[order] = sprt.Loss
			}
			t.Logf("deal %d, A %s: A %d, B %d points, %d cards placed", deal, SideName(order), pa, pb, placed)
		}
		deals++
		if seq != nil {
			verdict := seq.Add(results[0], results[1])
			t.Logf("deal %d: pair %d, LLR %.3f", deal, seq.Counts.N(), seq.LLR)
			if verdict != sprt.Continue {
				break
			}
		}
	}
	n := float64(2 * deals)
	if s := arenaStats; s.moves > 0 {
		t.Logf("engine searches: %d moves, depth %.2f, %.0f nodes, %.3f s on average (%.1f M nodes/s)", s.moves, float64(s.depth)/float64(s.moves),
			float64(s.nodes)/float64(s.moves), s.time.Seconds()/float64(s.moves), float64(s.nodes)/s.time.Seconds()/1e6)
	}
	t.Logf("%s, seeds 0 to %d; A %s vs B %s, %d nodes a move, %d games: %s; average points A %.1f, B %.1f (A/B %.3f)",
		judge.Setup(), deals-1, *arenaA, *arenaB, *arenaNodes, 2*deals, tournament.HeadToHead(wins, draws, losses), float64(pointsA)/n, float64(pointsB)/n, float64(pointsA)/float64(pointsB))
	if seq != nil {
		t.Logf("SPRT from A's side, A %s against B %s:\n%s", *arenaA, *arenaB, seq.Summary(*arenaDeals))
	}
	return seq
}

// arenaTest is the test -arena-sprt asks for, nil without the flag.
func arenaTest(t *testing.T) *sprt.Sequential {
	seq, err := sprt.FromFlag(*arenaSPRT)
	if err != nil {
		t.Fatalf("-arena-sprt %v", err)
	}
	return seq
}

// TestSPRTArenaStops: with -arena-sprt the arena stops when the test decides. The engine
// at 20,000 nodes a move wins nearly every game against random placements, so nElo 0
// against 200 is settled for H1 in about 7 deals, well before the 20 allowed.
func TestSPRTArenaStops(t *testing.T) {
	if *arenaDeals != 0 {
		t.Skip("-arena is set: the flags are TestArena's")
	}
	defer func(deals int, nodes int64, a, b, test string) {
		*arenaDeals, *arenaNodes, *arenaA, *arenaB, *arenaSPRT = deals, nodes, a, b, test
	}(*arenaDeals, *arenaNodes, *arenaA, *arenaB, *arenaSPRT)
	*arenaDeals, *arenaNodes, *arenaA, *arenaB, *arenaSPRT = 20, 20_000, "engine", "random", "0,200"
	seq := playArena(t)
	if seq.Verdict != sprt.AcceptH1 || seq.Counts.N() >= *arenaDeals {
		t.Errorf("engine against random, -arena-sprt 0,200: %v after %d deals, want H1 accepted before %d", seq.Verdict, seq.Counts.N(), *arenaDeals)
	}
}

var writeBench = flag.Bool("write-single-bench", false, "rewrite testdata/single-bench from arena games")

// TestWriteSingleBench writes the SINGLE 1.0 benchmark set: 200 positions spread evenly over
// 12 games of the tournament setting (33×33, 24 cards, seeds 100 to 105: deals the
// acceptance matches do not play), the engine at 2,000,000 nodes a move against greedy,
// random and itself, each deal in both orders; every position where the mover has more
// than one placement.
//
//	go test ./internal/streky -run TestWriteSingleBench -write-single-bench
func TestWriteSingleBench(t *testing.T) {
	if !*writeBench {
		t.Skip("a data tool: run with -write-single-bench")
	}
	*arenaNodes = 2_000_000
	var all [][]byte
	g := NewGenerator()
	var buf []Placement
	record := func(inner arenaPlayer) arenaPlayer {
		return func(p *Position) Move {
			if buf = g.Placements(&p.Board, p.Hand(), buf); len(buf) > 1 {
				all = append(all, p.FormatInput(gamefile.Single, "1.0"))
			}
			return inner(p)
		}
	}
	for game := range 12 {
		opponent := []string{"greedy", "random", "engine"}[game/2%3]
		players := [2]arenaPlayer{record(newArenaPlayer(t, "engine")), record(newArenaPlayer(t, opponent))}
		if game%2 == 1 {
			players[0], players[1] = players[1], players[0]
		}
		playArenaGame(t, Game{}.WithSeed(uint64(100+game/2)), players)
	}
	dir := filepath.Join("testdata", "single-bench")
	if err := benchset.Write(dir, all); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %d of %d positions to %s", benchset.Size, len(all), dir)
}
