// Command cpu-per-run runs agent commands many times in a directory, one at a time, and
// reports the CPU time (user+sys, as the kernel reports it to wait4, start-up included) of
// each run: median, 90th percentile and maximum. It measures what a grader charges a very
// short move, where the process's start-up is most of it (RESULTS.md, Halma, Time).
//
//	go run ./tools/cpu-per-run -n 100 -dir samples/halma/time-0.01 bin/halma /bin/true
//
// The agent writes its output.txt (and playdata.txt) into the directory: give it a copy.
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"
)

func main() {
	n := flag.Int("n", 100, "runs of each command")
	dir := flag.String("dir", ".", "the directory the commands run in (holding input.txt)")
	flag.Usage = func() {
		fmt.Fprintf(os.Stderr, "usage: cpu-per-run [-n N] [-dir DIR] COMMAND...\n\nRuns each command (a path, no arguments) N times in DIR and reports its CPU time per run.\n\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() == 0 || *n < 1 {
		flag.Usage()
		os.Exit(2)
	}
	for _, command := range flag.Args() {
		path := command
		if strings.ContainsRune(path, '/') { // relative to here, not to -dir
			if abs, err := filepath.Abs(path); err == nil {
				path = abs
			}
		}
		times, err := measure(path, *dir, *n)
		if err != nil {
			fmt.Fprintf(os.Stderr, "cpu-per-run: %s: %v\n", command, err)
			os.Exit(1)
		}
		slices.Sort(times)
		fmt.Printf("%s: %d runs, CPU median %s, 90th percentile %s, max %s\n", command, *n,
			ms(times[len(times)/2]), ms(times[len(times)*9/10]), ms(times[len(times)-1]))
	}
}

// measure runs command n times in dir and returns the user+sys time of each run.
func measure(command, dir string, n int) ([]time.Duration, error) {
	var times []time.Duration
	for range n {
		cmd := exec.Command(command)
		cmd.Dir = dir
		if err := cmd.Run(); err != nil {
			var exit *exec.ExitError
			if !errors.As(err, &exit) {
				return nil, err // it did not run: a non-zero exit status is still measured
			}
		}
		ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
		times = append(times, time.Duration(ru.Utime.Nano()+ru.Stime.Nano()))
	}
	return times, nil
}

// ms writes a duration in milliseconds to the hundredth.
func ms(d time.Duration) string { return fmt.Sprintf("%.2f ms", float64(d.Microseconds())/1000) }
