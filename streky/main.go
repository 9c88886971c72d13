// Command streky plays the ŠTREKY move in input.txt. Run `streky -h`.
package main

import (
	"os"

	"gameagents/internal/agent"
	"gameagents/internal/command"
	"gameagents/internal/streky"
)

func main() {
	command.Exit(command.GameMain("streky", []agent.Game{streky.Game{}}, os.Args[1:], os.Stdout, os.Stderr))
}
