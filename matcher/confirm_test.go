package matcher_test

import (
	"strings"
	"testing"

	"github.com/evalpress/evalpress/matcher"
	"github.com/evalpress/evalpress/matcher/identity"
)

// TestConfirmableTakesOneOrdinaryWord: a phrase of confirmed.txt confirms
// an ordinary phrase that holds one word of an identity ("Claude Monet"),
// never one that names a writer: a whole name, a name with its version, an
// API id or two words of an identity side by side would be published as
// written, and tell the reader who wrote what. Checked by what the matcher
// then finds in the phrase, apart from Confirmable's own answer.
func TestConfirmableTakesOneOrdinaryWord(t *testing.T) {
	t.Parallel()
	writers := []string{"Claude Opus 4.1", "Gemini 2.5 Pro", "Nova Pro", "Phi-4"}
	var terms []matcher.Term
	for _, n := range writers {
		terms = append(terms, matcher.Term{Text: n, Kind: matcher.KindModel, Source: "sections.md:1"})
		terms = append(terms, matcher.IdentityTerms(identity.Of(n, identity.Extra{}), "the writer", "sections.md:1")...)
	}
	tests := []struct {
		phrase  string
		confirm bool
	}{
		{"Claude Monet", true},
		{"Amazon river", true},
		{"Nova Scotia", true},
		{"phi coefficient", true},
		{"born under gemini", true},
		{"Claude 4.1", false},
		{"we thank Claude Opus 4.1 for its work", false},
		{"the painter Claude Opus", false},
		{"Claude and Anthropic", false},
		{"runs on claude-opus-4-1 daily", false},
		{"Gemini 2.5 Pro wrote it", false},
		{"a Claude 4 painting", false},
	}
	for _, tc := range tests {
		t.Run(tc.phrase, func(t *testing.T) {
			t.Parallel()
			all := append(terms[:len(terms):len(terms)], matcher.Term{Text: tc.phrase, Kind: matcher.KindConfirmed, Source: "confirmed.txt:1"})
			sentence := "In the document: " + tc.phrase + "."
			found := matcher.New(all).Find(sentence)
			if tc.confirm && len(found) > 0 {
				t.Errorf("%q is not confirmed: %d private term(s) found in it", tc.phrase, len(found))
			}
			if !tc.confirm && len(found) == 0 {
				t.Errorf("%q is confirmed: published as written, it names a writer", tc.phrase)
			}
			if !tc.confirm && strings.Contains(matcher.New(all).Replace(sentence), "Claude Opus") {
				t.Errorf("%q: the name stays beside the placeholder", tc.phrase)
			}
		})
	}
}
