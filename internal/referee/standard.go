package referee

// Standard records: beside its own record, a game whose Match can write its community's
// format leaves the game in it too, for other programs to read: Othello's GGF
// (<out>/game-NN.ggf, rules.GGFMatch), which holds the agents' names by colour, the moves
// with the CPU time each was charged, the clock (GAME mode) and the result when the rules
// decided the game (a game lost on time or by a bad move has RE[?]; its record says why);
// Hive's base game as a UHP game string (<out>/game-NN.uhp, rules.UHPMatch), which holds
// the moves and the state the rules reached (a game lost otherwise stays InProgress).

import (
	"fmt"
	"strconv"
	"strings"

	"gameagents/internal/gamefile"
	"gameagents/internal/rules"
)

// GGFPath is where the GGF record of game n of the match cfg goes: <out>/game-NN.ggf.
func GGFPath(cfg *Config, n int) string { return gameDir(cfg, n) + ".ggf" }

// UHPPath is where the UHP game string of game n of the match cfg goes: <out>/game-NN.uhp.
func UHPPath(cfg *Config, n int) string { return gameDir(cfg, n) + ".uhp" }

// writeStandard writes the game's standard record, if its match has one; seconds holds the
// CPU time of each move played on the match (0 for the referee's opening moves).
func writeStandard(g *GameInfo, seconds []float64) error {
	if um, ok := g.Match.(rules.UHPMatch); ok {
		return gamefile.WriteAtomic(UHPPath(g.Config, g.Number), []byte(um.UHPGameString()+"\n"))
	}
	gm, ok := g.Match.(rules.GGFMatch)
	if !ok {
		return nil
	}
	cfg, r := g.Config, g.Result
	props := [][2]string{{"PC", "homework referee"}}
	for side, key := range []string{"PB", "PW"} {
		for a := range 2 {
			if r.Side[a] == side {
				props = append(props, [2]string{key, cfg.Agents[a].Name})
			}
		}
	}
	result := "?"
	if sc, ok := g.Match.(rules.GTPScorer); ok && (r.Ending == EndWin || r.Ending == EndDraw) {
		if score, over := sc.GTPFinalScore(); over {
			result = ggfResult(score)
		}
	}
	props = append(props, [2]string{"RE", result})
	if cfg.Mode == gamefile.GameClock {
		props = append(props, [2]string{"TI", ggfClock(cfg.Seconds)})
	}
	return gamefile.WriteAtomic(GGFPath(cfg, g.Number), []byte(gm.GGF(props, seconds)+"\n"))
}

// ggfResult turns final_score's "B+4", "W+2", "0" into GGF's result, Black's margin:
// "+4.000", "-2.000", "0.000".
func ggfResult(score string) string {
	if score == "0" {
		return "0.000"
	}
	n, err := strconv.Atoi(score[min(2, len(score)):])
	if err != nil || len(score) < 3 || score[1] != '+' {
		return "?"
	}
	if strings.HasPrefix(score, "W") {
		n = -n
	}
	return fmt.Sprintf("%+d.000", n)
}

// ggfClock writes seconds as GGF's clocks do: "h:mm:ss", "m:ss", with a fraction if any.
func ggfClock(s float64) string {
	whole := int64(s)
	frac := strings.TrimPrefix(strconv.FormatFloat(s-float64(whole), 'f', -1, 64), "0")
	h, m, sec := whole/3600, whole/60%60, whole%60
	if h > 0 {
		return fmt.Sprintf("%d:%02d:%02d%s", h, m, sec, frac)
	}
	return fmt.Sprintf("%d:%02d%s", m, sec, frac)
}
