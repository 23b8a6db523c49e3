// Package criteria owns the evaluation's criteria: each one's ID (C5, G1,
// C1, C2, C4, C6), its kind (a quality criterion, or a gate that is
// reported separately and never counted in a quality result), its settings
// with their defaults and the config block they are read from, the
// measurements it needs, its rules, its thresholds as pages state them, and
// the one function that turns a cell's measurements into outcomes. Every
// later stage (config, findings, the public view, the tables, results.json
// and results.csv, the changes list, the hypotheses) iterates the criteria
// and a cell's outcomes and names no criterion's rules or limits.
//
// An outcome is a verdict (pass, FAIL, unscored with the reason, ambiguous),
// the rules that failed, and the values with the limits they were judged
// against. Rules are data: a value, a limit and which side of the limit
// passes, so an outcome can be judged again under other limits (the
// sensitivity charts) without knowing which criterion it belongs to.
//
// # Criteria are values
//
// A Set holds the criteria a build judges; Default holds the evaluation's
// own, and With adds more (criteria.Default().With(c7)), as goldmark takes
// extensions. The set travels in the build's options and in the Settings
// made from it: no package keeps a registry, so builds with different
// criteria can run side by side.
//
// # Adding a criterion
//
// A criterion is one file, named after it (g1.go is the worked example),
// plus its config block and its words:
//
//  1. The file: its settings type (a struct with TOML tags) and defaults,
//     and a Def that New makes a *Criterion of: its config block, the
//     measurements it needs (Def.Measures defines a new one, a number of
//     the section's text), its rules, its judge function, and the words
//     that state its thresholds and outcomes. Built-in criteria are in
//     Default's list; another program's go in its set With.
//  2. Its config block in config.toml ([g1]): config decodes it through
//     the criterion, --set reaches its keys (--set g1.tolerance=0.2).
//  3. The words that describe it in the documents (content/; see docs/criteria.md).
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

	"github.com/evalpress/evalpress/internal/numfmt"
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
	// Words state what breaks the rule, %s standing for the limit as its
	// threshold is written: "longest run over %s words". "" for the name.
	Words string
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

// WithLimit returns o judged again with the limit named name set to
// value; an unscored or ambiguous outcome is returned as it is.
func (c *Criterion) WithLimit(o Outcome, name string, value float64) Outcome {
	if !o.Scored() {
		return o
	}
	limits := slices.Clone(o.Limits)
	for i := range limits {
		if limits[i].Name == name {
			limits[i].Value = value
		}
	}
	return judgeRules(c.ID, c.Rules, o.Judge, o.Values, limits)
}

// FailsWithLimit reports whether o judged again with the limit named name
// set to value fails: WithLimit(o, name, value).Fail(), without making the
// outcome. A sensitivity sweep asks it of every cell at every point.
func (c *Criterion) FailsWithLimit(o Outcome, name string, value float64) bool {
	if !o.Scored() {
		return false
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

// Checks states each rule of o, one of c's outcomes, with its numbers; an
// unscored outcome has one line with its reason.
func (c *Criterion) Checks(o Outcome) []Check {
	if c.explain == nil {
		return c.labelOnly(o)
	}
	return c.explain(o)
}

// labelOnly states an outcome by its verdict alone.
func (c *Criterion) labelOnly(o Outcome) []Check { return labelOnly(c.Title, o) }

// labelOnly states an outcome of the criterion titled title by its verdict
// alone.
func labelOnly(title string, o Outcome) []Check {
	return []Check{{Unscored: o.Verdict == Unscored, Failed: o.Fail(), Text: title + ": " + o.Label()}}
}

// Summary states o, one of c's outcomes, in a few words for a table cell:
// G1's "286 words, target 300 ± 45".
func (c *Criterion) Summary(o Outcome) string {
	if c.summary == nil {
		return o.Label()
	}
	return c.summary(o)
}

// Criterion is one criterion: what it is and how it judges. New makes one
// from a Def; a Set holds the criteria a build judges.
type Criterion struct {
	ID    ID
	Title string // a few words: "paraphrase distance", "length"
	Kind  Kind
	// Judged criteria are decided by judges, one outcome per judge.
	Judged bool
	// Headline marks the criterion whose verdict is a cell's one verdict
	// where a single verdict is shown: results.json's and results.csv's
	// verdict and rules, the grid of the results page, the change list's
	// first rows. At most one criterion is the headline.
	Headline bool
	// Counts says what a count its outcomes hold counts ("bullets present
	// of assigned"); "" for none.
	Counts string
	// Tally writes a count in the reporting template ("%d of %d bullets
	// present"); "" for the count and Counts.
	Tally string
	// Reports says what the reporting template's RESULTS slot for it
	// holds; "" for what a slot of its kind holds.
	Reports string
	// Block is the config.toml table its settings are read from ("c5");
	// criteria may share one, each reading its own keys. "" for none.
	Block string
	// Needs names the measurements its judge reads (Measurements.Value).
	Needs []string
	// Measures are the text measures it defines (Def.Measures).
	Measures []TextMeasure
	Rules    []Rule
	// Values and Limits name the numbers an outcome holds, in the order a
	// table's columns list them (results.csv).
	Values, Limits []string
	// File is the source file that defines it, shown on the method page
	// when it is one of this package's (Source).
	File string

	s settingsOps // its settings, of the type of its Def
	// explain states each rule's outcome with its numbers.
	explain func(o Outcome) []Check
	// summary states the outcome in a few words (Summary).
	summary func(o Outcome) string
}

// judgeRules applies rules, criterion id's, to values under limits. A rule
// whose value or limit is missing makes the outcome unscored.
func judgeRules(id ID, rules []Rule, judge string, values, limits []Named) Outcome {
	o := Outcome{Criterion: id, Judge: judge, Verdict: Pass, Values: values, Limits: limits}
	for _, r := range rules {
		v, okV := find(values, r.Value)
		l, okL := find(limits, r.Limit)
		if !okV || !okL {
			return Outcome{Criterion: id, Judge: judge, Verdict: Unscored, Reason: "no " + r.Limit, Values: values, Limits: limits}
		}
		if r.fails(v, l) {
			o.Failed = append(o.Failed, r.Name)
			o.Verdict = Fail
		}
	}
	return o
}

// JudgeRules applies the criterion's rules to values under limits: the
// outcome of a criterion whose values are measured and whose limits are
// its settings. A rule whose value or limit is missing makes it unscored.
func (c *Criterion) JudgeRules(values, limits []Named) Outcome {
	return judgeRules(c.ID, c.Rules, "", values, limits)
}

// RuleNames returns the names of c's rules, in order.
func (c *Criterion) RuleNames() []string {
	out := make([]string, len(c.Rules))
	for i, r := range c.Rules {
		out[i] = r.Name
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

// SharePercent writes a configured share as a percentage with no more
// decimals than it has: 0.1 is "10%", 0.125 is "12.5%" (numfmt.Setting,
// as every page writes a setting).
func SharePercent(x float64) string { return numfmt.Setting(x) }

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

// Excess is how many times its limit o's worst failing rule reaches
// (infinite for a limit of 0); 0 when no rule fails.
func (c *Criterion) Excess(o Outcome) float64 {
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
