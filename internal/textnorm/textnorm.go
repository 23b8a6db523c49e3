// Package textnorm puts a text in the one layout evalpress derives
// everything from: line ends as "\n", no space at the end of a line, no
// blank line at the start or the end, at most one blank line in a row. Two
// files that differ only in layout (Windows line ends, the last section
// ending with one newline and the others with a blank line, a space left
// at a line's end) give the same text, so nothing published can tell them
// apart: not a masked text's last line, not a section's order in its file.
package textnorm

import (
	"bytes"
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
	return strings.IndexByte(s, '\r') >= 0 || strings.Contains(s, "\n\n\n") || lineEndsInSpace(s)
}

// Lines returns a file's bytes with the spaces at the end of each line
// removed (a carriage return before a line end among them; the space that
// makes a line of "#"s a heading stays) and nothing else changed, so that
// every line keeps its number: b itself when no line ends in a space. A parser that reads the result indexes texts Text then
// trims without a copy.
func Lines(b []byte) []byte {
	if !lineEndsInSpace(b) {
		return b
	}
	out := make([]byte, 0, len(b))
	for {
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			return append(out, trimLine(b)...)
		}
		out = append(append(out, trimLine(b[:i])...), '\n')
		b = b[i+1:]
	}
}

// trimLine drops the spaces at the end of line, but keeps the space after
// a line's leading "#"s, which makes it a heading ("# " is a heading with
// no name, "#" is text).
func trimLine(line []byte) []byte {
	t := bytes.TrimRightFunc(line, unicode.IsSpace)
	if marks := len(t) - len(bytes.TrimLeft(t, "#")); marks == len(t) && marks > 0 && len(line) > marks && line[marks] == ' ' {
		return line[:marks+1]
	}
	return t
}

// lineEndsInSpace reports whether a line of s ends in a space other than
// its line end: a carriage return, a space, a tab, a no-break space.
func lineEndsInSpace[T string | []byte](s T) bool {
	for at := 0; ; {
		i := index(s[at:], '\n')
		if i < 0 {
			return len(s) > at && spaceBefore(s, len(s))
		}
		if at+i > 0 && spaceBefore(s, at+i) {
			return true
		}
		at += i + 1
	}
}

// index is strings.IndexByte or bytes.IndexByte, as s is.
func index[T string | []byte](s T, c byte) int {
	switch s := any(s).(type) {
	case string:
		return strings.IndexByte(s, c)
	case []byte:
		return bytes.IndexByte(s, c)
	}
	return -1
}

// spaceBefore reports whether the character that ends at i in s, i > 0,
// is a space other than a line end.
func spaceBefore[T string | []byte](s T, i int) bool {
	if c := s[i-1]; c < utf8.RuneSelf {
		return c != '\n' && unicode.IsSpace(rune(c))
	}
	var last [utf8.UTFMax]byte
	n := copy(last[:], s[max(0, i-utf8.UTFMax):i])
	r, _ := utf8.DecodeLastRune(last[:n])
	return unicode.IsSpace(r)
}

// lines splits s at "\r\n", "\n" and a lone "\r".
func lines(s string) []string {
	return strings.Split(strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n"), "\n")
}
