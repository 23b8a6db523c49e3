package redact

import (
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"
	"unsafe"
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

// PrivateTerm is a term that must not reach a public build.
type PrivateTerm struct {
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
	PrivateTerm
	folded string // letters and digits only, folded
	// whole: the term's last word is too short to take a suffix, so a match
	// must end at a word's end.
	whole bool
}

// shortLastWord is the longest last word, in folded bytes, after which a
// term must end at a word's end.
const shortLastWord = 2

// NewMatcher returns a matcher for terms. Terms that fold to nothing (no
// letter or digit) are ignored; the inputs package rejects them.
func NewMatcher(terms []PrivateTerm) *Matcher {
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
		m.terms = append(m.terms, matcherTerm{PrivateTerm: t, folded: f, whole: lastWord <= shortLastWord})
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
	Term       PrivateTerm
}

// folded is a text reduced to its letters and digits, folded, with for each
// byte the offset of the original rune it came from and whether it starts a
// word of the original.
type folded struct {
	buf   []byte
	s     string
	src   []int32
	start []bool
}

// foldBlocks holds foldRune, and whether the code point joins a word
// (joinsWord), for the Basic Multilingual Plane in blocks of 256 code points, each
// computed the first time a text has one of its characters: folding is then
// a table lookup per character, and a build pays only for the blocks its
// texts use.
var foldBlocks [0x10000 / 256]atomic.Pointer[foldBlock]

type foldBlock struct {
	fold [256]string
	mark [256]bool
}

// blockOf returns the block of r, which is in the Basic Multilingual Plane.
func blockOf(r rune) *foldBlock {
	slot := &foldBlocks[r>>8]
	if b := slot.Load(); b != nil {
		return b
	}
	b := new(foldBlock)
	for i := range b.fold {
		c := r&^0xFF | rune(i)
		b.fold[i] = foldRune(c)
		b.mark[i] = joinsWord(c)
	}
	slot.CompareAndSwap(nil, b) // another goroutine's equal block may win
	return slot.Load()
}

func foldOf(r rune) string {
	if r < 0x10000 {
		return blockOf(r).fold[r&0xFF]
	}
	if s, ok := astralFolds.Load(r); ok {
		return s.(string)
	}
	s := foldRune(r)
	astralFolds.Store(r, s)
	return s
}

// astralFolds caches foldRune beyond the Basic Multilingual Plane
// (mathematical letters, tags): rare, but each costs a decomposition.
var astralFolds sync.Map

// isMark reports whether r joins a word without adding letters: a combining
// mark or a character a renderer shows as nothing (joinsWord).
func isMark(r rune) bool {
	if r < 0x10000 {
		return blockOf(r).mark[r&0xFF]
	}
	return joinsWord(r)
}

// foldPool recycles the buffers of folded texts: the leak scan folds every
// written file twice.
var foldPool = sync.Pool{New: func() any { return new(folded) }}

// release returns f's buffers to the pool; f must not be used afterwards.
// A large text's buffers go with it, not kept for small ones.
func (f *folded) release() {
	if cap(f.src) <= largeFile {
		foldPool.Put(f)
	}
}

func fold(text string) *folded {
	f := foldPool.Get().(*folded)
	f.src, f.start = f.src[:0], f.start[:0]
	b := f.buf[:0]
	inWord := false
	for i := 0; i < len(text); {
		var out string
		c := text[i]
		size := 1
		r := rune(c)
		if c < utf8.RuneSelf {
			if a := asciiFold[c]; a != 0 {
				b = append(b, a)
				f.src = append(f.src, int32(i))
				f.start = append(f.start, !inWord)
				inWord = true
				i++
				continue
			}
			if c == '[' {
				if n := footnoteRef(text[i:]); n > 0 {
					size = n // a footnote mark reads as a gap
				}
			}
			if c == hardBreak { // no term spans it; it ends a word
				b = append(b, hardBreak)
				f.src = append(f.src, int32(i))
				f.start = append(f.start, true)
			}
		} else {
			r, size = utf8.DecodeRuneInString(text[i:])
			out = foldOf(r)
		}
		// Combining marks continue a word without adding letters.
		if out == "" && r >= utf8.RuneSelf && inWord && isMark(r) {
			i += size
			continue
		}
		if out == "" {
			inWord = false
			i += size
			continue
		}
		for k := 0; k < len(out); k++ {
			b = append(b, out[k])
			f.src = append(f.src, int32(i))
			f.start = append(f.start, !inWord && k == 0)
		}
		inWord = true
		i += size
	}
	f.buf = b
	f.s = unsafe.String(unsafe.SliceData(b), len(b)) // valid until release
	return f
}

// Find returns every occurrence of a term in text, sorted by position, with
// overlapping occurrences merged into the earliest-longest one.
func (m *Matcher) Find(text string) []Match { return m.find(text, false) }

// find is Find; with whole, a term must also end at a word's end (in raw
// markup, where tag names would otherwise start false alarms).
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
			out = append(out, Match{Start: int(f.src[at]), End: end, Term: t.PrivateTerm})
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

// quickText is a text folded as fold folds it, keeping where words start and
// end but not where each byte came from: enough to tell whether Find would
// match, at a fraction of the cost.
type quickText struct {
	b      []byte
	starts []int32 // offsets in b where a word starts, ascending
	ends   []int32 // offsets in b of each word's last byte, ascending
	inWord bool
}

// reset empties q, with room for a text of n bytes, or of a large file's
// at most: a large text grows its own (a masked page, mostly bars, folds to
// a small part of its size, and a 45 MB one would keep 90 MB of room).
func (q *quickText) reset(n int) {
	n = min(n, largeFile)
	q.b, q.starts, q.ends, q.inWord = slices.Grow(q.b[:0], n), slices.Grow(q.starts[:0], n/8), slices.Grow(q.ends[:0], n/8), false
}

func (q *quickText) letters(s string) {
	if !q.inWord {
		q.starts = append(q.starts, int32(len(q.b)))
		q.inWord = true
	}
	q.b = append(q.b, s...)
}

// asciiLetters adds ASCII letters and digits, lowercased.
func (q *quickText) asciiLetters(s string) {
	if !q.inWord {
		q.starts = append(q.starts, int32(len(q.b)))
		q.inWord = true
	}
	for k := 0; k < len(s); k++ {
		q.b = append(q.b, asciiFold[s[k]])
	}
}

// asciiAlnum tells the ASCII letters and digits.
var asciiAlnum = func() (t [256]bool) {
	for c := '0'; c <= 'z'; c++ {
		t[c] = '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
	}
	return t
}()

func (q *quickText) gap() {
	if q.inWord {
		q.ends = append(q.ends, int32(len(q.b)-1))
		q.inWord = false
	}
}

// has reports whether folded occurs in q from a word's start (and, with
// whole, to a word's end).
func (q *quickText) has(folded string, whole bool) bool {
	s := unsafe.String(unsafe.SliceData(q.b), len(q.b))
	for from := 0; ; {
		k := strings.Index(s[from:], folded)
		if k < 0 {
			return false
		}
		at := from + k
		from = at + 1
		if _, ok := slices.BinarySearch(q.starts, int32(at)); !ok {
			continue
		}
		if !whole {
			return true
		}
		if _, ok := slices.BinarySearch(q.ends, int32(at+len(folded)-1)); ok {
			return true
		}
	}
}

// quickFold folds text into q.
func quickFold(text string, q *quickText) {
	// Folding never makes an ASCII text longer: room for all of it at once
	// (up to a large file's), rather than growing a pooled buffer (pools
	// empty at each collection).
	q.reset(len(text))
	for i := 0; i < len(text); {
		c := text[i]
		if c < utf8.RuneSelf {
			if asciiAlnum[c] {
				// A run of ASCII letters and digits, folded in bulk.
				j := i + 1
				for j < len(text) && asciiAlnum[text[j]] {
					j++
				}
				q.asciiLetters(text[i:j])
				i = j
				continue
			}
			q.gap()
			switch c {
			case '[':
				if n := footnoteRef(text[i:]); n > 0 {
					i += n // a footnote mark reads as a gap
					continue
				}
			case hardBreak: // no term or passage spans it
				q.b = append(q.b, hardBreak)
			}
			i++
			continue
		}
		if strings.HasPrefix(text[i:], maskBar) {
			// Masked public texts are mostly bars: not letters.
			q.gap()
			i += len(maskBar)
			continue
		}
		r, size := utf8.DecodeRuneInString(text[i:])
		switch out := foldOf(r); {
		case out != "":
			q.letters(out)
		case isMark(r):
			// A combining mark continues a word and adds nothing.
		default:
			q.gap()
		}
		i += size
	}
	q.gap()
}

// maskBar is the bar that stands for masked letters in public texts.
const maskBar = "▬"

// quickPool recycles quickFold's buffers.
var quickPool = sync.Pool{New: func() any { return new(quickText) }}

// MayOccur reports whether Find could find a term in text; it may say yes
// when Find finds nothing, never no when Find finds something. It is the
// leak scan's quick first pass.
func (m *Matcher) MayOccur(text string) bool {
	if len(m.terms) == 0 {
		return false
	}
	q := quickPool.Get().(*quickText)
	defer quickPool.Put(q)
	quickFold(text, q)
	return m.mayOccurIn(q, false)
}

// mayOccurIn is MayOccur on a text quickFold has folded; with whole, as
// find with whole.
func (m *Matcher) mayOccurIn(q *quickText, whole bool) bool {
	for _, t := range m.terms {
		if q.has(t.folded, whole || t.whole) {
			return true
		}
	}
	return false
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
