package tournament

// Claims: one game, one player. A game being played is claimed by a file beside its result
// (results/ID.claim), created with O_EXCL, which of two processes (on one host or on
// several sharing the directory) only one can do; it names the claimant's host, process
// and start, and is removed when the game ends, result written or not. A claim whose
// process is gone on this host (a killed run) is stale and taken over; one from another
// host stays until removed by hand, since its process cannot be asked. Results are written
// only where none exists (gamefile.WriteNew), so a finished result is never overwritten.
// A shared file system must offer atomic exclusive creation and hard links: local file
// systems and NFS (v3 and later) do.

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// claimPath is where game g's claim lives while it is played.
func (t *Tournament) claimPath(g Game) string {
	return filepath.Join(t.Dir, "results", g.ID()+".claim")
}

// claim claims game g for this process. It returns the function that releases the claim,
// or, when another process holds it, who does ("host H, process P, since T").
func (t *Tournament) claim(g Game) (release func(), holder string, err error) {
	path := t.claimPath(g)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, "", err
	}
	host, _ := os.Hostname()
	text := fmt.Sprintf("host %s pid %d since %s\n", host, os.Getpid(), time.Now().UTC().Format(time.RFC3339))
	for attempt := 0; attempt < 2; attempt++ {
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err == nil {
			_, werr := f.WriteString(text)
			if cerr := f.Close(); werr == nil {
				werr = cerr
			}
			if werr != nil {
				os.Remove(path)
				return nil, "", werr
			}
			return func() { os.Remove(path) }, "", nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, "", err
		}
		data, _ := os.ReadFile(path)
		h, pid, since := parseClaim(string(data))
		if h == host && pid > 0 && !alive(pid) {
			os.Remove(path) // stale: its run was killed; take it over
			continue
		}
		if h == "" {
			return nil, fmt.Sprintf("an unreadable claim (%s)", path), nil
		}
		return nil, fmt.Sprintf("host %s, process %d, since %s", h, pid, since), nil
	}
	return nil, fmt.Sprintf("another process (%s)", path), nil
}

// parseClaim reads a claim's "host H pid P since T"; host is "" when it is not one.
func parseClaim(text string) (host string, pid int, since string) {
	f := strings.Fields(text)
	if len(f) != 6 || f[0] != "host" || f[2] != "pid" || f[4] != "since" {
		return "", 0, ""
	}
	pid, err := strconv.Atoi(f[3])
	if err != nil || pid <= 0 {
		return "", 0, ""
	}
	return f[1], pid, f[5]
}

// alive reports whether process pid exists on this host.
func alive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// errPlayedElsewhere: a game's result appeared while this process played it too (its claim
// was removed by hand, say); the result written first stands.
var errPlayedElsewhere = errors.New("another run wrote its result first; that result stands")
