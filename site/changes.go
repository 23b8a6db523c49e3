package site

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/evalpress/evalpress/internal/numfmt"
	"github.com/evalpress/evalpress/redact/public"
	"github.com/evalpress/evalpress/reports/criteria"
)

// comparison is what the changes page says of the baseline: its digest,
// each threshold before and now, and each flipped cell's values against
// the two builds' limits.
type comparison struct {
	SHA256     string
	Thresholds []thresholdChange
	Changed    int // thresholds that differ
	Cells      []changedCell
}

type thresholdChange struct {
	Name, Before, Now string
	Changed           bool
}

// changedCell is a flipped cell as the changes page shows it.
type changedCell struct {
	Change
	BeforeLine, AfterLine string // "run 14 > 12, overlap 9.0% <= 10%"
	Rules                 string
}

// compareBuilds compares the view with its baseline; judged lists the
// judged tier's flips, shown after C5's with their criterion and judge.
func compareBuilds(p *public.Public, base *Results, judged []Change) comparison {
	c := comparison{SHA256: base.SHA256}
	headline := criteria.Headline()
	for _, th := range thresholdRows(p, base) {
		th.Changed = th.Before != th.Now
		if th.Changed {
			c.Changed++
		}
		c.Thresholds = append(c.Thresholds, th)
	}
	before := map[[2]string]ResultsCell{}
	for _, bc := range base.Cells {
		before[[2]string{bc.Model, bc.Section}] = bc
	}
	now := map[[2]string]*public.Cell{}
	for i := range p.Cells {
		now[[2]string{p.Cells[i].Writer, p.Cells[i].Section}] = &p.Cells[i]
	}
	for _, ch := range computeChanges(p, base) {
		key := [2]string{ch.Model, ch.Section}
		cell := changedCell{Change: ch, Rules: joinWords(ch.Rules)}
		// Each side states its outcome's checks with their numbers; a
		// baseline from before results.json held outcomes has its values.
		if rec, ok := before[key].Criteria[string(headline.ID)]; ok {
			cell.BeforeLine = checksLine(recordOutcome(headline.ID, rec))
		} else {
			maxRun, _ := base.Thresholds.Get(criteria.LimitMaxRun)
			maxOverlap, _ := base.Thresholds.Get(criteria.LimitMaxOverlap)
			cell.BeforeLine = valuesLine(ch.BeforeRun, ch.BeforeOverlap, int(maxRun), maxOverlap)
		}
		cell.AfterLine = checksLine(now[key].Headline())
		c.Cells = append(c.Cells, cell)
	}
	pages := map[[2]string]string{}
	for _, cell := range p.Cells {
		pages[[2]string{cell.Writer, cell.Section}] = cellPath(cell)
	}
	for _, ch := range judged {
		ch.Page = pages[[2]string{ch.Model, ch.Section}]
		c.Cells = append(c.Cells, changedCell{Change: ch, Rules: joinWords(ch.Rules)})
	}
	return c
}

// thresholdRows are the thresholds of the two builds, criterion by
// criterion, each in its criterion's words: the headline's (then the
// shortest run highlighted), the other measured criteria's, with a limit
// set per section compared section by section, and the judged tier's when
// both builds ran it. A row a baseline does not record is left out.
func thresholdRows(p *public.Public, base *Results) []thresholdChange {
	var rows []thresholdChange
	for _, ct := range p.CriteriaThresholds {
		c := criteria.Lookup(ct.Criterion)
		if c == nil || c.Judged && (p.Judged == nil || base.judgedThresholds == nil) {
			continue
		}
		for _, t := range ct.Now {
			if t.PerSection {
				if row, ok := sectionLimitRow(p, base, t); ok {
					rows = append(rows, row)
				}
				continue
			}
			before, ok := base.threshold(jsonName(t))
			if !ok {
				continue
			}
			then := t
			then.Value = before
			rows = append(rows, thresholdChange{Name: t.Label, Before: then.Stated(), Now: t.Stated()})
		}
		// An older results.json does not record the shortest run.
		if b, ok := base.Thresholds.Get("min_run"); c.Headline && ok && b != 0 {
			rows = append(rows, thresholdChange{Name: "Shortest run highlighted (words)", Before: strconv.Itoa(int(b)), Now: strconv.Itoa(p.Thresholds.MinRun)})
		}
	}
	return rows
}

// sectionLimitRow compares a limit set per section (G1's targets), section
// by section, as each build's cells record it: the row says how many
// sections have one, and how many differ. ok is false when the baseline
// records no outcome of the criterion.
func sectionLimitRow(p *public.Public, base *Results, t criteria.Threshold) (thresholdChange, bool) {
	before, recorded := map[string]float64{}, false
	for _, c := range base.Cells {
		rec, ok := c.Criteria[string(t.Criterion)]
		recorded = recorded || ok
		if v, has := rec.Limits[t.Name]; ok && has {
			before[c.Section] = v
		}
	}
	if !recorded {
		return thresholdChange{}, false
	}
	now := map[string]float64{}
	for _, c := range p.Cells {
		if v, ok := c.Outcome(t.Criterion).Limit(t.Name); ok {
			now[c.Section] = v
		}
	}
	differ := 0
	for _, name := range p.Sections {
		b, hadB := before[name]
		n, hasN := now[name]
		if hadB != hasN || b != n {
			differ++
		}
	}
	row := thresholdChange{Name: t.Label, Before: sectionsWith(len(before), t.Noun), Now: sectionsWith(len(now), t.Noun)}
	if differ > 0 {
		row.Now += fmt.Sprintf(", %d differ%s", differ, map[bool]string{true: "s"}[differ == 1])
	}
	return row, true
}

// sectionsWith says how many sections have what noun names: "8 sections
// with a target".
func sectionsWith(n int, noun string) string {
	return fmt.Sprintf("%d section%s with %s", n, pluralS(n), noun)
}

// recordOutcome turns an outcome as results.json records it back into an
// outcome, its values and limits in name order.
func recordOutcome(id criteria.ID, r criteria.Record) criteria.Outcome {
	o := criteria.Outcome{Criterion: id, Verdict: criteria.Verdict(r.Verdict), Reason: r.Reason, Failed: r.Rules}
	for _, name := range slices.Sorted(maps.Keys(r.Values)) {
		o.Values = append(o.Values, criteria.Named{Name: name, Value: r.Values[name]})
	}
	for _, name := range slices.Sorted(maps.Keys(r.Limits)) {
		o.Limits = append(o.Limits, criteria.Named{Name: name, Value: r.Limits[name]})
	}
	return o
}

// checksLine states an outcome's checks, each rule with its numbers.
func checksLine(o criteria.Outcome) string {
	var parts []string
	for _, c := range o.Checks() {
		parts = append(parts, c.Text)
	}
	return strings.Join(parts, "; ")
}

// valuesLine states a cell's two values against their limits, for a
// baseline whose results.json has no outcomes.
func valuesLine(run int, overlap float64, maxRun int, maxOverlap float64) string {
	cmpRun, cmpOverlap := "≤", "≤"
	if run > maxRun {
		cmpRun = ">"
	}
	if overlap > maxOverlap {
		cmpOverlap = ">"
	}
	return fmt.Sprintf("run %d %s %d, overlap %s %s %s", run, cmpRun, maxRun, numfmt.PercentAgainst(overlap, maxOverlap), cmpOverlap, sharePercent(maxOverlap))
}

// joinWords joins rule names for a reader: "run", "run and overlap".
func joinWords(words []string) string {
	switch len(words) {
	case 0:
		return "none"
	case 1:
		return words[0]
	}
	out := ""
	for i, w := range words {
		switch {
		case i == 0:
		case i == len(words)-1:
			out += " and "
		default:
			out += ", "
		}
		out += w
	}
	return out
}

// changesSummary is the line build prints after a rebuild: how many
// verdicts flipped, naming the first few cells.
func changesSummary(changes []Change, few int) string {
	if len(changes) == 0 {
		return "no verdict changed since the previous build"
	}
	s := fmt.Sprintf("%d verdict%s changed since the previous build: ", len(changes), pluralS(len(changes)))
	for i, c := range changes {
		if i == few {
			s += fmt.Sprintf(", and %d more (see changes.html)", len(changes)-few)
			break
		}
		if i > 0 {
			s += ", "
		}
		s += fmt.Sprintf("%s / %s %s → %s", c.Model, c.Section, c.Before, c.After)
	}
	return s
}

// ChangesSummary is changesSummary for the build command: at most three
// cells named.
func ChangesSummary(changes []Change) string { return changesSummary(changes, 3) }

func pluralS(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
