// Package train builds the pattern evaluation's weights (reversi.PatternWeights): it
// generates labelled positions by self-play and exact endgame solving, and fits the
// pattern tables to them by regularised least squares, one phase at a time.
//
// Data recipe (Logistello's, M. Buro, "Experiments with Multi-ProbCut and a New
// High-Quality Evaluation Function for Othello", 1997, where the games came from
// Logistello's own play and the labels from its endgame solver): a game opens with a
// random number of uniformly random moves, for variety, then both sides play a cheap
// ε-greedy player (a one-ply search on a small hand evaluation, or on an earlier fit,
// whose games look more like those the engine plays; with probability ε a random
// move). When the game reaches E empties the position is solved exactly; every
// earlier position is labelled with that exact score, seen from its own side to move
// (the result of the game if it had been finished perfectly from E empties). The game
// then goes on with the cheap player, and every later position is solved exactly and
// labelled with its own score. Each game is seeded from the run's seed and its number,
// so a data file is reproducible from its command line (and a prefix of the games is
// the same file's prefix).
//
// Optional further rounds (bootstrapping, relabel.go): the positions before E empties are
// relabelled with a search's value under the previous fit (plain negamax, or the
// engine's own search, which makes 4 to 6 plies affordable), and the fit is redone.
// Positions off the games' lines (branch.go) can join a round: after another move than
// the one played, labelled by such a search alone, like the leaves the search reads.
//
// Fitting: for each phase, ridge regression (least squares with an L2 penalty) of the
// labels on the sparse 0/1 feature vectors (one 1 per pattern instance, mobility and
// bias), solved by conjugate gradients on the normal equations (CGLS; Hestenes and
// Stiefel 1952, Paige and Saunders 1982). A phase also learns from the positions a few
// empties either side of its own range, which smooths the step between phases when
// data is thin. Games are split into training and test sets by game number, since
// positions of one game are strongly correlated.
package train

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"math/bits"

	"gameagents/internal/reversi"
)

// Sample is one labelled position.
type Sample struct {
	Board reversi.Board
	Score int8   // final disc difference for the side to move
	Exact bool   // Score is this position's perfect-play score (else the game's from E empties)
	Game  uint32 // the game it came from
}

// Empties is the number of empty squares of the sample's position.
func (s Sample) Empties() int { return bits.OnesCount64(^(s.Board.Own | s.Board.Opp)) }

// The data file: the 8-byte magic, then 22-byte records: own, opp (uint64 LE), score
// (int8), flags (bit 0: exact), game (uint32 LE).
const (
	dataMagic  = "RVPDATA1"
	recordSize = 22
)

// Writer writes a data file.
type Writer struct {
	w   *bufio.Writer
	n   int64
	err error
}

// NewWriter writes the file header and returns a Writer; Flush it at the end.
func NewWriter(w io.Writer) *Writer {
	bw := bufio.NewWriterSize(w, 1<<16)
	_, err := bw.WriteString(dataMagic)
	return &Writer{w: bw, err: err}
}

// Write appends one sample.
func (w *Writer) Write(s Sample) error {
	if w.err != nil {
		return w.err
	}
	var r [recordSize]byte
	binary.LittleEndian.PutUint64(r[0:], s.Board.Own)
	binary.LittleEndian.PutUint64(r[8:], s.Board.Opp)
	r[16] = byte(s.Score)
	if s.Exact {
		r[17] = 1
	}
	binary.LittleEndian.PutUint32(r[18:], s.Game)
	_, w.err = w.w.Write(r[:])
	w.n++
	return w.err
}

// Count is the number of samples written.
func (w *Writer) Count() int64 { return w.n }

// Flush writes out buffered samples.
func (w *Writer) Flush() error {
	if w.err != nil {
		return w.err
	}
	return w.w.Flush()
}

// ReadAll reads a whole data file.
func ReadAll(r io.Reader) ([]Sample, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	if len(data) < len(dataMagic) || string(data[:len(dataMagic)]) != dataMagic {
		return nil, errors.New("not a reversi training data file (no RVPDATA1 magic)")
	}
	data = data[len(dataMagic):]
	if len(data)%recordSize != 0 {
		return nil, fmt.Errorf("data file truncated: %d bytes after the header, not a multiple of %d", len(data), recordSize)
	}
	out := make([]Sample, len(data)/recordSize)
	for i := range out {
		r := data[i*recordSize:]
		s := Sample{
			Board: reversi.Board{Own: binary.LittleEndian.Uint64(r), Opp: binary.LittleEndian.Uint64(r[8:])},
			Score: int8(r[16]),
			Exact: r[17]&1 != 0,
			Game:  binary.LittleEndian.Uint32(r[18:]),
		}
		if s.Board.Own&s.Board.Opp != 0 || s.Score < -64 || s.Score > 64 {
			return nil, fmt.Errorf("record %d is not a valid sample", i)
		}
		out[i] = s
	}
	return out, nil
}

// Renumber shifts the samples' game numbers so that the lowest becomes first, keeping
// their order and spacing; a shift that would take a number past the largest uint32 is an
// error and changes nothing.
func Renumber(samples []Sample, first uint) error {
	if len(samples) == 0 {
		return nil
	}
	lo, hi := samples[0].Game, samples[0].Game
	for _, s := range samples {
		lo, hi = min(lo, s.Game), max(hi, s.Game)
	}
	if first > math.MaxUint32 || uint64(first)+uint64(hi-lo) > math.MaxUint32 {
		return fmt.Errorf("games %d-%d from %d: past the largest game number %d", lo, hi, first, uint32(math.MaxUint32))
	}
	for i := range samples {
		samples[i].Game = samples[i].Game - lo + uint32(first)
	}
	return nil
}
