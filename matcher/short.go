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
// "xAI") matches only as whole tokens, in any case and in compatibility
// forms (full-width), with no separator skipped inside a token: "03",
// "0 · 3" and "g,p,t" are not terms. A token written in ASCII is compared
// as written; one with a letter outside ASCII ("GΡΤ" with Greek letters,
// "ɢᴘᴛ") by its confusable skeleton (readShort), letters to letters and
// digits to digits: Greek "οι" is no "o1". A term that ends in a letter
// may go on with digits ("GPT4o", "Phi4" are "GPT", "Phi") or a plural
// "s"; one written in capitals also with small letters where the case
// changes ("GPTish", "GPTy"); one of three letters or more is also spelled
// out, one capital at a time with one separator between ("G.P.T.",
// "G P T", "G/P/T"). One that ends in a digit ends with its token.
type shortTerm struct {
	Term
	tokens []string // lowercase, as tokens splits them
	// skel are tokens as readShort reads a token with a letter outside
	// ASCII: letters folded by asciiFold, digits as written.
	skel []string
	// caps: the term is one token of capitals ("GPT"): small letters
	// may follow where the case changes.
	caps bool
	// spelled is the term's letters as written when it is one token of
	// three letters or more, which may be spelled out ("G.P.T."); else "".
	spelled string
}

// spellSeparators are the characters that may stand between the letters
// of a term spelled out, one between each two.
const spellSeparators = ". /_-"

// maxTokenBytes bounds the tokens read as possible short terms: longer ones
// are no short term with digits after it.
const maxTokenBytes = 16

// newShortTerm returns the short term of t, or false when t is longer.
func newShortTerm(t Term) (shortTerm, bool) {
	st := shortTerm{Term: t}
	n := 0
	for tk := range tokens(t.Text, false, false) {
		low, _, _ := tk.read(t.Text)
		for i := 0; i < len(low); i++ {
			if low[i] >= utf8.RuneSelf {
				return st, false
			}
		}
		n += len(low)
		st.tokens = append(st.tokens, low)
		st.skel = append(st.skel, skeletonOfASCII(low))
	}
	if len(st.tokens) == 1 && n > 1 {
		written := strings.TrimSpace(t.Text)
		letters, upper := true, true
		for i := 0; i < len(written); i++ {
			letters = letters && (isUpper(written[i]) || isLower(written[i]))
			upper = upper && isUpper(written[i])
		}
		st.caps = letters && upper && len(written) == n
		if letters && len(written) == n && n >= 3 {
			st.spelled = written
		}
	}
	return st, n > 0 && n <= shortLength
}

// skeletonOfASCII reads lowercase ASCII letters and digits as readShort
// reads a token with a letter outside ASCII: letters folded, digits as
// written.
func skeletonOfASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if !('0' <= c && c <= '9') {
			b[i] = asciiFold[c]
		}
	}
	return string(b)
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

// read returns how a short term is compared with the token of text: a
// token written in ASCII lowercase, as written (ascii); another as
// readShort reads it. written is the reading with the case of each
// character as the text has it ("GPTish" for "GΡΤish").
func (tk token) read(text string) (low, written string, ascii bool) {
	s := text[tk.start:tk.end]
	ascii = true
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return strings.ToLower(s), s, true
	}
	low, written = readShort(s)
	return low, written, false
}

// readShort reads a token with a character outside ASCII as a reader may
// take it, for the short terms: each letter by its confusable skeleton
// and compatibility form as fold reads it (Greek "Ρ" and "ᴘ" are "p",
// "ｇ" is "g"), each digit in any form as its ASCII digit ("⁵", "５"), and
// nothing joining; a letter drawn as a digit ("З", "Ƽ") or one with no
// ASCII reading stays as it is, which no term matches: a short term is
// letters and digits, and Russian "ОЗ" is no "o3". written has each
// letter upper case where the text's is.
func readShort(s string) (low, written string) {
	var lb, wb strings.Builder
	for _, r := range s {
		if r < utf8.RuneSelf {
			c := byte(r)
			switch {
			case '0' <= c && c <= '9':
				lb.WriteByte(c)
				wb.WriteByte(c)
			case asciiAlnum[c]:
				lb.WriteByte(asciiFold[c])
				wb.WriteByte(c)
			}
			continue
		}
		if joinsWord(r) {
			continue
		}
		if d, ok := shortDigit(r); ok {
			lb.WriteString(d)
			wb.WriteString(d)
			continue
		}
		out := foldOf(r)
		if _, ok := digitsOf(r); ok || out == "" || strings.IndexFunc(out, func(c rune) bool { return c >= utf8.RuneSelf || '0' <= c && c <= '9' }) >= 0 {
			lb.WriteRune(r) // no term's reading
			wb.WriteRune(r)
			continue
		}
		lb.WriteString(out)
		if unicode.IsUpper(r) || unicode.IsTitle(r) {
			out = strings.ToUpper(out)
		}
		wb.WriteString(out)
	}
	return lb.String(), wb.String()
}

// shortDigit returns the ASCII digits of r when r is a digit in another
// form: a compatibility form of a digit ("⁵", "５", "⑤") or a circled one
// without a decomposition ("➄").
func shortDigit(r rune) (string, bool) {
	if unicode.IsLetter(r) {
		return "", false
	}
	if d := norm.NFKD.String(string(r)); d != "" && strings.Trim(d, "0123456789") == "" {
		return d, true
	}
	return digitsOf(r)
}

// tokens yields the tokens of text, split as fold splits words: at gaps,
// where letters of one kind meet another's, and around a letter drawn as
// punctuation; with digits, superscript and subscript digits are digits;
// with bars, a letter drawn as punctuation is a letter. Letters of one
// script are one token whatever their kinds: a Greek or Cyrillic word is
// a word, not the pieces of it that fold to Latin letters ("Рим" is not
// "P" and "им").
func tokens(text string, digits, bars bool) iter.Seq[token] {
	return func(yield func(token) bool) {
		start, kind := -1, uint8(0)
		var last rune // the token's last letter
		for i := 0; i < len(text); {
			var k uint8
			size := 1
			r := rune(text[i])
			if c := text[i]; c < utf8.RuneSelf {
				k = kindGap
				if asciiAlnum[c] {
					k = kindLetter
				}
			} else {
				r, size = utf8.DecodeRuneInString(text[i:])
				_, k = reading(r, digits)
				k &^= kindSyllable
				if bars {
					k &^= kindPunct
				}
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
			case start >= 0 && k != kind && !sameScript(last, r):
				if !yield(token{start, i}) {
					return
				}
				start, kind = i, k
			case start >= 0:
				kind = k
			case start < 0:
				start, kind = i, k
			}
			if k != kindMark {
				last = r
			}
			i += size
		}
		if start >= 0 {
			yield(token{start, len(text)})
		}
	}
}

// sameScript reports whether a and b are letters of one script, neither
// common to all (digits, punctuation).
func sameScript(a, b rune) bool {
	for _, sc := range [...]*unicode.RangeTable{unicode.Latin, unicode.Greek, unicode.Cyrillic} {
		if unicode.Is(sc, a) {
			return unicode.Is(sc, b)
		}
	}
	if a < utf8.RuneSelf || b < utf8.RuneSelf {
		return false
	}
	for name, sc := range unicode.Scripts {
		if unicode.Is(sc, a) {
			return name != "Common" && name != "Inherited" && unicode.Is(sc, b)
		}
	}
	return false
}

// shortToken is a token as findShort reads it.
type shortToken struct {
	token
	low, written string
	ascii        bool
	// sep is the separator between the token before and this one, when
	// it is one character of spellSeparators; else 0.
	sep byte
}

// findShort appends the matches of the short terms in text, read with
// superscript and subscript digits as digits or not (digits), and letters
// drawn as punctuation as letters or not (bars).
func (m *Matcher) findShort(text string, digits, bars bool, out []Match) []Match {
	if len(m.short) == 0 {
		return out
	}
	var prev [shortLength]shortToken // the tokens before, most recent last
	lastEnd := -2
	for tk := range tokens(text, digits, bars) {
		cur := shortToken{token: tk}
		if tk.end-tk.start <= maxTokenBytes {
			cur.low, cur.written, cur.ascii = tk.read(text)
		}
		if tk.start == lastEnd+1 && strings.IndexByte(spellSeparators, text[lastEnd]) >= 0 {
			cur.sep = text[lastEnd]
		}
		for _, st := range m.short {
			if n, ok := st.endsAt(cur, prev[:]); ok {
				start := tk.start
				if n > 1 {
					start = prev[len(prev)-n+1].start
				}
				out = append(out, Match{Start: start, End: tk.end, Term: st.Term})
			}
		}
		copy(prev[:], prev[1:])
		prev[len(prev)-1] = cur
		lastEnd = tk.end
	}
	return out
}

// endsAt reports whether the term ends with the token cur, the tokens
// before it being prev (most recent last), and how many tokens it spans.
func (st shortTerm) endsAt(cur shortToken, prev []shortToken) (int, bool) {
	if n, ok := st.spelledAt(cur, prev); ok {
		return n, true
	}
	n := len(st.tokens)
	if !st.tokenEnds(cur, n-1) {
		return 0, false
	}
	for k := 1; k < n; k++ {
		if p := prev[len(prev)-k]; p.low != st.want(p, n-1-k) {
			return 0, false
		}
	}
	return n, true
}

// want returns the term's k-th token as tk is compared with it.
func (st shortTerm) want(tk shortToken, k int) string {
	if tk.ascii {
		return st.tokens[k]
	}
	return st.skel[k]
}

// tokenEnds reports whether tk is the term's k-th and last token: as it
// is, with a plural "s" or digits after it ("GPTs", "GPT4o"), or, for a
// term in capitals, with small letters after a change of case ("GPTish").
func (st shortTerm) tokenEnds(tk shortToken, k int) bool {
	last, low := st.want(tk, k), tk.low
	switch {
	case low == last:
		return true
	case st.endsInDigit() || len(low) <= len(last) || !strings.HasPrefix(low, last):
		return false
	}
	next := low[len(last)]
	switch {
	case low == last+"s": // "GPTs", an English plural
		return true
	case '0' <= next && next <= '9':
		return true
	case st.caps && len(tk.written) == len(low):
		// The reading keeps one byte a letter, so written lines up.
		for i := 0; i < len(last); i++ {
			if !isUpper(tk.written[i]) {
				return false
			}
		}
		return isLower(tk.written[len(last)])
	}
	return false
}

// spelledAt reports whether cur ends the term spelled out one letter at a
// time ("G.P.T.", "G P T"): each letter a token of its own, in capitals
// or in the term's case, one separator between each two; and how many
// tokens it spans.
func (st shortTerm) spelledAt(cur shortToken, prev []shortToken) (int, bool) {
	n := len(st.spelled)
	if n == 0 {
		return 0, false
	}
	for k := range n {
		tk := cur
		if k < n-1 {
			tk = prev[len(prev)-(n-1-k)]
		}
		if k > 0 && tk.sep == 0 {
			return 0, false
		}
		c := st.spelled[k]
		if len(tk.written) != 1 || len(tk.low) != 1 || tk.low != st.want(tk, 0)[k:k+1] {
			return 0, false
		}
		if w := tk.written[0]; !isUpper(w) && w != c {
			return 0, false
		}
	}
	return n, true
}
