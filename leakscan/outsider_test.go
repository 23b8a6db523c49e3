package leakscan

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/evalpress/evalpress/matcher"
	"github.com/evalpress/evalpress/matcher/identity"
	"github.com/evalpress/evalpress/matcher/matchertest"
)

// The attacks of an outside review of the wall: each spelling reads as a
// private term to a person, so the matcher that redacts and the scan that
// checks the written files must both see the term.
func TestOutsiderSpellingsAreRecognised(t *testing.T) {
	m := matcher.New(matchertest.Terms)
	s := &Scanner{terms: m}
	for _, tc := range []struct{ name, text string }{
		// ⁱ and ⁿ sit in the superscripts block beside the footnote
		// digits, but are letters: "Quillion" with them reads as the name.
		{"superscript letters", "by Qᵘⁱˡˡⁱᵒⁿ 2.5 Pro"},
		{"subscript letters", "by Northwind Mₑdia"},
		{"a superscript i inside", "by Quⁱllion 2.5 Pro"},
		// Letters in shapes with no compatibility decomposition.
		{"negative squared letters", "by 🆀🆄🅸🅻🅻🅸🅾🅽 2.5 Pro"},
		{"negative circled letters", "by 🅠🅤🅘🅛🅛🅘🅞🅝 2.5 Pro"},
		{"regional indicators", "by 🇶🇺🇮🇱🇱🇮🇴🇳 2.5 Pro"},
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

// TestASCIILookAlikesAreRecognised: in the sans-serif fonts pages are read
// in, a capital I is drawn as a lowercase l, and a reader takes a 1 for an
// l and a 0 for an O: all-ASCII homoglyphs, which no Unicode table names.
func TestASCIILookAlikesAreRecognised(t *testing.T) {
	m := matcher.New(matchertest.Terms)
	s := &Scanner{terms: m}
	for _, text := range []string{
		"by QuiIIion 2.5 Pro", // capital I for l
		"by Qui11ion 2.5 Pro", // digit one for l
		"by QUlLLlON 2.5 PRO", // l for I
		"by Quillion 2.5 Pr0", // zero for o
		"Northwind MédIa",
	} {
		if got := m.Replace(text); got == text {
			t.Errorf("%q not redacted", text)
		}
		if leaks := s.ScanFile("p.json", []byte(`{"w": "`+text+`"}`)); len(leaks) == 0 {
			t.Errorf("the scan let %q through", text)
		}
	}
	for _, text := range []string{"by Quillon 2.5 Pro", "by Quilliam 2.5 Pro"} {
		if m.Contains(text) {
			t.Errorf("%q: no reader takes it for the name", text)
		}
	}
}

// TestASCIILookAlikesHideNoPassage: a private passage with its l's written
// as capital I's is still the passage.
func TestASCIILookAlikesHideNoPassage(t *testing.T) {
	s := passageScanner()
	spelled := "the harbour chief had promised a quiet week of sun and the boats stayed in for the whoIe seas0n"
	spelled = strings.ReplaceAll(spelled, "l", "I")
	if leaks := s.ScanFile("p.md", []byte(spelled)); len(leaks) == 0 {
		t.Errorf("the passage %q got through", spelled)
	}
}

// TestARightToLeftOverrideHidesNothing: after U+202E a browser draws the
// letters from right to left, so a term or passage typed backwards reads
// forwards on the page.
func TestARightToLeftOverrideHidesNothing(t *testing.T) {
	s := passageScanner()
	backwards := func(text string) string {
		r := []rune(text)
		for i, j := 0, len(r)-1; i < j; i, j = i+1, j-1 {
			r[i], r[j] = r[j], r[i]
		}
		return string(r)
	}
	for _, tc := range []struct{ name, file, data, what string }{
		{"a name in a page", "p.html", "<p>Written by \u202E" + backwards("Quillion 2.5 Pro") + "\u202C, we hear.</p>", "model name"},
		{"a name by its entity", "p.html", "<p>Written by &#x202E;" + backwards("Larkspur-3 Turbo") + "</p>", "model name"},
		{"a client in a markdown file", "doc.md", "# Notes\n\nFor \u202E" + backwards("Northwind Media") + "\n", "private term"},
		{"a passage in JSON", "r.json", `{"s": "\u202E` + backwards("the harbour chief had promised a quiet week of sun") + `"}`, "passage"},
	} {
		found := false
		for _, l := range s.ScanFile(tc.file, []byte(tc.data)) {
			found = found || strings.Contains(l.What, tc.what)
		}
		if !found {
			t.Errorf("%s: no %s reported in %q", tc.name, tc.what, tc.data)
		}
	}
	// Without the override, backwards text is no one's name.
	if leaks := s.ScanFile("p.html", []byte("<p>"+backwards("Quillion 2.5 Pro")+"</p>")); len(leaks) > 0 {
		t.Errorf("false alarm: %v", leaks)
	}
}

// passageScanner returns a scanner of matchertest.Terms and of one private passage,
// "the harbour chief had promised a quiet week of sun and the boats stayed
// in for the whole season".
func passageScanner() *Scanner {
	return testScanner(matchertest.Terms, "the harbour chief had promised a quiet week of sun and the boats stayed in for the whole season")
}

// testScanner returns a scanner of terms and of the passages of private,
// with no excerpt permitted.
func testScanner(terms []matcher.Term, private string) *Scanner {
	var index passageIndex
	index.add(private, nil)
	return &Scanner{terms: matcher.New(terms), passages: index.set(), allowed: new(permitSet)}
}

// TestHasRightToLeftOverride: the quick look for U+202E finds it wherever
// strings.Contains does, among bytes that share its first or last byte.
func TestHasRightToLeftOverride(t *testing.T) {
	for _, text := range []string{"", "\u202E", "a\u202E", "\u202Ez", "\u00AE", "\u00AE\u202E", "▬▬\u202E▬", "▬\u00AE▬", "\u202D\u202C", "\xAE", "\xE2\x80", "\x80\xAE"} {
		if got, want := hasRightToLeftOverride(text), strings.Contains(text, rightToLeftOverride); got != want {
			t.Errorf("hasRightToLeftOverride(%q) = %v, want %v", text, got, want)
		}
	}
}

// TestFileNamesTakeOrdinaryWordsInAnyCase: a file's path is a name the
// author chose, and an ordinary word of a writer's identity in it names
// the writer in any case: "releases/sonnet-eval/" beside a Claude writer
// is a leak, "metadata.html" none.
func TestFileNamesTakeOrdinaryWordsInAnyCase(t *testing.T) {
	t.Parallel()
	s := writerScanner("Claude Opus 4.1")
	for name, leak := range map[string]bool{
		"releases/sonnet-eval/index.html": true,
		"fixtures/haiku.html":             true,
		"05-opus-notes.html":              true,
		"metadata.html":                   false,
		"a-sonnet-by-keats.txt":           true, // fails closed: rename it
		"poems/sonnets-and-odes.html":     true,
	} {
		if got := len(s.ScanOutput(name, []byte("nothing"))) > 0; got != leak {
			t.Errorf("%s: leak %v, want %v", name, got, leak)
		}
	}
}

// TestLeaksNameNoTermInAPath: a leak in a file whose path holds a private
// term names the file with the term masked, in a build's check and in a
// folder's, so that the report (on a terminal, in a CI log) holds no
// letter of it, and still says which file to rename.
func TestLeaksNameNoTermInAPath(t *testing.T) {
	t.Parallel()
	s := writerScanner("Claude Opus 4.1")
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "sonnet-run"), 0o755); err != nil {
		t.Fatal(err)
	}
	data := []byte("Written by Claude.\n")
	if err := os.WriteFile(filepath.Join(dir, "sonnet-run", "Claude-notes.txt"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	fromDir, err := s.ScanDir(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	for name, leaks := range map[string][]Leak{"ScanOutput": s.ScanOutput("sonnet-run/Claude-notes.txt", data), "ScanDir": fromDir} {
		var lines []string
		for _, l := range leaks {
			lines = append(lines, l.String())
		}
		report := strings.Join(lines, "\n")
		if len(leaks) < 2 || !strings.Contains(report, "[model]-run/[model]-notes.txt:1:12: ") {
			t.Errorf("%s: want the file's name masked and the leak in its text:\n%s", name, report)
		}
		for _, w := range []string{"claude", "sonnet"} {
			if strings.Contains(strings.ToLower(report), w) {
				t.Errorf("%s: the report holds %q:\n%s", name, w, report)
			}
		}
	}
}

// writerScanner returns a scanner of a writer's name and identity, with
// no private passage.
func writerScanner(writer string) *Scanner {
	terms := append([]matcher.Term{{Text: writer, Kind: matcher.KindModel, Source: "sections.md:1"}},
		matcher.IdentityTerms(identity.Of(writer, identity.Extra{}), "the writer", "sections.md:1")...)
	return testScanner(terms, "")
}
