package leakscan

import (
	"encoding/base64"
	"path"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/evalpress/evalpress/matcher"
)

// A script can spell a term in base64 and have the browser decode it:
// document.title = atob("UXVpbGxpb24gMi41IFBybw=="). The scan decodes each
// string literal of a script (a script file, and in a page the other
// strings: script elements, on* attributes, javascript: URLs) that is base64
// of at least minBase64 characters and decodes to text, and reads the
// decoded texts as another view of the file. A literal built up from
// pieces at run time is not followed.

// minBase64 is the fewest characters of a base64 literal that is decoded.
const minBase64 = 8

// isScript reports whether a file is a script a browser runs.
func isScript(name string) bool {
	switch strings.ToLower(path.Ext(name)) {
	case ".js", ".mjs", ".cjs":
		return true
	}
	return false
}

// base64Char reports whether c is in the standard or the URL alphabet.
func base64Char(c byte) bool {
	return 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '+' || c == '/' || c == '-' || c == '_'
}

// withBase64 adds to views, when text (of which the view offsets are
// mapped by spans to src; nil spans: text's own) holds string literals in
// base64 that decode to text, those texts, each alone.
func withBase64(views []scanView, text string, spans []span, src string) []scanView {
	if !strings.ContainsAny(text, "\"'`") {
		return views
	}
	var decoded []byte
	var at []span
	for i := 0; i < len(text); i++ {
		q := text[i]
		if q != '"' && q != '\'' && q != '`' {
			continue
		}
		j := i + 1
		for j < len(text) && base64Char(text[j]) {
			j++
		}
		end := j
		for j < len(text) && j-end < 2 && text[j] == '=' {
			j++
		}
		if j >= len(text) || text[j] != q || end-i-1 < minBase64 {
			i = j - 1 // the literal's closing quote may open the next
			continue
		}
		if t, ok := base64Text(text[i+1 : end]); ok {
			from := i + 1
			if spans != nil {
				from = source(spans, from)
			}
			at = append(at, span{len(decoded), from})
			decoded = append(append(decoded, t...), matcher.HardBreak)
		}
		i = j
	}
	if decoded == nil {
		return views
	}
	if spans == nil {
		src = text
	}
	return append(views, scanView{text: string(decoded), spans: at, src: src, chunked: true, echo: true})
}

// base64Text decodes s, base64 in either alphabet without its padding, and
// reports whether it is text: UTF-8 of printable characters and spaces,
// with a letter.
func base64Text(s string) (string, bool) {
	enc := base64.RawStdEncoding
	if strings.ContainsAny(s, "-_") {
		enc = base64.RawURLEncoding
	}
	b, err := enc.DecodeString(s)
	if err != nil || !utf8.Valid(b) {
		return "", false
	}
	letter := false
	for _, r := range string(b) {
		if !unicode.IsPrint(r) && !unicode.IsSpace(r) {
			return "", false
		}
		letter = letter || unicode.IsLetter(r)
	}
	return string(b), letter
}
