// Package benchset writes the SINGLE benchmark sets: for each game, Size input.txt files of
// positions from real games, internal/<game>/testdata/single-bench/001.txt to 200.txt, which
// the contract test TestSingleBench runs through the game's binary as a grader would. The
// games' data tools (TestWriteSingleBench, TestExtractReversiBench) collect the positions;
// Write spreads the set evenly over them, so that it samples every phase of the games.
package benchset

import (
	"fmt"
	"os"
	"path/filepath"

	"gameagents/internal/gamefile"
)

// Size is the number of positions in a set.
const Size = 200

// Write replaces the set in dir (created if need be) with Size of inputs, the i-th being
// inputs[i*len(inputs)/Size]. It fails, writing nothing, when there are fewer than Size.
func Write(dir string, inputs [][]byte) error {
	if len(inputs) < Size {
		return fmt.Errorf("only %d positions for a set of %d", len(inputs), Size)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	old, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
	for _, f := range old {
		if err := os.Remove(f); err != nil {
			return err
		}
	}
	for i := range Size {
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%03d.txt", i+1)), inputs[i*len(inputs)/Size], 0o644); err != nil {
			return err
		}
	}
	return nil
}

// Read returns the lines of every input of the set in dir, in file order, with each file's
// path; it fails when the set is missing or a file cannot be read.
func Read(dir string) (paths []string, inputs [][]gamefile.Line, err error) {
	paths, err = filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil || len(paths) == 0 {
		return nil, nil, fmt.Errorf("no benchmark set in %s", dir)
	}
	for _, p := range paths {
		lines, err := gamefile.ReadLines(p)
		if err != nil {
			return nil, nil, err
		}
		inputs = append(inputs, lines)
	}
	return paths, inputs, nil
}
