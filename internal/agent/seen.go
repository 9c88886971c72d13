package agent

// The memory of positions a game has seen, kept in playdata.txt as "seen KEY" lines (the
// key in hexadecimal), for agents that avoid repeating positions: Halma and Hive.

import (
	"fmt"
	"strconv"
	"strings"
)

// MaxSeen bounds the positions kept in playdata: far more than a game has.
const MaxSeen = 4000

// ParseSeen reads the "seen KEY" lines of playdata, the last MaxSeen of them as FormatSeen
// writes them, so that a file longer than ours costs the search nothing more; other lines,
// and malformed ones, are ignored (playdata is read tolerantly).
func ParseSeen(lines []string) []uint64 {
	var keys []uint64
	for _, l := range lines {
		if hex, ok := strings.CutPrefix(l, "seen "); ok {
			if k, err := strconv.ParseUint(hex, 16, 64); err == nil {
				keys = append(keys, k)
			}
		}
	}
	return lastSeen(keys)
}

// lastSeen returns the last MaxSeen of keys: the positions most likely to come again.
func lastSeen(keys []uint64) []uint64 { return keys[max(len(keys)-MaxSeen, 0):] }

// FormatSeen writes keys as playdata lines, the last MaxSeen of them.
func FormatSeen(keys []uint64) []string {
	keys = lastSeen(keys)
	lines := make([]string, len(keys))
	for i, k := range keys {
		lines[i] = fmt.Sprintf("seen %016x", k)
	}
	return lines
}
