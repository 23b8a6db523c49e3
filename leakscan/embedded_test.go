package leakscan

import (
	"encoding/base64"
	"net/url"
	"strings"
	"testing"

	"github.com/evalpress/evalpress/matcher"
	"github.com/evalpress/evalpress/matcher/matchertest"
)

// TestEmbeddedFilesAreReadAsTheirKind: a file embedded in a page, a style
// sheet or a markdown document as a data: URL is decoded and read as a
// file of its kind: a term in an embedded SVG, page or text is found and
// named at the line of the URL; an embedded image or font is refused as
// the image on its own is; ordinary uses of the word "data:" raise
// nothing. The expected outcome is stated per case, independently of the
// scanner's own readers.
func TestEmbeddedFilesAreReadAsTheirKind(t *testing.T) {
	t.Parallel()
	s := &Scanner{terms: matcher.New(matchertest.Terms)}
	b64 := func(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }
	png := "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR Larkspur-3 Turbo"
	svg := `<svg xmlns="http://www.w3.org/2000/svg"><text x="1" y="9">by Larkspur-3 Turbo</text></svg>`
	for _, tc := range []struct {
		name, file, data string
		want             string // "term", "refused" or "" (nothing)
	}{
		{"an image in a page", "p.html", "<p>x</p>\n<img src=\"data:image/png;base64," + b64(png) + "\">", "refused"},
		{"an SVG in a page, base64", "p.html", "<p>x</p>\n<img src=\"data:image/svg+xml;base64," + b64(svg) + "\">", "term"},
		{"an SVG in a page, percent-encoded", "p.html", "<p>x</p>\n<img src=\"data:image/svg+xml," + url.PathEscape(svg) + "\">", "term"},
		{"a page in a frame", "p.html", "<p>x</p>\n<iframe src=\"data:text/html;base64," + b64("<p>Larkspur-3 Turbo</p>") + "\"></iframe>", "term"},
		{"an SVG in a style attribute", "p.html", "<p>x</p>\n<div style=\"background: url('data:image/svg+xml;base64," + b64(svg) + "')\"></div>", "term"},
		{"an SVG in a style element", "p.html", "<p>x</p>\n<style>.a { background: url(data:image/svg+xml;base64," + b64(svg) + ") }</style>", "term"},
		{"an SVG in a style sheet", "a.css", ".a {}\n.b { background: url(\"data:image/svg+xml;base64," + b64(svg) + "\") }", "term"},
		{"a font in a style sheet", "a.css", ".a {}\n@font-face { src: url(data:font/woff2;base64,d09GMgABAAAAAA) }", "refused"},
		{"an image in markdown", "a.md", "# A\n![chart](data:image/png;base64," + b64(png) + ")", "refused"},
		{"an SVG in an SVG", "a.svg", "<svg>\n<image href=\"data:image/svg+xml;base64," + b64(svg) + "\"/></svg>", "term"},
		{"a clean embedded SVG", "p.html", "<p>x</p>\n<img src=\"data:image/svg+xml;base64," + b64(`<svg><text x="1">a chart</text></svg>`) + "\">", ""},
		{"the word data: in prose", "p.html", "<p>The metadata: see data: 5 cells, data:x.</p>", ""},
	} {
		leaks := s.ScanFile(tc.file, []byte(tc.data))
		got := ""
		switch {
		case len(leaks) == 1 && leaks[0].Unreadable && strings.Contains(leaks[0].What, "data: URL"):
			got = "refused"
		case len(leaks) > 0 && !leaks[0].Unreadable && strings.Contains(leaks[0].What, "data: URL"):
			got = "term"
		case len(leaks) > 0:
			got = "other"
		}
		if got != tc.want {
			t.Errorf("%s: %v, want %q", tc.name, leaks, tc.want)
		}
		if got != "" && leaks[0].Line != 2 {
			t.Errorf("%s: %v: want line 2, where the URL starts", tc.name, leaks[0])
		}
	}
}

// TestShapesThatMayDrawTextAreRefused: an SVG that draws paths, polygons
// or <use>s (text converted to outlines looks like any other drawing) is
// refused as an image is, naming the line of its first shape, unless
// publish.unscanned lists it; one of text, rectangles and circles is read.
func TestShapesThatMayDrawTextAreRefused(t *testing.T) {
	t.Parallel()
	s := &Scanner{terms: matcher.New(matchertest.Terms)}
	for _, tc := range []struct {
		name, file, data string
		refused          bool
	}{
		{"glyphs as paths", "title.svg", "<svg>\n<path d=\"M0 0L10 0L5 9Z\"/></svg>", true},
		{"glyphs used from defs", "title.svg", "<svg><defs><symbol id=\"g1\"><rect/></symbol></defs>\n<use href=\"#g1\" x=\"3\"/></svg>", true},
		{"a polygon", "title.svg", "<svg>\n<polygon points=\"0,0 3,9 9,0\"/></svg>", true},
		{"inline in a page", "p.html", "<p>x</p>\n<svg><PATH d=\"M0 0\"/></svg>", true},
		{"text, bars and dots", "chart.svg", "<svg><text x=\"1\">a chart</text><rect width=\"3\"/><circle r=\"2\"/><line x2=\"4\"/></svg>", false},
		{"a page with no SVG", "p.html", "<p>a path, a polygon and a use</p>", false},
	} {
		leaks := s.ScanFile(tc.file, []byte(tc.data))
		refused := len(leaks) == 1 && leaks[0].Unreadable && strings.Contains(leaks[0].What, "SVG shapes")
		if refused != tc.refused {
			t.Errorf("%s: %v, want refused %v", tc.name, leaks, tc.refused)
		}
		if refused && !strings.HasPrefix(leaks[0].String(), tc.file+":2: ") {
			t.Errorf("%s: %q does not name the file and line 2", tc.name, leaks[0])
		}
	}
	s.PublishUnscanned([]string{"*.svg"})
	if leaks := s.ScanFile("title.svg", []byte("<svg><path d=\"M0 0\"/></svg>")); len(leaks) != 0 {
		t.Errorf("a listed file: %v", leaks)
	}
}
