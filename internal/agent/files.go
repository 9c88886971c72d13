package agent

// calibration.txt and playdata.txt: both are optional and read tolerantly. Anything
// missing, unreadable or implausible is reported on stderr and replaced by defaults; it is
// never an error.

import (
	"fmt"
	"io"
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
	if len(lines) == 0 || lines[0].Text != CalibrationVersion {
		fmt.Fprintf(log, "calibration.txt:1: want %q; using the default speed\n", CalibrationVersion)
		return g.DefaultRate()
	}
	key := RateKey(g.Name())
	for _, l := range lines[1:] {
		k, v, _ := strings.Cut(l.Text, " ")
		if k != key {
			continue // unknown keys are ignored: other games' and later versions'
		}
		rate, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if err != nil || !(rate >= minRate && rate <= maxRate) {
			fmt.Fprintf(log, "calibration.txt:%d: implausible %s %q; using the default speed\n", l.Num, key, gamefile.Clip(v))
			return g.DefaultRate()
		}
		return rate
	}
	fmt.Fprintf(log, "calibration.txt: no %s; using the default speed\n", key)
	return g.DefaultRate()
}

// FormatCalibration renders calibration.txt from speeds by game name, in the given order.
func FormatCalibration(names []string, rates map[string]float64) []byte {
	lines := []string{CalibrationVersion}
	for _, n := range names {
		lines = append(lines, fmt.Sprintf("%s %.0f", RateKey(n), rates[n]))
	}
	return gamefile.JoinLines(lines)
}

// playdataVersion starts playdata.txt, followed by the game's name.
const playdataVersion = "gameagents-playdata 1"

// history is the lifecycle's own memory of a game: how many moves this agent has made,
// the clock it was given last time (a larger clock now means a new game), and what the
// moves cost beyond their search.
type history struct {
	moves     int
	remaining float64       // the time on line 3 of the previous move
	overhead  time.Duration // CPU per move outside the search, as last measured
}

func (h history) next(hd gamefile.Header, overhead time.Duration) history {
	return history{moves: h.moves + 1, remaining: hd.Seconds, overhead: overhead}
}

type playdata struct {
	history history
	game    []string
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
	bad := func(line int, msg string) playdata {
		fmt.Fprintf(log, "playdata.txt:%d: %s; ignored\n", line, msg)
		return playdata{}
	}
	if len(lines) < 4 || lines[0].Text != playdataVersion+" "+game {
		return bad(1, fmt.Sprintf("want %q and three lines of history", playdataVersion+" "+game))
	}
	var h history
	var err1, err2, err3 error
	var ns int64
	h.moves, err1 = strconv.Atoi(strings.TrimPrefix(lines[1].Text, "moves "))
	h.remaining, err2 = strconv.ParseFloat(strings.TrimPrefix(lines[2].Text, "remaining "), 64)
	ns, err3 = strconv.ParseInt(strings.TrimPrefix(lines[3].Text, "overhead_ns "), 10, 64)
	if err1 != nil || err2 != nil || err3 != nil || h.moves < 0 || ns < 0 {
		return bad(2, "damaged history")
	}
	h.overhead = time.Duration(ns)
	if hd.Mode == gamefile.Game && hd.Seconds > h.remaining {
		fmt.Fprintln(log, "playdata.txt: from an earlier game (the clock went up); ignored")
		return playdata{}
	}
	game4 := make([]string, 0, len(lines)-4)
	for _, l := range lines[4:] {
		game4 = append(game4, l.Text)
	}
	return playdata{history: h, game: game4}
}

func writePlaydata(path, game string, h history, gameLines []string) error {
	lines := []string{
		playdataVersion + " " + game,
		fmt.Sprintf("moves %d", h.moves),
		"remaining " + gamefile.FormatSeconds(h.remaining),
		fmt.Sprintf("overhead_ns %d", int64(h.overhead)),
	}
	return gamefile.WriteAtomic(path, gamefile.JoinLines(append(lines, gameLines...)))
}
