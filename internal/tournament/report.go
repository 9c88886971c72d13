package tournament

// The report: what the result files add up to, the same whether the games were played in
// this process or on many machines, because it is made from the result files alone.

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"text/tabwriter"

	"gameagents/internal/gamefile"
	"gameagents/internal/referee"
	"gameagents/internal/rules"
	"gameagents/internal/sprt"
)

// eloPrior is the virtual drawn games per pairing the report's Elo fit adds (stats.go).
const eloPrior = 1

// tally adds up outcomes per pairing.
type tally struct {
	scored bool        // the game scores points, and the course ranks by them
	wins   [][]int     // wins[i][j]: games i won against j
	draws  [][]int     // symmetric
	pair   [][]float64 // pair[i][j]: i's course score against j
	course []float64   // each entry's course score in all
	games  []int       // each entry's games
	// forfeits[i][k]: games i lost the way forfeitKinds[k] names.
	forfeits [][len(forfeitKinds)]int
}

func newTally(t *Tournament) *tally {
	n := len(t.Entries)
	grid := func() [][]int {
		g := make([][]int, n)
		for i := range g {
			g[i] = make([]int, n)
		}
		return g
	}
	pair := make([][]float64, n)
	for i := range pair {
		pair[i] = make([]float64, n)
	}
	return &tally{scored: t.scored(), wins: grid(), draws: grid(), pair: pair, course: make([]float64, n),
		games: make([]int, n), forfeits: make([][len(forfeitKinds)]int, n)}
}

// scored reports whether t's game scores points (Hive, ŠTREKY): the courses rank those by
// points, the others by wins with draws as half.
func (t *Tournament) scored() bool {
	_, ok := t.Rules.New(0).(rules.Scorer)
	return ok
}

// scoreName says what the course score is.
func (t *Tournament) scoreName() string {
	if t.scored() {
		return "points"
	}
	return "score (wins, draws half)"
}

// add counts one game.
func (c *tally) add(o *Outcome) {
	who := [2]int{o.Game.A, o.Game.B}
	for a := range 2 {
		i, j := who[a], who[1-a]
		var s float64
		switch {
		case c.scored:
			s = float64(o.Points[a])
		case o.Winner == a:
			s = 1
		case o.Winner < 0:
			s = 0.5
		}
		c.pair[i][j] += s
		c.course[i] += s
	}
	c.games[who[0]]++
	c.games[who[1]]++
	if o.Winner < 0 {
		c.draws[who[0]][who[1]]++
		c.draws[who[1]][who[0]]++
		return
	}
	c.wins[who[o.Winner]][who[1-o.Winner]]++
	for k, f := range forfeitKinds {
		if o.Ending == f.kind {
			c.forfeits[who[1-o.Winner]][k]++
		}
	}
}

// forfeitKinds are the ways of losing a game without playing it to its end, as the
// forfeits table names them.
var forfeitKinds = [...]struct {
	kind referee.Ending
	name string
}{
	{referee.EndTime, "on time"},
	{referee.EndNoOutput, "no output"},
	{referee.EndBad, "bad output"},
	{referee.EndDisk, "disk"},
}

// distinctGames returns the outcomes whose moves no earlier outcome of the same pairing,
// sides and first mover played (by their digests; outcomes without one are all kept), and
// how many it left out.
func distinctGames(done []Outcome) (distinct []Outcome, repeats int) {
	seen := map[string]bool{}
	for _, o := range done {
		key := fmt.Sprint(o.Game.A, o.Game.B, o.Sides, o.First, o.Digest)
		if o.Digest != "" && seen[key] {
			repeats++
			continue
		}
		seen[key] = true
		distinct = append(distinct, o)
	}
	return distinct, repeats
}

// record is i's wins-draws-losses against j, or against all when j < 0.
func (c *tally) record(i, j int) (w, d, l int) {
	for k := range c.wins {
		if j < 0 || k == j {
			w += c.wins[i][k]
			d += c.draws[i][k]
			l += c.wins[k][i]
		}
	}
	return w, d, l
}

// elo fits the ratings to the games' wins, draws and losses.
func (c *tally) elo() (rating, half95 []float64) {
	n := len(c.wins)
	games, score := make([][]float64, n), make([][]float64, n)
	for i := range n {
		games[i], score[i] = make([]float64, n), make([]float64, n)
		for j := range n {
			w, d, l := c.record(i, j)
			games[i][j] = float64(w + d + l)
			score[i][j] = float64(w) + float64(d)/2
		}
	}
	return Elo(games, score, eloPrior)
}

// number writes a score as its shortest decimal: 3, 2.5, -4.
func number(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// Report reads every result file of t and writes the report: a header, the crosstable,
// the ranking by the course's scoring with Elo (a gauntlet's: each pairing's score and
// Elo), for two entries the likelihood of superiority, and with an SPRT each pairing's
// test, without one each pairing's pairs (pairsReport).
func (t *Tournament) Report(w io.Writer) error {
	done, _, err := t.Results()
	if err != nil {
		return err
	}
	distinct, repeats := distinctGames(done)
	c := newTally(t)
	for i := range distinct {
		c.add(&distinct[i])
	}
	t.header(w, len(done))
	if repeats > 0 {
		fmt.Fprintf(w, "warning: %d of %d games repeated an earlier game of the same agents on the same sides move for move (%s); the crosstable, the ranking and the Elo count each distinct game once\n",
			repeats, len(done), t.repeatCause())
	}
	fmt.Fprintln(w)
	t.crosstable(w, c)
	t.forfeits(w, c)
	fmt.Fprintln(w)
	if t.Gauntlet {
		t.gauntlet(w, c)
	} else {
		t.ranking(w, c)
	}
	cpuTable(w, t, done)
	if len(t.Entries) == 2 {
		wins, _, losses := c.record(0, 1)
		fmt.Fprintf(w, "\nlikelihood of superiority: %s over %s %.2f%% (%d wins, %d losses; draws ignored)\n",
			t.Entries[0].Name, t.Entries[1].Name, 100*LOS(float64(wins), float64(losses)), wins, losses)
	}
	if tests := t.newTests(done); tests != nil {
		for _, p := range t.Pairings() {
			fmt.Fprintln(w)
			t.sprtReport(w, p, tests[p])
		}
	} else {
		t.pairsReport(w, done)
	}
	return nil
}

// pairsReport writes, for each pairing with a pair of games played, what its pairs say
// (games 2k−1 and 2k, one opening or deal from both sides: the SPRT's unit; sprt.Counts
// and its estimates, from entry A's side). The pair is what engine matches are judged by:
// a random opening favours one side, so the two games of a pair are correlated, and the
// pairs' own variance gives the honest interval where the games' Elo above treats them as
// independent. Every game counts, as in the SPRT, repeated ones too. A tournament with an
// SPRT has the same rows in its tests' sections.
func (t *Tournament) pairsReport(w io.Writer, done []Outcome) {
	results := map[Pairing]map[int]sprt.Result{}
	for i := range done {
		o := &done[i]
		p := o.Game.Pairing()
		if results[p] == nil {
			results[p] = map[int]sprt.Result{}
		}
		results[p][o.Game.N] = resultOf(o)
	}
	header := false
	for _, p := range t.Pairings() {
		var c sprt.Counts
		r := results[p]
		for k := 1; 2*k <= t.Games; k++ {
			first, ok := r[2*k-1]
			second, ok2 := r[2*k]
			if ok && ok2 {
				c.Add(first, second)
			}
		}
		if c.N() == 0 {
			continue
		}
		if !header {
			fmt.Fprintln(w, "\npairs: games 2k-1 and 2k of a pairing, one opening or deal from both sides, from the first entry's side; 95% intervals from the pairs' own variance")
			header = true
		}
		fmt.Fprintf(w, "%s against %s: %d pairs\n", t.Entries[p.A].Name, t.Entries[p.B].Name, c.N())
		for _, row := range c.Rows()[1:] { // the W-D-L is the crosstable's
			fmt.Fprintf(w, "  %-8s %s\n", row[0], row[1])
		}
	}
}

// header says what the tournament is and how far it got.
func (t *Tournament) header(w io.Writer, played int) {
	mode := "GAME " + gamefile.FormatSeconds(t.Seconds) + "s a side"
	if t.Mode == gamefile.Single {
		mode = "SINGLE " + gamefile.FormatSeconds(t.Seconds) + "s a move"
	}
	what := fmt.Sprintf("%s tournament: %d entries", t.Game, len(t.Entries))
	if t.Gauntlet {
		what = fmt.Sprintf("%s gauntlet: %s against each of %d others", t.Game, t.Entries[0].Name, len(t.Entries)-1)
	}
	per, of := fmt.Sprintf("%d games per pairing", t.Games), ""
	if t.SPRT != nil {
		per, of = fmt.Sprintf("at most %d games per pairing (SPRT)", t.Games), "at most "
	}
	fmt.Fprintf(w, "%s, %s, %s, ply cap %d; %d of %s%d games played\n",
		what, per, mode, t.Plies, played, of, len(t.Schedule()))
	if t.Setup != "" {
		fmt.Fprintf(w, "setup: %s\n", t.Setup)
	}
	if t.Openings {
		fmt.Fprintf(w, "openings: %s\n", OpeningsName)
	}
}

// repeatCause says why deterministic agents played a game twice: they had no openings,
// openings that repeat one another, or fewer openings than pairs of games, which cycle (a
// game's moves include its opening's, so distinct openings make distinct games).
func (t *Tournament) repeatCause() string {
	if !t.Openings {
		return "deterministic agents from one start: give -openings"
	}
	r := referee.Repeats(t.openings)
	if len(r) == 0 {
		return fmt.Sprintf("the openings cycle: %d games a pairing, openings: %d", t.Games, len(t.openings))
	}
	return fmt.Sprintf("%d of the %d openings repeat an earlier one, the first is opening %d, a repeat of opening %d; a sequential test counts such games twice",
		len(r), len(t.openings), r[0][0], r[0][1])
}

// crosstable writes each pairing's wins-draws-losses and course score, from the row's side;
// "-" where the format does not pair the two.
func (t *Tournament) crosstable(w io.Writer, c *tally) {
	fmt.Fprintf(w, "crosstable: the row's wins-draws-losses against the column, and its %s\n", t.scoreName())
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, e := range t.Entries {
		fmt.Fprintf(tw, "\t%s", e.Name)
	}
	fmt.Fprintln(tw)
	for i, e := range t.Entries {
		fmt.Fprint(tw, e.Name)
		for j := range t.Entries {
			if i == j {
				fmt.Fprint(tw, "\t.")
				continue
			}
			if !t.plays(i, j) {
				fmt.Fprint(tw, "\t-")
				continue
			}
			wins, draws, losses := c.record(i, j)
			fmt.Fprintf(tw, "\t%d-%d-%d %s", wins, draws, losses, number(c.pair[i][j]))
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
}

// forfeits writes, when any game was forfeited, each entry's games lost on time, with no
// output.txt (a crash, a kill) or with a malformed or illegal one, and marks an entry that
// forfeited every game it played.
func (t *Tournament) forfeits(w io.Writer, c *tally) {
	any := false
	for i := range t.Entries {
		for _, n := range c.forfeits[i] {
			any = any || n > 0
		}
	}
	if !any {
		return
	}
	fmt.Fprintln(w, "\nforfeits: games lost without playing them to the end")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, "entry\tgames")
	for _, f := range forfeitKinds {
		fmt.Fprintf(tw, "\t%s", f.name)
	}
	fmt.Fprintln(tw, "\t")
	for i, e := range t.Entries {
		fmt.Fprintf(tw, "%s\t%d", e.Name, c.games[i])
		all := 0
		for _, n := range c.forfeits[i] {
			fmt.Fprintf(tw, "\t%d", n)
			all += n
		}
		mark := ""
		if all > 0 && all == c.games[i] {
			mark = "  every game forfeited"
		}
		fmt.Fprintf(tw, "\t%s\n", mark)
	}
	tw.Flush()
}

// ranking writes the entries by course score (then Elo, then the spec's order), with
// their games, wins-draws-losses and Elo.
func (t *Tournament) ranking(w io.Writer, c *tally) {
	rating, half := c.elo()
	order := make([]int, len(t.Entries))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(x, y int) bool {
		i, j := order[x], order[y]
		if c.course[i] != c.course[j] {
			return c.course[i] > c.course[j]
		}
		return rating[i] > rating[j]
	})
	fmt.Fprintf(w, "ranking by %s; Elo: maximum likelihood over all games (draws half, one virtual draw per pairing), mean 0, with its 95%% interval\n", t.scoreName())
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "rank\tentry\tscore\tgames\tW-D-L\tElo\t95%\t")
	for rank, i := range order {
		wins, draws, losses := c.record(i, -1)
		elo, interval := "-", "-"
		if games := wins + draws + losses; games > 0 {
			elo = fmt.Sprintf("%+.0f", rating[i])
			if !math.IsNaN(half[i]) {
				interval = fmt.Sprintf("±%.0f", half[i])
			}
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%d\t%d-%d-%d\t%s\t%s\t\n", rank+1, t.Entries[i].Name, number(c.course[i]),
			wins+draws+losses, wins, draws, losses, elo, interval)
	}
	tw.Flush()
}

// gauntlet writes each pairing of a gauntlet from entry 1's side: games, wins-draws-losses,
// course score, and the Elo difference fitted to the pairing's games alone (as the
// ranking's, with one virtual draw) with its 95% interval. A ranking by course score
// would compare entry 1's score over every pairing with the others' over one.
func (t *Tournament) gauntlet(w io.Writer, c *tally) {
	first := t.Entries[0].Name
	fmt.Fprintf(w, "gauntlet: %s against each of the others, from %s's side; %s; Elo: %s's rating less the opponent's, maximum likelihood over their games (draws half, one virtual draw), with its 95%% interval\n",
		first, first, t.scoreName(), first)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "opponent\tgames\tW-D-L\tscore\tElo\t95%\t")
	for _, p := range t.Pairings() {
		wins, draws, losses := c.record(p.A, p.B)
		games := wins + draws + losses
		elo, interval := "-", "-"
		if games > 0 {
			g := [][]float64{{0, float64(games)}, {float64(games), 0}}
			score := float64(wins) + float64(draws)/2
			sc := [][]float64{{0, score}, {float64(games) - score, 0}}
			rating, half := Elo(g, sc, eloPrior)
			// Two ratings of mean 0: the difference is twice either, and so is its interval.
			elo = fmt.Sprintf("%+.0f", rating[0]-rating[1])
			if !math.IsNaN(half[0]) {
				interval = fmt.Sprintf("±%.0f", 2*half[0])
			}
		}
		fmt.Fprintf(tw, "%s\t%d\t%d-%d-%d\t%s\t%s\t%s\t\n", t.Entries[p.B].Name, games, wins, draws, losses,
			number(c.pair[p.A][p.B]), elo, interval)
	}
	tw.Flush()
}
