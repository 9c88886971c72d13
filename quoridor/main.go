// Command quoridor plays the Quoridor-variant move in input.txt. Run `quoridor -h`.
package main

import (
	"os"

	"gameagents/internal/agent"
	"gameagents/internal/command"
	"gameagents/internal/quoridor"
)

func main() {
	command.Exit(command.GameMain("quoridor", []agent.Game{quoridor.Game{}}, os.Args[1:], os.Stdout, os.Stderr))
}
