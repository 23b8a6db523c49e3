package criteria

import (
	"slices"
)

// The judged criteria (c1.go, c2.go, c4.go, c6.go): a judge (or a human
// labeller) reads the section and returns counts and verdicts
// (reports/judged parses them); the pass lines are applied here, in code,
// so that a threshold can change without judging again. Each returns one
// outcome per judge that graded the cell.

// JudgedIDs are the judged criteria, in the protocol's order: the lines of
// a judge's verdict block.
var JudgedIDs = []ID{C1, C2, C4, C6}

// LimitNone is the limit of a criterion whose verdict is the judge's own
// (C4, C6): the judge's FAIL is a FAIL.
const LimitNone = "none"

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

// JudgeJudgment returns the outcomes of one judgment on the judged
// criteria under s, in the order of JudgedIDs.
func JudgeJudgment(s Settings, j Judgment) []Outcome {
	m := &Measurements{Judgments: []Judgment{j}}
	out := make([]Outcome, 0, len(JudgedIDs))
	for _, id := range JudgedIDs {
		if c := s.Criteria().Lookup(id); c != nil {
			out = append(out, c.s.judge(s.get(c), m)...)
		}
	}
	return out
}

// judgeEach returns criterion id's outcome for each judgment of m: values
// and limits are what judgment j gives it; unscored, when not "", the
// reason it cannot be scored (values kept, limits not).
func judgeEach(id ID, rules []Rule, m *Measurements, of func(j Judgment) (values, limits []Named, unscored string)) []Outcome {
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
			out = append(out, judgeRules(id, rules, j.Judge, values, limits))
		}
	}
	return out
}

// explainJudged states a judged outcome's one rule: what explain says of
// it, then its label.
func explainJudged(rule string, explain func(o Outcome) string) func(o Outcome) []Check {
	return func(o Outcome) []Check {
		return []Check{{Rule: rule, Failed: o.Fail(), Text: explain(o) + ": " + o.Label()}}
	}
}

// noSettings are the settings of a criterion whose verdict is the judge's
// own (C4, C6).
type noSettings struct{}

// judgesOwn is the definition of a criterion whose verdict is the judge's
// PASS or FAIL (pass tells it from a judgment), with no settings: its one
// rule fails value, 1 for a FAIL, above LimitNone's 0. says is what a PASS
// means, for the cell pages.
func judgesOwn(d Def[noSettings], rule, value, says string, pass func(j Judgment) bool) Def[noSettings] {
	d.Kind, d.Judged = Quality, true
	d.Rules = []Rule{{Name: rule, Value: value, Limit: LimitNone, Op: AtMost}}
	d.Judge = func(_ noSettings, m *Measurements) []Outcome {
		return judgeEach(d.ID, d.Rules, m, func(j Judgment) ([]Named, []Named, string) {
			failed := 1.0
			if pass(j) {
				failed = 0
			}
			return []Named{{value, failed}}, []Named{{LimitNone, 0}}, ""
		})
	}
	d.Explain = explainJudged(rule, func(Outcome) string { return says })
	return d
}
