package games_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gameagents/internal/agent"
	"gameagents/internal/clock"
	"gameagents/internal/command/homework"
	"gameagents/internal/games"
)

// decidedCases are positions the judges count as over, or in which the side to move has
// nothing to play, each with the game's no-move answer. The time is short so that an agent
// that searched anyway would not take long to be caught.
var decidedCases = []struct {
	game, name, input string
	want              string // output.txt
	why               string // a part of the stderr line that says why
}{
	{"halma", "BLACK filled WHITE's camp, WHITE to move", halmaFilled("WHITE", 'B'), "", "the game is over (BLACK filled the opposing camp)"},
	{"halma", "WHITE filled BLACK's camp, BLACK to move", halmaFilled("BLACK", 'W'), "", "the game is over (WHITE filled the opposing camp)"},
	{"reversi", "full board", "SINGLE\nWHITE\n0.05\n" + strings.Repeat("BBBBBBBB\n", 4) + strings.Repeat("WWWWWWWW\n", 4), "PASS\n", "the game is over"},
	{"hive", "UPPER's queen surrounded, LOWER to move",
		"SINGLE\nLOWER\n0.05\nHIVE 13 10 10\nHAND q0 b0 s0 g2 a1 Q0 B2 S1 G3 A3\nCELLS 8\n6 6 Q\n7 6 a\n5 6 a\n6 7 s\n6 5 s\n7 5 b\n5 7 b\n4 7 q\n",
		"PASS\n", "the game is over (UPPER's queen is surrounded"},
	{"hive", "move limit",
		"SINGLE\nUPPER\n0.05\nHIVE 13 81 81\nHAND q0 b0 s1 g1 a0 Q0 B1 S1 G1 A1\nCELLS 4\n3 6 q\n2 6 a\n4 6 Q\n5 6 A\n",
		"PASS\n", "the game is over (move limit"},
	{"quoridor", "ME on its goal row", "SINGLE\nFIRST\n0.05\nQUORIDOR 9 9\nME 4 8 8 5\nOPPONENT 4 3 0 5\nWALLS 0\n", "PASS\n", "the game is over (FIRST reached its goal row 8)"},
	{"quoridor", "OPPONENT on its goal row", "SINGLE\nFIRST\n0.05\nQUORIDOR 9 9\nME 4 5 8 5\nOPPONENT 4 0 0 5\nWALLS 0\n", "PASS\n", "the game is over (SECOND reached its goal row 0)"},
	{"quoridor", "both stuck", "SINGLE\nFIRST\n0.05\nQUORIDOR 2 2\nME 0 0 1 3\nOPPONENT 0 1 0 3\nWALLS 1\n0,0 1,0 0,1 1,1\n", "PASS\n", "the game is over (neither player can step or place a wall"},
	// input.txt does not record passes, so no ŠTREKY input is over by the judge's rule (two
	// passes in succession); with both hands empty the only legal answer is PASS.
	{"streky", "both hands empty", "SINGLE\nFIRST\n0.05\nSTREKY 2 2\nSCORE 3 1\nBOARD\n12\n..\nHAND 0\nOPPONENT 0\n", "PASS\n", "no card of FIRST fits"},
}

// halmaFilled is a SINGLE Halma input with toMove to move in which the other side's pieces
// (mark) fill its target camp and toMove's pieces stand in the open, free to move.
func halmaFilled(toMove string, mark byte) string {
	rows := make([][]byte, 16)
	for y := range rows {
		rows[y] = bytes.Repeat([]byte("."), 16)
	}
	// The camp of the corner at 0,0, mirrored to 15,15 for Black's pieces.
	widths := []int{5, 5, 4, 3, 2}
	other := byte('W')
	if mark == 'W' {
		other = 'B'
	}
	for y, w := range widths {
		for x := range w {
			if mark == 'W' {
				rows[y][x] = mark
			} else {
				rows[15-y][15-x] = mark
			}
		}
	}
	for i := range 19 {
		rows[6+i/8][4+i%8] = other
	}
	var sb strings.Builder
	sb.WriteString("SINGLE\n" + toMove + "\n0.05\n")
	for _, r := range rows {
		sb.Write(r)
		sb.WriteByte('\n')
	}
	return sb.String()
}

// TestDecidedPositions: in a decided position every player of the game (engine and the
// reference players) writes exactly the answer `homework validate` accepts there, the
// game's no-move answer, exits 0 and says why on stderr.
func TestDecidedPositions(t *testing.T) {
	for _, tc := range decidedCases {
		for _, player := range agentOf(t, tc.game).Players() {
			t.Run(tc.game+"/"+tc.name+"/"+player, func(t *testing.T) {
				dir := t.TempDir()
				if err := os.WriteFile(filepath.Join(dir, "input.txt"), []byte(tc.input), 0o644); err != nil {
					t.Fatal(err)
				}
				var log bytes.Buffer
				exit := agent.Run(games.Agents, agent.Options{Player: player, Dir: dir, Log: &log, Clock: &clock.Fake{}})
				output, _ := os.ReadFile(filepath.Join(dir, "output.txt"))
				if exit != agent.ExitOK || string(output) != tc.want || !strings.Contains(log.String(), tc.why) {
					t.Errorf("Run(%s) = exit %d, output.txt %q, stderr %q; want 0, %q, a line saying %q", player, exit, output, log.String(), tc.want, tc.why)
				}
				var stdout, stderr bytes.Buffer
				args := []string{"-strict", dir}
				if code := homework.ValidateMain(games.Judges, args, &stdout, &stderr); code != 0 || !strings.HasPrefix(stdout.String(), "legal: ") {
					t.Errorf("ValidateMain(%q) = %d, stdout %q, stderr %q; want 0, legal: ...", args, code, stdout.String(), stderr.String())
				}
			})
		}
	}
}
