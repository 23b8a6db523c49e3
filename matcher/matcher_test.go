package matcher_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/evalpress/evalpress/matcher"
	"github.com/evalpress/evalpress/matcher/matchertest"
)

func TestMatcherFindsRecognisableSpellings(t *testing.T) {
	m := matcher.New(matchertest.Terms)
	for _, text := range []string{
		"by Quillion 2.5 Pro.",
		"by QUILLION 2.5 PRO",
		"by quillion\n2.5\r\n   pro",
		"by Quillion\u00a02.5\u2009Pro",
		"by Quillion-2.5-Pro",
		"by quillion2.5pro",
		"by Ｑｕｉｌｌｉｏｎ ２.５ Ｐｒｏ", // full-width
		"by Quïllion 2.5 Prō", // diacritics
		"by Quillion 2·5 Pro",
		"I’m Juniper Vale here",
		"“Im Juniper   VALE”",
		"stay\ncurious — tidewater\tcrew",
		"Northwind Media, again",
		"NORTHWIND MEDİA",
		"larkspur 3 turbo",
	} {
		if !m.Contains(text) {
			t.Errorf("no private term found in %q", text)
		}
		if got := m.Replace(text); m.Contains(got) || !strings.Contains(got, "[") {
			t.Errorf("Replace(%q) = %q", text, got)
		}
	}
}

func TestMatcherRespectsWordBoundaries(t *testing.T) {
	m := matcher.New(matchertest.Terms)
	for _, text := range []string{
		"Quillions 2.5 Professional",
		"the squillion 2.5 pro",
		"a clean sentence about lending libraries and juniper berries",
	} {
		if ms := m.Find(text); len(ms) > 0 {
			t.Errorf("false alarm in %q: %+v", text, ms)
		}
	}
}

// TestMatcherFailsClosedAtAWordsEnd: a term matches at a word start
// whatever letters follow it, and the match takes the whole word.
func TestMatcherFailsClosedAtAWordsEnd(t *testing.T) {
	m := matcher.New(matchertest.Terms)
	for _, tc := range []struct{ text, want string }{
		{"Both Larkspur-3 Turbos failed", "Both [model] failed"},
		{"Larkspur-3 Turbocharged", "[model]"},
		{"stay curious, tidewater crews.", "[mandated phrase]."},
		{"Northwind Medias", "[redacted]"},
		{"Northwind Médiás!", "[redacted]!"},
	} {
		if got := m.Replace(tc.text); got != tc.want {
			t.Errorf("Replace(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

// TestMatcherShortLastWordEndsAtAWordsEnd: a term whose last word is one
// or two characters takes no glued suffix, which would make another word
// (the generated corpus's "SCRIPT B" against a page's "script block"), but is
// still found in every other spelling.
func TestMatcherShortLastWordEndsAtAWordsEnd(t *testing.T) {
	m := matcher.New([]matcher.Term{{Text: "SCRIPT B", Kind: "model name"}, {Text: "Writer 1", Kind: "model name"}, {Text: "Larkspur-3 Turbo", Kind: "model name"}})
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"never a script block built from data", false},
		{"the writer leaves the example behind", false},
		{"the writer 1ists", false},
		{"SCRIPT B failed", true},
		{"script-b's hook", true},
		{"Script\nB.", true},
		{"ＳＣＲＩＰＴ Ｂ", true},
		{"Writer-1 and Writer l", true},
		{"Both Larkspur-3 Turbos failed", true},
	} {
		if got := m.Contains(tc.text); got != tc.want {
			t.Errorf("Contains(%q) = %v, want %v", tc.text, got, tc.want)
		}
		if got := len(m.Find(tc.text)) > 0; got != tc.want {
			t.Errorf("Find(%q) found %v, want %v", tc.text, got, tc.want)
		}
	}
}

// TestMatcherReadsWhatAReaderReads: spellings a browser draws as the term.
func TestMatcherReadsWhatAReaderReads(t *testing.T) {
	m := matcher.New(matchertest.Terms)
	for _, text := range []string{
		"by Larkspurʼ-3 Turbo",               // modifier-letter apostrophe inside
		"by Larkspur-3 Turboʼs",              // and after
		"Iʼm Juniper Vale",                   // as the apostrophe
		"by Larkㅤspur-3 Turᅟbo",              // Hangul fillers
		"by Larkﾠspur-3 Tuᅠrbo",              // halfwidth and jungseong fillers
		"by L\u0430rksp\u057Dr-3 Turb\u043e", // Cyrillic and Armenian look-alikes
		"by \u13DEark\u0455pur-3 \u03a4urbo", // Cherokee, Cyrillic, Greek capital
		"by ʟᴀʀᴋꜱᴘᴜʀ-3 ᴛᴜʀʙᴏ",                // small capitals
		"by Quıllıon 2.5 Pro",                // dotless i
		"by 𝐋𝐚𝐫𝐤spur-3 Turbo",                // mathematical bold
		"by 𝓛arkspur-3 𝕋urbo",                // script and double-struck
		"by Larkspur-3[^v] Turbo",            // a footnote reference inside
		"by Larkspur-3¹ Turbo",               // the footnote mark it renders as
		"by Lark‍spur-3 Tur⁠bo",              // zero-width joiner, word joiner
		"by Lark󠁁spur-3 Turbo",               // a tag character
	} {
		if !m.Contains(text) {
			t.Errorf("no private term found in %q", text)
		}
		if got := m.Replace(text); m.Contains(got) {
			t.Errorf("Replace(%q) = %q still holds a term", text, got)
		}
	}
}

// TestPlantedTermsAreAlwaysCaught plants terms in random spellings at random
// places of random texts: the matcher finds every one, redaction removes every
// one, and texts without a planted term raise no alarm.
func TestPlantedTermsAreAlwaysCaught(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	m := matcher.New(matchertest.Terms)
	for i := range 2000 {
		text := matchertest.RandomText(rng, 5+rng.IntN(40))
		if ms := m.Find(text); len(ms) > 0 {
			t.Fatalf("false alarm in clean text %q: %+v", text, ms)
		}
		planted := 1 + rng.IntN(3)
		for range planted {
			words := strings.Fields(text)
			at := rng.IntN(len(words) + 1)
			term := matchertest.Terms[rng.IntN(len(matchertest.Terms))].Text
			words = append(words[:at], append([]string{matchertest.Spell(rng, term)}, words[at:]...)...)
			text = strings.Join(words, " ")
		}
		if got := len(m.Find(text)); got < 1 {
			t.Fatalf("case %d: planted %d terms, found none in %q", i, planted, text)
		}
		if redacted := m.Replace(text); m.Contains(redacted) {
			t.Fatalf("case %d: redaction left a term in %q", i, redacted)
		}
	}
}
