package contract

import (
	"flag"
	"fmt"
	"io"
	"maps"
	"math/bits"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gameagents/internal/agent"
	"gameagents/internal/gamefile"
	"gameagents/internal/games"
	"gameagents/internal/referee"
	"gameagents/internal/reversi"
	"gameagents/internal/rules"
)

var movesLeftRecords = flag.String("moves-left", "",
	"measure each game's estimate of the moves left (agent.Position.MovesLeft, which GAME mode shares its clock by) against the moves the mover really made in the referee records matching this glob")

// movesLeftPoint is one position of a record: the mover's estimate of its moves left
// and the moves it made from there to the record's end.
type movesLeftPoint struct{ estimate, actual int }

// movesLeftOf replays the record in lines and returns its game's name and, for each
// position where a move was played, the estimate and the truth.
func movesLeftOf(file string, lines []gamefile.Line) (string, []movesLeftPoint, error) {
	var inputs [][]byte
	var movers []int
	g, n, err := referee.Replay(games.Judges, file, lines, func(k int, m rules.Match, _ *referee.RecordedPly) {
		inputs = append(inputs, m.Input(gamefile.GameClock, "100"))
		movers = append(movers, m.ToMove())
	})
	if err != nil {
		return "", nil, err
	}
	i := slices.IndexFunc(games.Agents, func(a agent.Game) bool { return a.Name() == g.Name() })
	if i < 0 {
		return "", nil, fmt.Errorf("%s: no agent plays %s", file, g.Name())
	}
	var points []movesLeftPoint
	for k := range n {
		pos, err := games.Agents[i].Parse(file, gamefile.SplitLines(string(inputs[k])))
		if err != nil {
			return "", nil, fmt.Errorf("%s: position before move %d: %v", file, k+1, err)
		}
		actual := 0
		for _, side := range movers[k:n] {
			if side == movers[k] {
				actual++
			}
		}
		points = append(points, movesLeftPoint{pos.MovesLeft(), actual})
	}
	return g.Name(), points, nil
}

// movesLeftBuckets are the ranges of true moves left the report groups positions by.
var movesLeftBuckets = []struct{ lo, hi int }{{1, 5}, {6, 10}, {11, 20}, {21, 40}, {41, 60}, {61, 80}, {81, 1 << 30}}

// reportMovesLeft writes, per range of true moves left, the positions and the median and
// the 10th and 90th percentiles of estimate over truth; then reportMovesMade.
func reportMovesLeft(w io.Writer, game string, points []movesLeftPoint) {
	fmt.Fprintf(w, "%s: %d positions; the estimate of the moves left over the moves made, by the moves made\n", game, len(points))
	fmt.Fprintf(w, "  %-9s %9s %7s %7s %7s\n", "moves", "positions", "p10", "median", "p90")
	for _, b := range movesLeftBuckets {
		var ratios []float64
		for _, p := range points {
			if p.actual >= b.lo && p.actual <= b.hi {
				ratios = append(ratios, float64(p.estimate)/float64(p.actual))
			}
		}
		if len(ratios) == 0 {
			continue
		}
		slices.Sort(ratios)
		at := func(q float64) float64 { return ratios[int(q*float64(len(ratios)-1))] }
		hi := fmt.Sprint(b.hi)
		if b.hi == 1<<30 {
			hi = "..."
		}
		fmt.Fprintf(w, "  %-9s %9d %7.2f %7.2f %7.2f\n", fmt.Sprintf("%d-%s", b.lo, hi), len(ratios), at(0.1), at(0.5), at(0.9))
	}
	reportMovesMade(w, points)
}

// reportMovesMade writes, per range of ten of the estimate, the quartiles of the moves
// made: the data a new estimate is fitted to.
func reportMovesMade(w io.Writer, points []movesLeftPoint) {
	byRange := map[int][]int{}
	for _, p := range points {
		byRange[p.estimate/10] = append(byRange[p.estimate/10], p.actual)
	}
	fmt.Fprintf(w, "  the moves made, by the estimate\n")
	fmt.Fprintf(w, "  %-9s %9s %7s %7s %7s\n", "estimate", "positions", "p25", "median", "p75")
	for _, r := range slices.Sorted(maps.Keys(byRange)) {
		made := byRange[r]
		slices.Sort(made)
		at := func(q float64) int { return made[int(q*float64(len(made)-1))] }
		fmt.Fprintf(w, "  %-9s %9d %7d %7d %7d\n", fmt.Sprintf("%d-%d", 10*r, 10*r+9), len(made), at(0.25), at(0.5), at(0.75))
	}
}

// TestMovesLeft measures what GAME mode's clock sharing rests on: each game's estimate of
// the moves the side to move still makes (docs/contract.md, "GAME"), against the moves it
// made in real games. A measurement, run with -moves-left GLOB:
//
//	go test ./internal/contract -run TestMovesLeft -moves-left '../../results/tournaments/halma-confirm-game300/games/*/game-*.txt' -v
func TestMovesLeft(t *testing.T) {
	if *movesLeftRecords == "" {
		t.Skip("a measurement: run with -moves-left GLOB")
	}
	files, err := filepath.Glob(*movesLeftRecords)
	if err != nil || len(files) == 0 {
		t.Fatalf("-moves-left %q: no files (%v)", *movesLeftRecords, err)
	}
	byGame := map[string][]movesLeftPoint{}
	for _, f := range files {
		lines, err := gamefile.ReadLinesUpTo(f, 16<<20)
		if err != nil {
			t.Fatal(err)
		}
		game, points, err := movesLeftOf(f, lines)
		if err != nil {
			t.Fatal(err)
		}
		byGame[game] = append(byGame[game], points...)
	}
	var out strings.Builder
	for _, g := range slices.Sorted(maps.Keys(byGame)) {
		reportMovesLeft(&out, g, byGame[g])
	}
	t.Logf("%d records\n%s", len(files), out.String())
}

// TestMovesLeftOf checks the measurement on a record whose truth the test keeps itself: a
// Reversi game of the lowest legal squares (passes included, as the referee logs them),
// each move's side noted as it is played.
func TestMovesLeftOf(t *testing.T) {
	var b strings.Builder
	b.WriteString("referee record: reversi, game 1 of 1\n")
	m := rules.Find(games.Judges, "reversi").New(0)
	var sides []int
	for ply := 1; m.HasMove(); ply++ {
		move := firstLegalReversi(t, m)
		side := m.ToMove()
		if _, _, err := m.Play([]byte(move+"\n"), true); err != nil {
			t.Fatal(err)
		}
		sides = append(sides, side)
		fmt.Fprintf(&b, "ply %d: x (%s) plays [%s] cpu 0s\n", ply, m.SideName(side), move)
	}
	game, points, err := movesLeftOf("game.txt", gamefile.SplitLines(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	if game != "reversi" || len(points) != len(sides) {
		t.Fatalf("game %q with %d positions, want reversi with %d", game, len(points), len(sides))
	}
	for k, p := range points {
		want := 0
		for _, s := range sides[k:] {
			if s == sides[k] {
				want++
			}
		}
		if p.actual != want || p.estimate <= 0 {
			t.Fatalf("move %d: %d moves made, estimate %d; want %d made and an estimate", k+1, p.actual, p.estimate, want)
		}
	}
	var out strings.Builder
	reportMovesLeft(&out, game, points)
	if !strings.Contains(out.String(), fmt.Sprintf("reversi: %d positions", len(sides))) || !strings.Contains(out.String(), "21-40") ||
		!strings.Contains(out.String(), "the moves made, by the estimate") {
		t.Errorf("report:\n%s", out.String())
	}
}

// firstLegalReversi is the lowest legal square of m's position, or PASS.
func firstLegalReversi(t *testing.T, m rules.Match) string {
	t.Helper()
	in, err := reversi.ParseInput("input.txt", gamefile.SplitLines(string(m.Input(gamefile.Single, "1"))))
	if err != nil {
		t.Fatal(err)
	}
	if moves := in.Board.Moves(); moves != 0 {
		return reversi.SquareName(bits.TrailingZeros64(moves))
	}
	return reversi.Pass
}
