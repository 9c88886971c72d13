package homework

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"gameagents/internal/gamefile"
	"gameagents/internal/games"
	"gameagents/internal/referee"
	"gameagents/internal/render"
	"gameagents/internal/render/raster"
	"gameagents/internal/rules"
)

var updateRender = flag.Bool("update", false, "rewrite testdata/render/*.svg from what homework render draws now")

// renderCases are the golden pictures: a sample's input.txt, and with move set, the
// position after that move (its last move marked); "output" plays the sample's output.txt.
var renderCases = []struct {
	name, sample, move string
}{
	{"halma-initial", "halma/assignment-001-initial", ""},
	{"halma-chain", "halma/time-1e-05", "output"},
	{"reversi-opening", "reversi/opening-start-black", ""},
	{"reversi-ffo-20", "reversi/endgame-ffo-20", "output"},
	{"hive-beetle-on-queen", "hive/beetle-on-queen", ""},
	{"hive-mid-game", "hive/mid-game", "output"},
	{"quoridor-initial-walls", "quoridor/board-11x11-initial-walls", ""},
	{"quoridor-step", "quoridor/spec-example", "output"},
	{"quoridor-wall", "quoridor/spec-example", "WALL 2,4 2,5 3,4 3,5"},
	{"streky-colourless", "streky/colourless-mid-game", ""},
	{"streky-mid-game", "streky/mid-game", "output"},
}

// sampleDir is a sample's directory.
func sampleDir(sample string) string { return filepath.Join("..", "..", "..", "samples", sample) }

// sampleScene is the scene of a render case, built in process: the sample's position, after
// the case's move when it has one.
func sampleScene(t *testing.T, sample, move string) render.Scene {
	t.Helper()
	lines, err := gamefile.ReadLines(filepath.Join(sampleDir(sample), "input.txt"))
	if err != nil {
		t.Fatal(err)
	}
	m, err := loadInput(games.Judges, lines)
	if err != nil {
		t.Fatal(err)
	}
	if move != "" {
		output := []byte(move + "\n")
		if move == "output" {
			if output, err = os.ReadFile(filepath.Join(sampleDir(sample), "output.txt")); err != nil {
				t.Fatal(err)
			}
		}
		if _, _, err := m.Play(output, true); err != nil {
			t.Fatalf("Play(%q) = %v", output, err)
		}
	}
	return m.(render.Drawer).Scene()
}

// TestRenderGolden compares each case's SVG with testdata/render/NAME.svg; the cases
// without a move are drawn by the command itself, from the sample's directory.
func TestRenderGolden(t *testing.T) {
	for _, c := range renderCases {
		t.Run(c.name, func(t *testing.T) {
			var got []byte
			if c.move == "" {
				var stdout, stderr bytes.Buffer
				if status := RenderMain(games.Judges, []string{sampleDir(c.sample)}, &stdout, &stderr); status != 0 {
					t.Fatalf("render %s: status %d, stderr %s", c.sample, status, stderr.String())
				}
				got = stdout.Bytes()
			} else {
				scene := sampleScene(t, c.sample, c.move)
				got = render.SVG(&scene)
				if !bytes.Contains(got, []byte(`class="last-`)) {
					t.Errorf("the picture after %s marks no last move", c.move)
				}
			}
			golden := filepath.Join("testdata", "render", c.name+".svg")
			if *updateRender {
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("render %s differs from %s (run with -update and review the diff)", c.sample, golden)
			}
		})
	}
}

// TestRenderPNG draws a case of each game as PNG through the command and checks the size
// and the colours of a few pixels: the paper in the corner, the board, a piece.
func TestRenderPNG(t *testing.T) {
	cases := []struct {
		sample         string
		width, height  int
		board, piece   image.Point
		boardC, pieceC color.RGBA
	}{
		// Halma: the empty cell 8,0 and the black piece on 0,0 of the start (cell 32, margin 24).
		{"halma/assignment-001-initial", 560, 560, image.Pt(24+8*32+16, 24+4), image.Pt(24+16, 24+16), rgb(0xf3e7c9), rgb(0x222222)},
		// Reversi: an empty square a1's corner, the white disc on d4 (cell 48, margin 24).
		{"reversi/opening-start-black", 432, 432, image.Pt(24+6, 24+6), image.Pt(24+3*48+24, 24+3*48+24), rgb(0x2e7d4f), rgb(0xffffff)},
		// Quoridor 9×9: a cell of row 4 and FIRST's disc on 4,0 (cell 40, margin 24).
		{"quoridor/spec-example", 408, 408, image.Pt(24+40+20, 24+4*40+20), image.Pt(24+4*40+20, 24+20-10), rgb(0xf1e6cf), rgb(0x2f6fd0)},
		// ŠTREKY 33×33: an empty cell 0,0 (cell 20, margin 22).
		{"streky/mid-game", 704, 704, image.Pt(22+10, 22+10), image.Pt(22+10, 22+10), rgb(0xf7f4ec), rgb(0xf7f4ec)},
		// Hive 13×13: the centre of the empty cell 0,0.
		{"hive/mid-game", 2*28 + 31*27, 2*28 + 72 + 54*12, image.Pt(28+31, 28+36), image.Pt(28+31, 28+36), rgb(0xeee8d6), rgb(0xeee8d6)},
	}
	for _, c := range cases {
		t.Run(c.sample, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "picture.png")
			var stdout, stderr bytes.Buffer
			if status := RenderMain(games.Judges, []string{"-o", out, sampleDir(c.sample)}, &stdout, &stderr); status != 0 {
				t.Fatalf("render: status %d, stderr %s", status, stderr.String())
			}
			f, err := os.Open(out)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			img, err := png.Decode(f)
			if err != nil {
				t.Fatalf("png.Decode = %v", err)
			}
			if b := img.Bounds(); b.Dx() != c.width || b.Dy() != c.height {
				t.Errorf("size = %d×%d, want %d×%d", b.Dx(), b.Dy(), c.width, c.height)
			}
			for _, px := range []struct {
				at   image.Point
				want color.RGBA
			}{{image.Pt(1, 1), rgb(0xffffff)}, {c.board, c.boardC}, {c.piece, c.pieceC}} {
				if got := color.RGBAModel.Convert(img.At(px.at.X, px.at.Y)).(color.RGBA); !near(got, px.want) {
					t.Errorf("pixel %v = %v, want %v", px.at, got, px.want)
				}
			}
		})
	}
}

func rgb(hex uint32) color.RGBA {
	return color.RGBA{uint8(hex >> 16), uint8(hex >> 8), uint8(hex), 255}
}

// near allows the rounding of the rasteriser's coverage.
func near(a, b color.RGBA) bool {
	d := func(x, y uint8) bool { return x-y < 3 || y-x < 3 }
	return d(a.R, b.R) && d(a.G, b.G) && d(a.B, b.B) && d(a.A, b.A)
}

// TestRenderErrors: usage errors and bad files exit 2 and say what is wrong, naming the
// file and line.
func TestRenderErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	badRow := write("bad-row.txt", "SINGLE\nBLACK\n1\n"+strings.Repeat("........\n", 7)+"......\n")
	unknown := write("unknown.txt", "referee record: chess, game 1 of 2\n")
	shortRecord := write("short-record.txt", "referee record: reversi, game 1 of 2\nfirst: x (BLACK)\nply 1: x (BLACK) plays [d3] cpu 0.001s of 1s\n")
	illegal := write("illegal-record.txt", "referee record: reversi, game 1 of 2\nply 1: x (BLACK) plays [a1] cpu 0.001s of 1s\n")
	gap := write("gap-record.txt", "referee record: reversi, game 1 of 2\nply 2: x (BLACK) plays [d3] cpu 0.001s of 1s\n")
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"no argument", nil, "want one DIR, FILE or RECORD, got 0 arguments"},
		{"bad format", []string{"-format", "gif", badRow}, `-format "gif": want svg, png or html`},
		{"html of an input", []string{"-format", "html", badRow}, `is not a referee record, a GGF game or a UHP game string`},
		{"missing file", []string{filepath.Join(dir, "none.txt")}, filepath.Join(dir, "none.txt") + ": no such file"},
		{"bad input", []string{badRow}, badRow + ":11: "},
		{"ply of an input", []string{"-ply", "1", sampleDir("reversi/opening-start-black")}, "is an input.txt, not a record"},
		{"unknown game", []string{unknown}, unknown + `:1: unknown game "chess"`},
		{"ply past the end", []string{"-ply", "2", shortRecord}, shortRecord + ": ply 2: the record has 1 plies"},
		{"negative ply", []string{"-ply", "-2", shortRecord}, "-ply -2: want 0 or more, or -1 for the last"},
		{"illegal move", []string{illegal}, illegal + ":2: illegal move: a1"},
		{"ply out of order", []string{gap}, gap + ":2: ply 2: want ply 1 next"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			status := RenderMain(games.Judges, c.args, &stdout, &stderr)
			if status != 2 || !strings.Contains(stderr.String(), c.want) {
				t.Errorf("render %v = %d, stderr %q; want 2 and %q", c.args, status, stderr.String(), c.want)
			}
			if stdout.Len() != 0 {
				t.Errorf("render %v wrote %d bytes to stdout, want none", c.args, stdout.Len())
			}
		})
	}
}

// TestMain removes the umbrella binary homeworkBinary built, if a test asked for it.
func TestMain(m *testing.M) {
	code := m.Run()
	if built != "" {
		os.RemoveAll(filepath.Dir(built))
	}
	os.Exit(code)
}

// built is the binary homeworkBinary built, "" until it has.
var built string

// homeworkBinary builds the umbrella binary once for the tests that play real games.
var homeworkBinary = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "render-bin-")
	if err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "homework")
	cmd := exec.Command("go", "build", "-o", bin, "./homework")
	cmd.Dir = filepath.Join("..", "..", "..")
	cmd.Env = append(os.Environ(), "GOPROXY=off") // tests never use the network
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build ./homework: %v\n%s", err, out)
	}
	built = bin
	return bin, nil
})

// TestRenderRecord plays one game of each game between our random and greedy players with
// the referee, and draws its record at ply 0, a middle ply and the last: ply 0 is the
// game's first position with nothing marked, the others mark a move, the default is the
// last, and the replayed game ends with the plies and points the referee recorded.
func TestRenderRecord(t *testing.T) {
	if testing.Short() {
		t.Skip("plays real games")
	}
	bin, err := homeworkBinary()
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range games.Judges {
		t.Run(g.Name(), func(t *testing.T) {
			game, setup := g, ""
			if c, ok := g.(rules.Configurable); ok && g.Name() == "streky" {
				// A small board keeps the game short; the deal's seed is the record's.
				setup = "size=12x12 count=6 seed=3"
				if game, err = c.Configure(setup); err != nil {
					t.Fatal(err)
				}
			}
			// Game 3 alone: its first mover plays side 1 and a dealt game plays deal 1, so
			// that the replay must read both from the record.
			cfg := referee.Config{
				Game: game, Games: 3, Mode: gamefile.Single, Seconds: 0.5, MaxPlies: 60, Parallel: 1,
				Agents: [2]referee.Agent{{Name: "random", Command: bin + " play -player random"}, {Name: "greedy", Command: bin + " play -player greedy"}},
				Out:    t.TempDir(), Grace: referee.DefaultGrace, Setup: setup,
			}
			r, err := referee.PlayGame(context.Background(), &cfg, 3, &referee.Recorder{})
			if err != nil {
				t.Fatal(err)
			}
			if d, ok := game.(rules.Dealt); ok {
				game, _ = d.Deal(1)
			}
			record := referee.RecordPath(&cfg, 3)
			if r.Plies < 2 {
				t.Fatalf("game 3 ended after %d plies: %s", r.Plies, r.Reason)
			}
			lines, err := gamefile.ReadLines(record)
			if err != nil {
				t.Fatal(err)
			}
			m, n, err := referee.ReadRecord(games.Judges, record, lines, -1)
			if err != nil {
				t.Fatalf("Replay = %v", err)
			}
			if n != r.Plies {
				t.Errorf("Replay: %d plies, want %d", n, r.Plies)
			}
			if s, ok := m.(rules.Scorer); ok {
				pts := s.Points()
				if got := [2]int{pts[r.Side[0]], pts[r.Side[1]]}; got != r.Points {
					t.Errorf("replayed points = %v, want %v", got, r.Points)
				}
			}
			svg := func(args ...string) string {
				t.Helper()
				var stdout, stderr bytes.Buffer
				if status := RenderMain(games.Judges, append(args, record), &stdout, &stderr); status != 0 {
					t.Fatalf("render %v: status %d, stderr %s", args, status, stderr.String())
				}
				return stdout.String()
			}
			start := game.New(r.Side[r.First])
			startScene := start.(render.Drawer).Scene()
			const noMarks = "<g class=\"marks\">\n</g>"
			first, middle, last := svg("-ply", "0"), svg("-ply", fmt.Sprint(r.Plies/2)), svg()
			if want := string(render.SVG(&startScene)); first != want {
				t.Errorf("ply 0 is not the game's first position")
			}
			if !strings.Contains(first, noMarks) {
				t.Errorf("ply 0 marks a move")
			}
			// A pass marks nothing: the position after it is still the mover's.
			passed := func(ply int) bool {
				for _, l := range lines {
					if strings.HasPrefix(l.Text, fmt.Sprintf("ply %d: ", ply)) {
						return strings.Contains(l.Text, "[PASS]")
					}
				}
				t.Fatalf("no ply %d in the record", ply)
				return false
			}
			for ply, pic := range map[int]string{r.Plies / 2: middle, r.Plies: last} {
				if pic == first {
					t.Errorf("ply %d shows the start", ply)
				}
				if marked := !strings.Contains(pic, noMarks); marked == passed(ply) {
					t.Errorf("ply %d: move marked %v, want %v (the ply passed: %v)", ply, marked, !passed(ply), passed(ply))
				}
			}
			if final := svg("-ply", fmt.Sprint(r.Plies)); final != last {
				t.Errorf("-ply %d differs from the default, the last ply", r.Plies)
			}
		})
	}
}

// BenchmarkRender draws a mid-game position of each game from its match (the scene, then
// SVG, or the scene, then PNG), as the command does after reading the file. The figures are
// in docs/render.md; the goal is under 50 ms a picture.
func BenchmarkRender(b *testing.B) {
	samples := []string{"halma/log-013-longest-chain", "reversi/endgame-ffo-20", "hive/mid-game", "quoridor/board-11x11-initial-walls", "streky/mid-game"}
	for _, sample := range samples {
		lines, err := gamefile.ReadLines(filepath.Join(sampleDir(sample), "input.txt"))
		if err != nil {
			b.Fatal(err)
		}
		m, err := loadInput(games.Judges, lines)
		if err != nil {
			b.Fatal(err)
		}
		d := m.(render.Drawer)
		game, _, _ := strings.Cut(sample, "/")
		b.Run(game+"/svg", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				s := d.Scene()
				render.SVG(&s)
			}
		})
		b.Run(game+"/png", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				s := d.Scene()
				if _, err := raster.PNG(&s); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestRenderLargeRecord: a record far larger than an input.txt may be (here a Quoridor
// game of 40,000 plies, 1.6 MB: the pawns stepping to and fro) renders, at its last ply.
func TestRenderLargeRecord(t *testing.T) {
	var b strings.Builder
	b.WriteString("referee record: quoridor, game 1 of 2\nagent A: a plays FIRST: /bin/a\nagent B: b plays SECOND: /bin/b\nsetup: plies=100000\nfirst: a (FIRST)\n")
	to := [2][2]string{{"MOVE 4,1", "MOVE 4,0"}, {"MOVE 4,7", "MOVE 4,8"}}
	const plies = 40_000
	for p := 1; p <= plies; p++ {
		side, name, role := (p-1)%2, "a", "FIRST"
		if side == 1 {
			name, role = "b", "SECOND"
		}
		fmt.Fprintf(&b, "ply %d: %s (%s) plays [%s] cpu 0.001s of 1s\n", p, name, role, to[side][(p-1)/2%2])
	}
	b.WriteString("result: a draw: the ply cap\n")
	if b.Len() <= gamefile.MaxInputBytes {
		t.Fatalf("the record is %d bytes, want more than an input.txt's %d", b.Len(), gamefile.MaxInputBytes)
	}
	record := filepath.Join(t.TempDir(), "game-01.txt")
	os.WriteFile(record, []byte(b.String()), 0o644)
	var stdout, stderr bytes.Buffer
	if status := RenderMain(games.Judges, []string{record}, &stdout, &stderr); status != 0 {
		t.Fatalf("render: status %d, stderr %s", status, stderr.String())
	}
	if !strings.Contains(stdout.String(), "<svg") {
		t.Errorf("render wrote no picture: %.200s", stdout.String())
	}
}
