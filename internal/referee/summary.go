package referee

// The match summary: the Listener that collects the results of a match's games and keeps
// summary.tsv for scripts up to date; at the end, a table and totals for people.

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	"gameagents/internal/gamefile"
	"gameagents/internal/rules"
)

// TSVHeader is the first line of summary.tsv. Times are seconds; winner is A, B or - (draw);
// first is the agent (A or B) that moved first; a_side and b_side are the game's side names;
// kind is one of the Ending constants; left_a and left_b are "-" in SINGLE mode.
const TSVHeader = "game\ta_side\tb_side\tfirst\twinner\twinner_name\tkind\treason\tplies\tcpu_a\tcpu_b\tmax_move_a\tmax_move_b\tleft_a\tleft_b"

// TSVPointsColumns follow TSVHeader in summary.tsv for games that score points (their
// Match is a Scorer): each agent's points at the end of the game. Other games' summaries
// keep TSVHeader alone.
const TSVPointsColumns = "points_a\tpoints_b"

// scoring reports whether the match's game scores points, so that its summaries show them.
// New is asked rather than the results, so that the columns do not depend on which games
// have finished.
func scoring(cfg *Config) bool {
	if cfg.Game == nil {
		return false
	}
	_, ok := cfg.Game.New(0).(rules.Scorer)
	return ok
}

var letters = [2]string{"A", "B"}

// summary is the Listener that collects a match's results, in game order, rewriting
// summary.tsv as each game ends. Games played in parallel share it.
type summary struct {
	mu      sync.Mutex
	cfg     *Config
	results []*Result // by game; nil for games not finished
	err     error     // the first failed write of summary.tsv
}

func newSummary(cfg *Config) *summary {
	return &summary{cfg: cfg, results: make([]*Result, cfg.Games)}
}

func (s *summary) GameStarted(*GameInfo)  {}
func (s *summary) Played(*GameInfo, *Ply) {}

// GameEnded keeps the result and rewrites summary.tsv. A failed write is reported at the
// end (finished) rather than here: the game itself counts.
func (s *summary) GameEnded(g *GameInfo) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	r := *g.Result
	s.results[g.Number-1] = &r
	if err := writeSummaryTSV(s.cfg, s.results); err != nil && s.err == nil {
		s.err = err
	}
	return nil
}

// finished returns the results of the games that ended, in game order, and the first
// failed write of summary.tsv.
func (s *summary) finished() ([]Result, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var done []Result
	for _, r := range s.results {
		if r != nil {
			done = append(done, *r)
		}
	}
	return done, s.err
}

// writeSummaryTSV rewrites <out>/summary.tsv with the games finished so far (nil entries are
// games still running), so that an interrupted match still leaves a summary.
func writeSummaryTSV(cfg *Config, results []*Result) error {
	var sb strings.Builder
	scored := scoring(cfg)
	if scored {
		sb.WriteString(TSVHeader + "\t" + TSVPointsColumns + "\n")
	} else {
		sb.WriteString(TSVHeader + "\n")
	}
	for _, r := range results {
		if r == nil {
			continue
		}
		winner, winnerName := "-", "-"
		if r.Winner >= 0 {
			winner, winnerName = letters[r.Winner], cfg.Agents[r.Winner].Name
		}
		f := func(d time.Duration) string { return fmt.Sprintf("%.6f", d.Seconds()) }
		leftA, leftB := f(r.Left[0]), f(r.Left[1])
		if cfg.Mode == gamefile.Single {
			leftA, leftB = "-", "-"
		}
		fields := []string{
			fmt.Sprint(r.Game), r.SideNames[r.Side[0]], r.SideNames[r.Side[1]], letters[r.First],
			winner, oneLine(winnerName), string(r.Ending), oneLine(r.Reason), fmt.Sprint(r.Plies),
			f(r.CPU[0]), f(r.CPU[1]), f(r.MaxMove[0]), f(r.MaxMove[1]), leftA, leftB,
		}
		if scored {
			fields = append(fields, fmt.Sprint(r.Points[0]), fmt.Sprint(r.Points[1]))
		}
		sb.WriteString(strings.Join(fields, "\t") + "\n")
	}
	return gamefile.WriteAtomic(filepath.Join(cfg.Out, "summary.tsv"), []byte(sb.String()))
}

// PrintSummary writes the per-game table and the totals of a match.
func PrintSummary(w io.Writer, cfg *Config, results []Result) {
	names := [2]string{cfg.Agents[0].Name, cfg.Agents[1].Name}
	scored := scoring(cfg)
	if cfg.Setup != "" {
		fmt.Fprintf(w, "setup: %s\n", cfg.Setup)
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	pointsHead := ""
	if scored {
		pointsHead = fmt.Sprintf("points %s\tpoints %s\t", names[0], names[1])
	}
	fmt.Fprintf(tw, "game\tA side\tfirst\tplies\twinner\tkind\tcpu %s\tcpu %s\tlongest %s\tlongest %s\t%sreason\n", names[0], names[1], names[0], names[1], pointsHead)
	for _, r := range results {
		winner := "draw"
		if r.Winner >= 0 {
			winner = fmt.Sprintf("%s (%s)", names[r.Winner], letters[r.Winner])
		}
		points := ""
		if scored {
			points = fmt.Sprintf("%d\t%d\t", r.Points[0], r.Points[1])
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s%s\n", r.Game, r.SideNames[r.Side[0]], letters[r.First],
			r.Plies, winner, r.Ending, ms(r.CPU[0]), ms(r.CPU[1]), ms(r.MaxMove[0]), ms(r.MaxMove[1]), points, oneLine(r.Reason))
	}
	tw.Flush()
	if len(results) == 0 {
		fmt.Fprintln(w, "no game finished")
		return
	}

	var (
		wins       [2]int
		draws      int
		bySide     [2]int // wins of each of the game's sides
		firstWins  int
		secondWins int
		maxMove    [2]time.Duration
		maxGame    [2]int
		maxPly     [2]int
		cpu        [2]time.Duration
		points     [2]int
		kinds      = map[Ending]int{}
		kindOrder  []Ending
	)
	for _, r := range results {
		if kinds[r.Ending] == 0 {
			kindOrder = append(kindOrder, r.Ending)
		}
		kinds[r.Ending]++
		if r.Winner < 0 {
			draws++
		} else {
			wins[r.Winner]++
			bySide[r.Side[r.Winner]]++
			if r.Winner == r.First {
				firstWins++
			} else {
				secondWins++
			}
		}
		for a := range 2 {
			cpu[a] += r.CPU[a]
			points[a] += r.Points[a]
			if r.MaxMove[a] > maxMove[a] {
				maxMove[a], maxGame[a], maxPly[a] = r.MaxMove[a], r.Game, r.MaxMovePly[a]
			}
		}
	}
	n := time.Duration(len(results))
	fmt.Fprintf(w, "\n%d games: %s %d wins, %s %d wins, %d draws\n", len(results), names[0], wins[0], names[1], wins[1], draws)
	sides := results[0].SideNames
	fmt.Fprintf(w, "wins by side: %s %d, %s %d\n", sides[0], bySide[0], sides[1], bySide[1])
	fmt.Fprintf(w, "wins by move order: first mover %d, second mover %d\n", firstWins, secondWins)
	var ends []string
	for _, k := range kindOrder {
		ends = append(ends, fmt.Sprintf("%s %d", k, kinds[k]))
	}
	fmt.Fprintf(w, "ends: %s\n", strings.Join(ends, ", "))
	if r := repeatedGames(results); r > 0 {
		fmt.Fprintf(w, "warning: %d of %d games repeated an earlier game move for move, the agents on the same sides: deterministic agents from one start play one game again (give -openings)\n", r, len(results))
	}
	for a := range 2 {
		fmt.Fprintf(w, "%s: longest move %s (game %d, ply %d), mean CPU per game %s\n",
			names[a], ms(maxMove[a]), maxGame[a], maxPly[a], ms(cpu[a]/n))
	}
	for _, note := range AgentNotes(cfg) {
		fmt.Fprintln(w, note)
	}
	if scored {
		fmt.Fprintf(w, "mean points per game: %s %.2f, %s %.2f (in all %d and %d)\n",
			names[0], float64(points[0])/float64(len(results)), names[1], float64(points[1])/float64(len(results)), points[0], points[1])
	}
}

// repeatedGames counts the results whose moves (Digest) an earlier result with the same
// sides and first mover played.
func repeatedGames(results []Result) int {
	type game struct {
		side   [2]int
		first  int
		digest uint64
	}
	seen := map[game]bool{}
	n := 0
	for _, r := range results {
		k := game{r.Side, r.First, r.Digest}
		if seen[k] {
			n++
		}
		seen[k] = true
	}
	return n
}
