package tournament

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"gameagents/internal/referee"
)

// TestClaim: a game's claim is held by one process at a time; a claim whose process is
// gone on this host is taken over, one from another host or unreadable is not.
func TestClaim(t *testing.T) {
	tt := newTestTournament(t, "reversi", 2, 2)
	g := Game{A: 0, B: 1, N: 1}
	release, holder, err := tt.claim(g)
	if err != nil || holder != "" {
		t.Fatalf("first claim: holder %q, %v; want it claimed", holder, err)
	}
	host, _ := os.Hostname()
	if _, holder, _ := tt.claim(g); !strings.HasPrefix(holder, "host "+host+", process ") {
		t.Errorf("second claim: holder %q, want this host and process", holder)
	}
	release()
	if _, err := os.Stat(tt.claimPath(g)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("released claim still there: %v", err)
	}
	dead := exec.Command("true")
	if err := dead.Run(); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, claim, holder string
	}{
		{"stale", "host " + host + " pid " + strconv.Itoa(dead.Process.Pid) + " since 2026-01-01T00:00:00Z\n", ""},
		{"another host", "host elsewhere pid 1 since 2026-01-01T00:00:00Z\n", "host elsewhere, process 1, since 2026-01-01T00:00:00Z"},
		{"unreadable", "garbage\n", "an unreadable claim"},
	} {
		os.WriteFile(tt.claimPath(g), []byte(tc.claim), 0o644)
		release, holder, err := tt.claim(g)
		switch {
		case err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.holder == "" && (holder != "" || release == nil):
			t.Errorf("%s: holder %q, want the claim taken over", tc.name, holder)
		case tc.holder != "" && !strings.HasPrefix(holder, tc.holder):
			t.Errorf("%s: holder %q, want %q", tc.name, holder, tc.holder)
		}
		if release != nil {
			release()
		}
		os.Remove(tt.claimPath(g))
	}
}

// TestClaimedGameSkipped: a run skips a game another host is playing, and says so; play-one
// declines it; a result is never written over another.
func TestClaimedGameSkipped(t *testing.T) {
	tt := newTestTournament(t, "reversi", 2, 4)
	g := Game{A: 0, B: 1, N: 2}
	os.MkdirAll(filepath.Dir(tt.claimPath(g)), 0o755)
	os.WriteFile(tt.claimPath(g), []byte("host elsewhere pid 7 since 2026-01-01T00:00:00Z\n"), 0o644)
	var out strings.Builder
	if err := tt.Run(context.Background(), &fakeRunner{}, 2, NewProgress(&out, false)); err != nil {
		t.Fatal(err)
	}
	done, missing, err := tt.Results()
	if err != nil || len(done) != 3 || len(missing) != 1 || missing[0] != g {
		t.Fatalf("after the run: %d done, missing %v, %v; want 3 and game %s", len(done), missing, err, g.ID())
	}
	if !strings.Contains(out.String(), "game 1-2-2 (a vs b) not played: another run is playing it (host elsewhere, process 7") {
		t.Errorf("progress:\n%s\nwant the skipped game named", out.String())
	}
	line, err := tt.PlayOne(context.Background(), &fakeRunner{}, g)
	if err != nil || !strings.Contains(line, "not played: another run is playing it") {
		t.Errorf("PlayOne = %q, %v; want it declined", line, err)
	}
	// A result already written stands.
	first := Game{A: 0, B: 1, N: 1}
	before, _ := os.ReadFile(tt.ResultPath(first))
	o := outcomeOf(first, &referee.Result{Winner: 1, Ending: referee.EndTime, SideNames: [2]string{"BLACK", "WHITE"}, Side: [2]int{0, 1}})
	if err := tt.writeOutcome(&o); !errors.Is(err, errPlayedElsewhere) {
		t.Errorf("writing over a result: %v, want errPlayedElsewhere", err)
	}
	if after, _ := os.ReadFile(tt.ResultPath(first)); string(after) != string(before) {
		t.Errorf("the result changed:\n%s\nwas\n%s", after, before)
	}
}
