package site

import (
	"bytes"
	"html/template"
	"strconv"
	"strings"
)

// cellHeaderHTML renders a cell page's header: the breadcrumb, the verdict
// and its lines, the permitted excerpt and, on a public page, the note on
// masking. It is Go rather than template text because a threshold-only
// rebuild renders thousands of headers and nothing else of those pages; a
// test holds it to the template it replaced (cellhead_test.go).
func cellHeaderHTML(cp *cellPage, root string, internal bool) template.HTML {
	r := cp.Row
	writer, section, verdict := escapeHTML(r.Writer), escapeHTML(r.Section), escapeHTML(r.Verdict)
	var b strings.Builder
	b.Grow(1024)
	b.WriteString("\n<nav class=\"crumbs\" aria-label=\"Breadcrumb\"><a href=\"" + escapeHTML(normalizeURL(root+"results.html")) + "#" + escapeHTML(escapeURLPart(r.Anchor)) + "\">C5 results</a> › " + writer + " › " + section + "</nav>\n")
	b.WriteString("<h1>" + writer + ", " + section + " <span class=\"badge badge-" + escapeHTML(strings.ToLower(r.Verdict)) + "\">" + verdict + "</span></h1>\n")
	b.WriteString("<ul class=\"verdict-lines\">\n")
	for _, ch := range cp.Checks {
		b.WriteString("<li class=\"" + ch.Class() + "\">" + escapeHTML(ch.Text) + "</li>\n")
	}
	b.WriteString("<li>Compared with example variant " + strconv.Itoa(r.Variant) + " of " + strconv.Itoa(r.Variants) + " (the worst), " + strconv.Itoa(r.Words) + " words in the section.</li>\n</ul>")
	if r.Excerpt != "" {
		b.WriteString("\n<p class=\"excerpt\">Longest run, normalised as measured: <q>" + escapeHTML(r.Excerpt) + "</q></p>")
	}
	if !internal {
		b.WriteString("\n<p class=\"note\">Public build: the texts are private, so each word shows as a bar ▬ (longer words, more bars). Runs keep their places and lengths; punctuation and other characters inside a run show as ·, a stripped mandated phrase as [mandated phrase].</p>")
	}
	b.WriteString("\n")
	if len(r.Judged) > 0 {
		b.WriteString(judgedCellHTML(r.Cell))
	}
	return template.HTML(b.String())
}

func passOrFail(fails bool) string {
	if fails {
		return "fail"
	}
	return "pass"
}

// titleMark stands for a page's title in a rendering of the layout.
const titleMark = "EVALPRESSPAGETITLE"

// cellFrame is the layout of the cell pages cut around the two things that
// differ between them, the title and the body, so that a header-only cell
// page is put together without running the layout again: before, the
// title, between, the header, and the body, which ends with the layout's
// own end.
type cellFrame struct{ before, between string }

// newCellFrame renders the layout of a cell page with marks for its title
// and body; false when the marks do not each appear once, in order.
func newCellFrame(render func(string, *pageData) ([]byte, error), sd *siteData) (cellFrame, bool) {
	page, err := render("cell.html", &pageData{Site: sd, Path: "cells/frame.html", Root: "../", Title: titleMark, Cell: &cellPage{}, headerOnly: true})
	if err != nil || bytes.Count(page, []byte(titleMark)) != 1 || bytes.Count(page, []byte(bodyEnd)) != 1 {
		return cellFrame{}, false
	}
	title, body := bytes.Index(page, []byte(titleMark)), bytes.Index(page, []byte(bodyEnd))
	if title > body {
		return cellFrame{}, false
	}
	return cellFrame{before: string(page[:title]), between: string(page[title+len(titleMark) : body])}, true
}
