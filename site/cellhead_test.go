package site

import (
	"html/template"
	"strings"
	"testing"

	"github.com/evalpress/evalpress/redact/public"
	"github.com/evalpress/evalpress/redact/public/publictest"
	"github.com/evalpress/evalpress/reports/criteria"
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
{{- if $.Site.Internal}}{{else}}
<p class="note">Public build: the texts are private, so each word shows as a bar ▬ (longer words, more bars). Runs keep their places and lengths; punctuation and other characters inside a run show as ·, a stripped mandated phrase as [mandated phrase].</p>
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
