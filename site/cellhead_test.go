package site

import (
	"context"
	"html/template"
	"os"
	"strings"
	"testing"

	"github.com/evalpress/evalpress/redact"
	"github.com/evalpress/evalpress/redact/public"
	"github.com/evalpress/evalpress/redact/public/publictest"
	"github.com/evalpress/evalpress/reports/criteria"
	"github.com/evalpress/evalpress/reports/inputs"
)

// cellHeadTemplate is a cell page's header as the template wrote it before
// cellHeaderHTML: the oracle for its escaping.
const cellHeadTemplate = `{{with .Cell}}
<nav class="crumbs" aria-label="Breadcrumb"><a href="{{$.Root}}results.html#{{.Row.Anchor}}">C5 results</a> › {{.Row.Writer}} › {{.Row.Section}}</nav>
<h1>{{.Row.Writer}}, {{.Row.Section}} <span class="badge badge-{{lower .Row.Verdict}}">{{.Row.Verdict}}</span></h1>
<ul class="verdict-lines">
{{range .Checks}}<li class="{{.Class}}">{{.Text}}</li>
{{end}}<li>Compared with example variant {{.Row.Variant}} of {{.Row.Variants}} (the worst), {{.Row.Words}} words in the section.</li>
</ul>
{{- if .Row.Excerpt}}
<p class="excerpt">Longest run, normalised as measured: <q>{{.Row.Excerpt}}</q></p>
{{- end}}
{{end}}`

// TestCellHeaderMatchesTheTemplate renders headers of cells with hostile
// names and excerpts, passing and failing, for both audiences, with the
// template and with cellHeaderHTML: the same bytes.
func TestCellHeaderMatchesTheTemplate(t *testing.T) {
	tmpl := template.Must(template.New("head").Funcs(funcs).Parse(cellHeadTemplate))
	names := []string{"Model 1", `<script>alert("x")</script>`, "O'Brien & Sons + co", "Überblick ☃", "nul\x00byte", "ACT 2 / 3? #4 %41 %zz"}
	p := &public.Public{Thresholds: public.Thresholds{MaxRun: 12, MaxOverlap: 0.1, NGram: 8}}
	for i, writer := range names {
		for j, section := range names {
			// The run fails for even j, the overlap for i a multiple of 3.
			run, overlap := 3+j, float64(i)/100
			if j%2 == 0 {
				run += 12
			}
			if i%3 == 0 {
				overlap += 0.5
			}
			c := public.Cell{Writer: writer, Section: section, HasExample: true, Words: 100 + i, Run: run, Overlap: overlap,
				Shared: i, Distinct: 9, Variant: 1 + i%2, Variants: 2, Slug: "c-" + names[(i+j)%len(names)]}
			publictest.JudgeCell(&c, p.Thresholds)
			if c.Outcome(criteria.C5).Fail() {
				c.Excerpt = names[(i+2*j)%len(names)] + " words & more"
			}
			for _, internal := range []bool{false, true} {
				cp := &cellPage{Row: newRow(c, "../")}
				cp.Checks = checks(c)
				// C5's two rules, then G1's line (no target: unscored).
				if len(cp.Checks) != 3 || cp.Checks[0].Failed != (j%2 == 0) || cp.Checks[1].Failed != (i%3 == 0) || cp.Checks[2].Class() != "unscored" {
					t.Fatalf("checks %+v", cp.Checks)
				}
				var want strings.Builder
				data := &pageData{Site: &siteData{Internal: internal}, Root: "../", Cell: cp}
				if err := tmpl.Execute(&want, data); err != nil {
					t.Fatal(err)
				}
				if got := string(cellHeaderHTML(cp, "../", internal)); got != want.String() {
					t.Fatalf("writer %q, section %q, internal %v:\n got %q\nwant %q", writer, section, internal, got, want.String())
				}
			}
		}
	}
}

// cellBodyTemplate is a cell page's body as the template wrote it before
// cellBodyHTML: the oracle for its escaping.
const cellBodyTemplate = `{{with .Cell}}{{if $.Site.Internal}}{{else}}<p class="note">Public build: the texts are private, so each word shows as a bar ▬ (longer words, more bars). Runs keep their places and lengths; punctuation and other characters inside a run show as ·, a stripped mandated phrase as [mandated phrase].</p>
{{end}}<div class="run-help" id="run-help">Runs are numbered longest first. Hover or focus a run to see its counterpart; select it to bring the counterpart into view; press <kbd>n</kbd> and <kbd>p</kbd> to step through runs. The narrow bar beside each text is a map of that text, top to bottom, with a mark where each run falls.</div>
<div class="legend" aria-label="Runs">{{.LegendHTML}}</div>
<dl class="legend-key">
<dt><span class="chip bridge-chip">· bridged</span></dt><dd>punctuation or other characters inside a run: C5 compares words only, so the run continues across them</dd>
<dt><span class="chip stripped-chip">[mandated phrase]</span></dt><dd>a phrase the outline requires, removed from both texts before measuring: it never counts as copying</dd>
</dl>
<div class="pair" data-runs="{{len .Row.Runs}}">
<section class="side" aria-labelledby="side-s">
<h2 id="side-s">Section ({{.Row.Writer}})</h2>
<div class="side-body"><div class="minimap" aria-hidden="true" title="Map of the section: where its runs fall, top to bottom">{{.SectionMap}}</div>
<div class="text{{if $.Site.Internal}}{{else}} masked{{end}}" data-side="s">{{.SectionHTML}}</div></div>
</section>
<section class="side" aria-labelledby="side-e">
<h2 id="side-e">Example, variant {{.Row.Variant}}</h2>
<div class="side-body"><div class="minimap" aria-hidden="true" title="Map of the example: where its runs fall, top to bottom">{{.ExampleMap}}</div>
<div class="text{{if $.Site.Internal}}{{else}} masked{{end}}" data-side="e">{{.ExampleHTML}}</div></div>
</section>
</div>
<h2 id="runs">Runs</h2>
<div class="table-wrap">
<table class="runs sortable" id="runs-table">
<caption>Maximal shared runs of at least {{$.Site.Public.Thresholds.MinRun}} words, and the longest run whatever its length.</caption>
<thead><tr>
<th scope="col" aria-sort="none"><button type="button" data-sort="number">Run</button></th>
<th scope="col" aria-sort="none"><button type="button" data-sort="number">Words</button></th>
<th scope="col" aria-sort="none"><button type="button" data-sort="number">Section word</button></th>
<th scope="col" aria-sort="none"><button type="button" data-sort="number">Example word</button></th>
<th scope="col">Text (normalised)</th></tr></thead>
<tbody>{{.RunRowsHTML}}
</tbody>
</table>
</div>
<h2 id="diff">Word diff</h2>
<p class="diff-legend">From the example to the section, word by word as C5 compares them: <ins>added by the writer</ins>, <del>left out from the example</del>, and unmarked where the two agree.</p>
<div class="diff text{{if $.Site.Internal}}{{else}} masked{{end}}">{{.DiffHTML}}</div>
<nav class="pager" aria-label="Cells">{{if .Prev}}<a href="{{.Prev}}" rel="prev">← {{.PrevName}}</a>{{end}} {{if .Next}}<a href="{{.Next}}" rel="next">{{.NextName}} →</a>{{end}}</nav>
{{end}}`

// hostileCellPage is a cell page whose names, links and numbers test the
// escaping: i picks them.
func hostileCellPage(i int) *cellPage {
	names := []string{"Model 1", `<script>alert("x")</script>`, "O'Brien & Sons + co", "Überblick ☃", "nul\x00byte", "ACT 2 / 3? #4 %41 %zz"}
	links := []string{"", "model-1--act-2.html", "javascript:alert(1)", "überblick--a b.html", "a%41b%zz.html", "HTTPS://x.example/y?z#w", "mailto:a@b", "x/y:z.html"}
	name := func(k int) string { return names[k%len(names)] }
	c := public.Cell{Writer: name(i), Section: name(i + 1), HasExample: true, Variant: 1 + i%3, Variants: 3}
	for k := range i % 4 {
		c.Runs = append(c.Runs, public.Run{ID: k + 1, Words: 9 - k})
	}
	cp := &cellPage{Row: newRow(c, "../"), Prev: links[i%len(links)], PrevName: name(i + 2), Next: links[(i+3)%len(links)], NextName: name(i + 3)}
	if i%2 == 0 {
		cp.LegendHTML, cp.SectionMap, cp.ExampleMap = `<a class="run rc0 chip" href="#run-1">R1 9w</a>`, `<a class="tick"></a>`, `<a class="tick e"></a>`
		cp.SectionHTML, cp.ExampleHTML = "▬▬ <mark>▬</mark>", "a <b>&amp;</b>"
		cp.RunRowsHTML, cp.DiffHTML = "\n<tr id=\"run-1\"><td>R1</td></tr>", `<ins>▬</ins><del>▬▬</del>`
	}
	return cp
}

// TestCellBodyMatchesTheTemplate renders bodies of cells with hostile
// names and links, with and without runs and neighbours, for both
// audiences, with the template and with cellBodyHTML: the same bytes.
func TestCellBodyMatchesTheTemplate(t *testing.T) {
	tmpl := template.Must(template.New("body").Funcs(funcs).Parse(cellBodyTemplate))
	for i := range 48 {
		cp := hostileCellPage(i)
		for _, internal := range []bool{false, true} {
			var want strings.Builder
			data := &pageData{Site: &siteData{Internal: internal, Public: &public.Public{Thresholds: public.Thresholds{MinRun: 3 + i}}}, Root: "../", Cell: cp}
			if err := tmpl.Execute(&want, data); err != nil {
				t.Fatal(err)
			}
			if got := string(cellBodyHTML(cp, internal, 3+i)); got != want.String() {
				t.Fatalf("page %d, internal %v:\n got %q\nwant %q", i, internal, got, want.String())
			}
		}
	}
}

// TestCellPageFromTheFrameMatchesTheLayout puts cell pages together from
// the layout cut around their title, header and body (cellFrame), and
// renders them with the templates: the same bytes, and the header ends
// where the body starts, where the leak scan can read them apart. A body
// kept from a page makes the same page again.
func TestCellPageFromTheFrameMatchesTheLayout(t *testing.T) {
	tmpl := template.Must(template.New("").Funcs(funcs).ParseFS(os.DirFS("../templates"), "*.html"))
	scanner, err := redact.NewScanner(&inputs.Folder{Redact: []inputs.Term{{Text: "Quayside Orbit 7", File: "redact.txt", Line: 1}}}, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, internal := range []bool{false, true} {
		p := &public.Public{Title: `Bench <"&'+> ☃`, Thresholds: public.Thresholds{MaxRun: 12, MaxOverlap: 0.1, NGram: 8, MinRun: 8}}
		if internal {
			p.Audience = public.AudienceInternal
		}
		sd := &siteData{Title: p.Title, Public: p, Internal: internal, ThresholdNote: "a longest run of 9 words & more",
			Nav: []navItem{{Title: "Overview", Path: "index.html"}, {Title: "C5 results", Path: "results.html"}}}
		render := newRenderer(context.Background(), tmpl, "templates")
		frame, ok := newCellFrame(render, sd)
		if !ok {
			t.Fatal("the built-in layout cannot be cut around a cell page's title, header and body")
		}
		for i := range 16 {
			cp := hostileCellPage(i)
			cp.HeaderHTML = cellHeaderHTML(cp, "../", internal)
			cp.BodyHTML = cellBodyHTML(cp, internal, 8)
			title := cp.Row.Writer + ", " + cp.Row.Section
			want, err := render("cell.html", &pageData{Site: sd, Path: "cells/c.html", Root: "../", Title: title, Cell: cp})
			if err != nil {
				t.Fatal(err)
			}
			got, header := frame.fresh(title, cp.HeaderHTML, cp.BodyHTML)
			if string(got) != string(want) {
				t.Fatalf("page %d, internal %v, put together:\n%q\nrendered:\n%q", i, internal, got, want)
			}
			if header != splitCellPage(want) {
				t.Errorf("page %d: header of %d bytes, the page's body starts at %d", i, header, splitCellPage(want))
			}
			// The leak scan reads the header apart from the body, so a
			// threshold-only rebuild may scan the header and only the
			// start of the body (redact.Scanner.ScanCertified).
			if leaks, window := scanner.ScanCertified("cells/c.html", got, header); len(leaks) > 0 || window < 0 {
				t.Errorf("page %d, internal %v: the body may not be reused (leaks %v, window %d)", i, internal, leaks, window)
			}
			again, n := frame.reused(title, cp.HeaderHTML, got[header:])
			if string(again) != string(want) || n != header {
				t.Errorf("page %d: put together again from its body, a different page", i)
			}
		}
	}
}
