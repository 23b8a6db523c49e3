package leakscan

import (
	"regexp"
	"strconv"
	"strings"

	"golang.org/x/net/html"
)

// The scan reads a file's text in the order it is written. An SVG text can
// be drawn in another: a <tspan x="46">aude</tspan><tspan x="10">Cl</tspan>
// shows "Claude", and so does "inimeG" drawn right to left. Such a file is
// refused as one the scan cannot read (like an image, unless
// publish.unscanned lists it), named with the line where its text leaves
// the written order:
//
//   - a piece of text (a <text>, or a <tspan> in one) placed, on its
//     baseline, left of a piece written before it on that baseline (x, a
//     negative dx, a list of x that goes back, or text-anchor end or middle
//     at the same x), in user units; transforms are not followed;
//   - a <textPath>, or a rotate attribute on a text or tspan;
//   - right-to-left or vertical drawing: direction="rtl", unicode-bidi
//     overrides, writing-mode other than horizontal, as attributes or in
//     CSS (a style attribute or element, or a style sheet file);
//   - HTML that shows its text in another order: dir="rtl" (on a <bdo> or
//     any element), and
//     CSS that reverses a flex container or orders its items (a
//     row-reverse pair of "wood" and "Mist" shows "Mistwood"). Grid
//     placement is not followed.

// drawnState follows the positions of a file's SVG text as it is read.
type drawnState struct {
	found int // 1 + the file offset of the first text out of drawn order; 0: none
	// shapes is 1 + the file offset of the first SVG shape that can draw
	// letters (drawsShapes); 0: none.
	shapes int
	text   int // open <text> elements
	y, x   float64
	// lines are the greatest x a piece started at on each baseline y.
	lines map[float64]float64
}

// reordering is CSS that draws text in another order than it is written.
var reordering = regexp.MustCompile(`(?i)(?:^|[^-\w])(?:direction\s*:\s*rtl|unicode-bidi\s*:\s*[a-z-]*override|writing-mode\s*:\s*(?:vertical|tb|sideways)|flex-direction\s*:\s*(?:row|column)-reverse|flex-flow\s*:[^;}]*-reverse|flex-wrap\s*:\s*wrap-reverse|order\s*:\s*[-+]?\d)`)

// reorders reports whether an attribute draws text in another order.
func reorders(key, val string) bool {
	lower := func() string { return strings.ToLower(strings.TrimSpace(val)) }
	switch key {
	case "direction", "dir":
		return lower() == "rtl"
	case "unicode-bidi":
		return strings.HasSuffix(lower(), "override")
	case "writing-mode":
		v := lower()
		return v != "" && !strings.HasPrefix(v, "horizontal") && v != "lr" && v != "lr-tb"
	case "style":
		return mayReorder(val) && reordering.MatchString(decodeCSS(val))
	}
	return false
}

// mayReorder reports whether CSS may hold what reordering matches: an
// escape, or a word of its values.
func mayReorder(css string) bool {
	if strings.IndexByte(css, '\\') >= 0 {
		return true
	}
	for _, w := range [...]string{"rtl", "override", "writing", "reverse", "order"} {
		for i := 0; i+len(w) <= len(css); i++ {
			if asciiEqualFold(css[i:i+len(w)], w) {
				return true
			}
		}
	}
	return false
}

// trackDrawn follows a token, which starts at the file offset at, for
// drawnState.
func (st *readState) trackDrawn(tok *token, at int) {
	d := &st.drawn
	if d.shapes == 0 && tok.tt != html.EndTagToken && drawsShapes(tok.name) {
		d.shapes = at + 1
	}
	if d.found != 0 {
		return
	}
	name := ""
	for _, n := range [...]string{"text", "tspan", "textpath"} {
		if len(tok.name) == len(n) && asciiEqualFold(tok.name, n) {
			name = n
		}
	}
	flag := func() { d.found = at + 1 }
	switch tok.tt {
	case html.TextToken:
		if st.raw == "style" && mayReorder(tok.text) && reordering.MatchString(decodeCSS(tok.text)) {
			flag()
		}
		return
	case html.EndTagToken:
		if name == "text" && d.text > 0 {
			d.text--
		}
		return
	}
	for _, a := range tok.attrs {
		if reorders(a.key, a.val) {
			flag()
			return
		}
	}
	switch name {
	case "textpath":
		if d.text > 0 {
			flag()
		}
		return
	case "text":
		if tok.tt == html.StartTagToken {
			d.text++
		}
		d.x, d.y = 0, 0
	case "tspan":
		if d.text == 0 {
			return
		}
	default:
		return
	}
	var xs []float64
	var hasX, anchored bool
	for _, a := range tok.attrs {
		switch a.key {
		case "rotate":
			flag()
			return
		case "x":
			xs, hasX = numbers(a.val), true
		case "y":
			if ys := numbers(a.val); len(ys) > 0 {
				d.y = ys[0]
			}
		case "dy":
			if dys := numbers(a.val); len(dys) > 0 {
				d.y += dys[0]
			}
		case "dx":
			for _, dx := range numbers(a.val) {
				if dx < 0 {
					flag()
					return
				}
			}
		case "text-anchor":
			anchored = strings.TrimSpace(a.val) != "" && strings.TrimSpace(strings.ToLower(a.val)) != "start"
		}
	}
	for i := 1; i < len(xs); i++ {
		if xs[i] < xs[i-1] {
			flag()
			return
		}
	}
	if hasX && len(xs) > 0 {
		d.x = xs[0]
	}
	if d.lines == nil {
		d.lines = map[float64]float64{}
	}
	if last, ok := d.lines[d.y]; ok && (d.x < last || anchored && hasX && d.x <= last) {
		flag()
		return
	}
	if last, ok := d.lines[d.y]; !ok || d.x > last {
		d.lines[d.y] = d.x
	}
}

// drawsShapes reports whether an element of that name draws outlines an
// SVG may draw text with, glyph by glyph (a <path>, a <polygon>, a
// <polyline>, or a <use> of one defined elsewhere): the scan reads text,
// not shapes, so such a file is refused as an image is. No element of
// HTML has these names.
func drawsShapes(name string) bool {
	for _, n := range [...]string{"path", "polygon", "polyline", "use"} {
		if len(name) == len(n) && asciiEqualFold(name, n) {
			return true
		}
	}
	return false
}

// drawnShapes is the leak for a file that draws shapes, at line.
func drawnShapes(name string, line int) Leak {
	return Leak{File: name, Line: line, Unreadable: true,
		What: "a file the leak scan cannot read: it draws SVG shapes (paths, polygons, <use>), which may be text drawn as outlines, as an image may; remove it, or list it in publish.unscanned to publish it unscanned"}
}

// numbers returns the leading numbers of an SVG list of lengths ("10 20",
// "5px,6"), units dropped.
func numbers(s string) []float64 {
	var out []float64
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' || r == '\n' || r == '\r' }) {
		end := 0
		for end < len(f) && strings.IndexByte("+-.0123456789eE", f[end]) >= 0 {
			end++
		}
		if v, err := strconv.ParseFloat(f[:end], 64); err == nil {
			out = append(out, v)
		}
	}
	return out
}

// drawnOutOfOrder is the leak for a file whose text is drawn in another
// order than it is written, at line.
func drawnOutOfOrder(name string, line int) Leak {
	return Leak{File: name, Line: line, Unreadable: true,
		What: "a file the leak scan cannot read in the order it is drawn (SVG text placed out of its written order, right to left or vertically, or HTML reordered by <bdo>, dir or CSS); remove it, or list it in publish.unscanned to publish it unscanned"}
}

// drawnOrder refuses a file whose text a reader sees in another order than
// the scan reads it: markup (read into mv by viewsOf) with SVG text drawn
// out of its order, or a style sheet that draws text right to left.
func (s *Scanner) drawnOrder(name, text string, mv *markupViews) ([]Leak, bool) {
	at := 0
	switch {
	case isMarkup(name) || isMarkdown(name):
		at = mv.drawnAt
	case isStyle(name):
		if !mayReorder(text) {
			break
		}
		if loc := reordering.FindStringIndex(decodeCSS(text)); loc != nil {
			at = min(loc[0], len(text)-1) + 1 // approximate where escapes were undone
		}
	}
	if at == 0 {
		if (isMarkup(name) || isMarkdown(name)) && mv.shapesAt != 0 {
			line, _ := lineCol(text, mv.shapesAt-1)
			l := s.refuse(drawnShapes(name, line))
			return l, l == nil
		}
		return nil, true
	}
	line, _ := lineCol(text, at-1)
	l := s.refuse(drawnOutOfOrder(name, line))
	return l, l == nil
}
