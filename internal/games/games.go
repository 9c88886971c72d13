// Package games lists every game of the project, for the binaries that play or judge them
// all (homework, calibrate) and for the tests that go over every game. The single-game
// binaries do not import it: a binary links only the games it plays, so that it starts as
// fast as it can (at SINGLE 0.01 s the Go runtime's start-up is most of the move).
//
// Each game has one adapter, its package's Game, registered once, in All: the move
// lifecycle sees it as an agent.Game and the referee, the validator and the pictures as a
// rules.Game.
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

// Game is a game's one adapter: what an agent plays and what a referee judges.
type Game interface {
	agent.Game
	rules.Game
}

// All lists every game, in recognition order (gamefile.Recognize tries them in turn).
var All = []Game{halma.Game{}, reversi.Game{}, hive.Game{}, quoridor.Game{}, streky.Game{}}

// Agents is All for the move lifecycle: the games the umbrella binary plays.
var Agents = agentsOf(All)

// Judges is All for the referee and the validator.
var Judges = judgesOf(All)

func agentsOf(all []Game) []agent.Game {
	out := make([]agent.Game, len(all))
	for i, g := range all {
		out[i] = g
	}
	return out
}

func judgesOf(all []Game) []rules.Game {
	out := make([]rules.Game, len(all))
	for i, g := range all {
		out[i] = g
	}
	return out
}
