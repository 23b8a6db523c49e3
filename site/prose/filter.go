package prose

import (
	"slices"
	"strings"

	"github.com/evalpress/evalpress/redact/public"
	"github.com/evalpress/evalpress/reports/criteria"
)

// criteria returns the criteria a filter can name, with their rule names:
// the measured ones of the criteria seam (C5, G1), and the judged tier's
// when it has run.
func (ev *evaluator) criteria() map[string][]string {
	out := map[string][]string{}
	for _, c := range ev.crit.All() {
		if !c.Judged {
			out[string(c.ID)] = c.RuleNames()
		}
	}
	if ev.p.Judged != nil {
		for _, id := range ev.p.Judged.Criteria {
			out[id] = nil
			if c := ev.crit.Lookup(criteria.ID(id)); c != nil {
				out[id] = c.RuleNames()
			}
		}
	}
	return out
}

// headline is the ID of the headline criterion (C5), which a filter
// without criterion= counts, and whose unscored cells are those without
// an example.
func (ev *evaluator) headline() string {
	if c := ev.crit.Headline(); c != nil {
		return string(c.ID)
	}
	return ""
}

// judged reports whether criterion id is decided by judges.
func (ev *evaluator) judged(id string) bool {
	c := ev.crit.Lookup(criteria.ID(id))
	return c == nil || c.Judged
}

// judgedVerdicts are the verdicts a judged criterion's filter can name,
// beside pass and fail; measuredVerdicts a measured one's.
var (
	judgedVerdicts   = []string{"ambiguous", "unscored", "missing"}
	measuredVerdicts = []string{"unscored"}
)

// Verdicts a filter can name.
const (
	verdictPass      = "pass"
	verdictFail      = "fail"
	verdictNoExample = "no_example"
)

// cellFilter selects cells: by writer, section, criterion, verdict on that
// criterion, and failed rules. Without a verdict it selects the measured
// cells only.
type cellFilter struct {
	writer, section string
	criterion       string
	judge           string // whose verdicts, for a judged criterion
	verdict         string
	rule            string   // fails at least this rule
	rules           []string // fails exactly these rules
}

// newFilter reads c's filters; implied is the verdict a count word implies.
func (ev *evaluator) newFilter(c call, implied string) (*cellFilter, error) {
	f := &cellFilter{criterion: ev.headline(), verdict: implied}
	seen := map[string]bool{}
	for _, a := range c.filters {
		if seen[a.key] {
			return nil, evalErrorf(a.col, "%s: filter %s= given twice", c.name, a.key)
		}
		seen[a.key] = true
		switch a.key {
		case "writer":
			if err := ev.checkWriter(c, a.value); err != nil {
				err.(*EvalError).Col = a.col
				return nil, err
			}
			f.writer = a.value
		case "section":
			if err := ev.checkSection(c, a.value); err != nil {
				err.(*EvalError).Col = a.col
				return nil, err
			}
			f.section = a.value
		case "criterion":
			if _, ok := ev.criteria()[a.value]; !ok {
				return nil, evalErrorf(a.col, "%s: unknown criterion %q (criteria: %s)", c.name, a.value, strings.Join(ev.criterionNames(), ", "))
			}
			f.criterion = a.value
		case "judge":
			ids := ev.graders()
			if !slices.Contains(ids, a.value) {
				if len(ids) == 0 {
					return nil, evalErrorf(a.col, "%s: judge=%s, but the judged tier has not run", c.name, a.value)
				}
				return nil, evalErrorf(a.col, "%s: no judge or labeller %q (%s)", c.name, a.value, strings.Join(ids, ", "))
			}
			f.judge = a.value
		case "verdict":
			if implied != "" {
				return nil, evalErrorf(a.col, "%s(%s) already selects a verdict; drop verdict=", c.name, c.words[0])
			}
			f.verdict = a.value
		case "rule", "rules":
			var names []string
			for _, r := range strings.Split(a.value, ",") {
				names = append(names, strings.TrimSpace(r))
			}
			if a.key == "rule" && len(names) != 1 {
				return nil, evalErrorf(a.col, "%s: rule= names one rule; rules= names the exact set", c.name)
			}
			if a.key == "rules" {
				f.rules = names
			} else {
				f.rule = names[0]
			}
		default:
			return nil, evalErrorf(a.col, "%s: unknown filter %q (filters: writer, section, criterion, verdict, rule, rules)", c.name, a.key)
		}
	}
	known := ev.criteria()[f.criterion]
	if judged := ev.judged(f.criterion); judged != (f.judge != "") {
		if judged {
			return nil, evalErrorf(c.col, "%s: criterion=%s needs judge= (whose verdicts: %s)", c.name, f.criterion, strings.Join(ev.graders(), ", "))
		}
		var judged []string
		for _, id := range ev.criterionNames() {
			if ev.judged(id) {
				judged = append(judged, id)
			}
		}
		return nil, evalErrorf(c.col, "%s: judge= needs a judged criterion= (%s)", c.name, strings.Join(judged, ", "))
	}
	if f.criterion == ev.headline() && ev.p.C5Measure && (f.verdict != "" || f.rule != "" || len(f.rules) > 0) {
		return nil, errMeasureOnly(c)
	}
	if f.verdict != "" {
		valid := append([]string{verdictPass, verdictFail}, measuredVerdicts...)
		switch {
		case f.criterion == ev.headline():
			valid = []string{verdictPass, verdictFail, verdictNoExample}
		case ev.judged(f.criterion):
			valid = append([]string{verdictPass, verdictFail}, judgedVerdicts...)
		}
		if !slices.Contains(valid, f.verdict) {
			col := c.col
			for _, a := range c.filters {
				if a.key == "verdict" {
					col = a.col
				}
			}
			return nil, evalErrorf(col, "%s: unknown verdict %q for %s (one of: %s)", c.name, f.verdict, f.criterion, strings.Join(valid, ", "))
		}
	}
	for _, a := range c.filters {
		if a.key != "rule" && a.key != "rules" {
			continue
		}
		for _, r := range append(slices.Clone(f.rules), f.rule) {
			if r != "" && !slices.Contains(known, r) {
				return nil, evalErrorf(a.col, "%s: %s has no rule %q (rules: %s)", c.name, f.criterion, r, strings.Join(known, ", "))
			}
		}
	}
	return f, nil
}

// criterionNames lists the criteria: the seam's measured ones in its
// order (C5 first), then the judged tier's.
func (ev *evaluator) criterionNames() []string {
	var names []string
	for _, c := range ev.crit.All() {
		if !c.Judged {
			names = append(names, string(c.ID))
		}
	}
	if ev.p.Judged != nil {
		names = append(names, ev.p.Judged.Criteria...)
	}
	return names
}

// graders lists the judges' and labellers' ids.
func (ev *evaluator) graders() []string {
	var ids []string
	if j := ev.p.Judged; j != nil {
		for _, g := range j.Judges {
			ids = append(ids, g.ID)
		}
		ids = append(ids, j.Labellers...)
	}
	return ids
}

func (f *cellFilter) match(c public.Cell) bool {
	if f.writer != "" && c.Writer != f.writer || f.section != "" && c.Section != f.section {
		return false
	}
	verdict, failed := outcome(c, f.criterion, f.judge)
	switch {
	case verdict == "":
		return false // not judged on that criterion
	case f.verdict == "" && verdict != verdictPass && verdict != verdictFail:
		return false // without a verdict: the cells with one
	case f.verdict != "" && verdict != f.verdict:
		return false
	}
	if f.rule != "" && !slices.Contains(failed, f.rule) {
		return false
	}
	if f.rules != nil && !sameSet(failed, f.rules) {
		return false
	}
	return true
}

// outcome is a cell's verdict on a criterion (by judge, for a judged
// one) and the rules it failed; "" when the cell is not graded on it.
func outcome(c public.Cell, criterion, judge string) (verdict string, failed []string) {
	if o, ok := criteria.Find(c.Outcomes, criteria.Key{Criterion: criteria.ID(criterion), Judge: judge}); ok {
		switch {
		case o.Verdict == criteria.Fail:
			return verdictFail, o.Failed
		case o.Verdict == criteria.Pass:
			return verdictPass, nil
		case o.Criterion == c.HeadlineID && !c.HasExample:
			return verdictNoExample, nil
		}
		return strings.ToLower(string(o.Verdict)), nil
	}
	for _, g := range c.Judged {
		if g.By != judge || judge == "" {
			continue
		}
		if g.Missing {
			return "missing", nil
		}
		for _, o := range g.Outcomes {
			if o.Criterion == criterion {
				return strings.ToLower(o.Verdict), nil
			}
		}
	}
	return "", nil
}

func sameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	return true
}

// errMeasureOnly is the error of a placeholder that counts or names C5's
// verdicts when C5 is a measurement only ([c5] mode = "measure").
func errMeasureOnly(c call) error {
	return evalErrorf(c.col, "%s: C5 is a measurement here ([c5] mode = \"measure\"): it has no pass line, no FAIL and no verdict to count; quote its numbers (min, max, cell run or overlap)", c.name)
}
