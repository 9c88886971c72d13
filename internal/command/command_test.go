package command_test

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gameagents/internal/agent"
	"gameagents/internal/command"
	"gameagents/internal/command/homework"
	"gameagents/internal/gamefile"
	"gameagents/internal/games"
	"gameagents/internal/halma"
	"gameagents/internal/hive"
	"gameagents/internal/quoridor"
	"gameagents/internal/reversi"
	"gameagents/internal/streky"
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
			if got := homework.Main(games.Agents, games.Judges, []string{arg}, &stdout, &stderr); got != 0 {
				t.Errorf("homework.Main(%q) = %d, want 0; stderr: %s", arg, got, stderr.String())
			}
			if !strings.HasPrefix(stdout.String(), "usage: homework") {
				t.Errorf("homework.Main(%q) printed %q, want the usage on stdout", arg, stdout.String())
			}
		})
	}
}

func TestHomeworkMainUnknownSubcommand(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if got := homework.Main(games.Agents, games.Judges, []string{"bogus"}, &stdout, &stderr); got != 2 {
		t.Errorf("homework.Main(games.Agents, games.Judges, bogus) = %d, want 2", got)
	}
	if want := `unknown subcommand "bogus"`; !strings.Contains(stderr.String(), want) {
		t.Errorf("homework.Main(games.Agents, games.Judges, bogus) stderr = %q, want it to contain %q", stderr.String(), want)
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
		{[]string{"-single-share", "0"}, "-single-share 0: want 0.05 to 0.9"},
		{[]string{"-single-share", "0.95"}, "-single-share 0.95: want 0.05 to 0.9"},
		{[]string{"-single-share", "NaN"}, "-single-share NaN: want 0.05 to 0.9"},
		{[]string{"-game-stretch", "0.5"}, "-game-stretch 0.5: want 1 to 3"},
		{[]string{"-game-stretch", "4"}, "-game-stretch 4: want 1 to 3"},
		{[]string{"-game-stretch", "NaN"}, "-game-stretch NaN: want 1 to 3"},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			dir := writeInput(t, "0.05")
			var stderr bytes.Buffer
			args := append([]string{"-dir", dir}, tc.args...)
			if got := command.GameMain("halma", games.Agents, args, io.Discard, &stderr); got != agent.ExitBadInput {
				t.Errorf("command.GameMain(%q) = %d, want %d", args, got, agent.ExitBadInput)
			}
			if !strings.Contains(stderr.String(), tc.want) {
				t.Errorf("command.GameMain(%q) stderr = %q, want it to contain %q", args, stderr.String(), tc.want)
			}
			if _, err := os.Stat(filepath.Join(dir, "output.txt")); err == nil {
				t.Errorf("command.GameMain(%q) wrote output.txt, want none", args)
			}
		})
	}
}

// TestHelp: help, -h and --help print the binary's usage on stdout and exit 0, for every
// binary; -depth is offered only where a game has a fixed-depth player (Halma's minimax).
func TestHelp(t *testing.T) {
	mains := []struct {
		name      string
		main      func(args []string, stdout, stderr io.Writer) int
		depth     bool // the usage offers -depth
		depthText string
	}{
		{"halma", gameMain("halma", halma.Game{}), true, "Halma's minimax"},
		{"reversi", gameMain("reversi", reversi.Game{}), false, ""},
		{"hive", gameMain("hive", hive.Game{}), false, ""},
		{"quoridor", gameMain("quoridor", quoridor.Game{}), false, ""},
		{"streky", gameMain("streky", streky.Game{}), false, ""},
		{"homework play", func(args []string, stdout, stderr io.Writer) int {
			return homework.Main(games.Agents, games.Judges, append([]string{"play"}, args...), stdout, stderr)
		}, true, "Halma's minimax"},
		{"homework", func(args []string, stdout, stderr io.Writer) int {
			return homework.Main(games.Agents, games.Judges, args, stdout, stderr)
		}, true, "Halma also minimax"},
		{"calibrate", func(args []string, stdout, stderr io.Writer) int {
			return command.CalibrateMain("calibrate", games.Agents, args, stdout, stderr)
		}, false, ""},
		{"homework tournament", homeworkSub("tournament"), false, ""},
		{"homework tournament run", homeworkSub("tournament", "run"), false, ""},
		{"homework tournament plan", homeworkSub("tournament", "plan"), false, ""},
		{"homework tournament play-one", homeworkSub("tournament", "play-one"), false, ""},
		{"homework tournament report", homeworkSub("tournament", "report"), false, ""},
		{"homework referee", homeworkSub("referee"), false, ""},
		{"homework validate", homeworkSub("validate"), false, ""},
		{"homework render", homeworkSub("render"), false, ""},
		{"homework calibrate", homeworkSub("calibrate"), false, ""},
	}
	seen := map[string]string{} // each command's help text is its own
	for _, m := range mains {
		var stdout, stderr bytes.Buffer
		m.main([]string{"-h"}, &stdout, &stderr)
		if other, ok := seen[stdout.String()]; ok {
			t.Errorf("%s -h prints the same text as %s -h", m.name, other)
		}
		seen[stdout.String()] = m.name
	}
	for _, m := range mains {
		for _, arg := range []string{"help", "-h", "--help"} {
			t.Run(m.name+" "+arg, func(t *testing.T) {
				var stdout, stderr bytes.Buffer
				if got := m.main([]string{arg}, &stdout, &stderr); got != 0 {
					t.Errorf("%s %s = %d, want 0; stderr %q", m.name, arg, got, stderr.String())
				}
				if !strings.HasPrefix(stdout.String(), "usage: "+m.name) || stderr.Len() > 0 {
					t.Errorf("%s %s: stdout %q, stderr %q; want the usage on stdout alone", m.name, arg, stdout.String(), stderr.String())
				}
				if got := strings.Contains(stdout.String(), "-depth"); got != m.depth {
					t.Errorf("%s %s: usage offers -depth = %v, want %v", m.name, arg, got, m.depth)
				}
				if m.depth && !strings.Contains(stdout.String(), m.depthText) {
					t.Errorf("%s %s: usage %q, want -depth described as %q", m.name, arg, stdout.String(), m.depthText)
				}
			})
		}
	}
}

// homeworkSub is the main of homework's subcommand words.
func homeworkSub(words ...string) func(args []string, stdout, stderr io.Writer) int {
	return func(args []string, stdout, stderr io.Writer) int {
		return homework.Main(games.Agents, games.Judges, append(append([]string{}, words...), args...), stdout, stderr)
	}
}

// gameMain is the main of a single-game binary of g.
func gameMain(name string, g agent.Game) func(args []string, stdout, stderr io.Writer) int {
	return func(args []string, stdout, stderr io.Writer) int {
		return command.GameMain(name, []agent.Game{g}, args, stdout, stderr)
	}
}

// TestGameMainNoDepth: a binary whose game has no fixed-depth player has no -depth flag.
func TestGameMainNoDepth(t *testing.T) {
	dir := t.TempDir()
	var stderr bytes.Buffer
	args := []string{"-dir", dir, "-depth", "3"}
	if got := command.GameMain("reversi", []agent.Game{reversi.Game{}}, args, io.Discard, &stderr); got != agent.ExitBadInput {
		t.Errorf("command.GameMain(reversi, %q) = %d, want %d", args, got, agent.ExitBadInput)
	}
	if want := "flag provided but not defined: -depth"; !strings.Contains(stderr.String(), want) {
		t.Errorf("command.GameMain(reversi, %q): stderr %q, want %q", args, stderr.String(), want)
	}
}

// TestGameMainPlayers plays one move with each player a binary can be asked for.
func TestGameMainPlayers(t *testing.T) {
	for _, p := range halma.Players {
		t.Run(p, func(t *testing.T) {
			dir := writeInput(t, "0.05")
			var stderr bytes.Buffer
			args := []string{"-dir", dir, "-player", p}
			if got := command.GameMain("halma", games.Agents, args, io.Discard, &stderr); got != agent.ExitOK {
				t.Fatalf("command.GameMain(%q) = %d, want %d; stderr:\n%s", args, got, agent.ExitOK, stderr.String())
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
			if got := command.GameMain("halma", games.Agents, args, io.Discard, &stderr); got != agent.ExitOK {
				t.Fatalf("command.GameMain(%q) = %d, want %d; stderr:\n%s", args, got, agent.ExitOK, stderr.String())
			}
			checkMove(t, dir)
		})
	}
}

func TestHomeworkMainPlay(t *testing.T) {
	dir := writeInput(t, "0.05")
	var stdout, stderr bytes.Buffer
	args := []string{"play", "-dir", dir}
	if got := homework.Main(games.Agents, games.Judges, args, &stdout, &stderr); got != agent.ExitOK {
		t.Fatalf("homework.Main(%q) = %d, want %d; stderr:\n%s", args, got, agent.ExitOK, stderr.String())
	}
	checkMove(t, dir)
}

func TestGameMainMissingInput(t *testing.T) {
	dir := t.TempDir()
	var stderr bytes.Buffer
	if got := command.GameMain("halma", games.Agents, []string{"-dir", dir}, io.Discard, &stderr); got != agent.ExitBadInput {
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
				got = homework.Main(games.Agents, games.Judges, append([]string{"calibrate"}, args...), &stdout, &stderr)
			} else {
				got = command.CalibrateMain("calibrate", games.Agents, args, &stdout, &stderr)
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

// TestCalibrateMainRejectsBadArguments: a bad argument exits 2 before anything is measured,
// saying what is wrong, and writes no calibration.txt.
func TestCalibrateMainRejectsBadArguments(t *testing.T) {
	notDir := filepath.Join(t.TempDir(), "file")
	os.WriteFile(notDir, nil, 0o644)
	for _, tc := range []struct {
		args []string
		want string // in stderr
	}{
		{[]string{"-seconds", "0"}, "-seconds 0: want"},
		{[]string{"-seconds", "-1"}, "-seconds -1: want"},
		{[]string{"-seconds", "NaN"}, "-seconds NaN: want"},
		{[]string{"-seconds", "1e300"}, "-seconds 1e+300: want"},
		{[]string{"-seconds", "+Inf"}, "-seconds +Inf: want"},
		{[]string{"-seconds", "x"}, "invalid value"},
		{[]string{"extra"}, `unexpected argument "extra"`},
		{[]string{"-nosuchflag"}, "not defined"},
		{[]string{"-dir", "/nonexistent/dir"}, "-dir /nonexistent/dir: no such file or directory"},
		{[]string{"-dir", notDir}, "not a directory"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			dir := t.TempDir()
			var stdout, stderr bytes.Buffer
			args := append([]string{"-dir", dir}, tc.args...)
			if got := command.CalibrateMain("calibrate", games.Agents, args, &stdout, &stderr); got != 2 {
				t.Errorf("command.CalibrateMain(%q) = %d, want 2", args, got)
			}
			if !strings.Contains(stderr.String(), tc.want) {
				t.Errorf("command.CalibrateMain(%q) stderr = %q, want it to say %q", args, stderr.String(), tc.want)
			}
			if stdout.Len() > 0 {
				t.Errorf("command.CalibrateMain(%q) stdout = %q, want nothing measured", args, stdout.String())
			}
			if _, err := os.Stat(filepath.Join(dir, "calibration.txt")); err == nil {
				t.Errorf("command.CalibrateMain(%q) wrote calibration.txt, want none", args)
			}
		})
	}
}
