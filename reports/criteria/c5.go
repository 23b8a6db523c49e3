package criteria

import "fmt"

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

// C5Thresholds are C5's pass lines ([c5] in config.toml).
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
	return Lookup(C5).judgeRules("", []Named{
		{ValueRun, float64(run)}, {ValueOverlap, overlap}, {ValueShared, float64(shared)}, {ValueDistinct, float64(distinct)},
	}, []Named{{LimitMaxRun, float64(t.MaxRun)}, {LimitMaxOverlap, t.MaxOverlap}, {"ngram", float64(t.NGram)}})
}

// Outcome returns C5's outcome for a cell: unscored ("no example") when
// the section has no example.
func (t C5Thresholds) Outcome(m *Measurements) Outcome {
	if !m.HasExample {
		return Outcome{Criterion: C5, Verdict: Unscored, Reason: "no example"}
	}
	return t.Judge(m.Run, m.Overlap, m.Shared, m.Distinct)
}

var c5 = &Criterion{
	ID:     C5,
	Title:  "paraphrase distance",
	Kind:   Quality,
	Values: []string{ValueRun, ValueOverlap, ValueShared, ValueDistinct},
	Limits: []string{LimitMaxRun, LimitMaxOverlap, "ngram"},
	Rules: []Rule{
		{Name: RuleRun, Value: ValueRun, Limit: LimitMaxRun, Op: AtMost},
		{Name: RuleOverlap, Value: ValueOverlap, Limit: LimitMaxOverlap, Op: AtMost},
	},
	judge: func(s *Settings, m *Measurements) []Outcome { return []Outcome{s.C5.Outcome(m)} },
	validate: func(s *Settings) error {
		if err := s.C5.Validate(); err != nil {
			return &SettingError{Key: "c5", Msg: "[c5] " + err.Error()}
		}
		return nil
	},
	verdictOnly: func(s *Settings) { s.C5.MaxRun, s.C5.MaxOverlap = 0, 0 },
	explain: func(o Outcome) []Check {
		if !o.Scored() {
			return Lookup(C5).labelOnly(o)
		}
		run, _ := o.Value(ValueRun)
		overlap, _ := o.Value(ValueOverlap)
		shared, _ := o.Value(ValueShared)
		distinct, _ := o.Value(ValueDistinct)
		maxRun, _ := o.Limit(LimitMaxRun)
		maxOverlap, _ := o.Limit(LimitMaxOverlap)
		ngram, _ := o.Limit("ngram")
		runLine := fmt.Sprintf("longest run %s <= %s: pass", number(run), number(maxRun))
		if o.RuleFailed(RuleRun) {
			runLine = fmt.Sprintf("longest run %s > %s: FAIL", number(run), number(maxRun))
		}
		cmp, verdict := "<=", "pass"
		if o.RuleFailed(RuleOverlap) {
			cmp, verdict = ">", "FAIL"
		}
		overlapLine := fmt.Sprintf("overlap %s %s %s (%s of %s distinct %s-grams): %s", percent(overlap, 1), cmp,
			SharePercent(maxOverlap), number(shared), number(distinct), number(ngram), verdict)
		return []Check{
			{Rule: RuleRun, Failed: o.RuleFailed(RuleRun), Text: runLine},
			{Rule: RuleOverlap, Failed: o.RuleFailed(RuleOverlap), Text: overlapLine},
		}
	},
}

func init() { register(c5) }
