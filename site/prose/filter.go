package prose

import (
	"slices"
	"strings"

	"github.com/evalpress/evalpress/redact/public"
)

// criteria are the criteria a filter can name, with their rule names.
var criteria = map[string][]string{"C5": {"run", "overlap"}}

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
	verdict         string
	rule            string   // fails at least this rule
	rules           []string // fails exactly these rules
}

// newFilter reads c's filters; implied is the verdict a count word implies.
func (ev *evaluator) newFilter(c call, implied string) (*cellFilter, error) {
	f := &cellFilter{criterion: "C5", verdict: implied}
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
			if _, ok := criteria[a.value]; !ok {
				return nil, evalErrorf(a.col, "%s: unknown criterion %q (criteria: %s)", c.name, a.value, strings.Join(criterionNames(), ", "))
			}
			f.criterion = a.value
		case "verdict":
			if implied != "" {
				return nil, evalErrorf(a.col, "%s(%s) already selects a verdict; drop verdict=", c.name, c.words[0])
			}
			if a.value != verdictPass && a.value != verdictFail && a.value != verdictNoExample {
				return nil, evalErrorf(a.col, "%s: unknown verdict %q (one of: pass, fail, no_example)", c.name, a.value)
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
	known := criteria[f.criterion]
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

func criterionNames() []string {
	var names []string
	for n := range criteria {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

func (f *cellFilter) match(c public.Cell) bool {
	if f.writer != "" && c.Writer != f.writer || f.section != "" && c.Section != f.section {
		return false
	}
	verdict, failed := outcome(c, f.criterion)
	if f.verdict == "" && verdict == verdictNoExample || f.verdict != "" && verdict != f.verdict {
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

// outcome is a cell's verdict on a criterion and the rules it failed.
func outcome(c public.Cell, criterion string) (verdict string, failed []string) {
	switch {
	case !c.HasExample:
		return verdictNoExample, nil
	case c.Fail:
		return verdictFail, c5Rules(c)
	}
	return verdictPass, nil
}

// c5Rules are the C5 rules a cell fails.
func c5Rules(c public.Cell) []string {
	var r []string
	if c.RunFails {
		r = append(r, "run")
	}
	if c.OverlapFails {
		r = append(r, "overlap")
	}
	return r
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
