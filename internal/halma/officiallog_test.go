package halma

import (
	"bufio"
	"compress/gzip"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"gameagents/internal/gamefile"
)

// loggedMove is one move of the official game master's logs (testdata/official-logs, from
// jhadpk/CSCI-561 assignment-2/problem/HW2Bis_Logs): the input it wrote, the move its
// validator accepted, and whether the master declared the mover the winner right after.
type loggedMove struct {
	where string // file:line of the INPUT block
	input []gamefile.Line
	hops  []string
	wins  bool
}

var playsRE = regexp.MustCompile(`^##### (\S+) plays \[(.*)\] in [0-9.]+s #####$`)

func readOfficialLogs(t *testing.T) []loggedMove {
	t.Helper()
	files, err := filepath.Glob("testdata/official-logs/*.txt.gz")
	if err != nil || len(files) == 0 {
		t.Fatalf("no official logs in testdata/official-logs: %v", err)
	}
	var moves []loggedMove
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		zr, err := gzip.NewReader(f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(zr)
		var lines []string
		for sc.Scan() {
			lines = append(lines, sc.Text())
		}
		f.Close()
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
		moves = append(moves, parseOfficialLog(t, filepath.Base(name), lines)...)
	}
	return moves
}

func parseOfficialLog(t *testing.T, name string, lines []string) []loggedMove {
	t.Helper()
	var moves []loggedMove
	for i := 0; i < len(lines); i++ {
		player, ok := strings.CutPrefix(lines[i], "INPUT for ")
		if !ok {
			continue
		}
		player = strings.TrimSuffix(player, ":")
		if i+19 >= len(lines) {
			t.Fatalf("%s:%d: truncated INPUT block", name, i+1)
		}
		var in []gamefile.Line
		for k := 0; k < 19; k++ {
			in = append(in, gamefile.Line{Num: k + 1, Text: lines[i+1+k]})
		}
		m := loggedMove{where: name + ":" + strconv.Itoa(i+1), input: in}
		j := i + 20
		for ; j < len(lines) && !strings.HasPrefix(lines[j], "INPUT for "); j++ {
			if g := playsRE.FindStringSubmatch(lines[j]); g != nil && g[1] == player {
				for _, h := range strings.Split(g[2], " ; ") {
					m.hops = append(m.hops, strings.TrimSpace(h))
				}
			}
			if lines[j] == "##### GAME OVER: "+player+" wins the game! #####" {
				m.wins = true
			}
		}
		if m.hops != nil { // no "plays" line: the master skipped the player (time out)
			moves = append(moves, m)
		}
		i = j - 1
	}
	return moves
}

// TestOfficialLogs checks every move the official validator accepted: it is among our
// legal moves, its lines parse as that move, and our win test fires on exactly the moves
// after which the master declared a win.
func TestOfficialLogs(t *testing.T) {
	moves := readOfficialLogs(t)
	if len(moves) != 6834 {
		t.Fatalf("read %d logged moves, want 6834", len(moves))
	}
	var g Generator
	wins := 0
	for _, lm := range moves {
		in, err := ParseInput("input.txt", lm.input)
		if err != nil {
			t.Fatalf("%s: ParseInput: %v", lm.where, err)
		}
		b, c := in.Board, in.ToMove
		m, err := ParseMove(b, c, lm.hops, &g)
		if err != nil {
			t.Errorf("%s: ParseMove(%q) = %v, want the accepted move", lm.where, lm.hops, err)
			continue
		}
		var buf [MaxMoves]Move
		found := false
		for _, x := range g.Generate(b, c, Legal, buf[:0]) {
			found = found || x == m
		}
		if !found {
			t.Errorf("%s: logged move %v not among Generate(Legal)", lm.where, lm.hops)
		}
		b.Move(m.From, m.To)
		if got := b.Wins(c); got != lm.wins {
			t.Errorf("%s: after %v Wins(%v) = %v, want %v", lm.where, lm.hops, c, got, lm.wins)
		}
		if lm.wins {
			wins++
		}
	}
	if wins != 25 {
		t.Errorf("found %d logged wins, want 25", wins)
	}
}
