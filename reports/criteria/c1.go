package criteria

import "fmt"

// C1 is outline coverage: of the bullets the outline assigns a section, the
// judge counts those present, and C1 fails with fewer than N of them.
const C1 ID = "C1"

// C1's rule, values and limit.
const (
	RuleCoverage    = "coverage"
	ValuePresent    = "present"  // bullets present
	ValueAssigned   = "assigned" // bullets assigned
	LimitMinPresent = "min_present"
)

// c1Rules are C1's one rule: fewer than N bullets present fails.
var c1Rules = []Rule{{Name: RuleCoverage, Value: ValuePresent, Limit: LimitMinPresent, Op: AtLeast}}

// C1Settings are C1's pass line, N ([judged] c1_min_present): C1 fails
// with fewer bullets present. 0 means N is not yet calibrated: C1 is
// unscored, its counts kept. Registered is [judged.registered]'s.
type C1Settings struct {
	MinPresent int           `toml:"c1_min_present"`
	Registered *C1Registered `toml:"registered"`
	// SectionTypes give each section heading its type, and Types a
	// type's own N ([judged.types.<type>] c1_min_present), which its
	// sections are judged by instead of MinPresent.
	SectionTypes SectionTypes            `toml:"section_types"`
	Types        map[string]C1Registered `toml:"types"`
}

// C1Registered is C1's registered N.
type C1Registered struct {
	MinPresent int `toml:"c1_min_present"`
}

// C1 returns C1's settings in s.
func (s Settings) C1() C1Settings { return Of[C1Settings](s, C1) }

var c1 = New(Def[C1Settings]{
	ID: C1, Title: "outline coverage", Kind: Quality, Judged: true, Block: "judged",
	Counts: "bullets present of assigned", Tally: "%d of %d bullets present",
	Reports: "pass rate per writer under the primary judge, and each section's bullets present of assigned",
	Rules:   c1Rules,
	Judge: func(s C1Settings, m *Measurements) []Outcome {
		return judgeEach(C1, c1Rules, m, func(j Judgment) ([]Named, []Named, string) {
			values := []Named{{ValuePresent, float64(j.Present)}, {ValueAssigned, float64(j.Assigned)}}
			n := s.MinPresentOf(m.Section)
			if n == 0 {
				return values, nil, "N not yet calibrated"
			}
			return values, []Named{{LimitMinPresent, float64(n)}}, ""
		})
	},
	Validate: func(s C1Settings) error {
		check := func(table string, n int) error {
			if n < 0 {
				return &SettingError{Key: table + ".c1_min_present", Msg: fmt.Sprintf("[%s] c1_min_present %d is negative; it is a number of bullets, 0 for not yet calibrated", table, n)}
			}
			return nil
		}
		if err := check("judged", s.MinPresent); err != nil {
			return err
		}
		for name, t := range s.Types {
			if err := check("judged.types."+name, t.MinPresent); err != nil {
				return err
			}
		}
		if err := checkTypes(s.SectionTypes, s.Types); err != nil || s.Registered == nil {
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
		th := []Threshold{{Key: "judged.c1_min_present", Name: "c1_min_present", Label: "C1 present beats needed", Value: float64(s.MinPresent),
			Unset: "not set", Now: "at least %s present beats for C1", Then: "%s beats"}}
		if len(s.Types) > 0 {
			th = append(th, Threshold{Key: "judged.types", Name: LimitMinPresent, Label: "C1 N per section type", PerSection: true, Noun: "an N"})
		}
		return th
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
