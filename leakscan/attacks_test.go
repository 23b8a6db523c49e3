package leakscan

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/evalpress/evalpress/matcher"
	"github.com/evalpress/evalpress/matcher/matchertest"
)

// The leak scan reads every file as a reader's tools read it: each case
// plants a term or a private passage the way the attacks did.
func TestScanReadsWhatAReaderReads(t *testing.T) {
	private := "the harbour chief had promised a quiet week of sun and the boats stayed in for the whole season"
	s := testScanner(matchertest.Terms, private)
	for _, tc := range attackFixtures {
		leaks := s.ScanFile(tc.file, tc.data)
		found := false
		for _, l := range leaks {
			found = found || strings.Contains(l.What, tc.what)
		}
		if !found {
			t.Errorf("%s: no %s reported (%v)", tc.name, tc.what, leaks)
		}
	}
}

// attackFixtures are the attacks, each a file that plants a term
// or a private passage.
var attackFixtures = []struct {
	name, file string
	data       []byte
	what       string
}{
	{"a literal < before markup inside a name", "p.html", []byte("<p>1 &lt; 2 and Lark<em>spur</em>-3 Turbo &gt; all</p>"), "model name"},
	{"a literal < before a passage", "p.html", []byte("<p>a &lt; b: the harbour <b>chief</b> had promised a quiet week of sun</p>"), "passage"},
	{"a passage in an HTML comment of a markdown file", "doc.md", []byte("# Notes\n\n<!-- the harbour chief had promised a quiet week of sun -->\n"), "passage"},
	{"a passage in an HTML comment", "p.html", []byte("<p>x</p><!-- the harbour chief had promised a quiet week of sun -->"), "passage"},
	{"a term in an SVG attribute", "chart.svg", []byte(`<svg><text aria-label="Quillion&#32;2.5 Pro">A</text></svg>`), "model name"},
	{"a term in an attribute name", "p.html", []byte(`<p data-larkspur-3-turbo="1">x</p>`), "model name"},
	{"a term in a script, JavaScript-escaped", "p.html", []byte(`<script>var a = "\u004Carkspur-3 \u{54}urbo";</script>`), "model name"},
	{"a term in a style, CSS-escaped", "p.html", []byte(`<style>p::after { content: "\4C arkspur-3 \54urbo" }</style>`), "model name"},
	{"a term in a CSS file", "site.css", []byte(`a::after{content:"\000051uillion 2.5 Pro"}`), "model name"},
	{"a term in a JavaScript file", "app.js", []byte(`const w = "Northwind M\u00e9dia";`), "private term"},
	{"a footnote mark inside a name", "p.html", []byte(`<p>Larkspur-3<sup id="fnref:1"><a href="#fn:1">1</a></sup> Turbo</p>`), "model name"},
	{"UTF-16 text", "notes.txt", utf16le("written by Quillion 2.5 Pro"), "model name"},
	{"UTF-16 passage", "data.csv", utf16le("id,text\n1,the harbour chief had promised a quiet week of sun\n"), "passage"},
	{"a suffix glued on", "p.json", []byte(`{"w": "Both Larkspur-3 Turbos failed"}`), "model name"},
	{"a modifier-letter apostrophe", "p.html", []byte("<p>Larkspur\u02BC-3 Turbo</p>"), "model name"},
	{"Hangul fillers", "p.html", []byte("<p>Lark\u3164spur-3 Tur\uFFA0bo</p>"), "model name"},
	{"homoglyphs", "p.html", []byte("<p>L\u0430rkspur-3 \u0422urb\u043e</p>"), "model name"},
	// An SVG or XML reader reads a CDATA section as text: it joins the
	// text around it.
	{"a CDATA section inside a name in an SVG file", "chart.svg", []byte(`<svg><text>Lark<![CDATA[spur-3 Turbo]]> led</text></svg>`), "model name"},
	{"a CDATA section inside a name in inline SVG", "p.html", []byte(`<p>x</p><svg><text>Quill<![CDATA[ion 2.5 Pro > all]]></text></svg>`), "model name"},
	{"a CDATA section ending a passage", "data.xml", []byte(`<r>the harbour chief had promised <![CDATA[a quiet week of sun]]></r>`), "passage"},
	// A browser reads the content of an SVG title or style, and of a
	// noscript without scripts, as markup; text extractors read that of
	// every raw text element so: the tags inside do not hide the text.
	{"markup inside a name in an SVG title", "chart.svg", []byte(`<svg><title>Lark<tspan>spur-3</tspan> Turbo</title></svg>`), "model name"},
	{"markup inside a name in noscript", "p.html", []byte(`<noscript><p>Quill<b>ion</b> 2.5 Pro</p></noscript>`), "model name"},
	{"markup inside a passage in noscript", "p.html", []byte(`<noscript><p>the harbour <b>chief</b> had promised a quiet week of sun</p></noscript>`), "passage"},
	{"markup inside a name in a textarea", "p.html", []byte(`<textarea>Lark<b></b>spur-3 Turbo</textarea>`), "model name"},
	// A footnote mark reads as a gap inside a name, but its label is text
	// wherever the markdown is read as it is written (a download, code).
	{"a term as a footnote's label in markdown", "doc.md", []byte("Noted[^larkspur-3-turbo].\n\n[^larkspur-3-turbo]: by someone\n"), "model name"},
	{"a footnote label in code on a page", "p.html", []byte("<p>Write <code>[^Quillion-2.5-Pro]</code> for it.</p>"), "model name"},
	// What the Tokenizer drops, the file's source still shows.
	{"a second attribute of the same name", "p.html", []byte(`<p title="a chart" TITLE="Larkspur-3 Turbo">y</p>`), "model name"},
	{"attributes on an end tag", "p.html", []byte(`<p>y</p title="Larkspur-3 Turbo">`), "model name"},
	{"a name as attribute names", "p.html", []byte(`<p Quillion 2.5 Pro>y</p>`), "model name"},
	{"a tag the file ends inside", "p.html", []byte(`<p>y</p><a href="x" title="Quillion 2.5 Pro`), "model name"},
	{"a start tag the file ends inside", "p.html", []byte(`<p>see <Quillion 2.5 Pro`), "model name"},
	// What a browser leaves out of the page does not hide the text
	// around it.
	{"a hidden element inside a name", "p.html", []byte(`<p>Lark<span hidden>x</span>spur-3 Turbo</p>`), "model name"},
	{"a template inside a name", "p.html", []byte(`<p>Quill<template>x</template>ion 2.5 Pro</p>`), "model name"},
	{"a ruby annotation inside a name", "p.html", []byte(`<p>Quil<ruby>l<rt>x</rt></ruby>ion 2.5 Pro</p>`), "model name"},
	{"a styled-away span inside a name", "p.html", []byte(`<p>Lark<span style="display: none"><b>zz</b> z</span>spur-3 Turbo</p>`), "model name"},
	{"noscript inside a name", "p.html", []byte(`<p>Lark<noscript>x</noscript>spur-3 Turbo</p>`), "model name"},
	{"hidden words inside a passage", "p.html", []byte(`<p>the harbour chief had <span style="font-size:0">zz</span>promised a quiet <i hidden>yy</i>week of sun</p>`), "passage"},
	// An XML reader expands the entities a file declares.
	{"a name in an SVG file's own entities", "chart.svg", []byte(`<!DOCTYPE svg [<!ENTITY a "Lark"><!ENTITY b "spur-3 Turbo">]><svg><text>&a;&b;</text></svg>`), "model name"},
	// The text has a line break where a block after a word begins, so
	// that the word does not join the next block's first: an escape that
	// a view undoes into a word may begin the block.
	{"an entity beginning a name, after a block", "chart.svg", []byte(`<!DOCTYPE svg [<!ENTITY q "Quil">]><svg><text>Cell</text><text>&q;lion 2.5 Pro</text></svg>`), "model name"},
	{"a URL escape beginning a name, after a block", "p.html", []byte(`<h1>Cell</h1><p>%51uillion 2.5 Pro</p>`), "model name"},
	{"a JavaScript escape beginning a name, after a block", "p.html", []byte(`<h1>Cell</h1><p>\u0051uillion 2.5 Pro</p>`), "model name"},
	{"an entity escaped twice beginning a name, after a block", "p.html", []byte(`<h1>Cell</h1><p>&amp;#81;uillion 2.5 Pro</p>`), "model name"},
	// A markdown viewer reads the HTML in a markdown file as HTML.
	{"markup inside a name in a markdown file", "notes.markdown", []byte("Notes: Quill<b></b>ion 2.5 Pro\n"), "model name"},
	{"a hidden element inside a name in markdown", "doc.md", []byte("# Notes\n\nLark<span hidden>x</span>spur-3 Turbo\n"), "model name"},
	{"a tag with a quoted > inside a passage in markdown", "doc.md", []byte("the harbour chief had <span title='a>b'>promised</span> a quiet week of sun\n"), "passage"},
	// A browser reads bytes that are not UTF-8 as Windows-1252.
	{"Windows-1252 text", "notes.txt", []byte("written for Northwind M\xe9dia"), "private term"},
	{"Windows-1252 markup that declares it", "notes.html", []byte("<meta charset=\"windows-1252\"><p>for Northwind M\xe9dia</p>"), "private term"},
	{"Windows-1252 markup", "notes.html", []byte("<p>the harbour chief had promised a quiet week of sun \x96 Northwind M\xe9dia</p>"), "private term"},
	// A browser shows cells, paragraphs and lines apart: a term that
	// starts a cell is a word of its own, not the end of "1Larkspur".
	{"a name in a table cell after a number", "table.html", []byte(`<table><tr><td>1</td><td>Larkspur-3 Turbo</td></tr></table>`), "model name"},
	{"a name on the line after a word", "p.html", []byte(`<p>Written by<br>Quillion 2.5 Pro</p>`), "model name"},
	{"a name in an SVG text after another", "chart.svg", []byte(`<svg><text>7</text><text><tspan>Quillion 2.5 Pro</tspan></text></svg>`), "model name"},
	{"a passage in table cells of seven words", "table.html", []byte(`<table><tr><td>the harbour chief had promised a quiet</td><td>week of sun and the boats stayed</td><td>in for the whole season</td></tr></table>`), "passage"},
	{"a passage in lines of seven words", "p.html", []byte(`<p>the harbour chief had promised a quiet<br>week of sun and the boats stayed<br>in for the whole season</p>`), "passage"},
	{"a phrase in a list item after a word", "p.html", []byte(`<ul><li>opening</li><li>Stay curious, Tidewater crew</li></ul>`), "mandated phrase"},
	{"markup inside a name in an SVG style", "p.html", []byte(`<svg><style>Lark<![CDATA[spur-3 Turbo]]></style></svg>`), "model name"},
}

// utf16le returns text in UTF-16, little-endian, after its byte-order mark.
func utf16le(text string) []byte {
	b := []byte{0xFF, 0xFE}
	for _, u := range utf16.Encode([]rune(text)) {
		b = binary.LittleEndian.AppendUint16(b, u)
	}
	return b
}

// TestScanRefusesFilesItCannotRead: compressed files, containers, images
// and other binaries are refused unless listed; a listed one is let
// through and named.
func TestScanRefusesFilesItCannotRead(t *testing.T) {
	s := &Scanner{terms: matcher.New(matchertest.Terms)}
	var gz bytes.Buffer
	w := gzip.NewWriter(&gz)
	w.Write([]byte("Quillion 2.5 Pro"))
	w.Close()
	files := map[string][]byte{
		"data/results.json.gz": gz.Bytes(),
		"report.docx":          []byte("PK\x03\x04 word/document.xml Quillion"),
		"report.pdf":           []byte("%PDF-1.7 stream"),
		"figure.png":           []byte("\x89PNG\r\n\x1a\n....tEXtComment\x00Quillion 2.5 Pro"),
		"blob":                 []byte("a\x00b"),
	}
	for name, data := range files {
		leaks := s.ScanFile(name, data)
		if len(leaks) != 1 || !leaks[0].Unreadable || !strings.Contains(leaks[0].String(), "publish.unscanned") {
			t.Errorf("%s: %v, want it refused as unreadable", name, leaks)
		}
	}
	s.PublishUnscanned([]string{"*.pdf", "data/*.gz"})
	for name, data := range files {
		leaks := s.ScanFile(name, data)
		listed := name == "report.pdf" || name == "data/results.json.gz"
		if listed != (len(leaks) == 0) {
			t.Errorf("%s listed %v: %v", name, listed, leaks)
		}
	}
	if got := s.Unscanned(); strings.Join(got, ",") != "data/results.json.gz,report.pdf" {
		t.Errorf("Unscanned() = %v", got)
	}
	// Text files are read, whatever their bytes' encoding mark.
	for name, data := range map[string][]byte{"a.md": []byte("\uFEFFplain"), "b.txt": []byte{0xFE, 0xFF, 0, 'x'}} {
		if leaks := s.ScanFile(name, data); len(leaks) > 0 {
			t.Errorf("%s: %v", name, leaks)
		}
	}
}

// TestMarkupNamesRaiseNoFalseAlarm: tag and attribute names a page is
// made of are not read as words of its text.
func TestMarkupNamesRaiseNoFalseAlarm(t *testing.T) {
	s := &Scanner{terms: matcher.New([]matcher.Term{{Text: "Script A", Kind: matcher.KindModel}, {Text: "Span Class", Kind: matcher.KindRedact}})}
	page := `<script src="x.js"></script><abbr title="x">y</abbr><span class="a">b</span>`
	if leaks := s.ScanFile("p.html", []byte(page)); len(leaks) > 0 {
		t.Errorf("false alarm: %v", leaks)
	}
}
