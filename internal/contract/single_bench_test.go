package contract

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"gameagents/internal/benchset"
	"gameagents/internal/reversi"
)

var (
	singleBench = flag.String("single-bench", "",
		"run GAME's binary (reversi, hive, quoridor, streky) on every SINGLE 1.0 position of its benchmark set, internal/GAME/testdata/single-bench, with this machine's calibration and report its CPU and wall time")
	extractFrom = flag.String("reversi-extract", "",
		"rewrite the Reversi benchmark set from the referee records (game-*.txt) in these directories (comma-separated)")
)

// benchDir returns the directory of a game's SINGLE benchmark set: input.txt files of
// positions from real games (see its README.md).
func benchDir(game string) string { return filepath.Join("..", game, "testdata", "single-bench") }

// TestSingleBench measures the whole process, start-up included, as a grader does: the CTU
// tournaments allow 1 s of wall time per move, and graders count CPU time. It only runs
// with -single-bench GAME (timings are measurements, not tests); run it on an idle machine:
//
//	go test ./internal/contract -run TestSingleBench -single-bench reversi -v
func TestSingleBench(t *testing.T) {
	game := *singleBench
	if game == "" {
		t.Skip("a measurement: run with -single-bench GAME")
	}
	files, _ := filepath.Glob(filepath.Join(benchDir(game), "*.txt"))
	if len(files) != benchset.Size {
		t.Fatalf("found %d positions in %s, want %d", len(files), benchDir(game), benchset.Size)
	}
	calDir := t.TempDir()
	if r := runIn(t, "calibrate", calDir); r.exit != 0 {
		t.Fatalf("calibrate: exit %d: %s", r.exit, r.stderr)
	}
	cal := readFile(t, filepath.Join(calDir, "calibration.txt"))
	t.Logf("calibration: %s", strings.ReplaceAll(strings.TrimSpace(string(cal)), "\n", "; "))
	var cpus, walls []time.Duration
	var ratios []float64 // CPU used over the plan, for the moves that searched
	guarded := 0         // moves the CPU guard ended
	var worst string
	for _, name := range files {
		dir := t.TempDir()
		input := readFile(t, name)
		writeFile(t, filepath.Join(dir, "input.txt"), input)
		writeFile(t, filepath.Join(dir, "calibration.txt"), cal)
		r := runIn(t, game, dir)
		output, err := os.ReadFile(filepath.Join(dir, "output.txt"))
		if r.exit != 0 || err != nil {
			t.Fatalf("%s: exit %d, %v; stderr:\n%s", name, r.exit, err, r.stderr)
		}
		if err := judgeOutput(game, input, output); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		if len(cpus) == 0 || r.cpu > slices.Max(cpus) {
			worst = fmt.Sprintf("%s (%s)", filepath.Base(name), strings.TrimSpace(lastLine(r.stderr)))
		}
		cpus, walls = append(cpus, r.cpu), append(walls, r.wall)
		if p, err := readPlan(r.stderr); err != nil {
			t.Errorf("%s: %v", filepath.Base(name), err)
		} else if r.cpu >= searchedMove {
			ratios = append(ratios, r.cpu.Seconds()/p.planned.Seconds())
			if r.cpu >= p.hard {
				guarded++
			}
		}
		if r.cpu >= time.Second || r.wall >= time.Second {
			t.Errorf("%s: CPU %v, wall %v: over the 1 s of the move", filepath.Base(name), r.cpu, r.wall)
		}
	}
	t.Logf("%d positions, SINGLE 1.0: CPU (user+sys) max %v, median %v; wall max %v, median %v",
		len(cpus), slices.Max(cpus).Round(time.Millisecond), median(cpus).Round(time.Millisecond),
		slices.Max(walls).Round(time.Millisecond), median(walls).Round(time.Millisecond))
	t.Logf("most CPU: %s", worst)
	if len(ratios) > 0 {
		slices.Sort(ratios)
		t.Logf("%d moves of %v or more: CPU over the planned time min %.2f, median %.2f, 90th percentile %.2f, max %.2f; %d reached the guard",
			len(ratios), searchedMove, ratios[0], ratios[len(ratios)/2], ratios[len(ratios)*9/10], ratios[len(ratios)-1], guarded)
	}
}

// searchedMove: a move that used less CPU ended its search early (one legal move, a forced
// result, a solved endgame), and says nothing of how the plan's budget runs.
const searchedMove = 50 * time.Millisecond

// plan is the agent's last stderr line's account of a move's time.
type plan struct{ planned, hard time.Duration }

// planRE reads it: "reversi: SINGLE 1.0, planned 0.662s (hard 0.892s, 3300000 nodes), used ...".
var planRE = regexp.MustCompile(`planned ([0-9.]+)s \(hard ([0-9.]+)s,`)

// readPlan finds the plan in an agent's stderr.
func readPlan(stderr string) (plan, error) {
	m := planRE.FindStringSubmatch(lastLine(stderr))
	if m == nil {
		return plan{}, fmt.Errorf("no plan in the last stderr line %q", lastLine(stderr))
	}
	var p plan
	for i, d := range []*time.Duration{&p.planned, &p.hard} {
		secs, err := strconv.ParseFloat(m[i+1], 64)
		if err != nil || !(secs > 0) {
			return plan{}, fmt.Errorf("plan %q: %q is not a time", m[0], m[i+1])
		}
		*d = time.Duration(secs * float64(time.Second))
	}
	return p, nil
}

func median(d []time.Duration) time.Duration {
	s := slices.Clone(d)
	slices.Sort(s)
	return s[len(s)/2]
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}

// plyRE reads a move of a referee record: "ply 12: name (BLACK) plays [d3] cpu ...", or an
// opening's "ply 2: opening: WHITE plays [c5]".
var plyRE = regexp.MustCompile(`^ply \d+: (?:.* \((BLACK|WHITE)\)|opening: (BLACK|WHITE)) plays \[([a-h][1-8]|PASS)\]`)

// TestExtractReversiBench rewrites the benchmark set from referee records: it replays every
// game-*.txt of the directories and keeps benchset.Size positions spread evenly over all the
// positions where the side to move had a legal move.
//
//	go test ./internal/contract -run TestExtractReversiBench \
//	    -reversi-extract $PWD/results/reversi/rhino3,$PWD/results/reversi/rhino5-m8
func TestExtractReversiBench(t *testing.T) {
	if *extractFrom == "" {
		t.Skip("a data tool: run with -reversi-extract DIR")
	}
	var records []string
	for _, dir := range strings.Split(*extractFrom, ",") {
		r, _ := filepath.Glob(filepath.Join(dir, "game-*.txt"))
		records = append(records, r...)
	}
	var all []reversi.Position
	for _, rec := range records {
		pos := reversi.Position{Board: reversi.Start(), ToMove: reversi.Black}
		for _, line := range strings.Split(string(readFile(t, rec)), "\n") {
			m := plyRE.FindStringSubmatch(line)
			if m == nil {
				continue
			}
			side, move := m[1]+m[2], m[3]
			if side != pos.ToMove.String() {
				t.Fatalf("%s: %q: want %v to move", rec, line, pos.ToMove)
			}
			if pos.Board.Moves() != 0 {
				all = append(all, pos)
			}
			next := pos.Board.Pass()
			if move != reversi.Pass {
				sq, err := reversi.ParseSquare(move)
				if err != nil || pos.Board.Moves()&(1<<sq) == 0 {
					t.Fatalf("%s: %q is not a legal move", rec, line)
				}
				next = pos.Board.Play(sq)
			}
			pos = reversi.Position{Board: next, ToMove: 1 - pos.ToMove}
		}
	}
	if len(all) < benchset.Size {
		t.Fatalf("%d positions in %d records, want at least %d", len(all), len(records), benchset.Size)
	}
	var inputs [][]byte
	for _, p := range all {
		inputs = append(inputs, []byte(strings.Join(append([]string{"SINGLE", p.ToMove.String(), "1.0"}, p.Rows()...), "\n")+"\n"))
	}
	if err := benchset.Write(benchDir("reversi"), inputs); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %d of %d positions from %d records to %s", benchset.Size, len(all), len(records), benchDir("reversi"))
}

// TestReadPlan: the plan is read from the agent's last stderr line, and a line without one
// is an error rather than a silent zero.
func TestReadPlan(t *testing.T) {
	got, err := readPlan("hive: UPPER plays PLACE S 5,5: depth 6\nhive: SINGLE 1.0, planned 0.732s (hard 0.892s, 732000 nodes), used 0.279s CPU\n")
	if want := (plan{732 * time.Millisecond, 892 * time.Millisecond}); err != nil || got != want {
		t.Errorf("readPlan = %+v, %v, want %+v", got, err, want)
	}
	if _, err := readPlan("halma: no legal move\n"); err == nil {
		t.Errorf("readPlan of a line without a plan: no error")
	}
}
