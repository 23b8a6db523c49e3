package site

import (
	"bytes"
	"html/template"
	"regexp"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// minTOC is the fewest headings that give a page its "On this page"
// contents: a shorter page is read without them.
const minTOC = 4

// pageTOC returns the "On this page" contents of a rendered body: its
// second- and third-level headings that have an id, in order, with their
// text (an anchor link's "#" left out); nil for a page with fewer than
// minTOC of them.
func pageTOC(body string) []tocEntry {
	if strings.Count(body, "<h2") < 2 {
		return nil // no need to read a page that cannot have enough
	}
	var out []tocEntry
	z := html.NewTokenizer(strings.NewReader(body))
	var cur *tocEntry
	var text bytes.Buffer
	skip := 0 // inside an anchor link
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			if len(out) < minTOC {
				return nil
			}
			return out
		case html.StartTagToken:
			name, hasAttr := z.TagName()
			a := atom.Lookup(name)
			if cur == nil && (a == atom.H2 || a == atom.H3) && hasAttr {
				id := ""
				for more := true; more; {
					var k, v []byte
					k, v, more = z.TagAttr()
					if string(k) == "id" {
						id = string(v)
					}
				}
				if id != "" {
					cur = &tocEntry{Level: 2, ID: id}
					if a == atom.H3 {
						cur.Level = 3
					}
					text.Reset()
				}
				continue
			}
			if cur != nil && a == atom.A && hasAttr {
				for more := true; more; {
					var k, v []byte
					k, v, more = z.TagAttr()
					if string(k) == "class" && bytes.Contains(v, []byte("anchor")) {
						skip++
					}
				}
			}
		case html.EndTagToken:
			name, _ := z.TagName()
			a := atom.Lookup(name)
			switch {
			case cur != nil && (a == atom.H2 || a == atom.H3):
				cur.Title = strings.Join(strings.Fields(text.String()), " ")
				if cur.Title != "" {
					out = append(out, *cur)
				}
				cur, skip = nil, 0
			case cur != nil && a == atom.A && skip > 0:
				skip--
			}
		case html.TextToken:
			if cur != nil && skip == 0 {
				text.Write(z.Text())
			}
		}
	}
}

// digestHTML shows a hex digest in groups of sixteen digits, each a box of
// its own: a narrow screen breaks the line between two groups, never
// inside one, and a copy of the digest has no spaces in it.
func digestHTML(hex string) template.HTML {
	var b strings.Builder
	b.WriteString(`<code class="digest">`)
	for len(hex) > 0 {
		n := min(16, len(hex))
		b.WriteString("<span>" + template.HTMLEscapeString(hex[:n]) + "</span>")
		hex = hex[n:]
	}
	b.WriteString("</code>")
	return template.HTML(b.String())
}

// longHex finds a digest in a line of text: 32 hex digits or more.
var longHex = regexp.MustCompile(`\b[0-9a-f]{32,}\b`)

// withDigests escapes a line of text for HTML and shows each digest in it
// as digestHTML does.
func withDigests(line string) template.HTML {
	var b strings.Builder
	last := 0
	for _, m := range longHex.FindAllStringIndex(line, -1) {
		b.WriteString(template.HTMLEscapeString(line[last:m[0]]))
		b.WriteString(string(digestHTML(line[m[0]:m[1]])))
		last = m[1]
	}
	b.WriteString(template.HTMLEscapeString(line[last:]))
	return template.HTML(b.String())
}
