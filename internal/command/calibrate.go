package command

import (
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"time"

	"gameagents/internal/agent"
	"gameagents/internal/clock"
	"gameagents/internal/gamefile"
)

// CalibrateMain measures each game's search speed on this machine, on the process CPU
// clock, and writes calibration.txt; name is the command as its usage names it
// ("calibrate", "homework calibrate").
func CalibrateMain(name string, games []agent.Game, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	dir := fs.String("dir", ".", "where to write calibration.txt")
	seconds := fs.Float64("seconds", 1, fmt.Sprintf("CPU seconds of measuring per game, %v to %v", minCalibrateSeconds, maxCalibrateSeconds))
	usage := func(w io.Writer) {
		fmt.Fprintf(w, "usage: %s [-dir DIR] [-seconds S]\n\nMeasures how many search nodes per CPU second this machine does for each game\nand writes calibration.txt, which every agent reads.\n\n", name)
		PrintDefaults(fs, w)
	}
	if status, ok := ParseFlags(fs, args, usage, stdout, stderr); !ok {
		return status
	}
	// Everything that can be wrong with the arguments is said before measuring, which
	// takes seconds.
	if problem := calibrateArgsProblem(fs, *dir, *seconds); problem != "" {
		fmt.Fprintf(stderr, "calibrate: %s\n", problem)
		usage(stderr)
		return 2
	}
	clk := clock.Process{}
	rates := map[string]float64{}
	var names []string
	for _, g := range games {
		m := measure(g, clk, time.Duration(*seconds*float64(time.Second)))
		rate := m.rate
		if !agent.PlausibleRate(rate) {
			fmt.Fprintf(stderr, "calibrate: %s measured %.0f nodes per CPU second, which no agent would believe; calibration.txt not written\n", g.Name(), rate)
			return 1
		}
		rates[g.Name()] = rate
		names = append(names, g.Name())
		fmt.Fprintf(stdout, "%s: %.0f nodes per CPU second\n", g.Name(), rate)
		if note := m.unsteady(); note != "" {
			fmt.Fprintf(stderr, "calibrate: %s: %s\n", g.Name(), note)
		}
	}
	path := filepath.Join(*dir, "calibration.txt")
	if err := gamefile.WriteAtomic(path, agent.FormatCalibration(names, rates)); err != nil {
		fmt.Fprintf(stderr, "calibrate: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "wrote %s\n", path)
	return 0
}

// Bounds of -seconds: a shorter measure is mostly noise, a longer one has no use.
const (
	minCalibrateSeconds = 0.01
	maxCalibrateSeconds = 1000
)

// calibrateArgsProblem says what is wrong with calibrate's arguments, or "".
func calibrateArgsProblem(fs *flag.FlagSet, dir string, seconds float64) string {
	if fs.NArg() > 0 {
		return fmt.Sprintf("unexpected argument %q", fs.Arg(0))
	}
	if !(seconds >= minCalibrateSeconds && seconds <= maxCalibrateSeconds) {
		return fmt.Sprintf("-seconds %v: want a number of seconds from %v to %v", seconds, minCalibrateSeconds, maxCalibrateSeconds)
	}
	if err := gamefile.CheckWritable(dir); err != nil {
		return fmt.Sprintf("-dir %s: %v", dir, err)
	}
	return ""
}

// speed is what measure found: the rate over the whole measure, and the slowest and the
// fastest of its timed runs (each at least a tenth of it).
type speed struct {
	rate, slowest, fastest float64
}

// unsteadySpread: runs of one measure this far apart (the fastest over the slowest, less
// one) say the machine's speed changed during it. On a shared 2-core VM consecutive runs
// of a tenth of a second each were seen to differ by up to two thirds, in spells of about half a
// second (RESULTS.md, twenty-fifth session), so that a one-second measure read from 2.5 M
// to 3.8 M Reversi nodes a second.
const unsteadySpread = 0.25

// unsteady says, when the runs were too far apart to trust one short measure, what they
// were and what to do; "" when they agree.
func (s speed) unsteady() string {
	if s.slowest <= 0 || s.fastest/s.slowest-1 <= unsteadySpread {
		return ""
	}
	return fmt.Sprintf("the machine's speed changed while measuring (runs from %.0f to %.0f nodes per CPU second, %.0f%% apart); a longer measure (-seconds) averages such spells out; run it with nothing else running", s.slowest, s.fastest, (s.fastest/s.slowest-1)*100)
}

// measure grows the node count until a run takes a tenth of the time, then runs for the
// rest of it and divides.
func measure(g agent.Game, clk clock.Clock, span time.Duration) speed {
	nodes := int64(10_000)
	for {
		t0 := clk.Used()
		g.Calibrate(nodes)
		if clk.Used()-t0 >= span/10 || nodes > 1<<40 {
			break
		}
		nodes *= 2
	}
	var done int64
	var s speed
	start := clk.Used()
	last := start
	for last-start < span {
		n := g.Calibrate(nodes)
		done += n
		now := clk.Used()
		if dt := (now - last).Seconds(); dt > 0 {
			r := float64(n) / dt
			if s.slowest == 0 || r < s.slowest {
				s.slowest = r
			}
			s.fastest = max(s.fastest, r)
		}
		last = now
	}
	s.rate = float64(done) / (last - start).Seconds() // the clock's last reading ended the last run
	return s
}
