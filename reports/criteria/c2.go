package criteria

import (
	"fmt"
	"math"
)

// C2 is development: of the groups of bullets in a section, the judge
// counts those left undeveloped, and C2 fails when their share is above the
// pass line.
const C2 ID = "C2"

// C2's rule, values and limit.
const (
	RuleDevelopment      = "development"
	ValueUndevelopedRate = "undeveloped_share"
	ValueUndeveloped     = "undeveloped" // undeveloped groups
	ValueGroups          = "groups"      // all groups
	LimitMaxUndeveloped  = "max_undeveloped"
)

// C2Settings are C2's pass line ([judged] c2_max_undeveloped): C2 fails
// when the undeveloped share of the groups, taken to four decimals, is
// above it (0.3333 passes 1 of 3 groups). Registered is
// [judged.registered]'s.
type C2Settings struct {
	MaxUndeveloped float64       `toml:"c2_max_undeveloped"`
	Registered     *C2Registered `toml:"registered"`
	// SectionTypes give each section heading its type, and Types a
	// type's own line ([judged.types.<type>] c2_max_undeveloped).
	SectionTypes SectionTypes            `toml:"section_types"`
	Types        map[string]C2Registered `toml:"types"`
}

// C2Registered is C2's registered pass line.
type C2Registered struct {
	MaxUndeveloped float64 `toml:"c2_max_undeveloped"`
}

// DefaultC2MaxUndeveloped is the rubric's C2 line: at most a third of the
// groups undeveloped.
const DefaultC2MaxUndeveloped = 0.3333

// C2 returns C2's settings in s.
func (s Settings) C2() C2Settings { return Of[C2Settings](s, C2) }

// UndevelopedShare returns C2's share of undeveloped groups, to four
// decimals (the precision thresholds are written in).
func UndevelopedShare(undeveloped, groups int) float64 {
	if groups == 0 {
		return 0
	}
	return math.Round(float64(undeveloped)/float64(groups)*1e4) / 1e4
}

// c2Rules are C2's one rule: too large a share of undeveloped groups fails.
var c2Rules = []Rule{{Name: RuleDevelopment, Value: ValueUndevelopedRate, Limit: LimitMaxUndeveloped, Op: AtMost}}

var c2 = New(Def[C2Settings]{
	ID: C2, Title: "development", Kind: Quality, Judged: true, Block: "judged",
	Counts: "undeveloped groups of all", Tally: "%d of %d groups undeveloped",
	Reports:  "pass rate per writer under the primary judge, and each section's undeveloped groups of all groups",
	Defaults: C2Settings{MaxUndeveloped: DefaultC2MaxUndeveloped},
	Rules:    c2Rules,
	Judge: func(s C2Settings, m *Measurements) []Outcome {
		return judgeEach(C2, c2Rules, m, func(j Judgment) ([]Named, []Named, string) {
			return []Named{{ValueUndevelopedRate, UndevelopedShare(j.Undeveloped, j.Groups)},
				{ValueUndeveloped, float64(j.Undeveloped)}, {ValueGroups, float64(j.Groups)}}, []Named{{LimitMaxUndeveloped, s.MaxUndevelopedOf(m.Section)}}, ""
		})
	},
	Validate: func(s C2Settings) error {
		check := func(table string, x float64) error {
			if !(x >= 0 && x <= 1) {
				return &SettingError{Key: table + ".c2_max_undeveloped", Msg: fmt.Sprintf("[%s] c2_max_undeveloped %v is outside 0..1; it is a share of the groups", table, x)}
			}
			return nil
		}
		if err := check("judged", s.MaxUndeveloped); err != nil {
			return err
		}
		for name, t := range s.Types {
			if err := check("judged.types."+name, t.MaxUndeveloped); err != nil {
				return err
			}
		}
		if err := checkTypes(s.SectionTypes, s.Types); err != nil || s.Registered == nil {
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
		th := []Threshold{{Key: "judged.c2_max_undeveloped", Name: "c2_max_undeveloped", Label: "C2 undeveloped share allowed", Value: s.MaxUndeveloped,
			Share: true, Now: "at most %s undeveloped groups for C2", Then: "%s"}}
		if len(s.Types) > 0 {
			th = append(th, Threshold{Key: "judged.types", Name: LimitMaxUndeveloped, Label: "C2 line per section type", PerSection: true, Noun: "a line"})
		}
		return th
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
