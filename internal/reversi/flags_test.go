package reversi

import "flag"

func flagFFO() *bool {
	return flag.Bool("ffo", false, "solve FFO #40-#49 (minutes)")
}

var ffoCount = flag.Int("ffo-count", 10, "with -ffo: how many of FFO #40-#49 to solve")
