package leakscan

import (
	"fmt"
	"io/fs"
	"strings"
	"testing"

	"github.com/evalpress/evalpress"
	"github.com/evalpress/evalpress/matcher"
	"github.com/evalpress/evalpress/matcher/matchertest"
)

// TestTextDrawnOutOfOrderIsRefused: SVG text a browser draws in another
// order than it is written ("Cl" drawn left of "aude" written before it,
// letters drawn right to left) is refused as a file the scan cannot read,
// naming its line, unless publish.unscanned lists it; text drawn in the
// order it is written (lines, labels left to right, a bold word) is read.
func TestTextDrawnOutOfOrderIsRefused(t *testing.T) {
	s := &Scanner{terms: matcher.New(matchertest.Terms)}
	for _, tc := range []struct {
		name, file, data string
		refused          bool
	}{
		{"tspans placed back", "chart.svg", "<svg>\n<text><tspan x=\"46\">spur</tspan><tspan x=\"10\">Lark</tspan></text></svg>", true},
		{"texts placed back on a baseline", "chart.svg", "<svg>\n<text x=\"46\" y=\"20\">spur</text><text x=\"10\" y=\"20\">Lark</text></svg>", true},
		{"a negative dx", "chart.svg", "<svg>\n<text x=\"10\">spur<tspan dx=\"-40\">Lark</tspan></text></svg>", true},
		{"glyph positions going back", "chart.svg", "<svg>\n<text x=\"30 20 10\">kra</text></svg>", true},
		{"anchored at the end, at the same x", "chart.svg", "<svg>\n<text x=\"10\">spur</text><text x=\"10\" text-anchor=\"end\">Lark</text></svg>", true},
		{"right to left, overridden", "chart.svg", "<svg>\n<text direction=\"rtl\" unicode-bidi=\"bidi-override\">krapsuL</text></svg>", true},
		{"right to left on a group", "chart.svg", "<svg>\n<g direction=\"rtl\"><text>x</text></g></svg>", true},
		{"right to left in a style attribute", "chart.svg", "<svg>\n<text style=\"unicode-bidi:bidi-override; direction: rtl\">krapsuL</text></svg>", true},
		{"right to left in a style element", "p.html", "<p>x</p>\n<style>text { direction: rtl }</style><svg><text>krapsuL</text></svg>", true},
		{"vertical", "chart.svg", "<svg>\n<text writing-mode=\"tb\">Larkspur</text></svg>", true},
		{"a text path", "chart.svg", "<svg>\n<text><textPath href=\"#p\">Larkspur</textPath></text></svg>", true},
		{"rotated glyphs", "chart.svg", "<svg>\n<text rotate=\"180\">Larkspur</text></svg>", true},
		{"inline SVG in markdown", "a.md", "# A\n<svg><text><tspan x=\"46\">spur</tspan><tspan x=\"10\">Lark</tspan></text></svg>", true},
		{"a style sheet drawing right to left", "a.css", "p {\n  unicode-bidi: bidi-override; direction: rtl }", true},
		{"lines of one text", "chart.svg", "<svg><text x=\"10\" y=\"20\"><tspan x=\"10\" y=\"20\">one</tspan><tspan x=\"10\" y=\"40\">two</tspan></text></svg>", false},
		{"labels left to right", "chart.svg", "<svg><text x=\"10\" y=\"90\">0</text><text x=\"50\" y=\"90\">1</text><text x=\"5\" y=\"50\">half</text><text x=\"5\" y=\"10\" text-anchor=\"end\">all</text></svg>", false},
		{"a bold word", "chart.svg", "<svg><text x=\"10\" y=\"20\">Model <tspan font-weight=\"bold\">2</tspan> leads</text><text x=\"200\" y=\"20\">Model 3</text></svg>", false},
		{"a flex row reversed", "a.css", ".m {\n  flex-direction: row-reverse; direction: ltr }", true},
		{"flex items ordered", "p.html", "<p>x</p>\n<div style=\"display:flex\"><span style=\"order: 2\">wood</span><span>Mist</span></div>", true},
		{"a bdo", "p.html", "<p>x</p>\n<bdo dir=\"rtl\">krapsuL</bdo>", true},
		{"right to left in HTML", "p.html", "<p>x</p>\n<p dir=\"rtl\">krapsuL</p>", true},
		{"a flex column, a border", "a.css", ".m { flex-direction: column; border: 1px; border-radius: 2px }", false},
		{"a page's own words", "p.html", "<p dir=\"ltr\">Direction: rtl is a CSS value.</p>", false},
	} {
		leaks := s.ScanFile(tc.file, []byte(tc.data))
		refused := len(leaks) == 1 && leaks[0].Unreadable && strings.Contains(leaks[0].String(), "in the order it is drawn")
		if refused != tc.refused {
			t.Errorf("%s: %v, want refused %v", tc.name, leaks, tc.refused)
		}
		if refused && !strings.HasPrefix(leaks[0].String(), tc.file+":2: ") {
			t.Errorf("%s: %q does not name the file and line 2", tc.name, leaks[0])
		}
	}
	s.PublishUnscanned([]string{"*.svg"})
	if leaks := s.ScanFile("chart.svg", []byte("<svg><text direction=\"rtl\" unicode-bidi=\"bidi-override\">x</text></svg>")); len(leaks) != 0 {
		t.Errorf("a listed file: %v", leaks)
	}
}

// TestOwnAssetsAreDrawnInOrder: nothing evalpress ships is refused as drawn
// out of order.
func TestOwnAssetsAreDrawnInOrder(t *testing.T) {
	s := &Scanner{terms: matcher.New(nil)}
	for _, tree := range []fs.FS{evalpress.Assets(), evalpress.Templates()} {
		err := fs.WalkDir(tree, ".", func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			data, err := fs.ReadFile(tree, p)
			if err != nil {
				return err
			}
			for _, l := range s.ScanFile(p, data) {
				if strings.Contains(l.What, "order it is drawn") {
					return fmt.Errorf("%s", l)
				}
			}
			return nil
		})
		if err != nil {
			t.Error(err)
		}
	}
}
