package site

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"html/template"
	"strconv"
	"strings"

	"github.com/evalpress/evalpress/redact/public"
)

// ResultsJudged is the judged tier in data/results.json: its judges,
// labellers, thresholds and per judge, writer and criterion counts.
type ResultsJudged struct {
	Judges     []public.JudgedJudge `json:"judges"`
	Labellers  []string             `json:"labellers"`
	Sections   []string             `json:"sections"`
	Thresholds struct {
		C1MinPresent     int     `json:"c1_min_present"`
		C2MaxUndeveloped float64 `json:"c2_max_undeveloped"`
	} `json:"thresholds"`
	Rates []ResultsJudgedRate `json:"rates"`
}

// ResultsJudgedRate is one judge's calls on one criterion for one writer.
type ResultsJudgedRate struct {
	Judge     string `json:"judge"`
	Model     string `json:"model"`
	Criterion string `json:"criterion"`
	Pass      int    `json:"pass"`
	Fail      int    `json:"fail"`
	Ambiguous int    `json:"ambiguous"`
	Unscored  int    `json:"unscored"`
	Missing   int    `json:"missing"`
}

// ResultsGrade is one judge's or labeller's verdicts on a cell.
type ResultsGrade struct {
	By       string                       `json:"by"`
	Labeller bool                         `json:"labeller,omitempty"`
	Sample   string                       `json:"sample,omitempty"`
	Missing  bool                         `json:"missing,omitempty"`
	Criteria map[string]ResultsJudgedCall `json:"criteria"`
}

// ResultsJudgedCall is one criterion's verdict with its raw count.
type ResultsJudgedCall struct {
	Verdict string `json:"verdict"`
	Reason  string `json:"reason,omitempty"`
	N       *int   `json:"n,omitempty"`
	Of      *int   `json:"of,omitempty"`
}

func judgedResults(j *public.Judged) *ResultsJudged {
	if j == nil {
		return nil
	}
	r := &ResultsJudged{Judges: j.Judges, Labellers: append([]string{}, j.Labellers...), Sections: append([]string{}, j.Sections...), Rates: []ResultsJudgedRate{}}
	r.Thresholds.C1MinPresent, r.Thresholds.C2MaxUndeveloped = j.C1MinPresent, j.C2MaxUndeveloped
	for _, p := range j.Rates {
		r.Rates = append(r.Rates, ResultsJudgedRate{Judge: p.Judge, Model: p.Writer, Criterion: p.Criterion,
			Pass: p.Pass, Fail: p.Fail, Ambiguous: p.Ambiguous, Unscored: p.Unscored, Missing: p.Missing})
	}
	return r
}

func judgedGrades(c public.Cell) []ResultsGrade {
	var out []ResultsGrade
	for _, g := range c.Judged {
		rg := ResultsGrade{By: g.By, Labeller: g.Labeller, Sample: g.Sample, Missing: g.Missing, Criteria: map[string]ResultsJudgedCall{}}
		for _, o := range g.Outcomes {
			call := ResultsJudgedCall{Verdict: o.Verdict}
			if o.Label != o.Verdict {
				call.Reason = o.Label
			}
			if o.HasCount {
				n, of := o.N, o.Of
				call.N, call.Of = &n, &of
			}
			rg.Criteria[o.Criterion] = call
		}
		out = append(out, rg)
	}
	return out
}

// judgedCSV writes data/judged.csv: one row per cell, judge or labeller and
// criterion.
func judgedCSV(p *public.Public) ([]byte, error) {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.Write([]string{"writer", "section", "by", "role", "sample", "criterion", "verdict", "reason", "count", "of"})
	for _, c := range p.Cells {
		for _, g := range c.Judged {
			role := "judge"
			if g.Labeller {
				role = "labeller"
			}
			for _, o := range g.Outcomes {
				n, of, reason := "", "", ""
				if o.HasCount {
					n, of = strconv.Itoa(o.N), strconv.Itoa(o.Of)
				}
				if o.Label != o.Verdict {
					reason = o.Label
				}
				w.Write([]string{c.Writer, c.Section, g.By, role, g.Sample, o.Criterion, o.Verdict, reason, n, of})
			}
		}
	}
	w.Flush()
	return b.Bytes(), w.Error()
}

// judgedCall formats an outcome as a table cell: the verdict (or reason)
// and the raw count.
func judgedCall(o public.JudgedOutcome) string {
	if o.HasCount {
		return fmt.Sprintf("%s (%d of %d)", o.Label, o.N, o.Of)
	}
	return o.Label
}

// judgedRate formats a rate: "4 of 5 pass (1 ambiguous)".
func judgedRate(r public.JudgedRate) string {
	s := fmt.Sprintf("%d of %d pass", r.Pass, r.Pass+r.Fail)
	var extra []string
	for _, e := range []struct {
		n    int
		what string
	}{{r.Ambiguous, "ambiguous"}, {r.Unscored, "unscored"}, {r.Missing, "missing"}} {
		if e.n > 0 {
			extra = append(extra, fmt.Sprintf("%d %s", e.n, e.what))
		}
	}
	if len(extra) > 0 {
		s += " (" + strings.Join(extra, ", ") + ")"
	}
	return s
}

// judgedTable is one judge's tables on the judged-tier page.
type judgedTable struct {
	Judge public.JudgedJudge
	Rates []judgedRow // per writer: one cell per criterion
	Cells []judgedRow // per writer and section
}

type judgedRow struct {
	Writer, Section, Page string
	Calls                 []string
}

// judgedTables arranges the judged tier per judge: never averaged across
// judges and never summed into one score.
func judgedTables(p *public.Public) []judgedTable {
	if p.Judged == nil {
		return nil
	}
	var out []judgedTable
	for _, j := range p.Judged.Judges {
		t := judgedTable{Judge: j}
		for _, w := range p.Writers {
			row := judgedRow{Writer: w.Alias}
			any := false
			for _, id := range p.Judged.Criteria {
				call := ""
				for _, r := range p.Judged.Rates {
					if r.Judge == j.ID && r.Writer == w.Alias && r.Criterion == id {
						call, any = judgedRate(r), true
					}
				}
				row.Calls = append(row.Calls, call)
			}
			if any {
				t.Rates = append(t.Rates, row)
			}
		}
		for _, c := range p.Cells {
			for _, g := range c.Judged {
				if g.Labeller || g.By != j.ID {
					continue
				}
				row := judgedRow{Writer: c.Writer, Section: c.Section, Page: cellPath(c)}
				for _, o := range g.Outcomes {
					row.Calls = append(row.Calls, judgedCall(o))
				}
				t.Cells = append(t.Cells, row)
			}
		}
		out = append(out, t)
	}
	return out
}

var judgedCellTemplate = template.Must(template.New("judged-cell").Parse(`<section class="judged" aria-labelledby="judged-h">
<h2 id="judged-h">Judged criteria</h2>
<div class="table-wrap">
<table class="judged-cell">
<thead><tr><th scope="col">Judge or labeller</th>{{range .Criteria}}<th scope="col">{{.}}</th>{{end}}</tr></thead>
<tbody>
{{- range .Grades}}
<tr><th scope="row">{{.Name}}{{if .Sample}} ({{.Sample}}){{end}}</th>{{range .Calls}}<td>{{.}}</td>{{end}}</tr>
{{- end}}
</tbody>
</table>
</div>
{{- range .Grades}}{{if .Analysis}}
<details class="analysis"><summary>{{.Name}}: analysis</summary><pre>{{.Analysis}}</pre></details>
{{- end}}{{end}}
</section>
`))

// judgedCellHTML renders the judged verdicts of a cell for its page, empty
// when it has none. The analysis is in the view only for internal builds.
func judgedCellHTML(c public.Cell) string {
	if len(c.Judged) == 0 {
		return ""
	}
	var criteria []string
	for _, o := range c.Judged[0].Outcomes {
		criteria = append(criteria, o.Criterion)
	}
	type grade struct {
		Name, Sample, Analysis string
		Calls                  []string
	}
	data := struct {
		Criteria []string
		Grades   []grade
	}{Criteria: criteria}
	for _, g := range c.Judged {
		gr := grade{Name: g.Name, Sample: g.Sample, Analysis: g.Analysis}
		for _, o := range g.Outcomes {
			gr.Calls = append(gr.Calls, judgedCall(o))
		}
		data.Grades = append(data.Grades, gr)
	}
	var b strings.Builder
	if err := judgedCellTemplate.Execute(&b, data); err != nil {
		return ""
	}
	return b.String()
}

// judgedChanges lists the judged verdicts that flipped since the baseline,
// as C5 flips are listed: the rule is the criterion and the judge.
func judgedChanges(p *public.Public, base *Results) []Change {
	if base == nil {
		return nil
	}
	before := map[[4]string]string{}
	for _, c := range base.Cells {
		for _, g := range c.Judged {
			for id, call := range g.Criteria {
				before[[4]string{c.Model, c.Section, g.By, id}] = call.Verdict
			}
		}
	}
	var out []Change
	for _, c := range p.Cells {
		for _, g := range c.Judged {
			for _, o := range g.Outcomes {
				b, ok := before[[4]string{c.Writer, c.Section, g.By, o.Criterion}]
				if !ok || b == o.Verdict {
					continue
				}
				out = append(out, Change{Model: c.Writer, Section: c.Section, Before: b, After: o.Verdict, Rules: []string{o.Criterion + " by " + g.Name}})
			}
		}
	}
	return out
}
