package site

import (
	"html/template"
	"strings"
)

// A cellFrame is the layout of the cell pages, executed once a build: the
// layout shows nothing of a cell page but its title and its body (every
// other thing it shows, the navigation, the footer, is the same on every
// cell page), so a cell page is the frame's three pieces around its title,
// escaped as the layout escapes it, and its body. The thousands of cell
// pages of a large study are then one execution of their own template
// each, rather than two.
type cellFrame struct {
	head, mid, tail string
}

// Marks that stand for a cell page's title, body and path where the
// frame is made: strings no escaper changes, which no page holds.
const (
	titleMark = "evalpressCellTitle9f3c1d"
	bodyMark  = "evalpressCellBody9f3c1d"
	pathMark  = "evalpressCellPath9f3c1d"
)

// titleProbe is a title of every ASCII character and some that are not,
// to check that the layout escapes a title as escapeTitle does.
var titleProbe = func() string {
	var b strings.Builder
	for c := range 128 {
		b.WriteByte(byte(c))
	}
	return b.String() + "é€\u2028\xff" + titleMark
}()

// makeCellFrame executes the layout for a cell page (data, with its
// navigation) with marks for its title and body, and returns the frame, or
// nil when the layout shows more of a cell page than its title and body,
// or shows the title other than escapeTitle escapes it: the cell pages
// then go through the layout each.
func makeCellFrame(tmpl *template.Template, data *pageData) *cellFrame {
	render := func(title string) (string, bool) {
		probe := *data
		probe.Title, probe.Body, probe.Path, probe.Cell = title, bodyMark, pathMark, &cellPage{}
		var b strings.Builder
		if err := tmpl.ExecuteTemplate(&b, "layout.html", &probe); err != nil {
			return "", false // the page's own execution reports it
		}
		return b.String(), true
	}
	out, ok := render(titleMark)
	if !ok || strings.Count(out, titleMark) != 1 || strings.Count(out, bodyMark) != 1 || strings.Contains(out, pathMark) {
		return nil
	}
	head, rest, _ := strings.Cut(out, titleMark)
	mid, tail, ok := strings.Cut(rest, bodyMark)
	if !ok {
		return nil // the body comes before the title
	}
	f := &cellFrame{head: head, mid: mid, tail: tail}
	if probed, ok := render(titleProbe); !ok || probed != string(f.page(titleProbe, []byte(bodyMark))) {
		return nil
	}
	return f
}

// page returns the cell page of the title and the body.
func (f *cellFrame) page(title string, body []byte) []byte {
	page := make([]byte, 0, len(f.head)+len(title)+len(f.mid)+len(body)+len(f.tail)+64)
	page = appendTitle(append(page, f.head...), title)
	page = append(append(page, f.mid...), body...)
	return append(page, f.tail...)
}

// titleEscapes are the escapes of html/template's escaper of a title's
// element (RCDATA), which only ever replaces these ASCII characters.
var titleEscapes = [128]string{0: "\uFFFD", '"': "&#34;", '&': "&amp;", '\'': "&#39;", '+': "&#43;", '<': "&lt;", '>': "&gt;"}

// appendTitle appends title escaped as the layout's <title> escapes it.
func appendTitle(b []byte, title string) []byte {
	prev := 0
	for i := 0; i < len(title); i++ {
		if c := title[i]; c < 128 && titleEscapes[c] != "" {
			b = append(append(b, title[prev:i]...), titleEscapes[c]...)
			prev = i + 1
		}
	}
	return append(b, title[prev:]...)
}

// hasOwnLayout reports whether a templates override holds its own layout.
func hasOwnLayout(opt Options) bool {
	if opt.TemplateOverride == nil {
		return false
	}
	f, err := opt.TemplateOverride.Open("layout.html")
	if err == nil {
		f.Close()
	}
	return err == nil
}
