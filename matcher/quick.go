package matcher

import (
	"slices"
	"strings"
	"sync"
	"unicode/utf8"
	"unsafe"
)

// QuickText is a text folded as the matcher folds it, keeping where words
// start and end but not where each byte came from: enough to tell whether
// Find would match, at a fraction of the cost. A text with superscript or
// subscript digits is folded in both readings, one after the other, a
// HardBreak between them.
type QuickText struct {
	b      []byte
	starts []int32 // offsets in b where a word starts, ascending
	ends   []int32 // offsets in b of each word's last byte, ascending
	// camels are the offsets in b where a word of camel case starts
	// inside a word (isCamel), ascending.
	camels []int32
	inWord bool
	kind   uint8 // of the word's letters
	sup    bool  // the text has a superscript or subscript digit
	// bars: the text has a letter drawn as punctuation, which ends a
	// word here but may be inside a short term's token (Find's bars).
	bars bool
}

// reset empties q, with room for a text of n bytes, or of a large file's
// at most: a large text grows its own (a masked page, mostly bars, folds to
// a small part of its size, and a 45 MB one would keep 90 MB of room).
func (q *QuickText) reset(n int) {
	n = min(n, largeText)
	q.b, q.starts, q.ends, q.inWord, q.sup, q.bars = slices.Grow(q.b[:0], n), slices.Grow(q.starts[:0], n/8), slices.Grow(q.ends[:0], n/8), false, false, false
	q.camels = q.camels[:0]
}

// letters adds the folded letters of one character of kind k.
func (q *QuickText) letters(s string, k uint8) {
	kind := k &^ kindFlags
	if q.inWord && (q.kind != kind || k&kindFlags != 0) {
		q.gap()
	}
	if !q.inWord {
		q.starts = append(q.starts, int32(len(q.b)))
		q.inWord = true
	}
	q.b = append(q.b, s...)
	q.kind = kind
	if k&kindPunct != 0 {
		q.bars = true
		q.gap()
	}
}

// asciiLetters adds ASCII letters and digits, lowercased.
func (q *QuickText) asciiLetters(s string) {
	if q.inWord && q.kind != kindLetter {
		q.gap()
	}
	if !q.inWord {
		q.starts = append(q.starts, int32(len(q.b)))
		q.inWord = true
	}
	q.kind = kindLetter
	for k := 0; k < len(s); k++ {
		if k > 0 && isCamel(s, k) {
			q.camels = append(q.camels, int32(len(q.b)))
		}
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

func (q *QuickText) gap() {
	if q.inWord {
		q.ends = append(q.ends, int32(len(q.b)-1))
		q.inWord = false
	}
}

// Fold folds text into q, as the matcher folds it.
func (q *QuickText) Fold(text string) {
	// Folding never makes an ASCII text longer: room for all of it at once
	// (up to a large file's), rather than growing a pooled buffer (pools
	// empty at each collection).
	q.reset(len(text))
	q.fold(text, false)
	q.leet()
	if q.sup {
		q.b = append(q.b, HardBreak)
		q.fold(text, true)
	}
}

// leet adds, after a HardBreak, each word that has digits standing for
// letters (leetAt) read with those letters: Find's leet reading.
func (q *QuickText) leet() {
	n := len(q.starts)
	for k := 0; k < n; k++ {
		from, to := int(q.starts[k]), int(q.ends[k])+1
		var word []byte
		for i := from; i < to; i++ {
			c := q.b[i]
			if leetDigits[c] == 0 || i == from || !isLower(q.b[i-1]) {
				continue
			}
			if !(i+1 < to && isLower(q.b[i+1]) || i+1 == to && i-2 >= from && isLower(q.b[i-2])) {
				continue
			}
			if word == nil {
				word = append([]byte(nil), q.b[from:to]...)
			}
			word[i-from] = leetDigits[c]
		}
		if word != nil {
			q.b = append(q.b, HardBreak)
			q.starts = append(q.starts, int32(len(q.b)))
			q.b = append(q.b, word...)
			q.ends = append(q.ends, int32(len(q.b)-1))
		}
	}
}

// fold adds text folded in the reading digits (see reading).
func (q *QuickText) fold(text string, digits bool) {
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
				if n := FootnoteRef(text[i:]); n > 0 {
					i += n // a footnote mark reads as a gap
					continue
				}
			case HardBreak: // no term or passage spans it
				q.b = append(q.b, HardBreak)
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
		out, k := runeOf(r)
		if k == kindSup || k == kindTag {
			q.sup = true
			out, k = reading(r, digits)
		}
		switch k &^ kindFlags {
		case kindMark:
			// A combining mark continues a word and adds nothing.
		case kindGap:
			q.gap()
		default:
			q.letters(out, k)
		}
		i += size
	}
	q.gap()
}

// maskBar is the bar that stands for masked letters in public texts.
const maskBar = "▬"

// quickPool recycles the buffers of MayOccur's folds.
var quickPool = sync.Pool{New: func() any { return new(QuickText) }}

// MayOccur reports whether Find could find a term in text; it may say yes
// when Find finds nothing, never no when Find finds something. It is the
// leak scan's quick first pass.
func (m *Matcher) MayOccur(text string) bool {
	if m.Len() == 0 {
		return false
	}
	q := quickPool.Get().(*QuickText)
	defer quickPool.Put(q)
	q.Fold(text)
	return m.MayOccurIn(q, false)
}

// MayOccurIn is MayOccur on a text q has folded; with whole, as
// FindWhole. It looks at each word's start for the terms that start with
// its first letters (Matcher.index).
func (m *Matcher) MayOccurIn(q *QuickText, whole bool) bool {
	if m.Len() == 0 {
		return false
	}
	s := unsafe.String(unsafe.SliceData(q.b), len(q.b))
	for k, at := range q.starts {
		two, one := m.candidates(s, int(at))
		for i := range joined(two, one) {
			t := &m.terms[i]
			if !strings.HasPrefix(s[at:], t.folded) {
				continue
			}
			end := int(at) + len(t.folded) - 1
			if t.spelled && q.lettersAt(k, len(t.folded)) {
				return true // spelled out, a letter a word: Find reads the separators
			}
			switch {
			case t.shortWord && end > int(q.ends[k]) && !q.bars:
				// A short term is one token: it lies within one word.
			case (whole || t.whole) && !q.endsAt(k, end):
			default:
				// Find decides what the quick pass cannot tell: a short
				// term's spelling as written, and whether an identity
				// word goes on with a digit.
				return true
			}
		}
	}
	if whole {
		return false
	}
	// A long term may start inside a word where its case changes
	// (camelAt); Find decides how it ends.
	for _, at := range q.camels {
		two, one := m.candidates(s, int(at))
		for i := range joined(two, one) {
			if t := &m.terms[i]; !t.short && len(t.folded) > shortLength && strings.HasPrefix(s[at:], t.folded) {
				return true
			}
		}
	}
	return false
}

// lettersAt reports whether q's words k to k+n-1 are one byte each.
func (q *QuickText) lettersAt(k, n int) bool {
	if k+n > len(q.starts) {
		return false
	}
	for j := k; j < k+n; j++ {
		if q.starts[j] != q.ends[j] {
			return false
		}
	}
	return true
}

// endsAt reports whether a word ends at offset end, which lies in or
// after word k.
func (q *QuickText) endsAt(k, end int) bool {
	_, ok := slices.BinarySearch(q.ends[k:], int32(end))
	return ok
}

// Words returns how many words q holds.
func (q *QuickText) Words() int { return len(q.starts) }

// Word returns q's k-th word, folded; valid until q folds again.
func (q *QuickText) Word(k int) []byte { return q.b[q.starts[k] : q.ends[k]+1] }

// BreakBefore reports whether a HardBreak comes just before q's k-th word:
// no passage spans it.
func (q *QuickText) BreakBefore(k int) bool {
	start := q.starts[k]
	return start > 0 && q.b[start-1] == HardBreak
}
