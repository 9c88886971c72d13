package streky

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"gameagents/internal/agent"
	"gameagents/internal/clock"
	"gameagents/internal/search"
)

// A region of four 1s with free cells all round; the hand holds 1 (joins: 5 points, area
// 1), 10 (its 1 joins: 5 points, area 2) and 2 (joins nothing).
var greedyTies = strekyInput("FIRST", []string{
	"......",
	"..11..",
	"..11..",
	"......",
}, []string{"1", "10", "2"}, []string{"2"})

// TestGreedyPlacement: the highest gain, then the largest card, then a seeded choice among
// the ties: the same seed gives the same placement, other seeds other ties.
func TestGreedyPlacement(t *testing.T) {
	p := parsePosition(t, greedyTies)
	g := NewGenerator()
	ps := g.Placements(&p.Board, p.Hand(), nil)
	ties := map[Placement]bool{}
	for _, pl := range ps {
		m := g.Matrix(pl.Matrix)
		if pl.Gain == 5 && m.Rows*m.Cols == 2 {
			ties[pl] = true
		}
	}
	chosen := map[Placement]bool{}
	for seed := range uint64(200) {
		best, ok := GreedyPlacement(g, ps, seed)
		if !ok || !ties[best] {
			t.Fatalf("GreedyPlacement(seed %d) = %s (gain %d), want a 5-point placement of 10", seed, FormatMove(g.Move(best)), best.Gain)
		}
		if again, _ := GreedyPlacement(g, ps, seed); again != best {
			t.Fatalf("GreedyPlacement(seed %d) = %v, then %v", seed, best, again)
		}
		chosen[best] = true
	}
	if len(ties) < 8 || len(chosen) != len(ties) {
		t.Errorf("200 seeds chose %d of the %d tied placements, want every one", len(chosen), len(ties))
	}
	if _, ok := GreedyPlacement(g, nil, 1); ok {
		t.Error("GreedyPlacement(no placements) ok = true, want false")
	}
	if allocs := testing.AllocsPerRun(10, func() { GreedyPlacement(g, ps, 3) }); allocs != 0 {
		t.Errorf("GreedyPlacement allocates %v times, want 0", allocs)
	}
}

// TestPositionSeed: the seed depends on everything but the header's mode and clock.
func TestPositionSeed(t *testing.T) {
	base := parsePosition(t, greedyTies)
	seed := PositionSeed(base)
	other := parsePosition(t, strings.Replace(strings.Replace(greedyTies, "SINGLE", "GAME", 1), "1.0", "250", 1))
	if PositionSeed(other) != seed {
		t.Error("PositionSeed depends on the mode or the time")
	}
	changes := map[string]func(p *Position){
		"a cell":       func(p *Position) { p.Board.Set(0, 0, 3) },
		"the mover":    func(p *Position) { p.ToMove = 1 },
		"a score":      func(p *Position) { p.Scores[1] = 1 },
		"a hand card":  func(p *Position) { p.Hands[0][2] = MustParseCard("3") },
		"a hand's end": func(p *Position) { p.Hands[1] = p.Hands[1][:0] },
	}
	for name, change := range changes {
		q := base.Clone()
		change(q)
		if PositionSeed(q) == seed {
			t.Errorf("changing %s keeps the seed", name)
		}
	}
}

// runAgent plays input in a fresh directory with the given player and returns output.txt,
// the exit status and stderr.
func runAgent(t *testing.T, input, player string) (string, int, string) {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "input.txt"), []byte(input), 0o644); err != nil {
		t.Fatal(err)
	}
	calibration := "gameagents-calibration 1\nstreky.nodes_per_second 20000000\n"
	if err := os.WriteFile(filepath.Join(dir, "calibration.txt"), []byte(calibration), 0o644); err != nil {
		t.Fatal(err)
	}
	var log bytes.Buffer
	status := agent.Run([]agent.Game{Game{}}, agent.Options{Player: player, Dir: dir, Log: &log})
	out, err := os.ReadFile(filepath.Join(dir, "output.txt"))
	if err != nil && status == agent.ExitOK {
		t.Fatalf("no output.txt after exit 0: %v", err)
	}
	return string(out), status, log.String()
}

// TestAgentPlays: every player writes a legal move in the contract's format, PASS exactly
// when nothing fits; the engine finds the tactic of TestSearchTactics through the files.
func TestAgentPlays(t *testing.T) {
	tests := []struct {
		name, input string
		want        string // the engine's output, "" for any legal move
	}{
		{name: "spec example", input: specExample},
		{name: "parity trap", input: parityTrap, want: "PLACE 3,3 2\n"},
		{name: "full board", input: judgeFull, want: "PASS\n"},
		{name: "mid-game, 0.05 s", input: strings.Replace(calibrationText, "\n1.0\n", "\n0.05\n", 1)},
	}
	for _, tt := range tests {
		for _, player := range Players {
			t.Run(tt.name+"/"+player, func(t *testing.T) {
				out, status, log := runAgent(t, tt.input, player)
				if status != agent.ExitOK {
					t.Fatalf("exit %d, want 0; stderr:\n%s", status, log)
				}
				if player == "engine" && tt.want != "" && out != tt.want {
					t.Errorf("output.txt = %q, want %q", out, tt.want)
				}
				if !strings.HasSuffix(out, "\n") || strings.Count(out, "\n") != 1 || strings.Contains(out, "\r") {
					t.Fatalf("output.txt = %q, want one line ended by LF", out)
				}
				m := loadJudge(t, tt.input)
				if _, _, err := m.Play([]byte(out), true); err != nil {
					t.Errorf("output.txt %q: %v", out, err)
				}
			})
		}
	}
}

// TestAgentBadInput: a malformed input.txt exits 2 and names the line.
func TestAgentBadInput(t *testing.T) {
	input := strings.Replace(specExample, "HAND 3", "HAND x", 1)
	out, status, log := runAgent(t, input, "")
	if status != agent.ExitBadInput || out != "" || !strings.HasPrefix(log, "input.txt:17: card count \"x\"") {
		t.Errorf("exit %d, output %q, stderr %q; want 2, no output, input.txt:17: card count", status, out, log)
	}
}

// TestCalibrate: the calibration searches at least the nodes asked for, and about as many.
func TestCalibrate(t *testing.T) {
	const nodes = 500_000
	got := Game{}.Calibrate(nodes)
	if got < nodes || got > nodes+200_000 {
		t.Errorf("Calibrate(%d) = %d, want %d to %d", nodes, got, nodes, nodes+200_000)
	}
	p := calibrationPosition()
	if p.Board.Rows() != TournamentSize || len(p.Hands[0]) != TournamentCount || len(p.Hands[1]) != TournamentCount || p.Board.Covered() < 300 {
		t.Errorf("calibration position: %d×%d, %d covered, hands %d and %d; want 33×33, a third covered, 24 cards each",
			p.Board.Rows(), p.Board.Cols(), p.Board.Covered(), len(p.Hands[0]), len(p.Hands[1]))
	}
}

// TestPlacementsWithin: without a limit it lists what Placements lists; with one, a prefix
// of that, stopping at the first reading of the budget past the limit, between two
// matrices, and never before it has a placement.
func TestPlacementsWithin(t *testing.T) {
	p := parsePosition(t, bigHandInput(6))
	g := NewGenerator()
	all := g.Placements(&p.Board, p.Hand(), nil)
	var budget search.Budget
	budget.Start(0, clock.Deadline{})
	if got := g.PlacementsWithin(&p.Board, p.Hand(), nil, &budget); !slices.Equal(got, all) {
		t.Fatalf("PlacementsWithin(no limit) listed %d placements, Placements %d", len(got), len(all))
	}
	for _, limit := range []int64{1, 5000, 40_000} {
		budget.Start(limit, clock.Deadline{})
		got := g.PlacementsWithin(&p.Board, p.Hand(), nil, &budget)
		if len(got) == 0 || len(got) >= len(all) || !slices.Equal(got, all[:len(got)]) {
			t.Errorf("PlacementsWithin(limit %d) listed %d placements, want a prefix of the %d, not empty", limit, len(got), len(all))
		}
		// A matrix of this hand has at most 64·64 placements.
		if most := limit + search.CheckEvery + MaxSide*MaxSide; int64(len(got)) > most {
			t.Errorf("PlacementsWithin(limit %d) listed %d placements, want at most %d", limit, len(got), most)
		}
	}
}

// TestReferencePlayersObeyTime: on a 64×64 empty board with a big hand (a quarter of a CPU
// second to list every placement), random and greedy stop listing at the first reading of
// a guard that has passed: they play a placement of the first card (1×1, 4,096
// placements), where greedy, listing everything, would play an 8×8 card (the largest on
// an empty board, where every gain is 0).
func TestReferencePlayersObeyTime(t *testing.T) {
	input := bigHandInput(40)
	for _, player := range []string{"random", "greedy"} {
		t.Run(player, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "input.txt"), []byte(input), 0o644); err != nil {
				t.Fatal(err)
			}
			var log bytes.Buffer
			passed := &clock.Fake{T: time.Hour}
			status := agent.Run([]agent.Game{Game{}}, agent.Options{Player: player, Dir: dir, Log: &log, Clock: passed})
			out, err := os.ReadFile(filepath.Join(dir, "output.txt"))
			if status != agent.ExitOK || err != nil {
				t.Fatalf("exit %d (%v), want 0; stderr:\n%s", status, err, log.String())
			}
			if !strings.HasPrefix(string(out), "PLACE ") || !strings.HasSuffix(string(out), " 1\n") {
				t.Errorf("output.txt = %q, want a placement of the 1×1 card; stderr:\n%s", out, log.String())
			}
			if _, _, err := loadJudge(t, input).Play(out, true); err != nil {
				t.Errorf("output.txt %q: %v", out, err)
			}
		})
	}
}

// TestEngineObeysTimeOnLargeInput: on the largest inputs the engine, its guard passed from
// the start, lists the root's placements once, up to its first reading of the budget (the
// nodes its log reports), and writes a legal placement.
func TestEngineObeysTimeOnLargeInput(t *testing.T) {
	nodes := regexp.MustCompile(`candidates, (\d+) nodes\n`)
	for _, half := range []bool{false, true} {
		t.Run(fmt.Sprintf("half covered %v", half), func(t *testing.T) {
			input := largeInput(half, "1.0")
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "input.txt"), []byte(input), 0o644); err != nil {
				t.Fatal(err)
			}
			var log bytes.Buffer
			passed := &clock.Fake{T: time.Hour}
			status := agent.Run([]agent.Game{Game{}}, agent.Options{Dir: dir, Log: &log, Clock: passed})
			out, err := os.ReadFile(filepath.Join(dir, "output.txt"))
			if status != agent.ExitOK || err != nil {
				t.Fatalf("exit %d (%v), want 0; stderr:\n%s", status, err, log.String())
			}
			if _, _, err := loadJudge(t, input).Play(out, true); err != nil || !strings.HasPrefix(string(out), "PLACE ") {
				t.Errorf("output.txt %q: %v; want a legal placement", out, err)
			}
			m := nodes.FindStringSubmatch(log.String())
			most := int64(readEvery + MaxSide*MaxSide + callCharge + 1)
			if m == nil {
				t.Fatalf("stderr has no node count:\n%s", log.String())
			}
			if n, _ := strconv.ParseInt(m[1], 10, 64); n > most {
				t.Errorf("the engine searched %d nodes past its guard, want at most %d (the first reading); stderr:\n%s", n, most, log.String())
			}
		})
	}
}
