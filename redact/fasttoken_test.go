package redact

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// tokenizerViews reads doc with x/net/html's Tokenizer alone, without the
// plain reader.
func tokenizerViews(doc string) *markupViews {
	v := new(markupViews)
	v.reset(len(doc))
	v.withBare = true
	var st readState
	var tok token
	v.readTokenizer(doc, 0, len(doc)+1, &st, &tok)
	if !v.hasSup { // read makes the bare view only for a file that uses it
		v.bare, v.bareAt = nil, nil
	}
	return v
}

// sameViews reports how two readings of a file differ, or "".
func sameViews(a, b *markupViews) string {
	for _, c := range []struct {
		name string
		x, y []byte
	}{{"text", a.text, b.text}, {"other", a.other, b.other}, {"bare", a.bare, b.bare}, {"names", a.names, b.names}} {
		if !bytes.Equal(c.x, c.y) {
			return c.name + ": " + string(c.x) + "\n\tagainst\n\t" + string(c.y)
		}
	}
	for _, c := range []struct {
		name string
		x, y []span
	}{{"textAt", a.textAt, b.textAt}, {"otherAt", a.otherAt, b.otherAt}, {"bareAt", a.bareAt, b.bareAt}, {"namesAt", a.namesAt, b.namesAt}} {
		if !slices.Equal(c.x, c.y) {
			return c.name + " differs"
		}
	}
	if a.hasSup != b.hasSup {
		return "hasSup differs"
	}
	if !slices.Equal(a.joins, b.joins) {
		return "joins differ"
	}
	if !slices.Equal(a.hidden, b.hidden) {
		return "hidden ranges differ"
	}
	return ""
}

// markupSeeds are documents that stress where the plain reader stops: the
// attack fixtures, evalpress's templates and built pages (testdata/pages,
// and EVALPRESS_BENCH_SITE's pages when it is set), and hand-written edge
// cases.
func markupSeeds(t testing.TB) []string {
	var seeds []string
	for _, a := range attackFixtures {
		if text, ok := readText(a.file, a.data); ok {
			seeds = append(seeds, text)
		}
	}
	seeds = append(seeds,
		"<!DOCTYPE html><html lang=\"en\"><head><title>A &amp; B</title></head><body><p>x</p></body></html>",
		`<p class="a" CLASS="b" id='c' hidden data-x = "y">t</p>`,
		`<img src="a.png" alt="x"/><br/><br /><input disabled/><input disabled />`,
		`<a href="?a=1&b=2" title="a&ampb">x</a><a title="&amp;">y</a><a title="&amp=&lt;&lt&#34;&#x41&#;&#xZ;&quot;&apos;&ampx;">z</a>`,
		"<p\r\nclass=\"a\rb\">x\r\ny\rz</p>",
		`<p>a < b and a <3 and </ p> and <? pi ?> and </> and <!x> end`,
		`<script>if (a<b) {}</script><SCRIPT>x</SCRIPT ><style>p{}</style><script/>raw</script>`,
		`<textarea>&lt;b&gt;</textarea><title>x</title ><xmp><b></xmp><plaintext>all</plaintext><p>all`,
		`<sup>1</sup><SUB>2</SUB><sup/>3<p>4</sup>`,
		`<a href=x>unquoted</a><a href= "y">space</a><a b="x"c="y">glued</a>`,
		`<p a="1"/b>x</p><p a/b>y</p><p =a>z</p><p a=>w</p>`,
		"<p>text at the end <",
		"<p>text at the end </",
		"<p title=\"unterminated>x",
		"<p>\u00e9\u202e\u3164</p><\u00e9>",
		"",
		"plain text without markup &amp; &notanentity; &#x41; &#65",
		"<svg><title>a<b>c</b></title><TEXTAREA/>x<noscript><p hidden>y</noscript>z<![CDATA[w>v]]></svg>",
		"<td>1</td><td>a<span style=\"font-size:0\">b<span>c</span>d</span>e</td></p title=x><p a b c>",
	)
	seeds = append(seeds, "<p>Written by \u202Ekcal\u202C, &#x202E;we hear.</p>", "<p>Lark<span>spur</span>-3 &lt;b&gt;</p>")
	for _, dir := range []string{"testdata/pages", "../templates", "../site/testdata"} {
		names, _ := filepath.Glob(filepath.Join(dir, "*.html"))
		for _, n := range names {
			data, err := os.ReadFile(n)
			if err != nil {
				t.Fatal(err)
			}
			seeds = append(seeds, string(data))
		}
	}
	if dir := os.Getenv("EVALPRESS_BENCH_SITE"); dir != "" {
		for _, pattern := range []string{"*.html", "cells/*.html", "docs/*.html"} {
			names, _ := filepath.Glob(filepath.Join(dir, pattern))
			for _, n := range names[:min(len(names), 20)] {
				data, err := os.ReadFile(n)
				if err != nil {
					t.Fatal(err)
				}
				seeds = append(seeds, string(data))
			}
		}
	}
	return seeds
}

// FuzzPlainTokensMatchTokenizer: a file read with the plain reader where it
// can (and the Tokenizer where it cannot) has exactly the views the
// Tokenizer alone gives it.
func FuzzPlainTokensMatchTokenizer(f *testing.F) {
	for _, s := range markupSeeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, doc string) {
		var got markupViews
		got.read(doc)
		if diff := sameViews(&got, tokenizerViews(doc)); diff != "" {
			t.Errorf("%q:\n\t%s", doc, diff)
		}
	})
}

// TestPlainReaderReadsBuiltPages: the plain reader reads the pages
// evalpress builds wholly by itself (those in testdata/pages, and all of
// the bench site's), so the fuzz test above compares it with the Tokenizer
// on what it really reads.
func TestPlainReaderReadsBuiltPages(t *testing.T) {
	names, _ := filepath.Glob("testdata/pages/*.html")
	if len(names) == 0 {
		t.Fatal("no pages in testdata/pages")
	}
	for _, n := range names {
		data, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		doc := string(data)
		plain := 0
		var tok token
		var st readState
		v := new(markupViews)
		for at := 0; at < len(doc); {
			if nextPlainToken(doc, at, &tok) {
				next := max(at+len(tok.raw), tok.rawEnd) // with a script's or title's text
				plain += next - at
				at = next
				continue
			}
			at = v.readTokenizer(doc, at, 0, &st, &tok)
		}
		if plain < len(doc) {
			t.Errorf("%s: the plain reader reads %d of the page's %d bytes, want all", n, plain, len(doc))
		}
	}
}

// TestPlainReaderAgreesOnRandomMarkup: documents put together at random
// from the pieces where the two readers could part (tags whole or cut
// anywhere, quotes, entities, raw text and its end tags, line ends) read
// the same with the plain reader as with the Tokenizer alone.
func TestPlainReaderAgreesOnRandomMarkup(t *testing.T) {
	pieces := []string{
		"<", "</", "<!", "<?", ">", "/>", "/", "=", " ", "\n", "\r\n", "\r", "\t", "\f", `"`, "'",
		"<p", "<P", "<a", "<sup>", "</sup>", "<SUB>", "</sub>", "<br/>", "<img", "<h1>", "</h1>", "<my-tag", "<svg:g",
		"<script>", "</script>", "</SCRIPT >", "<script/>", "<style>", "</style>", "<title>", "</title>", "</title", "</script", "</Style/",
		"<textarea>", "</textarea>", "<xmp>", "</xmp>", "<plaintext>", "</plaintext>", "<noscript>", "</noscript>", "<iframe>", "</iframe >",
		"<!--", "-->", "--!>", "<!DOCTYPE html>", "<!doctype", "<!DOCTYPE", "<![CDATA[", "]]>",
		"&amp;", "&lt;", "&ampx;", "&#65;", "&#x41", "&notit;", "&", ";", "\u00e9", "\u202e", "▬",
		"word", "Quillion", "2.5", "Pro", "the", "harbour",
	}
	names := []string{"p", "P", "a", "sup", "SUB", "span", "my-tag", "h1", "script", "Title", "style", "textarea", "xmp", "plaintext", "iframe", "x:y", "d\u00eav"}
	attrs := []string{` class="x"`, ` title='a b'`, ` href="?a=1&amp;b=2"`, ` data-v="&#34;q&#34;"`, ` t="&ampx;"`, ` u="&amp=1"`,
		` v="&lt&gt;"`, ` CLASS="y"`, ` Class='z'`, ` hidden`, ` a=b`, ` a = "c"`, ` style="x:\41"`, ` w="a\r\nb"`, ` x="&quot;&apos;"`,
		"\n\tid=\"i\"", ` data-Larkspur="1"`, ` z=""`, ` y="&#"`, ` q="a>b<c"`}
	contents := []string{"", "word", "a &amp; b", "x\r\ny", "a<b", "<!-- c -->", "\\u0041"}
	rng := rand.New(rand.NewPCG(12, 34))
	for i := range 3000 {
		var b strings.Builder
		for range 1 + rng.IntN(30) {
			switch rng.IntN(3) {
			case 0:
				b.WriteString(pieces[rng.IntN(len(pieces))])
			case 1: // a whole tag, and content after it
				name := names[rng.IntN(len(names))]
				b.WriteString("<" + name)
				for range rng.IntN(4) {
					b.WriteString(attrs[rng.IntN(len(attrs))])
				}
				b.WriteString([]string{">", "/>", " >", " />"}[rng.IntN(4)])
				b.WriteString(contents[rng.IntN(len(contents))])
				if rng.IntN(2) == 0 {
					b.WriteString("</" + []string{name, strings.ToUpper(name), "p"}[rng.IntN(3)] + []string{">", " >", "x>", "/>"}[rng.IntN(4)])
				}
			default:
				b.WriteString([]string{"<!DOCTYPE html>", "<!doctype HTML >", "<!DOCTYPE a&amp;b>", "<!DOCTYPE\r\nhtml>", "<!DOCTYPEhtml>", "<!DOCTYPE html-x>"}[rng.IntN(6)])
			}
		}
		doc := b.String()
		var got markupViews
		got.read(doc)
		if diff := sameViews(&got, tokenizerViews(doc)); diff != "" {
			t.Fatalf("document %d, %q:\n\t%s", i, doc, diff)
		}
	}
}
