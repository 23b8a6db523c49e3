package leakscan

import (
	"encoding/base64"
	"net/url"
	"slices"
	"strings"

	"github.com/evalpress/evalpress/matcher"
)

// A page or style sheet can carry a whole file in a data: URL: an image in
// an <img src="data:image/png;base64,...">, an SVG in a CSS url(), a page
// in an <iframe src="data:text/html,...">. The browser shows it as it
// would the file, so the scan decodes it and reads it as a file of its
// kind: a page, an SVG, a style sheet or a text is scanned as one (and may
// embed further files), and a kind the scan cannot read (an image, a font)
// is refused as the same file on its own would be. A leak inside is named
// at the line of the page where the URL starts.

// embedded is a file embedded as a data: URL.
type embedded struct {
	url string // from "data:" to the URL's end
	src int    // where it starts in the file, approximately
}

// addEmbedded records the data: URLs of value, an attribute value or a
// style sheet's text with its CSS escapes undone, which starts at src: a
// URL's percent escapes are its payload's, undone when it is decoded.
func (v *markupViews) addEmbedded(value string, src int) {
	v.embeds = appendDataURLs(v.embeds, value, src)
}

// appendDataURLs appends the data: URLs of text, which starts at src.
func appendDataURLs(out []embedded, text string, src int) []embedded {
	for i := 0; i+len("data:") <= len(text); {
		k := indexFold(text[i:], "data:")
		if k < 0 {
			break
		}
		at := i + k
		end := at + len("data:")
		for end < len(text) && !strings.ContainsRune("\"'()<> \t\r\n", rune(text[end])) {
			end++
		}
		if at == 0 || !wordByte(text[at-1]) { // "metadata:" is no URL
			out = append(out, embedded{url: text[at:end], src: src + at})
		}
		i = end
	}
	return out
}

// indexFold is strings.Index of an ASCII lower-case needle, in any case.
func indexFold(s, needle string) int {
	for i := 0; i+len(needle) <= len(s); i++ {
		if asciiEqualFold(s[i:i+len(needle)], needle) {
			return i
		}
	}
	return -1
}

// decodeDataURL returns the bytes a data: URL holds and a file name whose
// extension is their kind, "" for a kind the scan does not read as text
// (an image, a font, any binary). ok is false when u is no data: URL (no
// comma: "data: 5 cells").
func decodeDataURL(u string) (data []byte, name string, ok bool) {
	meta, payload, ok := strings.Cut(u[len("data:"):], ",")
	if !ok {
		return nil, "", false
	}
	params := strings.Split(meta, ";")
	b64 := false
	for _, p := range params[1:] {
		b64 = b64 || strings.EqualFold(strings.TrimSpace(p), "base64")
	}
	if s, err := url.PathUnescape(payload); err == nil {
		payload = s
	}
	data = []byte(payload)
	if b64 {
		clean := strings.Map(func(r rune) rune {
			if r == ' ' || r == '\t' || r == '\r' || r == '\n' || r == '=' {
				return -1
			}
			return r
		}, payload)
		enc := base64.RawStdEncoding
		if strings.ContainsAny(clean, "-_") {
			enc = base64.RawURLEncoding
		}
		d, err := enc.DecodeString(clean)
		if err != nil {
			return nil, "", true // undecodable: unreadable
		}
		data = d
	}
	return data, embeddedName(strings.ToLower(strings.TrimSpace(params[0]))), true
}

// embeddedName names a file of the media type, by its extension: "" for a
// type the scan does not read as text. A data: URL without one is text.
func embeddedName(media string) string {
	switch media {
	case "", "text/plain":
		return "embedded.txt"
	case "image/svg+xml":
		return "embedded.svg"
	case "text/html":
		return "embedded.html"
	case "application/xhtml+xml":
		return "embedded.xhtml"
	case "text/xml", "application/xml":
		return "embedded.xml"
	case "text/css":
		return "embedded.css"
	case "text/javascript", "application/javascript", "application/ecmascript", "text/ecmascript":
		return "embedded.js"
	case "application/json":
		return "embedded.json"
	case "text/csv":
		return "embedded.csv"
	case "text/markdown":
		return "embedded.md"
	}
	if strings.HasPrefix(media, "text/") {
		return "embedded.txt"
	}
	return ""
}

// scanEmbedded scans the files embedded as data: URLs in a file: in a
// page's attribute values and style sheets (read into mv), in a style
// sheet file's text, or in a markdown document's links.
func (s *Scanner) scanEmbedded(name, text string, mv *markupViews) []Leak {
	embeds := mv.embeds
	switch {
	case isStyle(name):
		embeds = appendDataURLs(nil, unescapeCSS(text), 0)
	case isMarkdown(name):
		// A markdown image or link: ![x](data:image/png;base64,...).
		embeds = appendDataURLs(slices.Clone(embeds), text, 0)
	}
	if len(embeds) == 0 {
		return nil
	}
	embeds = append([]embedded(nil), embeds...) // mv is read again below
	var leaks []Leak
	for _, e := range embeds {
		line, _ := lineCol(text, min(e.src, len(text)))
		data, kind, ok := decodeDataURL(e.url)
		if !ok {
			continue
		}
		var inner []Leak
		if kind != "" {
			inner = s.scanViews(kind, data, new(markupViews), new(matcher.QuickText))
		} else {
			inner = []Leak{{File: kind, Unreadable: true}}
		}
		for _, l := range inner {
			if l.Unreadable {
				leaks = append(leaks, s.refuse(Leak{File: name, Line: line, Unreadable: true,
					What: "a file embedded as a data: URL that the leak scan cannot read (an image, a font, a binary, or one that draws text out of order); put it in a file of its own beside this one, where the scan reads or refuses it"})...)
				continue
			}
			leaks = append(leaks, Leak{File: name, Line: line, Column: 1, What: l.What + " (in a file embedded as a data: URL)"})
		}
	}
	return leaks
}
