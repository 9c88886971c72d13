package agent

// calibration.txt and playdata.txt: both are optional and read tolerantly. Anything
// missing, unreadable or implausible is reported on stderr and replaced by defaults; it is
// never an error.

import (
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
	"time"

	"gameagents/internal/gamefile"
)

// CalibrationVersion is the first line of calibration.txt.
const CalibrationVersion = "gameagents-calibration 1"

// Plausible calibrated speeds: outside this range the file is not believed.
const (
	minRate = 1e3
	maxRate = 1e10
)

// RateKey is the calibration.txt key of a game's search speed.
func RateKey(game string) string { return game + ".nodes_per_second" }

// ReadCalibration returns the game's calibrated search speed, or its default (saying why
// on log) when calibration.txt is missing, from another version, or implausible.
func ReadCalibration(path string, g Game, log io.Writer) float64 {
	lines, err := gamefile.ReadLines(path)
	if err != nil {
		fmt.Fprintf(log, "calibration.txt: not read (%v); using the default speed of %.0f nodes/s\n", err.(*gamefile.Error).Msg, g.DefaultRate())
		return g.DefaultRate()
	}
	return parseCalibration(lines, g, log)
}

// parseCalibration returns the game's rate from the lines of calibration.txt when it is
// within [minRate, maxRate], else the default, saying why on log.
func parseCalibration(lines []gamefile.Line, g Game, log io.Writer) float64 {
	if len(lines) == 0 || lines[0].Text != CalibrationVersion {
		fmt.Fprintf(log, "calibration.txt:1: want %q; using the default speed\n", CalibrationVersion)
		return g.DefaultRate()
	}
	key := RateKey(g.Name())
	for _, l := range lines[1:] {
		f := strings.Fields(l.Text)
		if len(f) == 0 || f[0] != key {
			continue // unknown keys are ignored: other games' and later versions'
		}
		v := strings.Join(f[1:], " ")
		rate, err := strconv.ParseFloat(v, 64)
		if len(f) != 2 || err != nil || !PlausibleRate(rate) {
			fmt.Fprintf(log, "calibration.txt:%d: implausible %s %q, want %.0f to %.0f; using the default speed\n", l.Num, key, gamefile.Clip(v), minRate, maxRate)
			return g.DefaultRate()
		}
		return rate
	}
	fmt.Fprintf(log, "calibration.txt: no %s; using the default speed\n", key)
	return g.DefaultRate()
}

// PlausibleRate reports whether a measured speed is one the agents believe.
func PlausibleRate(rate float64) bool { return rate >= minRate && rate <= maxRate }

// FormatCalibration renders calibration.txt from speeds by game name, in the given order.
func FormatCalibration(names []string, rates map[string]float64) []byte {
	lines := []string{CalibrationVersion}
	for _, n := range names {
		lines = append(lines, fmt.Sprintf("%s %.0f", RateKey(n), rates[n]))
	}
	return gamefile.JoinLines(lines)
}

// playdataVersion starts playdata.txt, followed by the game's name. Version 1 files (no
// node_time_permille line) are still read: what a move wrote before this version is not
// lost to the next.
const (
	playdataVersion   = "gameagents-playdata 2"
	playdataVersionV1 = "gameagents-playdata 1"
)

// PlaydataGameLine is the line of playdata.txt where the game's own lines (Session.Memory)
// begin in the files this version writes, after the version and the history's four lines;
// a game's messages take the line from Session.MemoryLine, which also knows version 1's.
const PlaydataGameLine = 6

// playdataGameLineV1: where the game's lines begin in a version 1 file.
const playdataGameLineV1 = 5

// Bounds of the history in playdata.txt: a value outside them was not written by this
// program for a real game, so the file is not believed. A game has at most a few hundred
// moves; a move's CPU outside its search (start-up, reading and writing the files) is a
// few milliseconds; a node's measured time stays within [minNodeTime, maxNodeTime] of the
// plan's, in thousandths (0: not measured yet).
const (
	maxPlaydataMoves = 1_000_000
	maxOverhead      = time.Second
	minNodeTime      = 500
	maxNodeTime      = 2000
)

// history is the lifecycle's own memory of a game: how many moves this agent has made,
// the clock it was given last time (a larger clock now means a new game), what the
// moves cost beyond their search, and how fast the machine searched.
type history struct {
	moves     int
	remaining float64       // the time on line 3 of the previous move
	overhead  time.Duration // CPU per move outside the search, as last measured
	// nodeTime: a node's CPU time over the time the plan gave it (the calibration's node,
	// times the position's node cost), in thousandths, as the moves that searched most of
	// their budget measured it (measuredNodeTime), each measure halving the distance to
	// its own (a geometric mean); 0 when no move measured it yet. With
	// Options.MeasuredSpeed the next move's node budget is divided by it (newSession): a
	// machine faster than its calibration then spends the time a move is planned for, a
	// slower one ends its moves on the node budget rather than on the guard.
	nodeTime int
}

// next is the history after a move made with header hd, overhead spent outside the
// search and a node's time measured as measured of the plan's (0 or less: not measured).
// It stays within the reader's bounds, so that it always reads back.
func (h history) next(hd gamefile.Header, overhead time.Duration, measured float64) history {
	return history{
		moves:     min(max(h.moves, 0), maxPlaydataMoves-1) + 1,
		remaining: hd.Seconds,
		overhead:  min(max(overhead, 0), maxOverhead),
		nodeTime:  blendNodeTime(h.nodeTime, measured),
	}
}

// blendNodeTime is the node time (thousandths) after a move measured measured (a ratio;
// 0 or less, or NaN: not measured): the measure alone on the first, else the geometric
// mean of the two, within [minNodeTime, maxNodeTime].
func blendNodeTime(old int, measured float64) int {
	if !(measured > 0) {
		return old
	}
	m := min(max(measured*1000, minNodeTime), maxNodeTime)
	if old > 0 {
		m = math.Sqrt(m * float64(old))
	}
	return int(math.Round(m)) // a geometric mean of two values in range stays in range
}

// nodeTimeFactor is the factor a history's node time divides the rate by: 1 when unknown.
func (h history) nodeTimeFactor() float64 {
	if h.nodeTime <= 0 {
		return 1
	}
	return float64(h.nodeTime) / 1000
}

type playdata struct {
	history  history
	game     []string
	gameLine int // the line of the file where game begins
}

// readPlaydata returns what the previous move left, or nothing (saying why) when the file
// is absent, from another game or version, from an earlier game, or damaged.
func readPlaydata(path, game string, hd gamefile.Header, log io.Writer) playdata {
	if _, err := os.Stat(path); os.IsNotExist(err) {
		return playdata{} // the first move of a game: nothing to say
	}
	lines, err := gamefile.ReadLines(path)
	if err != nil {
		fmt.Fprintf(log, "%v; ignored\n", err)
		return playdata{}
	}
	return parsePlaydata(lines, game, hd, log)
}

// parsePlaydata parses the lines of playdata.txt, range-checking every number of the
// history; on any fault it says so on log, ending "; ignored", and returns nothing.
func parsePlaydata(lines []gamefile.Line, game string, hd gamefile.Header, log io.Writer) playdata {
	h, err := parseHistory(lines, game)
	if err == nil && hd.Mode == gamefile.GameClock && hd.Seconds > h.remaining {
		err = gamefile.Errorf("playdata.txt", 3, "from an earlier game (the clock went up from %s to %s)", gamefile.FormatSeconds(h.remaining), hd.Time)
	}
	if err != nil {
		fmt.Fprintf(log, "%v; ignored\n", err)
		return playdata{}
	}
	first := PlaydataGameLine
	if lines[0].Text == playdataVersionV1+" "+game {
		first = playdataGameLineV1
	}
	var own []string
	for _, l := range lines[first-1:] {
		own = append(own, l.Text)
	}
	return playdata{history: h, game: own, gameLine: first}
}

// parseHistory parses the first lines of playdata.txt: the version and game, then the
// history's keys in order (four; three in a version 1 file).
func parseHistory(lines []gamefile.Line, game string) (history, error) {
	var h history
	head := playdataVersion + " " + game
	v1 := len(lines) >= 4 && lines[0].Text == playdataVersionV1+" "+game
	if !v1 && (len(lines) < 5 || lines[0].Text != head) {
		return h, gamefile.Errorf("playdata.txt", 1, "want %q and four lines of history", head)
	}
	moves, err := historyInt(lines[1], "moves", maxPlaydataMoves)
	if err != nil {
		return h, err
	}
	rem, err := historyValue(lines[2], "remaining")
	if err != nil {
		return h, err
	}
	if h.remaining, err = gamefile.ParseSeconds(rem); err != nil {
		return h, gamefile.Errorf("playdata.txt", lines[2].Num, "remaining: %v", err)
	}
	ns, err := historyInt(lines[3], "overhead_ns", maxOverhead.Nanoseconds())
	if err != nil {
		return h, err
	}
	h.moves, h.overhead = int(moves), time.Duration(ns)
	if v1 {
		return h, nil
	}
	nt, err := historyInt(lines[4], "node_time_permille", maxNodeTime)
	if err != nil {
		return h, err
	}
	if nt != 0 && nt < minNodeTime {
		return h, gamefile.Errorf("playdata.txt", lines[4].Num, "node_time_permille %d, want 0 or %d to %d", nt, minNodeTime, maxNodeTime)
	}
	h.nodeTime = int(nt)
	return h, nil
}

// historyValue returns the value of line l, which must be "key value".
func historyValue(l gamefile.Line, key string) (string, error) {
	v, ok := strings.CutPrefix(l.Text, key+" ")
	if !ok {
		return "", gamefile.Errorf("playdata.txt", l.Num, "got %q, want %s and its value", gamefile.Clip(l.Text), key)
	}
	return v, nil
}

// historyInt returns the integer value of line l, "key N", with N in [0, most].
func historyInt(l gamefile.Line, key string, most int64) (int64, error) {
	v, err := historyValue(l, key)
	if err != nil {
		return 0, err
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n < 0 || n > most {
		return 0, gamefile.Errorf("playdata.txt", l.Num, "%s %q, want an integer from 0 to %d", key, gamefile.Clip(v), most)
	}
	return n, nil
}

func writePlaydata(path, game string, h history, gameLines []string) error {
	return gamefile.WriteAtomic(path, formatPlaydata(game, h, gameLines))
}

// formatPlaydata renders playdata.txt: the version and game, the history, the game's lines.
func formatPlaydata(game string, h history, gameLines []string) []byte {
	lines := []string{
		playdataVersion + " " + game,
		fmt.Sprintf("moves %d", h.moves),
		"remaining " + gamefile.FormatSeconds(h.remaining),
		fmt.Sprintf("overhead_ns %d", int64(h.overhead)),
		fmt.Sprintf("node_time_permille %d", h.nodeTime),
	}
	return gamefile.JoinLines(append(lines, gameLines...))
}
