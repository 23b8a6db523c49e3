package leakscan

import (
	"html"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"
)

// decodeEscapes undoes HTML entities, JSON and JavaScript string escapes and
// URL percent-encoding, repeatedly, so that an escaped term reads as itself.
func decodeEscapes(s string) string {
	for range 3 {
		before := s
		if strings.IndexByte(s, '&') >= 0 {
			s = html.UnescapeString(s)
		}
		if strings.IndexByte(s, '\\') >= 0 {
			s = unescapeJS(s)
		}
		if strings.IndexByte(s, '%') >= 0 {
			s = unescapePercent(s)
		}
		s = strings.ReplaceAll(s, "+", " ")
		if s == before {
			break
		}
	}
	return s
}

// unescapeJS undoes the escapes \uXXXX, \u{X...}, \xXX, \n, \r, \t and a
// backslash before one of "'/\, left to right.
func unescapeJS(s string) string {
	var b strings.Builder
	prev := 0
	for i := 0; i < len(s)-1; i++ {
		if s[i] != '\\' {
			k := strings.IndexByte(s[i:], '\\')
			if k < 0 || i+k+1 >= len(s) {
				break
			}
			i += k
		}
		var decoded string
		size := 2
		switch c := s[i+1]; c {
		case 'u', 'x':
			size = 6
			if c == 'x' {
				size = 4
			}
			if c == 'u' && i+3 < len(s) && s[i+2] == '{' { // \u{1F600}
				end := strings.IndexByte(s[i+3:min(len(s), i+11)], '}')
				if end <= 0 || !isHex(s[i+3:i+3+end]) {
					continue
				}
				n, _ := strconv.ParseUint(s[i+3:i+3+end], 16, 32)
				decoded = string(rune(n))
				size = end + 4
				break
			}
			if i+size > len(s) || !isHex(s[i+2:i+size]) {
				continue
			}
			n, _ := strconv.ParseUint(s[i+2:i+size], 16, 32)
			decoded = string(rune(n))
		case 'n':
			decoded = "\n"
		case 'r':
			decoded = "\r"
		case 't':
			decoded = "\t"
		case '"', '\'', '/', '\\':
			decoded = s[i+1 : i+2]
		default:
			continue
		}
		b.WriteString(s[prev:i])
		b.WriteString(decoded)
		prev = i + size
		i = prev - 1
	}
	if prev == 0 {
		return s
	}
	b.WriteString(s[prev:])
	return b.String()
}

// unescapePercent decodes each stretch of %XX escapes that decodes to valid
// UTF-8, and leaves the others as they are.
func unescapePercent(s string) string {
	var b strings.Builder
	prev := 0
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			k := strings.IndexByte(s[i:], '%')
			if k < 0 {
				break
			}
			i += k
		}
		if i+3 > len(s) || !isHex(s[i+1:i+3]) {
			continue
		}
		end := i + 3
		for end+3 <= len(s) && s[end] == '%' && isHex(s[end+1:end+3]) {
			end += 3
		}
		d, err := url.PathUnescape(s[i:end])
		if err == nil && utf8.ValidString(d) {
			b.WriteString(s[prev:i])
			b.WriteString(d)
			prev = end
		}
		i = end - 1
	}
	if prev == 0 {
		return s
	}
	b.WriteString(s[prev:])
	return b.String()
}

func isHex(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i] | 0x20
		if !('0' <= s[i] && s[i] <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// decodeCSS undoes CSS escapes (a backslash and one to six hex digits,
// with one optional space after, or a backslash and any other character)
// and then the other escapes (decodeEscapes).
func decodeCSS(s string) string { return decodeEscapes(unescapeCSS(s)) }

// unescapeCSS undoes CSS escapes alone: what a browser reads a style
// sheet's URLs as.
func unescapeCSS(s string) string {
	if strings.IndexByte(s, '\\') < 0 {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 >= len(s) {
			b.WriteByte(s[i])
			continue
		}
		j := i + 1
		for j < len(s) && j < i+7 && isHex(s[j:j+1]) {
			j++
		}
		if j == i+1 { // an escaped character stands for itself
			_, size := utf8.DecodeRuneInString(s[j:])
			b.WriteString(s[j : j+size])
			i = j + size - 1
			continue
		}
		n := 0
		for _, c := range []byte(s[i+1 : j]) {
			n = n<<4 | hexValue(c)
		}
		if n == 0 || n > utf8.MaxRune {
			n = utf8.RuneError
		}
		b.WriteRune(rune(n))
		if j < len(s) && (s[j] == ' ' || s[j] == '\t' || s[j] == '\n') {
			j++
		}
		i = j - 1
	}
	return b.String()
}

func hexValue(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case 'a' <= c && c <= 'f':
		return int(c-'a') + 10
	}
	return int(c-'A') + 10
}
