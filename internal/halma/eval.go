package halma

// Evaluation: Halma without captures is a race, so a position is judged by how far each
// side still has to go.
//
// A piece's distance is its Manhattan distance to the far corner of the camp it must fill
// (0..30): a diagonal step gains 2, a diagonal hop 4, and pieces deep in the target camp
// score lowest, which also pulls arrived pieces inwards to make room for the last ones. The
// cost of a distance is convex (d·(unit) + d²·(laggard weight)), so the search prefers to
// bring up the rearmost pieces, which decide when the race ends, over running ahead with
// the front ones.
//
// The distance the evaluation charges (MetricDiagonal, the default) is max(dx, dy) +
// (dx+dy)/2: the same as the Manhattan distance on the diagonal through the corner, half
// as much again along an edge. Manhattan distance (MetricManhattan, Features.Metric)
// counts a piece on the edge row as near as one on the diagonal with half its steps to
// go, though both need the same number of moves (every step or hop may be diagonal); the
// diagonal metric charges the difference, so pieces travel down the middle, where the
// hops are. Its SPRT against the Manhattan build accepted it (RESULTS.md).
//
// Spoiled or crowded camps: only as many pieces as the target camp has free squares are
// needed there. With more pieces outside than free squares (the opponent keeps pieces at
// home, or a board has extra pieces), the nearest ones are charged in full and the rest at
// a small weight, so the engine fills holes instead of queueing pieces that can never
// enter. On the standard board the two counts are equal and every piece counts.
//
// The score is the opponent's cost minus the mover's: positive means the side to move is
// ahead. Wins are scored by the search, not here.

const (
	maxDist      = 30
	distUnit     = 16 // cost of one unit of distance
	laggardQuad  = 1  // weight of d² in the cost: rear pieces first
	excessWeight = 4  // a piece beyond what the camp can take costs 1/excessWeight
	// WinScore is the score of a won position; wins sooner score higher.
	WinScore = 1_000_000
)

// Distance metrics (Features.Metric).
const (
	MetricDiagonal  = iota // max(dx, dy) + (dx+dy)/2: the default
	MetricManhattan        // dx + dy
	MetricSteps            // 2·max(dx, dy): twice the single steps to the corner
	MetricMild             // max(dx, dy)/2 + 3(dx+dy)/4: a quarter again along an edge
	metrics
)

// metricDistance[m][c][sq]: the distance under metric m from sq to the far corner of the
// camp c must fill.
var metricDistance [metrics][2][numCells]uint8

// cost[d]: the convex cost of a piece at distance d.
var cost [maxDist + 1]int32

func init() {
	for y := 0; y < Size; y++ {
		for x := 0; x < Size; x++ {
			sq := Sq(x, y)
			metricDistance[MetricManhattan][Black][sq] = uint8((Size - 1 - x) + (Size - 1 - y))
			metricDistance[MetricManhattan][White][sq] = uint8(x + y)
			metricDistance[MetricDiagonal][Black][sq] = diagonalDistance(Size-1-x, Size-1-y)
			metricDistance[MetricDiagonal][White][sq] = diagonalDistance(x, y)
			metricDistance[MetricSteps][Black][sq] = uint8(2 * max(Size-1-x, Size-1-y))
			metricDistance[MetricSteps][White][sq] = uint8(2 * max(x, y))
			metricDistance[MetricMild][Black][sq] = mildDistance(Size-1-x, Size-1-y)
			metricDistance[MetricMild][White][sq] = mildDistance(x, y)
		}
	}
	for d := range cost {
		cost[d] = int32(d*distUnit + d*d*laggardQuad)
	}
}

// diagonalDistance is MetricDiagonal's distance of a square dx, dy from the corner: at
// most maxDist, as the Manhattan distance.
func diagonalDistance(dx, dy int) uint8 { return uint8(max(dx, dy) + (dx+dy)/2) }

// mildDistance is MetricMild's distance of a square dx, dy from the corner, rounded.
func mildDistance(dx, dy int) uint8 { return uint8((2*max(dx, dy) + 3*(dx+dy) + 2) / 4) }

// Distance returns the Manhattan distance of sq from the far corner of the camp c fills.
func Distance(c Color, sq Square) int { return int(metricDistance[MetricManhattan][c][sq]) }

// raceCost is what side c still has to travel, in cost units.
func raceCost(b *Board, c Color, metric int) int32 {
	dist := &metricDistance[metric][c]
	var hist [maxDist + 1]uint8 // pieces outside the target camp by distance
	target := &campOf[c.Other()]
	var total int32
	outside := 0
	for _, sq := range b.Pieces(c) {
		d := dist[sq]
		if target[sq] {
			total += cost[d]
			continue
		}
		hist[d]++
		outside++
	}
	free := CampSize - b.campOcc[c]
	if outside <= free {
		for d, n := range hist {
			total += int32(n) * cost[d]
		}
		return total
	}
	// More pieces outside than free squares: the nearest `free` count in full.
	need := free
	for d, n := range hist {
		full := min(int(n), need)
		need -= full
		total += int32(full)*cost[d] + int32(int(n)-full)*cost[d]/excessWeight
	}
	return total
}

// Evaluate scores b for side c to move: positive when c is ahead in the race.
func Evaluate(b *Board, c Color) int32 { return evaluate(b, c, MetricDiagonal) }

// evaluate is Evaluate under the distance metric given.
func evaluate(b *Board, c Color, metric int) int32 {
	return raceCost(b, c.Other(), metric) - raceCost(b, c, metric)
}

// moveGain is the cost side c saves by moving a piece from one square to another, ignoring
// the camp-capacity rule: the search's ordering key and the agent's move before it
// searches (the reference player greedy judges by its own evaluation, players.go).
func moveGain(c Color, m Move) int32 { return metricGain(MetricDiagonal, c, m) }

// metricGain is moveGain under the distance metric given.
func metricGain(metric int, c Color, m Move) int32 {
	dist := &metricDistance[metric][c]
	return cost[dist[m.From]] - cost[dist[m.To]]
}
