package matcher_test

import (
	"strings"
	"testing"

	"github.com/evalpress/evalpress/matcher"
	"github.com/evalpress/evalpress/matcher/identity"
)

// TestFindNameTakesOrdinaryWordsInAnyCase: a name the author chose (a
// file's path, a release's name) is no running text: an ordinary word of
// a writer's identity in it names the writer in any case ("sonnet-eval"
// beside a Claude writer), where prose would give it another sense. Words
// that only start like one ("metadata", "commander"), and ordinary words of
// no writer's identity, are no match.
func TestFindNameTakesOrdinaryWordsInAnyCase(t *testing.T) {
	t.Parallel()
	var terms []matcher.Term
	for _, n := range []string{"Claude Opus 4.1", "Command A", "Llama 3.3"} {
		terms = append(terms, matcher.Term{Text: n, Kind: matcher.KindModel, Source: "sections.md:1"})
		terms = append(terms, matcher.IdentityTerms(identity.Of(n, identity.Extra{}), "the writer", "sections.md:1")...)
	}
	m := matcher.New(terms)
	tests := []struct {
		name      string
		prose, id bool // found by Find, by FindName
	}{
		{"releases/sonnet-eval/index.html", false, true},
		{"fixtures/haiku.html", false, true},
		{"05-command-notes.html", false, true},
		{"llama_run/index.html", false, true},
		{"docs/Opus-notes.md", true, true},
		{"metadata.html", false, false},
		{"commander.html", false, false},
		{"gemini-week.html", false, false}, // no Gemini writer
		{"2026-08-first/index.html", false, false},
	}
	for _, tc := range tests {
		if got := len(m.Find(tc.name)) > 0; got != tc.prose {
			t.Errorf("Find(%q) found %v, want %v", tc.name, got, tc.prose)
		}
		if got := len(m.FindName(tc.name)) > 0; got != tc.id {
			t.Errorf("FindName(%q) found %v, want %v", tc.name, got, tc.id)
		}
	}
}

// TestMaskLine: a printed line has its paths masked as names (ordinary
// words of an identity in any case) and the rest as prose.
func TestMaskLine(t *testing.T) {
	t.Parallel()
	writer := "Claude Opus 4.1"
	m := matcher.New(append([]matcher.Term{{Text: writer, Kind: matcher.KindModel}},
		matcher.IdentityTerms(identity.Of(writer, identity.Extra{}), "the writer", "sections.md:1")...))
	for _, tc := range []struct{ line, gone, kept string }{
		{"evalpress: in/judged/haiku.md:3: no verdict block\n", "haiku", "no verdict block"},
		{`evalpress: in/sections.md:9: section "CTA Claude" appears twice` + "\n", "Claude", "appears twice"},
		{"evalpress: a haiku is a poem, and a sonnet too\n", "", "a haiku is a poem, and a sonnet too"},
	} {
		got := m.MaskLine(tc.line)
		if tc.gone != "" && strings.Contains(strings.ToLower(got), strings.ToLower(tc.gone)) || !strings.Contains(got, tc.kept) {
			t.Errorf("MaskLine(%q) = %q", tc.line, got)
		}
	}
}
