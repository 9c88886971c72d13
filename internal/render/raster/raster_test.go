package raster

import (
	"image/color"
	"strings"
	"testing"

	"gameagents/internal/render"
)

// TestImage rasterises one shape of each kind on a 100×100 canvas and reads pixels well
// inside and outside them.
func TestImage(t *testing.T) {
	red, blue, green := render.RGB(0xff0000), render.RGB(0x0000ff), render.RGB(0x00aa00)
	s := render.Scene{
		Width: 100, Height: 100,
		Background: []render.Shape{render.Rect(10, 10, 30, 20, render.Style{Fill: red})},
		Pieces: []render.Shape{
			render.Circle(70, 70, 15, render.Style{Stroke: blue, Width: 4}),
			render.Polygon([]render.Point{{X: 60, Y: 5}, {X: 95, Y: 5}, {X: 95, Y: 40}}, render.Style{Fill: green}),
		},
		Marks: []render.Shape{
			render.Line(5, 90, 45, 90, render.Style{Stroke: blue, Width: 6}),
			render.Rect(10, 50, 30, 30, render.Style{Stroke: red, Width: 4}),
			render.Text(25, 65, 20, "X", render.Style{Fill: render.RGB(0x000000)}),
		},
	}
	img, err := Image(&s)
	if err != nil {
		t.Fatal(err)
	}
	white := color.RGBA{255, 255, 255, 255}
	cases := []struct {
		x, y int
		want color.RGBA
	}{
		{25, 20, color.RGBA{255, 0, 0, 255}}, // inside the filled rect
		{50, 20, white},                      // beside it
		{70, 70, white},                      // the centre of a stroked circle stays empty
		{85, 70, color.RGBA{0, 0, 255, 255}}, // on its ring
		{90, 10, color.RGBA{0, 170, 0, 255}}, // inside the triangle
		{65, 35, white},                      // below its hypotenuse
		{25, 90, color.RGBA{0, 0, 255, 255}}, // on the thick line
		{25, 95, white},                      // below it
		{10, 65, color.RGBA{255, 0, 0, 255}}, // on the stroked rect's left side
		{15, 55, white},                      // inside the stroked rect, off the text
		{25, 65, color.RGBA{0, 0, 0, 255}},   // the middle of the X
	}
	for _, c := range cases {
		if got := img.RGBAAt(c.x, c.y); got != c.want {
			t.Errorf("Image(scene).At(%d,%d) = %v, want %v", c.x, c.y, got, c.want)
		}
	}
}

// TestImageSize refuses pictures with no pixels or too many.
func TestImageSize(t *testing.T) {
	for _, c := range []struct{ w, h int }{{0, 10}, {10, -1}, {1 << 14, 1 << 14}} {
		t.Run("", func(t *testing.T) {
			s := render.Scene{Width: c.w, Height: c.h}
			if _, err := Image(&s); err == nil || !strings.Contains(err.Error(), "picture") {
				t.Errorf("Image(%d×%d) = %v, want an error about the picture's size", c.w, c.h, err)
			}
		})
	}
}
