// Package matchertest holds what the tests of the matcher, the redaction
// and the leak scan plant: private terms and the spellings of them a
// reader would recognise.
package matchertest

import (
	"math/rand/v2"
	"strings"
	"unicode"

	"github.com/evalpress/evalpress/matcher"
)

// Terms are private terms of every kind, in the spellings the tests
// plant: a name with digits, one with a hyphen, phrases with an apostrophe
// and a comma, a term with a letter outside ASCII.
var Terms = []matcher.Term{
	{Text: "Quillion 2.5 Pro", Kind: matcher.KindModel, Source: "sections.md:1"},
	{Text: "Larkspur-3 Turbo", Kind: matcher.KindModel, Source: "sections.md:9"},
	{Text: "I'm Juniper Vale", Kind: matcher.KindMandated, Source: "mandated_phrases.txt:2"},
	{Text: "Stay curious, Tidewater crew", Kind: matcher.KindMandated, Source: "mandated_phrases.txt:3"},
	{Text: "Northwind Média", Kind: matcher.KindRedact, Source: "redact.txt:1"},
}

// Spell returns a random spelling of term a reader would still recognise.
func Spell(rng *rand.Rand, term string) string {
	var b strings.Builder
	for _, r := range term {
		switch {
		case r == ' ':
			b.WriteString([]string{" ", "  ", "\n", "\t", "\u00a0", " \r\n ", "-"}[rng.IntN(7)])
		case r == '\'':
			b.WriteString([]string{"'", "’", "‘", ""}[rng.IntN(4)])
		case unicode.IsLetter(r) && rng.IntN(3) == 0:
			b.WriteRune(unicode.ToUpper(r))
		case unicode.IsLetter(r) && rng.IntN(3) == 0:
			b.WriteRune(unicode.ToLower(r))
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// filler are the words of RandomText.
var filler = strings.Fields("the clerk counted every household along the canal and wrote each answer in a ledger " +
	"with a green cover while the council argued about soot theft and late returns of borrowed volumes")

// RandomText returns n words of ordinary prose, none of them private.
func RandomText(rng *rand.Rand, n int) string {
	ws := make([]string, n)
	for i := range ws {
		ws[i] = filler[rng.IntN(len(filler))]
	}
	return strings.Join(ws, " ")
}
