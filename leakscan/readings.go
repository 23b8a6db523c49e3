package leakscan

import (
	"bytes"
	"encoding/binary"
	"path"
	"slices"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"

	"golang.org/x/text/encoding/charmap"

	"github.com/evalpress/evalpress/matcher"
)

// How the scan reads a file: as a reader's tools read it. A text file
// (markdown, JSON, CSV, plain text, scripts, style sheets) is read as text,
// UTF-16 when it starts with its byte-order mark, with its escapes undone.
// An HTML or SVG file is parsed by an HTML tokenizer into what a reader
// sees and what a reader's tools show: its text (every text node, decoded
// once, joined as the browser joins them), and its other strings (attribute
// values, comments, script and style contents, each decoded as its kind is);
// for pages with superscripts or subscripts, the text without them too
// (footnote marks), and the whole file with its escapes undone. A file the
// scan cannot read as text (compressed, a binary container, an image) is
// refused unless the author lists it (publish.unscanned).

// scanView is one way of reading a file.
type scanView struct {
	text string
	// whole: a term must end at a word's end (the raw markup, whose tag
	// and attribute names would start false alarms).
	whole bool
	// termsOnly: no passage is looked for (the text without footnote marks).
	termsOnly bool
	// chunked: strings that stand alone (matcher.HardBreak), which no term or
	// passage spans.
	chunked bool
	// echo: another view decoded further, whose offsets are approximate:
	// it reports only terms, and passages, that no other view found.
	echo bool
	// spans map the view's offsets to the file's (src); nil: the view's
	// own offsets are reported.
	spans []span
	src   string
	// reversed: another view's text, character by character from its end
	// (see withReversed); its offsets count from the end.
	reversed bool
}

// location returns the line and column of a view offset.
func (v *scanView) location(offset int) (int, int) {
	if v.reversed {
		offset = max(len(v.text)-offset-1, 0)
	}
	if v.spans == nil {
		return lineCol(v.text, min(offset, len(v.text)))
	}
	return lineCol(v.src, min(source(v.spans, offset), len(v.src)))
}

// viewsOf returns the views of a readable file's text (readText); mv holds
// the markup views' texts until it is reset.
func viewsOf(name, text string, mv *markupViews) []scanView {
	views := viewsOfUTF8(name, text, mv)
	// Bytes that are not UTF-8: a browser reads a file without a
	// declared encoding as Windows-1252 ("M\xe9dia" shows as "Média"),
	// one that declares UTF-8 with replacement characters.
	if !(isMarkup(name) && declaresUTF8(text)) && !utf8.ValidString(text) {
		if legacy, err := charmap.Windows1252.NewDecoder().String(text); err == nil {
			for _, v := range viewsOfUTF8(name, legacy, new(markupViews)) {
				v.echo = true
				views = append(views, v)
			}
		}
	}
	return views
}

// declaresUTF8 reports whether a page declares its encoding UTF-8 where a
// browser looks for the declaration: a charset in its first 1024 bytes.
func declaresUTF8(text string) bool {
	head := text[:min(len(text), 1024)]
	for i := strings.IndexByte(head, '='); i >= 0; {
		if i >= 7 && strings.EqualFold(head[i-7:i], "charset") {
			rest := strings.TrimLeft(head[i+1:], "\"' ")
			for _, utf8 := range [...]string{"utf-8", "utf8"} {
				if len(rest) >= len(utf8) && strings.EqualFold(rest[:len(utf8)], utf8) {
					return true
				}
			}
		}
		k := strings.IndexByte(head[i+1:], '=')
		if k < 0 {
			break
		}
		i += 1 + k
	}
	return false
}

// viewsOfUTF8 is viewsOf for text read as UTF-8.
func viewsOfUTF8(name, text string, mv *markupViews) []scanView {
	if !isMarkup(name) {
		whole := decodeEscapes(text)
		if isStyle(name) {
			whole = decodeCSS(text)
		}
		views := []scanView{{text: whole}}
		if isScript(name) {
			views = withBase64(views, whole, nil, "")
		}
		switch {
		case isMarkdown(name) && strings.IndexByte(text, '<') >= 0:
			// A markdown viewer shows the HTML a document holds as HTML.
			views = append(views, markupViewsOf(text, mv)...)
		case isData(name) && strings.IndexByte(whole, '<') >= 0:
			// Tags in data or text ("Lark<b>spur</b>", a "<sup>1</sup>"
			// mark, escaped or not) cut the words a reader joins: read
			// as markup too, they cut none. Where escapes were undone,
			// the views' places are approximate.
			for _, v := range markupViewsOf(whole, mv) {
				v.echo = v.echo || whole != text
				views = append(views, v)
			}
		}
		return withReversed(withFootnoteLabels(views, text))
	}
	return withReversed(withFootnoteLabels(markupViewsOf(text, mv), text))
}

// markupViewsOf returns the views of an HTML or SVG file's text.
func markupViewsOf(text string, mv *markupViews) []scanView {
	mv.read(text)
	views := []scanView{
		{text: view(mv.text), spans: mv.textAt, src: text},
		{text: view(mv.other), spans: mv.otherAt, src: text, chunked: true},
		{text: view(mv.names), spans: mv.namesAt, src: text, chunked: true, whole: true, termsOnly: true},
	}
	// Base64 a script decodes (base64.go).
	views = withBase64(views, view(mv.other), mv.otherAt, text)
	// Escapes a reader's tools would undo (URL, JavaScript) in the text,
	// and entities escaped twice.
	if text := views[0].text; strings.ContainsAny(text, "%\\&+") {
		if decoded := decodeEscapes(text); decoded != text {
			views = append(views, scanView{text: decoded, spans: mv.textAt, src: text, echo: true})
		}
	}
	if mv.hasSup {
		views = append(views, scanView{text: view(mv.bare), termsOnly: true, spans: mv.bareAt, src: text})
	}
	// Cells, paragraphs and lines read inline, as a style may show them:
	// the text has a line break where they meet.
	if len(mv.joins) > 0 {
		joined, at := mv.joinedAround()
		views = append(views, scanView{text: joined, spans: at, src: text, chunked: true, termsOnly: true})
	}
	// An SVG or XML file's own entities, expanded.
	if strings.Contains(text, "<!ENTITY") {
		if expanded := expandEntities(text, view(mv.text)+"\n"+view(mv.other)); expanded != "" {
			views = append(views, scanView{text: expanded, echo: true})
		}
	}
	// What a page shows without its hidden elements, whose text may sit
	// inside a name or a passage.
	if shown := mv.shownText(); shown != "" {
		views = append(views, scanView{text: shown, spans: mv.textAt, src: text, echo: true})
	}
	return views
}

// withFootnoteLabels adds, when a view holds markdown footnote references
// ("[^label]"), their labels, each alone: the matcher reads a reference as
// a gap (a mark inside a name does not hide it), but its label is text
// where the markdown is read as written (a download, code on a page).
func withFootnoteLabels(views []scanView, src string) []scanView {
	var labels []byte
	var at []span
	for _, v := range views {
		for i := strings.Index(v.text, "[^"); i >= 0; {
			if n := matcher.FootnoteRef(v.text[i:]); n > 0 {
				from := i
				if v.spans != nil {
					from = source(v.spans, i)
				}
				at = append(at, span{len(labels), min(from, len(src))})
				labels = append(append(labels, v.text[i+2:i+n-1]...), matcher.HardBreak)
			}
			k := strings.Index(v.text[i+2:], "[^")
			if k < 0 {
				break
			}
			i += 2 + k
		}
	}
	if labels == nil {
		return views
	}
	return append(views, scanView{text: string(labels), spans: at, src: src, chunked: true, termsOnly: true})
}

// rightToLeftOverride is U+202E, which makes a browser draw the letters
// after it from right to left: "\u202Esgnidloh" reads as "holdings".
const rightToLeftOverride = "\u202E"

// hasRightToLeftOverride is strings.Contains(text, rightToLeftOverride),
// looking for its last byte, 0xAE: its first, 0xE2, starts every mask bar
// (U+25AC) of a public page.
func hasRightToLeftOverride(text string) bool {
	for i := 0; ; {
		k := strings.IndexByte(text[i:], rightToLeftOverride[2])
		if k < 0 {
			return false
		}
		i += k + 1
		if i >= 3 && text[i-3:i] == rightToLeftOverride {
			return true
		}
	}
}

// withReversed adds, when the first view's text holds a right-to-left
// override, that text reversed: a reader reads the overridden letters in
// that order, and a term or passage spelled backwards after the override is
// there in reading order. Reversing the whole text rather than the
// overridden spans alone only adds text no one reads.
func withReversed(views []scanView) []scanView {
	first := views[0]
	if !hasRightToLeftOverride(first.text) {
		return views
	}
	r := []rune(first.text)
	slices.Reverse(r)
	first.text, first.reversed, first.echo = string(r), true, true
	return append(views, first)
}

// readText returns data as text, and false when it is not a text the scan
// can read.
func readText(name string, data []byte) (string, bool) {
	switch {
	case bytes.HasPrefix(data, []byte{0xFF, 0xFE}):
		return decodeUTF16(data[2:], binary.LittleEndian), true
	case bytes.HasPrefix(data, []byte{0xFE, 0xFF}):
		return decodeUTF16(data[2:], binary.BigEndian), true
	}
	data = bytes.TrimPrefix(data, []byte("\uFEFF"))
	if binaryName(name) || binarySignature(data) || bytes.IndexByte(data, 0) >= 0 {
		return "", false
	}
	// data is not changed while it is scanned: read it in place.
	return unsafe.String(unsafe.SliceData(data), len(data)), true
}

func decodeUTF16(data []byte, order binary.ByteOrder) string {
	units := make([]uint16, len(data)/2)
	for i := range units {
		units[i] = order.Uint16(data[2*i:])
	}
	return string(utf16.Decode(units))
}

// binaryName reports whether a file's name says it is compressed, a
// container or an image: formats whose text a reader's tools extract but
// the scan cannot.
func binaryName(name string) bool {
	switch strings.ToLower(path.Ext(name)) {
	case ".gz", ".tgz", ".zip", ".bz2", ".xz", ".zst", ".br", ".7z", ".tar", ".rar", ".z",
		".docx", ".xlsx", ".pptx", ".odt", ".ods", ".odp", ".epub", ".jar",
		".pdf", ".png", ".jpg", ".jpeg", ".gif", ".webp", ".avif", ".tif", ".tiff", ".bmp", ".ico", ".heic",
		".woff", ".woff2", ".ttf", ".otf", ".eot", ".wasm", ".sqlite", ".db", ".bin", ".pickle", ".pkl", ".npy", ".parquet":
		return true
	}
	return false
}

// binarySignature reports whether data starts as a compressed or container
// format does, whatever its name.
func binarySignature(data []byte) bool {
	for _, magic := range []string{"\x1f\x8b", "PK\x03\x04", "PK\x05\x06", "%PDF", "\x89PNG", "\xff\xd8\xff", "GIF8",
		"BZh", "\xfd7zXZ", "\x28\xb5\x2f\xfd", "7z\xbc\xaf", "Rar!", "wOFF", "wOF2", "\x00asm", "RIFF"} {
		if bytes.HasPrefix(data, []byte(magic)) {
			return true
		}
	}
	return false
}

// isMarkup reports whether a file is read with the HTML tokenizer.
func isMarkup(name string) bool {
	switch strings.ToLower(path.Ext(name)) {
	case ".html", ".htm", ".xhtml", ".svg", ".xml":
		return true
	}
	return false
}

// isMarkdown reports whether a file is markdown, which a viewer shows with
// the HTML it holds read as HTML.
func isMarkdown(name string) bool {
	switch strings.ToLower(path.Ext(name)) {
	case ".md", ".markdown", ".mdown", ".mkd", ".mkdn", ".mdx":
		return true
	}
	return false
}

// isData reports whether a file is data or plain text (JSON, CSV, a text
// file), whose tags a reader sees as text around the words they cut.
func isData(name string) bool {
	switch strings.ToLower(path.Ext(name)) {
	case ".json", ".jsonl", ".ndjson", ".csv", ".tsv", ".txt", ".text":
		return true
	}
	return false
}

// isStyle reports whether a file is a style sheet (CSS escapes).
func isStyle(name string) bool { return strings.EqualFold(path.Ext(name), ".css") }
