package matcher_test

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/evalpress/evalpress/matcher/confusables"
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

// TestShortTermsInOtherSpellings: a short term is found where a reader
// reads it: with look-alike letters of other scripts or small capitals in
// a token (read by its skeleton, letters to letters, digits to digits),
// run on with small letters after its capitals ("GPTish"), and spelled out
// a capital at a time ("G.P.T."); not in ordinary Greek or Cyrillic words,
// initials, code or the tables evalpress writes.
func TestShortTermsInOtherSpellings(t *testing.T) {
	m := matcher.New(append(realTerms[:len(realTerms):len(realTerms)],
		matcher.Term{Text: "Phi", Kind: matcher.KindModel, Word: true},
		matcher.Term{Text: "IBM", Kind: matcher.KindModel, Word: true},
		matcher.Term{Text: "Yi", Kind: matcher.KindModel, Word: true}))
	for _, tc := range []struct {
		text string
		want bool
	}{
		// Look-alike letters in a token.
		{"Model 2 is GΡΤ-5.", true},          // Greek Ρ, Τ
		{"Model 2 is GРТ-5.", true},          // Cyrillic Р, Т
		{"Model 2 is ɢᴘᴛ-5.", true},          // small capitals
		{"gρt-notes.html", true},             // Greek ρ
		{"GΡΤs and GΡΤ4o", true},             // plural, version
		{"О3 won", true},                     // Cyrillic О
		{"Ο1", true},                         // Greek Ο
		{"хАІ's model", true},                // Cyrillic х, А, І
		{"ІВМ", true},                        // Cyrillic
		{"GPT⁵ and ＧＰＴ５", true},              // digits in other forms
		{"οι γιατροί", false},                // Greek "the doctors": no "o1"
		{"Оз", false},                        // Russian "Oz": з is no 3
		{"ОЗ", false},                        // a letter drawn as a digit is no digit
		{"Рим и GРТд", false},                // Cyrillic words
		{"και το φως της", false},            // Greek
		{"Фи, хор, сор, ход, ор, Ор", false}, // Cyrillic short words
		{"ГРТ", false},                       // Г reads r
		{"0з", false},
		// Capitals run on with small letters.
		{"GPTese", true},
		{"GPTish", true},
		{"GPTesque prose", true},
		{"GPTlike", true},
		{"GPTy", true},
		{"GΡΤish", true},
		{"IBMers", true},
		{"Gpts", true},
		{"Gptish", false}, // not written in capitals
		{"egptish", false},
		{"GPTIsh", false}, // no change of case after the term
		{"Phish", false},  // Phi is not written in capitals
		{"Yikes", false},
		{"o3s", false},
		// Spelled out.
		{"G.P.T.", true},
		{"G.P.T.-5", true},
		{"G P T 5", true},
		{"G/P/T", true},
		{"G_P_T", true},
		{"G-P-T", true},
		{"G.Ρ.Τ.", true}, // Greek
		{"P.h.i.", true}, // in the term's case
		{"I. B. M.", false},
		{"J. R. R. Tolkien", false},
		{"g.p.t and g p t", false}, // code: a.b.c
		{"x.a.i", false},
		{"G..P..T", false},
		{"G, P, T", false},
		{"GP.T", false},
		{"Y.I.", false}, // a two-letter term is not spelled out
		{"o 3", false},
		{"O.3", false},
	} {
		if got := m.Contains(tc.text); got != tc.want {
			t.Errorf("Contains(%q) = %v, want %v: %v", tc.text, got, tc.want, m.Find(tc.text))
		}
		if tc.want && !m.MayOccur(tc.text) {
			t.Errorf("MayOccur(%q) = false, but Find finds it", tc.text)
		}
	}
	for text, want := range map[string]string{
		"GΡΤish prose":   "[model] prose",
		"a G.P.T. reply": "a [model]. reply",
		"by ɢᴘᴛ-5":       "by [model]",
	} {
		if got := m.Replace(text); got != want {
			t.Errorf("Replace(%q) = %q, want %q", text, got, want)
		}
	}
}

// shortTableWords are the identity table's words of three letters and
// digits or fewer (matcher/identity/identities.toml).
var shortTableWords = strings.Fields("GPT o1 o3 o4 xAI QwQ Phi Aya AWS GLM Yi IBM Pi TII Ai2 LFM")

// TestShortTermsInRealTextAreAsWritten: in the texts a real build
// publishes beside the inputs (the vendored chart library, the site's
// script and style, the templates, the demo's documents), every match of
// a short term of the identity table is the term as written, in ASCII,
// alone or with a plural "s" or digits after it: no look-alike reading,
// run-on or spelled-out form finds one there.
func TestShortTermsInRealTextAreAsWritten(t *testing.T) {
	var terms []matcher.Term
	for _, w := range shortTableWords {
		terms = append(terms, matcher.Term{Text: w, Kind: matcher.KindModel, Word: true})
	}
	m := matcher.New(terms)
	var files []string
	for _, pattern := range []string{"../assets/vendor/echarts/*.js", "../assets/*", "../templates/*", "../content/*", "../content/*/*", "../demo/private/*.md"} {
		more, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, more...)
	}
	if len(files) < 10 {
		t.Fatalf("only %d files: %v", len(files), files)
	}
	asWritten := func(s string) bool {
		low := strings.ToLower(s)
		for _, w := range shortTableWords {
			rest, ok := strings.CutPrefix(low, strings.ToLower(w))
			if ok && (rest == "" || rest == "s" || strings.Trim(rest, "0123456789") == "" || rest[0] >= '0' && rest[0] <= '9') {
				return true
			}
		}
		return false
	}
	total := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			if errors.Is(err, fs.ErrInvalid) || strings.Contains(err.Error(), "is a directory") {
				continue
			}
			t.Fatal(err)
		}
		text := string(data)
		found := m.Find(text)
		total += len(found)
		for _, mt := range found {
			if s := text[mt.Start:mt.End]; !asWritten(s) {
				t.Errorf("%s:%d: %q matched, not a table word as written", f, mt.Start, s)
			}
		}
	}
	if total == 0 {
		t.Error("no table word in the files as written either: the test tests nothing")
	}
}
