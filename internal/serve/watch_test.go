package serve_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"gameagents/internal/browsertest"
	"gameagents/internal/gamefile"
	"gameagents/internal/games"
	"gameagents/internal/referee"
	"gameagents/internal/serve"
)

// slowKind is picker, taking a little wall time a move, so that a watcher sees the games
// in progress.
var slowKind = referee.AgentKind{
	Prefix: "slow:",
	Start: func(context.Context, *referee.Seat) (referee.Player, error) {
		return slow{}, nil
	},
}

type slow struct{ picker }

func (s slow) Move(ctx context.Context, t *referee.Turn) (referee.Answer, error) {
	time.Sleep(15 * time.Millisecond)
	return s.picker.Move(ctx, t)
}

// watched serves a Watch and starts a match of games Reversi games between two slow
// pickers, heard by it; done closes when the match has ended.
func watched(t *testing.T, games_ int) (url string, done chan struct{}) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	cfg := referee.Config{
		Game: games.Judges[1], Agents: [2]referee.Agent{{Name: "north", Command: "slow:"}, {Name: "south", Command: "slow:"}},
		Games: games_, Mode: gamefile.Single, Seconds: 1, MaxPlies: 200, Parallel: 2, Grace: referee.DefaultGrace,
		Out: t.TempDir(), Kinds: referee.AgentKinds{slowKind},
	}
	w, err := serve.NewWatch(cfg.Header(), ln.Addr().String(), nil)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Listeners = []referee.Listener{w}
	hs := httptest.NewUnstartedServer(w.Handler())
	hs.Listener.Close()
	hs.Listener = ln
	hs.Start()
	t.Cleanup(hs.Close)
	done = make(chan struct{})
	go func() {
		defer close(done)
		if _, err := referee.Run(context.Background(), cfg, io.Discard); err != nil {
			t.Errorf("the match: %v", err)
		}
	}()
	t.Cleanup(func() { <-done })
	return hs.URL, done
}

// TestWatch follows a match over HTTP: games in progress with their plies, then every game
// finished, the standings naming both agents; a foreign Host is refused.
func TestWatch(t *testing.T) {
	url, _ := watched(t, 4)
	req, _ := http.NewRequest("GET", url+"/api/watch", nil)
	req.Host = "attacker.example"
	if resp, err := http.DefaultClient.Do(req); err != nil || resp.StatusCode != http.StatusForbidden {
		t.Errorf("a foreign Host: %v %v, want 403", resp, err)
	}
	var st serve.WatchState
	st.Version = -1
	sawPlaying := false
	for deadline := time.Now().Add(2 * time.Minute); st.Finished < 4; {
		if time.Now().After(deadline) {
			t.Fatalf("after two minutes %d games have finished", st.Finished)
		}
		resp, err := http.Get(fmt.Sprintf("%s/api/watch?after=%d", url, st.Version))
		if err != nil {
			t.Fatal(err)
		}
		json.NewDecoder(resp.Body).Decode(&st)
		resp.Body.Close()
		for _, g := range st.Games {
			if !g.Over && g.Ply > 0 && strings.Contains(g.SVG, "<svg") && strings.HasPrefix(g.Last, "ply ") {
				sawPlaying = true
			}
		}
	}
	if !sawPlaying {
		t.Error("never saw a game in progress")
	}
	if !strings.Contains(st.Standings, "north") || !strings.Contains(st.Standings, "south") {
		t.Errorf("standings %q do not name the agents", st.Standings)
	}
	if len(st.Games) != 4 {
		t.Errorf("%d games shown at the end, want the 4 finished", len(st.Games))
	}
}

// TestBrowserWatch opens the watch page in headless Chromium while a match is played, and
// sees a game in progress, then the match's end and its standings, without a reload.
func TestBrowserWatch(t *testing.T) {
	ctx := browsertest.Start(t, "the watch page", 1200, 900)
	url, _ := watched(t, 2)
	tab, cancel := chromedp.NewContext(ctx)
	defer cancel()
	tab, cancel = context.WithTimeout(tab, 2*time.Minute)
	defer cancel()
	p := &page{t: t, ctx: tab}
	p.do("open the page", chromedp.Navigate(url+"/"))
	p.eval(`(window.marker = "same page", true)`)
	p.poll("a game in progress", `watch.state !== null && watch.state.games.some((g) => !g.over && g.ply > 0) &&
		document.querySelectorAll("#games .game svg").length > 0`)
	if dir := os.Getenv("SERVE_SCREENSHOTS"); dir != "" {
		p.screenshot(filepath.Join(dir, "serve-watch.png"))
	}
	p.poll("the end of the match", `watch.state.finished === 2 && document.getElementById("standings").textContent.includes("north")`)
	if !p.eval(`window.marker === "same page" && document.querySelectorAll("#games .game.over").length === 2`) {
		t.Error("the page was reloaded, or does not show the two finished games")
	}
}
