package site

import (
	"fmt"
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
<td data-value="{{.Words}}">{{.Words}}</td>
{{- if .HasExample}}
<td data-value="{{.Run}}">{{.Run}}</td>
<td data-value="{{.Overlap}}">{{.OverlapPct}} <span class="muted">({{.Shared}}/{{.Distinct}})</span></td>
{{- else}}
<td data-value="-1">–</td><td data-value="-1">–</td>
{{- end}}
<td><span class="badge badge-{{lower .Verdict}}">{{.Verdict}}</span></td>
<td>{{.Rules}}</td>
{{range .Gates}}<td data-value="{{.Value}}"><span class="badge badge-{{lower .Label}}">{{.Label}}</span> {{.Summary}}</td>
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
			rows = append(rows, newRow(c, ""))
		}
	}
	for _, root := range []string{"", "../"} {
		var want strings.Builder
		if err := tmpl.Execute(&want, map[string]any{"Rows": rows, "Root": root}); err != nil {
			t.Fatal(err)
		}
		if got := string(resultRowsHTML(rows, root)); got != want.String() {
			t.Fatalf("root %q: rows differ from the template's\ngot:  %s\nwant: %s", root, got, want.String())
		}
	}
}
