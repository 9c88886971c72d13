package agent

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gameagents/internal/gamefile"
)

// addSeeds adds the samples' copies of a file (samples/<game>/<case>/name) to the corpus.
func addSeeds(f *testing.F, name string, add func(data []byte)) {
	paths, err := filepath.Glob(filepath.Join("..", "..", "samples", "*", "*", name))
	if err != nil || len(paths) == 0 {
		f.Fatalf("no samples/*/*/%s to seed the corpus (%v)", name, err)
	}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		add(data)
	}
}

// FuzzPlaydata: whatever playdata.txt holds, the agent is never worse off than without
// one. "Never worse" is: the move's plan (soft and hard) is no longer than without
// playdata, so a file cannot make the agent lose on time, and no shorter than half of it,
// so a file can cost at most a doubling of search, about a ply. Also: a file is either
// believed whole, with every number in range and nothing said, or ignored with a message
// ending "; ignored"; and the history written after the move reads back, in range.
func FuzzPlaydata(f *testing.F) {
	addSeeds(f, "playdata.txt", func(data []byte) { f.Add(data, 29.5, 40, int64(12e6)) })
	good := "gameagents-playdata 2 halma\nmoves 3\nremaining 250.5\noverhead_ns 7000000\nnode_time_permille 850\nseen 1\n"
	v1 := "gameagents-playdata 1 halma\nmoves 3\nremaining 250.5\noverhead_ns 7000000\nseen 1\n"
	for _, data := range []string{
		good, "", v1,
		strings.Replace(good, "850", "499", 1),
		strings.Replace(good, "850", "2001", 1),
		strings.Replace(good, "850", "0", 1),
		strings.Replace(v1, "seen 1", "node_time_permille 700", 1),
		strings.Replace(good, "7000000", "9000000000000000000", 1),
		strings.Replace(good, "moves 3", "moves 9223372036854775807", 1),
		strings.Replace(good, "250.5", "NaN", 1),
		strings.Replace(good, "250.5", "1e300", 1),
		strings.Replace(good, "7000000", "1000000000", 1),
	} {
		f.Add([]byte(data), 240.0, 30, int64(5e6))
	}
	f.Add([]byte(good), 0.05, 0, int64(math.MaxInt64))
	f.Add([]byte(good), 1e300, 1000, int64(-1))
	f.Fuzz(func(t *testing.T, data []byte, secs float64, movesLeft int, overheadNs int64) {
		if !(secs > 0) || math.IsInf(secs, 0) {
			return // ParseSeconds rejects such a line 3 before any playdata is read
		}
		movesLeft = int(uint16(movesLeft)) // the game's estimate: small, whatever the files
		h := header(gamefile.GameClock, secs)
		var log bytes.Buffer
		pd := parsePlaydata(gamefile.SplitLines(string(data)), "halma", h, &log)
		believed := log.Len() == 0
		switch {
		case believed && !inRange(pd.history):
			t.Fatalf("parsePlaydata(%q) = %+v, believed out of range", data, pd.history)
		case !believed && (pd.history != history{} || pd.game != nil):
			t.Fatalf("parsePlaydata(%q) = %+v, log %q: want nothing when ignored", data, pd, log.String())
		case !believed && !strings.HasSuffix(log.String(), "; ignored\n"):
			t.Fatalf("parsePlaydata(%q) log %q, want it to end \"; ignored\"", data, log.String())
		}
		if f := pd.history.nodeTimeFactor(); f < float64(minNodeTime)/1000 || f > float64(maxNodeTime)/1000 {
			t.Fatalf("parsePlaydata(%q): node budgets divided by %v, want %v to %v", data, f, float64(minNodeTime)/1000, float64(maxNodeTime)/1000)
		}
		with, none := PlanMove(h, movesLeft, pd.history), PlanMove(h, movesLeft, history{})
		if with.Soft > none.Soft || with.Hard > none.Hard || with.Soft < none.Soft/2 || with.Hard < none.Hard/2 {
			t.Fatalf("PlanMove(GAME %v, %d) with %+v = %+v, want within half of %+v and no more", secs, movesLeft, pd.history, with, none)
		}
		measured := float64(overheadNs%4000) / 1000 // a node's measured time: any ratio, negative ones too
		next := pd.history.next(h, time.Duration(overheadNs), measured)
		log.Reset()
		back := parsePlaydata(gamefile.SplitLines(string(formatPlaydata("halma", next, pd.game))), "halma", h, &log)
		if log.Len() > 0 || back.history != next || next.moves != min(pd.history.moves+1, maxPlaydataMoves) {
			t.Fatalf("playdata written from %+v reads back %+v, log %q; want %+v", pd.history, back.history, log.String(), next)
		}
	})
}

// FuzzCalibration: whatever calibration.txt holds, the rate the agent uses is a plausible
// one ([minRate, maxRate]) read from the file with nothing said, or the game's default with
// one line saying so.
func FuzzCalibration(f *testing.F) {
	addSeeds(f, "calibration.txt", func(data []byte) {
		f.Add(bytes.ReplaceAll(data, []byte("halma."), []byte("fake.")))
	})
	for _, data := range []string{
		"", CalibrationVersion, CalibrationVersion + "\nfake.nodes_per_second 2500000\n",
		CalibrationVersion + "\nfake.nodes_per_second NaN\n",
		CalibrationVersion + "\nfake.nodes_per_second 1e300\n",
		CalibrationVersion + "\nfake.nodes_per_second\t0x1p20\n",
		CalibrationVersion + "\r\nfake.nodes_per_second 1000 \r\n",
		CalibrationVersion + "\nfake.nodes_per_secondx 5e6\nfake.nodes_per_second 1e3\n",
	} {
		f.Add([]byte(data))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var log bytes.Buffer
		rate := parseCalibration(gamefile.SplitLines(string(data)), fakeGame{}, &log)
		msg := log.String()
		switch {
		case msg == "" && !PlausibleRate(rate):
			t.Fatalf("parseCalibration(%q) = %v, said nothing: want a rate in [%v, %v]", data, rate, minRate, maxRate)
		case msg != "" && rate != fakeGame{}.DefaultRate():
			t.Fatalf("parseCalibration(%q) = %v, log %q: want the default %v", data, rate, msg, fakeGame{}.DefaultRate())
		case msg != "" && (!strings.HasPrefix(msg, "calibration.txt") || !strings.HasSuffix(msg, "; using the default speed\n") || strings.Count(msg, "\n") != 1):
			t.Fatalf("parseCalibration(%q) log %q: want one line naming calibration.txt and the default", data, msg)
		}
	})
}
