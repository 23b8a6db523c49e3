package matcher_test

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/mtibben/confusables"
	"golang.org/x/text/unicode/norm"

	"github.com/evalpress/evalpress/matcher"
)

// realTerms are writers' names as a real evaluation has them, and words of
// their identities as Terms derives them.
var realTerms = []matcher.Term{
	{Text: "Claude Opus 4.1", Kind: matcher.KindModel},
	{Text: "GPT-5", Kind: matcher.KindModel},
	{Text: "Gemini 2.5 Pro", Kind: matcher.KindModel},
	{Text: "o3", Kind: matcher.KindModel},
	{Text: "o1", Kind: matcher.KindModel},
	{Text: "GPT", Kind: matcher.KindModel, Word: true},
	{Text: "xAI", Kind: matcher.KindModel, Word: true},
	{Text: "Meta", Kind: matcher.KindModel, Word: true, Common: true},
	{Text: "Anthropic", Kind: matcher.KindModel, Word: true},
	{Text: "Command", Kind: matcher.KindModel, Word: true, Common: true},
	{Text: "Opus", Kind: matcher.KindModel, Word: true, Common: true},
	{Text: "Llama", Kind: matcher.KindModel, Word: true, Common: true},
}

// TestLettersDrawnAsPunctuationEndAWord: a letter a reader takes for
// punctuation (a half ring for a quote, a click letter for a bar, a
// syllabic for a slash, a prolonged-sound mark for a dash, a Hangul vowel
// for a middle dot) does not glue a term to it: the term still starts a
// word. Every such letter is found by its properties, tested here over
// the scripts' letters next to a name.
func TestLettersDrawnAsPunctuationEndAWord(t *testing.T) {
	m := matcher.New(realTerms)
	for _, glyph := range []string{"ʿ", "ʾ", "ǀ", "ᐟ", "ー", "ㆍ", "ǁ", "ǃ", "ꓸ", "的", "ʻ"} {
		for _, text := range []string{glyph + "Claude Opus 4.1" + glyph, "x" + glyph + "Claude Opus 4.1", "by" + glyph + "GPT-5" + glyph, "Anthropic" + glyph + "s"} {
			if !m.Contains(text) {
				t.Errorf("%q: the name glued to %q is not found", text, glyph)
			}
		}
	}
	// Every letter of another script, glued before or after, ends a word,
	// unless a reader takes it for a Latin letter (its confusable
	// skeleton is one), which then reads as part of the word.
	n := 0
	for r := rune(0x100); r < 0x3100; r++ {
		if !unicode.IsLetter(r) || unicode.Is(unicode.Latin, r) || unicode.Is(unicode.Greek, r) || unicode.Is(unicode.Cyrillic, r) {
			continue
		}
		if readsAsLatin(r) {
			continue
		}
		n++
		if text := string(r) + "Anthropic" + string(r); !m.Contains(text) {
			t.Errorf("%U: %q hides the lab", r, text)
		}
	}
	if n < 1000 {
		t.Fatalf("only %d letters tried", n)
	}
}

// readsAsLatin reports whether a reader may take r for a Latin letter or a
// digit: its compatibility form, in either case, has a confusable skeleton
// with one.
func readsAsLatin(r rune) bool {
	for _, d := range norm.NFKD.String(string(r)) {
		for _, c := range []rune{d, unicode.ToLower(d), unicode.ToUpper(d)} {
			for _, k := range confusables.Skeleton(string(c)) {
				if k < utf8.RuneSelf && (unicode.IsLetter(k) || unicode.IsDigit(k)) {
					return true
				}
			}
		}
	}
	return false
}

// TestDigitsInAnyForm: a digit written another way is the digit inside a
// term; a superscript digit is read both as a footnote mark and as a digit.
func TestDigitsInAnyForm(t *testing.T) {
	m := matcher.New(realTerms)
	for _, text := range []string{"GPT-⁵", "GPT-₅", "GPT-Ƽ", "GPT-➄", "GPT-❺", "GPT-⑤", "GPT-５", "GPT-𝟓",
		"Gemini 2½ Pro", "Gemini 2.5 Pro", "Claude Opus ⁴·¹", "Claude Opus 4·1", "Claude Opus ₄.₁"} {
		if !m.Contains(text) {
			t.Errorf("%q: not found", text)
		}
	}
	// Where a superscript is a footnote mark, the name around it is found.
	m = matcher.New([]matcher.Term{{Text: "Larkspur-3 Turbo", Kind: matcher.KindModel}})
	if !m.Contains("Larkspur-3¹ Turbo") {
		t.Error("a footnote mark inside a name hides it")
	}
	// Other fractions, and digits that are not a name's, are not found.
	m = matcher.New([]matcher.Term{{Text: "Claude Opus 4.1", Kind: matcher.KindModel}, {Text: "GPT-5", Kind: matcher.KindModel},
		{Text: "Gemini 2.5 Pro", Kind: matcher.KindModel}})
	for _, text := range []string{"Gemini 2⅓ Pro", "GPT-6", "Claude Opus ⁴·²"} {
		if m.Contains(text) {
			t.Errorf("%q: found, but no reader reads the name", text)
		}
	}
}

// TestShortTermsAreWholeTokensAsWritten: a term of three characters or
// fewer matches only as a token written so, in any case, never by folding
// look-alikes or skipping separators inside it: the documents evalpress
// writes and the tables it prints hold "03" and "0 · 3".
func TestShortTermsAreWholeTokensAsWritten(t *testing.T) {
	m := matcher.New(realTerms)
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"03-outline-fixes.md", false},
		{"agreement 0 · 3 of 12", false},
		{"a 0.3 share, 01 and O 1", false},
		{"o3-mini won", true},
		{"O3 won", true},
		{"(o1)", true},
		{"the o1's reply", true},
		{"o1pro", false},
		{"iso3166", false},
		{"the GPT4o reply", true},
		{"gpt", true},
		{"g.p.t and g p t", false},
		{"egpt", false},
		{"ｇｐｔ", true},
		{"的GPT", true},
		{"xAI's model", true},
		{"xai", true},
		{"taxAIr", false},
		{"x-AI", false},
	} {
		if got := m.Contains(tc.text); got != tc.want {
			t.Errorf("Contains(%q) = %v, want %v: %v", tc.text, got, tc.want, m.Find(tc.text))
		}
		if tc.want && !m.MayOccur(tc.text) {
			t.Errorf("MayOccur(%q) = false, but Find finds it", tc.text)
		}
	}
	if got := m.Replace("o3 and O1 beat 03"); got != "[model] and [model] beat 03" {
		t.Errorf("Replace = %q", got)
	}
}

// TestIdentityWordsEndAtAWord: a word of an identity takes digits glued on
// (a version), never letters: "Metadata" is no lab.
func TestIdentityWordsEndAtAWord(t *testing.T) {
	m := matcher.New(realTerms)
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"metadata and metaphors", false},
		{"Meta's model", true},
		{"META", true},
		{"Llama3-70B", true},
		{"llamas graze", false},
		{"Anthropics", true}, // a plural is the lab
		{"Anthropic's writer", true},
		{"ANTHROPIC", true},
		{"Аnthropic", true}, // a Cyrillic A
	} {
		if got := m.Contains(tc.text); got != tc.want {
			t.Errorf("Contains(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}

// TestInflectedAndRunTogetherNames: a reader recognises an identity word
// with a plural or possessive ending and identity words run together, in
// camel case or with no separator; a short term takes a plural "s" but
// never matches inside an ordinary word, and a word that only starts with
// an identity word is not it.
func TestInflectedAndRunTogetherNames(t *testing.T) {
	m := matcher.New(append(realTerms[:len(realTerms):len(realTerms)],
		matcher.Term{Text: "Claude", Kind: matcher.KindModel, Word: true},
		matcher.Term{Text: "Gemini", Kind: matcher.KindModel, Word: true},
		matcher.Term{Text: "OpenAI", Kind: matcher.KindModel, Word: true},
		matcher.Term{Text: "Grok", Kind: matcher.KindModel, Word: true, Common: true}))
	for _, tc := range []struct {
		text string
		want bool
	}{
		// Caught.
		{"the Claudes disagree", true},
		{"both Geminis", true},
		{"two GPTs", true},
		{"the Anthropics of this world", true},
		{"Claudes' replies", true},
		{"Claude’s reply", true},
		{"Geminies", true},
		{"ClaudeOpus", true},
		{"GeminiPro", true},
		{"OpenAIGPT", true},
		{"claudeopus", true},
		{"theClaude reply", true},
		{"xAIGrok", true},
		{"useGemini()", true},
		// Not caught: ordinary words and code.
		{"metadata and metaphors", false},
		{"Metadata", false},
		{"getMetadata()", false},
		{"egpts", false},
		{"ogpt", false},
		{"03s and 0 · 3s", false},
		{"isoPhiles", false},
		{"the llamas graze", false},
		{"Grokking", false},
		{"Claudette", false},
		{"Geminid meteors", false},
	} {
		if got := m.Contains(tc.text); got != tc.want {
			t.Errorf("Contains(%q) = %v, want %v: %v", tc.text, got, tc.want, m.Find(tc.text))
		}
		if tc.want && !m.MayOccur(tc.text) {
			t.Errorf("MayOccur(%q) = false, but Find finds it", tc.text)
		}
	}
}

// TestCommonWordsNeedACapitalOrAVersion: an ordinary word of an identity
// ("Command", "Opus") reads as the model capitalised or before a version,
// not in running text.
func TestCommonWordsNeedACapitalOrAVersion(t *testing.T) {
	m := matcher.New(realTerms)
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"run the command line", false},
		{"Command R+ wrote it", true},
		{"command-r-plus", false},
		{"an opus of prose", false},
		{"opus-4-1", true},
		{"opus 4", true},
		{"by Opus.", true},
		{"a meta analysis", false},
		{"llama 3.3", true},
	} {
		if got := m.Contains(tc.text); got != tc.want {
			t.Errorf("Contains(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}

// TestDescribeNamesTheSourceNotTheTerm: messages say what a term is and
// where it comes from, and none of its letters.
func TestDescribeNamesTheSourceNotTheTerm(t *testing.T) {
	for _, tc := range []struct {
		term matcher.Term
		want string
	}{
		{matcher.Term{Text: "Claude Opus 4.1", Kind: matcher.KindModel, Source: "sections.md:1"}, "a model name from sections.md:1"},
		{matcher.Term{Text: "I'm Juniper Vale", Kind: matcher.KindMandated, Source: "mandated_phrases.txt:2"}, "a mandated phrase from mandated_phrases.txt:2"},
		{matcher.Term{Text: "Anthropic", Kind: matcher.KindModel, Source: "sections.md:1 (identity table)", What: "a lab name of the writer"}, "a lab name of the writer from sections.md:1 (identity table)"},
	} {
		got := tc.term.Describe()
		if got != tc.want {
			t.Errorf("Describe() = %q, want %q", got, tc.want)
		}
		if strings.Contains(strings.ToLower(got), strings.ToLower(tc.term.Text[:2])) && !strings.Contains(tc.want, tc.term.Text[:2]) {
			t.Errorf("%q holds letters of the term", got)
		}
	}
}
