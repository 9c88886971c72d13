package homework

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gameagents/internal/games"
)

// TestTournamentMainRejectsBadArguments: every mistake exits 2 with the reason on stderr
// and writes no tournament.
func TestTournamentMainRejectsBadArguments(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "t")
	agents := []string{"-agent", "a=/bin/true", "-agent", "b=/bin/false"}
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"subcommand", []string{"start"}, `unknown subcommand "start"`},
		{"no out", agents, "-out DIR is required"},
		{"one agent", []string{"-out", out, "-agent", "a=/bin/true"}, "1 entries, want at least 2"},
		{"agent form", []string{"-out", out, "-agent", "a"}, "want NAME=CMD"},
		{"odd games", append([]string{"-out", out, "-games", "3"}, agents...), "3 games per pairing, want an even number"},
		{"both times", append([]string{"-out", out, "-time", "5", "-single", "1"}, agents...), "exclude each other"},
		{"game", append([]string{"-out", out, "-game", "chess"}, agents...), `unknown game "chess"`},
		{"setup", append([]string{"-out", out, "-game", "reversi", "-setup", "size=9"}, agents...), "reversi has no setup options"},
		{"relative program", []string{"-out", out, "-agent", "a=bin/halma", "-agent", "b=/bin/true"}, `the program "bin/halma" is a relative path`},
		{"spec and flags", []string{"report", "-spec", filepath.Join(dir, "x"), "-games", "4"}, "-games: the spec defines the tournament"},
		{"no spec", []string{"report"}, "-spec FILE is required"},
		{"missing spec", []string{"report", "-spec", filepath.Join(dir, "none.txt")}, "none.txt: no such file"},
		{"play-one without game", []string{"play-one", "-spec", filepath.Join(dir, "x")}, "-game ID is required"},
		{"argument", []string{"run", "extra"}, `unexpected argument "extra"`},
		{"parallel", append([]string{"-out", out, "-parallel", "0"}, agents...), "-parallel must be at least 1"},
		{"sandbox", append([]string{"-out", out, "-sandbox", "yes"}, agents...), `-sandbox "yes": want auto, on or off`},
		{"format", append([]string{"-out", out, "-format", "swiss"}, agents...), `-format "swiss": want round-robin or gauntlet`},
		{"sprt form", append([]string{"-out", out, "-sprt", "10"}, agents...), `-sprt "10": want ELO0,ELO1 or ELO0,ELO1,ALPHA,BETA`},
		{"sprt number", append([]string{"-out", out, "-sprt", "0,x"}, agents...), `-sprt "0,x": "x" is not a number`},
		{"sprt order", append([]string{"-out", out, "-sprt", "10,0"}, agents...), "elo0 10 and elo1 0: want elo0 < elo1"},
		{"sprt alpha", append([]string{"-out", out, "-sprt", "0,10,0.6,0.05"}, agents...), "alpha and beta must be above 0 and below 0.5"},
		{"sprt of three", append([]string{"-out", out, "-sprt", "0,10", "-agent", "c=/bin/true"}, agents...), "sprt with 3 entries: want two entries, or the gauntlet format"},
		{"sprt with spec", []string{"report", "-spec", filepath.Join(dir, "x"), "-sprt", "0,10"}, "-sprt: the spec defines the tournament"},
		{"format with spec", []string{"run", "-spec", filepath.Join(dir, "x"), "-format", "gauntlet"}, "-format: the spec defines the tournament"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			got := Main(games.Agents, games.Judges, append([]string{"tournament"}, tc.args...), &stdout, &stderr)
			if got != 2 || !strings.Contains(stderr.String(), tc.want) {
				t.Errorf("homework tournament %v = %d, stderr %q; want 2 and %q", tc.args, got, stderr.String(), tc.want)
			}
			if _, err := os.Stat(filepath.Join(out, "tournament.txt")); err == nil {
				t.Errorf("homework tournament %v wrote a spec", tc.args)
			}
		})
	}
}

// TestTournamentPlanPassesSandbox: plan hands a -sandbox other than the default to every
// play-one line, and nothing for the default.
func TestTournamentPlanPassesSandbox(t *testing.T) {
	for _, tc := range []struct{ mode, suffix string }{{"off", " -sandbox off"}, {"on", " -sandbox on"}, {"auto", ""}} {
		t.Run(tc.mode, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			args := []string{"tournament", "plan", "-out", t.TempDir(), "-homework", "hw", "-sandbox", tc.mode, "-agent", "a=/bin/true", "-agent", "b=/bin/true"}
			if got := Main(games.Agents, games.Judges, args, &stdout, &stderr); got != 0 {
				t.Fatalf("homework %v = %d, stderr %q", args, got, stderr.String())
			}
			for _, line := range strings.Split(strings.TrimSpace(stdout.String()), "\n") {
				if tc.suffix == "" && strings.Contains(line, "-sandbox") || !strings.HasSuffix(line, tc.suffix) {
					t.Errorf("plan -sandbox %s printed %q, want it to end %q (no -sandbox for auto)", tc.mode, line, tc.suffix)
				}
			}
		})
	}
}

// TestTournamentPlayOneBadID: a game ID that is not the spec's exits 2 and says why.
func TestTournamentPlayOneBadID(t *testing.T) {
	out := t.TempDir()
	var stdout, stderr bytes.Buffer
	args := []string{"tournament", "plan", "-out", out, "-homework", "hw", "-agent", "a=/bin/true", "-agent", "b=/bin/true"}
	if got := Main(games.Agents, games.Judges, args, &stdout, &stderr); got != 0 {
		t.Fatalf("homework %v = %d, stderr %q", args, got, stderr.String())
	}
	wantPlan := "hw tournament play-one -spec " + filepath.Join(out, "tournament.txt") + " -game 1-2-1\n"
	if !strings.HasPrefix(stdout.String(), wantPlan) || strings.Count(stdout.String(), "\n") != 2 {
		t.Errorf("plan printed %q, want two lines starting %q", stdout.String(), wantPlan)
	}
	for _, id := range []string{"1-2-3", "2-1-1", "x"} {
		stdout.Reset()
		stderr.Reset()
		args := []string{"tournament", "play-one", "-spec", filepath.Join(out, "tournament.txt"), "-game", id}
		if got := Main(games.Agents, games.Judges, args, &stdout, &stderr); got != 2 || !strings.Contains(stderr.String(), "game") {
			t.Errorf("homework %v = %d, stderr %q; want 2 and the reason", args, got, stderr.String())
		}
	}
}

// TestTournamentSPRTAndGauntletSpec: -sprt and -format gauntlet reach the spec, and plan
// lists a gauntlet's games, entry 1's alone.
func TestTournamentSPRTAndGauntletSpec(t *testing.T) {
	tests := []struct {
		name     string
		args     []string
		specLine string
		games    []string
	}{
		{"sprt", []string{"-sprt", "0,10", "-games", "4"}, "sprt 0 10 0.05 0.05\n", []string{"1-2-1", "1-2-2", "1-2-3", "1-2-4"}},
		{"sprt rates", []string{"-sprt", "-2.5, 2.5, 0.01, 0.1"}, "sprt -2.5 2.5 0.01 0.1\n", []string{"1-2-1", "1-2-2"}},
		{"gauntlet", []string{"-format", "gauntlet", "-agent", "c=/bin/true"}, "format gauntlet\n", []string{"1-2-1", "1-3-1", "1-2-2", "1-3-2"}},
		{"gauntlet sprt", []string{"-format", "gauntlet", "-sprt", "0,5", "-agent", "c=/bin/true"}, "format gauntlet\nsprt 0 5 0.05 0.05\n", []string{"1-2-1", "1-3-1", "1-2-2", "1-3-2"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out := t.TempDir()
			var stdout, stderr bytes.Buffer
			args := append([]string{"tournament", "plan", "-out", out, "-homework", "hw", "-agent", "a=/bin/true", "-agent", "b=/bin/true"}, tc.args...)
			if got := Main(games.Agents, games.Judges, args, &stdout, &stderr); got != 0 {
				t.Fatalf("homework %v = %d, stderr %q", args, got, stderr.String())
			}
			spec, err := os.ReadFile(filepath.Join(out, "tournament.txt"))
			if err != nil || !strings.Contains(string(spec), tc.specLine) {
				t.Errorf("homework %v wrote the spec\n%s%v\nwant it to hold %q", args, spec, err, tc.specLine)
			}
			var ids []string
			for _, line := range strings.Split(strings.TrimSpace(stdout.String()), "\n") {
				ids = append(ids, line[strings.LastIndex(line, " ")+1:])
			}
			if strings.Join(ids, " ") != strings.Join(tc.games, " ") {
				t.Errorf("homework %v planned games %v, want %v", args, ids, tc.games)
			}
		})
	}
}
