// Command calibrate measures this machine's search speed for every game and writes
// calibration.txt. Run `calibrate -h`.
package main

import (
	"os"

	"gameagents/internal/command"
	"gameagents/internal/games"
)

func main() {
	command.Exit(command.CalibrateMain("calibrate", games.Agents, os.Args[1:], os.Stdout, os.Stderr))
}
