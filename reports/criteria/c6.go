package criteria

// C6 is on brief: the section's framing is predictable from the outline.
// Its verdict is the judge's PASS or FAIL.
const C6 ID = "C6"

// C6's rule and value.
const (
	RuleOnBrief   = "on_brief"
	ValueOffBrief = "off_brief" // 1 when the judge returned FAIL
)

var c6 = New(judgesOwn(Def[noSettings]{
	ID: C6, Title: "on brief",
	Words:   func(noSettings) string { return "C6 is the judge's PASS or FAIL" },
	Reports: "pass rate per writer under the primary judge, per section",
}, RuleOnBrief, ValueOffBrief, "framing predictable from the outline", func(j Judgment) bool { return j.OnBrief }))
