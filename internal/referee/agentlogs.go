package referee

// Agent logs after a tournament: each game's working directory holds every agent's stderr
// (games/PAIRING/game-NN/agent-X.log); a tournament's records in the repository keep
// only the lines of our agent (those with its game's log prefix, and the ply markers),
// gzipped, as agent-logs.txt.gz, because the working directories are not kept. Measurements that read agents' logs (a node's CPU time in the games, the
// scores' drift) read either.

import (
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// AgentLogs returns the text of every agent log of the tournament in dir, one string a
// file in the order of their paths, or, when the working directories are gone, the
// whole of dir/agent-logs.txt.gz as one string (made by
//
//	find DIR/games -name 'agent-*.log' | sort | xargs grep -l '^GAME: ' | xargs cat | grep -e '^--- ply' -e '^GAME: ' | gzip -9 > DIR/agent-logs.txt.gz
//
// for the game's log prefix GAME).
func AgentLogs(dir string) ([]string, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "games", "*", "game-*", "agent-*.log"))
	if err != nil {
		return nil, err
	}
	var texts []string
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		texts = append(texts, string(data))
	}
	if len(texts) > 0 {
		return texts, nil
	}
	f, err := os.Open(filepath.Join(dir, "agent-logs.txt.gz"))
	if err != nil {
		return nil, fmt.Errorf("no agent logs under %s/games, and %v", dir, err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", f.Name(), err)
	}
	data, err := io.ReadAll(z)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", f.Name(), err)
	}
	return []string{string(data)}, nil
}
