package criteria

// C4 is additions: nothing beyond the outline. The judge lists the
// candidate additions it finds, a human classifies each, and C4 fails when
// one is scope creep.
const C4 ID = "C4"

// C4's rule and value.
const (
	RuleAdditions   = "additions"
	ValueScopeCreep = "scope_creep" // 1 when a candidate the judge found was classified scope creep
)

var c4 = New(judgesOwn(Def[noSettings]{
	ID: C4, Title: "additions",
	Words: func(noSettings) string {
		return "C4 fails when a human classifies an addition the judge found as scope creep"
	},
	Reports: "pass rate per writer under the primary judge, and each section's scope-creep instances",
}, RuleAdditions, ValueScopeCreep, "material beyond the outline", func(j Judgment) bool { return j.Additions }))
