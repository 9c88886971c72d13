package review

import (
	"flag"
	"maps"
	"math"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gameagents/internal/gamefile"
	"gameagents/internal/referee"
)

// The score drift: how far the Reversi agent's own score of its moves lay from the game's
// exact value, by stage, against each opponent of a tournament. The agent logs each move's
// score (its search's value of the move it plays); the first move it searched to the end of
// the game gives the exact value with best play from there. A score above that value at
// an earlier stage means the opponent's moves since were better than the agent's search
// expected of them (or the agent's own moves worse): the mean difference by stage says
// where an opponent gains against the agent's evaluation, which is where its knowledge
// beats ours; a negative one, where it plays worse than we expect. The figures come from
// the logs and records alone (no search): they do not depend on the machine.
var scoreDrift = flag.String("score-drift", "", "a tournament's directory: report the Reversi agent's logged scores against the first exact score of each game, by stage and opponent (empty: skip)")

// loggedScore is one move of the agent's log: the ply, the move and the search's result.
type loggedScore struct {
	ply, depth int
	move       string
	score      float64 // discs, the mover's view
}

var (
	driftPly   = regexp.MustCompile(`^--- ply (\d+) ---`)
	driftScore = regexp.MustCompile(`^reversi: \w+ plays (\S+): depth (\d+), score (\S+), \d+ nodes`)
)

// splitLoggedGames reads an agent log's searched moves, one game per run of rising plies
// (a file of several games, as agent-logs.txt.gz keeps them, starts a game where the ply
// falls).
func splitLoggedGames(text string) [][]loggedScore {
	var games [][]loggedScore
	ply, last := 0, math.MaxInt
	for _, line := range strings.Split(text, "\n") {
		if m := driftPly.FindStringSubmatch(line); m != nil {
			ply, _ = strconv.Atoi(m[1])
			if ply <= last {
				games = append(games, nil)
			}
			last = ply
		} else if m := driftScore.FindStringSubmatch(line); m != nil && len(games) > 0 {
			depth, _ := strconv.Atoi(m[2])
			score, err := strconv.ParseFloat(m[3], 64)
			if err != nil {
				continue
			}
			g := &games[len(games)-1]
			*g = append(*g, loggedScore{ply: ply, depth: depth, move: m[1], score: score})
		}
	}
	return games
}

// recordedGame is a record's moves by ply and who played each side.
type recordedGame struct {
	file    string
	players [2]string
	moves   map[int]string // ply (1 = the first move) to its move
}

func readRecordedGames(dir string) ([]recordedGame, error) {
	files, _ := filepath.Glob(filepath.Join(dir, "games", "*", "game-*.txt"))
	var out []recordedGame
	for _, file := range files {
		lines, err := gamefile.ReadLines(file)
		if err != nil {
			return nil, err
		}
		r, err := Replay(file, lines, 60)
		if err != nil {
			return nil, err
		}
		g := recordedGame{file: file, moves: map[int]string{}}
		g.players, _ = referee.RecordPlayers(lines, r.Sides)
		for i, mv := range r.Moves {
			g.moves[r.Plies[i]] = strings.ToLower(mv)
		}
		out = append(out, g)
	}
	return out, nil
}

// matchRecord returns the index of the record whose moves at the logged plies are the
// logged moves, and the opponent's name (the other side's player); -1 when none or more
// than one record fits.
func matchRecord(log []loggedScore, records []recordedGame) (int, string) {
	found, opponent := -1, ""
	for i, r := range records {
		fits := len(log) > 0
		for _, m := range log {
			if r.moves[m.ply] != strings.ToLower(m.move) {
				fits = false
				break
			}
		}
		if !fits {
			continue
		}
		if found >= 0 {
			return -1, ""
		}
		side := (log[0].ply - 1) % 2 // the side that made the logged moves (no passes before)
		found, opponent = i, r.players[1-side]
	}
	return found, opponent
}

// driftStage groups moves by empties in stages of this many.
const driftStage = 6

// driftByStage returns, for one game's logged moves, each move's score less the first exact
// score (the first move searched to the game's end: depth at least its empties), keyed by
// the stage of its empties; nil when no move was exact.
func driftByStage(log []loggedScore) map[int]float64 {
	exact := slices.IndexFunc(log, func(m loggedScore) bool { return m.depth >= 61-m.ply })
	if exact < 0 {
		return nil
	}
	out := map[int]float64{}
	for _, m := range log[:exact] {
		out[(61-m.ply)/driftStage*driftStage] = m.score - log[exact].score
	}
	return out
}

func TestScoreDrift(t *testing.T) {
	if *scoreDrift == "" {
		t.Skip("a measurement: run with -score-drift DIR")
	}
	texts, err := referee.AgentLogs(*scoreDrift)
	if err != nil {
		t.Fatal(err)
	}
	records, err := readRecordedGames(*scoreDrift)
	if err != nil {
		t.Fatal(err)
	}
	type sums struct {
		n         int
		sum, abs  float64
		positives int
	}
	by := map[string]map[int]*sums{}
	games := map[string]int{}
	unmatched := 0
	for _, text := range texts {
		for _, log := range splitLoggedGames(text) {
			i, opp := matchRecord(log, records)
			if i < 0 {
				unmatched++
				continue
			}
			d := driftByStage(log)
			if d == nil {
				continue
			}
			games[opp]++
			if by[opp] == nil {
				by[opp] = map[int]*sums{}
			}
			// one value a stage and game: the stage's last logged move
			for stage, v := range d {
				s := by[opp][stage]
				if s == nil {
					s = &sums{}
					by[opp][stage] = s
				}
				s.n++
				s.sum += v
				s.abs += math.Abs(v)
				if v > 0 {
					s.positives++
				}
			}
		}
	}
	t.Logf("%d logged games not matched to one record", unmatched)
	for _, opp := range slices.Sorted(maps.Keys(by)) {
		t.Logf("against %s, %d games with an exact score: our score less the first exact score, by empties", opp, games[opp])
		stages := slices.Sorted(maps.Keys(by[opp]))
		slices.Reverse(stages)
		for _, st := range stages {
			s := by[opp][st]
			t.Logf("  %2d-%2d empties: %3d games, mean %+5.2f discs, mean absolute %4.2f, above the exact score in %3.0f%%",
				st, st+driftStage-1, s.n, s.sum/float64(s.n), s.abs/float64(s.n), 100*float64(s.positives)/float64(s.n))
		}
	}
}

func TestSplitLoggedGamesAndDrift(t *testing.T) {
	log := strings.Join([]string{
		"--- ply 9 ---",
		"reversi: BLACK plays b5: depth 20, score -4.59, 1875968 nodes",
		"reversi: SINGLE 1, planned 0.692s (hard 0.892s, 1875566 nodes), used 0.693s CPU",
		"--- ply 15 ---",
		"reversi: BLACK plays c7: depth 24, score +1.50, 1875968 nodes",
		"--- ply 41 ---",
		"reversi: BLACK plays g1: depth 19, score +2.00, 764905 nodes", // proved by the solver: not counted
		"--- ply 43 ---",
		"reversi: BLACK plays h1: depth 18, score +3.00, 5000 nodes", // 18 empties: exact
		"--- ply 10 ---", // a second game
		"reversi: WHITE plays f6: depth 12, score +0.25, 1000 nodes",
	}, "\n")
	games := splitLoggedGames(log)
	if len(games) != 2 || len(games[0]) != 4 || len(games[1]) != 1 {
		t.Fatalf("split into %d games: %v", len(games), games)
	}
	if g := games[0][1]; g.ply != 15 || g.move != "c7" || g.depth != 24 || g.score != 1.5 {
		t.Errorf("second move read as %+v", g)
	}
	d := driftByStage(games[0])
	want := map[int]float64{48: -7.59, 42: -1.5, 18: -1}
	if len(d) != len(want) {
		t.Fatalf("drift %v, want %v", d, want)
	}
	for k, v := range want {
		if math.Abs(d[k]-v) > 1e-9 {
			t.Errorf("drift at stage %d: %v, want %v", k, d[k], v)
		}
	}
	if d := driftByStage(games[1]); d != nil {
		t.Errorf("a game without an exact score gave %v", d)
	}
	records := []recordedGame{
		{players: [2]string{"ours", "ntest"}, moves: map[int]string{9: "b5", 15: "c7", 41: "g1", 43: "h1"}},
		{players: [2]string{"zebra", "ours"}, moves: map[int]string{9: "b5", 15: "c7", 41: "g1", 43: "a1"}},
	}
	if i, opp := matchRecord(games[0], records); i != 0 || opp != "ntest" {
		t.Errorf("matched record %d, opponent %q; want 0, ntest", i, opp)
	}
	records[1].moves[43] = "h1" // two records fit: none is chosen
	if i, _ := matchRecord(games[0], records); i != -1 {
		t.Errorf("two fitting records: matched %d", i)
	}
}
