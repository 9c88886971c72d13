// Command calibrate measures this machine's search speed for every game and writes
// calibration.txt. Run `calibrate -h`.
package main

import (
	"os"

	"gameagents/internal/command"
)

func main() { command.Exit(command.CalibrateMain(command.Games, os.Args[1:], os.Stdout, os.Stderr)) }
