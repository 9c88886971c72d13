// Package raster draws a render.Scene as pixels and PNG, apart from the scene model so
// that the game binaries, which build scenes but never draw them, link none of it.
//
// Techniques: golang.org/x/image/vector, an anti-aliasing scanline rasteriser, covers each
// shape's bounding box only (a small shape costs its own area, not the canvas's); every
// shape becomes filled paths: a circle a 48-gon, a stroke a quadrilateral per segment
// extended by half its width at both ends so that corners close, a circle's stroke a ring
// of two opposite windings; a rectangle's fill, whose corners are whole pixels, is a plain
// draw.Draw. Text is drawn with the Go Bold font (golang.org/x/image/font/gofont), centred on
// its point as SVG's text-anchor="middle" and dominant-baseline="central" centre it.
package raster

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"

	"gameagents/internal/render"
)

// MaxPixels bounds a scene's area, so that a scene built from a large board is an error,
// not an allocation without bound (the largest boards of the games stay well below it).
const MaxPixels = 64 << 20

// circleSegments is the number of sides of the polygon a circle is drawn as.
const circleSegments = 48

// Image rasterises the scene on a white canvas.
func Image(s *render.Scene) (*image.RGBA, error) {
	if s.Width < 1 || s.Height < 1 || s.Width > MaxPixels/s.Height {
		return nil, fmt.Errorf("raster: a %d×%d picture: want each side at least 1 and at most %d pixels in all", s.Width, s.Height, MaxPixels)
	}
	img := image.NewRGBA(image.Rect(0, 0, s.Width, s.Height))
	draw.Draw(img, img.Bounds(), image.White, image.Point{}, draw.Src)
	r := &raster{img: img, z: vector.NewRasterizer(1, 1), faces: map[int]font.Face{}}
	for _, l := range s.Layers() {
		for i := range l.Shapes {
			r.shape(&l.Shapes[i])
		}
	}
	return img, nil
}

// PNG rasterises the scene and encodes it as PNG, compressed for speed: the pictures are
// flat colours, which compress well at any level.
func PNG(s *render.Scene) ([]byte, error) {
	img, err := Image(s)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(&b, img); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// raster draws shapes on img.
type raster struct {
	img   *image.RGBA
	z     *vector.Rasterizer
	paths [][]vec           // the paths painted together next
	faces map[int]font.Face // by pixel size, for this picture
}

func (r *raster) shape(sh *render.Shape) {
	w := float32(sh.Width)
	stroke := !sh.Stroke.None() && sh.Width > 0
	switch sh.Kind {
	case render.KindRect:
		// A rectangle's corners are whole pixels: its fill needs no rasteriser.
		if !sh.Fill.None() {
			draw.Draw(r.img, image.Rect(sh.X, sh.Y, sh.X+sh.W, sh.Y+sh.H), uniform(sh.Fill), image.Point{}, draw.Over)
		}
		if stroke {
			x, y, x2, y2 := float32(sh.X), float32(sh.Y), float32(sh.X+sh.W), float32(sh.Y+sh.H)
			pts := []vec{{x, y}, {x2, y}, {x2, y2}, {x, y2}}
			r.outline(sh.Stroke, pts, w)
		}
	case render.KindCircle:
		cx, cy, rad := float32(sh.X), float32(sh.Y), float32(sh.R)
		r.fillPath(sh.Fill, circle(cx, cy, rad, false))
		if stroke {
			r.begin()
			r.path(circle(cx, cy, rad+w/2, false))
			r.path(circle(cx, cy, max(rad-w/2, 0), true))
			r.paint(sh.Stroke)
		}
	case render.KindPolygon:
		pts := make([]vec, len(sh.Points))
		for i, p := range sh.Points {
			pts[i] = vec{float32(p.X), float32(p.Y)}
		}
		r.fillPath(sh.Fill, pts)
		if stroke {
			r.outline(sh.Stroke, pts, w)
		}
	case render.KindLine:
		if stroke {
			r.begin()
			r.segment(vec{float32(sh.X), float32(sh.Y)}, vec{float32(sh.X2), float32(sh.Y2)}, w)
			r.paint(sh.Stroke)
		}
	case render.KindText:
		r.text(sh)
	}
}

// vec is a point in pixels.
type vec struct{ x, y float32 }

// begin starts a new set of paths to paint together.
func (r *raster) begin() { r.paths = r.paths[:0] }

// path adds the closed path through pts.
func (r *raster) path(pts []vec) {
	if len(pts) >= 3 {
		r.paths = append(r.paths, pts)
	}
}

// paint fills the paths added since begin in c, over what is there. The rasteriser covers
// only the paths' bounding box, so that a small shape costs its own area, not the canvas's.
func (r *raster) paint(c render.Color) {
	box := r.bounds().Intersect(r.img.Bounds())
	if box.Empty() {
		return
	}
	r.z.Reset(box.Dx(), box.Dy())
	r.z.DrawOp = draw.Over
	ox, oy := float32(box.Min.X), float32(box.Min.Y)
	for _, pts := range r.paths {
		r.z.MoveTo(pts[0].x-ox, pts[0].y-oy)
		for _, p := range pts[1:] {
			r.z.LineTo(p.x-ox, p.y-oy)
		}
		r.z.ClosePath()
	}
	r.z.Draw(r.img, box, uniform(c), image.Point{})
}

// uniform is the image of colour c everywhere.
func uniform(c render.Color) *image.Uniform { return image.NewUniform(color.NRGBA{c.R, c.G, c.B, c.A}) }

// bounds is the smallest pixel rectangle holding the paths.
func (r *raster) bounds() image.Rectangle {
	minX, minY := float32(math.Inf(1)), float32(math.Inf(1))
	maxX, maxY := float32(math.Inf(-1)), float32(math.Inf(-1))
	for _, pts := range r.paths {
		for _, p := range pts {
			minX, minY, maxX, maxY = min(minX, p.x), min(minY, p.y), max(maxX, p.x), max(maxY, p.y)
		}
	}
	if minX > maxX {
		return image.Rectangle{}
	}
	return image.Rect(int(math.Floor(float64(minX))), int(math.Floor(float64(minY))), int(math.Ceil(float64(maxX))), int(math.Ceil(float64(maxY))))
}

func (r *raster) fillPath(c render.Color, pts []vec) {
	if c.None() {
		return
	}
	r.begin()
	r.path(pts)
	r.paint(c)
}

// outline strokes the closed polygon pts, one segment per edge.
func (r *raster) outline(c render.Color, pts []vec, w float32) {
	r.begin()
	for i, p := range pts {
		r.segment(p, pts[(i+1)%len(pts)], w)
	}
	r.paint(c)
}

// segment adds the stroke of a to b, w wide, as a quadrilateral extended by w/2 beyond
// both ends (square caps, which close a polygon's corners). All quadrilaterals wind the
// same way, so overlapping ones do not cancel.
func (r *raster) segment(a, b vec, w float32) {
	dx, dy := b.x-a.x, b.y-a.y
	n := float32(math.Hypot(float64(dx), float64(dy)))
	if n == 0 || w <= 0 {
		return
	}
	ux, uy := dx/n*w/2, dy/n*w/2 // along the segment, half the width long
	a = vec{a.x - ux, a.y - uy}
	b = vec{b.x + ux, b.y + uy}
	r.path([]vec{{a.x - uy, a.y + ux}, {b.x - uy, b.y + ux}, {b.x + uy, b.y - ux}, {a.x + uy, a.y - ux}})
}

// circle returns the polygon a circle is drawn as, reversed for the hole of a ring.
func circle(cx, cy, rad float32, reverse bool) []vec {
	pts := make([]vec, circleSegments)
	for i := range pts {
		a := 2 * math.Pi * float64(i) / circleSegments
		if reverse {
			a = -a
		}
		pts[i] = vec{cx + rad*float32(math.Cos(a)), cy + rad*float32(math.Sin(a))}
	}
	return pts
}

// text draws sh.Text centred on its point: horizontally on its advance, vertically on the
// middle of the face's ascent and descent (SVG's dominant-baseline="central").
func (r *raster) text(sh *render.Shape) {
	if sh.Fill.None() || sh.Text == "" || sh.Size <= 0 {
		return
	}
	face := r.face(sh.Size)
	if face == nil {
		return
	}
	d := font.Drawer{Dst: r.img, Src: uniform(sh.Fill), Face: face}
	m := face.Metrics()
	width := d.MeasureString(sh.Text)
	d.Dot = fixed.Point26_6{X: fixed.I(sh.X) - width/2, Y: fixed.I(sh.Y) + (m.Ascent-m.Descent)/2}
	d.DrawString(sh.Text)
}

// face returns the font face of a pixel size, made once per picture.
func (r *raster) face(size int) font.Face {
	if f, ok := r.faces[size]; ok {
		return f
	}
	f, err := goBold()
	if err != nil {
		return nil
	}
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: float64(size), DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		return nil
	}
	r.faces[size] = face
	return face
}

// The font of every text, parsed once, when first needed: a package-level OnceValues would
// keep the font parser linked into every binary that imports this package.
var (
	goBoldOnce sync.Once
	goBoldFont *opentype.Font
	goBoldErr  error
)

func goBold() (*opentype.Font, error) {
	goBoldOnce.Do(func() { goBoldFont, goBoldErr = opentype.Parse(gobold.TTF) })
	return goBoldFont, goBoldErr
}
