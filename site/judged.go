package site

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"html/template"
	"slices"
	"strconv"
	"strings"

	"github.com/evalpress/evalpress/redact/public"
	"github.com/evalpress/evalpress/reports/criteria"
)

// ResultsJudged is the judged tier in data/results.json: its judges (with
// whether their verdicts are results), labellers, thresholds and, for the
// valid judges, per judge, writer and criterion counts. An invalid judge's
// verdicts are in Diagnostic only, each entry marked as no result.
type ResultsJudged struct {
	Judges     []public.JudgedJudge `json:"judges"`
	Labellers  []string             `json:"labellers"`
	Sections   []string             `json:"sections"`
	Thresholds struct {
		C1MinPresent     int     `json:"c1_min_present"`
		C2MaxUndeveloped float64 `json:"c2_max_undeveloped"`
	} `json:"thresholds"`
	Rates      []ResultsJudgedRate `json:"rates"`
	Diagnostic []ResultsDiagnostic `json:"diagnostic"`
	// Types are the section types, each with the pass lines its sections
	// are judged by and the valid judges' calls on them; absent without
	// section types.
	Types []ResultsJudgedType `json:"types,omitempty"`
}

// ResultsJudgedType is one section type of the judged tier.
type ResultsJudgedType struct {
	Type             string              `json:"type"`
	Sections         []string            `json:"sections"`
	C1MinPresent     int                 `json:"c1_min_present"`
	C2MaxUndeveloped float64             `json:"c2_max_undeveloped"`
	Rates            []ResultsJudgedRate `json:"rates"`
}

// ResultsDiagnostic is an invalid judge's verdicts: never a result.
type ResultsDiagnostic struct {
	Judge   string                  `json:"judge"`
	Name    string                  `json:"name"`
	Status  string                  `json:"status"` // always diagnosticStatus
	Reasons []string                `json:"reasons"`
	Rates   []ResultsJudgedRate     `json:"rates"`
	Cells   []ResultsDiagnosticCell `json:"cells"`
}

// ResultsDiagnosticCell is an invalid judge's verdicts on one cell.
type ResultsDiagnosticCell struct {
	Model    string                       `json:"model"`
	Section  string                       `json:"section"`
	Missing  bool                         `json:"missing,omitempty"`
	Criteria map[string]ResultsJudgedCall `json:"criteria"`
}

// diagnosticStatus marks every diagnostic entry in the data files.
const diagnosticStatus = "diagnostic only: no result"

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
	// FailLow and FailHigh bound the share of the scored calls that are
	// FAIL (95%, Wilson); null when none is scored.
	FailLow  *float64 `json:"fail_low"`
	FailHigh *float64 `json:"fail_high"`
}

// ResultsGrade is one judge's or labeller's verdicts on a cell.
type ResultsGrade struct {
	By       string                       `json:"by"`
	Labeller bool                         `json:"labeller,omitempty"`
	Sample   string                       `json:"sample,omitempty"`
	Missing  bool                         `json:"missing,omitempty"`
	Criteria map[string]ResultsJudgedCall `json:"criteria"`
	// Additions is a judge's C4: its candidate additions by a human's
	// class; Groups its STEP 2 groups with the kinds of move named.
	Additions *public.Additions `json:"additions,omitempty"`
	Groups    []ResultsGroup    `json:"groups,omitempty"`
}

// ResultsGroup is one beat group of a judge's STEP 2.
type ResultsGroup struct {
	Moves     []string `json:"moves"`
	Developed bool     `json:"developed"`
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
	r.Rates = resultsRates(j.Rates)
	for _, t := range j.Types {
		r.Types = append(r.Types, ResultsJudgedType{Type: t.Type, Sections: t.Sections, C1MinPresent: t.C1MinPresent,
			C2MaxUndeveloped: t.C2MaxUndeveloped, Rates: resultsRates(t.Rates)})
	}
	r.Diagnostic = []ResultsDiagnostic{}
	for _, d := range j.Diagnostic {
		rd := ResultsDiagnostic{Judge: d.Judge, Name: d.Name, Status: diagnosticStatus, Reasons: append([]string{}, d.Reasons...),
			Rates: resultsRates(d.Rates), Cells: []ResultsDiagnosticCell{}}
		for _, c := range d.Cells {
			rd.Cells = append(rd.Cells, ResultsDiagnosticCell{Model: c.Writer, Section: c.Section, Missing: c.Missing, Criteria: resultsCalls(c.Outcomes)})
		}
		r.Diagnostic = append(r.Diagnostic, rd)
	}
	return r
}

func resultsRates(rates []public.JudgedRate) []ResultsJudgedRate {
	out := []ResultsJudgedRate{}
	for _, p := range rates {
		r := ResultsJudgedRate{Judge: p.Judge, Model: p.Writer, Criterion: p.Criterion,
			Pass: p.Pass, Fail: p.Fail, Ambiguous: p.Ambiguous, Unscored: p.Unscored, Missing: p.Missing}
		r.FailLow, r.FailHigh = failBounds(p.Pass+p.Fail, p.FailLow, p.FailHigh)
		out = append(out, r)
	}
	return out
}

// resultsCalls are a grade's outcomes by criterion, as results.json holds
// them.
func resultsCalls(outcomes []public.JudgedOutcome) map[string]ResultsJudgedCall {
	m := map[string]ResultsJudgedCall{}
	for _, o := range outcomes {
		call := ResultsJudgedCall{Verdict: o.Verdict}
		if o.Label != o.Verdict {
			call.Reason = o.Label
		}
		if o.HasCount {
			n, of := o.N, o.Of
			call.N, call.Of = &n, &of
		}
		m[o.Criterion] = call
	}
	return m
}

func judgedGrades(c public.Cell) []ResultsGrade {
	var out []ResultsGrade
	for _, g := range c.Judged {
		rg := ResultsGrade{By: g.By, Labeller: g.Labeller, Sample: g.Sample, Missing: g.Missing, Criteria: resultsCalls(g.Outcomes), Additions: g.Additions}
		for _, gr := range g.Groups {
			rg.Groups = append(rg.Groups, ResultsGroup{Moves: append([]string{}, gr.Moves...), Developed: gr.Developed})
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

// judgeStatus is what stands beside a judge's name wherever its verdicts
// appear: whether they are results, why not, what is noted, and its
// agreement with each labeller per criterion (kappa, interval, percent)
// with the human ceiling, the full table one link away.
type judgeStatus struct {
	ID, Name string
	Valid    bool
	Reasons  []string
	Notes    []string
	// Agreement holds one row per labeller, a cell per judged criterion.
	Agreement []statusRow
	// Ceiling is the labellers' agreement per criterion, in the order of
	// Criteria.
	Ceiling  []string
	Criteria []string
}

// statusRow is a judge's agreement with one labeller, per criterion.
type statusRow struct {
	Labeller string
	Cells    []string
}

// Word returns the status in one word.
func (s judgeStatus) Word() string { return statusWord(s.Valid) }

// Rest returns what follows Word in the status phrase (statusPhrase).
func (s judgeStatus) Rest() string { return statusRest(s.Valid, s.Reasons, s.Notes) }

// Phrase returns the status phrase (statusPhrase).
func (s judgeStatus) Phrase() string { return s.Word() + s.Rest() }

// statusOf returns judge id's status, from the view's validation; ok is
// false when the validation does not know the judge.
func statusOf(p *public.Public, id string) (judgeStatus, bool) {
	v := &p.Validation
	j := v.Judge(id)
	if j == nil {
		return judgeStatus{}, false
	}
	st := judgeStatus{ID: j.ID, Name: j.Name, Valid: j.Valid, Reasons: j.Reasons, Notes: j.Notes, Criteria: v.Criteria}
	for _, l := range v.Labellers {
		row := statusRow{Labeller: l.Name}
		any := false
		for _, c := range v.Criteria {
			cell := "not labelled"
			switch {
			case j.Withheld:
				cell = "withheld"
			case !slices.Contains(l.Criteria, c):
			default:
				for _, a := range j.Pairs {
					if a.B == l.ID && a.Criterion == c {
						cell, any = shortAgreement(a), true
					}
				}
			}
			row.Cells = append(row.Cells, cell)
		}
		if any || j.Withheld {
			st.Agreement = append(st.Agreement, row)
		}
	}
	for _, c := range v.Criteria {
		st.Ceiling = append(st.Ceiling, shortCeiling(*v, c))
	}
	return st, true
}

// shortAgreement writes one agreement for a table cell: kappa with its
// interval, and the percent agreement beside it.
func shortAgreement(a public.Agreement) string {
	k := "κ undefined"
	switch {
	case a.HasKappa && a.HasInterval:
		k = fmt.Sprintf("κ = %s (95%% CI %s to %s)", signed(a.Kappa), signed(a.Low), signed(a.High))
	case a.HasKappa:
		k = "κ = " + signed(a.Kappa)
	}
	return k + ", " + rateText(a.Agree)
}

// judgedTable is one judge's tables on the judged-tier page.
type judgedTable struct {
	Judge  public.JudgedJudge
	Status judgeStatus
	Rates  []judgedRow // per writer: one cell per criterion
	Cells  []judgedRow // per writer and section
}

type judgedRow struct {
	Writer, Section, Page string
	Calls                 []string
	// Verdicts are the calls' verdicts ("pass", "FAIL", "ambiguous"...),
	// for the table's filters; empty in a row of rates.
	Verdicts []string
}

// judgedTables arranges the judged tier per valid judge: never averaged
// across judges and never summed into one score.
func judgedTables(p *public.Public) []judgedTable {
	if p.Judged == nil {
		return nil
	}
	var out []judgedTable
	for _, j := range p.Judged.Judges {
		if !j.Valid {
			continue
		}
		t := judgedTable{Judge: j}
		t.Status, _ = statusOf(p, j.ID)
		t.Rates = rateRows(p, p.Judged.Rates, j.ID)
		for _, c := range p.Cells {
			for _, g := range c.Judged {
				if g.Labeller || g.By != j.ID {
					continue
				}
				t.Cells = append(t.Cells, cellRowOf(c.Writer, c.Section, cellPath(c), g.Outcomes))
			}
		}
		out = append(out, t)
	}
	return out
}

// rateRows are judge's rates per writer, one cell per criterion.
func rateRows(p *public.Public, rates []public.JudgedRate, judge string) []judgedRow {
	var out []judgedRow
	for _, w := range p.Writers {
		row := judgedRow{Writer: w.Alias}
		any := false
		for _, id := range p.Judged.Criteria {
			call := ""
			for _, r := range rates {
				if r.Judge == judge && r.Writer == w.Alias && r.Criterion == id {
					call, any = judgedRate(r), true
				}
			}
			row.Calls = append(row.Calls, call)
		}
		if any {
			out = append(out, row)
		}
	}
	return out
}

func cellRowOf(writer, section, page string, outcomes []public.JudgedOutcome) judgedRow {
	row := judgedRow{Writer: writer, Section: section, Page: page}
	for _, o := range outcomes {
		row.Calls = append(row.Calls, judgedCall(o))
		row.Verdicts = append(row.Verdicts, o.Verdict)
	}
	return row
}

// diagnosticTable is an invalid judge's verdicts, for the page's
// diagnostic section only.
type diagnosticTable struct {
	Judge  public.DiagnosticJudge
	Status judgeStatus
	Rates  []judgedRow
	Cells  []judgedRow
}

// diagnosticTables arranges the invalid judges' verdicts, each with why
// they are no result.
func diagnosticTables(p *public.Public) []diagnosticTable {
	if p.Judged == nil {
		return nil
	}
	var out []diagnosticTable
	for _, d := range p.Judged.Diagnostic {
		t := diagnosticTable{Judge: d}
		t.Status, _ = statusOf(p, d.Judge)
		if t.Status.ID == "" {
			t.Status = judgeStatus{ID: d.Judge, Name: d.Name, Reasons: d.Reasons}
		}
		t.Rates = rateRows(p, d.Rates, d.Judge)
		for _, c := range d.Cells {
			page := ""
			if c.Index >= 0 && c.Index < len(p.Cells) {
				page = cellPath(p.Cells[c.Index])
			}
			row := cellRowOf(c.Writer, c.Section, page, c.Outcomes)
			t.Cells = append(t.Cells, row)
		}
		out = append(out, t)
	}
	return out
}

var judgedCellTemplate = template.Must(template.New("judged-cell").Parse(`<section class="judged" aria-labelledby="judged-h">
<h2 id="judged-h">Judged criteria</h2>
<div class="table-wrap" tabindex="0" role="region" aria-label="Judged criteria">
<table class="judged-cell">
<thead><tr><th scope="col">Judge or labeller</th><th scope="col">Status</th>{{range .Heads}}<th scope="col">{{.}}</th>{{end}}</tr></thead>
<tbody>
{{- range .Grades}}
<tr><th scope="row">{{.Name}}{{if .Sample}} ({{.Sample}} sample){{end}}</th><td>{{.Status}}</td>{{range .Calls}}<td>{{.}}</td>{{end}}</tr>
{{- if .Groups}}
<tr class="detail-row"><th scope="row" colspan="2">C2 moves named (STEP 2)</th><td colspan="{{len $.Heads}}">{{.Groups}}</td></tr>
{{- end}}
{{- if .Additions}}
<tr class="detail-row"><th scope="row" colspan="2">C4 candidate additions</th><td colspan="{{len $.Heads}}">{{.Additions}}</td></tr>
{{- end}}
{{- range .Agreement}}
<tr class="agreement-row"><th scope="row" colspan="2">agreement with {{.Labeller}}</th>{{range .Cells}}<td>{{.}}</td>{{end}}</tr>
{{- end}}
{{- end}}
{{- if .Ceiling}}
<tr class="ceiling-row"><th scope="row" colspan="2">human ceiling (labeller against labeller)</th>{{range .Ceiling}}<td>{{.}}</td>{{end}}</tr>
{{- end}}
</tbody>
</table>
</div>
<p class="note">A judge's status says whether the protocol allows its verdicts to be reported. The full agreement table is on the <a href="{{.Root}}judged.html#agreement">judged results page</a>.{{if .Diagnostic}} Judges whose verdicts are no result ({{.Diagnostic}}) are shown only in that page's diagnostic section.{{end}}</p>
{{- range .Grades}}{{if .Analysis}}
<details class="analysis"><summary>{{.Name}}: analysis</summary><pre>{{.Analysis}}</pre></details>
{{- end}}{{end}}
</section>
`))

// judgedCellHTML renders the judged verdicts of a cell for its page, empty
// when it has none: each valid judge's and labeller's, every judge's status
// and agreement beside it. The analysis is in the view only for internal
// builds. root leads from the cell page to the site's root.
func judgedCellHTML(c public.Cell, p *public.Public, crit criteria.Set, root string) template.HTML {
	if len(c.Judged) == 0 {
		return ""
	}
	var heads []string
	for _, o := range c.Judged[0].Outcomes {
		heads = append(heads, judgedHead(crit, o.Criterion))
	}
	type grade struct {
		Name, Sample, Analysis, Status string
		Groups, Additions              string
		Calls                          []string
		Agreement                      []statusRow
	}
	data := struct {
		Heads, Ceiling   []string
		Grades           []grade
		Root, Diagnostic string
	}{Heads: heads, Root: root}
	for _, g := range c.Judged {
		gr := grade{Name: g.Name, Sample: g.Sample, Analysis: g.Analysis, Status: "labeller", Groups: groupsText(g.Groups), Additions: additionsText(g.Additions)}
		if !g.Labeller {
			gr.Status = "judge"
			if st, ok := statusOf(p, g.By); ok {
				gr.Status = st.Phrase()
				gr.Agreement = st.Agreement
				data.Ceiling = st.Ceiling
			}
		}
		for _, o := range g.Outcomes {
			gr.Calls = append(gr.Calls, judgedCall(o))
		}
		data.Grades = append(data.Grades, gr)
	}
	if p.Judged != nil {
		var names []string
		for _, d := range p.Judged.Diagnostic {
			names = append(names, d.Name)
		}
		data.Diagnostic = strings.Join(names, ", ")
	}
	var b strings.Builder
	if err := judgedCellTemplate.Execute(&b, data); err != nil {
		return ""
	}
	return template.HTML(b.String())
}

// additionsRow is one judge's candidate additions on one cell, as a human
// classified them.
type additionsRow struct {
	Writer, Section, Page                             string
	Candidates, ScopeCreep, Transitions, Unclassified int
	Verdict                                           string
}

// additionsRows are judge's cells with candidate additions.
func additionsRows(p *public.Public, judge string) []additionsRow {
	var out []additionsRow
	for _, c := range p.Cells {
		for _, g := range c.Judged {
			if g.Labeller || g.By != judge || g.Additions == nil || g.Additions.Candidates == 0 {
				continue
			}
			a := g.Additions
			row := additionsRow{Writer: c.Writer, Section: c.Section, Page: cellPath(c), Candidates: a.Candidates,
				ScopeCreep: a.ScopeCreep, Transitions: a.Transitions, Unclassified: a.Unclassified}
			for _, o := range g.Outcomes {
				if criteria.ID(o.Criterion) == criteria.C4 {
					row.Verdict = o.Label
				}
			}
			out = append(out, row)
		}
	}
	return out
}

// additionsText writes a judge's candidate additions on a cell as a human
// classified them; "" when it found none.
func additionsText(a *public.Additions) string {
	if a == nil || a.Candidates == 0 {
		return ""
	}
	s := fmt.Sprintf("%d found by the judge: %d classified scope creep, %d transition", a.Candidates, a.ScopeCreep, a.Transitions)
	if a.Unclassified > 0 {
		s += fmt.Sprintf(", %d awaiting a human's classification", a.Unclassified)
	}
	return s
}

// groupsText writes a judge's STEP 2 groups: "1: mechanism, example
// (developed); 2: consequence (undeveloped)"; "" when the reply does not
// lay them out.
func groupsText(groups []public.Group) string {
	var parts []string
	for i, g := range groups {
		moves := "no move named"
		if len(g.Moves) > 0 {
			moves = strings.ToLower(strings.Join(g.Moves, ", "))
		}
		state := "undeveloped"
		if g.Developed {
			state = "developed"
		}
		parts = append(parts, fmt.Sprintf("group %d: %s (%s)", i+1, moves, state))
	}
	return strings.Join(parts, "; ")
}

// registerRows are the disagreement register's entries of valid judges
// (valid) or of invalid ones, for their diagnostic.
func registerRows(p *public.Public, valid bool) []public.Disagreement {
	var out []public.Disagreement
	for _, d := range p.Validation.Disagreements {
		if d.Valid == valid {
			out = append(out, d)
		}
	}
	return out
}

// openDisagreements counts the entries of rows without a cause.
func openDisagreements(rows []public.Disagreement) int {
	n := 0
	for _, d := range rows {
		if d.Cause == "" {
			n++
		}
	}
	return n
}

// The judged page's functions.
func init() {
	funcs["additionsRows"] = additionsRows
	funcs["registerRows"] = registerRows
	funcs["openDisagreements"] = openDisagreements
	funcs["groupsText"] = groupsText
	funcs["judgeOn"] = judgeOn
	funcs["statusPhrase"] = statusPhrase
}

// judgeOn states a judge's status on a criterion beside the verdicts it
// gave (a hypothesis on a judged criterion): its name, whether its
// verdicts are results, its kappa against each labeller and the human
// ceiling.
func judgeOn(p *public.Public, judge, criterion string) string {
	j := p.Validation.Judge(judge)
	if j == nil {
		return judge
	}
	if !j.Valid {
		return j.Name + " (" + statusText(*j) + ")"
	}
	return criterionStatus(&p.Validation, j, criterion)
}
