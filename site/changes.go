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

// compareBuilds compares the view with its baseline, whose flipped
// verdicts are changes: each headline change states both sides' checks
// with their numbers.
func compareBuilds(p *public.Public, crit criteria.Set, base *Results, changes []Change) comparison {
	c := comparison{SHA256: base.SHA256}
	for _, th := range thresholdRows(p, crit, base) {
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
	headline := crit.Headline()
	for _, ch := range changes {
		cell := changedCell{Change: ch, Rules: joinWords(ch.Rules)}
		if headline != nil && ch.Criterion == string(headline.ID) {
			key := [2]string{ch.Model, ch.Section}
			cell.BeforeLine = beforeLine(crit, headline, before[key], base.Thresholds, ch)
			cell.AfterLine = checksLine(crit, now[key].Headline())
		}
		c.Cells = append(c.Cells, cell)
	}
	return c
}

// beforeLine states a headline change's baseline side: its outcome's
// checks with their numbers, or for a baseline from before results.json
// held outcomes, its values against that build's limits.
func beforeLine(crit criteria.Set, headline *criteria.Criterion, b ResultsCell, th ResultsThresholds, ch Change) string {
	if rec, ok := b.Criteria[string(headline.ID)]; ok {
		return checksLine(crit, recordOutcome(headline.ID, rec))
	}
	maxRun, _ := th.Get(criteria.LimitMaxRun)
	maxOverlap, _ := th.Get(criteria.LimitMaxOverlap)
	return valuesLine(deref(ch.BeforeRun), derefFloat(ch.BeforeOverlap), int(maxRun), maxOverlap)
}

// changesSince lists the verdicts that differ from the baseline's: one
// loop over the cells and the criteria (a judged criterion's verdicts
// grader by grader), each change stated from its criterion's outcome. The
// headline criterion's come first, then the judged tier's, then the other
// measured criteria's, as the changes page has always listed them. nil
// without a baseline.
func changesSince(p *public.Public, crit criteria.Set, base *Results) []Change {
	if base == nil {
		return nil
	}
	before := map[[2]string]ResultsCell{}
	for _, c := range base.Cells {
		before[[2]string{c.Model, c.Section}] = c
	}
	var ranked [3][]Change
	for _, c := range p.Cells {
		b, ok := before[[2]string{c.Writer, c.Section}]
		if !ok {
			continue
		}
		for _, cr := range crit.All() {
			rank := 2
			switch {
			case cr.Headline:
				rank = 0
			case cr.Judged:
				rank = 1
			}
			ranked[rank] = append(ranked[rank], cellChanges(cr, c, b)...)
		}
	}
	return slices.Concat(ranked[0], ranked[1], ranked[2])
}

// cellChanges lists cr's verdicts on c that differ from b's, the same
// cell in the baseline.
func cellChanges(cr *criteria.Criterion, c public.Cell, b ResultsCell) []Change {
	change := Change{Model: c.Writer, Section: c.Section, Criterion: string(cr.ID), Page: cellPath(c)}
	if cr.Judged {
		var out []Change
		for _, g := range c.Judged {
			for _, o := range g.Outcomes {
				then, ok := b.judgedVerdict(g.By, o.Criterion)
				if o.Criterion != string(cr.ID) || !ok || then == o.Verdict {
					continue
				}
				ch := change
				ch.Judge, ch.Before, ch.After, ch.Rules = g.Name, then, o.Verdict, []string{o.Criterion + " by " + g.Name}
				out = append(out, ch)
			}
		}
		return out
	}
	now, ok := criteria.Find(c.Outcomes, criteria.Key{Criterion: cr.ID})
	if !ok {
		return nil
	}
	then, ok := b.outcome(cr)
	if !ok || then.Label() == now.Label() {
		return nil
	}
	var flipped []string
	for _, r := range cr.RuleNames() {
		if then.RuleFailed(r) != now.RuleFailed(r) {
			flipped = append(flipped, r)
		}
	}
	change.Before, change.After, change.Rules = then.Label(), now.Label(), flipped
	if !cr.Headline {
		change.Rules = []string{strings.Join(append([]string{string(cr.ID)}, flipped...), " ")}
	}
	change.BeforeRun, change.BeforeOverlap = intValue(then, criteria.ValueRun), floatValue(then, criteria.ValueOverlap)
	change.AfterRun, change.AfterOverlap = intValue(now, criteria.ValueRun), floatValue(now, criteria.ValueOverlap)
	return []Change{change}
}

// outcome returns the cell's outcome of cr in the baseline; for the
// headline criterion of a baseline from before results.json held
// outcomes, the one its verdict, rules and numbers make. ok is false when
// the baseline does not record cr.
func (b ResultsCell) outcome(cr *criteria.Criterion) (criteria.Outcome, bool) {
	if rec, ok := b.Criteria[string(cr.ID)]; ok {
		return recordOutcome(cr.ID, rec), true
	}
	if !cr.Headline || b.Criteria != nil {
		return criteria.Outcome{}, false
	}
	o := criteria.Outcome{Criterion: cr.ID, Verdict: criteria.Verdict(b.Verdict), Failed: b.Rules,
		Values: []criteria.Named{{Name: criteria.ValueRun, Value: float64(b.Run)}, {Name: criteria.ValueOverlap, Value: b.Overlap}}}
	if b.Verdict != string(criteria.Pass) && b.Verdict != string(criteria.Fail) {
		o.Verdict, o.Reason = criteria.Unscored, strings.ToLower(b.Verdict)
	}
	return o, true
}

// judgedVerdict returns grader by's verdict on criterion id in the
// baseline's cell.
func (b ResultsCell) judgedVerdict(by, id string) (string, bool) {
	for _, g := range b.Judged {
		if g.By == by {
			call, ok := g.Criteria[id]
			return call.Verdict, ok
		}
	}
	return "", false
}

// intValue and floatValue return o's value named name, nil when o has
// none: results.json's null, never a 0 standing in for a missing figure.
func intValue(o criteria.Outcome, name string) *int {
	if v, ok := o.Value(name); ok {
		n := int(v)
		return &n
	}
	return nil
}

func floatValue(o criteria.Outcome, name string) *float64 {
	if v, ok := o.Value(name); ok {
		return &v
	}
	return nil
}

func deref(p *int) int {
	if p == nil {
		return 0
	}
	return *p
}

func derefFloat(p *float64) float64 {
	if p == nil {
		return 0
	}
	return *p
}

// thresholdRows are the thresholds of the two builds, criterion by
// criterion, each in its criterion's words: the headline's (then the
// shortest run highlighted), the other measured criteria's, with a limit
// set per section compared section by section, and the judged tier's when
// both builds ran it. A row a baseline does not record is left out.
func thresholdRows(p *public.Public, crit criteria.Set, base *Results) []thresholdChange {
	var rows []thresholdChange
	for _, ct := range p.CriteriaThresholds {
		c := crit.Lookup(ct.Criterion)
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
func checksLine(crit criteria.Set, o criteria.Outcome) string {
	var parts []string
	for _, c := range crit.Checks(o) {
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
