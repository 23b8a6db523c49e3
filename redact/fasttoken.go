package redact

import (
	"strings"

	"golang.org/x/net/html"
)

// The plain reader. x/net/html's Tokenizer reads a byte at a time, and
// copies every attribute; most of a page is text and tags of the plainest
// form. nextPlainToken reads those with strings.IndexByte and gives the
// same token (type, bytes, text, attributes) as the Tokenizer, which
// FuzzPlainTokensMatchTokenizer checks against the Tokenizer itself. It
// starts only where the Tokenizer is in its data state, reads only what it
// knows the Tokenizer reads the same way, and says no to anything else,
// which the Tokenizer then reads (a Tokenizer started at a token's start in
// its data state reads on as one started at the file's start: between
// tokens it carries nothing but whether raw text follows):
//
//   - text: up to the first "<" followed by a letter, "/", "!" or "?" (where
//     the Tokenizer's text ends), or to the end; "\r" and "\r\n" read as
//     "\n" and entities decoded as Text decodes them (html.UnescapeString
//     is the same function);
//   - a start tag: "<", a name of ASCII letters, digits and "-", then
//     attributes, each a name of ASCII letters, digits and "-_.:" with
//     either no value (followed by a space, "/" or ">", and no "=" after
//     spaces) or "=" and a value in single or double quotes, followed by a
//     space, "/" or ">", whose every "&" starts a reference that the
//     Tokenizer decodes in attributes as in text (plainEntities); the tag
//     ends with ">" or "/>";
//   - after the start tag of an element whose content the Tokenizer reads
//     as raw text or RCDATA (script, style, title, textarea, iframe,
//     noembed, noframes, noscript, xmp; never plaintext), that content, if
//     it holds no "<" and the "<" after it starts its end tag (plainRawText);
//     otherwise the start tag is the Tokenizer's too;
//   - an end tag: "</", a name as above, ">";
//   - "<!DOCTYPE" in any case, spaces, and a name of letters, digits and
//     spaces up to ">".
//
// Comments, unquoted attribute values or ones with other "&", stray "<" and
// anything else unusual go to the Tokenizer. A file with a NUL goes to the
// Tokenizer whole.

// nextPlainToken reads the token at doc[at:] into tok and reports whether
// it could.
func nextPlainToken(doc string, at int, tok *token) bool {
	tok.rawEnd = 0
	if doc[at] != '<' {
		end := textEnd(doc, at)
		text := doc[at:end]
		tok.tt, tok.raw, tok.name, tok.attrs = html.TextToken, text, "", tok.attrs[:0]
		if strings.IndexByte(text, '\r') >= 0 {
			text = convertNewlines(text)
		}
		if strings.IndexByte(text, '&') >= 0 {
			text = html.UnescapeString(text)
		}
		tok.text = text
		return true
	}
	if at+2 >= len(doc) {
		return false
	}
	switch c := doc[at+1]; {
	case c == '/':
		return plainEndTag(doc, at, tok)
	case c == '!':
		return plainDoctype(doc, at, tok)
	case isASCIILetter(c):
		return plainStartTag(doc, at, tok)
	}
	return false
}

// plainDoctype reads "<!DOCTYPE" (in any case), spaces, and a name of
// ASCII letters, digits and spaces up to ">" at doc[at:].
func plainDoctype(doc string, at int, tok *token) bool {
	i := at + 2 + len("DOCTYPE")
	if i >= len(doc) || !asciiEqualFold(doc[at+2:i], "doctype") {
		return false
	}
	for i < len(doc) && isHTMLSpace(doc[i]) {
		i++
	}
	start := i
	for i < len(doc) && (plainName[doc[i]] && doc[i] != '-' || doc[i] == ' ') {
		i++
	}
	if i >= len(doc) || doc[i] != '>' {
		return false
	}
	tok.tt, tok.raw, tok.name, tok.text, tok.attrs = html.DoctypeToken, doc[at:i+1], "", doc[start:i], tok.attrs[:0]
	return true
}

// textEnd returns where the text that starts at doc[at:] ends: before the
// first "<" that starts a tag, comment or the like, or at the end.
func textEnd(doc string, at int) int {
	for i := at; ; i++ {
		k := strings.IndexByte(doc[i:], '<')
		if k < 0 {
			return len(doc)
		}
		i += k
		if i+1 < len(doc) {
			if c := doc[i+1]; isASCIILetter(c) || c == '/' || c == '!' || c == '?' {
				return i
			}
		}
	}
}

// plainEndTag reads an end tag "</name>" at doc[at:].
func plainEndTag(doc string, at int, tok *token) bool {
	i := at + 2
	if !isASCIILetter(doc[i]) {
		return false
	}
	for i < len(doc) && plainName[doc[i]] {
		i++
	}
	if i >= len(doc) || doc[i] != '>' {
		return false
	}
	tok.tt, tok.raw, tok.name, tok.text, tok.attrs = html.EndTagToken, doc[at:i+1], doc[at+2:i], "", tok.attrs[:0]
	return true
}

// plainStartTag reads a start tag at doc[at:], which starts "<" and a
// letter.
func plainStartTag(doc string, at int, tok *token) bool {
	i := at + 1
	for i < len(doc) && plainName[doc[i]] {
		i++
	}
	tok.tt, tok.name, tok.text, tok.attrs = html.StartTagToken, doc[at+1:i], "", tok.attrs[:0]
	for {
		if i >= len(doc) {
			return false
		}
		switch c := doc[i]; {
		case c == '>':
			tok.raw = doc[at : i+1]
			return plainRawText(doc, i+1, tok)
		case c == '/':
			if i+1 >= len(doc) || doc[i+1] != '>' {
				return false
			}
			tok.tt, tok.raw = html.SelfClosingTagToken, doc[at:i+2]
			return plainRawText(doc, i+2, tok)
		case !isHTMLSpace(c):
			return false
		}
		// Spaces, then an attribute, or the tag's end.
		for i < len(doc) && isHTMLSpace(doc[i]) {
			i++
		}
		if i >= len(doc) {
			return false
		}
		if c := doc[i]; c == '>' || c == '/' {
			continue
		}
		start := i
		for i < len(doc) && plainAttrName[doc[i]] {
			i++
		}
		if i == start || i >= len(doc) {
			return false
		}
		key, val := doc[start:i], ""
		switch c := doc[i]; {
		case c == '=':
			i++
			if i >= len(doc) || doc[i] != '"' && doc[i] != '\'' {
				return false
			}
			end := strings.IndexByte(doc[i+1:], doc[i])
			if end < 0 {
				return false
			}
			val = doc[i+1 : i+1+end]
			i += end + 2
			if strings.IndexByte(val, '\r') >= 0 {
				val = convertNewlines(val)
			}
			if strings.IndexByte(val, '&') >= 0 {
				if !plainEntities(val) {
					return false
				}
				val = html.UnescapeString(val)
			}
		case isHTMLSpace(c):
			// No value, unless "=" follows the spaces.
			j := i
			for j < len(doc) && isHTMLSpace(doc[j]) {
				j++
			}
			if j < len(doc) && doc[j] == '=' {
				return false
			}
		case c == '/' || c == '>':
		default:
			return false
		}
		if i < len(doc) && !isHTMLSpace(doc[i]) && doc[i] != '/' && doc[i] != '>' {
			return false
		}
		// TagAttr lowercases names, and gives each name once: the first.
		if hasUpper(key) {
			key = strings.ToLower(key)
		}
		seen := false
		for _, a := range tok.attrs {
			seen = seen || a.key == key
		}
		if !seen {
			tok.attrs = append(tok.attrs, attribute{key, val})
		}
	}
}

// plainEntities reports whether every "&" of an attribute value starts a
// numeric character reference or one of &amp; &lt; &gt; &quot; &apos;
// (which html/template writes). The Tokenizer decodes such a value as it
// decodes text (html.UnescapeString): its decoding differs in attribute
// values only for named references that lack a ";" or are not whole names.
func plainEntities(val string) bool {
	for i := strings.IndexByte(val, '&'); i >= 0; {
		rest := val[i+1:]
		if !strings.HasPrefix(rest, "#") && !strings.HasPrefix(rest, "amp;") && !strings.HasPrefix(rest, "lt;") &&
			!strings.HasPrefix(rest, "gt;") && !strings.HasPrefix(rest, "quot;") && !strings.HasPrefix(rest, "apos;") {
			return false
		}
		k := strings.IndexByte(rest, '&')
		if k < 0 {
			break
		}
		i += 1 + k
	}
	return true
}

// plainRawText sets tok.rawEnd for a start tag read up to doc[at:]: where
// the raw text that follows ends, if its name starts raw text (or RCDATA)
// to the Tokenizer; and reports whether that raw text is plain: it holds
// no "<", and the first "<" after it starts its end tag ("</", its name in
// any case, and a space, "/" or ">"). The Tokenizer's raw text, and a
// script's, ends there too.
func plainRawText(doc string, at int, tok *token) bool {
	if !startsRawText(tok.name) {
		return true
	}
	if asciiEqualFold(tok.name, "plaintext") {
		return false // raw text to the end of the file
	}
	k := strings.IndexByte(doc[at:], '<')
	end := at + k + 2 + len(tok.name)
	if k < 0 || end >= len(doc) || doc[at+k+1] != '/' || !asciiEqualFold(doc[at+k+2:end], strings.ToLower(tok.name)) {
		return false
	}
	if c := doc[end]; c != '/' && c != '>' && !isHTMLSpace(c) {
		return false
	}
	tok.rawEnd = at + k
	return true
}

// rawTextToken sets tok to the raw text token raw, the content of an
// element named name, as the Tokenizer reads it: an RCDATA element's
// (title, textarea) with its entities decoded, a raw text element's
// (script, style and the others) as it is.
func rawTextToken(raw, name string, tok *token) {
	text := raw
	if strings.IndexByte(text, '\r') >= 0 {
		text = convertNewlines(text)
	}
	if (asciiEqualFold(name, "title") || asciiEqualFold(name, "textarea")) && strings.IndexByte(text, '&') >= 0 {
		text = html.UnescapeString(text)
	}
	tok.tt, tok.raw, tok.name, tok.text, tok.attrs, tok.rawEnd = html.TextToken, raw, "", text, tok.attrs[:0], 0
}

// startsRawText reports whether a start tag's name (as written) is that of
// an element whose content the Tokenizer reads as raw text or RCDATA.
func startsRawText(name string) bool {
	switch len(name) {
	case 3, 5, 6, 7, 8, 9:
	default:
		return false
	}
	for _, t := range [...]string{"iframe", "noembed", "noframes", "noscript", "plaintext", "script", "style", "textarea", "title", "xmp"} {
		if asciiEqualFold(name, t) {
			return true
		}
	}
	return false
}

// asciiEqualFold reports whether s is t (lower case) with ASCII letters in
// either case, as the Tokenizer compares tag names.
func asciiEqualFold(s, t string) bool {
	if len(s) != len(t) {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != t[i] {
			return false
		}
	}
	return true
}

// convertNewlines reads "\r\n" and "\r" as "\n", as the Tokenizer does.
func convertNewlines(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
}

func isASCIILetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// isHTMLSpace reports whether c is a space to the Tokenizer.
func isHTMLSpace(c byte) bool {
	return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f'
}

var (
	plainName     = newByteSet("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-")
	plainAttrName = newByteSet("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.:")
)
