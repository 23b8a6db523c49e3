package criteria

import (
	"fmt"
	"math"
	"slices"
)

// The judged criteria: a judge (or a human labeller) reads the section and
// returns counts and verdicts (reports/judged parses them); the pass lines
// are applied here, in code, so that a threshold can change without judging
// again. Each returns one outcome per judge that graded the cell.
const (
	C1 ID = "C1" // outline coverage: bullets present of bullets assigned
	C2 ID = "C2" // development: undeveloped groups of all groups
	C4 ID = "C4" // additions: nothing beyond the outline (the judge's PASS)
	C6 ID = "C6" // on brief: framing predictable from the outline (the judge's PASS)
)

// JudgedIDs are the judged criteria, in the protocol's order.
var JudgedIDs = []ID{C1, C2, C4, C6}

// The judged criteria's rules, values and limits.
const (
	RuleCoverage         = "coverage"
	RuleDevelopment      = "development"
	RuleAdditions        = "additions"
	RuleOnBrief          = "on_brief"
	ValuePresent         = "present"  // C1: bullets present
	ValueAssigned        = "assigned" // C1: bullets assigned
	ValueUndevelopedRate = "undeveloped_share"
	ValueUndeveloped     = "undeveloped" // C2: undeveloped groups
	ValueGroups          = "groups"      // C2: all groups
	ValueScopeCreep      = "scope_creep" // C4: 1 when a candidate the judge found was classified scope creep
	ValueOffBrief        = "off_brief"   // C6: 1 when the judge returned FAIL
	LimitMinPresent      = "min_present"
	LimitMaxUndeveloped  = "max_undeveloped"
	LimitNone            = "none" // C4, C6: the judge's FAIL is a FAIL
)

// Judgment is one judge's verdict block on one cell.
type Judgment struct {
	Judge               string
	Present, Assigned   int  // C1
	Undeveloped, Groups int  // C2
	Additions, OnBrief  bool // C4, C6: true for a PASS (C4's follows a human's classification)
	Ambiguous           []ID // the criteria the judge marked ambiguous
	// Unscored holds, with why, the criteria this judgment cannot score
	// yet (C4 while the judge's candidate additions await a human's
	// classification).
	Unscored map[ID]string
}

// UndevelopedShare returns C2's share of undeveloped groups, to four
// decimals (the precision thresholds are written in).
func UndevelopedShare(undeveloped, groups int) float64 {
	if groups == 0 {
		return 0
	}
	return math.Round(float64(undeveloped)/float64(groups)*1e4) / 1e4
}

// JudgeJudgment returns the outcomes of one judgment on the judged
// criteria under s, in the order of JudgedIDs.
func JudgeJudgment(s Settings, j Judgment) []Outcome {
	m := &Measurements{Judgments: []Judgment{j}}
	out := make([]Outcome, 0, len(JudgedIDs))
	for _, id := range JudgedIDs {
		if c := Lookup(id); c != nil {
			out = append(out, c.s.judge(s.get(c), m)...)
		}
	}
	return out
}

// judgeEach returns criterion id's outcome for each judgment of m: values
// and limits are what judgment j gives it; unscored, when not "", the
// reason it cannot be scored (values kept, limits not).
func judgeEach(id ID, m *Measurements, of func(j Judgment) (values, limits []Named, unscored string)) []Outcome {
	c := Lookup(id)
	var out []Outcome
	for _, j := range m.Judgments {
		values, limits, unscored := of(j)
		switch {
		case slices.Contains(j.Ambiguous, id):
			out = append(out, Outcome{Criterion: id, Judge: j.Judge, Verdict: Ambiguous, Reason: "ambiguous", Values: values, Limits: limits})
		case j.Unscored[id] != "":
			out = append(out, Outcome{Criterion: id, Judge: j.Judge, Verdict: Unscored, Reason: j.Unscored[id], Values: values})
		case unscored != "":
			out = append(out, Outcome{Criterion: id, Judge: j.Judge, Verdict: Unscored, Reason: unscored, Values: values})
		default:
			out = append(out, c.judgeRules(j.Judge, values, limits))
		}
	}
	return out
}

func failed(pass bool) float64 {
	if pass {
		return 0
	}
	return 1
}

// explainJudged states a judged outcome's one rule: what explain says of
// it, then its label.
func explainJudged(rule string, explain func(o Outcome) string) func(o Outcome) []Check {
	return func(o Outcome) []Check {
		return []Check{{Rule: rule, Failed: o.Fail(), Text: explain(o) + ": " + o.Label()}}
	}
}

// C1Settings are C1's pass line, N ([judged] c1_min_present): C1 fails
// with fewer bullets present. 0 means N is not yet calibrated: C1 is
// unscored, its counts kept. Registered is [judged.registered]'s.
type C1Settings struct {
	MinPresent int           `toml:"c1_min_present"`
	Registered *C1Registered `toml:"registered"`
}

// C1Registered is C1's registered N.
type C1Registered struct {
	MinPresent int `toml:"c1_min_present"`
}

// C2Settings are C2's pass line ([judged] c2_max_undeveloped): C2 fails
// when the undeveloped share of the groups, taken to four decimals, is
// above it (0.3333 passes 1 of 3 groups). Registered is
// [judged.registered]'s.
type C2Settings struct {
	MaxUndeveloped float64       `toml:"c2_max_undeveloped"`
	Registered     *C2Registered `toml:"registered"`
}

// C2Registered is C2's registered pass line.
type C2Registered struct {
	MaxUndeveloped float64 `toml:"c2_max_undeveloped"`
}

// DefaultC2MaxUndeveloped is the rubric's C2 line: at most a third of the
// groups undeveloped.
const DefaultC2MaxUndeveloped = 0.3333

// C1 returns C1's settings in s.
func (s Settings) C1() C1Settings { return Of[C1Settings](s, C1) }

// C2 returns C2's settings in s.
func (s Settings) C2() C2Settings { return Of[C2Settings](s, C2) }

// noSettings are the settings of C4 and C6: the judge's PASS or FAIL is
// the verdict.
type noSettings struct{}

func init() {
	Define(Def[C1Settings]{
		ID: C1, Title: "outline coverage", Kind: Quality, Judged: true, Block: "judged",
		Counts: "bullets present of assigned",
		Rules:  []Rule{{Name: RuleCoverage, Value: ValuePresent, Limit: LimitMinPresent, Op: AtLeast}},
		Judge: func(s C1Settings, m *Measurements) []Outcome {
			return judgeEach(C1, m, func(j Judgment) ([]Named, []Named, string) {
				values := []Named{{ValuePresent, float64(j.Present)}, {ValueAssigned, float64(j.Assigned)}}
				if s.MinPresent == 0 {
					return values, nil, "N not yet calibrated"
				}
				return values, []Named{{LimitMinPresent, float64(s.MinPresent)}}, ""
			})
		},
		Validate: func(s C1Settings) error {
			check := func(table string, n int) error {
				if n < 0 {
					return &SettingError{Key: table + ".c1_min_present", Msg: fmt.Sprintf("[%s] c1_min_present %d is negative; it is a number of bullets, 0 for not yet calibrated", table, n)}
				}
				return nil
			}
			if err := check("judged", s.MinPresent); err != nil || s.Registered == nil {
				return err
			}
			return check("judged.registered", s.Registered.MinPresent)
		},
		// Without [judged.registered], the rubric's: N not yet calibrated.
		Registered: func(s C1Settings) (C1Settings, bool) {
			if s.Registered == nil {
				s.MinPresent = 0
				return s, false
			}
			s.MinPresent = s.Registered.MinPresent
			return s, true
		},
		Thresholds: func(s C1Settings) []Threshold {
			return []Threshold{{Key: "judged.c1_min_present", Name: "c1_min_present", Label: "C1 present beats needed", Value: float64(s.MinPresent),
				Unset: "not set", Now: "at least %s present beats for C1", Then: "%s beats"}}
		},
		Words: func(s C1Settings) string {
			if s.MinPresent == 0 {
				return "C1's N not yet calibrated (C1 unscored)"
			}
			return fmt.Sprintf("C1 fails with fewer than %d bullets present", s.MinPresent)
		},
		Explain: explainJudged(RuleCoverage, func(o Outcome) string {
			present, _ := o.Value(ValuePresent)
			assigned, _ := o.Value(ValueAssigned)
			n, _ := o.Limit(LimitMinPresent)
			return fmt.Sprintf("%s of %s bullets present, at least %s wanted", number(present), number(assigned), number(n))
		}),
	})
	Define(Def[C2Settings]{
		ID: C2, Title: "development", Kind: Quality, Judged: true, Block: "judged",
		Counts:   "undeveloped groups of all",
		Defaults: C2Settings{MaxUndeveloped: DefaultC2MaxUndeveloped},
		Rules:    []Rule{{Name: RuleDevelopment, Value: ValueUndevelopedRate, Limit: LimitMaxUndeveloped, Op: AtMost}},
		Judge: func(s C2Settings, m *Measurements) []Outcome {
			return judgeEach(C2, m, func(j Judgment) ([]Named, []Named, string) {
				return []Named{{ValueUndevelopedRate, UndevelopedShare(j.Undeveloped, j.Groups)},
					{ValueUndeveloped, float64(j.Undeveloped)}, {ValueGroups, float64(j.Groups)}}, []Named{{LimitMaxUndeveloped, s.MaxUndeveloped}}, ""
			})
		},
		Validate: func(s C2Settings) error {
			check := func(table string, x float64) error {
				if !(x >= 0 && x <= 1) {
					return &SettingError{Key: table + ".c2_max_undeveloped", Msg: fmt.Sprintf("[%s] c2_max_undeveloped %v is outside 0..1; it is a share of the groups", table, x)}
				}
				return nil
			}
			if err := check("judged", s.MaxUndeveloped); err != nil || s.Registered == nil {
				return err
			}
			return check("judged.registered", s.Registered.MaxUndeveloped)
		},
		// Without [judged.registered], the rubric's: at most a third.
		Registered: func(s C2Settings) (C2Settings, bool) {
			if s.Registered == nil {
				s.MaxUndeveloped = DefaultC2MaxUndeveloped
				return s, false
			}
			s.MaxUndeveloped = s.Registered.MaxUndeveloped
			return s, true
		},
		Thresholds: func(s C2Settings) []Threshold {
			return []Threshold{{Key: "judged.c2_max_undeveloped", Name: "c2_max_undeveloped", Label: "C2 undeveloped share allowed", Value: s.MaxUndeveloped,
				Share: true, Now: "at most %s undeveloped groups for C2", Then: "%s"}}
		},
		Words: func(s C2Settings) string {
			return "C2 fails when more than " + SharePercent(s.MaxUndeveloped) + " of the groups are undeveloped"
		},
		Explain: explainJudged(RuleDevelopment, func(o Outcome) string {
			u, _ := o.Value(ValueUndeveloped)
			g, _ := o.Value(ValueGroups)
			limit, _ := o.Limit(LimitMaxUndeveloped)
			return fmt.Sprintf("%s of %s groups undeveloped, at most %s allowed", number(u), number(g), SharePercent(limit))
		}),
	})
	for _, c := range []struct {
		id                       ID
		title, value, rule, says string
		words                    string
		judge                    func(j Judgment) bool
	}{
		{C4, "additions", ValueScopeCreep, RuleAdditions, "material beyond the outline",
			"C4 fails when a human classifies an addition the judge found as scope creep", func(j Judgment) bool { return j.Additions }},
		{C6, "on brief", ValueOffBrief, RuleOnBrief, "framing predictable from the outline",
			"C6 is the judge's PASS or FAIL", func(j Judgment) bool { return j.OnBrief }},
	} {
		Define(Def[noSettings]{
			ID: c.id, Title: c.title, Kind: Quality, Judged: true,
			Rules: []Rule{{Name: c.rule, Value: c.value, Limit: LimitNone, Op: AtMost}},
			Judge: func(_ noSettings, m *Measurements) []Outcome {
				return judgeEach(c.id, m, func(j Judgment) ([]Named, []Named, string) {
					return []Named{{c.value, failed(c.judge(j))}}, []Named{{LimitNone, 0}}, ""
				})
			},
			Words:   func(noSettings) string { return c.words },
			Explain: explainJudged(c.rule, func(Outcome) string { return c.says }),
		})
	}
}
