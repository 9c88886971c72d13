package sandbox

// Finding processes, for checking that nothing a box ran outlives it.

import (
	"bytes"
	"os"
	"strconv"
	"strings"
)

// ProcessesWith returns the pids of the processes whose command line holds marker.
func ProcessesWith(marker string) []int {
	return scanProcs(func(pid int) bool {
		cmdline, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/cmdline")
		return err == nil && bytes.Contains(bytes.ReplaceAll(cmdline, []byte{0}, []byte{' '}), []byte(marker))
	})
}

// processesInGroup returns the pids of the processes of process group pgid.
func processesInGroup(pgid int) []int {
	return scanProcs(func(pid int) bool {
		stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
		if err != nil {
			return false
		}
		// pid (comm) state ppid pgrp ...: comm may hold spaces, so read after its ")".
		i := bytes.LastIndexByte(stat, ')')
		f := strings.Fields(string(stat[i+1:]))
		return len(f) > 2 && f[2] == strconv.Itoa(pgid)
	})
}

func scanProcs(match func(pid int) bool) []int {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	var pids []int
	self := os.Getpid()
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err == nil && pid != self && match(pid) {
			pids = append(pids, pid)
		}
	}
	return pids
}
