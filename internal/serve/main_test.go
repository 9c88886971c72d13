package serve_test

import (
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"gameagents/internal/command/homework"
	"gameagents/internal/games"
)

// agentEnv, when set, makes this test binary the homework binary playing one move as the
// player it names (`homework play -player NAME`) in the current directory: the browser
// test's opponent is then our random player through the file protocol, as a served one is.
const agentEnv = "SERVE_TEST_AGENT"

func TestMain(m *testing.M) {
	if player := os.Getenv(agentEnv); player != "" {
		if pidFile, ok := strings.CutPrefix(player, "sleep:"); ok {
			// An agent that thinks for a minute: its pid in pidFile, for the test to
			// see it ended when its table closes.
			os.WriteFile(pidFile, []byte(strconv.Itoa(os.Getpid())), 0o644)
			time.Sleep(time.Minute)
			os.Exit(0)
		}
		os.Exit(homework.Main(games.Agents, games.Judges, []string{"play", "-player", player}, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}
