package render

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"strconv"
)

// SVG writes the scene as a standalone SVG document: one group per layer, each shape one
// element with its class, in the scene's order.
func SVG(s *Scene) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="Go, sans-serif">`+"\n", s.Width, s.Height, s.Width, s.Height)
	for _, l := range s.Layers() {
		fmt.Fprintf(&b, "<g class=%q>\n", l.Name)
		for i := range l.Shapes {
			writeShape(&b, &l.Shapes[i])
		}
		b.WriteString("</g>\n")
	}
	b.WriteString("</svg>\n")
	return b.Bytes()
}

func writeShape(b *bytes.Buffer, sh *Shape) {
	switch sh.Kind {
	case KindRect:
		fmt.Fprintf(b, `<rect x="%d" y="%d" width="%d" height="%d"`, sh.X, sh.Y, sh.W, sh.H)
	case KindCircle:
		fmt.Fprintf(b, `<circle cx="%d" cy="%d" r="%d"`, sh.X, sh.Y, sh.R)
	case KindPolygon:
		b.WriteString(`<polygon points="`)
		for i, p := range sh.Points {
			if i > 0 {
				b.WriteByte(' ')
			}
			fmt.Fprintf(b, "%d,%d", p.X, p.Y)
		}
		b.WriteByte('"')
	case KindLine:
		fmt.Fprintf(b, `<line x1="%d" y1="%d" x2="%d" y2="%d"`, sh.X, sh.Y, sh.X2, sh.Y2)
	case KindText:
		fmt.Fprintf(b, `<text x="%d" y="%d" font-size="%d" text-anchor="middle" dominant-baseline="central"`, sh.X, sh.Y, sh.Size)
	default:
		return // not a shape: nothing to draw
	}
	writeStyle(b, &sh.Style, sh.Kind == KindLine)
	if sh.Kind != KindText {
		b.WriteString("/>\n")
		return
	}
	b.WriteByte('>')
	xml.EscapeText(b, []byte(sh.Text))
	b.WriteString("</text>\n")
}

// writeStyle writes the paint attributes; a line has no fill.
func writeStyle(b *bytes.Buffer, s *Style, line bool) {
	if s.Class != "" {
		b.WriteString(` class="`)
		xml.EscapeText(b, []byte(s.Class))
		b.WriteByte('"')
	}
	if !line {
		paint(b, "fill", s.Fill)
	}
	if !s.Stroke.None() && s.Width > 0 {
		paint(b, "stroke", s.Stroke)
		fmt.Fprintf(b, ` stroke-width="%d"`, s.Width)
	}
}

// paint writes a colour attribute and, when it is translucent, its opacity to two decimals.
func paint(b *bytes.Buffer, attr string, c Color) {
	fmt.Fprintf(b, ` %s="%s"`, attr, c.Hex())
	if !c.None() && c.A < 255 {
		fmt.Fprintf(b, ` %s-opacity="%s"`, attr, strconv.FormatFloat(float64(c.A)/255, 'f', 2, 64))
	}
}
