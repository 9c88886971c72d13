package quoridor

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var repeatCheck = flag.String("repeat-check", "", "TestRepeatCheck: replay the referee's Quoridor records (game-*.txt) in this directory under repeat=draw and compare with their results")

// TestRepeatCheck measures what the setup repeat=draw changes in matches already played:
// it replays each record's moves on a judge with repeat=draw (and the record's ply cap of
// 200) and counts the games the rule ends early, the plies it spares, and any of those
// whose recorded result was not a draw (none, if the agents' moves depend on the position
// alone, as ours do in SINGLE mode).
//
//	go test ./internal/quoridor -run TestRepeatCheck -repeat-check $PWD/results/tournaments/quoridor-sprt-clock-0.2s/games/1-2 -v
func TestRepeatCheck(t *testing.T) {
	if *repeatCheck == "" {
		t.Skip("a measurement: run with -repeat-check DIR")
	}
	records, _ := filepath.Glob(filepath.Join(*repeatCheck, "game-*.txt"))
	if len(records) == 0 {
		t.Fatalf("no game-*.txt records in %s", *repeatCheck)
	}
	g, err := Game{}.Configure("plies=200 repeat=draw")
	if err != nil {
		t.Fatal(err)
	}
	plays := regexp.MustCompile(`(?m)^ply \d+: .* plays \[([^\]]+)\]`)
	var games, ended, notDraw, pliesPlayed, pliesSpared int
	for _, f := range records {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		moves := plays.FindAllStringSubmatch(string(data), -1)
		draw := strings.Contains(string(data), "\nresult: draw")
		m := g.New(0)
		games++
		pliesPlayed += len(moves)
		for i, mv := range moves {
			if _, _, err := m.Play([]byte(mv[1]+"\n"), true); err != nil {
				t.Fatalf("%s: ply %d %q: %v", f, i+1, mv[1], err)
			}
			if over, _, reason := m.Over(); over {
				if strings.Contains(reason, "recurred") {
					ended++
					pliesSpared += len(moves) - (i + 1)
					if !draw {
						notDraw++
						t.Logf("%s: the position recurred at ply %d, but the game was not drawn", filepath.Base(f), i+1)
					}
				}
				break
			}
		}
	}
	t.Logf("%d games, %d plies: repeat=draw ends %d of them early, sparing %d plies (%.0f%%); %d of those were not draws",
		games, pliesPlayed, ended, pliesSpared, 100*float64(pliesSpared)/float64(pliesPlayed), notDraw)
	if notDraw > 0 {
		t.Errorf("%d games the rule would end as draws were decided", notDraw)
	}
}
