package referee_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gameagents/internal/referee"
	"gameagents/internal/rules"
)

// TestRecordAppearsWhole: a game's record is written only when the game ends, so that a
// tournament may take "game-NN.txt exists" to mean "game NN is done". The agent looks for
// its game's record on every move and plays an illegal move the moment it sees it.
func TestRecordAppearsWhole(t *testing.T) {
	const peek = `if [ -e ../../game-01.txt ]; then echo seen > output.txt; else echo 1 > output.txt; fi`
	out, _ := runMain(t, []rules.Game{countGame{target: 6}}, "-a", peek, "-b", peek,
		"-name-a", "alpha", "-name-b", "beta", "-games", "1")
	rows := readSummary(t, out)
	if len(rows) != 1 || rows[0]["kind"] != string(referee.EndWin) {
		t.Fatalf("summary = %v, want one game won by the rules (an agent saw its record before the end)", rows)
	}
	rec, err := os.ReadFile(filepath.Join(out, "game-01.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(rec), "\nresult: ") || !strings.HasSuffix(string(rec), "\n") {
		t.Errorf("game-01.txt is not whole:\n%s", rec)
	}
	temps, _ := filepath.Glob(filepath.Join(out, ".game-01.txt.tmp*"))
	if len(temps) != 0 {
		t.Errorf("temporary files left behind: %q", temps)
	}
}
