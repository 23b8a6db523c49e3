package criteria

import (
	"fmt"

	"github.com/evalpress/evalpress/internal/numfmt"
)

// C5 is the paraphrase criterion: a section must not copy its example's
// wording, by the longest verbatim word run and the share of its n-grams
// found in the example.
const C5 ID = "C5"

// C5's rules, values and limits.
const (
	RuleRun         = "run"         // the longest run is at most MaxRun words
	RuleOverlap     = "overlap"     // the n-gram overlap is at most MaxOverlap
	ValueRun        = "run"         // words in the longest verbatim run
	ValueOverlap    = "overlap"     // share of the section's n-grams in the example
	ValueShared     = "shared"      // distinct n-grams also in the example
	ValueDistinct   = "distinct"    // distinct n-grams of the section
	LimitMaxRun     = "max_run"     // C5Thresholds.MaxRun
	LimitMaxOverlap = "max_overlap" // C5Thresholds.MaxOverlap
)

// C5Thresholds are C5's pass lines ([c5] in config.toml) and its
// comparison's n-gram size.
type C5Thresholds struct {
	MaxRun     int     `toml:"max_run"`     // a run longer than this many words fails
	MaxOverlap float64 `toml:"max_overlap"` // an overlap above this share fails
	NGram      int     `toml:"ngram"`       // n-gram size for the overlap
}

// DefaultC5 are the rubric's thresholds: 12 words, 10%, 8-grams.
var DefaultC5 = C5Thresholds{MaxRun: 12, MaxOverlap: 0.10, NGram: 8}

// Validate reports thresholds that cannot be applied.
func (t C5Thresholds) Validate() error {
	switch {
	case t.MaxRun < 0:
		return fmt.Errorf("max run %d is negative; it is a number of words, 0 or more", t.MaxRun)
	case !(t.MaxOverlap >= 0 && t.MaxOverlap <= 1):
		return fmt.Errorf("max overlap %v is outside 0..1; it is a share, 0.10 for 10%%", t.MaxOverlap)
	case t.NGram < 1:
		return fmt.Errorf("n-gram size %d is less than 1", t.NGram)
	}
	return nil
}

// Judge returns C5's outcome for a measured section against its example.
func (t C5Thresholds) Judge(run int, overlap float64, shared, distinct int) Outcome {
	return judgeRules(C5, c5Rules, "", Comparison(run, overlap, shared, distinct), []Named{{LimitMaxRun, float64(t.MaxRun)}, {LimitMaxOverlap, t.MaxOverlap}, {"ngram", float64(t.NGram)}})
}

// Comparison returns C5's comparison of a section with its example as the
// measurements the criteria read: what the measurement stage provides of a
// section that has an example.
func Comparison(run int, overlap float64, shared, distinct int) []Named {
	return []Named{{ValueRun, float64(run)}, {ValueOverlap, overlap}, {ValueShared, float64(shared)}, {ValueDistinct, float64(distinct)}}
}

// ComparisonNames are the names of the measurements Comparison provides.
var ComparisonNames = []string{ValueRun, ValueOverlap, ValueShared, ValueDistinct}

// Outcome returns C5's outcome for a cell: unscored ("no example") when
// the section has no example, which leaves it without C5's comparison.
func (t C5Thresholds) Outcome(m *Measurements) Outcome {
	run, ok := m.Value(ValueRun)
	if !ok {
		return Outcome{Criterion: C5, Verdict: Unscored, Reason: "no example"}
	}
	overlap, _ := m.Value(ValueOverlap)
	shared, _ := m.Value(ValueShared)
	distinct, _ := m.Value(ValueDistinct)
	return t.Judge(int(run), overlap, int(shared), int(distinct))
}

// C5Settings are C5's settings: the thresholds in force ([c5]) and the
// ones the rubric registered ([c5.registered]), a fact of the past that
// documents quote with their own placeholder and no --set changes; nil
// when the config declares none.
type C5Settings struct {
	C5Thresholds
	Registered *C5Thresholds `toml:"registered"`
	// Mode is ModeVerdict (the default, "") or ModeMeasure: the run and
	// the overlap reported as numbers, with no pass line and no FAIL.
	Mode string `toml:"mode"`
}

// C5's modes ([c5] mode).
const (
	ModeVerdict = "verdict"
	ModeMeasure = "measure"
)

// Measuring reports whether C5 is a measurement only: no verdicts.
func (s C5Settings) Measuring() bool { return s.Mode == ModeMeasure }

// Measured is the reason of a C5 outcome in measure mode: its values
// stand as numbers, with no verdict.
const Measured = "measured"

// outcome is C5's outcome for a cell under s: the thresholds' verdict, or
// in measure mode the comparison's values with no verdict.
func (s C5Settings) outcome(m *Measurements) Outcome {
	o := s.Outcome(m)
	if s.Measuring() && o.Verdict != Unscored {
		o = Outcome{Criterion: C5, Verdict: Unscored, Reason: Measured, Values: o.Values}
	}
	return o
}

// C5 returns C5's settings in s.
func (s Settings) C5() C5Settings { return Of[C5Settings](s, C5) }

// NGram returns the n-gram size of C5's comparison in s: the measurement
// stage's one setting.
func (s Settings) NGram() int { return s.C5().NGram }

// c5Error names the threshold of t (in table, "c5" or "c5.registered")
// that Validate refuses, on its key.
func c5Error(table string, t C5Thresholds) error {
	err := t.Validate()
	if err == nil {
		return nil
	}
	key := table + ".ngram" // the keys in the order Validate checks them
	switch {
	case t.MaxRun < 0:
		key = table + ".max_run"
	case !(t.MaxOverlap >= 0 && t.MaxOverlap <= 1):
		key = table + ".max_overlap"
	}
	return &SettingError{Key: key, Msg: "[" + table + "] " + err.Error()}
}

// c5Rules are C5's two rules: the longest run and the overlap.
var c5Rules = []Rule{
	{Name: RuleRun, Value: ValueRun, Limit: LimitMaxRun, Op: AtMost, Words: "longest run over %s words"},
	{Name: RuleOverlap, Value: ValueOverlap, Limit: LimitMaxOverlap, Op: AtMost, Words: "overlap over %s"},
}

var c5 = New(Def[C5Settings]{
	ID:       C5,
	Title:    "paraphrase distance",
	Kind:     Quality,
	Headline: true,
	Block:    "c5",
	Reports:  "pass rate per writer, and each section's longest verbatim run and 8-gram overlap (code, not a judge)",
	Defaults: C5Settings{C5Thresholds: DefaultC5, Mode: ModeVerdict},
	Needs:    []string{ValueRun, ValueOverlap, ValueShared, ValueDistinct},
	Values:   []string{ValueRun, ValueOverlap, ValueShared, ValueDistinct},
	Limits:   []string{LimitMaxRun, LimitMaxOverlap, "ngram"},
	Rules:    c5Rules,
	Judge:    func(s C5Settings, m *Measurements) []Outcome { return []Outcome{s.outcome(m)} },
	Validate: func(s C5Settings) error {
		if s.Mode != "" && s.Mode != ModeVerdict && s.Mode != ModeMeasure {
			return &SettingError{Key: "c5.mode", Msg: fmt.Sprintf("[c5] mode %q is neither %q nor %q", s.Mode, ModeVerdict, ModeMeasure)}
		}
		if err := c5Error("c5", s.C5Thresholds); err != nil {
			return err
		}
		if s.Registered != nil {
			return c5Error("c5.registered", *s.Registered)
		}
		return nil
	},
	// Without [c5.registered], the rubric's thresholds.
	Registered: func(s C5Settings) (C5Settings, bool) {
		if s.Registered == nil {
			s.C5Thresholds = DefaultC5
			return s, false
		}
		s.C5Thresholds = *s.Registered
		return s, true
	},
	Thresholds: func(s C5Settings) []Threshold {
		return []Threshold{
			{Key: "c5.max_run", Name: LimitMaxRun, Label: "C5 longest run limit (words)", Value: float64(s.MaxRun),
				Now: "a longest run of %s words", Then: "%s words"},
			{Key: "c5.max_overlap", Name: LimitMaxOverlap, Label: "C5 overlap limit", Value: s.MaxOverlap, Share: true,
				Now: "an overlap of %s", Then: "%s"},
			{Key: "c5.ngram", Name: "ngram", Label: "C5 n-gram size (words)", Value: float64(s.NGram),
				Now: "%s-grams", Then: "%s-grams"},
		}
	},
	Words: func(s C5Settings) string {
		if s.Measuring() {
			return fmt.Sprintf("measured, not judged: the longest run and the share of the section's %d-grams shared, as numbers, with no pass line", s.NGram)
		}
		return fmt.Sprintf("a longest run over %d words, or more than %s of the section's %d-grams shared, fails", s.MaxRun, SharePercent(s.MaxOverlap), s.NGram)
	},
	Explain: func(o Outcome) []Check {
		if !o.Scored() {
			return labelOnly("paraphrase distance", o)
		}
		run, _ := o.Value(ValueRun)
		overlap, _ := o.Value(ValueOverlap)
		shared, _ := o.Value(ValueShared)
		distinct, _ := o.Value(ValueDistinct)
		maxRun, _ := o.Limit(LimitMaxRun)
		maxOverlap, _ := o.Limit(LimitMaxOverlap)
		ngram, _ := o.Limit("ngram")
		runLine := fmt.Sprintf("longest run %s ≤ %s words: pass", number(run), number(maxRun))
		if o.RuleFailed(RuleRun) {
			runLine = fmt.Sprintf("longest run %s > %s words: FAIL", number(run), number(maxRun))
		}
		cmp, verdict := "≤", "pass"
		if o.RuleFailed(RuleOverlap) {
			cmp, verdict = ">", "FAIL"
		}
		overlapLine := fmt.Sprintf("overlap %s %s %s (%s of %s distinct %s-grams): %s", numfmt.PercentAgainst(overlap, maxOverlap), cmp,
			SharePercent(maxOverlap), number(shared), number(distinct), number(ngram), verdict)
		return []Check{
			{Rule: RuleRun, Failed: o.RuleFailed(RuleRun), Text: runLine},
			{Rule: RuleOverlap, Failed: o.RuleFailed(RuleOverlap), Text: overlapLine},
		}
	},
})
