package matcher

import (
	"slices"
	"strings"
	"sync"
	"unicode/utf8"
	"unsafe"
)

// QuickText is a text folded as the matcher folds it, keeping where words start and
// end but not where each byte came from: enough to tell whether Find would
// match, at a fraction of the cost.
type QuickText struct {
	b      []byte
	starts []int32 // offsets in b where a word starts, ascending
	ends   []int32 // offsets in b of each word's last byte, ascending
	inWord bool
}

// reset empties q, with room for a text of n bytes, or of a large file's
// at most: a large text grows its own (a masked page, mostly bars, folds to
// a small part of its size, and a 45 MB one would keep 90 MB of room).
func (q *QuickText) reset(n int) {
	n = min(n, largeText)
	q.b, q.starts, q.ends, q.inWord = slices.Grow(q.b[:0], n), slices.Grow(q.starts[:0], n/8), slices.Grow(q.ends[:0], n/8), false
}

func (q *QuickText) letters(s string) {
	if !q.inWord {
		q.starts = append(q.starts, int32(len(q.b)))
		q.inWord = true
	}
	q.b = append(q.b, s...)
}

// asciiLetters adds ASCII letters and digits, lowercased.
func (q *QuickText) asciiLetters(s string) {
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

func (q *QuickText) gap() {
	if q.inWord {
		q.ends = append(q.ends, int32(len(q.b)-1))
		q.inWord = false
	}
}

// has reports whether folded occurs in q from a word's start (and, with
// whole, to a word's end).
func (q *QuickText) has(folded string, whole bool) bool {
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

// Fold folds text into q, as the matcher folds it.
func (q *QuickText) Fold(text string) {
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

// quickPool recycles the buffers of MayOccur's folds.
var quickPool = sync.Pool{New: func() any { return new(QuickText) }}

// MayOccur reports whether Find could find a term in text; it may say yes
// when Find finds nothing, never no when Find finds something. It is the
// leak scan's quick first pass.
func (m *Matcher) MayOccur(text string) bool {
	if len(m.terms) == 0 {
		return false
	}
	q := quickPool.Get().(*QuickText)
	defer quickPool.Put(q)
	q.Fold(text)
	return m.MayOccurIn(q, false)
}

// MayOccurIn is MayOccur on a text q has folded; with whole, as
// FindWhole.
func (m *Matcher) MayOccurIn(q *QuickText, whole bool) bool {
	for _, t := range m.terms {
		if q.has(t.folded, whole || t.whole) {
			return true
		}
	}
	return false
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
