// Package criteria owns the evaluation's criteria: each one's ID (C5, G1,
// later C1, C2, C4, C6), its kind (a quality criterion, or a gate that is
// reported separately and never counted in a quality result), its settings
// with their defaults, its rules, and the one function that turns a cell's
// measurements into outcomes. Every later stage (findings, the public view,
// the tables, results.json and results.csv, the changes list, the
// hypotheses, the cache keys) iterates a cell's outcomes and names no
// criterion's rules or limits.
//
// An outcome is a verdict (pass, FAIL, unscored with the reason, ambiguous),
// the rules that failed, and the values with the limits they were judged
// against. Rules are data: a value, a limit and which side of the limit
// passes, so an outcome can be judged again under other limits (the
// sensitivity charts) without knowing which criterion it belongs to.
//
// # Adding a criterion
//
//  1. One file here, named after the criterion (g1.go is the worked
//     example): its settings type with TOML tags and defaults, its
//     Validate, its rules, its judge function from Measurements to
//     outcomes, and an init that registers it. Give Settings a field for
//     its settings and the Measurements the values it reads.
//  2. Its config block: config.Config has a field of the settings type
//     under the criterion's key ([g1]); config.Config.Criteria hands it on.
//  3. The words that describe it on the pages (templates, README, content).
//
// A judged criterion (C1, C2, C4, C6) returns one outcome per judge, with
// Outcome.Judge set to the judge's id: a cell's outcomes are keyed by
// criterion and judge (Key), and tallies are kept per criterion and judge.
package criteria

import (
	"math"
	"slices"
	"strconv"
	"strings"
)

// ID names a criterion: "C5", "G1".
type ID string

// Kind says how a criterion's result is reported.
type Kind string

// Kinds.
const (
	// Quality criteria make up the quality result of a cell.
	Quality Kind = "quality"
	// Gate criteria are reported separately, never in a quality result.
	Gate Kind = "gate"
)

// Verdict is an outcome's verdict.
type Verdict string

// Verdicts.
const (
	Pass      Verdict = "pass"
	Fail      Verdict = "FAIL"
	Unscored  Verdict = "unscored"  // the criterion cannot be judged; Reason says why
	Ambiguous Verdict = "ambiguous" // the judge flagged the call as ambiguous
)

// Op says which side of its limit a rule's value must stay on.
type Op int

// Ops.
const (
	AtMost  Op = iota // fails when the value is above the limit
	AtLeast           // fails when the value is below the limit
)

// Rule is one pass line of a criterion: the value it reads, the limit it
// compares the value with, and the side of the limit that passes.
type Rule struct {
	Name  string // "run", "overlap"
	Value string // the name of the value judged
	Limit string // the name of the limit
	Op    Op
}

// fails reports whether value breaks the rule under limit.
func (r Rule) fails(value, limit float64) bool {
	if r.Op == AtLeast {
		return value < limit
	}
	return value > limit
}

// Named is a number with its name: a measured value or a limit.
type Named struct {
	Name  string
	Value float64
}

// Key identifies an outcome within a cell: its criterion and, for a judged
// criterion, the judge.
type Key struct {
	Criterion ID
	Judge     string // "" for a measured criterion
}

// String returns "C5", or "C1/primary" for a judge's outcome.
func (k Key) String() string {
	if k.Judge == "" {
		return string(k.Criterion)
	}
	return string(k.Criterion) + "/" + k.Judge
}

// Outcome is a criterion's result for one cell.
type Outcome struct {
	Criterion ID
	Judge     string // the judge's id for a judged criterion, else ""
	Verdict   Verdict
	Reason    string   // why the outcome is unscored or ambiguous ("no example")
	Failed    []string // the names of the rules that failed, in rule order
	Values    []Named  // the values judged, in rule order, then any others
	Limits    []Named  // the limits they were judged against
}

// Key returns the outcome's key.
func (o Outcome) Key() Key { return Key{o.Criterion, o.Judge} }

// Fail reports whether the verdict is FAIL.
func (o Outcome) Fail() bool { return o.Verdict == Fail }

// Scored reports whether the outcome is a pass or a FAIL.
func (o Outcome) Scored() bool { return o.Verdict == Pass || o.Verdict == Fail }

// RuleFailed reports whether the rule named name failed.
func (o Outcome) RuleFailed(name string) bool { return slices.Contains(o.Failed, name) }

// Value returns the value named name.
func (o Outcome) Value(name string) (float64, bool) { return find(o.Values, name) }

// Limit returns the limit named name.
func (o Outcome) Limit(name string) (float64, bool) { return find(o.Limits, name) }

func find(ns []Named, name string) (float64, bool) {
	for _, n := range ns {
		if n.Name == name {
			return n.Value, true
		}
	}
	return 0, false
}

// Label is the verdict as the tables print it: "pass", "FAIL", or for an
// unscored outcome its reason in capitals ("NO EXAMPLE").
func (o Outcome) Label() string {
	if o.Verdict == Unscored && o.Reason != "" {
		return strings.ToUpper(o.Reason)
	}
	return string(o.Verdict)
}

// WithLimit returns the outcome judged again with the limit named name set
// to value; an unscored or ambiguous outcome is returned as it is.
func (o Outcome) WithLimit(name string, value float64) Outcome {
	if !o.Scored() {
		return o
	}
	limits := slices.Clone(o.Limits)
	for i := range limits {
		if limits[i].Name == name {
			limits[i].Value = value
		}
	}
	c := Lookup(o.Criterion)
	if c == nil {
		return o
	}
	return c.judgeRules(o.Judge, o.Values, limits)
}

// FailsWithLimit reports whether the outcome judged again with the limit
// named name set to value fails: WithLimit(name, value).Fail(), without
// making the outcome. A sensitivity sweep asks it of every cell at every
// point.
func (o Outcome) FailsWithLimit(name string, value float64) bool {
	if !o.Scored() {
		return false
	}
	c := Lookup(o.Criterion)
	if c == nil {
		return o.Fail()
	}
	failed := false
	for _, r := range c.Rules {
		v, okV := find(o.Values, r.Value)
		l, okL := find(o.Limits, r.Limit)
		if !okV || !okL {
			return false // unscored
		}
		if r.Limit == name {
			l = value
		}
		failed = failed || r.fails(v, l)
	}
	return failed
}

// Check is one rule's outcome as a cell page states it.
type Check struct {
	Rule     string
	Failed   bool
	Unscored bool
	Text     string // "longest run 18 > 12: FAIL"
}

// Class is "fail", "pass" or "unscored", for styling.
func (c Check) Class() string {
	switch {
	case c.Failed:
		return "fail"
	case c.Unscored:
		return "unscored"
	}
	return "pass"
}

// Checks states each rule of the outcome with its numbers; an unscored
// outcome has one line with its reason.
func (o Outcome) Checks() []Check {
	c := Lookup(o.Criterion)
	if c == nil {
		return nil
	}
	if c.explain == nil {
		return c.labelOnly(o)
	}
	return c.explain(o)
}

// labelOnly states an outcome by its verdict alone.
func (c *Criterion) labelOnly(o Outcome) []Check {
	return []Check{{Unscored: o.Verdict == Unscored, Failed: o.Fail(), Text: c.Title + ": " + o.Label()}}
}

// Summary states the outcome in a few words for a table cell: G1's
// "286 words, target 300 ± 45".
func (o Outcome) Summary() string {
	c := Lookup(o.Criterion)
	if c == nil || c.summary == nil {
		return o.Label()
	}
	return c.summary(o)
}

// Criterion is one criterion: what it is and how it judges.
type Criterion struct {
	ID    ID
	Title string // a few words: "paraphrase distance", "length"
	Kind  Kind
	// Judged criteria are decided by judges, one outcome per judge.
	Judged bool
	Rules  []Rule

	// judge turns a cell's measurements into its outcomes: none when the
	// criterion does not apply, one for a measured criterion, one per
	// judge for a judged one.
	judge func(s *Settings, m *Measurements) []Outcome
	// validate checks the criterion's settings.
	validate func(s *Settings) error
	// verdictOnly zeroes the settings that decide verdicts and nothing else
	// (a threshold-only rebuild may change them and reuse everything else).
	verdictOnly func(s *Settings)
	// explain states each rule's outcome with its numbers.
	explain func(o Outcome) []Check
	// summary states the outcome in a few words (Summary).
	summary func(o Outcome) string

	// Values and Limits name the numbers an outcome holds, in the order a
	// table's columns list them (results.csv).
	Values, Limits []string
}

// judgeRules applies c's rules to values under limits. A rule whose value
// or limit is missing makes the outcome unscored.
func (c *Criterion) judgeRules(judge string, values, limits []Named) Outcome {
	o := Outcome{Criterion: c.ID, Judge: judge, Verdict: Pass, Values: values, Limits: limits}
	for _, r := range c.Rules {
		v, okV := find(values, r.Value)
		l, okL := find(limits, r.Limit)
		if !okV || !okL {
			return Outcome{Criterion: c.ID, Judge: judge, Verdict: Unscored, Reason: "no " + r.Limit, Values: values, Limits: limits}
		}
		if r.fails(v, l) {
			o.Failed = append(o.Failed, r.Name)
			o.Verdict = Fail
		}
	}
	return o
}

// RuleNames returns the names of c's rules, in order.
func (c *Criterion) RuleNames() []string {
	out := make([]string, len(c.Rules))
	for i, r := range c.Rules {
		out[i] = r.Name
	}
	return out
}

var registry []*Criterion

// register adds c to the criteria; quality criteria come before gates, each
// in ID order.
func register(c *Criterion) {
	registry = append(registry, c)
	slices.SortFunc(registry, func(a, b *Criterion) int {
		if a.Kind != b.Kind {
			if a.Kind == Quality {
				return -1
			}
			return 1
		}
		return strings.Compare(string(a.ID), string(b.ID))
	})
}

// All returns every criterion: quality criteria first, then gates, each in
// ID order.
func All() []*Criterion { return registry }

// Lookup returns the criterion with id, or nil.
func Lookup(id ID) *Criterion {
	for _, c := range registry {
		if c.ID == id {
			return c
		}
	}
	return nil
}

// Measurements are everything the criteria judge about one cell (one
// writer's section). Section is the heading as written: private, used only
// to find per-section settings.
type Measurements struct {
	Section string
	// Written is the number of whitespace-separated words of the section as
	// written, mandated phrases included.
	Written int
	// HasExample is false when the section has no example to compare with;
	// the rest are C5's numbers (see reports/c5).
	HasExample bool
	Words      int
	Run        int
	Overlap    float64
	Shared     int
	Distinct   int
	// Judgments are the judges' verdict blocks on the cell, for the judged
	// criteria (C1, C2, C4, C6); none outside the judged tier.
	Judgments []Judgment
}

// Judge returns the outcomes of every criterion for m, in the order of All.
func Judge(s *Settings, m *Measurements) []Outcome {
	var out []Outcome
	for _, c := range registry {
		out = append(out, c.judge(s, m)...)
	}
	return out
}

// Find returns the outcome with key k among outcomes.
func Find(outcomes []Outcome, k Key) (Outcome, bool) {
	for _, o := range outcomes {
		if o.Criterion == k.Criterion && o.Judge == k.Judge {
			return o, true
		}
	}
	return Outcome{}, false
}

// Settings are every criterion's settings.
type Settings struct {
	C5     C5Thresholds
	G1     G1Settings
	Judged JudgedSettings
}

// Validate checks every criterion's settings.
func (s *Settings) Validate() error {
	for _, c := range registry {
		if c.validate == nil {
			continue
		}
		if err := c.validate(s); err != nil {
			return err
		}
	}
	return nil
}

// ForMeasurement returns s with every setting that decides verdicts and
// nothing else zeroed: what a cache of measurements, runs and pages keys on.
func (s Settings) ForMeasurement() Settings {
	for _, c := range registry {
		if c.verdictOnly != nil {
			c.verdictOnly(&s)
		}
	}
	return s
}

// Tally counts one criterion's (and judge's) verdicts over some cells.
type Tally struct {
	Criterion                       ID
	Judge                           string
	Pass, Fail, Unscored, Ambiguous int
}

// Scored returns the number of cells passed or failed.
func (t Tally) Scored() int { return t.Pass + t.Fail }

// Tallies are tallies in the order their outcomes were first added.
type Tallies []Tally

// Add counts o.
func (ts *Tallies) Add(o Outcome) {
	i := slices.IndexFunc(*ts, func(t Tally) bool { return t.Criterion == o.Criterion && t.Judge == o.Judge })
	if i < 0 {
		*ts = append(*ts, Tally{Criterion: o.Criterion, Judge: o.Judge})
		i = len(*ts) - 1
	}
	t := &(*ts)[i]
	switch o.Verdict {
	case Pass:
		t.Pass++
	case Fail:
		t.Fail++
	case Unscored:
		t.Unscored++
	case Ambiguous:
		t.Ambiguous++
	}
}

// AddAll counts every outcome of a cell.
func (ts *Tallies) AddAll(outcomes []Outcome) {
	for _, o := range outcomes {
		ts.Add(o)
	}
}

// Of returns the tally with key k (zero when nothing was counted).
func (ts Tallies) Of(k Key) Tally {
	for _, t := range ts {
		if t.Criterion == k.Criterion && t.Judge == k.Judge {
			return t
		}
	}
	return Tally{Criterion: k.Criterion, Judge: k.Judge}
}

// percent writes a measured share as a percentage with decimals digits.
func percent(x float64, decimals int) string {
	return strconv.FormatFloat(x*100, 'f', decimals, 64) + "%"
}

// SharePercent writes a configured share as a percentage with no more
// decimals than it has: 0.1 is "10%", 0.125 is "12.5%".
func SharePercent(x float64) string {
	return strconv.FormatFloat(math.Round(x*100*1e6)/1e6, 'f', -1, 64) + "%"
}

// number writes a value or limit: whole numbers without decimals.
func number(x float64) string {
	return strconv.FormatFloat(x, 'f', -1, 64)
}

// SettingError is a setting that cannot be used; Key is its dotted config
// key ("g1.targets.ACT 1"), so the config file's line can be found.
type SettingError struct {
	Key string
	Msg string
}

func (e *SettingError) Error() string { return e.Msg }

// Record is an outcome as results.json holds it. A judged criterion's
// record holds its judges' outcomes by judge id (Judges).
type Record struct {
	Verdict string             `json:"verdict,omitempty"`
	Reason  string             `json:"reason,omitempty"`
	Rules   []string           `json:"rules"`
	Values  map[string]float64 `json:"values"`
	Limits  map[string]float64 `json:"limits"`
	Judges  map[string]Record  `json:"judges,omitempty"`
}

// Records returns a cell's outcomes as results.json holds them: by
// criterion ID, a judged criterion's by judge inside its criterion's.
func Records(outcomes []Outcome) map[string]Record {
	out := map[string]Record{}
	for _, o := range outcomes {
		r := Record{Verdict: string(o.Verdict), Reason: o.Reason, Rules: append([]string{}, o.Failed...),
			Values: map[string]float64{}, Limits: map[string]float64{}}
		for _, v := range o.Values {
			r.Values[v.Name] = v.Value
		}
		for _, l := range o.Limits {
			r.Limits[l.Name] = l.Value
		}
		if o.Judge == "" {
			judges := out[string(o.Criterion)].Judges
			r.Judges = judges
			out[string(o.Criterion)] = r
			continue
		}
		c := out[string(o.Criterion)]
		if c.Judges == nil {
			c.Judges = map[string]Record{}
		}
		c.Judges[o.Judge] = r
		if c.Rules == nil {
			c.Rules, c.Values, c.Limits = []string{}, map[string]float64{}, map[string]float64{}
		}
		out[string(o.Criterion)] = c
	}
	return out
}

// Excess is how many times its limit the outcome's worst failing rule
// reaches (infinite for a limit of 0); 0 when no rule fails.
func (o Outcome) Excess() float64 {
	c := Lookup(o.Criterion)
	if c == nil {
		return 0
	}
	worst := 0.0
	for _, r := range c.Rules {
		if !o.RuleFailed(r.Name) {
			continue
		}
		v, _ := o.Value(r.Value)
		l, _ := o.Limit(r.Limit)
		if r.Op == AtLeast {
			v, l = l, v // how many times short of the limit
		}
		if l <= 0 {
			return math.Inf(1)
		}
		worst = max(worst, v/l)
	}
	return worst
}
