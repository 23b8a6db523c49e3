package criteria

import (
	"math/bits"
	"unicode"
	"unicode/utf8"
)

// CountWords returns the number of whitespace-separated words of text as
// written: G1's length. Mandated phrases count (they are spoken).
//
// A measurement counts every section's words, and a character at a time
// this took a twentieth of evalpress measure's CPU. So ASCII is read eight
// bytes at a time (asciiWordStarts), and only other characters are decoded
// (unicode.IsSpace).
func CountWords(text string) int {
	n := 0
	afterSpace := true // the start of text counts as after a space
	for i := 0; i < len(text); {
		ascii := len(text) - i // the ASCII bytes from i, up to eight
		if ascii >= 8 {
			chunk := load64(text[i : i+8])
			high := chunk & highBits
			if high == 0 {
				starts, lastSpace := asciiWordStarts(chunk, afterSpace)
				n += starts
				afterSpace = lastSpace
				i += 8
				continue
			}
			ascii = bits.TrailingZeros64(high) / 8
		}
		for end := i + ascii; i < end && text[i] < utf8.RuneSelf; i++ {
			space := asciiSpace[text[i]]
			if !space && afterSpace {
				n++
			}
			afterSpace = space
		}
		if i < len(text) && text[i] >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(text[i:])
			space := unicode.IsSpace(r)
			if !space && afterSpace {
				n++
			}
			afterSpace = space
			i += size
		}
	}
	return n
}

// asciiSpace marks the ASCII characters unicode.IsSpace reports as space.
var asciiSpace = [utf8.RuneSelf]bool{'\t': true, '\n': true, '\v': true, '\f': true, '\r': true, ' ': true}

const (
	highBits = 0x8080808080808080 // the high bit of each byte
	lowBits  = 0x7f7f7f7f7f7f7f7f
	ones     = 0x0101010101010101
)

// asciiWordStarts counts the words that start in eight ASCII bytes (the
// first byte of chunk is the lowest): the bytes that are not space and
// follow a space, the byte before the first being one when afterSpace. It
// also reports whether the last byte is a space. The spaces are those of
// asciiSpace: ' ' and '\t' to '\r'.
func asciiWordStarts(chunk uint64, afterSpace bool) (int, bool) {
	// blank has a byte's high bit set where the byte is ' ': where
	// chunk^' ' is zero. Its bytes are ASCII, so adding 0x7f to each
	// carries into no other and sets the high bit of all but the zeros.
	x := chunk ^ (' ' * ones)
	blank := ^(x + lowBits) & highBits
	// control has it set where '\t' <= byte <= '\r': byte|0x80 minus 9
	// keeps its high bit when byte >= 9, and 0x8d minus byte has it when
	// byte <= 0x0d; neither borrows from the next byte for ASCII.
	control := ((chunk | highBits) - 9*ones) & ((0x8d * ones) - chunk) & highBits
	space := blank | control
	before := space << 8 // each byte's predecessor's flag
	if afterSpace {
		before |= 0x80
	}
	starts := ^space & before & highBits
	return bits.OnesCount64(starts), space>>63 != 0
}

// load64 reads eight bytes of s, the first as the lowest (one load: the
// compiler combines the shifts).
func load64(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}
