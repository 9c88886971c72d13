package reversi

// BenchPosition is a position for calibration and benchmarks.
type BenchPosition struct {
	Name  string
	Board Board
}

// CalibrationPositions returns the positions the calibration and the benchmarks search:
// the initial position and two mid-game positions reached from it by seeded random moves
// (20 and 36 plies: 40 and 24 empty squares), so that they need no data file.
func CalibrationPositions() []BenchPosition {
	return []BenchPosition{
		{"start", Start()},
		{"midgame-20", randomPlayout(20)},
		{"midgame-36", randomPlayout(36)},
	}
}

// randomPlayout plays plies seeded random moves (RandomMove) from the initial position,
// passing when it must.
func randomPlayout(plies int) Board {
	b := Start()
	for i := 0; i < plies; i++ {
		if b.Moves() == 0 {
			b = b.Pass()
			continue
		}
		b = b.Play(RandomMove(b))
	}
	return b
}
