package command

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gameagents/internal/agent"
	"gameagents/internal/gamefile"
	"gameagents/internal/games"
	"gameagents/internal/halma"
)

// writeInput writes a SINGLE Halma input.txt of the opening position into a new directory
// and returns the directory.
func writeInput(t *testing.T, seconds string) string {
	t.Helper()
	dir := t.TempDir()
	input := halma.FormatInput(gamefile.Single, halma.White, seconds, halma.StartBoard())
	if err := os.WriteFile(filepath.Join(dir, "input.txt"), input, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// checkMove fails the test unless dir/output.txt holds a legal move of White from the
// opening position.
func checkMove(t *testing.T, dir string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "output.txt"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	var g halma.Generator
	if _, err := halma.ParseMove(halma.StartBoard(), halma.White, lines, &g); err != nil {
		t.Errorf("output.txt %q: ParseMove = %v, want a legal move", data, err)
	}
}

func TestHomeworkMainHelp(t *testing.T) {
	for _, arg := range []string{"help", "-h", "-help", "--help"} {
		t.Run(arg, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if got := HomeworkMain(games.Agents, games.Judges, []string{arg}, &stdout, &stderr); got != 0 {
				t.Errorf("HomeworkMain(%q) = %d, want 0; stderr: %s", arg, got, stderr.String())
			}
			if !strings.HasPrefix(stdout.String(), "usage: homework") {
				t.Errorf("HomeworkMain(%q) printed %q, want the usage on stdout", arg, stdout.String())
			}
		})
	}
}

func TestHomeworkMainUnknownSubcommand(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if got := HomeworkMain(games.Agents, games.Judges, []string{"bogus"}, &stdout, &stderr); got != 2 {
		t.Errorf("HomeworkMain(games.Agents, games.Judges, bogus) = %d, want 2", got)
	}
	if want := `unknown subcommand "bogus"`; !strings.Contains(stderr.String(), want) {
		t.Errorf("HomeworkMain(games.Agents, games.Judges, bogus) stderr = %q, want it to contain %q", stderr.String(), want)
	}
}

// TestGameMainRejectsBadArguments: a grader never passes arguments, so a wrong one is a
// person's mistake, answered with exit 2 and a message before any file is touched.
func TestGameMainRejectsBadArguments(t *testing.T) {
	tests := []struct {
		args []string
		want string // in stderr
	}{
		{[]string{"-player", "nobody"}, `unknown player "nobody"`},
		{[]string{"extra"}, `unexpected argument "extra"`},
		{[]string{"-nosuchflag"}, "flag provided but not defined"},
		{[]string{"-depth", "two"}, "invalid value"},
		{[]string{"-depth", "0"}, "-depth 0: want 1 to 6"},
		{[]string{"-depth", "-5"}, "-depth -5: want 1 to 6"},
		{[]string{"-depth", "7"}, "-depth 7: want 1 to 6"},
		{[]string{"-player", "minimax", "-depth", "1000000"}, "-depth 1000000: want 1 to 6"},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			dir := writeInput(t, "0.05")
			var stderr bytes.Buffer
			args := append([]string{"-dir", dir}, tc.args...)
			if got := GameMain("halma", games.Agents, args, &stderr); got != agent.ExitBadInput {
				t.Errorf("GameMain(%q) = %d, want %d", args, got, agent.ExitBadInput)
			}
			if !strings.Contains(stderr.String(), tc.want) {
				t.Errorf("GameMain(%q) stderr = %q, want it to contain %q", args, stderr.String(), tc.want)
			}
			if _, err := os.Stat(filepath.Join(dir, "output.txt")); err == nil {
				t.Errorf("GameMain(%q) wrote output.txt, want none", args)
			}
		})
	}
}

func TestGameMainUsage(t *testing.T) {
	var stderr bytes.Buffer
	GameMain("halma", games.Agents, []string{"-h"}, &stderr)
	if !strings.HasPrefix(stderr.String(), "usage: halma") {
		t.Errorf("GameMain(-h) stderr = %q, want the usage", stderr.String())
	}
}

// TestGameMainPlayers plays one move with each player a binary can be asked for.
func TestGameMainPlayers(t *testing.T) {
	for _, p := range halma.Players {
		t.Run(p, func(t *testing.T) {
			dir := writeInput(t, "0.05")
			var stderr bytes.Buffer
			args := []string{"-dir", dir, "-player", p}
			if got := GameMain("halma", games.Agents, args, &stderr); got != agent.ExitOK {
				t.Fatalf("GameMain(%q) = %d, want %d; stderr:\n%s", args, got, agent.ExitOK, stderr.String())
			}
			checkMove(t, dir)
		})
	}
}

// TestGameMainDepthObeysTime: minimax at the deepest -depth plays a legal move within a
// 0.05 s move's budget (depth 6 from the opening would take hours).
func TestGameMainDepthObeysTime(t *testing.T) {
	for _, depth := range []string{"1", "6"} {
		t.Run(depth, func(t *testing.T) {
			dir := writeInput(t, "0.05")
			var stderr bytes.Buffer
			args := []string{"-dir", dir, "-player", "minimax", "-depth", depth}
			if got := GameMain("halma", games.Agents, args, &stderr); got != agent.ExitOK {
				t.Fatalf("GameMain(%q) = %d, want %d; stderr:\n%s", args, got, agent.ExitOK, stderr.String())
			}
			checkMove(t, dir)
		})
	}
}

func TestHomeworkMainPlay(t *testing.T) {
	dir := writeInput(t, "0.05")
	var stdout, stderr bytes.Buffer
	args := []string{"play", "-dir", dir}
	if got := HomeworkMain(games.Agents, games.Judges, args, &stdout, &stderr); got != agent.ExitOK {
		t.Fatalf("HomeworkMain(%q) = %d, want %d; stderr:\n%s", args, got, agent.ExitOK, stderr.String())
	}
	checkMove(t, dir)
}

func TestGameMainMissingInput(t *testing.T) {
	dir := t.TempDir()
	var stderr bytes.Buffer
	if got := GameMain("halma", games.Agents, []string{"-dir", dir}, &stderr); got != agent.ExitBadInput {
		t.Errorf("GameMain in an empty directory = %d, want %d", got, agent.ExitBadInput)
	}
	if got, want := strings.TrimSpace(stderr.String()), "input.txt: no such file or directory"; got != want {
		t.Errorf("GameMain in an empty directory: stderr = %q, want %q", got, want)
	}
}

// TestCalibrateMain measures briefly and checks that the agents believe the file it wrote.
func TestCalibrateMain(t *testing.T) {
	for _, sub := range []bool{false, true} {
		name := "calibrate"
		if sub {
			name = "homework calibrate"
		}
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			args := []string{"-dir", dir, "-seconds", "0.05"}
			var stdout, stderr bytes.Buffer
			var got int
			if sub {
				got = HomeworkMain(games.Agents, games.Judges, append([]string{"calibrate"}, args...), &stdout, &stderr)
			} else {
				got = CalibrateMain(games.Agents, args, &stdout, &stderr)
			}
			if got != 0 {
				t.Fatalf("%s %q = %d, want 0; stderr:\n%s", name, args, got, stderr.String())
			}
			var log bytes.Buffer
			rate := agent.ReadCalibration(filepath.Join(dir, "calibration.txt"), halma.Game{}, &log)
			if log.Len() > 0 || rate <= 0 {
				t.Errorf("ReadCalibration of what %s wrote = %v, log %q; want a believed rate", name, rate, log.String())
			}
		})
	}
}

func TestCalibrateMainRejectsBadArguments(t *testing.T) {
	for _, args := range [][]string{{"-seconds", "0"}, {"-seconds", "-1"}, {"extra"}, {"-nosuchflag"}} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			dir := t.TempDir()
			var stdout, stderr bytes.Buffer
			args := append([]string{"-dir", dir}, args...)
			if got := CalibrateMain(games.Agents, args, &stdout, &stderr); got != 2 {
				t.Errorf("CalibrateMain(%q) = %d, want 2", args, got)
			}
			if _, err := os.Stat(filepath.Join(dir, "calibration.txt")); err == nil {
				t.Errorf("CalibrateMain(%q) wrote calibration.txt, want none", args)
			}
		})
	}
}
