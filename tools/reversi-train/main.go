// Command reversi-train builds the Reversi pattern evaluation's weights: "gen" writes
// labelled self-play positions, "fit" fits internal/reversi/weights.bin to them, "eval"
// reports a weights file's error on a data file. The work is in internal/reversi/train.
package main

import (
	"os"

	"gameagents/internal/reversi/train"
)

func main() {
	os.Exit(train.Main(os.Args[1:], os.Stdout, os.Stderr))
}
