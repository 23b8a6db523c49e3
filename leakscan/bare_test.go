package leakscan

import (
	"reflect"
	"strings"
	"testing"

	"github.com/evalpress/evalpress/matcher"
	"github.com/evalpress/evalpress/matcher/matchertest"
)

// TestBareViewMadeOnlyWithSup reads files with and without <sup> and <sub>,
// also inside text read again as markup (a title's, an SVG's): read makes
// every view as a reading that always makes the bare view does, and the
// bare view only for a file that has a <sup> or <sub>, where it is used.
func TestBareViewMadeOnlyWithSup(t *testing.T) {
	docs := []struct {
		name, doc string
		sup       bool
	}{
		{"no sup", "<html><head><title>T</title></head><body><p>Lark</p><p>spur</p></body></html>", false},
		{"sup", "<p>Lark<sup>1</sup>spur and <b>more</b></p>", true},
		{"sub", "<p>H<SUB>2</SUB>O</p><td>a</td><td>b</td>", true},
		{"sup in a title", "<title>Lark<sup>x</sup>spur</title><p>text</p>", true},
		{"sup in svg", `<svg><title>a<sub>b</sub>c</title><text>Lark</text></svg><p>after</p>`, true},
		{"escaped sup", "<p>&lt;sup&gt;1&lt;/sup&gt; words</p><textarea><sup>x</sup></textarea>", true},
		{"script", "<script>var s = '<sup>';</script><p>words</p>", false},
		{"empty", "", false},
	}
	for _, tc := range docs {
		var got, want markupViews
		got.read(tc.doc)
		want.readAs(tc.doc, true)
		if got.hasSup != want.hasSup {
			t.Fatalf("%s: hasSup %v, want %v", tc.name, got.hasSup, want.hasSup)
		}
		if tc.sup && !got.hasSup {
			t.Errorf("%s: no <sup> or <sub> found", tc.name)
		}
		if !got.hasSup && (len(got.bare) > 0 || len(got.bareAt) > 0) {
			t.Errorf("%s: a bare view of %d bytes made for a file without <sup>", tc.name, len(got.bare))
		}
		if got.hasSup && (string(got.bare) != string(want.bare) || !reflect.DeepEqual(got.bareAt, want.bareAt)) {
			t.Errorf("%s: bare view %q %v, want %q %v", tc.name, got.bare, got.bareAt, want.bare, want.bareAt)
		}
		if string(got.text) != string(want.text) || string(got.other) != string(want.other) || string(got.names) != string(want.names) ||
			!reflect.DeepEqual(got.textAt, want.textAt) || !reflect.DeepEqual(got.otherAt, want.otherAt) ||
			!reflect.DeepEqual(got.namesAt, want.namesAt) || !reflect.DeepEqual(got.joins, want.joins) || !reflect.DeepEqual(got.hidden, want.hidden) {
			t.Errorf("%s: views differ from a reading that makes the bare view:\n got %q %q %q\nwant %q %q %q", tc.name, got.text, got.other, got.names, want.text, want.other, want.names)
		}
	}
}

// TestNameCutBySupInRawTextIsFound plants a model name cut by a footnote
// mark inside the raw text of a title, textarea, script or the like, which
// the scan reads again as markup: its text without the <sup> or <sub> (the
// bare view) reads the name as a page or a text extractor shows it, apart
// from the text around the raw text, as the text view reads it.
func TestNameCutBySupInRawTextIsFound(t *testing.T) {
	s := &Scanner{terms: matcher.New(matchertest.Terms), allowed: new(permitSet)}
	tests := []struct{ name, file, data string }{
		{"in a paragraph", "p.html", `<p>Larkspur-3<sup>1</sup> Turbo</p>`},
		{"in a title", "p.html", `<title>Larkspur-3<sup>1</sup> Turbo</title><p>x</p>`},
		{"in a title after text", "p.html", `<p>by</p><title>Larkspur-3<sub>1</sub> Turbo</title>`},
		{"in a textarea", "p.html", `<textarea>Larkspur-3<sup>1</sup> Turbo</textarea>`},
		{"in a noscript", "p.html", `<p>a</p><noscript>Larkspur-3<SUP>1</SUP> Turbo</noscript><p>b</p>`},
		{"in an xmp", "p.html", `<xmp>Larkspur-3<sup>1</sup> Turbo</xmp>`},
		{"in a plaintext", "p.html", `<plaintext>Larkspur-3<sup>1</sup> Turbo`},
		{"in an SVG title", "c.svg", `<svg><title>Larkspur-3<sup>1</sup> Turbo</title><text>x</text></svg>`},
		{"in a script", "p.html", `<script>document.write("Larkspur-3<sup>1</sup> Turbo")</script>`},
		{"in a script inside a sup", "p.html", `<p><sup>2</sup></p><script>w("Larkspur-3<sub>1</sub> Turbo")</script>`},
	}
	for _, tc := range tests {
		found := false
		for _, l := range s.ScanFile(tc.file, []byte(tc.data)) {
			found = found || strings.Contains(l.What, "model name")
		}
		if !found {
			t.Errorf("%s: %q: the model name is not found", tc.name, tc.data)
		}
	}
}

// TestNameCutByARaisedMarkIsFound plants a model name cut by a mark that
// a page shows raised or lowered without <sup> or <sub>: by a style's
// vertical-align or an SVG baseline-shift. The bare view leaves the mark
// out, as it leaves out a <sup>'s; an element merely styled does not make
// one.
func TestNameCutByARaisedMarkIsFound(t *testing.T) {
	s := &Scanner{terms: matcher.New(matchertest.Terms), allowed: new(permitSet)}
	tests := []struct {
		name, file, data string
		found            bool
	}{
		{"vertical-align super", "p.html", `<p>Larkspur-3<span style="vertical-align:super">1</span> Turbo</p>`, true},
		{"vertical-align sub, spaced, upper case", "p.html", `<p>Larkspur-3<SPAN STYLE="color: red; Vertical-Align : SUB">1</SPAN> Turbo</p>`, true},
		{"nested inside the raised mark", "p.html", `<p>Quillion 2.5<span style="vertical-align: super"><span>1</span>, <span>2</span></span> Pro</p>`, true},
		{"CSS-escaped", "p.html", `<p>Quillion 2.5<a style="vertical-align:\73 uper">3</a> Pro</p>`, true},
		{"SVG baseline-shift", "c.svg", `<svg><text>Larkspur-3<tspan baseline-shift="super">1</tspan> Turbo</text></svg>`, true},
		{"baseline-shift in a style", "c.svg", `<svg><text>Larkspur-3<tspan style="baseline-shift: sub">1</tspan> Turbo</text></svg>`, true},
		{"a mark that is not raised", "p.html", `<p>Larkspur-3<span style="color:red">1</span> Turbo</p>`, false},
	}
	for _, tc := range tests {
		found := false
		for _, l := range s.ScanFile(tc.file, []byte(tc.data)) {
			found = found || strings.Contains(l.What, "model name")
		}
		if found != tc.found {
			t.Errorf("%s: %q: model name found %v, want %v", tc.name, tc.data, found, tc.found)
		}
		var got, want markupViews
		got.read(tc.data)
		want.readAs(tc.data, true)
		if got.hasSup != tc.found || string(got.bare) != string(want.bare) && got.hasSup {
			t.Errorf("%s: bare view made %v (%q), want %v (%q)", tc.name, got.hasSup, got.bare, tc.found, want.bare)
		}
	}
}

// TestNameCutByMarkupInSrcdocIsFound plants a model name cut by tags in
// an iframe's srcdoc, a document the page shows in the frame: the scan
// reads it as markup, as it reads a noscript's.
func TestNameCutByMarkupInSrcdocIsFound(t *testing.T) {
	s := &Scanner{terms: matcher.New(matchertest.Terms), allowed: new(permitSet)}
	tests := []struct{ name, data string }{
		{"tags", `<iframe srcdoc="<p>Lark<b>spur</b>-3 Turbo</p>"></iframe>`},
		{"escaped tags", `<p>x</p><iframe srcdoc="&lt;p&gt;Quill&lt;i&gt;ion&lt;/i&gt; 2.5 Pro"></iframe><p>y</p>`},
		{"a footnote mark", `<iframe SRCDOC='<p>Larkspur-3<sup>1</sup> Turbo</p>'></iframe>`},
		{"a frame in the frame", `<iframe srcdoc="<iframe srcdoc='Quill<b>ion</b> 2.5 Pro'></iframe>"></iframe>`},
	}
	for _, tc := range tests {
		found := false
		for _, l := range s.ScanFile("p.html", []byte(tc.data)) {
			found = found || strings.Contains(l.What, "model name")
		}
		if !found {
			t.Errorf("%s: %q: the model name is not found", tc.name, tc.data)
		}
	}
}

// TestNameCutByMarkupInAValueOrDataFileIsFound plants a model name cut by
// tags where a reader sees the tags as text around the name's letters: an
// attribute's value (a tooltip reads "Lark<b>spur</b>-3 Turbo"), a JSON,
// CSV or text file. The scan reads each also as markup, so its tags hide
// no word; a value or file without a "<" is read as before.
func TestNameCutByMarkupInAValueOrDataFileIsFound(t *testing.T) {
	s := &Scanner{terms: matcher.New(matchertest.Terms), allowed: new(permitSet)}
	tests := []struct{ name, file, data string }{
		{"title", "p.html", `<p title="Lark<b>spur</b>-3 Turbo">x</p>`},
		{"alt, escaped", "p.html", `<img alt="Quill&lt;i&gt;ion&lt;/i&gt; 2.5 Pro">`},
		{"data attribute, a footnote mark", "p.html", `<div data-note='Larkspur-3<sup>1</sup> Turbo'></div>`},
		{"svg attribute", "f.svg", `<svg><rect aria-label="Lark<tspan>spur</tspan>-3 Turbo"/></svg>`},
		{"json", "data/r.json", `{"note": "Larkspur-3<sup>1</sup> Turbo"}`},
		{"csv", "data/r.csv", "a,b\n\"Quill<b>ion</b> 2.5 Pro\",1\n"},
		{"text", "notes.txt", "Lark<i>spur</i>-3 Turbo"},
	}
	for _, tc := range tests {
		found := false
		for _, l := range s.ScanFile(tc.file, []byte(tc.data)) {
			found = found || strings.Contains(l.What, "model name")
		}
		if !found {
			t.Errorf("%s: %s %q: the model name is not found", tc.name, tc.file, tc.data)
		}
	}
}
