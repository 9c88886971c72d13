// Command reversi plays the Reversi move in input.txt. Run `reversi -h`.
package main

import (
	"os"

	"gameagents/internal/agent"
	"gameagents/internal/command"
	"gameagents/internal/reversi"
)

func main() {
	command.Exit(command.GameMain("reversi", []agent.Game{reversi.Game{}}, os.Args[1:], os.Stdout, os.Stderr))
}
