package site

import (
	"fmt"
	"html/template"
	"strconv"
	"strings"

	"github.com/evalpress/evalpress/redact/public"
	"github.com/evalpress/evalpress/reports/criteria"
	"github.com/evalpress/evalpress/site/figures"
)

// gridTable is the C5 report's main table: sections down, writers across,
// each cell "run / overlap".
type gridTable struct {
	Writers []string
	p       *public.Public
	places  []int32 // see gridPlaces
}

// Rows returns the grid's rows, made each time it is called.
func (g gridTable) Rows() []gridRow {
	if g.p == nil {
		return nil
	}
	return gridRowsOf(g.p, g.places, 0, len(g.p.Sections))
}

type gridRow struct {
	Section string
	Cells   []gridCell // in Writers order
}

// gridCell is one writer's section in the grid. Page is relative to the
// site's root; empty when the cell has no run view.
type gridCell struct {
	Present, HasExample   bool
	Writer, Section       string
	Run                   int
	Overlap               string
	RunFails, OverlapFail bool
	Fail                  bool
	// Measured is set when C5 is a measurement only: no verdict mark.
	Measured bool
	Page     string
}

func buildGrid(p *public.Public) gridTable {
	return gridTable{Writers: aliases(p), p: p, places: gridPlaces(p)}
}

// gridPlaces places every cell in the grid: at row*len(p.Writers)+column,
// the cell's index + 1; 0 for an empty place. Of two cells in one place,
// the later.
func gridPlaces(p *public.Public) []int32 {
	col := map[string]int{}
	for i, w := range p.Writers {
		col[w.Alias] = i
	}
	row := map[string]int{}
	for i, s := range p.Sections {
		row[s] = i
	}
	at := make([]int32, len(p.Sections)*len(p.Writers))
	for k, c := range p.Cells {
		i, okRow := row[c.Section]
		j, okCol := col[c.Writer]
		if okRow && okCol {
			at[i*len(p.Writers)+j] = int32(k + 1)
		}
	}
	return at
}

// gridRowsOf returns the grid's rows from to to (gridPlaces placed the
// cells).
func gridRowsOf(p *public.Public, at []int32, from, to int) []gridRow {
	rows := make([]gridRow, 0, to-from)
	for i := from; i < to; i++ {
		r := gridRow{Section: p.Sections[i], Cells: make([]gridCell, len(p.Writers))}
		for j := range r.Cells {
			k := at[i*len(p.Writers)+j]
			if k == 0 {
				continue
			}
			c := &p.Cells[k-1]
			o := c.Headline()
			r.Cells[j] = gridCell{Present: true, HasExample: c.HasExample, Writer: c.Writer, Section: c.Section, Run: c.Run,
				Overlap: overlapText(*c), RunFails: o.RuleFailed(criteria.RuleRun), OverlapFail: o.RuleFailed(criteria.RuleOverlap), Fail: o.Fail(), Page: cellPath(*c),
				Measured: p.C5Measure}
		}
		rows = append(rows, r)
	}
	return rows
}

// gridRowsHTML writes the grid's rows, sections down and writers across:
// 2,700 cells for a large run, which the template rendered several times
// slower. The escaping is html/template's, and TestGridRowsMatchTheTemplate
// holds the rows to what the template would write.
func gridRowsHTML(rows []gridRow, root string) template.HTML {
	var b strings.Builder
	b.Grow(len(rows) * (40 + 3*180))
	for _, r := range rows {
		b.WriteString("\n<tr><th scope=\"row\">" + escapeHTML(r.Section) + "</th>")
		for _, c := range r.Cells {
			switch {
			case !c.Present:
				b.WriteString(`<td class="grid-cell none">–</td>`)
				continue
			case !c.HasExample:
				b.WriteString(`<td class="grid-cell none">no example</td>`)
				continue
			}
			verdict := "pass"
			switch {
			case c.Measured:
				verdict = "measured"
			case c.Fail:
				verdict = "fail"
			}
			b.WriteString(`<td class="grid-cell ` + verdict + `">`)
			if c.Page != "" {
				b.WriteString(`<a href="` + escapeHTML(normalizeURL(root+c.Page)) + `" title="` + escapeHTML(c.Writer) + ", " + escapeHTML(c.Section) + `: the run view">`)
			}
			run, overlap := strconv.Itoa(c.Run), escapeHTML(c.Overlap)
			if c.RunFails {
				run = "<strong>" + run + "</strong>"
			}
			if c.OverlapFail {
				overlap = "<strong>" + overlap + "</strong>"
			}
			b.WriteString(run + " / " + overlap)
			if c.Page != "" {
				b.WriteString("</a>")
			}
			switch {
			case c.Measured:
				b.WriteString(`</td>`)
			case c.Fail:
				b.WriteString(` <span class="grid-mark">✗ FAIL</span></td>`)
			default:
				b.WriteString(` <span class="grid-mark pass-mark">pass</span></td>`)
			}
		}
		b.WriteString("</tr>")
	}
	return template.HTML(b.String())
}

// sectionRow is a section's line in the per-section table.
type sectionRow struct {
	Section            string
	Fails, Measured    int
	ShortRun, LongRun  int
	MaxOverlap         string
	Present            bool // at least one writer was measured
	ShortestBy, LongBy string
}

func buildSectionRows(p *public.Public) []sectionRow {
	index := map[string]int{}
	rows := make([]sectionRow, len(p.Sections))
	for i, s := range p.Sections {
		index[s] = i
		rows[i].Section = s
	}
	overlap := make([]float64, len(rows))
	for _, c := range p.Cells {
		i, ok := index[c.Section]
		if !ok || !c.HasExample {
			continue
		}
		r := &rows[i]
		if !r.Present || c.Run < r.ShortRun {
			r.ShortRun, r.ShortestBy = c.Run, c.Writer
		}
		if !r.Present || c.Run > r.LongRun {
			r.LongRun, r.LongBy = c.Run, c.Writer
		}
		if !r.Present || c.Overlap > overlap[i] {
			overlap[i] = c.Overlap
		}
		r.Present = true
		r.Measured++
		if c.Headline().Fail() {
			r.Fails++
		}
	}
	for i := range rows {
		rows[i].MaxOverlap = percent(overlap[i])
	}
	return rows
}

// ruleRow counts the cells that fail on exactly one combination of rules.
type ruleRow struct {
	Label string
	Cells int
	Pass  bool // the row of cells that break no rule
}

// ruleTable is the per-rule table: how many cells fail on each rule alone,
// on several, on none, and each rule's total, so that "22 exceed the run
// limit" can be checked against how many of those fail on overlap too.
type ruleTable struct {
	Rows     []ruleRow
	Totals   []ruleRow // per rule, alone or with others
	Measured int
}

// ruleLabel describes a rule of the headline criterion with its limit, in
// the rule's words.
func ruleLabel(p *public.Public, headline criteria.ID, r criteria.Rule) string {
	if r.Words == "" {
		return r.Name
	}
	for _, t := range thresholdsOf(p, headline) {
		if t.Name == r.Limit {
			return fmt.Sprintf(r.Words, t.Text())
		}
	}
	return r.Name
}

func buildRuleTable(p *public.Public, crit criteria.Set) ruleTable {
	var t ruleTable
	byCombo := map[string]int{}
	total := map[string]int{}
	headline := crit.Headline()
	ruleNames := headline.RuleNames()
	for _, c := range p.Cells {
		if !c.Headline().Scored() {
			continue
		}
		t.Measured++
		r := rules(c)
		byCombo[strings.Join(r, "+")]++
		for _, name := range r {
			total[name]++
		}
	}
	// Each rule alone, then all of them together, then none.
	for _, r := range headline.Rules {
		t.Rows = append(t.Rows, ruleRow{Label: "FAIL on the " + ruleLabel(p, headline.ID, r) + " alone", Cells: byCombo[r.Name]})
	}
	t.Rows = append(t.Rows, ruleRow{Label: "FAIL on both", Cells: byCombo[strings.Join(ruleNames, "+")]})
	t.Rows = append(t.Rows, ruleRow{Label: "pass on both", Cells: byCombo[""], Pass: true})
	for _, r := range headline.Rules {
		t.Totals = append(t.Totals, ruleRow{Label: "All cells with the " + ruleLabel(p, headline.ID, r), Cells: total[r.Name]})
	}
	return t
}

// sharePct is a writer's FAIL share as a percentage.
func sharePct(fails, sections int) string {
	if sections == 0 {
		return "–"
	}
	return percent(float64(fails) / float64(sections))
}

// tableMarkdown is a table block as markdown, for downloaded documents.
func tableMarkdown(name string, p *public.Public, crit criteria.Set) string {
	var b strings.Builder
	switch name {
	case "grid":
		g := buildGrid(p)
		b.WriteString("| Section |")
		for _, w := range g.Writers {
			b.WriteString(" " + w + " |")
		}
		b.WriteString("\n| --- |" + strings.Repeat(" --- |", len(g.Writers)) + "\n")
		for _, r := range g.Rows() {
			b.WriteString("| " + r.Section + " |")
			for _, c := range r.Cells {
				switch {
				case !c.Present:
					b.WriteString(" – |")
				case !c.HasExample:
					b.WriteString(" no example |")
				default:
					run, overlap := fmt.Sprint(c.Run), c.Overlap
					if c.RunFails {
						run = "**" + run + "**"
					}
					if c.OverlapFail {
						overlap = "**" + overlap + "**"
					}
					mark := "pass"
					if c.Fail {
						mark = "✗ FAIL"
					}
					fmt.Fprintf(&b, " %s / %s %s |", run, overlap, mark)
				}
			}
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "\nEach cell: longest run in words / share of the section's %d-grams found in the example; a value past its limit in bold.\n", p.Thresholds.NGram)
	case "sections":
		b.WriteString("| Section | FAIL | Shortest run | Longest run | Largest overlap |\n| --- | --- | --- | --- | --- |\n")
		for _, r := range buildSectionRows(p) {
			if !r.Present {
				fmt.Fprintf(&b, "| %s | no example | | | |\n", r.Section)
				continue
			}
			fmt.Fprintf(&b, "| %s | %d of %d | %d | %d | %s |\n", r.Section, r.Fails, r.Measured, r.ShortRun, r.LongRun, r.MaxOverlap)
		}
	case "rules":
		t := buildRuleTable(p, crit)
		fmt.Fprintf(&b, "| Outcome (of %d measured cells) | Cells |\n| --- | --- |\n", t.Measured)
		for _, r := range append(t.Rows, t.Totals...) {
			fmt.Fprintf(&b, "| %s | %d |\n", r.Label, r.Cells)
		}
	case "spread":
		s := figures.Of(p)
		b.WriteString(s.Run.Sentence() + "\n\n" + s.Overlap.Sentence() + "\n")
	}
	return b.String()
}
