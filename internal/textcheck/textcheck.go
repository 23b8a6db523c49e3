// Package textcheck has two small text checks shared by the parsers and the
// golden-file tools: where bytes stop being UTF-8, and where two texts
// first differ.
package textcheck

import (
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
