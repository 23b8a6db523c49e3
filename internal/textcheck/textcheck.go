// Package textcheck has small text checks shared by the parsers, the
// golden-file tools and verify: where bytes stop being UTF-8, where a text
// holds a character no text can hold, and where two texts first differ.
package textcheck

import (
	"bytes"
	"strconv"
	"strings"
	"unicode/utf8"
)

// FirstInvalid returns the offset of the first byte of b that is not part of
// a valid UTF-8 sequence, or len(b) when b is valid.
func FirstInvalid(b []byte) int {
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size <= 1 {
			return i
		}
		i += size
	}
	return len(b)
}

// FirstImpossible returns the offset of the first character of s that no
// text can hold, by XML 1.0's definition of a character: a control
// character other than the tab, line feed and carriage return (NUL,
// escape), or U+FFFE and U+FFFF; -1 when there is none. HTML readers turn
// NUL into U+FFFD, so a private term holding one could never match the
// text it hides.
func FirstImpossible(s string) int {
	for i, r := range s {
		if r < 0x20 && r != '\t' && r != '\n' && r != '\r' || r == 0xfffe || r == 0xffff {
			return i
		}
	}
	return -1
}

// FirstDifference describes the first line where want and got differ, or
// returns "" when they are equal.
func FirstDifference(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < max(len(w), len(g)); i++ {
		var a, b string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			b = g[i]
		}
		if a != b {
			return "line " + strconv.Itoa(i+1) + "\n  want: " + strconv.Quote(a) + "\n  got:  " + strconv.Quote(b)
		}
	}
	return ""
}

// FirstDifferingLine returns the line (from 1) of the first byte where a
// and b differ, or 0 when they are equal. When one is a prefix of the
// other, it is the line where the shorter one ends.
func FirstDifferingLine(a, b []byte) int {
	n := min(len(a), len(b))
	i := 0
	for i < n && a[i] == b[i] {
		i++
	}
	if i == n && len(a) == len(b) {
		return 0
	}
	return 1 + bytes.Count(a[:i], []byte("\n"))
}
