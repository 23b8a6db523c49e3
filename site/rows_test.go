package site

import (
	"fmt"
	"github.com/evalpress/evalpress/reports/criteria"
	"html/template"
	"strings"
	"testing"

	"github.com/evalpress/evalpress/redact/public"
	"github.com/evalpress/evalpress/redact/public/publictest"
)

// rowsTemplate is the results table's rows as the template wrote them
// before resultRowsHTML: the oracle for its escaping.
const rowsTemplate = `{{- range .Rows}}
<tr id="{{.Anchor}}" data-verdict="{{.Verdict}}">
<td>{{.Writer}}</td><td>{{.Section}}</td>
<td>{{.Words}}</td>
{{- if .HasExample}}
<td>{{.Run}}</td>
<td data-value="{{.Overlap}}">{{.OverlapPct}} <span class="muted">({{.Shared}}/{{.Distinct}})</span></td>
{{- else}}
<td data-value="-1">–</td><td data-value="-1">–</td>
{{- end}}
<td data-verdict="{{.Verdict}}"><span class="badge badge-{{lower .Verdict}}">{{.Verdict}}</span></td>
<td>{{.Rules}}</td>
{{range .Others}}<td data-value="{{.Value}}" data-verdict="{{.Label}}"><span class="badge badge-{{lower .Label}}">{{.Label}}</span> {{.Summary}}</td>
{{end}}<td>{{if .Page}}<a href="{{$.Root}}{{.Page}}">view runs</a>{{end}} <a class="permalink" href="#{{.Anchor}}" aria-label="Permalink to {{.Writer}}, {{.Section}}">¶</a></td>
</tr>
{{- end}}`

func TestResultRowsMatchTheTemplate(t *testing.T) {
	tmpl := template.Must(template.New("rows").Funcs(funcs).Parse(rowsTemplate))
	names := []string{"Model 1", `<script>alert("x")</script>`, "O'Brien & Sons + co", "Überblick ☃", "nul\x00byte", "ACT 2 / 3? #4 %41 %zz"}
	var rows []cellRow
	for i, writer := range names {
		for j, section := range names {
			c := public.Cell{Writer: writer, Section: section, HasExample: (i+j)%3 != 0, Words: 100 + i, Run: j,
				Overlap: float64(i) / 7, Shared: i, Distinct: 9, Slug: fmt.Sprintf("c%d-%d-über!/#?", i, j)}
			if j%2 == 0 {
				c.Run += 20
			}
			publictest.JudgeCell(&c, public.Thresholds{MaxRun: 12, MaxOverlap: 1, NGram: 8})
			if j%4 == 1 {
				c.RunView = true
			}
			rows = append(rows, newRow(criteria.Default(), c, ""))
		}
	}
	for _, root := range []string{"", "../"} {
		var want strings.Builder
		if err := tmpl.Execute(&want, map[string]any{"Rows": rows, "Root": root}); err != nil {
			t.Fatal(err)
		}
		if got := string(resultRowsHTML(rows, root, false)); got != want.String() {
			t.Fatalf("root %q: rows differ from the template's\ngot:  %s\nwant: %s", root, got, want.String())
		}
	}
}

// gridTemplate is the grid's rows as the template wrote them before
// gridRowsHTML: the oracle for its escaping.
const gridTemplate = `{{- $root := .Root}}
{{- range .Rows}}
<tr><th scope="row">{{.Section}}</th>
{{- range .Cells}}
{{- if not .Present}}<td class="grid-cell none">–</td>
{{- else if not .HasExample}}<td class="grid-cell none">no example</td>
{{- else}}<td class="grid-cell {{if .Fail}}fail{{else}}pass{{end}}">
{{- if .Page}}<a href="{{$root}}{{.Page}}" title="{{.Writer}}, {{.Section}}: the run view">{{end}}
{{- if .RunFails}}<strong>{{.Run}}</strong>{{else}}{{.Run}}{{end}} / {{if .OverlapFail}}<strong>{{.Overlap}}</strong>{{else}}{{.Overlap}}{{end}}
{{- if .Page}}</a>{{end}}
{{- if .Fail}} <span class="grid-mark">✗ FAIL</span>{{else}} <span class="grid-mark pass-mark">pass</span>{{end}}</td>
{{- end}}
{{- end}}</tr>
{{- end}}`

// TestGridRowsMatchTheTemplate renders grids of cells with hostile names,
// absent cells, cells without example and failing rules, for pages at the
// root and in a folder, with the template and with gridRowsHTML.
func TestGridRowsMatchTheTemplate(t *testing.T) {
	tmpl := template.Must(template.New("grid").Funcs(funcs).Parse(gridTemplate))
	names := []string{"Model 1", `<script>alert("x")</script>`, "O'Brien & Sons + co", "Überblick ☃", "nul\x00byte", "ACT 2 / 3? #4 %41 %zz"}
	var rows []gridRow
	for i, section := range names {
		row := gridRow{Section: section}
		for j, writer := range names {
			k := i*len(names) + j
			c := gridCell{Present: k%7 != 3, HasExample: k%5 != 2, Writer: writer, Section: section, Run: k, Overlap: fmt.Sprintf("%d.%d%%", k, j),
				RunFails: k%2 == 0, OverlapFail: k%3 == 0, Fail: k%2 == 0 || k%3 == 0}
			if k%4 != 1 {
				c.Page = "cells/" + strings.ToLower(names[(k+1)%len(names)]) + ".html"
			}
			row.Cells = append(row.Cells, c)
		}
		rows = append(rows, row)
	}
	for _, root := range []string{"", "../"} {
		var want strings.Builder
		if err := tmpl.Execute(&want, map[string]any{"Root": root, "Rows": rows}); err != nil {
			t.Fatal(err)
		}
		if got := string(gridRowsHTML(rows, root)); got != want.String() {
			t.Fatalf("root %q:\n got %q\nwant %q", root, got, want.String())
		}
	}
}
