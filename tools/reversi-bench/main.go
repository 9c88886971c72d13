// Command reversi-bench measures the Reversi code of this working tree against an earlier
// commit side by side in one run: perft from the start and an FFO subset, alternating
// runs, medians and ratios. The work is in internal/reversi/benchcmp.
//
//	go run ./tools/reversi-bench [-base REV] [-runs N] [-perft D] [-ffo A-B]
package main

import (
	"os"

	"gameagents/internal/reversi/benchcmp"
)

func main() {
	os.Exit(benchcmp.Main(os.Args[1:], os.Stdout, os.Stderr))
}
