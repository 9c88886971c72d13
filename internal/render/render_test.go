package render

import "testing"

// TestSVG writes each kind of shape once and wants the exact text.
func TestSVG(t *testing.T) {
	s := Scene{
		Width: 40, Height: 30,
		Background: []Shape{Rect(0, 0, 40, 30, Style{Fill: RGB(0xffffff), Class: "paper"})},
		Pieces: []Shape{
			Circle(10, 10, 5, Style{Fill: RGB(0x112233), Stroke: RGB(0x000000), Width: 2, Class: "piece"}),
			Polygon([]Point{{0, 0}, {4, 0}, {2, 3}}, Style{Fill: RGB(0xff0000).WithAlpha(128)}),
			Text(20, 15, 12, "a<b&c", Style{Fill: RGB(0x222222)}),
		},
		Marks: []Shape{Line(1, 2, 3, 4, Style{Stroke: RGB(0x00ff00), Width: 3, Class: "last-path"})},
	}
	want := `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30" viewBox="0 0 40 30" font-family="Go, sans-serif">
<g class="background">
<rect x="0" y="0" width="40" height="30" class="paper" fill="#ffffff"/>
</g>
<g class="pieces">
<circle cx="10" cy="10" r="5" class="piece" fill="#112233" stroke="#000000" stroke-width="2"/>
<polygon points="0,0 4,0 2,3" fill="#ff0000" fill-opacity="0.50"/>
<text x="20" y="15" font-size="12" text-anchor="middle" dominant-baseline="central" fill="#222222">a&lt;b&amp;c</text>
</g>
<g class="marks">
<line x1="1" y1="2" x2="3" y2="4" class="last-path" stroke="#00ff00" stroke-width="3"/>
</g>
</svg>
`
	if got := string(SVG(&s)); got != want {
		t.Errorf("SVG(scene) =\n%s\nwant\n%s", got, want)
	}
}
