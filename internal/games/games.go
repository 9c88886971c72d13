// Package games lists every game of the project, for the binaries that play or judge them
// all (homework, calibrate) and for the tests that go over every game. The single-game
// binaries do not import it: a binary links only the games it plays, so that it starts as
// fast as it can (at SINGLE 0.01 s the Go runtime's start-up is most of the move).
package games

import (
	"gameagents/internal/agent"
	"gameagents/internal/halma"
	"gameagents/internal/hive"
	"gameagents/internal/quoridor"
	"gameagents/internal/reversi"
	"gameagents/internal/rules"
	"gameagents/internal/streky"
)

// Agents lists every game the umbrella binary plays, in recognition order.
var Agents = []agent.Game{halma.Game{}, reversi.Game{}, hive.Game{}, quoridor.Game{}, streky.Game{}}

// Judges lists every game the referee and the validator know, in recognition order.
var Judges = []rules.Game{halma.Judge{}, reversi.Judge{}, hive.Judge{}, quoridor.Judge{}, streky.Judge{}}
