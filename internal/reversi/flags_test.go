package reversi

import "flag"

func flagFFO() *bool {
	return flag.Bool("ffo", false, "solve FFO #40-#49 (minutes)")
}
