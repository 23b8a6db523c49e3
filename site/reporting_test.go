package site

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/evalpress/evalpress/redact/public"
	"github.com/evalpress/evalpress/reports/criteria"
)

// judgedFixture is a view with a judged tier: two labellers, a primary judge
// and two family judges, one of them not blind and missing T2 (so a
// diagnostic), the other run with another prompt (a diagnostic too).
func judgedFixture() *public.Public {
	p := fixture()
	ag := func(a, b, c string, pp, pf, fp, ff int, k, lo, hi float64) public.Agreement {
		n := pp + pf + fp + ff
		return public.Agreement{A: a, B: b, AName: names[a], BName: names[b], Criterion: c, Sample: 12, Compared: n, Missing: 12 - n,
			PassPass: pp, PassFail: pf, FailPass: fp, FailFail: ff, Agree: public.Rate{Num: pp + ff, Den: n},
			Kappa: k, HasKappa: true, Low: lo, High: hi, HasInterval: true,
			CatchFail: public.Rate{Num: ff, Den: pf + ff}, CatchPass: public.Rate{Num: pp, Den: pp + fp}}
	}
	order := func(c string, s ...public.Standing) public.Order { return public.Order{Criterion: c, Standings: s} }
	for i := range p.Writers {
		p.Writers[i].Tallies = slices.DeleteFunc(p.Writers[i].Tallies, func(t criteria.Tally) bool { return t.Criterion == criteria.G1 })
		p.Writers[i].Tallies = append(p.Writers[i].Tallies, criteria.Tally{Criterion: criteria.G1, Pass: i, Fail: 1})
	}
	// The primary's verdicts on the cells: C4 per section, as a result.
	call := func(v string) public.JudgedOutcome {
		return public.JudgedOutcome{Criterion: "C4", Verdict: v, Label: v}
	}
	for i, v := range []string{"pass", "FAIL", "pass", "pass"} {
		p.Cells[i].Judged = []public.JudgedGrade{{By: "primary", Name: "Primary judge", Outcomes: []public.JudgedOutcome{call(v)}}}
	}
	p.Cells[1].Judged[0].Additions = &public.Additions{Candidates: 3, ScopeCreep: 2, Transitions: 1}
	p.Judged = &public.Judged{Criteria: []string{"C4"}, Sections: []string{"HOOK", "ACT 1"},
		Judges: []public.JudgedJudge{{ID: "primary", Name: "Primary judge", Valid: true}, {ID: "family-1", Name: "Model 1's family judge"},
			{ID: "family-2", Name: "Model 2's family judge"}},
		Diagnostic: []public.DiagnosticJudge{{Judge: "family-1", Name: "Model 1's family judge", Reasons: []string{"missed T2"},
			Cells: []public.DiagnosticCell{{Index: 0, Writer: "Model 1", Section: "HOOK", Outcomes: []public.JudgedOutcome{call("pass")}}}}}}
	p.Prompt = &public.Prompt{File: "prompts/judge.txt", Text: "Grade the section.\n", SHA256: "ab12"}
	p.Validation = public.Validation{
		Ran: true, Criteria: []string{"C4"}, Pilot: 6, Sample: 12,
		Labellers:  []public.Labeller{{ID: "author", Name: "Labeller A", Role: "author", Criteria: []string{"C4"}}, {ID: "second", Name: "Labeller B", Role: "second", Criteria: []string{"C4"}}},
		HumanHuman: []public.Agreement{ag("second", "author", "C4", 6, 1, 1, 3, 0.52, 0.0, 1)},
		Judges: []public.JudgeValidation{
			{ID: "primary", Name: "Primary judge", Role: "primary", Model: "Basalt", Version: "1", Run: "2026-07-02T09:00:00Z",
				Iterations: 2, TunedOn: "pilot", Blind: true, Prompt: "matches", Usability: "usable", Order: "randomised", Valid: true,
				Notes: []string{"its prompt was iterated twice on the pilot sample"},
				Pairs: []public.Agreement{ag("primary", "author", "C4", 7, 0, 0, 4, 1, 1, 1),
					{A: "primary", B: "second", AName: "Primary judge", BName: "Labeller B", Criterion: "C4", Sample: 12, Compared: 12, PassPass: 12, Agree: public.Rate{Num: 12, Den: 12}}},
				Fixtures: []public.FixtureResult{{Fixture: "T2", Replied: true, Caught: true, Flawed: true,
					Checks: []public.Check{{Criterion: "C1", Expected: "FAIL", Observed: "FAIL", Match: true}}}}},
			{ID: "family-1", Name: "Model 1's family judge", Role: "family", Writer: "Model 1", Run: "2026-07-02T10:00:00Z",
				Late: 3, Iterations: 1, TunedOn: "validation", TunedOnValidation: true, Prompt: "matches", Usability: "unusable", Order: "fixed",
				Reasons: []string{"missed T2 (C1 pass, expected FAIL)", "not blind: 3 validation label(s) were made at or after its first output"},
				Notes:   []string{"answer order fixed on comparative calls"},
				Pairs:   []public.Agreement{ag("family-1", "author", "C4", 5, 2, 1, 3, 0.4, -0.1, 0.8)},
				Fixtures: []public.FixtureResult{{Fixture: "T2", Replied: true, Flawed: true,
					Checks: []public.Check{{Criterion: "C1", Expected: "FAIL", Observed: "pass"}}}}},
			{ID: "family-2", Name: "Model 2's family judge", Role: "family", Writer: "Model 2", Run: "2026-07-02T11:00:00Z",
				Blind: true, Prompt: "differs", Withheld: true, Usability: "not run", Order: "swapped",
				Reasons: []string{"not run on the adversarial fixtures", "ran with another prompt than the published one"}},
		},
		Ambiguity:     []public.Ambiguity{{Criterion: "C4", Rate: public.Rate{Num: 2, Den: 48}}},
		AmbiguityAll:  public.Ambiguity{Rate: public.Rate{Num: 2, Den: 48}},
		Fixtures:      []public.Fixture{{ID: "T2", Title: "Repetition-padded", Words: 131, Expect: []public.Expected{{Criterion: "C1", Verdict: "FAIL"}}}},
		LengthMatched: true, LengthTolerance: 0.1,
		Rankings: []public.Ranking{
			{Judge: "primary", Name: "Primary judge", Role: "primary",
				PerCriterion: []public.Order{order("C4", public.Standing{Writer: "Model 2", Passes: 8, Scored: 10, Rank: 1}, public.Standing{Writer: "Model 1", Passes: 6, Scored: 10, Rank: 2})}},
		},
		SelfPreference: []public.SelfPreference{
			{Judge: "family-1", Name: "Model 1's family judge", Writer: "Model 1", NotMeasured: "its verdicts are no result: missed T2"},
			{Judge: "family-2", Name: "Model 2's family judge", Writer: "Model 2", NotMeasured: "its verdicts are no result: not run on the adversarial fixtures"}},
		Selection: public.Selection{Checked: true, Independent: true, Unmeasured: []string{}},
		Calibration: public.Calibration{Checked: true, Separates: true, From: 8, To: 10, N: 11,
			Adequate: []public.PilotSection{{Writer: "Model 1", Section: "HOOK", Present: 11, Assigned: 12}, {Writer: "Model 2", Section: "HOOK", Present: 10, Assigned: 12}},
			Thin:     []public.PilotSection{{Writer: "Model 1", Section: "ACT 1", Present: 7, Assigned: 12}}},
		Order: public.DateOrder{Problems: []string{"N was registered (2026-06-20T00:00:00Z) after validation labelling began (2026-06-18T09:00:00Z)"}},
	}
	return p
}

var names = map[string]string{"author": "Labeller A", "second": "Labeller B", "primary": "Primary judge", "family-1": "Model 1's family judge"}

// judgedFlipFixture is judgedFixture with a valid family judge that flips
// against the primary on C4 and prefers its own writer.
func judgedFlipFixture() *public.Public {
	p := judgedFixture()
	v := &p.Validation
	v.Judges[1].Valid, v.Judges[1].Reasons, v.Judges[1].Late, v.Judges[1].Blind, v.Judges[1].Usability = true, nil, 0, true, "usable"
	v.Rankings = append(v.Rankings, public.Ranking{Judge: "family-1", Name: "Model 1's family judge", Role: "family", Compared: true, Flipped: true,
		PerCriterion:      []public.Order{{Criterion: "C4", Standings: []public.Standing{{Writer: "Model 1", Passes: 9, Scored: 10, Rank: 1}, {Writer: "Model 2", Passes: 8, Scored: 10, Rank: 2}}}},
		FlipsPerCriterion: [][]public.Flip{{{Above: "Model 2", Below: "Model 1"}}}, SamePerCriterion: []bool{false}})
	v.SelfPreference[0] = public.SelfPreference{Judge: "family-1", Name: "Model 1's family judge", Writer: "Model 1",
		Own: public.Rate{Num: 9, Den: 10}, OwnPrimary: public.Rate{Num: 6, Den: 10}, Others: public.Rate{Num: 8, Den: 10}, OthersPrimary: public.Rate{Num: 8, Den: 10},
		OwnLift: 0.3, OthersLift: 0, Effect: 0.3, HasEffect: true}
	return p
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs:\n%s", path, got)
	}
}

// TestReportingTemplateUnfilled: before the judged tier runs, every slot
// says what it will hold and why it is empty.
func TestReportingTemplateUnfilled(t *testing.T) {
	parts := reportingTemplate(fixture(), criteria.Default())
	var titles []string
	for _, part := range parts {
		titles = append(titles, part.Title)
		for _, s := range part.Slots {
			if s.Holds == "" {
				t.Errorf("%s / %s says nothing of what it holds", part.Title, s.Label)
			}
			if s.Empty == "" && len(s.Lines) == 0 {
				t.Errorf("%s / %s is neither filled nor says why it is empty", part.Title, s.Label)
			}
			if part.Title != "RESULTS" && s.Empty == "" {
				t.Errorf("%s / %s is filled without a judged tier: %v", part.Title, s.Label, s.Lines)
			}
		}
	}
	if strings.Join(titles, ",") != "JUDGE,VALIDATION,ADVERSARIAL FIXTURES,RESULTS,RANKING STABILITY" {
		t.Errorf("parts %v", titles)
	}
	golden(t, "template-unfilled.golden.txt", reportingText(parts))
}

func TestReportingTemplateFilled(t *testing.T) {
	text := reportingText(reportingTemplate(judgedFixture(), criteria.Default()))
	golden(t, "template-filled.golden.txt", text)
	for _, must := range []string{
		"Primary judge: Basalt 1, ran 2026-07-02T09:00:00Z; valid: its verdicts are results",
		"Model 1's family judge: ran 2026-07-02T10:00:00Z; diagnostic only, its verdicts are no result: missed T2 (C1 pass, expected FAIL)",
		"Model 2's family judge: INVALID",
		"Model 2's family judge: WITHHELD",
		"Model 1's family judge: NOT BLIND: 3 validation label(s)",
		"measured on the tuning set",
		"Model 1's family judge: fixed (FLAGGED",
		// Percent agreement always with kappa, and the human ceiling beside each judge figure.
		"C4, Primary judge vs Labeller A: 100% (11 of 11) agreement, κ = 1.00, 95% CI 1.00 to 1.00; 1 without a verdict [humans Labeller B vs Labeller A: 81.8% (9 of 11), κ = 0.52",
		"κ undefined (chance agreement is 1",
		"Model 1's family judge: C1 pass, expected FAIL: MISSED",
		"Model 1's family judge: unusable (missed T2)",
		// RESULTS: the valid primary's verdicts per writer and section.
		"Model 1: 1 of 2 pass; HOOK pass, ACT 1 FAIL (2 scope-creep instance(s) of 3 addition(s) found)",
		"C1's N: adequate sections 11 of 12, 10 of 12, thin 7 of 12: N from 8 to 10 separates them, 8 proposed",
		"the applied N = 11 is outside that range",
		"OUT OF ORDER: N was registered (2026-06-20T00:00:00Z) after validation labelling began",
		"C4: Model 2 (8/10) > Model 1 (6/10)",
		"Model 1's family judge: not ranked (diagnostic only, its verdicts are no result: missed T2",
		"Model 1's family judge: not measured: its verdicts are no result",
		"C4: 4.2% (2 of 48)",
		"Model 2: 1 of 2 pass, 1 FAIL of 2 sections with a target",
		"Model 1: 1 of 2 pass; HOOK 4 words / 0%, ACT 1 40 words / 50%",
		"independent: its family and lab are none of the writers'",
		"under Primary judge (valid: its verdicts are results; its prompt was iterated twice on the pilot sample): against Labeller A κ = 1.00, 95% CI 1.00 to 1.00; against Labeller B κ undefined",
		// Rankings: the status beside the judge's name, its agreement on
		// each criterion, and the agreement table one link away.
		"Primary judge (valid: its verdicts are results; its prompt was iterated twice on the pilot sample):",
		"C4: Model 2 (8/10) > Model 1 (6/10); its agreement: against Labeller A κ = 1.00",
		"(agreement table: judged.html#agreement)",
	} {
		if !strings.Contains(text, must) {
			t.Errorf("filled template lacks %q", must)
		}
	}
	// Every figure line that gives a percent agreement also gives kappa.
	for _, line := range strings.Split(text, "\n") {
		if strings.Contains(line, "agreement,") && !strings.Contains(line, "κ") {
			t.Errorf("percent agreement without kappa: %s", line)
		}
	}
	// No composite ranking: every order names its criterion.
	for _, line := range strings.Split(text, "\n") {
		if strings.Contains(line, "(8/10)") && !strings.Contains(line, "C4:") {
			t.Errorf("an order without its criterion: %s", line)
		}
	}
	flip := reportingText(reportingTemplate(judgedFlipFixture(), criteria.Default()))
	for _, must := range []string{"C4: Model 1 (9/10) > Model 2 (8/10); FLIPS against the primary: Model 2 and Model 1 swap", "effect +30 points"} {
		if !strings.Contains(flip, must) {
			t.Errorf("template with a valid family judge lacks %q", must)
		}
	}
}

// TestResultsSlotLeavesOutAnInvalidPrimary: when the primary judge's
// verdicts are no result, the RESULTS slots say so and hold none of them.
func TestResultsSlotLeavesOutAnInvalidPrimary(t *testing.T) {
	p := judgedFixture()
	p.Validation.Judges[0].Valid, p.Validation.Judges[0].Reasons = false, []string{"missed T3"}
	for _, part := range reportingTemplate(p, criteria.Default()) {
		if part.Title != "RESULTS" {
			continue
		}
		for _, s := range part.Slots {
			if !strings.HasPrefix(s.Label, "C4") {
				continue
			}
			if len(s.Lines) != 0 || !strings.Contains(s.Empty, "the primary judge's verdicts are no result (missed T3)") {
				t.Errorf("C4 slot with an invalid primary: %+v", s)
			}
		}
	}
}

func TestReportingTemplateOneLabeller(t *testing.T) {
	p := judgedFixture()
	p.Validation.Labellers = p.Validation.Labellers[:1]
	p.Validation.HumanHuman = nil
	text := reportingText(reportingTemplate(p, criteria.Default()))
	if !strings.Contains(text, "A single labeller: no agreement between two people") {
		t.Errorf("one labeller: no statement that the human baseline is missing:\n%s", text)
	}
	if !strings.Contains(text, "[no human ceiling (single labeller)]") {
		t.Errorf("one labeller: judge figures lack the missing-ceiling note:\n%s", text)
	}
}

func TestResultsJSONValidation(t *testing.T) {
	type doc struct {
		Agreement *ResultsAgreement `json:"agreement"`
		Fixtures  *ResultsFixtures  `json:"fixtures"`
		Ranking   *ResultsRanking   `json:"ranking"`
	}
	decode := func(p *public.Public) doc {
		data, err := json.Marshal(buildResults(p, criteria.Default(), nil))
		if err != nil {
			t.Fatal(err)
		}
		var d doc
		if err := json.Unmarshal(data, &d); err != nil {
			t.Fatal(err)
		}
		return d
	}
	d := decode(judgedFixture())
	if d.Agreement == nil || d.Ranking == nil || d.Fixtures == nil {
		t.Fatalf("sections missing: %+v", d)
	}
	if !d.Agreement.HumanBaseline || len(d.Agreement.Pairs) != 4 || d.Agreement.Pairs[0].Kind != "human-human" {
		t.Errorf("agreement %+v", d.Agreement)
	}
	// The undefined kappa is null, never a number.
	for _, p := range d.Agreement.Pairs {
		if p.A == "primary" && p.B == "second" && (p.Kappa != nil || p.KappaCI95 != nil || p.Percent == nil || *p.Percent != 1) {
			t.Errorf("undefined kappa: %+v", p)
		}
	}
	st := d.Agreement.Judges[2]
	if st.Judge != "family-2" || !st.Withheld || st.Prompt != "differs" || d.Agreement.Judges[1].Blind || d.Agreement.Judges[1].LateLabels != 3 {
		t.Errorf("judge status %+v", d.Agreement.Judges)
	}
	if len(d.Ranking.Judges) != 1 || d.Ranking.Judges[0].Overall != nil || len(d.Ranking.Judges[0].PerCriterion["C4"]) != 2 {
		t.Errorf("ranking %+v", d.Ranking)
	}
	if sp := d.Ranking.SelfPreference[0]; sp.Effect != nil || !strings.Contains(sp.NotMeasured, "no result") {
		t.Errorf("an invalid judge's self-preference: %+v", d.Ranking.SelfPreference)
	}
	if st := d.Agreement.Judges[1]; st.Valid || len(st.Reasons) != 2 || st.Order != "fixed" || !d.Agreement.Judges[0].Valid {
		t.Errorf("validity in the JSON: %+v", d.Agreement.Judges)
	}
	f := decode(judgedFlipFixture())
	if len(f.Ranking.Judges) != 2 || !f.Ranking.Judges[1].Flipped || f.Ranking.Judges[1].Same ||
		f.Ranking.Judges[1].Flips[0] != (ResultsFlip{Criterion: "C4", Above: "Model 2", Below: "Model 1"}) {
		t.Errorf("ranking %+v", f.Ranking)
	}
	if e := f.Ranking.SelfPreference[0].Effect; e == nil || *e != 0.3 {
		t.Errorf("self-preference %+v", f.Ranking.SelfPreference)
	}
	if f := d.Fixtures.Fixtures[0]; f.Words != 131 || f.Expect["C1"] != "FAIL" || len(f.Results) != 2 || f.Results[1].Caught {
		t.Errorf("fixtures %+v", d.Fixtures)
	}
	// Without the judged tier: no agreement, no ranking, the fixtures still.
	d = decode(fixture())
	if d.Agreement != nil || d.Ranking != nil || d.Fixtures == nil || d.Fixtures.Fixtures == nil {
		t.Errorf("no judged tier: %+v", d)
	}
}
