package main

import (
	"fmt"
	"html"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"

	"github.com/evalpress/evalpress/matcher/confusables"
	"golang.org/x/text/unicode/norm"
)

// plantCores are the identity words the property test plants and then
// looks for in what a build publishes, as a reader would read them.
var plantCores = []string{"claude", "anthropic", "gemini", "openai", "google", "opus", "sonnet"}

// plantWords are the identities planted: real names, families, labs, API
// ids, in the frontier set's identities (realNameSets[0]).
var plantWords = []string{"Claude", "Anthropic", "Gemini", "OpenAI", "Google", "Opus 4.1", "Claude Opus 4.1", "claude-opus-4-1", "Sonnet", "Gemini 2.5 Pro"}

// identitySpellings spell a word as a reader still reads it.
var identitySpellings = []struct {
	name  string
	spell func(w string) string
}{
	{"as written", func(w string) string { return w }},
	{"plural", func(w string) string { return w + "s" }},
	{"plural es", func(w string) string { return w + "es" }},
	{"possessive", func(w string) string { return w + "'s" }},
	{"curly possessive", func(w string) string { return w + "’s" }},
	{"camel after", func(w string) string { return w + "Pro" }},
	{"camel before", func(w string) string { return "the" + strings.ReplaceAll(w, " ", "") }},
	{"run together", func(w string) string { return strings.ReplaceAll(w, " ", "") + "GPT" }},
	{"half rings", func(w string) string { return "ʿ" + w + "ʾ" }},
	{"prolonged mark", func(w string) string { return "ー" + w }},
	{"full width", func(w string) string {
		return strings.Map(func(r rune) rune {
			if '!' <= r && r <= '~' {
				return r - '!' + '！'
			}
			return r
		}, w)
	}},
	{"superscript digits", func(w string) string {
		return strings.NewReplacer("4", "⁴", "1", "¹", "2", "²", "5", "⁵", ".", "·").Replace(w)
	}},
	{"circled digits", func(w string) string {
		return strings.NewReplacer("4", "④", "1", "①", "2", "②", "5", "⑤").Replace(w)
	}},
	{"cyrillic a", func(w string) string { return strings.Replace(w, "a", "а", 1) }},
	{"upper case", strings.ToUpper},
}

// plainWords fill the planted documents: no identity in them, and none
// made by running two of them together.
var plainWords = strings.Fields("harbour tide river lamp stone north bright quiet signal market wind boat shore light keeper rain field bell")

// readerForm reads text as a reader's eye does, by a path of its own:
// HTML entities decoded, compatibility forms and look-alike letters read as
// their Latin letters, case folded, and everything but letters and digits
// dropped, so that a name split or glued any way reads whole.
func readerForm(text string) string {
	var b strings.Builder
	for _, r := range norm.NFKC.String(html.UnescapeString(text)) {
		if c, ok := smallCapitals[r]; ok {
			r = c
		}
		for _, c := range strings.ToLower(confusables.Skeleton(string(r))) {
			if c < unicode.MaxASCII && (unicode.IsLetter(c) || unicode.IsDigit(c)) {
				b.WriteRune(c)
			}
		}
	}
	return b.String()
}

// smallCapitals are the small capitals the tests plant, which the
// confusables data keeps apart from Latin letters.
var smallCapitals = map[rune]rune{'ɢ': 'G', 'ᴘ': 'P', 'ᴛ': 'T'}

// coreCounts counts each planted core in the reader form of a site.
func coreCounts(site string) map[string]int {
	form := readerForm(site)
	out := map[string]int{}
	for _, c := range plantCores {
		out[c] = strings.Count(form, c)
	}
	return out
}

// TestPlantedIdentitiesArePublishedUnrecognisable plants identities through
// every construction in random documents of a real-name evaluation: each
// public build fails naming the leak, or publishes nothing a reader would
// recognise: the reader form of the site holds no more of any identity
// word than the site without the document.
func TestPlantedIdentitiesArePublishedUnrecognisable(t *testing.T) {
	t.Parallel()
	set := realNameSets[0]
	base := renameDemo(t, set.writers, set.judges)
	if code, stderr := buildSite(t, base); code != 0 {
		t.Fatal(stderr)
	}
	want := coreCounts(readTree(t, filepath.Join(base, "public")))
	for seed := range uint64(4) {
		rng := rand.New(rand.NewPCG(seed, 28))
		var doc strings.Builder
		var planted []string
		doc.WriteString("# Planted\n\n")
		for p := range 6 {
			for w := range 12 {
				if w == 5 || w == 9 {
					c := identitySpellings[rng.IntN(len(identitySpellings))]
					spelled := c.spell(plantWords[rng.IntN(len(plantWords))])
					planted = append(planted, fmt.Sprintf("%s %q", c.name, spelled))
					doc.WriteString(spelled + " ")
					continue
				}
				doc.WriteString(plainWords[rng.IntN(len(plainWords))] + " ")
			}
			if p%2 == 0 {
				doc.WriteString("\n\n")
			} else {
				doc.WriteString("\n\n## Part\n\n")
			}
		}
		t.Run(fmt.Sprint("seed ", seed), func(t *testing.T) {
			dir := renameDemo(t, set.writers, set.judges)
			if err := os.WriteFile(filepath.Join(dir, "content", "planted.md"), []byte(doc.String()), 0o644); err != nil {
				t.Fatal(err)
			}
			code, stderr := buildSite(t, dir)
			if code != 0 {
				if code != 1 || !strings.Contains(stderr, "planted") || !strings.Contains(stderr, "leak scan: ") && !strings.Contains(stderr, " characters here are ") {
					t.Errorf("exit %d, stderr %q: want a published site, a leak named in the planted page, or the private term's place in it", code, stderr)
				}
				return
			}
			got := coreCounts(readTree(t, filepath.Join(dir, "public")))
			for _, c := range plantCores {
				if got[c] > want[c] {
					t.Errorf("%q: a reader reads it %d more times in the site; planted: %s", c, got[c]-want[c], strings.Join(planted, ", "))
				}
			}
		})
	}
}

// shortSpellings are the spellings of a family word of three letters a
// reader still reads: look-alike letters of other scripts and small
// capitals, run on with small letters, spelled out a letter at a time.
var shortSpellings = []string{"GΡΤ-5", "GРТ-5", "ɢᴘᴛ-5", "GPTese", "GPTish", "GPTesque", "GPTlike", "GPTy",
	"G.P.T.", "G.P.T.-5", "G P T 5", "G/P/T", "G_P_T", "GPT-ish", "GPTs", "GPT5", "GPT4o", "GPT_5", "GPT⁵", "ＧＰＴ"}

// TestPlantedShortTermsArePublishedUnrecognisable plants the family word
// GPT of a writer (GPT-5 Thinking) in each of those spellings, in a
// document, in a disagreement's note and in a document's file name
// (Greek ρ): each build fails naming the leak or publishes nothing in
// which a reader reads the word more often than in the site without it.
func TestPlantedShortTermsArePublishedUnrecognisable(t *testing.T) {
	t.Parallel()
	set := realNameSets[0]
	base := renameDemo(t, set.writers, set.judges)
	if code, stderr := buildSite(t, base); code != 0 {
		t.Fatal(stderr)
	}
	want := strings.Count(readerForm(readTree(t, filepath.Join(base, "public"))), "gpt")
	for _, spelled := range shortSpellings {
		t.Run(spelled, func(t *testing.T) {
			dir := renameDemo(t, set.writers, set.judges)
			doc := "# Planted\n\nThe harbour lamp is " + spelled + " by the shore.\n"
			if err := os.WriteFile(filepath.Join(dir, "content", "gρt-"+fmt.Sprint(len(spelled))+"-planted.md"), []byte(doc), 0o644); err != nil {
				t.Fatal(err)
			}
			notes := filepath.Join(dir, "demo", "private", "judged", "disagreements.toml")
			data, err := os.ReadFile(notes)
			if err != nil {
				t.Fatal(err)
			}
			data = []byte(strings.Replace(string(data), `note = "the closing sentence`, `note = "`+spelled+` style; the closing sentence`, 1))
			if err := os.WriteFile(notes, data, 0o644); err != nil {
				t.Fatal(err)
			}
			code, stderr := buildSite(t, dir)
			if code != 0 {
				if code != 1 || !strings.Contains(stderr, "leak scan: ") && !strings.Contains(stderr, "model name") && !strings.Contains(stderr, "family word") && !strings.Contains(stderr, "planted.md:") && !strings.Contains(stderr, " characters here are ") {
					t.Errorf("exit %d, stderr %q: want a published site, or a leak named", code, stderr)
				}
				return
			}
			if got := strings.Count(readerForm(readTree(t, filepath.Join(dir, "public"))), "gpt"); got > want {
				t.Errorf("a reader reads GPT %d more times in the site", got-want)
			}
		})
	}
}
