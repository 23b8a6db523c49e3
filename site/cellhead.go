package site

import (
	"html/template"
	"slices"
	"strconv"
	"strings"

	"github.com/evalpress/evalpress/redact/public"
)

// cellHeaderHTML renders a cell page's header: the breadcrumb, the verdict
// and its lines, and the permitted excerpt. It is Go rather than template text because a threshold-only
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
	b.WriteString("\n")
	if len(r.Judged) > 0 {
		b.WriteString(judgedCellHTML(r.Cell))
	}
	return template.HTML(b.String())
}

// publicNote says, above a public page's texts, how they are masked. It
// opens the body rather than closing the header: it is the same whatever
// the thresholds, and a threshold-only rebuild scans a header and as many
// words of the body after it as a term or passage spans, so the words
// of the note count towards those rather than add to them.
const publicNote = `<p class="note">Public build: the texts are private, so each word shows as a bar ▬ (longer words, more bars). Runs keep their places and lengths; punctuation and other characters inside a run show as ·, a stripped mandated phrase as [mandated phrase].</p>`

// cellBodyHTML renders a cell page's body: on a public page the note on
// masking, the run views, the run table,
// the word diff and the pager, everything below the header, the same
// whatever the verdict thresholds. It is Go rather than template text for
// the reason cellHeaderHTML is; a test holds it to the template it
// replaced (cellhead_test.go).
func cellBodyHTML(cp *cellPage, internal bool, minRun int) template.HTML {
	return template.HTML(appendCellBody(make([]byte, 0, cellBodySize(cp, internal, minRun)), cp, internal, minRun))
}

// cellBodySize is the size of cellBodyHTML's HTML: the page that holds it
// is made to size. The body without its texts is made to be measured.
func cellBodySize(cp *cellPage, internal bool, minRun int) int {
	bare := *cp
	bare.sectionView, bare.exampleView, bare.diff = nil, nil, nil
	bare.SectionHTML, bare.ExampleHTML, bare.DiffHTML = "", "", ""
	size := len(appendCellBody(make([]byte, 0, 4096+len(cp.LegendHTML)+len(cp.RunRowsHTML)+len(cp.SectionMap)+len(cp.ExampleMap)), &bare, internal, minRun))
	size += len(cp.SectionHTML) + len(cp.ExampleHTML) + len(cp.DiffHTML)
	if cp.sectionView != nil {
		size += textHTMLSize(cp.sectionView, cp.Row.Runs, "s")
	}
	if cp.exampleView != nil {
		size += textHTMLSize(cp.exampleView, cp.Row.Runs, "e")
	}
	return size + diffHTMLSize(cp.diff)
}

// appendSide appends one side of a cell page's pair of texts: its heading
// (HTML), its map, and its text, from view when set, else as html.
func appendSide(b []byte, side, heading, what string, textMap template.HTML, masked string, view *public.TextView, html template.HTML, runs []public.Run) []byte {
	b = append(b, `<section class="side" aria-labelledby="side-`+side+`">
<h2 id="side-`+side+`">`...)
	b = append(b, heading...)
	b = append(b, `</h2>
<div class="side-body"><div class="minimap" aria-hidden="true" title="Map of the `+what+`: where its runs fall, top to bottom">`...)
	b = append(b, textMap...)
	b = append(b, `</div>
<div class="text`+masked+`" data-side="`+side+`">`...)
	if view != nil {
		b = appendTextHTML(b, view, runs, side)
	} else {
		b = append(b, html...)
	}
	return append(b, `</div></div>
</section>
`...)
}

// appendCellBody appends cellBodyHTML's HTML to b. The run views and the
// diff go straight into b when the page has them as views (cp.sectionView,
// cp.exampleView, cp.diff) rather than as HTML: a 30 MB section's page is
// then made once, not also as its texts' HTML and its body's.
func appendCellBody(b []byte, cp *cellPage, internal bool, minRun int) []byte {
	masked := " masked"
	if internal {
		masked = ""
	}
	r := cp.Row
	if !internal {
		b = append(b, publicNote+"\n"...)
	}
	b = append(b, `<div class="run-help" id="run-help">Runs are numbered longest first. Hover or focus a run to see its counterpart; select it to bring the counterpart into view; press <kbd>n</kbd> and <kbd>p</kbd> to step through runs. The narrow bar beside each text is a map of that text, top to bottom, with a mark where each run falls.</div>
<div class="legend" aria-label="Runs">`...)
	b = append(b, cp.LegendHTML...)
	b = append(b, `</div>
<dl class="legend-key">
<dt><span class="chip bridge-chip">· bridged</span></dt><dd>punctuation or other characters inside a run: C5 compares words only, so the run continues across them</dd>
<dt><span class="chip stripped-chip">[mandated phrase]</span></dt><dd>a phrase the outline requires, removed from both texts before measuring: it never counts as copying</dd>
</dl>
<div class="pair" data-runs="`...)
	b = append(b, strconv.Itoa(len(r.Runs))...)
	b = append(b, `">
`...)
	b = appendSide(b, "s", "Section ("+escapeHTML(r.Writer)+")", "section", cp.SectionMap, masked, cp.sectionView, cp.SectionHTML, r.Runs)
	b = appendSide(b, "e", "Example, variant "+strconv.Itoa(r.Variant), "example", cp.ExampleMap, masked, cp.exampleView, cp.ExampleHTML, r.Runs)
	b = append(b, `</div>
<h2 id="runs">Runs</h2>
<div class="table-wrap">
<table class="runs sortable" id="runs-table">
<caption>Maximal shared runs of at least `...)
	b = append(b, strconv.Itoa(minRun)...)
	b = append(b, ` words, and the longest run whatever its length.</caption>
<thead><tr>
<th scope="col" aria-sort="none"><button type="button" data-sort="number">Run</button></th>
<th scope="col" aria-sort="none"><button type="button" data-sort="number">Words</button></th>
<th scope="col" aria-sort="none"><button type="button" data-sort="number">Section word</button></th>
<th scope="col" aria-sort="none"><button type="button" data-sort="number">Example word</button></th>
<th scope="col">Text (normalised)</th></tr></thead>
<tbody>`...)
	b = append(b, cp.RunRowsHTML...)
	b = append(b, `
</tbody>
</table>
</div>
<h2 id="diff">Word diff</h2>
<p class="diff-legend">From the example to the section, word by word as C5 compares them: <ins>added by the writer</ins>, <del>left out from the example</del>, and unmarked where the two agree.</p>
<div class="diff text`+masked+`">`...)
	if cp.diff != nil {
		b = appendDiffHTML(b, cp.diff)
	} else {
		b = append(b, cp.DiffHTML...)
	}
	b = append(b, `</div>
<nav class="pager" aria-label="Cells">`...)
	if cp.Prev != "" {
		b = append(b, `<a href="`+escapeHTML(normalizeURL(filterURL(cp.Prev)))+`" rel="prev">← `+escapeHTML(cp.PrevName)+`</a>`...)
	}
	b = append(b, " "...)
	if cp.Next != "" {
		b = append(b, `<a href="`+escapeHTML(normalizeURL(filterURL(cp.Next)))+`" rel="next">`+escapeHTML(cp.NextName)+` →</a>`...)
	}
	b = append(b, "</nav>\n"...)
	return b
}

// filterURL is html/template's filter of a URL in an attribute: one with a
// scheme other than http, https or mailto becomes "#ZgotmplZ".
func filterURL(s string) string {
	if scheme, _, ok := strings.Cut(s, ":"); ok && !strings.Contains(scheme, "/") &&
		!strings.EqualFold(scheme, "http") && !strings.EqualFold(scheme, "https") && !strings.EqualFold(scheme, "mailto") {
		return "#ZgotmplZ"
	}
	return s
}

func passOrFail(fails bool) string {
	if fails {
		return "fail"
	}
	return "pass"
}

// The marks of a page's title, header and body in a rendering of the
// layout: no template output holds a NUL (html/template escapes it), and
// the title's mark has nothing to escape.
const (
	titleMark = "EVALPRESSPAGETITLE"
	headMark  = "\x00evalpress:head\x00"
	bodyMark  = "\x00evalpress:body\x00"
)

// cellFrame is the layout of the cell pages cut around the three things
// that differ between them, the title, the header and the body, so that a
// cell page is put together without running the templates: before, the
// title, between, the header, the body, after. A body kept from an
// earlier page (Output.CellBody) ends with after already.
type cellFrame struct{ before, between, after string }

// newCellFrame renders the layout of a cell page with marks for its title,
// header and body; false unless the marks each appear once, in order, the
// body right after the header.
func newCellFrame(render func(string, *pageData) ([]byte, error), sd *siteData) (cellFrame, bool) {
	page, err := render("cell.html", &pageData{Site: sd, Path: "cells/frame.html", Root: "../", Title: titleMark,
		Cell: &cellPage{HeaderHTML: headMark, BodyHTML: bodyMark}})
	if err != nil {
		return cellFrame{}, false
	}
	s := string(page)
	for _, mark := range []string{titleMark, headMark, bodyMark} {
		if strings.Count(s, mark) != 1 {
			return cellFrame{}, false
		}
	}
	title, head, body := strings.Index(s, titleMark), strings.Index(s, headMark), strings.Index(s, bodyMark)
	if title > head || head+len(headMark) != body {
		return cellFrame{}, false
	}
	return cellFrame{before: s[:title], between: s[title+len(titleMark) : head], after: s[body+len(bodyMark):]}, true
}

// head puts together the part of a cell page before its body, with room
// for size bytes more.
func (f cellFrame) head(title string, header template.HTML, size int) []byte {
	title = escapeHTML(title)
	page := make([]byte, 0, len(f.before)+len(title)+len(f.between)+len(header)+size)
	return append(append(append(append(page, f.before...), title...), f.between...), header...)
}

// reused puts a cell page together from its header and a body kept from
// an earlier page; it returns the page and the length of its header.
func (f cellFrame) reused(title string, header template.HTML, body []byte) ([]byte, int) {
	page := f.head(title, header, len(body))
	return append(page, body...), len(page)
}

// fresh puts a cell page together from its header and body; it returns
// the page and the length of its header.
func (f cellFrame) fresh(title string, header, body template.HTML) ([]byte, int) {
	return f.freshWith(title, header, len(body), func(b []byte) []byte { return append(b, body...) })
}

// freshWith is fresh with the body appended by body, about size bytes:
// the page is made with room for it, and copied to its size when the body
// outgrew the room by much (its texts needed escaping).
func (f cellFrame) freshWith(title string, header template.HTML, size int, body func([]byte) []byte) ([]byte, int) {
	page := f.head(title, header, size+len(f.after))
	n := len(page)
	page = append(body(page), f.after...)
	if cap(page)-len(page) > 1<<20 {
		page = slices.Clone(page)
	}
	return page, n
}
