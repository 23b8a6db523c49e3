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
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/evalpress/evalpress/reports/inputs"
)

// Kinds of private term, each with the placeholder that replaces it.
const (
	KindModel    = "model"    // a script heading: a writer's real name
	KindMandated = "mandated" // a mandated brand phrase
	KindRedact   = "redacted" // a line of redact.txt
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
	Text   string
	Kind   string
	Source string // file:line, for messages
}

// Matcher finds private terms in text in every spelling a reader would
// recognise: any case, compatibility forms (full-width and mathematical
// letters, ligatures), with or without diacritics, look-alike letters of
// other scripts and small capitals (UTS #39 skeletons), with characters a
// renderer shows as nothing inside, and with anything that is not a letter
// or digit between the term's letters (spaces, line breaks, hyphens,
// apostrophes and modifier-letter apostrophes, footnote marks, markup).
// A match starts at a word start, whatever letters follow the term: "Gem"
// matches "Gemini", and a match runs to the end of the word it ends in
// (failing closed: "Larkspur-3 Turbos" is the term with a suffix glued on).
// A term whose last word is one or two letters or digits ("SCRIPT B",
// "Writer 1") must end at a word's end: glued on to so short a word, a suffix
// makes another word a reader would not take for the term ("script block").
type Matcher struct {
	terms []matcherTerm
}

type matcherTerm struct {
	Term
	folded string // letters and digits only, folded
	// whole: the term's last word is too short to take a suffix, so a match
	// must end at a word's end.
	whole bool
}

// shortLastWord is the longest last word, in folded bytes, after which a
// term must end at a word's end.
const shortLastWord = 2

// New returns a matcher for terms. Terms that fold to nothing (no
// letter or digit) are ignored; the inputs package rejects them.
func New(terms []Term) *Matcher {
	m := &Matcher{}
	seen := map[string]bool{}
	for _, t := range terms {
		ft := fold(t.Text)
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
		m.terms = append(m.terms, matcherTerm{Term: t, folded: f, whole: lastWord <= shortLastWord})
	}
	// Longer terms first, so that a term containing another wins.
	sort.SliceStable(m.terms, func(i, j int) bool { return len(m.terms[i].folded) > len(m.terms[j].folded) })
	return m
}

// longest returns the length of the longest term folded (its letters and
// digits, in bytes): a bound on the words a match of any term spans.
func (m *Matcher) longest() int {
	if len(m.terms) == 0 {
		return 0
	}
	return len(m.terms[0].folded)
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
func (m *Matcher) Find(text string) []Match { return m.find(text, false) }

// FindWhole is Find where a term must also end at a word's end (in raw
// markup, where tag names would otherwise start false alarms).
func (m *Matcher) FindWhole(text string) []Match { return m.find(text, true) }

func (m *Matcher) find(text string, whole bool) []Match {
	if len(m.terms) == 0 {
		return nil
	}
	f := fold(text)
	defer f.release()
	var out []Match
	for _, t := range m.terms {
		for from := 0; ; {
			k := strings.Index(f.s[from:], t.folded)
			if k < 0 {
				break
			}
			at := from + k
			last := at + len(t.folded) - 1
			from = at + 1
			if !f.start[at] || (whole || t.whole) && last+1 < len(f.s) && !f.start[last+1] {
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
	sort.Slice(out, func(i, j int) bool {
		if out[i].Start != out[j].Start {
			return out[i].Start < out[j].Start
		}
		return out[i].End > out[j].End
	})
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

// Terms lists every private term of a folder: each script heading, each
// mandated phrase, each line of redact.txt and the terms other inputs added
// (a family judge's model).
func Terms(folder *inputs.Folder) []Term {
	var out []Term
	for _, s := range folder.ScriptOrder() {
		line := 0
		for _, sec := range folder.Sections {
			if sec.Script == s {
				line = sec.ScriptLine
				break
			}
		}
		out = append(out, Term{Text: s, Kind: KindModel, Source: fmt.Sprintf("%s:%d", inputs.SectionsFile, line)})
	}
	for _, p := range folder.Phrases {
		out = append(out, Term{Text: p.Text, Kind: KindMandated, Source: fmt.Sprintf("%s:%d", inputs.PhrasesFile, p.Line)})
	}
	for _, t := range folder.Redact {
		out = append(out, Term{Text: t.Text, Kind: KindRedact, Source: fmt.Sprintf("%s:%d", inputs.RedactFile, t.Line)})
	}
	for _, t := range folder.Private {
		out = append(out, Term{Text: t.Text, Kind: KindRedact, Source: fmt.Sprintf("%s:%d", t.File, t.Line)})
	}
	return out
}
