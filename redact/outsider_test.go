package redact

import (
	"strings"
	"testing"
)

// The attacks of an outside review of the wall: each spelling reads as a
// private term to a person, so the matcher that redacts and the scan that
// checks the written files must both see the term.
func TestOutsiderSpellingsAreRecognised(t *testing.T) {
	m := NewMatcher(testTerms)
	s := &Scanner{terms: m}
	for _, tc := range []struct{ name, text string }{
		// ⁱ and ⁿ sit in the superscripts block beside the footnote
		// digits, but are letters: "Quillion" with them reads as the name.
		{"superscript letters", "by Qᵘⁱˡˡⁱᵒⁿ 2.5 Pro"},
		{"subscript letters", "by Northwind Mₑdia"},
		{"a superscript i inside", "by Quⁱllion 2.5 Pro"},
	} {
		if !m.Contains(tc.text) {
			t.Errorf("%s: %q not matched", tc.name, tc.text)
		}
		if !strings.Contains(m.Replace(tc.text), "[") {
			t.Errorf("%s: %q not redacted: %q", tc.name, tc.text, m.Replace(tc.text))
		}
		if leaks := s.ScanFile("p.html", []byte("<p>"+tc.text+"</p>")); len(leaks) == 0 {
			t.Errorf("%s: the scan let %q through", tc.name, tc.text)
		}
	}
	// A footnote's superscript digit still reads as a gap.
	if !m.Contains("Larkspur-3¹ Turbo") {
		t.Error("a footnote digit inside a name hides it")
	}
}
