package streky

// The agent: ŠTREKY's side of the move lifecycle (internal/agent), and the players a binary
// can be asked for: the engine (default), and the reference opponents random and greedy.

import (
	"cmp"
	"fmt"

	"gameagents/internal/agent"
	"gameagents/internal/gamefile"
	"gameagents/internal/search"
)

// Name implements agent.Game and rules.Game.
func (Game) Name() string { return "streky" }

// Parse implements agent.Game.
func (Game) Parse(file string, lines []gamefile.Line) (agent.Position, error) {
	in, err := ParseInput(file, lines)
	if err != nil {
		return nil, err
	}
	return &agentPosition{in: in}, nil
}

// DefaultRate implements agent.Game: the search speed assumed when calibration.txt is
// missing. calibrate measures 30.3-30.8 M nodes/s on the development machine (two shared
// cores), on a position near the slowest tenth of whole games' (28 to 56 M, median 34); a
// lower figure keeps the node budget, not the CPU guard, ending the search on a slower
// machine.
func (Game) DefaultRate() float64 { return defaultRate }

// SingleShare implements agent.SingleSharer: the share of a SINGLE move the node budget is
// sized to. Over the SINGLE benchmark set at 1 s a move, calibrated on an idle machine, a
// whole process (start-up included) used a median 1.03 times its planned CPU time, and the
// slowest moves about 1.45 times the median (moves under 0.05 s left out; at the share
// first tried, 15 of 172 moves reached the guard): the share keeps the slowest at about 0.87 of
// the move, before the guard at 0.9 (RESULTS.md, issue 23).
func (Game) SingleShare() float64 { return 0.58 }

// defaultRate is nodes (placements listed, search.go) per CPU second.
const defaultRate = 20_000_000

// Players implements agent.Game.
func (Game) Players() []string { return Players }

// Players are the names the -player flag accepts.
var Players = []string{"engine", "random", "greedy"}

// Calibrate implements agent.Game: it searches the built-in mid-game position as the agent
// does (a fresh engine) for about nodes nodes and returns the nodes searched.
func (Game) Calibrate(nodes int64) int64 {
	p := calibrationPosition()
	e := NewEngine()
	return search.Repeat(nodes, func(left int64) int64 {
		return e.Search(p, Limits{Nodes: left}, nil).Nodes
	})
}

// calibrationText is a mid-game position of the tournament setting (seed 3's cards): the
// first player's 13th move after 12 greedy moves each, a third of the 33×33 board covered,
// with both hands full again (24 cards, those on the board among them) so that the search
// meets the largest hands of the game, as in the middle of a game where it spends most of
// its time.
const calibrationText = `SINGLE
FIRST
1.0
STREKY 33 33
SCORE 591 653
BOARD
.................................
.................................
.................................
.................................
.................................
.................................
.................................
......34312......................
..143.4431132341.................
..444.1431422344.................
..33331431.42342.................
..1111143334234..................
..4122143444233..................
....12143.14232..................
.1322214441423...................
.3334214211422...................
.4444214221421...................
.2222214441423...................
.4233214111422...................
14223214.21421...................
444332111234211233231............
222132132222222222233............
111132133333333333322............
413332111111111111323............
...432122143122141323............
..343211242...4133322............
..443222244...1112233............
..243244422...3333231............
43223242421...444................
333332224213..142................
222223344211.....................
444423214214.....................
341..............................
HAND 24
` + calibrationHand + `OPPONENT 24
` + calibrationHand

// calibrationHand is both players' 24 cards in the calibration position (the same cards,
// as the rules deal them).
const calibrationHand = `2423/4422/2244/3242
2421/4422/2244/1242
23214/33211/13213
42431/22433/32432
2324/3322/2233/4232
41423/11422/21421
34312/44311/14314
1413/4411/1144/3141
2124/1122/2211/4212
31324/11322/21321
14123/44122/24124
34321/44322/24324
21243/11244/41241
3231/2233/3322/1323
43412/33411/13413
3134/1133/3311/4313
32341/22344/42342
24213/44211/14214
4241/2244/4422/1424
12143/22144/42142
32314/22311/12312
31342/11344/41341
21234/11233/31231
23241/33244/43243
`

// calibrationPosition returns the calibration position.
func calibrationPosition() *Position {
	in, err := ParseInput("calibration", gamefile.SplitLines(calibrationText))
	if err != nil {
		panic(err)
	}
	return in.Position
}

type agentPosition struct {
	in *Input
}

func (p *agentPosition) Header() gamefile.Header { return p.in.Header }

// MovesLeft implements agent.Position: at most one move per unplayed card, and fewer when
// cards stop fitting; the unplayed cards are the estimate.
func (p *agentPosition) MovesLeft() int { return max(1, len(p.in.Position.Hand())) }

// RemembersSingle implements agent.SingleRememberer: the engine keeps its watch of the
// opponent's replies (watch.go) in playdata.txt in SINGLE mode too, the course's mode.
func (Game) RemembersSingle() bool { return true }

// DenyingScan is Options.ReplyScan against an opponent seen not to be greedy
// (OpponentWatch): in the arena, the engine with it scored 80% against the engine
// without it, and 11% fewer points against greedy (RESULTS.md, issue 23).
const DenyingScan = 4

// Play implements agent.Position. The input holds the whole game; the engine's memory,
// in playdata.txt, is its watch of the opponent's replies.
func (p *agentPosition) Play(s *agent.Session) []string {
	if s.Player == "random" || s.Player == "greedy" {
		p.playReference(s)
		return nil
	}
	return p.playEngine(s)
}

// watch reads the opponent watch the last move left and counts the reply since, saying on
// the log what it concluded; a damaged memory starts a fresh watch.
func (p *agentPosition) watch(s *agent.Session) OpponentWatch {
	w, err := ParseWatch(s.Memory, s.MemoryLine)
	if err != nil {
		fmt.Fprintf(s.Log, "%v; ignored\n", err)
		w = OpponentWatch{}
	}
	w.Observe(p.in.Position)
	if w.Denying() {
		fmt.Fprintf(s.Log, "streky: the opponent's replies: %d greedy's, %d not: modelled as denying\n", w.Greedy, w.Other)
	}
	return w
}

// playReference plays random or greedy. Listing every placement is all these players do,
// and on a 64×64 board with a big hand it takes a third of a CPU second: they obey the
// session's clock instead. A fresh generator meeting each card for the first time lists
// about 15 million placements per CPU second, the engine's default rate is 20 million nodes
// (mostly placements listed): half the budget keeps the listing within the plan.
func (p *agentPosition) playReference(s *agent.Session) {
	pos := p.in.Position
	g := NewGenerator()
	var budget search.Budget
	listable := max(s.Nodes/2, 1)
	budget.Start(listable, s.Guard)
	buf := reserve(nil, listRoom(&pos.Board, pos.Hand(), listable))
	placements := g.PlacementsWithin(&pos.Board, pos.Hand(), buf, &budget)
	if _, ok := p.playFirst(s, g, placements, budget.Stopped); ok && s.Player == "random" {
		s.Emit([]string{FormatMove(g.Move(RandomPlacement(placements, PositionSeed(pos))))})
	}
}

// playEngine runs the engine within the session's budget: it writes the greedy choice
// among the root's placements as soon as they are listed, then each better move the
// search reports; then it gives the session the search's conclusion (analysis).
func (p *agentPosition) playEngine(s *agent.Session) []string {
	pos := p.in.Position
	w := p.watch(s)
	e := NewEngine()
	if w.Denying() {
		e.Options.ReplyScan = DenyingScan
	}
	placements, cut := e.Start(pos, Limits{Nodes: s.Nodes, MaxNodes: s.MaxNodes, Guard: s.Guard})
	first, ok := p.playFirst(s, e.gen, placements, cut)
	if !ok { // nothing fits: PASS, and nothing to search
		s.Report(agent.Analysis{Unit: analysisUnit, Nodes: e.budget.Nodes, PV: []string{FormatMove(PassMove)}})
		return p.expect(s, e.gen, &w, PassMove)
	}
	last := e.gen.Move(first)
	r := e.Continue(func(r Result) {
		if r.Move != last {
			s.Emit([]string{FormatMove(r.Move)})
			last = r.Move
		}
	})
	fmt.Fprintf(s.Log, "streky: %s plays %s: gain %d, value %+.2f, %d of %d candidates, %d nodes\n",
		SideName(pos.ToMove), FormatMove(last), r.Gain, float64(r.Value)/valueScale, r.Searched, r.Candidates, r.Nodes)
	s.Report(e.analysis(r, first))
	return p.expect(s, e.gen, &w, last)
}

// expect notes in w what the opponent can gain after our move m, within an eighth of the
// move's nodes and its guard (a listing of the largest inputs' hands takes a third of a
// CPU second), and returns w's lines for playdata.txt.
func (p *agentPosition) expect(s *agent.Session, g *Generator, w *OpponentWatch, m Move) []string {
	after := p.in.Position.Clone()
	if _, err := after.Apply(m); err == nil {
		var budget search.Budget
		budget.Start(max(s.Nodes/8, rootFloor), s.Guard)
		w.Expect(g, after, nil, &budget)
	}
	return w.Lines()
}

// analysisUnit is the unit of the analysis' scores.
const analysisUnit = "points"

// analysis is what the search concluded, for the engine modes' analysis commands and
// their logs: r is the search's result, first the greedy placement written before it.
//
// Score is the value of the principal variation in points, from the mover's side: our
// gains along the line less ReplyWeight/valueScale times the opponent's (the opponent
// modelled as greedy, with its known hand), over our move, the reply, Depth-1 more such
// pairs and the Tail's plies. With the default weight (16/16) it is the difference of the
// two sides' points over the next few plies, not a forecast of the game's end. With no
// iteration finished (Depth 0: one candidate, or no time) no line was valued: Score is
// the gain of the move written, and the PV that move alone. Exact is always false: the
// search never reaches past the opponent model to a proven result.
func (e *Engine) analysis(r Result, first Placement) agent.Analysis {
	a := agent.Analysis{Depth: r.Depth, Unit: analysisUnit, Nodes: r.Nodes}
	if r.Depth == 0 {
		// What was written is greedy's seeded choice (playFirst), which the search did not
		// replace; r.Move is its own choice among the same ties.
		a.Score = float64(first.Gain)
		a.PV = []string{FormatMove(e.gen.Move(first))}
		return a
	}
	a.Score = float64(r.Value) / valueScale
	for _, mv := range e.PV() {
		a.PV = append(a.PV, FormatMove(mv))
	}
	return a
}

// playFirst writes the first move of every player: PASS when nothing fits (ok false), else
// greedy's choice among the placements listed, a prefix of them all when cut.
func (p *agentPosition) playFirst(s *agent.Session, g *Generator, placements []Placement, cut bool) (first Placement, ok bool) {
	pos := p.in.Position
	if len(placements) == 0 {
		fmt.Fprintf(s.Log, "streky: no card of %s fits: PASS\n", SideName(pos.ToMove))
		s.Emit([]string{FormatMove(PassMove)})
		return Placement{}, false
	}
	if cut {
		fmt.Fprintf(s.Log, "streky: %s chooses among the first %d placements: the time is up\n", cmp.Or(s.Player, Players[0]), len(placements))
	}
	first, _ = GreedyPlacement(g, placements, PositionSeed(pos))
	s.Emit([]string{FormatMove(g.Move(first))}) // output.txt holds a legal move from here on
	return first, true
}

// PositionSeed hashes everything a position holds but the clock (the board's cells, both
// hands, the scores, the side to move), so that the seeded players choose the same move
// for the same position in SINGLE and GAME mode alike.
func PositionSeed(p *Position) uint64 {
	h := uint64(p.ToMove) + 1
	b := &p.Board
	h = search.Mix(h ^ uint64(b.Rows())<<8 ^ uint64(b.Cols()))
	for r := 0; r < b.Rows(); r++ {
		for c := 0; c < b.Cols(); c++ {
			h = h*31 + uint64(b.At(r, c))
		}
		h = search.Mix(h)
	}
	for side := range p.Hands {
		h = search.Mix(h ^ uint64(p.Scores[side]) ^ uint64(len(p.Hands[side]))<<32)
		for _, card := range p.Hands[side] {
			h = h*131 + uint64(card.Rows)<<4 + uint64(card.Cols)
			for _, v := range card.Cells {
				h = h*7 + uint64(v)
			}
			h = search.Mix(h)
		}
	}
	return h
}

// RandomPlacement returns one of placements (not empty) chosen by seed.
func RandomPlacement(placements []Placement, seed uint64) Placement {
	return placements[search.Mix(seed)%uint64(len(placements))]
}

// GreedyPlacement returns the course's reference greedy choice among placements: the
// highest gain, then the largest card (rows × columns), then a choice among the remaining
// ties seeded by seed. ok is false when placements is empty. It allocates nothing: one pass
// finds the best key and counts its ties, a second takes the chosen one.
func GreedyPlacement(g *Generator, placements []Placement, seed uint64) (best Placement, ok bool) {
	bestKey, ties := -1, 0
	for _, p := range placements {
		switch key := greedyKey(g, p); {
		case key > bestKey:
			bestKey, ties = key, 1
		case key == bestKey:
			ties++
		}
	}
	if ties == 0 {
		return Placement{}, false
	}
	pick := int(search.Mix(seed) % uint64(ties))
	for _, p := range placements {
		if greedyKey(g, p) == bestKey {
			if pick == 0 {
				return p, true
			}
			pick--
		}
	}
	panic("unreachable: the ties counted are in the list")
}

// greedyKey orders placements as greedy does: by gain, then by card area (at most
// MaxCardSide², below 128).
func greedyKey(g *Generator, p Placement) int {
	m := &g.matrices[p.Matrix]
	return int(p.Gain)<<7 | m.rows*m.cols
}
