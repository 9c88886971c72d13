// Command reversi-review finds where Reversi games were decided: it solves every position
// of referee records or GGF games from a number of empties to the end and reports each
// move's cost, the moves that changed the exact result and each player's tallies. The work
// is in internal/reversi/review.
//
//	go run ./tools/reversi-review [-from E] [-nodes N] [-workers W] FILE...
package main

import (
	"os"

	"gameagents/internal/reversi/review"
)

func main() {
	os.Exit(review.Main(os.Args[1:], os.Stdout, os.Stderr))
}
