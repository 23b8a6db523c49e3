// Package slug turns a public name into the lower-case, file-name-safe
// form evalpress uses in file names and ids: "Model 1" is "model-1".
package slug

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Make returns s in lower case, its letters and digits kept (of any
// script), every other run of characters one "-", none at either end; "x"
// when nothing is left.
func Make(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if r < utf8.RuneSelf && (('a' <= r && r <= 'z') || ('0' <= r && r <= '9')) || r >= utf8.RuneSelf && isLetterOrDigit(r) {
			b.WriteRune(r)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	out := strings.TrimSuffix(b.String(), "-")
	if out == "" {
		out = "x"
	}
	return out
}

// Unique returns s, or s-2, s-3 ... for its second and later uses, which
// seen counts.
func Unique(seen map[string]int, s string) string {
	seen[s]++
	if n := seen[s]; n > 1 {
		return fmt.Sprintf("%s-%d", s, n)
	}
	return s
}

func isLetterOrDigit(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }
