package site

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/evalpress/evalpress/internal/numfmt"
	"github.com/evalpress/evalpress/redact/public"
	"github.com/evalpress/evalpress/reports/criteria"
)

// The site's search index is a script of its own, data/search.js, that the
// search field loads when first used: a script, not a JSON file, because a
// page opened from file:// may not fetch one. It is made from what the site
// publishes and nothing else: the text of each page's main part as written
// (so what the leak scan reads of the pages), and for each cell page its
// writer, section and verdicts from the public view. It is one more
// published file, scanned like the others.

// searchFile is the index's path in the site.
const searchFile = "data/search.js"

// maxEntryText bounds the text an entry keeps for matching and snippets:
// a long table's section (every cell of a large study) is found by its
// first rows and by its heading, and the index stays small.
const maxEntryText = 4000

// searchEntry is one place a search can lead to: a page, or a section of
// one by its heading's id.
type searchEntry struct {
	URL   string `json:"u"`
	Title string `json:"t"`
	Page  string `json:"p,omitempty"` // the page's title, for a section
	Text  string `json:"x,omitempty"`
}

// searchPage is a rendered page the index reads.
type searchPage struct {
	Path, Title string
	HTML        []byte
}

// searchIndex makes data/search.js from the site's pages (in path order)
// and its cells.
func searchIndex(pages []searchPage, cells []public.Cell, crit criteria.Set) ([]byte, error) {
	slices.SortFunc(pages, func(a, b searchPage) int { return strings.Compare(a.Path, b.Path) })
	var entries []searchEntry
	for _, pg := range pages {
		entries = append(entries, pageEntries(pg)...)
	}
	for _, c := range cells {
		p := cellPath(c)
		if p == "" {
			continue
		}
		var verdicts []string
		for _, o := range c.Outcomes {
			if h := crit.Headline(); h != nil && o.Criterion == h.ID && c.HasExample {
				verdicts = append(verdicts, fmt.Sprintf("%s %s: longest run %s, overlap %s", o.Criterion, o.Label(), numfmt.Words(c.Run), overlapText(c)))
			} else if s := crit.Summary(o); s != "" && s != o.Label() {
				verdicts = append(verdicts, fmt.Sprintf("%s %s: %s", o.Criterion, o.Label(), s))
			} else {
				verdicts = append(verdicts, fmt.Sprintf("%s %s", o.Criterion, o.Label()))
			}
		}
		entries = append(entries, searchEntry{URL: p, Title: c.Writer + ", " + c.Section, Page: "Cell", Text: strings.Join(verdicts, "; ")})
	}
	data, err := json.Marshal(struct {
		Entries []searchEntry `json:"entries"`
	}{entries})
	if err != nil {
		return nil, fmt.Errorf("search index: %w", err)
	}
	return dataScript("evalpress search index: made from the published pages.", "evalpressSearch", data), nil
}

// dataScript is a script that sets window's variable name to data (JSON),
// with comment on its first line: data a page reads from file://, where it
// cannot fetch a file.
func dataScript(comment, name string, data []byte) []byte {
	var b bytes.Buffer
	b.WriteString("// " + comment + "\nwindow." + name + " = ")
	b.Write(data)
	b.WriteString(";\n")
	return b.Bytes()
}

// pageEntries reads a page's main part: one entry for the page (its title
// and the text before its first section heading) and one for each second-
// or third-level heading with an id, holding the text under it.
func pageEntries(pg searchPage) []searchEntry {
	out := []searchEntry{{URL: pg.Path, Title: pg.Title}}
	cur := &out[0]
	var text strings.Builder
	flush := func() {
		cur.Text = clip(strings.Join(strings.Fields(text.String()), " "), maxEntryText)
		text.Reset()
	}
	z := html.NewTokenizer(bytes.NewReader(pg.HTML))
	inMain, skip := false, 0
	// inSource counts the open <details> of a program's source (the
	// method page's): code is no text to search, and is not indexed.
	inSource := 0
	var heading *searchEntry
	var headingText strings.Builder
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			flush()
			return out
		case html.StartTagToken, html.SelfClosingTagToken:
			name, hasAttr := z.TagName()
			a := atom.Lookup(name)
			attrs := map[string]string{}
			for hasAttr {
				var k, v []byte
				k, v, hasAttr = z.TagAttr()
				attrs[string(k)] = string(v)
			}
			switch {
			case a == atom.Main:
				inMain = true
			case !inMain:
			case a == atom.Details && (inSource > 0 || strings.Contains(" "+attrs["class"]+" ", " source ")):
				inSource++
			case a == atom.Script || a == atom.Style || a == atom.Template:
				skip++
			case strings.Contains(" "+attrs["class"]+" ", " anchor ") || strings.Contains(" "+attrs["class"]+" ", " permalink ") ||
				strings.Contains(" "+attrs["class"]+" ", " chart-text "):
				if tt == html.StartTagToken {
					skip++
				}
			case (a == atom.H2 || a == atom.H3) && attrs["id"] != "":
				flush()
				out = append(out, searchEntry{URL: pg.Path + "#" + attrs["id"], Page: pg.Title})
				cur = &out[len(out)-1]
				heading = cur
				headingText.Reset()
			case a == atom.Br || a == atom.P || a == atom.Li || a == atom.Td || a == atom.Th || a == atom.Tr:
				text.WriteByte(' ')
			}
		case html.EndTagToken:
			name, _ := z.TagName()
			a := atom.Lookup(name)
			switch {
			case a == atom.Main:
				inMain = false
			case !inMain:
			case inSource > 0 && a == atom.Details:
				inSource--
			case skip > 0 && (a == atom.Script || a == atom.Style || a == atom.Template || a == atom.A || a == atom.Span || a == atom.Details):
				skip--
			case heading != nil && (a == atom.H2 || a == atom.H3):
				heading.Title = strings.Join(strings.Fields(headingText.String()), " ")
				heading = nil
			default:
				text.WriteByte(' ')
			}
		case html.TextToken:
			if !inMain || skip > 0 || inSource > 0 {
				continue
			}
			t := z.Text()
			if heading != nil {
				headingText.Write(t)
			} else {
				text.Write(t)
			}
		}
	}
}

// clip cuts s to at most n bytes, at a space when there is one.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	s = s[:n]
	if i := strings.LastIndexByte(s, ' '); i > n/2 {
		s = s[:i]
	}
	return strings.ToValidUTF8(s, "") + " …"
}
