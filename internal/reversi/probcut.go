package reversi

// ProbCut (M. Buro, "ProbCut: An Effective Selective Extension of the Alpha-Beta
// Algorithm", ICCA Journal 1995; the multi-depth form in "Experiments with Multi-ProbCut and
// a New High-Quality Evaluation Function for Othello", 1997): the value of a deep search
// is predicted by a shallow one, v_deep ≈ v_shallow + e with e roughly normal of spread
// σ(depth, empties). At a node searched depth plies deep, a null-window search of
// probCutDepth(depth) plies that shows v_shallow ≥ β + t·σ makes v_deep ≥ β likely enough
// to cut without the deep search (and v_shallow ≤ α − t·σ likewise fails low).
//
// Here the model is v_deep = v_shallow + μ + e (slope 1): the shallow depth has the deep
// one's parity, so the evaluation's odd-even swing mostly cancels, but not wholly (the mean
// difference μ reaches −3 discs for some even depths in the middle game). μ and σ are
// measured by TestProbCutSigma on the SINGLE benchmark positions (positions of real games)
// and their children, and kept in probCutMean and probCutSigma per depth and stage.
//
// Invariants: a node whose search reaches the end of the game (depth ≥ its empty squares)
// is never cut, so a search to the end stays exact; the shallow searches are ordinary
// negamax calls (their own nodes may cut in turn, which is Buro's recursive form) and
// count against the same node budget; nothing is allocated.

import "math/bits"

const (
	// probCutMinDepth: nodes searched at least this deep try the cut.
	probCutMinDepth = 3
	// probCutMaxSigmaDepth: the deepest depth σ was measured for; deeper searches use it.
	probCutMaxSigmaDepth = 10
	// probCutT: the cut's confidence, in tenths of σ. 1.0 σ rather than 1.5: at equal
	// nodes +19 Elo [+8, +31] (1,200 arena games), and at SINGLE 0.2 s an SPRT [0, 10]
	// against 1.5 σ accepted it after 1,300 pairs (+12 Elo [+4, +21]); 0.7 σ was worse
	// than 1.0 (RESULTS.md, "ProbCut's confidence").
	probCutT = 10
)

// probCutDepth is the shallow search's depth for a deep one of depth plies: about half,
// with the same parity.
func probCutDepth(depth int) int {
	return depth/4*2 + depth&1
}

// probCutStage buckets the empty squares for σ: the error shrinks as the game nears its end.
func probCutStage(empties int) int {
	return min(empties/12, probCutStages-1)
}

const probCutStages = 5

// probCutModel returns μ and t·σ for a node depth plies deep with empties empty squares,
// in 1/100 disc, t in tenths.
func probCutModel(depth, empties int, t int32) (mean, margin int32) {
	d, st := min(depth, probCutMaxSigmaDepth), probCutStage(empties)
	return int32(probCutMean[d][st]), int32(probCutSigma[d][st]) * t / 10
}

// probCut tries the cut at a node of b (whose legal moves are moves) searched depth plies
// deep in the window (alpha, beta): it returns the bound to return and true when a shallow
// search predicts the deep one fails high (beta) or low (alpha).
func (e *Engine) probCut(b Board, moves uint64, depth int, alpha, beta int32) (int32, bool) {
	empties := bits.OnesCount64(^(b.Own | b.Opp))
	if depth < probCutMinDepth || depth >= empties {
		return 0, false
	}
	shallow := probCutDepth(depth)
	t := e.ProbCutT
	if t == 0 {
		t = probCutT
	}
	mean, margin := probCutModel(depth, empties, t)
	const most = 64 * discScore
	if up := beta - mean + margin; up <= most {
		v := e.node(b, moves, shallow, up-1, up, false)
		if e.budget.Stopped {
			return 0, true
		}
		if v >= up {
			return beta, true
		}
	}
	if down := alpha - mean - margin; down >= -most {
		v := e.node(b, moves, shallow, down, down+1, false)
		if e.budget.Stopped {
			return 0, true
		}
		if v <= down {
			return alpha, true
		}
	}
	return 0, false
}

// probCutMean[depth][stage] and probCutSigma[depth][stage] are the mean and the standard
// deviation of v(depth) − v(probCutDepth(depth)) in 1/100 disc, by stage of the game
// (probCutStage: empties 0–11, 12–23, 24–35, 36–47, 48–60), as TestProbCutSigma printed
// them with the weights w7new, committed before wF (the tables for wF are in test on the
// branch reversi-wF-sigma); rows below probCutMinDepth are unused.
var probCutMean = [probCutMaxSigmaDepth + 1][probCutStages]int16{
	3:  {27, 58, 80, 17, -19},   // positions: 206, 385, 493, 488, 247
	4:  {-32, -5, 22, 110, 59},  // positions: 206, 385, 493, 488, 247
	5:  {78, 91, 50, -3, -30},   // positions: 206, 385, 493, 488, 247
	6:  {-63, -26, 5, 292, 101}, // positions: 206, 385, 493, 488, 247
	7:  {71, 138, 79, -76, -68}, // positions: 206, 385, 493, 488, 247
	8:  {-87, 3, 6, 225, 102},   // positions: 187, 385, 493, 488, 247
	9:  {10, 87, 53, 4, -163},   // positions: 119, 385, 493, 488, 247
	10: {-7, 13, 3, 220, 103},   // positions: 50, 385, 493, 488, 247
}
var probCutSigma = [probCutMaxSigmaDepth + 1][probCutStages]int16{
	3:  {421, 365, 316, 213, 119}, // positions: 206, 385, 493, 488, 247
	4:  {440, 327, 281, 199, 107}, // positions: 206, 385, 493, 488, 247
	5:  {358, 335, 290, 233, 94},  // positions: 206, 385, 493, 488, 247
	6:  {551, 415, 376, 356, 135}, // positions: 206, 385, 493, 488, 247
	7:  {456, 409, 352, 398, 133}, // positions: 206, 385, 493, 488, 247
	8:  {473, 385, 320, 415, 114}, // positions: 187, 385, 493, 488, 247
	9:  {454, 341, 287, 369, 245}, // positions: 119, 385, 493, 488, 247
	10: {602, 425, 354, 437, 219}, // positions: 50, 385, 493, 488, 247
}
