// Package identity derives who a model is from its name: the lab that made
// it, its family, the product words of that lab and the API id forms of the
// name, from a table the project keeps as data (identities.toml) and what
// the author adds in models.toml. Every word of an identity is private: it
// would tell a reader which lab wrote a section.
package identity

import (
	_ "embed"
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/BurntSushi/toml"
	"golang.org/x/text/unicode/norm"
)

//go:embed identities.toml
var table []byte

// Lab is one lab of the table.
type Lab struct {
	Name     string   `toml:"name"`
	Also     []string `toml:"also"`
	Families []string `toml:"families"`
	Products []string `toml:"products"`
	// People are the lab's people a reader knows by name.
	People []string `toml:"people"`
	// Written are the lab's and its families' names in other scripts
	// (Cyrillic, Japanese, Chinese, Korean).
	Written []string `toml:"written"`
	// Common are those of Families and Products that are ordinary words.
	Common []string `toml:"common"`
}

// Labs returns the table's labs, in its order.
func Labs() []Lab { return slices.Clone(labs) }

var labs = func() []Lab {
	var t struct {
		Lab []Lab `toml:"lab"`
	}
	if _, err := toml.Decode(string(table), &t); err != nil {
		panic(fmt.Sprintf("identities.toml: %v", err)) // the embedded table is tested
	}
	return t.Lab
}()

// What a word of an identity is, for messages.
const (
	LabName     = "a lab name"
	FamilyWord  = "a family word"
	ProductWord = "a product word of its lab"
	APIForm     = "an API id form of its name"
	ShortForm   = "a short form of its name"
	PersonName  = "a person of its lab"
	OtherScript = "its lab's or family's name in another script"
	AuthorWord  = "a word of its identity"
)

// Word is one private word of an identity.
type Word struct {
	Text string
	What string // LabName, FamilyWord, ...
	// Common: an ordinary word ("Command", "Opus"), private where a reader
	// takes it for the model (capitalised, or before a version).
	Common bool
}

// Extra is what the author says of a model beyond its name (models.toml).
type Extra struct {
	Family string   // [families]
	Lab    string   // [labs]
	Words  []string // [identity]
}

// Identity is who a model is.
type Identity struct {
	Name string // as written
	// Labs are the labs its name, family or the author name, in the
	// table's order; a lab the table does not know is named as the author
	// wrote it.
	Labs []string
	// Family is its family: the author's, or the first the table finds in
	// its name (FamilyFromTable); "" when neither says.
	Family          string
	FamilyFromTable bool
	// Words are every private word of the identity but the name itself,
	// each once (by its lower-case form), in a stable order.
	Words []Word
}

// Of derives the identity of the model name, with what the author adds.
func Of(name string, extra Extra) Identity {
	id := Identity{Name: name, Family: strings.TrimSpace(extra.Family)}
	seen := map[string]bool{strings.ToLower(name): true}
	add := func(text, what string, common bool) {
		text = strings.TrimSpace(text)
		if key := strings.ToLower(text); text != "" && !seen[key] {
			seen[key] = true
			id.Words = append(id.Words, Word{Text: text, What: what, Common: common})
		}
	}
	found := labsNamed(name)
	for _, l := range labsNamed(id.Family) {
		if !slices.Contains(found, l) {
			found = append(found, l)
		}
	}
	if lab := strings.TrimSpace(extra.Lab); lab != "" {
		known := labsNamed(lab)
		if len(known) == 0 {
			id.Labs = append(id.Labs, lab)
			add(lab, LabName, false)
		}
		for _, l := range known {
			if !slices.Contains(found, l) {
				found = append(found, l)
			}
		}
	}
	slices.Sort(found)
	for _, i := range found {
		l := &labs[i]
		id.Labs = append(id.Labs, l.Name)
		if id.Family == "" {
			for _, f := range l.Families {
				if contains(tokensOf(name), tokensOf(f)) {
					id.Family, id.FamilyFromTable = f, true
					break
				}
			}
		}
	}
	common := map[string]bool{}
	for _, i := range found {
		for _, c := range labs[i].Common {
			common[strings.ToLower(c)] = true
		}
	}
	add(id.Family, FamilyWord, common[strings.ToLower(id.Family)])
	var words []string // the labs' families and products, for apiForms
	for _, i := range found {
		words = append(words, labs[i].Families...)
		words = append(words, labs[i].Products...)
	}
	for _, i := range found {
		l := &labs[i]
		for _, n := range append([]string{l.Name}, l.Also...) {
			add(n, LabName, slices.Contains(l.Common, n))
		}
		for _, f := range l.Families {
			add(f, FamilyWord, slices.Contains(l.Common, f))
		}
		for _, p := range l.Products {
			add(p, ProductWord, slices.Contains(l.Common, p))
		}
		for _, p := range l.People {
			add(p, PersonName, false)
		}
		for _, w := range l.Written {
			add(w, OtherScript, false)
		}
	}
	for _, form := range apiForms(name, id.Family, words) {
		add(form, APIForm, false)
	}
	if form, ok := shortForm(name, id.Family); ok {
		add(form, ShortForm, false)
	}
	for _, w := range extra.Words {
		add(w, AuthorWord, false)
	}
	return id
}

// labsNamed returns the indexes of the labs whose name, other names,
// families or products the name holds as words.
func labsNamed(name string) []int {
	toks := tokensOf(name)
	if len(toks) == 0 {
		return nil
	}
	var out []int
	for i, l := range labs {
		for _, w := range slices.Concat([]string{l.Name}, l.Also, l.Families, l.Products, l.Written) {
			if contains(toks, tokensOf(w)) {
				out = append(out, i)
				break
			}
		}
	}
	return out
}

// tokensOf splits s, in compatibility form and lower case, into its runs
// of letters and its runs of digits: "Qwen3-235B" is qwen, 3, 235, b.
func tokensOf(s string) []string {
	var out []string
	var cur []rune
	kind := 0 // 1 letters, 2 digits
	flush := func() {
		if len(cur) > 0 {
			out = append(out, string(cur))
			cur = cur[:0]
		}
	}
	for _, r := range norm.NFKC.String(s) {
		k := 0
		switch {
		case unicode.IsLetter(r):
			k = 1
		case unicode.IsDigit(r):
			k = 2
		case unicode.Is(unicode.Mn, r):
			continue
		}
		if k != kind {
			flush()
			kind = k
		}
		if k != 0 {
			cur = append(cur, unicode.ToLower(r))
		}
	}
	flush()
	return out
}

// contains reports whether the tokens of a hold the tokens of b in a row.
func contains(a, b []string) bool {
	if len(b) == 0 {
		return false
	}
	for i := 0; i+len(b) <= len(a); i++ {
		if slices.Equal(a[i:i+len(b)], b) {
			return true
		}
	}
	return false
}

// shortForm returns the name without its family word, as readers shorten
// it once the family is known ("2.5 Pro" of "Gemini 2.5 Pro", "4.1 mini"
// of "GPT-4.1 mini", "4o" of "GPT-4o"), when what is left holds a version
// and is more than a bare number ("5" of "GPT-5" is no name) or a short
// code (minShortForm).
func shortForm(name, family string) (string, bool) {
	words := strings.FieldsFunc(norm.NFKC.String(name), func(r rune) bool {
		return unicode.IsSpace(r) || r == '-' || r == '_' || r == '/' || r == ':'
	})
	if len(words) < 2 || family == "" || !strings.EqualFold(words[0], family) {
		return "", false
	}
	rest := strings.Join(words[1:], " ")
	digit, letter, n := false, false, 0
	for _, r := range rest {
		digit = digit || unicode.IsDigit(r)
		letter = letter || unicode.IsLetter(r)
		if unicode.IsDigit(r) || unicode.IsLetter(r) {
			n++
		}
	}
	return rest, digit && letter && n >= minShortForm
}

// minShortForm is the fewest letters and digits of a short form: fewer
// ("R1" of "DeepSeek-R1", "V3") name rules and versions of anything.
const minShortForm = 3

// apiForms returns the forms an API gives the name ("Claude Opus 4.1" as
// claude-opus-4.1 and claude-opus-4-1), those without its family word when
// a word of its lab (words) leads what is left (opus-4-1), and with the
// family's version first (claude-4-1-opus).
func apiForms(name, family string, labWords []string) []string {
	words := strings.FieldsFunc(strings.ToLower(norm.NFKC.String(name)), func(r rune) bool {
		return unicode.IsSpace(r) || r == '_' || r == '/' || r == ':'
	})
	if len(words) < 2 {
		return nil
	}
	dashed := func(ws []string) []string {
		a := strings.Join(ws, "-")
		return []string{a, strings.ReplaceAll(a, ".", "-")}
	}
	out := dashed(words)
	if fam := strings.ToLower(family); fam != "" && words[0] == fam && len(words) > 2 {
		if slices.ContainsFunc(labWords, func(w string) bool { return strings.EqualFold(w, words[1]) }) {
			out = append(out, dashed(words[1:])...)
		}
		var versions, rest []string
		for _, w := range words[1:] {
			if w != "" && unicode.IsDigit([]rune(w)[0]) {
				versions = append(versions, w)
			} else {
				rest = append(rest, w)
			}
		}
		if len(versions) > 0 && len(rest) > 0 {
			out = append(out, dashed(slices.Concat(words[:1], versions, rest))...)
		}
	}
	return out
}
