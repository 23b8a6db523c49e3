package redact

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Slug turns a public name into a lowercase file-name-safe form.
func Slug(s string) string {
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

func uniqueSlug(seen map[string]int, s string) string {
	seen[s]++
	if n := seen[s]; n > 1 {
		return fmt.Sprintf("%s-%d", s, n)
	}
	return s
}

func isLetterOrDigit(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }
