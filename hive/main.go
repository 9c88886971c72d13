// Command hive plays the Hive move in input.txt. Run `hive -h`.
package main

import (
	"os"

	"gameagents/internal/agent"
	"gameagents/internal/command"
	"gameagents/internal/hive"
)

func main() {
	command.Exit(command.GameMain("hive", []agent.Game{hive.Game{}}, os.Args[1:], os.Stdout, os.Stderr))
}
