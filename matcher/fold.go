package matcher

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"github.com/evalpress/evalpress/matcher/confusables"
	"golang.org/x/text/unicode/norm"
)

// How a character reads, for matching what a reader would recognise. Each
// character folds to the lowercase letters and digits a reader takes it
// for, to nothing that joins the letters either side (combining marks and
// characters a renderer shows as nothing), or to nothing that separates
// words (spaces, punctuation, footnote marks).

// foldRune returns the folded letters and digits of r: its compatibility
// decomposition without combining marks, lowercased, with every letter a
// reader could take for an ASCII letter (Unicode's confusable skeletons,
// UTS #39, and the small capitals) read as that letter, and ASCII letters
// and digits folded by asciiFold.
func foldRune(r rune) string {
	if r < utf8.RuneSelf {
		if c := asciiFold[r]; c != 0 {
			return string(rune(c))
		}
		return ""
	}
	if isTagAlnum(r) {
		return string(rune(asciiFold[r-tagBase]))
	}
	if joinsWord(r) || isSuperOrSubscript(r) {
		return ""
	}
	if c, ok := enclosedLetter(r); ok {
		return string(rune(asciiFold[c]))
	}
	if d, ok := digitsOf(r); ok {
		return foldASCII(d)
	}
	var b strings.Builder
	for _, d := range norm.NFKD.String(string(r)) {
		if unicode.Is(unicode.Mn, d) || !(unicode.IsLetter(d) || unicode.IsDigit(d)) {
			continue
		}
		b.WriteString(readAs(unicode.ToLower(d)))
	}
	out := []byte(b.String())
	for k, c := range out {
		if c < utf8.RuneSelf && asciiFold[c] != 0 {
			out[k] = asciiFold[c]
		}
	}
	return string(out)
}

// tagBase is the offset of the Unicode tag characters from the ASCII ones
// they stand for (U+E0041 TAG LATIN CAPITAL LETTER A is "A").
const tagBase = 0xE0000

// isTagAlnum reports whether r is a tag character standing for an ASCII
// letter or digit.
func isTagAlnum(r rune) bool {
	return tagBase <= r && r < tagBase+utf8.RuneSelf && asciiAlnum[r-tagBase]
}

// leetDigits maps the digits written for letters inside a word ("Cl4ude",
// "G3mini", "Op3nAI") to the letters they stand for; 0 and 1 fold to o and
// l in every reading (asciiFold).
var leetDigits = [256]byte{'3': 'e', '4': 'a', '5': 's', '6': 'g', '7': 't', '8': 'b', '9': 'g'}

// leetAt reports whether the folded byte at i of s, whose word starts are
// start, is a digit standing for a letter: inside a word, between letters,
// or ending a word after two letters ("Claud3").
func leetAt(s string, start []bool, i int) bool {
	if leetDigits[s[i]] == 0 || i == 0 || start[i] || !isLower(s[i-1]) {
		return false
	}
	if i+1 < len(s) && !start[i+1] {
		return isLower(s[i+1])
	}
	return i >= 2 && !start[i-1] && isLower(s[i-2])
}

// leetReading returns f read with its digits that stand for letters as
// those letters, sharing f's offsets and word starts, and whether f has
// such a digit: a second reading, as of superscript digits.
func leetReading(f *folded) (*folded, bool) {
	var b []byte
	for i := 0; i < len(f.s); i++ {
		if leetAt(f.s, f.start, i) {
			if b == nil {
				b = []byte(f.s)
			}
			b[i] = leetDigits[f.s[i]]
		}
	}
	if b == nil {
		return nil, false
	}
	return &folded{s: string(b), src: f.src, start: f.start}, true
}

// foldASCII folds a string of ASCII letters and digits by asciiFold.
func foldASCII(s string) string {
	b := []byte(s)
	for k, c := range b {
		b[k] = asciiFold[c]
	}
	return string(b)
}

// digitsOf returns the digits a reader reads in r when r is a digit in
// another form that no compatibility decomposition gives as one: a circled
// digit of the dingbats (➄, ❺), a vulgar fraction read as the decimals it
// stands for after a number ("2½" is "2.5", so ½ reads "5"), or a letter
// drawn as a digit (Ƽ, whose confusable skeleton is 5).
func digitsOf(r rune) (string, bool) {
	switch {
	case 0x2776 <= r && r <= 0x2793: // dingbat negative and sans-serif circled 1..10, three times
		return strconv.Itoa(int(r-0x2776)%10 + 1), true
	case 0x24EB <= r && r <= 0x24F4: // negative circled 11..20
		return strconv.Itoa(int(r-0x24EB) + 11), true
	case 0x24F5 <= r && r <= 0x24FE: // double circled 1..10
		return strconv.Itoa(int(r-0x24F5) + 1), true
	case r == 0x24FF || r == 0x1F10B || r == 0x1F10C: // negative circled and dingbat circled zero
		return "0", true
	}
	if d, ok := fractionDecimals(r); ok {
		return d, true
	}
	if unicode.IsLetter(r) {
		if sk := confusables.Skeleton(string(r)); len(sk) == 1 && '0' <= sk[0] && sk[0] <= '9' {
			return sk, true
		}
	}
	return "", false
}

// fractionDecimals returns, for a vulgar fraction whose decimal expansion
// ends (½, ¼, ⅜, ⅒), the digits after its decimal point: the fraction after
// a number reads as that number's decimals. Other fractions (⅓) are read by
// their decomposition.
func fractionDecimals(r rune) (string, bool) {
	num, den, ok := strings.Cut(norm.NFKD.String(string(r)), "\u2044")
	if !ok {
		return "", false
	}
	n, err1 := strconv.Atoi(num)
	d, err2 := strconv.Atoi(den)
	if err1 != nil || err2 != nil || d == 0 || n <= 0 || n >= d {
		return "", false
	}
	// n/d ends when d has no prime factor but 2 and 5; its decimals are
	// n * 10^k / d for the smallest such k.
	for k, scale := 1, 10; k <= 6; k, scale = k+1, scale*10 {
		if n*scale%d == 0 {
			return fmt.Sprintf("%0*d", k, n*scale/d), true
		}
	}
	return "", false
}

// asciiFold folds each ASCII letter and digit, and nothing else: lowercased,
// and read as the letter it looks like where two are drawn alike in the
// sans-serif fonts pages are read in. A capital I is a lowercase l there
// ("HarbourIine"), as is a 1; a 0 is an o ("9OOO"). Lowercasing first
// makes i, I, l and 1 one letter, and o, O and 0 another: a reader told
// them apart by case, the matcher does not, and a term matches every
// spelling a reader could take for it (failing closed). m and rn stay
// apart, as a reader keeps them.
var asciiFold = func() (t [utf8.RuneSelf]byte) {
	for c := byte('0'); c <= '9'; c++ {
		t[c] = c
	}
	for c := byte('a'); c <= 'z'; c++ {
		t[c], t[c-'a'+'A'] = c, c
	}
	for _, c := range []byte("iIl1") {
		t[c] = 'l'
	}
	t['0'], t['O'], t['o'] = 'o', 'o', 'o'
	return t
}()

// readAs returns what a reader takes the lowercase letter or digit d for.
func readAs(d rune) string {
	if d < utf8.RuneSelf {
		return string(d)
	}
	if s, ok := smallCapitals[d]; ok {
		return s
	}
	skeleton := confusables.Skeleton(string(d))
	if skeleton == "rn" { // the prototype of every m look-alike
		return "m"
	}
	var b strings.Builder
	for _, e := range norm.NFKD.String(skeleton) {
		if unicode.Is(unicode.Mn, e) || !(unicode.IsLetter(e) || unicode.IsDigit(e)) {
			continue
		}
		e = unicode.ToLower(e)
		if s, ok := smallCapitals[e]; ok {
			b.WriteString(s)
		} else {
			b.WriteRune(e)
		}
	}
	return b.String()
}

// smallCapitals maps the small capital letters, and the prototypes UTS #39
// gives them, to the lowercase letters a reader takes them for: the
// confusables data keeps them apart from lowercase ASCII.
var smallCapitals = map[rune]string{
	'ᴀ': "a", 'ʙ': "b", 'ᴃ': "b", 'ᴄ': "c", 'ᴅ': "d", 'ᴆ': "d", 'ᴇ': "e",
	'ꜰ': "f", 'ɢ': "g", 'ʜ': "h", 'ɪ': "i", 'ᴊ': "j", 'ᴋ': "k", 'ĸ': "k",
	'ʟ': "l", 'ᴌ': "l", 'ᴍ': "m", 'ʍ': "m", 'ɴ': "n", 'ᴎ': "n", 'ᴏ': "o",
	'ᴘ': "p", 'ꞯ': "q", 'ʀ': "r", 'ʁ': "r", 'ᴙ': "r", 'ᴚ': "r", 'ꜱ': "s",
	'ᴛ': "t", 'ᴜ': "u", 'ᴠ': "v", 'ᴡ': "w", 'ʏ': "y", 'ᴢ': "z",
	'ᴁ': "ae", 'ɶ': "oe",
}

// joinsWord reports whether r adds nothing to a word and does not end it: a
// combining mark, a default-ignorable code point (zero-width characters,
// the soft hyphen, variation selectors, bidirectional controls, tags) or a
// letter a renderer shows as nothing (the Hangul fillers).
func joinsWord(r rune) bool {
	return unicode.Is(unicode.Mn, r) || unicode.Is(invisible, r)
}

// invisible holds Unicode's Default_Ignorable_Code_Point characters
// (DerivedCoreProperties.txt) and the blank letters renderers draw as
// nothing or as a space.
var invisible = &unicode.RangeTable{
	R16: []unicode.Range16{
		{Lo: 0x00AD, Hi: 0x00AD, Stride: 1},
		{Lo: 0x034F, Hi: 0x034F, Stride: 1},
		{Lo: 0x061C, Hi: 0x061C, Stride: 1},
		{Lo: 0x115F, Hi: 0x1160, Stride: 1},
		{Lo: 0x17B4, Hi: 0x17B5, Stride: 1},
		{Lo: 0x180B, Hi: 0x180F, Stride: 1},
		{Lo: 0x200B, Hi: 0x200F, Stride: 1},
		{Lo: 0x202A, Hi: 0x202E, Stride: 1},
		{Lo: 0x2060, Hi: 0x206F, Stride: 1},
		{Lo: 0x2800, Hi: 0x2800, Stride: 1}, // braille blank
		{Lo: 0x3164, Hi: 0x3164, Stride: 1},
		{Lo: 0xFE00, Hi: 0xFE0F, Stride: 1},
		{Lo: 0xFEFF, Hi: 0xFEFF, Stride: 1},
		{Lo: 0xFFA0, Hi: 0xFFA0, Stride: 1},
		{Lo: 0xFFF0, Hi: 0xFFF8, Stride: 1},
	},
	R32: []unicode.Range32{
		{Lo: 0x1BCA0, Hi: 0x1BCA3, Stride: 1},
		{Lo: 0x1D173, Hi: 0x1D17A, Stride: 1},
		{Lo: 0xE0000, Hi: 0xE0FFF, Stride: 1},
	},
}

// isSuperOrSubscript reports whether r is a superscript or subscript digit
// or sign, as footnote marks are written: a reader reads past it, so it
// separates words rather than joining its digit to them. The superscript
// and subscript letters of the same block (ⁱ, ⁿ, ₐ ... ₜ) are letters a
// reader reads as part of the word, as the modifier letters (ᴴ, ᵃ) are.
func isSuperOrSubscript(r rune) bool {
	return r == '¹' || r == '²' || r == '³' || 0x2070 <= r && r <= 0x209F && !unicode.IsLetter(r)
}

// FootnoteRef returns the length of the markdown footnote reference
// ("[^label]") text starts with, or 0: a reader sees a mark, not the label.
func FootnoteRef(text string) int {
	if len(text) < 4 || text[0] != '[' || text[1] != '^' {
		return 0
	}
	for i := 2; i < len(text) && i < 66; i++ {
		switch text[i] {
		case ']':
			if i == 2 {
				return 0
			}
			return i + 1
		case ' ', '\t', '\n', '\r', '[', '<', '>':
			return 0
		}
	}
	return 0
}

// enclosedLetter returns the capital letter drawn in r when r is one of the
// letters in a shape that have no compatibility decomposition: the negative
// circled and negative squared capitals (🅐, 🅷), read as their letters, and
// the regional indicator symbols (🇭), drawn as boxed letters where no flag
// pairs them.
func enclosedLetter(r rune) (byte, bool) {
	for _, first := range []rune{0x1F150, 0x1F170, 0x1F1E6} {
		if first <= r && r < first+26 {
			return byte('A' + r - first), true
		}
	}
	return 0, false
}

// folded is a text reduced to its letters and digits, folded, with for each
// byte the offset of the original rune it came from and whether it starts a
// word of the original. sup: the text has a superscript or subscript digit,
// which a reader may read as a footnote mark (a gap) or as a digit, or a tag
// character, drawn as nothing or read as its letter (reading); bars:
// it has a letter drawn as punctuation, which a short term may hold ("ІВМ",
// Cyrillic І drawn as a bar).
type folded struct {
	buf   []byte
	s     string
	src   []int32
	start []bool
	sup   bool
	bars  bool
}

// How a character takes part in a word (kindOf).
const (
	kindGap    uint8 = iota // separates words: spaces, punctuation
	kindMark                // joins the letters either side, adds none
	kindLetter              // letters or digits that fold to ASCII
	kindOther               // letters that fold to other letters
	// kindSup is a superscript or subscript digit: a gap (a footnote
	// mark) in one reading, a digit in the other.
	kindSup
)

// kindPunct is set on a letter a reader takes for punctuation (ǀ, drawn
// as |): a word ends on either side of it, while it still folds to the
// letter it may also be taken for.
const kindPunct uint8 = 0x80

// kindSyllable is set on a letter of a script written without spaces
// between words (Han, Hiragana, Katakana, Hangul): each such letter may
// start a word, so that a name is found inside a sentence ("我用克劳德").
const kindSyllable uint8 = 0x40

// kindFlags are the flags a kind may carry beside its value.
const kindFlags = kindPunct | kindSyllable

// kindTag is the kind of a Unicode tag character that stands for an ASCII
// letter or digit (U+E0041 for "A"): drawn as nothing, read as its letter
// by any tool that copies the text, and a word of its own where it meets
// the visible letters.
const kindTag uint8 = 5

// kindOfRune returns how r takes part in a word. A word is a run of
// letters of one kind: a reader sees where a run of Latin letters meets
// one of another script ("的Claude", "ーOpus", "ʿClaude") as the end of a
// word, as at a space.
func kindOfRune(r rune) uint8 {
	out := foldRune(r)
	switch {
	case isSuperOrSubscriptDigit(r):
		return kindSup
	case isTagAlnum(r):
		return kindTag
	case out == "" && joinsWord(r):
		return kindMark
	case out == "":
		return kindGap
	case out[0] >= utf8.RuneSelf && unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul):
		return kindOther | kindSyllable
	case out[0] >= utf8.RuneSelf:
		return kindOther
	case r >= utf8.RuneSelf && unicode.IsLetter(r) && punctuationSkeletons[confusables.Skeleton(string(r))]:
		return kindLetter | kindPunct
	}
	return kindLetter
}

// punctuationSkeletons are the confusable skeletons of the ASCII
// punctuation and symbols: a letter with one of them is drawn as
// punctuation ("ǀ" as "|", "ǃ" as "!").
var punctuationSkeletons = func() map[string]bool {
	m := map[string]bool{}
	for c := rune('!'); c <= '~'; c++ {
		if !unicode.IsLetter(c) && !unicode.IsDigit(c) {
			m[confusables.Skeleton(string(c))] = true
			m[confusables.Skeleton(string(c)+string(c))] = true // "ǁ" is "||"
		}
	}
	return m
}()

// isSuperOrSubscriptDigit reports whether r is a superscript or subscript
// digit.
func isSuperOrSubscriptDigit(r rune) bool {
	return r == '¹' || r == '²' || r == '³' || 0x2070 <= r && r <= 0x2079 && r != 0x2071 && r != 0x2072 && r != 0x2073 || 0x2080 <= r && r <= 0x2089
}

// supDigit returns the digit a superscript or subscript digit stands for,
// folded.
func supDigit(r rune) string {
	switch r {
	case '¹':
		return string(asciiFold['1'])
	case '²':
		return "2"
	case '³':
		return "3"
	}
	if r >= 0x2080 {
		return string(asciiFold['0'+byte(r-0x2080)])
	}
	return string(asciiFold['0'+byte(r-0x2070)])
}

// foldBlocks holds foldRune and kindOfRune for the Basic Multilingual Plane
// in blocks of 256 code points, each computed the first time a text has
// one of its characters: folding is then a table lookup per character, and
// a build pays only for the blocks its texts use.
var foldBlocks [0x10000 / 256]atomic.Pointer[foldBlock]

type foldBlock struct {
	fold [256]string
	kind [256]uint8
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
		b.kind[i] = kindOfRune(c)
	}
	slot.CompareAndSwap(nil, b) // another goroutine's equal block may win
	return slot.Load()
}

// runeOf returns r's fold and kind.
func runeOf(r rune) (string, uint8) {
	if r < 0x10000 {
		b := blockOf(r)
		return b.fold[r&0xFF], b.kind[r&0xFF]
	}
	if v, ok := astralFolds.Load(r); ok {
		a := v.(astral)
		return a.fold, a.kind
	}
	a := astral{foldRune(r), kindOfRune(r)}
	astralFolds.Store(r, a)
	return a.fold, a.kind
}

func foldOf(r rune) string {
	s, _ := runeOf(r)
	return s
}

// astralFolds caches foldRune and kindOfRune beyond the Basic Multilingual
// Plane (mathematical letters, tags): rare, but each costs a decomposition.
var astralFolds sync.Map

type astral struct {
	fold string
	kind uint8
}

// isMark reports whether r joins a word without adding letters: a combining
// mark or a character a renderer shows as nothing (joinsWord).
func isMark(r rune) bool {
	_, k := runeOf(r)
	return k == kindMark
}

// reading returns the fold and kind of r in the reading digits: with
// digits, a superscript or subscript digit is a digit, else a gap; with
// digits, a tag character is drawn as nothing (a reader sees the word
// around it), else the letter it stands for (a tool that copies the text
// reads it). A text with either is read both ways (folded.sup).
func reading(r rune, digits bool) (string, uint8) {
	out, k := runeOf(r)
	switch {
	case k == kindSup && digits:
		return supDigit(r), kindLetter
	case k == kindSup:
		return "", kindGap
	case k == kindTag && digits:
		return "", kindMark
	}
	return out, k
}

// foldPool recycles the buffers of folded texts: the leak scan folds every
// written file twice.
var foldPool = sync.Pool{New: func() any { return new(folded) }}

// release returns f's buffers to the pool; f must not be used afterwards.
// A large text's buffers go with it, not kept for small ones.
func (f *folded) release() {
	if cap(f.src) <= largeText {
		foldPool.Put(f)
	}
}

// fold folds text: with digits, its superscript and subscript digits read
// as digits, else as gaps.
func fold(text string, digits bool) *folded {
	f := foldPool.Get().(*folded)
	f.src, f.start, f.sup, f.bars = f.src[:0], f.start[:0], false, false
	b := f.buf[:0]
	inWord := false
	kind := kindLetter // of the word's letters
	for i := 0; i < len(text); {
		c := text[i]
		if c < utf8.RuneSelf {
			if a := asciiFold[c]; a != 0 {
				b = append(b, a)
				f.src = append(f.src, int32(i))
				f.start = append(f.start, !inWord || kind != kindLetter)
				inWord, kind = true, kindLetter
				i++
				continue
			}
			size := 1
			if c == '[' {
				if n := FootnoteRef(text[i:]); n > 0 {
					size = n // a footnote mark reads as a gap
				}
			}
			if c == HardBreak { // no term spans it; it ends a word
				b = append(b, HardBreak)
				f.src = append(f.src, int32(i))
				f.start = append(f.start, true)
			}
			inWord = false
			i += size
			continue
		}
		r, size := utf8.DecodeRuneInString(text[i:])
		out, k := runeOf(r)
		if k == kindSup || k == kindTag {
			f.sup = true
			out, k = reading(r, digits)
		}
		switch k &^ kindFlags {
		case kindMark:
			// Combining marks continue a word without adding letters.
			i += size
			continue
		case kindGap:
			inWord = false
			i += size
			continue
		}
		f.bars = f.bars || k&kindPunct != 0
		wordKind := k &^ kindFlags
		for j := 0; j < len(out); j++ {
			b = append(b, out[j])
			f.src = append(f.src, int32(i))
			f.start = append(f.start, j == 0 && (!inWord || kind != wordKind || k&kindFlags != 0))
		}
		inWord, kind = k&kindPunct == 0, wordKind
		i += size
	}
	f.buf = b
	f.s = unsafe.String(unsafe.SliceData(b), len(b)) // valid until release
	return f
}
