package prose

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/evalpress/evalpress/redact/public"
	"github.com/evalpress/evalpress/reports/criteria"
)

// EvalError is an expression that cannot be evaluated: an unknown function,
// field or filter, a wrong argument, a comparison of different kinds. Col
// is 1-based inside the placeholder's inner text.
type EvalError struct {
	Col int
	Msg string
}

func (e *EvalError) Error() string { return e.Msg }

func evalErrorf(col int, format string, args ...any) *EvalError {
	return &EvalError{Col: col, Msg: fmt.Sprintf(format, args...)}
}

// evaluator evaluates expressions over a public view. trace records the
// value of every function evaluated, for the report of a false claim.
type evaluator struct {
	p     *public.Public
	crit  criteria.Set
	trace []string
	// none is set when a function evaluated to nothing (n/a), since trace
	// was reset.
	none bool
}

func (ev *evaluator) eval(e expr) (Value, error) {
	switch e := e.(type) {
	case literal:
		return e.v, nil
	case call:
		r, ok := resolvers[e.name]
		if !ok {
			return Value{}, evalErrorf(e.col, "unknown function %q (functions: %s)", e.name, strings.Join(resolverNames(), ", "))
		}
		if len(e.words) < r.minWords || len(e.words) > r.maxWords {
			return Value{}, evalErrorf(e.col, "%s takes %s, not %d (%s)", e.name, countWords(r.minWords, r.maxWords), len(e.words), r.usage)
		}
		if len(e.filters) > 0 && !r.filters {
			return Value{}, evalErrorf(e.filters[0].col, "%s takes no filters (%s)", e.name, r.usage)
		}
		v, err := r.eval(ev, e)
		if err != nil {
			return Value{}, err
		}
		ev.trace = append(ev.trace, e.text()+" = "+v.String())
		ev.none = ev.none || v.Kind == None
		return v, nil
	case compare:
		l, err := ev.eval(e.left)
		if err != nil {
			return Value{}, err
		}
		r, err := ev.eval(e.right)
		if err != nil {
			return Value{}, err
		}
		return compareValues(e, l, r)
	case logic:
		l, err := ev.condition(e.left, e.op)
		if err != nil || e.op == "not" {
			return Value{Kind: Bool, Bool: !l}, err
		}
		r, err := ev.condition(e.right, e.op)
		if e.op == "and" {
			return Value{Kind: Bool, Bool: l && r}, err
		}
		return Value{Kind: Bool, Bool: l || r}, err
	}
	return Value{}, fmt.Errorf("unknown expression %T", e)
}

// condition evaluates e, which must be a condition.
func (ev *evaluator) condition(e expr, context string) (bool, error) {
	v, err := ev.eval(e)
	if err != nil {
		return false, err
	}
	if v.Kind != Bool {
		return false, evalErrorf(colOf(e), "%s needs a condition (a comparison), but %s is %s", context, e.text(), v.Kind)
	}
	return v.Bool, nil
}

func colOf(e expr) int {
	switch e := e.(type) {
	case call:
		return e.col
	case compare:
		return colOf(e.left)
	case logic:
		return colOf(e.left)
	}
	return 1
}

func countWords(lo, hi int) string {
	plural := func(n int) string {
		if n == 1 {
			return "1 argument"
		}
		return strconv.Itoa(n) + " arguments"
	}
	if lo == hi {
		return plural(lo)
	}
	return fmt.Sprintf("%d to %s", lo, plural(hi))
}

func compareValues(e compare, l, r Value) (Value, error) {
	if l.Kind == None || r.Kind == None {
		return Value{Kind: Bool}, nil // nothing compares: the condition does not hold
	}
	if l.Kind != r.Kind {
		return Value{}, evalErrorf(colOf(e.left), "%s compares %s (%s) with %s (%s)", e.text(), l.Kind, e.left.text(), r.Kind, e.right.text())
	}
	var c int
	switch l.Kind {
	case Int, Share:
		c = cmp.Compare(l.Num, r.Num)
	case Text:
		if e.op != "==" && e.op != "!=" {
			return Value{}, evalErrorf(colOf(e.left), "texts compare only with == and !=")
		}
		c = strings.Compare(l.Text, r.Text)
	default:
		return Value{}, evalErrorf(colOf(e.left), "%s compares conditions; use and, or, not", e.text())
	}
	ok := map[string]bool{"<": c < 0, "<=": c <= 0, ">": c > 0, ">=": c >= 0, "==": c == 0, "!=": c != 0}[e.op]
	return Value{Kind: Bool, Bool: ok}, nil
}

// resolver is one function of the expression language.
type resolver struct {
	minWords, maxWords int  // positional arguments
	filters            bool // takes key=value cell filters
	usage              string
	eval               func(ev *evaluator, c call) (Value, error)
}

// resolvers is the table of functions; docs/documents.md describes each (a test holds it to this table).
var resolvers map[string]resolver

func init() {
	resolvers = map[string]resolver{
		"threshold":  {1, 1, false, "threshold(max_run|max_overlap|ngram|min_run|tolerance|c1_min_present|c2_max_undeveloped)", evalThreshold},
		"registered": {1, 1, false, "registered(max_run|max_overlap|ngram|tolerance|c1_min_present|c2_max_undeveloped)", evalRegistered},
		"count":      {0, 1, true, "count([fails|passes|cells|no_example|writers|sections|mandated_phrases|changed_thresholds|registered_thresholds], filters...)", evalCount},
		"min":        {1, 1, true, "min(run|overlap|words|shared|distinct, filters...)", evalExtreme},
		"max":        {1, 1, true, "max(run|overlap|words|shared|distinct, filters...)", evalExtreme},
		"writer":     {2, 2, false, `writer("Model 2", fails|passes|sections|fail_rate)`, evalWriter},
		"cell":       {3, 3, false, `cell("Model 2", "ACT 5", run|words|overlap|shared|distinct|variant|verdict|rules)`, evalCell},
		"hypothesis": {2, 2, false, "hypothesis(H1, verdict|verdict_registered|statement|registered|chance)", evalHypothesis},
		"spread":     {2, 2, false, "spread(run|overlap, sections|writers|neither|section_chance|writer_chance|sentence)", evalSpread},
	}
	maps.Copy(resolvers, validationResolvers) // the judge validation's (validation.go)
	maps.Copy(resolvers, judgedResolvers)     // the judged tier's (judged.go)
}

func resolverNames() []string {
	var names []string
	for n := range resolvers {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// word returns c's i-th positional argument, which must be one of options.
// wordCol is the column of c's i-th word, or of c when unknown.
func (c call) wordCol(i int) int {
	if i < len(c.cols) {
		return c.cols[i]
	}
	return c.col
}

func word(c call, i int, options ...string) (string, error) {
	w := c.words[i]
	if slices.Contains(options, w) {
		return w, nil
	}
	return "", evalErrorf(c.wordCol(i), "%s: unknown field %q (one of: %s)", c.name, w, strings.Join(options, ", "))
}

// judgedThresholds are the judged tier's thresholds ([judged]).
var judgedThresholds = []string{"c1_min_present", "c2_max_undeveloped"}

func evalThreshold(ev *evaluator, c call) (Value, error) {
	switch {
	case slices.Contains(judgedThresholds, c.words[0]):
		return ev.judgedThreshold(c.words[0], false), nil
	case c.words[0] == "tolerance":
		return shareValue(ev.p.G1Tolerance, -1), nil
	}
	return thresholdValue(c, ev.p.Thresholds, append([]string{"max_run", "max_overlap", "ngram", "min_run", "tolerance"}, judgedThresholds...)...)
}

func evalRegistered(ev *evaluator, c call) (Value, error) {
	switch {
	case slices.Contains(judgedThresholds, c.words[0]) && ev.p.Judged != nil && !ev.p.Judged.RegisteredDeclared:
		return Value{}, evalErrorf(c.col, "registered(%s): the config declares no [judged.registered] thresholds", c.words[0])
	case slices.Contains(judgedThresholds, c.words[0]):
		return ev.judgedThreshold(c.words[0], true), nil
	case c.words[0] == "tolerance" && ev.p.RegisteredG1Tolerance == nil:
		return Value{}, evalErrorf(c.col, "registered(tolerance): the config declares no [g1.registered] tolerance")
	case c.words[0] == "tolerance":
		return shareValue(*ev.p.RegisteredG1Tolerance, -1), nil
	}
	if ev.p.Registered == nil {
		return Value{}, evalErrorf(c.col, "registered(%s): the config declares no [c5.registered] thresholds", strings.Join(c.words, ""))
	}
	return thresholdValue(c, *ev.p.Registered, append([]string{"max_run", "max_overlap", "ngram", "tolerance"}, judgedThresholds...)...)
}

// judgedThreshold is a [judged] threshold, as applied or as registered;
// n/a before the judged tier has run.
func (ev *evaluator) judgedThreshold(name string, registered bool) Value {
	j := ev.p.Judged
	switch {
	case j == nil:
		return Value{}
	case name == "c1_min_present" && registered:
		return intValue(j.RegisteredC1MinPresent)
	case name == "c1_min_present":
		return intValue(j.C1MinPresent)
	case registered:
		return shareValue(j.RegisteredC2MaxUndeveloped, -1)
	}
	return shareValue(j.C2MaxUndeveloped, -1)
}

func thresholdValue(c call, t public.Thresholds, options ...string) (Value, error) {
	name, err := word(c, 0, options...)
	if err != nil {
		return Value{}, err
	}
	switch name {
	case "max_run":
		return intValue(t.MaxRun), nil
	case "max_overlap":
		return shareValue(t.MaxOverlap, -1), nil
	case "ngram":
		return intValue(t.NGram), nil
	}
	return intValue(t.MinRun), nil
}

func evalCount(ev *evaluator, c call) (Value, error) {
	what := "cells"
	if len(c.words) == 1 {
		var err error
		if what, err = word(c, 0, "fails", "passes", "cells", "no_example", "writers", "sections", "mandated_phrases", "changed_thresholds", "registered_thresholds"); err != nil {
			return Value{}, err
		}
	}
	if what == "changed_thresholds" || what == "registered_thresholds" {
		return ev.thresholdCount(c, what)
	}
	if (what == "fails" || what == "passes") && ev.p.C5Measure && !ev.criterionFilter(c) {
		return Value{}, errMeasureOnly(c)
	}
	if what == "mandated_phrases" {
		if len(c.filters) > 0 {
			return Value{}, evalErrorf(c.filters[0].col, "count(mandated_phrases) takes no filters")
		}
		return intValue(ev.p.MandatedPhrases), nil
	}
	if len(c.filters) == 0 && what == "writers" {
		return intValue(len(ev.p.Writers)), nil
	}
	if len(c.filters) == 0 && what == "sections" {
		return intValue(len(ev.p.Sections)), nil
	}
	implied := map[string]string{"fails": "fail", "passes": "pass", "no_example": "no_example"}[what]
	f, err := ev.newFilter(c, implied)
	if err != nil {
		return Value{}, err
	}
	if ev.diagnostic(f.judge) {
		return Value{}, nil // an invalid judge's verdicts are counted nowhere
	}
	n, distinct := 0, map[string]bool{}
	for _, cell := range ev.p.Cells {
		if !f.match(cell) {
			continue
		}
		n++
		switch what {
		case "writers":
			distinct[cell.Writer] = true
		case "sections":
			distinct[cell.Section] = true
		}
	}
	if what == "writers" || what == "sections" {
		n = len(distinct)
	}
	return intValue(n), nil
}

// fieldValue returns a measured field of a cell.
func fieldValue(c public.Cell, field string) Value {
	switch field {
	case "run":
		return intValue(c.Run)
	case "overlap":
		return shareValue(c.Overlap, 1)
	case "words":
		return intValue(c.Words)
	case "shared":
		return intValue(c.Shared)
	case "distinct":
		return intValue(c.Distinct)
	case "variant":
		return intValue(c.Variant)
	}
	return Value{}
}

func evalExtreme(ev *evaluator, c call) (Value, error) {
	field, err := word(c, 0, "run", "overlap", "words", "shared", "distinct")
	if err != nil {
		return Value{}, err
	}
	f, err := ev.newFilter(c, "")
	if err != nil {
		return Value{}, err
	}
	best := Value{}
	for _, cell := range ev.p.Cells {
		if !f.match(cell) || !cell.HasExample && field != "words" {
			continue
		}
		v := fieldValue(cell, field)
		if best.Kind == None || c.name == "min" && v.Num < best.Num || c.name == "max" && v.Num > best.Num {
			best = v
		}
	}
	return best, nil
}

func evalWriter(ev *evaluator, c call) (Value, error) {
	field, err := word(c, 1, "fails", "passes", "sections", "fail_rate")
	if err != nil {
		return Value{}, err
	}
	if field != "sections" && ev.p.C5Measure {
		return Value{}, errMeasureOnly(c)
	}
	for _, w := range ev.p.Writers {
		if w.Alias != c.words[0] {
			continue
		}
		fails, sections := w.Fails(), w.Sections()
		switch field {
		case "fails":
			return intValue(fails), nil
		case "sections":
			return intValue(sections), nil
		case "passes":
			return intValue(sections - fails), nil
		}
		if sections == 0 {
			return Value{}, nil
		}
		return shareValue(float64(fails)/float64(sections), 0), nil
	}
	return Value{}, evalErrorf(c.col, "no writer %q (writers: %s)", c.words[0], ev.writerList())
}

func evalCell(ev *evaluator, c call) (Value, error) {
	field, err := word(c, 2, "run", "words", "overlap", "shared", "distinct", "variant", "verdict", "rules")
	if err != nil {
		return Value{}, err
	}
	if (field == "verdict" || field == "rules") && ev.p.C5Measure {
		return Value{}, errMeasureOnly(c)
	}
	if err := ev.checkWriter(c, c.words[0]); err != nil {
		return Value{}, err
	}
	if err := ev.checkSection(c, c.words[1]); err != nil {
		return Value{}, err
	}
	for _, cell := range ev.p.Cells {
		if cell.Writer != c.words[0] || cell.Section != c.words[1] {
			continue
		}
		switch {
		case field == "verdict":
			return textValue(VerdictWord(cell)), nil
		case field == "words":
			return intValue(cell.Words), nil
		case !cell.HasExample:
			return Value{}, nil
		case field == "rules":
			rules := cell.Headline().Failed
			if len(rules) == 0 {
				return textValue("none"), nil
			}
			return textValue(strings.Join(rules, ", ")), nil
		}
		return fieldValue(cell, field), nil
	}
	return Value{}, evalErrorf(c.col, "no cell for writer %q and section %q", c.words[0], c.words[1])
}

func evalHypothesis(ev *evaluator, c call) (Value, error) {
	field, err := word(c, 1, "verdict", "verdict_registered", "statement", "registered", "chance")
	if err != nil {
		return Value{}, err
	}
	var ids []string
	for _, h := range ev.p.Hypotheses {
		ids = append(ids, h.ID)
		if h.ID != c.words[0] {
			continue
		}
		switch field {
		case "verdict":
			return textValue(h.Verdict), nil
		case "verdict_registered":
			if h.RegisteredVerdict == "" {
				return textValue(h.Verdict), nil
			}
			return textValue(h.RegisteredVerdict), nil
		case "statement":
			return textValue(h.Statement), nil
		case "chance":
			return ev.hypothesisChance(h.ID), nil
		}
		return textValue(h.Registered), nil
	}
	return Value{}, evalErrorf(c.col, "no hypothesis %q (hypotheses: %s)", c.words[0], strings.Join(ids, ", "))
}

func (ev *evaluator) writerList() string {
	var names []string
	for _, w := range ev.p.Writers {
		names = append(names, strconv.Quote(w.Alias))
	}
	slices.Sort(names)
	return strings.Join(names, ", ")
}

func (ev *evaluator) checkWriter(c call, alias string) error {
	for _, w := range ev.p.Writers {
		if w.Alias == alias {
			return nil
		}
	}
	return evalErrorf(c.col, "%s: no writer %q (writers: %s)", c.name, alias, ev.writerList())
}

func (ev *evaluator) checkSection(c call, section string) error {
	if slices.Contains(ev.p.Sections, section) {
		return nil
	}
	var names []string
	for _, s := range ev.p.Sections {
		names = append(names, strconv.Quote(s))
	}
	return evalErrorf(c.col, "%s: no section %q (sections: %s)", c.name, section, strings.Join(names, ", "))
}

// VerdictWord is a cell's verdict of the headline criterion (C5) as the
// pages write it: "pass", "FAIL" or "NO EXAMPLE".
func VerdictWord(c public.Cell) string {
	return c.Headline().Label()
}

// thresholdCount counts thresholds of every criterion, or of the one a
// criterion= filter names, its only filter. changed_thresholds are the
// build's thresholds that differ from the registered ones
// (public.Public.Drifts): 0 for a criterion without a registered block,
// whatever --set did (the page note states that change against the config
// file). registered_thresholds are the
// thresholds a registered block declares: 0 for a criterion without one,
// of which nothing may be said to be registered.
func (ev *evaluator) thresholdCount(c call, what string) (Value, error) {
	var only string
	for _, a := range c.filters {
		if a.key != "criterion" || only != "" {
			return Value{}, evalErrorf(a.col, "count(%s) takes one filter, criterion=", what)
		}
		if _, ok := ev.criteria()[a.value]; !ok {
			return Value{}, evalErrorf(a.col, "%s: unknown criterion %q (criteria: %s)", c.name, a.value, strings.Join(ev.criterionNames(), ", "))
		}
		only = a.value
	}
	n := 0
	if what == "registered_thresholds" {
		for _, ct := range ev.p.CriteriaThresholds {
			if only != "" && string(ct.Criterion) != only {
				continue
			}
			for _, t := range ct.Registered {
				if !t.PerSection {
					n++
				}
			}
		}
		return intValue(n), nil
	}
	for _, d := range ev.p.Drifts() {
		if only == "" || string(d.Criterion) == only {
			n++
		}
	}
	return intValue(n), nil
}

// criterionFilter reports whether c names a criterion other than the
// headline's with criterion=.
func (ev *evaluator) criterionFilter(c call) bool {
	for _, a := range c.filters {
		if a.key == "criterion" && a.value != ev.headline() {
			return true
		}
	}
	return false
}
