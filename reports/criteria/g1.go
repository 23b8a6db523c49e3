package criteria

import (
	"fmt"
	"slices"
	"strings"

	"github.com/evalpress/evalpress/internal/numfmt"
)

// G1 is the length gate: a section's length in words must be within the
// tolerance of its target. It is a gate: reported on its own, never part of
// a quality result, and a G1 FAIL changes no other criterion's verdict.
//
// G1 is the worked example of a criterion (see the package doc): this file,
// the [g1] block of config.toml and the words in the documents are all
// there is to it.
const G1 ID = "G1"

// G1's rules, values and limits.
const (
	RuleShort   = "short" // at least Min words
	RuleLong    = "long"  // at most Max words
	ValueWords  = "words" // whitespace-separated words as written
	LimitTarget = "target"
	LimitMin    = "min"
	LimitMax    = "max"
	// MeasureWritten is the measurement G1 needs: the section's
	// whitespace-separated words as written, mandated phrases included
	// (CountWords).
	MeasureWritten = "written"
)

// DefaultG1Tolerance is the rubric's tolerance: 15% either side.
const DefaultG1Tolerance = 0.15

// G1Settings are G1's settings ([g1] and [g1.targets] in config.toml).
type G1Settings struct {
	// Tolerance is the share of the target a section may be shorter or
	// longer by.
	Tolerance float64 `toml:"tolerance"`
	// Targets are the target lengths in words, by section heading as
	// written. A section with no target is unscored.
	Targets map[string]int `toml:"targets"`
	// Registered is the tolerance the rubric registered ([g1.registered]),
	// quoted apart and never changed by --set; nil when not declared.
	Registered *G1Registered `toml:"registered"`
}

// G1Registered is G1's registered threshold.
type G1Registered struct {
	Tolerance float64 `toml:"tolerance"`
}

// DefaultG1 has the rubric's tolerance and no targets.
var DefaultG1 = G1Settings{Tolerance: DefaultG1Tolerance}

// Bounds returns the shortest and longest passing length for target, in
// whole words: a length is a whole count, so 45 words at 15% (38.25 to
// 51.75) is 39 to 51, the bounds every page, results.json and results.csv
// show. A whole count passes the whole bounds exactly when it passes the
// exact ones; the target itself is always inside.
func (g G1Settings) Bounds(target int) (lo, hi float64) {
	// WordRange's own epsilon makes 300 words at 15% 255..345, not
	// 256..345 from 255.00000000000003: one guard against the float.
	allow := float64(target) * g.Tolerance
	from, to, _ := numfmt.WordRange(float64(target)-allow, float64(target)+allow)
	return float64(from), float64(to)
}

// Validate reports a tolerance or target that cannot be applied.
func (g G1Settings) Validate() error {
	if !(g.Tolerance >= 0 && g.Tolerance <= 1) {
		return &SettingError{Key: "g1.tolerance", Msg: fmt.Sprintf("[g1] tolerance %v is outside 0..1; it is a share, 0.15 for 15%%", g.Tolerance)}
	}
	if r := g.Registered; r != nil && !(r.Tolerance >= 0 && r.Tolerance <= 1) {
		return &SettingError{Key: "g1.registered.tolerance", Msg: fmt.Sprintf("[g1.registered] tolerance %v is outside 0..1; it is a share, 0.15 for 15%%", r.Tolerance)}
	}
	names := make([]string, 0, len(g.Targets))
	for name := range g.Targets {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		if t := g.Targets[name]; t < 0 {
			return &SettingError{Key: "g1.targets." + name, Msg: fmt.Sprintf("[g1.targets] %q = %d is negative; a target is a number of words", name, t)}
		}
	}
	return nil
}

// Judge returns G1's outcome for a section of words words (as written).
func (g G1Settings) Judge(section string, words int) Outcome {
	values := []Named{{ValueWords, float64(words)}}
	target, ok := g.Targets[section]
	if !ok {
		return Outcome{Criterion: G1, Verdict: Unscored, Reason: "no target", Values: values}
	}
	lo, hi := g.Bounds(target)
	return judgeRules(G1, g1Rules, "", values, []Named{{LimitMin, lo}, {LimitMax, hi}, {LimitTarget, float64(target)}})
}

// UnknownTargets returns the [g1.targets] keys that name none of sections,
// sorted.
func (g G1Settings) UnknownTargets(sections []string) []string {
	var out []string
	for name := range g.Targets {
		if !slices.Contains(sections, name) {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out
}

// G1 returns G1's settings in s.
func (s Settings) G1() G1Settings { return Of[G1Settings](s, G1) }

// g1Rules are G1's two rules: too short, too long.
var g1Rules = []Rule{
	{Name: RuleShort, Value: ValueWords, Limit: LimitMin, Op: AtLeast},
	{Name: RuleLong, Value: ValueWords, Limit: LimitMax, Op: AtMost},
}

var g1 = New(Def[G1Settings]{
	ID:       G1,
	Title:    "length",
	Kind:     Gate,
	Block:    "g1",
	Reports:  "the length gate's pass rate per writer, over the sections with a target; reported apart from the quality criteria",
	Defaults: DefaultG1,
	Needs:    []string{MeasureWritten},
	Measures: []TextMeasure{{Name: MeasureWritten, Of: func(text string) float64 { return float64(CountWords(text)) }}},
	Values:   []string{ValueWords},
	Limits:   []string{LimitTarget, LimitMin, LimitMax},
	Rules:    g1Rules,
	Judge: func(s G1Settings, m *Measurements) []Outcome {
		words, ok := m.Value(MeasureWritten)
		if !ok {
			return []Outcome{{Criterion: G1, Verdict: Unscored, Reason: "not measured"}}
		}
		return []Outcome{s.Judge(m.Section, int(words))}
	},
	Validate: G1Settings.Validate,
	Unused: func(s G1Settings, sections []string) []SettingError {
		var out []SettingError
		for _, name := range s.UnknownTargets(sections) {
			out = append(out, SettingError{Key: "g1.targets." + name, Msg: "[g1.targets]: this key names no section of sections.md; it is ignored"})
		}
		return out
	},
	// Without [g1.registered], the tolerance in force.
	Registered: func(s G1Settings) (G1Settings, bool) {
		if s.Registered == nil {
			return s, false
		}
		s.Tolerance = s.Registered.Tolerance
		return s, true
	},
	Thresholds: func(s G1Settings) []Threshold {
		return []Threshold{
			{Key: "g1.tolerance", Name: "g1.tolerance", Label: "G1 length tolerance", Value: s.Tolerance, Share: true,
				Now: "a length tolerance of %s", Then: "%s"},
			{Key: "g1.targets", Name: LimitTarget, Label: "G1 targets", PerSection: true, Noun: "a target"},
		}
	},
	Words: func(s G1Settings) string {
		return "a section more than " + SharePercent(s.Tolerance) + " shorter or longer than its target fails"
	},
	Explain: func(o Outcome) []Check {
		return []Check{{Rule: strings.Join(o.Failed, "+"), Failed: o.Fail(), Unscored: o.Verdict == Unscored,
			Text: "length (G1) " + g1Summary(o) + ": " + o.Label()}}
	},
	Summary: g1Summary,
})

// g1Summary states a length and its target: "286 words as written,
// target 300 (255 to 345 words)", or "286 words as written" when the
// section has no target. "As written": G1 counts the words between spaces,
// not C5's runs of letters and digits. The
// bounds are the whole counts that pass: 45 ± 15% is 39 to 51.
func g1Summary(o Outcome) string {
	words, _ := o.Value(ValueWords)
	count := numfmt.Words(int(words)) + " as written"
	target, ok := o.Limit(LimitTarget)
	if !ok {
		return count
	}
	lo, _ := o.Limit(LimitMin)
	hi, _ := o.Limit(LimitMax)
	return fmt.Sprintf("%s, target %s (%s)", count, number(target), numfmt.WordBounds(lo, hi))
}
