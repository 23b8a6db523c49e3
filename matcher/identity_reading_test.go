package matcher_test

import (
	"strings"
	"testing"

	"github.com/evalpress/evalpress/matcher"
	"github.com/evalpress/evalpress/matcher/identity"
)

// realWriters are the identities of a frontier evaluation's writers, as
// Terms derives them.
func realWriters(names ...string) *matcher.Matcher {
	var terms []matcher.Term
	for _, n := range names {
		terms = append(terms, matcher.Term{Text: n, Kind: matcher.KindModel, Source: "sections.md:1"})
		terms = append(terms, matcher.IdentityTerms(identity.Of(n, identity.Extra{}), "the writer", "sections.md:1")...)
	}
	return matcher.New(terms)
}

// TestIdentityIsReadInEveryForm: what a reader recognises of a writer's
// identity is found, and the whole of it is masked: its short forms, its
// lab's people and platforms, its names in other scripts inside a sentence
// of that script, digits written for letters, Unicode tag characters that
// spell it invisibly, and the version tail after a name. The masked text
// is checked on its own: no letter of the version stays beside the
// placeholder.
func TestIdentityIsReadInEveryForm(t *testing.T) {
	t.Parallel()
	m := realWriters("Claude Opus 4.1", "Gemini 2.5 Pro", "GPT-5")
	tag := func(s string) string {
		var b strings.Builder
		for _, r := range s {
			b.WriteRune(0xE0000 + r)
		}
		return b.String()
	}
	for _, tc := range []struct{ text, want string }{
		{"the 2.5 Pro wrote it", "the [model] wrote it"},
		{"as Demis Hassabis said", "as [model] said"},
		{"hosted on Vertex AI and AI Studio", "hosted on [model] and [model]"},
		{"tokens of cl100k_base", "tokens of [model]"},
		{"我用克劳德写了", "我用[model]写了"},
		{"クロードが書いた", "[model]が書いた"},
		{"저는 구글을 씁니다", "저는 [model]을 씁니다"},
		{"Гугл и Клод", "[model] и [model]"},
		{"谷歌的模型", "[model]的模型"},
		{"Cl4ude and G3mini and Op3nAI", "[model] and [model] and [model]"},
		{"hi " + tag("Claude") + " there", "hi [model] there"},
		{"Cl" + tag("x") + "aude", "[model]"},
		{"Model 1 (Claude 4.1)", "Model 1 ([model])"},
		{"gemini-2.5-pro-preview-06-05 ran", "[model] ran"},
		{"Gemini 2.5 Pro ranked first", "[model] ranked first"},
		{"GPT-5 and gpt-5-mini", "[model] and [model]"},
	} {
		got := m.Replace(tc.text)
		if got != tc.want {
			t.Errorf("Replace(%q) = %q, want %q", tc.text, got, tc.want)
		}
		if !m.MayOccur(tc.text) {
			t.Errorf("MayOccur(%q) = false: the quick pass misses what Find finds", tc.text)
		}
	}
}

// TestRealEvaluationWordsAreOrdinary: the words of an ordinary evaluation
// with real writers raise no alarm: ordinary words that a lab also uses,
// digits in ids and versions, and ordinary text in the scripts the table
// knows names in.
func TestRealEvaluationWordsAreOrdinary(t *testing.T) {
	t.Parallel()
	m := realWriters("o3", "Phi-4", "Llama 3.3", "Mistral Large", "Command A", "Nova Pro", "Grok 4")
	for _, text := range []string{
		"a llama grazed on the command line",
		"the metadata is O(1) per cell",
		"C5 and G1 with H1 and a3f9e4c7d1",
		"sha256 4a5e3b7c9d",
		"我们的模型写了一篇文章",
		"ordinary bedrock, a whisper, a nova of light",
	} {
		if ms := m.Find(text); len(ms) > 0 {
			t.Errorf("false alarm in %q: %q", text, text[ms[0].Start:ms[0].End])
		}
	}
	// Folded, a lab person's surname may read as a phrase: the table
	// keeps such a surname only with its first name.
	m = realWriters("Claude Opus 4.1", "DeepSeek-R1")
	for _, text := range []string{"| Primary | a model from a fourth family |", "rules R1 and V3"} {
		if ms := m.Find(text); len(ms) > 0 {
			t.Errorf("false alarm in %q: %q", text, text[ms[0].Start:ms[0].End])
		}
	}
}
