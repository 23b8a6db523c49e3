// Package textnorm puts a text in the one layout evalpress derives
// everything from: line ends as "\n", no space at the end of a line, no
// blank line at the start or the end, at most one blank line in a row. Two
// files that differ only in layout (Windows line ends, the last section
// ending with one newline and the others with a blank line, a space left
// at a line's end) give the same text, so nothing published can tell them
// apart: not a masked text's last line, not a section's order in its file.
package textnorm

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Text returns s normalised. A text already in the layout, save blank
// lines at its ends, is returned as a part of s, without a copy.
func Text(s string) string {
	s = trimEnds(s)
	if !needsRewrite(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	newlines := 0
	for _, line := range lines(s) {
		line = strings.TrimRightFunc(line, unicode.IsSpace)
		if line == "" {
			newlines++
			continue
		}
		if b.Len() > 0 {
			b.WriteString("\n\n"[:min(newlines+1, 2)])
		}
		b.WriteString(line)
		newlines = 0
	}
	return b.String()
}

// trimEnds drops the blank lines at the start of s and every space at its
// end; the first line's own indentation stays.
func trimEnds(s string) string {
	s = strings.TrimRightFunc(s, unicode.IsSpace)
	for {
		i := strings.IndexAny(s, "\r\n")
		if i < 0 || strings.TrimSpace(s[:i]) != "" {
			return s
		}
		s = s[i+1:]
	}
}

// needsRewrite reports whether s has a carriage return, a space before a
// line end or more than one blank line in a row.
func needsRewrite(s string) bool {
	if strings.IndexByte(s, '\r') >= 0 || strings.Contains(s, "\n\n\n") {
		return true
	}
	for i := 0; i < len(s); i++ {
		if s[i] != '\n' || i == 0 {
			continue
		}
		if r, _ := utf8.DecodeLastRuneInString(s[:i]); r != '\n' && unicode.IsSpace(r) {
			return true
		}
	}
	return false
}

// lines splits s at "\r\n", "\n" and a lone "\r".
func lines(s string) []string {
	return strings.Split(strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n"), "\n")
}
