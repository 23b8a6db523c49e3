package matcher

import (
	"iter"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// joined yields the indexes of a, then those of b.
func joined(a, b []int32) iter.Seq[int32] {
	return func(yield func(int32) bool) {
		for _, list := range [2][]int32{a, b} {
			for _, i := range list {
				if !yield(i) {
					return
				}
			}
		}
	}
}

// A short term (three ASCII letters and digits or fewer: "o3", "GPT",
// "xAI") matches only as the tokens it is written as, in any case and in
// compatibility forms (full-width), but with no look-alike folding and no
// separator skipped inside a token: "03", "0 · 3" and "g,p,t" are not
// terms. A term that ends in a letter may go on with digits ("GPT4o",
// "Phi4" are "GPT", "Phi"); one that ends in a digit ends with its token.
type shortTerm struct {
	Term
	tokens []string // lowercase, as tokens splits them
}

// maxTokenBytes bounds the tokens read as possible short terms: longer ones
// are no short term with digits after it.
const maxTokenBytes = 16

// newShortTerm returns the short term of t, or false when t is longer.
func newShortTerm(t Term) (shortTerm, bool) {
	st := shortTerm{Term: t}
	n := 0
	for tk := range tokens(t.Text, false) {
		low := tk.lower(t.Text)
		for i := 0; i < len(low); i++ {
			if low[i] >= utf8.RuneSelf {
				return st, false
			}
		}
		n += len(low)
		st.tokens = append(st.tokens, low)
	}
	return st, n > 0 && n <= shortLength
}

// endsInDigit reports whether the term's last character is a digit.
func (st shortTerm) endsInDigit() bool {
	last := st.tokens[len(st.tokens)-1]
	c := last[len(last)-1]
	return '0' <= c && c <= '9'
}

// token is a token of a text: a run of letters and digits of one kind
// (kindOfRune), bytes [start, end).
type token struct{ start, end int }

// lower returns the token of text in lower case and compatibility form.
func (tk token) lower(text string) string {
	s := text[tk.start:tk.end]
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return strings.ToLower(s)
	}
	var b strings.Builder
	for _, r := range norm.NFKC.String(s) {
		if !unicode.Is(unicode.Mn, r) && !joinsWord(r) {
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

// tokens yields the tokens of text, split as fold splits words: at gaps,
// where letters of one kind meet another's, and around a letter drawn as
// punctuation; with digits, superscript and subscript digits are digits.
func tokens(text string, digits bool) iter.Seq[token] {
	return func(yield func(token) bool) {
		start, kind := -1, uint8(0)
		for i := 0; i < len(text); {
			var k uint8
			size := 1
			if c := text[i]; c < utf8.RuneSelf {
				k = kindGap
				if asciiAlnum[c] {
					k = kindLetter
				}
			} else {
				var r rune
				r, size = utf8.DecodeRuneInString(text[i:])
				_, k = reading(r, digits)
			}
			switch {
			case k == kindMark && start >= 0:
			case k == kindMark || k == kindGap:
				if start >= 0 && !yield(token{start, i}) {
					return
				}
				start = -1
			case k&kindPunct != 0:
				if start >= 0 && !yield(token{start, i}) {
					return
				}
				if !yield(token{i, i + size}) {
					return
				}
				start = -1
			case start >= 0 && k != kind:
				if !yield(token{start, i}) {
					return
				}
				start, kind = i, k
			case start < 0:
				start, kind = i, k
			}
			i += size
		}
		if start >= 0 {
			yield(token{start, len(text)})
		}
	}
}

// findShort appends the matches of the short terms in text, read with
// superscript and subscript digits as digits or not (digits).
func (m *Matcher) findShort(text string, digits bool, out []Match) []Match {
	if len(m.short) == 0 {
		return out
	}
	var prev [shortLength]token // the tokens before, most recent last
	var prevLow [shortLength]string
	for tk := range tokens(text, digits) {
		low := ""
		if tk.end-tk.start <= maxTokenBytes {
			low = tk.lower(text)
		}
		for _, st := range m.short {
			if st.endsAt(low, prevLow[:]) {
				start := tk.start
				if n := len(st.tokens); n > 1 {
					start = prev[len(prev)-n+1].start
				}
				out = append(out, Match{Start: start, End: tk.end, Term: st.Term})
			}
		}
		copy(prev[:], prev[1:])
		copy(prevLow[:], prevLow[1:])
		prev[len(prev)-1], prevLow[len(prevLow)-1] = tk, low
	}
	return out
}

// endsAt reports whether the term ends with the token low, the tokens
// before it being prevLow (most recent last).
func (st shortTerm) endsAt(low string, prevLow []string) bool {
	n := len(st.tokens)
	last := st.tokens[n-1]
	switch {
	case low == last:
	case low == last+"s" && !st.endsInDigit(): // "GPTs", an English plural
	case !st.endsInDigit() && len(low) > len(last) && strings.HasPrefix(low, last) && '0' <= low[len(last)] && low[len(last)] <= '9':
	default:
		return false
	}
	for k := 1; k < n; k++ {
		if prevLow[len(prevLow)-k] != st.tokens[n-1-k] {
			return false
		}
	}
	return true
}
