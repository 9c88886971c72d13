package train

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"gameagents/internal/gamefile"
	"gameagents/internal/reversi"
)

const usage = `usage: reversi-train <command> [flags]

commands:
  gen      play self-play games and write exactly labelled positions to a data file
  fit      fit pattern weights to a data file and write a weights file
  relabel  relabel the positions before the solved endgame with shallow search
           values under a fitted weights file (bootstrapping)
  blend    blend the labels of two labellings of one data set (the game results
           and a relabel's search values)
  branch   write, for each position before the solved endgame, the position after
           another of its moves (one its game did not play), for relabel to label
  join     add positions of a data set's own games (branch's, relabelled) to it,
           one data file for fit and eval
  renumber shift a data set's game numbers, to fit it beside another whose games
           share its numbers
  eval     report a weights file's error (and the baselines') on a data file
  average  write the entry-by-entry mean of weights files of the same phases
  book     grow the opening book (a deviation tree of the engine's searches) and
           write it as internal/reversi/book.bin reads it

Run reversi-train <command> -h for a command's flags. The steps and the data and
weights file formats are described in docs/developer-tools.md; the recipe of the
committed weights is in RESULTS.md (Reversi, Evaluation).
`

// Main runs the reversi-train command line and returns its exit status.
func Main(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	var err error
	switch args[0] {
	case "gen":
		err = genCmd(args[1:], stdout, stderr)
	case "fit":
		err = fitCmd(args[1:], stdout, stderr)
	case "relabel":
		err = relabelCmd(args[1:], stdout, stderr)
	case "blend":
		err = blendCmd(args[1:], stdout, stderr)
	case "renumber":
		err = renumberCmd(args[1:], stdout, stderr)
	case "branch":
		err = branchCmd(args[1:], stdout, stderr)
	case "join":
		err = joinCmd(args[1:], stdout, stderr)
	case "eval":
		err = evalCmd(args[1:], stdout, stderr)
	case "book":
		err = bookCmd(args[1:], stdout, stderr)
	case "average":
		err = averageCmd(args[1:], stdout, stderr)
	case "-h", "-help", "--help", "help":
		fmt.Fprint(stdout, usage)
		return 0
	default:
		fmt.Fprintf(stderr, "reversi-train: unknown command %q\n%s", args[0], usage)
		return 2
	}
	switch {
	case err == flag.ErrHelp:
		return 0
	case err != nil:
		fmt.Fprintf(stderr, "reversi-train %s: %v\n", args[0], err)
		return 1
	}
	return 0
}

func newFlags(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("reversi-train "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return fs
}

func genCmd(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("gen", stderr)
	cfg := DefaultGen
	fs.IntVar(&cfg.Games, "games", 1000, "number of games")
	fs.Uint64Var(&cfg.Seed, "seed", 1, "random seed: game g depends on (seed, g) only")
	fs.IntVar(&cfg.FirstGame, "first", 0, "number of the first game (to add games to a data set)")
	fs.IntVar(&cfg.MinRandom, "min-random", cfg.MinRandom, "fewest random opening plies")
	fs.IntVar(&cfg.MaxRandom, "max-random", cfg.MaxRandom, "most random opening plies")
	fs.Float64Var(&cfg.Epsilon, "epsilon", cfg.Epsilon, "probability of a random move after the opening")
	fs.IntVar(&cfg.SolveEmpties, "solve", cfg.SolveEmpties, "solve exactly from this many empties on")
	fs.IntVar(&cfg.SolverLogSize, "tt", cfg.SolverLogSize, "log2 of the solver's table entries")
	player := fs.String("player", "hand", "the player's evaluation: hand (a disc-square table and mobility) or a weights file")
	fs.IntVar(&cfg.Depth, "depth", 0, "the player searches this many plies with the engine (0: one ply, greedy by the evaluation; a positive depth needs -player FILE)")
	out := fs.String("out", "", "data file to write (required)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *out == "" || fs.NArg() != 0 {
		fs.Usage()
		return fmt.Errorf("need -out and no arguments")
	}
	if cfg.Depth > 0 && *player == "hand" {
		return fmt.Errorf("-depth %d: a searching player needs -player FILE, a weights file such as internal/reversi/weights.bin", cfg.Depth)
	}
	if *player != "hand" {
		w, err := reversi.ReadPatternWeights(*player)
		if err != nil {
			return fmt.Errorf("-player: %w", err)
		}
		cfg.Player = w
	}
	f, err := os.Create(*out)
	if err != nil {
		return err
	}
	defer f.Close()
	w := NewWriter(f)
	start := time.Now()
	cfg.ProgressEvery = max(1, cfg.Games/100)
	cfg.ProgressReport = func(games, samples int) {
		el := time.Since(start)
		eta := time.Duration(float64(el) * float64(cfg.Games-games) / float64(games))
		fmt.Fprintf(stderr, "gen: %d/%d games, %d positions, %v elapsed, ETA %v\n",
			games, cfg.Games, samples, el.Round(time.Second), eta.Round(time.Second))
	}
	if err := Generate(cfg, w.Write); err != nil {
		return err
	}
	if err := w.Flush(); err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "gen: wrote %d positions of %d games to %s in %v\n",
		w.Count(), cfg.Games, *out, time.Since(start).Round(time.Second))
	return nil
}

// readData reads the data files of a -data flag: one path, or several separated by commas,
// read in order as one data set (the halves of a recipe made with gen -first, relabelled
// on two cores). Files whose games share numbers are refused: the test set is chosen by
// game number, and one game twice would be a game in both sets or counted twice.
func readData(paths string) ([]Sample, error) {
	var all []Sample
	type span struct {
		path     string
		min, max uint32
	}
	var spans []span
	for _, path := range strings.Split(paths, ",") {
		s, err := readDataFile(path)
		if err != nil {
			return nil, err
		}
		if len(s) == 0 {
			continue
		}
		sp := span{path: path, min: s[0].Game, max: s[0].Game}
		for _, x := range s {
			sp.min, sp.max = min(sp.min, x.Game), max(sp.max, x.Game)
		}
		for _, o := range spans {
			if sp.min <= o.max && o.min <= sp.max {
				return nil, fmt.Errorf("%s (games %d-%d) and %s (games %d-%d): the files' games share numbers; make one with gen -first",
					o.path, o.min, o.max, path, sp.min, sp.max)
			}
		}
		spans = append(spans, sp)
		all = append(all, s...)
	}
	return all, nil
}

func readDataFile(path string) ([]Sample, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	s, err := ReadAll(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return s, nil
}

func fitCmd(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("fit", stderr)
	cfg := DefaultFit
	data := fs.String("data", "", "data file written by gen, or several separated by commas (required)")
	out := fs.String("out", "", "weights file to write (required), e.g. internal/reversi/weights.bin")
	fs.IntVar(&cfg.PhaseWidth, "width", cfg.PhaseWidth, "empties per phase")
	fs.IntVar(&cfg.Phases, "phases", cfg.Phases, "number of phases (the last takes all larger empties counts)")
	fs.IntVar(&cfg.Window, "window", cfg.Window, "a phase also fits positions this many empties beyond its range")
	fs.Float64Var(&cfg.Lambda, "lambda", cfg.Lambda, "L2 penalty")
	fs.IntVar(&cfg.Iterations, "iters", cfg.Iterations, "conjugate gradient iterations per phase")
	fs.BoolVar(&cfg.Precondition, "jacobi", cfg.Precondition, "precondition the conjugate gradients by each weight's count (converges in fewer iterations)")
	testEvery := fs.Uint("test-every", uint(cfg.TestEvery), "games numbered 0 mod this are the test set (0: none)")
	fs.Float64Var(&cfg.PriorWeight, "prior-weight", 0, "with -prior and -jacobi: the prior counts as this many times the data's positions (each weight's penalty grows with its count)")
	prior := fs.String("prior", "", "weights file to fit toward: the penalty is on the distance from its weights, not on their size (same phases)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *data == "" || *out == "" || fs.NArg() != 0 {
		fs.Usage()
		return fmt.Errorf("need -data and -out, and no arguments")
	}
	if *prior != "" {
		pw, err := reversi.ReadPatternWeights(*prior)
		if err != nil {
			return err
		}
		cfg.Prior = pw
	}
	cfg.TestEvery = uint32(*testEvery)
	start := time.Now()
	samples, err := readData(*data)
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "fit: %d positions read\n", len(samples))
	cfg.Log = func(format string, a ...any) { fmt.Fprintf(stderr, format+"\n", a...) }
	w, rep, err := Fit(samples, cfg)
	if err != nil {
		return err
	}
	buf, err := w.MarshalBinary()
	if err != nil {
		return err
	}
	if err := os.WriteFile(*out, buf, 0o644); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "fit: wrote %s (%d bytes) in %v; mean absolute errors in discs:\n\n%s",
		*out, len(buf), time.Since(start).Round(time.Second), FormatReport(rep))
	return nil
}

func averageCmd(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("average", stderr)
	out := fs.String("out", "", "weights file to write (required)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: reversi-train average -out FILE WEIGHTS WEIGHTS...")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *out == "" || fs.NArg() < 2 {
		fs.Usage()
		return fmt.Errorf("need -out and two or more weights files")
	}
	var ws []*reversi.PatternWeights
	for _, path := range fs.Args() {
		w, err := reversi.ReadPatternWeights(path)
		if err != nil {
			return err
		}
		ws = append(ws, w)
	}
	avg, err := Average(ws)
	if err != nil {
		return err
	}
	buf, err := avg.MarshalBinary()
	if err != nil {
		return err
	}
	if err := gamefile.WriteAtomic(*out, buf); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "average: wrote %s, the mean of %d weights files\n", *out, len(ws))
	return nil
}

func evalCmd(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("eval", stderr)
	data := fs.String("data", "", "data file written by gen, or several separated by commas (required)")
	weights := fs.String("weights", "", "weights file (default: the embedded internal/reversi/weights.bin)")
	testEvery := fs.Uint("test-every", uint(DefaultFit.TestEvery), "games numbered 0 mod this are the test set (1: all)")
	exact := fs.Bool("exact", false, "measure on exactly labelled positions only")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *data == "" || fs.NArg() != 0 {
		fs.Usage()
		return fmt.Errorf("need -data and no arguments")
	}
	w, err := loadWeights(*weights)
	if err != nil {
		return err
	}
	samples, err := readData(*data)
	if err != nil {
		return err
	}
	cfg := DefaultFit
	cfg.TestEvery = uint32(*testEvery)
	cfg.ExactOnly = *exact
	fmt.Fprintf(stdout, "mean absolute errors in discs:\n\n%s", FormatReport(Report(w, samples, cfg)))
	return nil
}

func loadWeights(path string) (*reversi.PatternWeights, error) {
	if path == "" {
		return reversi.DefaultPatternWeights(), nil
	}
	return reversi.ReadPatternWeights(path)
}

func relabelCmd(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("relabel", stderr)
	data := fs.String("data", "", "data file written by gen, or several separated by commas (required)")
	weights := fs.String("weights", "", "weights file of the earlier fit (default: the embedded weights)")
	depth := fs.Int("depth", 2, "search depth in plies")
	mix := fs.Float64("mix", 1, "weight of the search value in the new label (the rest: the old label)")
	engine := fs.Bool("engine", false, "search with the playing engine (ordering, table, ProbCut) instead of plain negamax")
	out := fs.String("out", "", "data file to write (required)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *data == "" || *out == "" || fs.NArg() != 0 || *depth < 0 || *mix < 0 || *mix > 1 {
		fs.Usage()
		return fmt.Errorf("need -data and -out, depth >= 0, 0 <= mix <= 1, and no arguments")
	}
	w, err := loadWeights(*weights)
	if err != nil {
		return err
	}
	samples, err := readData(*data)
	if err != nil {
		return err
	}
	start := time.Now()
	value := PlainValue(w, *depth)
	if *engine {
		value = EngineValue(w, *depth)
	}
	Relabel(samples, value, *mix, func(done int) {
		fmt.Fprintf(stderr, "relabel: %d/%d positions, %v\n", done, len(samples), time.Since(start).Round(time.Second))
	})
	n, err := writeData(*out, samples)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "relabel: wrote %d positions to %s in %v\n", n, *out, time.Since(start).Round(time.Second))
	return nil
}

// writeData writes samples as the data file path and returns how many it wrote.
func writeData(path string, samples []Sample) (int, error) {
	f, err := os.Create(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	wr := NewWriter(f)
	for _, s := range samples {
		if err := wr.Write(s); err != nil {
			return 0, err
		}
	}
	if err := wr.Flush(); err != nil {
		return 0, err
	}
	return len(samples), f.Close()
}

func blendCmd(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("blend", stderr)
	data := fs.String("data", "", "data file whose labels are blended, e.g. gen's (game results), or several separated by commas (required)")
	with := fs.String("with", "", "the same positions labelled otherwise, e.g. by relabel, one file or several (required)")
	mix := fs.Float64("mix", 0.5, "weight of -with's label in the new one (the rest: -data's, or with -chain the next position's new label)")
	chain := fs.Bool("chain", false, "blend each label with the new label of its game's next position instead of -data's (a λ-return, λ = 1 - mix); -data's labels start each game's chain where no exact position does")
	out := fs.String("out", "", "data file to write (required)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *data == "" || *with == "" || *out == "" || fs.NArg() != 0 || !(*mix >= 0 && *mix <= 1) {
		fs.Usage()
		return fmt.Errorf("need -data, -with and -out, 0 <= mix <= 1, and no arguments")
	}
	base, err := readData(*data)
	if err != nil {
		return err
	}
	other, err := readData(*with)
	if err != nil {
		return err
	}
	blend := Blend
	if *chain {
		blend = BlendChained
	}
	if err := blend(base, other, *mix); err != nil {
		return fmt.Errorf("-data %s, -with %s: %w", *data, *with, err)
	}
	n, err := writeData(*out, base)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "blend: wrote %d positions to %s\n", n, *out)
	return nil
}

// renumberCmd writes a data set with its games numbered from -first, their order and
// spacing kept: data sets made with the same game numbers (two seeds, each from game 0)
// can then be fitted together, each game still wholly in the training or the test set.
func renumberCmd(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("renumber", stderr)
	data := fs.String("data", "", "data file to renumber, or several separated by commas (required)")
	first := fs.Uint("first", 0, "the new number of the data set's lowest-numbered game")
	out := fs.String("out", "", "data file to write (required)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *data == "" || *out == "" || fs.NArg() != 0 {
		fs.Usage()
		return fmt.Errorf("need -data and -out, and no arguments")
	}
	samples, err := readData(*data)
	if err != nil {
		return err
	}
	if err := Renumber(samples, *first); err != nil {
		return fmt.Errorf("-data %s: %w", *data, err)
	}
	n, err := writeData(*out, samples)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "renumber: wrote %d positions to %s, games from %d\n", n, *out, *first)
	return nil
}

// branchCmd writes the positions one move off a data set's game lines (Branch).
func branchCmd(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("branch", stderr)
	data := fs.String("data", "", "data file written by gen, or several separated by commas (required)")
	seed := fs.Uint64("seed", 1, "random seed of the moves chosen")
	out := fs.String("out", "", "data file to write (required); label it with relabel -mix 1")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *data == "" || *out == "" || fs.NArg() != 0 {
		fs.Usage()
		return fmt.Errorf("need -data and -out, and no arguments")
	}
	samples, err := readData(*data)
	if err != nil {
		return err
	}
	n, err := writeData(*out, Branch(samples, *seed))
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "branch: wrote %d positions off the lines of %d to %s\n", n, len(samples), *out)
	return nil
}

// joinCmd writes -data's positions followed by -with's, whose games must all be -data's:
// positions that belong to a data set's games (its branches) join them in one file, where
// reading them as two files would be refused for sharing game numbers.
func joinCmd(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("join", stderr)
	data := fs.String("data", "", "data file, or several separated by commas (required)")
	with := fs.String("with", "", "positions of -data's games to add, one file or several (required)")
	out := fs.String("out", "", "data file to write (required)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *data == "" || *with == "" || *out == "" || fs.NArg() != 0 {
		fs.Usage()
		return fmt.Errorf("need -data, -with and -out, and no arguments")
	}
	base, err := readData(*data)
	if err != nil {
		return err
	}
	extra, err := readData(*with)
	if err != nil {
		return err
	}
	joined, err := Join(base, extra)
	if err != nil {
		return fmt.Errorf("-data %s, -with %s: %w", *data, *with, err)
	}
	n, err := writeData(*out, joined)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "join: wrote %d positions (%d added) to %s\n", n, len(extra), *out)
	return nil
}

func bookCmd(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("book", stderr)
	cfg := DefaultBook
	fs.IntVar(&cfg.Positions, "positions", cfg.Positions, "positions to expand")
	fs.IntVar(&cfg.MaxPly, "plies", cfg.MaxPly, "expand no position after this many plies from the start")
	fs.IntVar(&cfg.Depth, "depth", cfg.Depth, "depth of the search that values each move (plies after it)")
	loss := fs.Float64("loss", float64(cfg.MaxLoss)/100, "follow a line only while it loses at most this many discs against the best moves")
	fs.IntVar(&cfg.Workers, "workers", cfg.Workers, "searches run at once (the book is the same for any number)")
	out := fs.String("out", "", "book file to write (required), e.g. internal/reversi/book.bin")
	if err := fs.Parse(args); err != nil {
		return err
	}
	cfg.MaxLoss = int32(*loss * 100)
	if *out == "" || fs.NArg() != 0 || cfg.Positions < 1 || cfg.MaxPly < 1 || cfg.Depth < 1 || *loss < 0 || cfg.Workers < 1 {
		fs.Usage()
		return fmt.Errorf("need -out, positions, plies, depth and workers of at least 1, loss >= 0, and no arguments")
	}
	start := time.Now()
	every := max(1, cfg.Positions/100)
	records, err := BuildBook(cfg, func(done int) {
		if done%every == 0 {
			el := time.Since(start)
			eta := time.Duration(float64(el) * float64(cfg.Positions-done) / float64(done))
			fmt.Fprintf(stderr, "book: %d/%d positions, %v elapsed, ETA %v\n", done, cfg.Positions, el.Round(time.Second), eta.Round(time.Second))
		}
	})
	if err != nil {
		return err
	}
	data, err := reversi.EncodeBook(records)
	if err != nil {
		return err
	}
	if err := gamefile.WriteAtomic(*out, data); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "book: wrote %d positions (%d bytes) to %s in %v\n", len(records), len(data), *out, time.Since(start).Round(time.Second))
	return nil
}
