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

	"github.com/mtibben/confusables"
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
		for _, c := range strings.ToLower(confusables.Skeleton(string(r))) {
			if c < unicode.MaxASCII && (unicode.IsLetter(c) || unicode.IsDigit(c)) {
				b.WriteRune(c)
			}
		}
	}
	return b.String()
}

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
				if code != 1 || !strings.Contains(stderr, "leak scan: ") || !strings.Contains(stderr, "planted") {
					t.Errorf("exit %d, stderr %q: want a published site, or a leak named in the planted page", code, stderr)
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
