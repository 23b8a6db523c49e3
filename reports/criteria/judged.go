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
	ValueScopeCreep      = "scope_creep" // C4: 1 when the judge returned FAIL
	ValueOffBrief        = "off_brief"   // C6: 1 when the judge returned FAIL
	LimitMinPresent      = "min_present"
	LimitMaxUndeveloped  = "max_undeveloped"
	LimitNone            = "none" // C4, C6: the judge's FAIL is a FAIL
)

// JudgedSettings are the judged criteria's pass lines ([judged] in
// config.toml).
type JudgedSettings struct {
	// C1MinPresent is the rubric's N: C1 fails with fewer bullets present.
	// 0 means N is not yet calibrated: C1 is unscored, its counts kept.
	C1MinPresent int
	// C2MaxUndeveloped fails C2 when the undeveloped share of the groups,
	// taken to four decimals, is above it: 0.3333 passes 1 of 3 groups.
	C2MaxUndeveloped float64
}

// Judgment is one judge's verdict block on one cell.
type Judgment struct {
	Judge               string
	Present, Assigned   int  // C1
	Undeveloped, Groups int  // C2
	Additions, OnBrief  bool // C4, C6: true for the judge's PASS
	Ambiguous           []ID // the criteria the judge marked ambiguous
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
// criteria, in the order of JudgedIDs.
func JudgeJudgment(s JudgedSettings, j Judgment) []Outcome {
	out := make([]Outcome, 0, len(JudgedIDs))
	for _, id := range JudgedIDs {
		out = append(out, judgeOne(id, s, j))
	}
	return out
}

func judgeOne(id ID, s JudgedSettings, j Judgment) Outcome {
	c := Lookup(id)
	var values, limits []Named
	switch id {
	case C1:
		values = []Named{{ValuePresent, float64(j.Present)}, {ValueAssigned, float64(j.Assigned)}}
		if s.C1MinPresent > 0 {
			limits = []Named{{LimitMinPresent, float64(s.C1MinPresent)}}
		}
	case C2:
		values = []Named{{ValueUndevelopedRate, UndevelopedShare(j.Undeveloped, j.Groups)},
			{ValueUndeveloped, float64(j.Undeveloped)}, {ValueGroups, float64(j.Groups)}}
		limits = []Named{{LimitMaxUndeveloped, s.C2MaxUndeveloped}}
	case C4:
		values, limits = []Named{{ValueScopeCreep, failed(j.Additions)}}, []Named{{LimitNone, 0}}
	case C6:
		values, limits = []Named{{ValueOffBrief, failed(j.OnBrief)}}, []Named{{LimitNone, 0}}
	}
	switch {
	case slices.Contains(j.Ambiguous, id):
		return Outcome{Criterion: id, Judge: j.Judge, Verdict: Ambiguous, Reason: "ambiguous", Values: values, Limits: limits}
	case id == C1 && s.C1MinPresent == 0:
		return Outcome{Criterion: id, Judge: j.Judge, Verdict: Unscored, Reason: "N not yet calibrated", Values: values}
	}
	return c.judgeRules(j.Judge, values, limits)
}

func failed(pass bool) float64 {
	if pass {
		return 0
	}
	return 1
}

// judgedCriterion registers one judged criterion.
func judgedCriterion(id ID, title string, rule Rule, explain func(o Outcome) string) *Criterion {
	return &Criterion{
		ID: id, Title: title, Kind: Quality, Judged: true, Rules: []Rule{rule},
		judge: func(s *Settings, m *Measurements) []Outcome {
			var out []Outcome
			for _, j := range m.Judgments {
				out = append(out, judgeOne(id, s.Judged, j))
			}
			return out
		},
		verdictOnly: func(s *Settings) { s.Judged = JudgedSettings{} },
		explain: func(o Outcome) []Check {
			return []Check{{Rule: rule.Name, Failed: o.Fail(), Text: explain(o) + ": " + o.Label()}}
		},
	}
}

func init() {
	register(judgedCriterion(C1, "outline coverage",
		Rule{Name: RuleCoverage, Value: ValuePresent, Limit: LimitMinPresent, Op: AtLeast},
		func(o Outcome) string {
			present, _ := o.Value(ValuePresent)
			assigned, _ := o.Value(ValueAssigned)
			n, _ := o.Limit(LimitMinPresent)
			return fmt.Sprintf("%s of %s bullets present, at least %s wanted", number(present), number(assigned), number(n))
		}))
	register(judgedCriterion(C2, "development",
		Rule{Name: RuleDevelopment, Value: ValueUndevelopedRate, Limit: LimitMaxUndeveloped, Op: AtMost},
		func(o Outcome) string {
			u, _ := o.Value(ValueUndeveloped)
			g, _ := o.Value(ValueGroups)
			limit, _ := o.Limit(LimitMaxUndeveloped)
			return fmt.Sprintf("%s of %s groups undeveloped, at most %s allowed", number(u), number(g), SharePercent(limit))
		}))
	register(judgedCriterion(C4, "additions",
		Rule{Name: RuleAdditions, Value: ValueScopeCreep, Limit: LimitNone, Op: AtMost},
		func(Outcome) string { return "material beyond the outline" }))
	register(judgedCriterion(C6, "on brief",
		Rule{Name: RuleOnBrief, Value: ValueOffBrief, Limit: LimitNone, Op: AtMost},
		func(Outcome) string { return "framing predictable from the outline" }))
}
