package redact

import (
	"reflect"
	"testing"
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
