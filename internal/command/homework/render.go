package homework

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"gameagents/internal/command"
	"gameagents/internal/gamefile"
	"gameagents/internal/referee"
	"gameagents/internal/render"
	"gameagents/internal/render/raster"
	"gameagents/internal/replay"
	"gameagents/internal/rules"
)

const renderSynopsis = "homework render [-format svg|png|html] [-ply N] [-o FILE] (DIR | FILE | RECORD | GGF | UHP)"

// RenderMain is `homework render`: the picture of an input.txt of any of judges' games, or
// of a ply of a referee record, as SVG or PNG. Exit status 0 written, 2 bad usage or a
// file that is no game's, 1 the picture could not be written.
func RenderMain(judges []rules.Game, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("homework render", flag.ContinueOnError)
	format := fs.String("format", "", "svg, png, or html: a replay page of the whole game of a record, GGF game or UHP game string (default: png or html when -o ends so, else svg)")
	ply := fs.Int("ply", -1, "for a record: the position after ply N, 0 the start, -1 the last")
	out := fs.String("o", "", "write the picture to FILE (default: standard output)")
	usage := func(w io.Writer) {
		fmt.Fprintf(w, "usage: %s\n\n", renderSynopsis)
		fmt.Fprint(w, `Draws a position: DIR/input.txt, an input.txt FILE of any game (recognised as
the agents recognise it), or a referee record (game-NN.txt), GGF game (game-NN.ggf,
Othello) or UHP game string (game-NN.uhp, Hive's base game) replayed to ply N. The board
with its coordinates, the pieces, and the last move marked (for a record; an input.txt
has no last move). With -format html, a replay page of the whole game instead: every
position from the first, stepped through with the buttons and arrow keys (for a GGF game
or a UHP game string of another program, as for the referee's records).

`)
		command.PrintDefaults(fs, w)
	}
	if status, ok := command.ParseFlags(fs, args, usage, stdout, stderr); !ok {
		return status
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "homework render: "+format+"\n", a...)
		return 2
	}
	if fs.NArg() != 1 {
		fail("want one DIR, FILE or RECORD, got %d arguments", fs.NArg())
		usage(stderr)
		return 2
	}
	if *format == "" {
		*format = "svg"
		switch ext := strings.ToLower(filepath.Ext(*out)); ext {
		case ".png", ".html":
			*format = ext[1:]
		}
	}
	if *format != "svg" && *format != "png" && *format != "html" {
		return fail("-format %q: want svg, png or html", *format)
	}
	if *format == "html" {
		if command.FlagGiven(fs, "ply") {
			return fail("-ply: a replay page holds every ply")
		}
		page, err := loadPage(judges, fs.Arg(0))
		if err != nil {
			return fail("%v", err)
		}
		return writeOut(page, *out, stdout, stderr)
	}
	scene, err := loadScene(judges, fs.Arg(0), *ply, command.FlagGiven(fs, "ply"))
	if err != nil {
		return fail("%v", err)
	}
	picture := render.SVG(&scene)
	if *format == "png" {
		if picture, err = raster.PNG(&scene); err != nil {
			return fail("%v", err)
		}
	}
	return writeOut(picture, *out, stdout, stderr)
}

// writeOut writes data to the file out, or to stdout when out is "".
func writeOut(data []byte, out string, stdout, stderr io.Writer) int {
	var err error
	if out == "" {
		_, err = stdout.Write(data)
	} else {
		err = gamefile.WriteAtomic(out, data)
	}
	if err != nil {
		fmt.Fprintf(stderr, "homework render: %v\n", err)
		return 1
	}
	return 0
}

// loadPage reads a record, GGF game or UHP game string and returns its replay page.
func loadPage(judges []rules.Game, path string) ([]byte, error) {
	lines, err := gamefile.ReadLinesUpTo(path, gamefile.MaxRecordBytes)
	if err != nil {
		return nil, named(err, path)
	}
	if !referee.IsRecord(lines) && !referee.IsGGF(lines) && !referee.IsUHP(lines) {
		return nil, fmt.Errorf("-format html: %s is not a referee record, a GGF game or a UHP game string", path)
	}
	data, err := replay.FromFile(judges, path, lines)
	if err != nil {
		return nil, named(err, path)
	}
	return replay.HTML(data)
}

// loadScene reads path (a directory's input.txt, an input.txt or a record) and returns the
// picture of its position, for a record the one after ply (-1: the last). plySet says -ply
// was given, which an input.txt refuses.
func loadScene(judges []rules.Game, path string, ply int, plySet bool) (render.Scene, error) {
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		path = filepath.Join(path, "input.txt")
	}
	// A record may be far larger than an input.txt: read up to a record's bound, and hold an
	// input.txt to its own below.
	lines, err := gamefile.ReadLinesUpTo(path, gamefile.MaxRecordBytes)
	if err != nil {
		return render.Scene{}, named(err, path)
	}
	var m rules.Match
	switch {
	case referee.IsRecord(lines) || referee.IsGGF(lines) || referee.IsUHP(lines):
		if ply < -1 {
			return render.Scene{}, fmt.Errorf("-ply %d: want 0 or more, or -1 for the last", ply)
		}
		read := referee.ReadRecord
		switch {
		case referee.IsGGF(lines):
			read = referee.ReadGGF
		case referee.IsUHP(lines):
			read = referee.ReadUHP
		}
		m, _, err = read(judges, path, lines, ply)
	case plySet:
		return render.Scene{}, fmt.Errorf("-ply: %s is an input.txt, not a record: it holds one position", path)
	default:
		m, err = loadInput(judges, lines)
	}
	if err != nil {
		return render.Scene{}, named(err, path)
	}
	d, ok := m.(render.Drawer)
	if !ok {
		return render.Scene{}, fmt.Errorf("%s: this game has no picture", path)
	}
	return d.Scene(), nil
}

// loadInput reads an input.txt of any game, chosen as the agents choose (gamefile.Pick).
func loadInput(judges []rules.Game, lines []gamefile.Line) (rules.Match, error) {
	g, err := gamefile.Pick("input.txt", judges, lines)
	if err != nil {
		return nil, err
	}
	return g.Load(lines)
}

// named makes a file error name path as given, rather than the bare file name the readers
// and parsers use.
func named(err error, path string) error {
	var fe *gamefile.Error
	if errors.As(err, &fe) {
		e := *fe
		e.File = path
		return &e
	}
	return err
}
