package quoridor

// The evaluation: a race. Each player needs at least its shortest-path length of moves to
// win, so the difference of the two lengths is the heart of it; the side to move is half a
// step ahead (it moves first: with equal paths and no walls it arrives first); and a wall in
// hand is worth part of a step, as a threat of lengthening the other path, up to a cap
// beyond which more walls rarely get used. The lengths are the exact shortest paths of the
// path rule (ignoring the other player), which the search carries from node to node.

// Weights are the evaluation's terms, in the same unit.
type Weights struct {
	Step    int32 // per step of shortest-path difference
	Tempo   int32 // for the side to move
	Wall    int32 // per wall in hand, more than the other player's
	WallCap int   // walls in hand beyond this many count as this many
}

// DefaultWeights are the weights the agent plays with. Step is the unit: scores read as
// hundredths of a step. A wall in hand is worth two steps, measured with the arena (20 games
// each, 9×9, 10 walls): against greedy at 200,000 nodes a move, Wall 40 won 14 of 20 (and 8
// of 20 on 11×11 with 10 initial walls), 80 15, 120 18, 160 and 200 all 20 (200 all 20 on
// 11×11 too); at 100,000 nodes, 200 against 160 scored 57.5% ± 10.4% and 300 against 200
// 27.5% ± 9.2%. A cheap wall is spent early and leaves its owner defenceless against the
// other's walls. Tempo 0 or 100 instead of 50 scored 50% and 47.5% ± 10% against 50.
var DefaultWeights = Weights{Step: 100, Tempo: 50, Wall: 200, WallCap: 10}

// score is the evaluation for side, given both players' shortest-path lengths and walls left.
func (w *Weights) score(side int, dist [2]int32, walls [2]int) int32 {
	other := side ^ 1
	own, their := min(walls[side], w.WallCap), min(walls[other], w.WallCap)
	return w.Step*(dist[other]-dist[side]) + w.Tempo + w.Wall*int32(own-their)
}
