package leakscan

import (
	"os"
	"strings"
	"testing"

	"github.com/evalpress/evalpress/matcher"
)

// labTerms are lab and family names an author lists to keep a real
// evaluation's writers apart, as redact.txt terms.
var labTerms = []matcher.Term{
	{Text: "Opus", Kind: matcher.KindRedact, Source: "redact.txt:1"},
	{Text: "GPT", Kind: matcher.KindRedact, Source: "redact.txt:2"},
	{Text: "Phi", Kind: matcher.KindRedact, Source: "redact.txt:3"},
	{Text: "xAI", Kind: matcher.KindRedact, Source: "redact.txt:4"},
	{Text: "Llama", Kind: matcher.KindRedact, Source: "redact.txt:5"},
	{Text: "Meta", Kind: matcher.KindRedact, Source: "redact.txt:6"},
	{Text: "Nova", Kind: matcher.KindRedact, Source: "redact.txt:7"},
}

// TestFixedBytesAreNotInputs: the vendored chart library, byte for byte
// as the binary embeds it, and the lines of the program source a page
// quotes cannot carry an input: terms in them are no leak. A file one byte
// off, or a quoted line an alias is added to, is read as any other.
func TestFixedBytesAreNotInputs(t *testing.T) {
	chart, err := os.ReadFile("../assets/vendor/echarts/echarts.min.js")
	if err != nil {
		t.Fatal(err)
	}
	source := "\tfor i := a.slot(k); ; i = (i + 1) & a.mask {\n\t\treturn nil\n"
	s := &Scanner{terms: matcher.New(labTerms)}
	if leaks := s.ScanFile("assets/vendor/echarts/echarts.min.js", chart); len(leaks) == 0 {
		t.Fatal("the chart library holds no lab term even unfixed: the test tests nothing")
	}
	page := "<pre><code>" + strings.ReplaceAll(source, "&", "&amp;") + "</code></pre>"
	if leaks := s.ScanFile("method.html", []byte(page)); len(leaks) == 0 {
		t.Fatal("the quoted source holds no lab term even unfixed: the test tests nothing")
	}
	s.Fixed([][]byte{chart}, []string{source})
	if leaks := s.ScanFile("assets/vendor/echarts/echarts.min.js", chart); len(leaks) != 0 {
		t.Errorf("the embedded chart library: %v", leaks)
	}
	if leaks := s.ScanFile("method.html", []byte(page)); len(leaks) != 0 {
		t.Errorf("the quoted program source: %v", leaks)
	}
	if leaks := s.ScanFile("assets/vendor/echarts/echarts.min.js", append(chart[:len(chart):len(chart)], ' ')); len(leaks) == 0 {
		t.Error("a file one byte off the embedded one is let through unread")
	}
	added := "<pre><code>" + strings.ReplaceAll(strings.Replace(source, "a.mask {", "a.mask { // Model 2", 1), "&", "&amp;") + "</code></pre>"
	if leaks := s.ScanFile("method.html", []byte(added)); len(leaks) == 0 {
		t.Error("a quoted line with words added is let through")
	}
	if leaks := s.ScanFile("notes.html", []byte("<p>Model 2 is Llama.</p>")); len(leaks) == 0 {
		t.Error("the term itself is let through")
	}
}

// TestShortSourceLinesAmongTheirNeighboursAreFixed: a quoted source line
// of few letters ("i = (i + 1) & a.mask", which reads "llama" with its
// separators skipped) is the program's among the lines around it, however
// short; alone, or among other lines, it is read as any other.
func TestShortSourceLinesAmongTheirNeighboursAreFixed(t *testing.T) {
	source := "\t\tfor a.slots[i].used && a.slots[i].key != k {\n\t\t\ti = (i + 1) & a.mask\n\t\t}\n\t\tmeta\n"
	s := &Scanner{terms: matcher.New(labTerms)}
	page := func(lines string) []byte {
		return []byte("<pre><code>" + strings.ReplaceAll(lines, "&", "&amp;") + "</code></pre>")
	}
	quoted := page(source)
	if leaks := s.ScanFile("method.html", quoted); len(leaks) == 0 {
		t.Fatal("the quoted source holds no lab term even unfixed: the test tests nothing")
	}
	s.Fixed(nil, []string{source})
	if leaks := s.ScanFile("method.html", quoted); len(leaks) != 0 {
		t.Errorf("the quoted program source: %v", leaks)
	}
	for _, text := range []string{
		"i = (i + 1) & a.mask\n",            // the short line alone
		"a note\ni = (i + 1) & a.mask\n}\n", // among lines of one's own
		"\t\t}\n\t\tmeta\n",                 // a term as a short source line, with too little around it
		"\t\tfor a.slots[i].used && a.slots[i].key != k {\n\t\t\ti = (i + 1) & a.mask Meta\n", // words added
	} {
		if leaks := s.ScanFile("notes.html", page(text)); len(leaks) == 0 {
			t.Errorf("%q: let through", text)
		}
	}
}

// TestMetaElementsAreNoLeak: a <meta> element's "=" inside its content
// value is no second attribute, so its tag name is not read as text; a
// second attribute of the same name still is.
func TestMetaElementsAreNoLeak(t *testing.T) {
	s := &Scanner{terms: matcher.New(labTerms)}
	page := `<!DOCTYPE html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name='color-scheme' content='light dark'></head><body><p>x</p></body></html>`
	if leaks := s.ScanFile("index.html", []byte(page)); len(leaks) != 0 {
		t.Errorf("meta elements: %v", leaks)
	}
	for _, tag := range []string{`<p title="a=b" TITLE="Meta">y</p>`, `<p title=x title="Llama">y</p>`, `<meta content="x=y" name=a name="Opus 4">`} {
		if leaks := s.ScanFile("p.html", []byte(tag)); len(leaks) == 0 {
			t.Errorf("%s: the dropped attribute is let through", tag)
		}
	}
}

// TestLeakMessagesNameTheSource: a leak says what it is and where it came
// from, never a letter of the term or a word of the passage.
func TestLeakMessagesNameTheSource(t *testing.T) {
	s := testScanner([]matcher.Term{{Text: "Quillion 2.5 Pro", Kind: matcher.KindModel, Source: "sections.md:1"}},
		"the harbour chief had promised a quiet week of sun and the boats stayed in for the whole season")
	leaks := s.ScanFile("p.html", []byte("<p>Quillion 2.5 Pro wrote: the harbour chief had promised a quiet week of sun</p>"))
	var all []string
	for _, l := range leaks {
		all = append(all, l.String())
	}
	got := strings.Join(all, "\n")
	for _, want := range []string{"p.html:1:4: a model name from sections.md:1", "a passage of 8 or more words of the private texts"} {
		if !strings.Contains(got, want) {
			t.Errorf("%q lacks %q", got, want)
		}
	}
	for _, letters := range []string{"Qu", "harb", "*"} {
		if strings.Contains(got, letters) {
			t.Errorf("%q shows %q", got, letters)
		}
	}
}
