// Package matcher finds an evaluation's private terms in text, in every
// spelling a reader would recognise: the writers' names, the mandated
// phrases, redact.txt's terms and what other inputs make private (a family
// judge's model). It is shared by the two sides of the wall: the redaction,
// which replaces the terms in what it publishes, and the leak scan, which
// looks for them in every file a build writes. Both fold text the one way
// this package does (fold.go), so that what one replaces the other sees.
package matcher

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/evalpress/evalpress/matcher/identity"
	"github.com/evalpress/evalpress/reports/inputs"
)

// Kinds of private term, each with the placeholder that replaces it.
const (
	KindModel    = "model"    // a script heading: a writer's real name
	KindMandated = "mandated" // a mandated brand phrase
	KindRedact   = "redacted" // a line of redact.txt
	KindDigest   = "digest"   // the digest of a text published redacted: an oracle
	// KindConfirmed is no private term: an ordinary phrase of confirmed.txt
	// that holds one ("Claude Monet"). A private term found inside it is
	// not a match.
	KindConfirmed = "confirmed"
)

// Placeholder returns the visible text that stands for a redacted term.
func Placeholder(kind string) string {
	switch kind {
	case KindModel:
		return "[model]"
	case KindMandated:
		return "[mandated phrase]"
	}
	return "[redacted]"
}

// Term is a term that must not reach a public build.
type Term struct {
	Text string
	Kind string
	// Source says where the term comes from, for messages: the file and
	// line ("sections.md:1"), and for a word derived from a writer's
	// identity, whose.
	Source string
	// What names the term's role in messages ("a model name"); "" names it
	// by its kind. Messages never show a term's letters.
	What string
	// Word marks a word of an identity ("Claude", "Anthropic"): it must end
	// at a word's end, or go on with a digit ("Llama3"), never take other
	// letters ("Metadata" is not "Meta").
	Word bool
	// Common marks an ordinary word of an identity ("Command", "Opus"):
	// a reader takes it for the model where it is capitalised as written,
	// or before a version ("opus-4-1"), not in running text ("the command
	// line").
	Common bool
	// Owner is the name (a script heading, a judge's model) whose
	// identity the term is a word of; "" for other terms. Private: it
	// tells messages which writer's alias to name, and is never shown.
	Owner string
}

// Describe says what the term is and where it comes from, without any of
// its letters: "a model name from sections.md:1".
func (t Term) Describe() string {
	what := t.What
	if what == "" {
		what = map[string]string{KindModel: "a model name", KindMandated: "a mandated phrase", KindRedact: "a private term",
			KindDigest: "the digest of a file published redacted"}[t.Kind]
		if what == "" {
			what = "a private term"
		}
	}
	if t.Source == "" {
		return what
	}
	return what + " from " + t.Source
}

// Matcher finds private terms in text in every spelling a reader would
// recognise: any case, compatibility forms (full-width and mathematical
// letters, ligatures), with or without diacritics, look-alike letters of
// other scripts and small capitals (UTS #39 skeletons), digits in other
// forms (circled, superscript, a fraction for decimals), with characters a
// renderer shows as nothing inside, and with anything that is not a letter
// or digit between the term's letters (spaces, line breaks, hyphens,
// apostrophes and modifier-letter apostrophes, footnote marks, markup).
// A match starts at a word start, whatever letters follow the term: "Gem"
// matches "Gemini", and a match runs to the end of the word it ends in
// (failing closed: "Larkspur-3 Turbos" is the term with a suffix glued on).
// A word starts where a run of letters does, and also where Latin letters
// meet those of another script or a letter drawn as punctuation.
// A term whose last word is one or two letters or digits ("SCRIPT B",
// "Writer 1") must end at a word's end: glued on to so short a word, a suffix
// makes another word a reader would not take for the term ("script block").
// A term of three letters and digits or fewer ("o3", "GPT") matches only as
// a whole token as written, in any case (findShort): look-alike folding
// would find it in ordinary text ("03-outline", "0 · 3").
type Matcher struct {
	terms []matcherTerm
	// index holds, by the first two folded bytes, the terms that start
	// with them (each term's index in terms): a text is looked up at each
	// word start, not searched once per term.
	index map[uint16][]int32
	// firsts has a bit for each pair of first bytes in index.
	firsts [1 << 16 / 64]uint64
	short  []shortTerm
	// confirmed finds the phrases of confirmed.txt: a private term inside
	// one is not a match. nil when there are none.
	confirmed *Matcher
}

type matcherTerm struct {
	Term
	folded string // letters and digits only, folded
	// whole: the term's last word is too short to take a suffix, so a match
	// must end at a word's end; for a short term, it ends in a digit.
	whole bool
	// short: the term matches as whole tokens (findShort), not folded;
	// it is in terms for the quick pass only; shortWord: as one token;
	// spelled: also spelled out, a letter a token ("G.P.T.").
	short, shortWord, spelled bool
}

// shortLastWord is the longest last word, in folded bytes, after which a
// term must end at a word's end.
const shortLastWord = 2

// shortLength is the longest ASCII term, in folded letters and digits, that
// matches only as a whole token.
const shortLength = 3

// New returns a matcher for terms. Terms that fold to nothing (no
// letter or digit) are ignored; the inputs package rejects them.
func New(terms []Term) *Matcher {
	var confirmed []Term
	terms = slices.DeleteFunc(slices.Clone(terms), func(t Term) bool {
		if t.Kind == KindConfirmed {
			confirmed = append(confirmed, t)
		}
		return t.Kind == KindConfirmed
	})
	m := newMatcher(terms)
	if ok := m.Confirmable(confirmed); len(ok) > 0 {
		m.confirmed = newMatcher(ok)
	}
	return m
}

// Confirmable returns the phrases of confirmed that may confirm a private
// term: each holds one private term, a term of one word of letters found
// without a version ("Claude Monet", "Amazon river", "Leonardo da Vinci"),
// and letters or digits beyond it. A phrase that
// is private through and through ("Claude 4.1") or names a writer (its
// whole name, a name with its version, an API id, two words of an
// identity) confirms nothing: published as written, it would say who
// wrote what.
func (m *Matcher) Confirmable(confirmed []Term) []Term {
	bare := *m // the private terms, none confirmed
	bare.confirmed = nil
	var out []Term
	for _, c := range confirmed {
		found := bare.Find(c.Text)
		if len(found) != 1 || !oneWord(found[0].Term.Text) || strings.ContainsFunc(c.Text[found[0].Start:found[0].End], unicode.IsDigit) {
			continue
		}
		rest := []byte(c.Text)
		for i := found[0].Start; i < found[0].End; i++ {
			rest[i] = ' '
		}
		f := fold(string(rest), false)
		if f.s != "" {
			out = append(out, c)
		}
		f.release()
	}
	return out
}

// oneWord reports whether s is one word of letters: no digit (a version),
// space, hyphen or other mark between two words of a name.
func oneWord(s string) bool {
	for _, r := range s {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return s != ""
}

func newMatcher(terms []Term) *Matcher {
	m := &Matcher{index: map[uint16][]int32{}}
	seen := map[string]bool{}
	for _, t := range terms {
		ft := fold(t.Text, false)
		f := strings.Clone(ft.s)
		lastWord := len(f)
		for i := len(f) - 1; i > 0; i-- {
			if ft.start[i] {
				lastWord = len(f) - i
				break
			}
		}
		ft.release()
		if f == "" || seen[f] {
			continue
		}
		seen[f] = true
		mt := matcherTerm{Term: t, folded: f, whole: lastWord <= shortLastWord}
		if st, ok := newShortTerm(t); ok {
			m.short = append(m.short, st)
			mt.short, mt.shortWord, mt.whole = true, len(st.tokens) == 1, st.endsInDigit()
			mt.spelled = st.spelled != ""
		}
		m.terms = append(m.terms, mt)
	}
	// Longer terms first, so that a term containing another wins.
	sort.SliceStable(m.terms, func(i, j int) bool { return len(m.terms[i].folded) > len(m.terms[j].folded) })
	for i, t := range m.terms {
		k := firstBytes(t.folded, 0)
		m.index[k] = append(m.index[k], int32(i))
		m.firsts[k/64] |= 1 << (k % 64)
	}
	return m
}

// firstBytes returns the two bytes of s at at, or the one there and 0.
func firstBytes(s string, at int) uint16 {
	if at+1 < len(s) {
		return uint16(s[at])<<8 | uint16(s[at+1])
	}
	return uint16(s[at]) << 8
}

// candidates returns the indexes, in terms, of the terms that may start
// at offset at of the folded text s: those whose first two folded bytes are
// there (two), and those of one folded byte that is (one).
func (m *Matcher) candidates(s string, at int) (two, one []int32) {
	k := firstBytes(s, at)
	k1 := k &^ 0xFF
	if m.firsts[k/64]&(1<<(k%64)) != 0 && k != k1 {
		two = m.index[k]
	}
	if m.firsts[k1/64]&(1<<(k1%64)) != 0 {
		one = m.index[k1]
	}
	return two, one
}

// Len returns the number of distinct terms.
func (m *Matcher) Len() int { return len(m.terms) }

// Match is one occurrence of a private term: bytes [Start, End) of the text.
type Match struct {
	Start, End int
	Term       Term
}

// Find returns every occurrence of a term in text, sorted by position, with
// overlapping occurrences merged into the earliest-longest one.
func (m *Matcher) Find(text string) []Match { return m.find(text, 0) }

// FindWhole is Find where a term must also end at a word's end (in raw
// markup, where tag names would otherwise start false alarms).
func (m *Matcher) FindWhole(text string) []Match { return m.find(text, modeWhole) }

// FindName is Find in a name the author chose (a file's path, a release's
// name): no running text gives an ordinary word of an identity another
// sense there, so it is found in any case ("sonnet-eval", "haiku.html").
func (m *Matcher) FindName(name string) []Match { return m.find(name, modeName) }

// findMode says how find reads its text.
type findMode uint8

const (
	// modeWhole: raw markup, where a term must end at a word's end.
	modeWhole findMode = 1 << iota
	// modeName: a name the author chose, where an ordinary word of an
	// identity is private in any case.
	modeName
)

func (m *Matcher) find(text string, md findMode) []Match {
	if len(m.terms) == 0 {
		return nil
	}
	// A superscript or subscript digit reads as a footnote mark or as a
	// digit ("GPT-⁵"): the text is read both ways.
	f := fold(text, false)
	out := m.findFolded(text, f, md, nil)
	if l, ok := leetReading(f); ok {
		out = m.findFolded(text, l, md, out)
	}
	sup, bars := f.sup, f.bars
	f.release()
	if sup {
		f := fold(text, true)
		out = m.findFolded(text, f, md, out)
		f.release()
	}
	for _, r := range [...]struct{ digits, bars, ok bool }{{false, false, true}, {true, false, sup}, {false, true, bars}, {true, true, sup && bars}} {
		if r.ok {
			out = m.findShort(text, r.digits, r.bars, out)
		}
	}
	for i := range out {
		if out[i].Term.Kind == KindModel {
			out[i].End = versionTail(text, out[i].End)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Start != out[j].Start {
			return out[i].Start < out[j].Start
		}
		return out[i].End > out[j].End
	})
	if m.confirmed != nil {
		out = m.unconfirmed(text, md, out)
	}
	merged := out[:0]
	for _, mt := range out {
		if n := len(merged); n > 0 && mt.Start < merged[n-1].End {
			if mt.End > merged[n-1].End {
				merged[n-1].End = mt.End
			}
			continue
		}
		merged = append(merged, mt)
	}
	return merged
}

// findFolded appends the matches of the folded terms in f, the fold of text.
func (m *Matcher) findFolded(text string, f *folded, md findMode, out []Match) []Match {
	whole := md&modeWhole != 0
	for at := 0; at < len(f.s); at++ {
		camel := false
		if !f.start[at] {
			// Inside a word, a long term may start where its case
			// changes ("theClaude", "xAIGrok"): not in raw markup.
			if whole || !camelAt(text, f, at) {
				continue
			}
			camel = true
		}
		two, one := m.candidates(f.s, at)
		for i := range joined(two, one) {
			t := &m.terms[i]
			if t.short || camel && len(t.folded) <= shortLength || !strings.HasPrefix(f.s[at:], t.folded) {
				continue
			}
			last := at + len(t.folded) - 1
			if next := last + 1; next < len(f.s) && !f.start[next] {
				switch {
				case whole || t.whole:
					continue
				case t.Word && !digitAt(text, int(f.src[next])) && !m.goesOn(text, f, next):
					continue // "Metadata" is not "Meta"; "Llama3" is "Llama"
				}
			}
			if t.Common && md&modeName == 0 && !capitalAt(text, int(f.src[at])) && !versionAfter(text, f, last) {
				continue
			}
			// The match runs to the end of the word the term ends in:
			// letters glued to a term do not hide it.
			for last+1 < len(f.s) && !f.start[last+1] {
				last++
			}
			end := int(f.src[last])
			_, size := utf8.DecodeRuneInString(text[end:])
			end += size
			// Take trailing marks with the last letter.
			for end < len(text) {
				r, size := utf8.DecodeRuneInString(text[end:])
				if r < utf8.RuneSelf || !isMark(r) {
					break
				}
				end += size
			}
			out = append(out, Match{Start: int(f.src[at]), End: end, Term: t.Term})
		}
	}
	return out
}

// unconfirmed returns the matches of out that lie in no phrase of
// confirmed.txt found in text.
func (m *Matcher) unconfirmed(text string, md findMode, out []Match) []Match {
	phrases := m.confirmed.find(text, md)
	if len(phrases) == 0 {
		return out
	}
	return slices.DeleteFunc(out, func(mt Match) bool {
		return slices.ContainsFunc(phrases, func(p Match) bool { return p.Start <= mt.Start && mt.End <= p.End })
	})
}

// versionTail returns where the version tail of a model's name that ends
// at end runs to: a match takes the whole name ("Claude 4.1", "Gemini 2.5
// Pro", "gemini-2.5-pro-preview-06-05"), so that no version is left beside
// its placeholder to say which model stood there. A tail is a run of
// version tokens: after a space, one that starts with a digit, or after
// one of those a model word (tailAfterSpace); after a hyphen, underscore
// or dot, one that starts with a digit or any model word (tailWords).
func versionTail(text string, end int) int {
	versioned := false
	for n := 0; n < 8 && end < len(text); n++ {
		sep, at := text[end], end+1
		if isDigit(sep) || isLower(sep) || isUpper(sep) {
			sep, at = 0, end // glued on: "Claude4.1"
		}
		if sep != 0 && sep != ' ' && sep != '-' && sep != '_' && sep != '.' {
			break
		}
		to := at
		for to < len(text) && (isDigit(text[to]) || isLower(text[to]) || isUpper(text[to]) || text[to] == '.' && to+1 < len(text) && isDigit(text[to+1])) {
			to++
		}
		if to == at {
			break
		}
		word := strings.ToLower(text[at:to])
		switch {
		case isDigit(text[at]):
			versioned = true
		case sep == ' ' && versioned && tailAfterSpace[word]:
		case sep != ' ' && sep != 0 && tailWords[word]:
		default:
			return end
		}
		end = to
	}
	return end
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// tailAfterSpace are the words of a model's name that follow its version
// after a space ("Gemini 2.5 Pro", "GPT-4.1 mini").
var tailAfterSpace = map[string]bool{"pro": true, "flash": true, "mini": true, "nano": true, "lite": true, "turbo": true,
	"preview": true, "instruct": true, "thinking": true, "opus": true, "sonnet": true, "haiku": true, "max": true, "ultra": true, "plus": true}

// tailWords are the words of an API id's tail, after a hyphen, underscore
// or dot ("-preview", "-latest", "-instruct").
var tailWords = func() map[string]bool {
	m := map[string]bool{"exp": true, "experimental": true, "latest": true, "chat": true, "reasoning": true, "high": true, "low": true,
		"medium": true, "large": true, "small": true, "base": true, "it": true, "hf": true, "vision": true, "beta": true, "alpha": true,
		"fast": true, "online": true, "think": true, "codex": true}
	for w := range tailAfterSpace {
		m[w] = true
	}
	return m
}()

// goesOn reports whether the letters at next of f, the fold of text, that
// follow an identity word inside a word leave it the word a reader reads:
// an English inflection that ends the word ("Claudes", "Geminis",
// "Anthropics"), a change of case ("ClaudeOpus", "GeminiPro") or another
// private term run on ("OpenAIGPT", "claudeopus").
func (m *Matcher) goesOn(text string, f *folded, next int) bool {
	if camelAt(text, f, next) {
		return true
	}
	end := next
	for end < len(f.s) && !f.start[end] {
		end++
	}
	if rest := f.s[next:end]; rest == "s" || rest == "es" {
		return true
	}
	two, one := m.candidates(f.s, next)
	for i := range joined(two, one) {
		if strings.HasPrefix(f.s[next:], m.terms[i].folded) {
			return true
		}
	}
	return false
}

// camelAt reports whether the byte at of f, the fold of text, starts a
// word of camel case inside a run of ASCII letters: a capital after a
// small letter ("theClaude"), or a capital before a small letter after
// another capital ("xAIGrok").
func camelAt(text string, f *folded, at int) bool {
	if at == 0 || f.src[at] == f.src[at-1] {
		return false // the second folded byte of one character
	}
	return isCamel(text, int(f.src[at]))
}

// isCamel reports whether the ASCII letter at offset i of text starts a
// word of camel case (camelAt).
func isCamel(text string, i int) bool {
	if i == 0 || i >= len(text) || !isUpper(text[i]) {
		return false
	}
	prev := text[i-1]
	return isLower(prev) || isUpper(prev) && i+1 < len(text) && isLower(text[i+1])
}

func isUpper(c byte) bool { return 'A' <= c && c <= 'Z' }
func isLower(c byte) bool { return 'a' <= c && c <= 'z' }

// capitalAt reports whether the letter at offset i of text is a capital.
func capitalAt(text string, i int) bool {
	r, _ := utf8.DecodeRuneInString(text[i:])
	return unicode.IsUpper(r) || unicode.IsTitle(r)
}

// versionAfter reports whether a version follows the word whose folded
// letters end at last in f, the fold of text: a digit after at most a few
// separators ("Opus 4.1", "opus-4-1", "Command R+" is told by its capital).
func versionAfter(text string, f *folded, last int) bool {
	if last+1 < len(f.s) && !f.start[last+1] {
		return digitAt(text, int(f.src[last+1])) // glued on: "Llama3"
	}
	i := int(f.src[last])
	_, size := utf8.DecodeRuneInString(text[i:])
	for i, n := i+size, 0; i < len(text) && n < 3; n++ {
		if digitAt(text, i) {
			return true
		}
		switch text[i] {
		case ' ', '-', '_', '.', '/':
		default:
			return false
		}
		i++
	}
	return false
}

// digitAt reports whether text has a digit, in any form, at offset i.
func digitAt(text string, i int) bool {
	r, _ := utf8.DecodeRuneInString(text[i:])
	if '0' <= r && r <= '9' {
		return true
	}
	if r < utf8.RuneSelf {
		return false
	}
	if unicode.IsDigit(r) || isSuperOrSubscriptDigit(r) {
		return true
	}
	_, ok := digitsOf(r)
	return ok || unicode.Is(unicode.No, r)
}

// Contains reports whether text holds any private term.
func (m *Matcher) Contains(text string) bool { return len(m.Find(text)) > 0 }

// Replace returns text with every private term replaced by its placeholder.
func (m *Matcher) Replace(text string) string {
	matches := m.Find(text)
	if len(matches) == 0 {
		return text
	}
	var b strings.Builder
	prev := 0
	for _, mt := range matches {
		b.WriteString(text[prev:mt.Start])
		b.WriteString(Placeholder(mt.Term.Kind))
		prev = mt.End
	}
	b.WriteString(text[prev:])
	return b.String()
}

// Terms lists every private term of a folder: each script heading and
// every word of its writer's identity (its lab, family and product words,
// API id forms: matcher/identity, with models.toml's [families], [labs] and
// [identity]), each mandated phrase, each line of redact.txt and the terms
// other inputs added (a family judge's model, with its identity), and the
// phrases of confirmed.txt (KindConfirmed), which New keeps apart.
func Terms(folder *inputs.Folder) []Term {
	var out, identities []Term
	for _, s := range folder.ScriptOrder() {
		src := folder.ScriptSource(s)
		out = append(out, Term{Text: s, Kind: KindModel, Source: src, Owner: s})
		identities = append(identities, IdentityTerms(WriterIdentity(folder, s), "the writer", src)...)
	}
	for _, p := range folder.Phrases {
		out = append(out, Term{Text: p.Text, Kind: KindMandated, Source: fmt.Sprintf("%s:%d", inputs.PhrasesFile, p.Line)})
	}
	for _, t := range folder.Redact {
		out = append(out, Term{Text: t.Text, Kind: KindRedact, Source: fmt.Sprintf("%s:%d", inputs.RedactFile, t.Line)})
	}
	var private []Term
	for _, t := range folder.Private {
		src := fmt.Sprintf("%s:%d", t.File, t.Line)
		if t.Model {
			private = append(private, Term{Text: t.Text, Kind: KindModel, Source: src, What: "a judge's model"})
			identities = append(identities, IdentityTerms(identity.Of(t.Text, identity.Extra{}), "a judge's model", src)...)
			continue
		}
		private = append(private, Term{Text: t.Text, Kind: KindRedact, Source: src})
	}
	var confirmed []Term
	for _, t := range folder.Confirmed {
		confirmed = append(confirmed, Term{Text: t.Text, Kind: KindConfirmed, Source: fmt.Sprintf("%s:%d", inputs.ConfirmedFile, t.Line)})
	}
	// The identities' words come before the other private terms: a word
	// both name (a family in [families]) is matched as a word.
	return slices.Concat(out, identities, private, confirmed)
}

// WriterIdentity returns the identity of the writer of script: its heading
// with what models.toml says of it.
func WriterIdentity(folder *inputs.Folder, script string) identity.Identity {
	extra := identity.Extra{Family: folder.Families[script].Text, Lab: folder.Labs[script].Text}
	for _, t := range folder.Identity[script] {
		extra.Words = append(extra.Words, t.Text)
	}
	return identity.Of(script, extra)
}

// IdentityTerms returns the words of an identity as private terms: words
// that name the model whose, from source ("the writer", "sections.md:1").
func IdentityTerms(id identity.Identity, whose, source string) []Term {
	var out []Term
	for _, w := range id.Words {
		src := source + " (identity table)"
		if w.What == identity.AuthorWord || w.What == identity.FamilyWord && strings.EqualFold(w.Text, id.Family) && !id.FamilyFromTable {
			src = source + " (models.toml)"
		}
		out = append(out, Term{Text: w.Text, Kind: KindModel, Source: src, What: w.What + " of " + whose, Word: true, Common: w.Common, Owner: id.Name})
	}
	return out
}

// MaskName returns name, a file's path or an identifier, with each private
// term FindName finds in it (or in its %-escapes read as text) replaced by
// its placeholder: "judged/[model].md". A message names a file so that its
// reader can find it, but terminal output ends in public CI logs.
func (m *Matcher) MaskName(name string, decode func(string) string) string {
	tries := []string{name}
	if decode != nil {
		tries = append(tries, decode(name))
	}
	for _, n := range tries {
		found := m.FindName(n)
		if len(found) == 0 {
			continue
		}
		var b strings.Builder
		prev := 0
		for _, mt := range found {
			b.WriteString(n[prev:mt.Start])
			b.WriteString(Placeholder(mt.Term.Kind))
			prev = mt.End
		}
		return b.String() + n[prev:]
	}
	return name
}

// MaskLine returns a line evalpress prints with every private term
// masked: in each path (a space-separated field holding a path
// separator) by MaskName, which takes an identity's ordinary words in any
// case, and elsewhere by Replace. Messages quote no private value, and
// name files as the author named them; this is the terminal's last guard.
func (m *Matcher) MaskLine(line string) string {
	fields := strings.SplitAfter(line, " ")
	for i, f := range fields {
		if strings.ContainsAny(f, `/\`) {
			fields[i] = m.MaskName(f, nil)
		}
	}
	return m.Replace(strings.Join(fields, ""))
}

// TableTerms are the words of every lab of the identity table that are
// private whatever the writers are (its labs', families', products',
// people's names and their other scripts, but not the ordinary words
// among them, which are private only beside a writer of their lab): what
// a message may be masked by before the inputs are read.
func TableTerms() []Term {
	var out []Term
	for _, lab := range identity.Labs() {
		words := slices.Concat([]string{lab.Name}, lab.Also, lab.Families, lab.Products, lab.People, lab.Written)
		for _, w := range words {
			if slices.ContainsFunc(lab.Common, func(c string) bool { return strings.EqualFold(c, w) }) {
				continue
			}
			out = append(out, Term{Text: w, Kind: KindModel, Source: "the identity table", What: "a word of the identity table", Word: true})
		}
	}
	return out
}
