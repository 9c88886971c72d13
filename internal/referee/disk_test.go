package referee_test

import (
	"os"
	"path/filepath"
	"testing"

	"gameagents/internal/referee"
	"gameagents/internal/rules"
)

// TestDiskFillerLoses: an agent that fills its directory with files loses as soon as it
// holds more than the limit, the match finishes, and what it left is removed after the
// game but for the contract's files.
func TestDiskFillerLoses(t *testing.T) {
	filler := `i=0; while [ $i -lt 30000 ]; do : > junk$i; i=$((i+1)); done; printf '1\n' > output.txt`
	games := []rules.Game{countGame{target: 5}}
	// The filler makes its 10,000 files in about 0.4 s of CPU alone, but took 5.4 s once
	// beside the whole suite on a slow day: a long move limit keeps the test about the
	// disk, not the clock (the loss on disk ends the move as soon as the referee sees it).
	out, _ := runMain(t, games, "-a", filler, "-b", plays1, "-games", "1", "-single", "30")
	rows := readSummary(t, out)
	if len(rows) != 1 || rows[0]["winner"] != "B" || rows[0]["kind"] != string(referee.EndDisk) {
		t.Fatalf("summary %v, want B winning, A losing on disk", rows)
	}
	entries, err := os.ReadDir(filepath.Join(out, "game-01", "agent-A"))
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) > 3 {
		t.Errorf("the filler's directory still holds %d entries after the game, want its junk removed", len(entries))
	}
}

// TestLogCappedDuringMove: an agent that writes 40 MB to its output in a move leaves a
// log of at most 16 MiB, the referee's ply markers of its later moves included.
func TestLogCappedDuringMove(t *testing.T) {
	chatty := `head -c 40000000 /dev/zero; printf '1\n' > output.txt`
	games := []rules.Game{countGame{target: 3}}
	out, _ := runMain(t, games, "-a", chatty, "-b", plays1, "-games", "1", "-single", "5", "-first", "a")
	st, err := os.Stat(filepath.Join(out, "game-01", "agent-A.log"))
	if err != nil {
		t.Fatal(err)
	}
	if st.Size() > 16<<20 {
		t.Errorf("the log is %d bytes after two moves, want at most 16 MiB", st.Size())
	}
}
