// Command halma plays the Halma move in input.txt. Run `halma -h`.
package main

import (
	"os"

	"gameagents/internal/agent"
	"gameagents/internal/command"
	"gameagents/internal/halma"
)

func main() {
	command.Exit(command.GameMain("halma", []agent.Game{halma.Game{}}, os.Args[1:], os.Stdout, os.Stderr))
}
