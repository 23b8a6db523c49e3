// Package jscompat reproduces the few JavaScript behaviours that the C5
// reference script relies on and that Go does differently by default: string
// case mapping (full Unicode mappings and the Greek final sigma), String.trim
// and the regular-expression class \s, UTF-16 string lengths for padding,
// Number.prototype.toFixed rounding, Math.round, and the order in which
// Object.entries lists property keys.
//
// Every function here is pinned to the Node.js that runs the reference by
// differential tests; the case tables are generated from that Node.js.
package jscompat

//go:generate node gen_tables.mjs

import (
	_ "embed"
	"encoding/binary"
	"math"
	"math/big"
	"math/bits"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

type caseMapping struct{ from, to rune }

type runeRange struct{ lo, hi rune }

func inRanges(table []runeRange, r rune) bool {
	i := sort.Search(len(table), func(i int) bool { return table[i].hi >= r })
	return i < len(table) && table[i].lo <= r
}

// lowerRune returns the one-rune lowercase form of r and true, or the
// multi-rune form and false.
func lowerRune(r rune) (rune, string, bool) {
	if r < utf8.RuneSelf {
		if 'A' <= r && r <= 'Z' {
			r += 'a' - 'A'
		}
		return r, "", true
	}
	if m, ok := lowerMulti[r]; ok {
		return 0, m, false
	}
	i := sort.Search(len(lowerSingle), func(i int) bool { return lowerSingle[i].from >= r })
	if i < len(lowerSingle) && lowerSingle[i].from == r {
		return lowerSingle[i].to, "", true
	}
	return r, "", true
}

const (
	capitalSigma = 'Σ'
	smallSigma   = 'σ'
	finalSigma   = 'ς'
)

// casedNeighbour reports whether, starting next to byte offset i of s and
// moving in direction dir (-1 or +1), a cased letter comes before any
// character that is neither cased nor case-ignorable. Case-ignorable
// characters are skipped first, as ICU does.
func casedNeighbour(s string, i, dir int) bool {
	for {
		var r rune
		var size int
		if dir < 0 {
			if i <= 0 {
				return false
			}
			r, size = utf8.DecodeLastRuneInString(s[:i])
			i -= size
		} else {
			if i >= len(s) {
				return false
			}
			r, size = utf8.DecodeRuneInString(s[i:])
			i += size
		}
		switch {
		case inRanges(caseIgnorable, r):
			continue
		case inRanges(cased, r):
			return true
		default:
			return false
		}
	}
}

// Lower returns s.toLowerCase() as JavaScript computes it.
func Lower(s string) string {
	if isASCII(s) {
		return asciiLower(s)
	}
	out, _ := LowerMapped(s, nil, nil)
	return string(out)
}

// LowerMapped appends s.toLowerCase() to dst and, for every byte appended,
// the byte offset in s of the character it came from to src. The offsets let a
// caller map positions in the lowercase text back to the original. With a nil
// src no offsets are kept.
func LowerMapped(s string, dst []byte, src []int32) ([]byte, []int32) {
	keep := src != nil
	for i := 0; i < len(s); {
		if s[i] < utf8.RuneSelf { // a stretch of ASCII, lowered in bulk
			j := i + 1
			for j < len(s) && s[j] < utf8.RuneSelf {
				j++
			}
			start := len(dst)
			dst = append(dst, s[i:j]...)
			lowerASCII(dst[start:])
			if keep {
				for k := i; k < j; k++ {
					src = append(src, int32(k))
				}
			}
			i = j
			continue
		}
		before := len(dst)
		var size int
		dst, size, _ = lowerChar(s, i, dst)
		if keep {
			for range len(dst) - before {
				src = append(src, int32(i))
			}
		}
		i += size
	}
	return dst, src
}

// lowerChar appends the lowercase of the (non-ASCII) character at s[i:] to
// dst, and returns its size in s and whether its lowercase is one character.
func lowerChar(s string, i int, dst []byte) ([]byte, int, bool) {
	r, size := utf8.DecodeRuneInString(s[i:])
	if r == capitalSigma {
		if casedNeighbour(s, i, -1) && !casedNeighbour(s, i+size, +1) {
			return utf8.AppendRune(dst, finalSigma), size, true
		}
		return utf8.AppendRune(dst, smallSigma), size, true
	}
	one, many, single := lowerRune(r)
	if single {
		return utf8.AppendRune(dst, one), size, true
	}
	return append(dst, many...), size, false
}

// Origin is where a stretch of a lowercase text, from byte Low up to the
// next stretch's, comes from in the original. In a Whole stretch every
// byte comes from the one character at Src (a character whose lowercase is
// longer or shorter, or more than one character). Otherwise the stretch is
// the original from Src on, character for character and byte for byte, and
// each of its bytes comes from the character at the same distance from Src
// as the start of the byte's own character is from Low.
type Origin struct {
	Low, Src int32
	Whole    bool
}

// Origins maps a lowercase text back to the original it was made from, as
// the per-byte offsets of LowerMapped do, with one Origin per change in how
// the bytes map rather than an offset per byte: one in all for a text whose
// characters keep their length when lowercased.
type Origins []Origin

// LowerOrigins is LowerMapped with the offsets kept as Origins: it appends
// s.toLowerCase() to dst and the stretches of dst's new bytes to origins
// (their Low counts from the start of dst).
func LowerOrigins(s string, dst []byte, origins Origins) ([]byte, Origins) {
	for i := 0; i < len(s); {
		before := len(dst)
		size, same := 0, false
		if s[i] < utf8.RuneSelf { // a stretch of ASCII, lowered in bulk
			j := i + 1
			for j < len(s) && s[j] < utf8.RuneSelf {
				j++
			}
			dst = append(dst, s[i:j]...)
			lowerASCII(dst[before:])
			size, same = j-i, true
		} else {
			var single bool
			dst, size, single = lowerChar(s, i, dst)
			same = single && len(dst)-before == size
		}
		origins = origins.add(Origin{Low: int32(before), Src: int32(i), Whole: !same})
		i += size
	}
	return dst, origins
}

// add appends o unless it continues the last stretch.
func (os Origins) add(o Origin) Origins {
	if n := len(os); n > 0 && !o.Whole && !os[n-1].Whole && os[n-1].Src+(o.Low-os[n-1].Low) == o.Src {
		return os
	}
	return append(os, o)
}

// At returns the offset LowerMapped records for byte p of low, the text os
// maps. The stretch *k is where the search starts, and is left at the one
// holding p: positions asked for in increasing order cost O(1) each.
func (os Origins) At(low []byte, p int, k *int) int32 {
	if *k >= len(os) || int(os[*k].Low) > p {
		*k = sort.Search(len(os), func(i int) bool { return int(os[i].Low) > p }) - 1
	}
	for *k+1 < len(os) && int(os[*k+1].Low) <= p {
		*k++
	}
	o := os[*k]
	if o.Whole {
		return o.Src
	}
	for p > int(o.Low) && low[p]&0xC0 == 0x80 { // back to its character's start
		p--
	}
	return o.Src + int32(p) - o.Low
}

// Copy appends to dst the stretches of os that cover bytes [from, to) of the
// text os maps, for a text in which byte from is at newLow; from and to fall
// between characters. The stretch *k is where the search starts, as for At.
func (os Origins) Copy(dst Origins, from, to, newLow int, k *int) Origins {
	if from >= to {
		return dst
	}
	if *k >= len(os) || int(os[*k].Low) > from {
		*k = sort.Search(len(os), func(i int) bool { return int(os[i].Low) > from }) - 1
	}
	for *k+1 < len(os) && int(os[*k+1].Low) <= from {
		*k++
	}
	for i := *k; i < len(os) && int(os[i].Low) < to; i++ {
		o := os[i]
		q := max(int(o.Low), from)
		if !o.Whole {
			o.Src += int32(q) - o.Low
		}
		o.Low = int32(newLow + q - from)
		dst = dst.add(o)
		*k = i
	}
	return dst
}

// lowerASCII lowercases the ASCII letters of b in place, eight bytes at a
// time: for each byte, 0x80 is set where it is at least 'A' and not above
// 'Z', and 0x20 is added there.
func lowerASCII(b []byte) {
	i := 0
	for ; i+8 <= len(b); i += 8 {
		x := binary.LittleEndian.Uint64(b[i:])
		const ones, high = 0x0101010101010101, 0x8080808080808080
		geA := x + ones*(0x80-'A')   // high bit set where byte >= 'A' (bytes are ASCII)
		gtZ := x + ones*(0x80-'Z'-1) // high bit set where byte > 'Z'
		upper := (geA &^ gtZ) & high
		binary.LittleEndian.PutUint64(b[i:], x|upper>>2)
	}
	for ; i < len(b); i++ {
		if c := b[i]; 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

func asciiLower(s string) string {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if 'A' <= b[j] && b[j] <= 'Z' {
					b[j] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}

// IsSpace reports whether r matches the JavaScript regular-expression class
// \s, which is also the set String.prototype.trim removes. It differs from
// unicode.IsSpace: U+FEFF is included, U+0085 is not.
func IsSpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ', 0xA0, 0x1680, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF:
		return true
	}
	return 0x2000 <= r && r <= 0x200A
}

// Trim returns s.trim() as JavaScript computes it.
func Trim(s string) string {
	return strings.TrimFunc(s, IsSpace)
}

// UTF16Len returns the length of s in UTF-16 code units, which is what
// JavaScript's String.length and padding functions count.
func UTF16Len(s string) int {
	n := 0
	for _, r := range s {
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
	}
	return n
}

// PadEnd returns String(s).padEnd(width).
func PadEnd(s string, width int) string {
	if n := UTF16Len(s); n < width {
		return s + strings.Repeat(" ", width-n)
	}
	return s
}

// PadStart returns String(s).padStart(width).
func PadStart(s string, width int) string {
	if n := UTF16Len(s); n < width {
		return strings.Repeat(" ", width-n) + s
	}
	return s
}

// ToFixed returns x.toFixed(digits) for finite x with |x| < 1e21 and
// 0 <= digits <= 100. JavaScript rounds the exact binary value of x and
// breaks exact ties upwards ((0.25).toFixed(1) is "0.3"), where
// strconv.FormatFloat breaks them to even. A value that cannot lie on a tie
// (mayTie), nearly every one, is FormatFloat's, which rounds the exact
// value too; the others are rounded in exact arithmetic (toFixedExact),
// which takes a hundred times longer.
func ToFixed(x float64, digits int) string {
	if math.IsNaN(x) || math.IsInf(x, 0) || math.Abs(x) >= 1e21 {
		return strconv.FormatFloat(x, 'g', -1, 64)
	}
	sign := ""
	if x < 0 { // not -0, which JavaScript prints unsigned
		sign = "-"
	}
	x = math.Abs(x)
	if !mayTie(x, digits) {
		return sign + strconv.FormatFloat(x, 'f', digits, 64)
	}
	return sign + toFixedExact(x, digits)
}

// mayTie reports whether x·10^digits, x >= 0, can lie halfway between two
// integers. With x = m·2^e, m odd, twice that is m·2^(e+1+digits)·5^digits,
// an integer only when e+1+digits >= 0.
func mayTie(x float64, digits int) bool {
	if x == 0 {
		return false
	}
	frac, exp := math.Frexp(x)    // x = frac·2^exp, frac in [0.5, 1)
	m := uint64(frac * (1 << 53)) // exactly: x = m·2^(exp-53)
	return exp-53+bits.TrailingZeros64(m)+1+digits >= 0
}

// toFixedExact is ToFixed of x >= 0 in exact arithmetic.
func toFixedExact(x float64, digits int) string {
	exact := new(big.Float).SetFloat64(x) // exact: a float64 has 53 bits
	scale := new(big.Float).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(digits)), nil))
	scaled := new(big.Float).SetPrec(2048).Mul(exact, scale) // exact product
	n, _ := scaled.Int(nil)                                  // truncates towards zero
	frac := new(big.Float).SetPrec(2048).Sub(scaled, new(big.Float).SetInt(n))
	if frac.Cmp(big.NewFloat(0.5)) >= 0 {
		n.Add(n, big.NewInt(1))
	}
	s := n.String()
	if digits > 0 {
		if len(s) <= digits {
			s = strings.Repeat("0", digits-len(s)+1) + s
		}
		s = s[:len(s)-digits] + "." + s[len(s)-digits:]
	}
	return s
}

// Round returns Math.round(x): the nearest integer, exact halves rounded
// towards positive infinity.
func Round(x float64) float64 {
	r := math.Floor(x)
	if x-r >= 0.5 {
		r++
	}
	return r
}

// ArrayIndex reports whether key is an array index in the JavaScript sense
// (the canonical decimal form of an integer from 0 to 2^32-2) and its value.
// Object.entries lists such keys first, in ascending numeric order.
func ArrayIndex(key string) (uint32, bool) {
	if key == "" || len(key) > 10 || (len(key) > 1 && key[0] == '0') {
		return 0, false
	}
	n, err := strconv.ParseUint(key, 10, 64)
	if err != nil || n > math.MaxUint32-1 {
		return 0, false
	}
	return uint32(n), true
}

// SortByPropertyOrder sorts items, given in insertion order of their keys,
// into the order in which Object.keys and Object.entries list an ordinary
// object's own properties: array indices ascending, then every other key in
// insertion order. The sort is stable and done in place.
func SortByPropertyOrder[T any](items []T, key func(T) string) {
	sort.SliceStable(items, func(i, j int) bool {
		a, aIdx := ArrayIndex(key(items[i]))
		b, bIdx := ArrayIndex(key(items[j]))
		if aIdx && bIdx {
			return a < b
		}
		return aIdx && !bIdx
	})
}

// ObjectPrototypeName reports whether name is a property that every
// JavaScript object inherits. The reference stores headings as properties of
// plain objects, so a heading with one of these names makes it crash or drop
// the heading.
func ObjectPrototypeName(name string) bool {
	switch name {
	case "__proto__", "constructor", "hasOwnProperty", "isPrototypeOf", "propertyIsEnumerable",
		"toLocaleString", "toString", "valueOf", "__defineGetter__", "__defineSetter__",
		"__lookupGetter__", "__lookupSetter__":
		return true
	}
	return false
}

// source is this file, embedded for the method page of a built site.
//
//go:embed jscompat.go
var source string

// Source returns this package's source (the JavaScript semantics the
// measurement relies on).
func Source() string { return source }
