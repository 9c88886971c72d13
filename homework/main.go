// Command homework plays whichever game input.txt holds (the name the Halma grader
// requires); its subcommands serve people. Run `homework help`.
package main

import (
	"os"

	"gameagents/internal/command"
	"gameagents/internal/command/homework"
	"gameagents/internal/games"
)

func main() {
	command.Exit(homework.Main(games.Agents, games.Judges, os.Args[1:], os.Stdout, os.Stderr))
}
