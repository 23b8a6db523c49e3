package prose

import (
	"bytes"
	"github.com/evalpress/evalpress/reports/criteria"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/text"

	"github.com/evalpress/evalpress/redact/public"
)

func validationFixture() *public.Public {
	p := fixture()
	p.Validation = public.Validation{
		Ran: true, Criteria: []string{"C4"}, Pilot: 6, Sample: 12,
		Labellers: []public.Labeller{{ID: "author", Name: "Labeller A", Role: "author"}, {ID: "second", Name: "Labeller B", Role: "second"}},
		HumanHuman: []public.Agreement{{A: "second", B: "author", Criterion: "C4", Compared: 11, Agree: public.Rate{Num: 9, Den: 11},
			Kappa: 0.5238, HasKappa: true, Low: -0.04, High: 1, HasInterval: true, CatchFail: public.Rate{Num: 3, Den: 4}}},
		Judges: []public.JudgeValidation{
			{ID: "primary", Name: "primary judge", Role: "primary", Blind: true, Prompt: "matches", Usability: "usable", Iterations: 2, TunedOn: "pilot",
				Valid: true, Order: "randomised", Notes: []string{"its prompt was iterated twice on the pilot sample"},
				Pairs:    []public.Agreement{{A: "primary", B: "author", Criterion: "C4", Compared: 12, Agree: public.Rate{Num: 12, Den: 12}}},
				Fixtures: []public.FixtureResult{{Fixture: "T2", Replied: true, Caught: true, Flawed: true, Checks: []public.Check{{Criterion: "C1", Match: true}}}}},
			{ID: "family-1", Name: "Model 1's family judge", Role: "family", Writer: "Model 1", Late: 3, Prompt: "differs", Withheld: true, Usability: "unusable",
				Order: "fixed", Reasons: []string{"missed T2", "not blind"},
				Fixtures: []public.FixtureResult{{Fixture: "T2", Replied: true, Flawed: true}}},
			{ID: "family-2", Name: "Model 2's family judge", Role: "family", Writer: "Model 2", Blind: true, Prompt: "matches", Usability: "usable", Valid: true, Order: "swapped"},
		},
		Ambiguity:    []public.Ambiguity{{Criterion: "C4", Rate: public.Rate{Num: 1, Den: 48}}},
		AmbiguityAll: public.Ambiguity{Rate: public.Rate{Num: 1, Den: 48}},
		Fixtures:     []public.Fixture{{ID: "T2", Title: "Repetition-padded", Words: 131, Expect: []public.Expected{{Criterion: "C1", Verdict: "FAIL"}}}},
		Rankings: []public.Ranking{
			{Judge: "primary", PerCriterion: []public.Order{{Criterion: "C4", Standings: []public.Standing{{Writer: "Model 2", Rank: 1}, {Writer: "Model 1", Rank: 1}}}}},
			{Judge: "family-2", Compared: true, Flipped: true, FlipsPerCriterion: [][]public.Flip{{{Above: "Model 2", Below: "Model 1"}}},
				PerCriterion: []public.Order{{Criterion: "C4", Standings: []public.Standing{{Writer: "Model 1", Rank: 1}, {Writer: "Model 2", Rank: 2}}}}},
		},
		Calibration: public.Calibration{Checked: true, Separates: true, From: 8, To: 10,
			Adequate: []public.PilotSection{{Present: 11}, {Present: 10}}, Thin: []public.PilotSection{{Present: 7}}},
		Disagreements: []public.Disagreement{{Valid: true, Cause: "rubric"}, {Valid: true}, {Valid: false}},
		SelfPreference: []public.SelfPreference{
			{Judge: "family-1", Writer: "Model 1", NotMeasured: "its verdicts are no result"},
			{Judge: "family-2", Writer: "Model 2", OwnLift: 0.3, OthersLift: -0.05, Effect: 0.35, HasEffect: true}},
	}
	return p
}

func renderWith(t *testing.T, p *public.Public, md string) (string, *Doc) {
	t.Helper()
	doc := &Doc{}
	m := goldmark.New(goldmark.WithExtensions(extension.GFM, New(p, criteria.Default(), nil, doc)))
	root := m.Parser().Parse(text.NewReader([]byte(md)))
	var b bytes.Buffer
	if err := m.Renderer().Render(&b, []byte(md), root); err != nil {
		t.Fatal(err)
	}
	return strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(b.String()), "<p>"), "</p>"), doc
}

func TestValidationValues(t *testing.T) {
	tests := []struct{ in, want, unfilled string }{
		{`{{agreement(C4, second, author, percent)}} κ {{agreement(C4, second, author, kappa)}} [{{agreement(C4, second, author, low)}}, {{agreement(C4, second, author, high)}}]`,
			"81.8% κ 0.52 [-0.04, 1.00]", "n/a κ n/a [n/a, n/a]"},
		{`{{agreement(C4, second, author, catch_fail)}} {{agreement(C4, second, author, compared)}}`, "75% 11", "n/a n/a"},
		// Kappa undefined: nothing to report.
		{`{{agreement(C4, primary, author, percent)}} {{agreement(C4, primary, author, kappa)}}`, "100% n/a", "n/a n/a"},
		// A withheld judge's agreement is never reported.
		{`{{agreement(C4, "family-1", author, percent)}}`, "n/a", "n/a"},
		{`{{ambiguity(C4)}} {{ambiguity(all)}}`, "2.1% 2.1%", "n/a n/a"},
		{`{{fixture(T2, words)}} {{fixture(T2, primary)}} {{fixture(T2, "family-1")}} {{fixture(T2, expected)}}`, "131 caught missed C1 FAIL", "131 n/a n/a C1 FAIL"},
		{`{{judge(primary, usability)}} {{judge("family-1", blind)}} {{judge("family-1", late)}} {{judge("family-1", prompt)}} {{judge(primary, tuned_on)}}`,
			"usable no 3 differs pilot", "n/a n/a n/a n/a n/a"},
		{`{{ranking(primary, C4, order)}}; {{ranking("family-2", C4, order)}} {{ranking("family-2", C4, flipped)}} {{rank("family-2", C4, "Model 2")}}`,
			"Model 2 = Model 1; Model 1 &gt; Model 2 yes 2", "n/a; n/a n/a n/a"},
		// The primary is compared with nothing; an invalid judge is ranked nowhere.
		{`{{ranking(primary, C4, flipped)}} {{ranking("family-1", C4, order)}} {{rank("family-1", C4, "Model 2")}}`, "n/a n/a n/a", "n/a n/a n/a"},
		{`{{self_preference("family-2", effect)}} {{self_preference("family-2", others_lift)}} {{self_preference("family-1", effect)}}`, "35 -5 n/a", "n/a n/a n/a"},
		{`{{judge(primary, status)}} {{judge("family-1", status)}}: {{judge("family-1", reasons)}}; {{judge("family-1", order)}}`,
			"valid diagnostic: missed T2; not blind; fixed", "n/a n/a: n/a; n/a"},
		{`{{validation(sample)}} {{validation(pilot)}} {{validation(labellers)}} {{validation(ran)}}`, "12 6 2 yes", "n/a n/a n/a no"},
		{`{{if agreement(C4, second, author, kappa) >= 0.5}}fair{{else}}weak{{end}}`, "fair", "weak"},
		{`{{pilot(proposed)}} {{pilot(from)}}-{{pilot(to)}} {{pilot(separates)}} {{pilot(adequate)}} {{pilot(thin)}}`, "8 8-10 yes 2 1", "n/a n/a-n/a n/a n/a n/a"},
		{`{{disagreements(all)}} {{disagreements(open)}}`, "2 1", "n/a n/a"},
	}
	unfilled := validationFixture()
	unfilled.Validation = public.Validation{Fixtures: unfilled.Validation.Fixtures}
	for _, tc := range tests {
		for _, run := range []struct {
			p    *public.Public
			want string
		}{{validationFixture(), tc.want}, {unfilled, tc.unfilled}} {
			got, doc := renderWith(t, run.p, tc.in+"\n")
			if p := problems(tc.in, doc); p != "" {
				t.Errorf("%s (ran %v): %s", tc.in, run.p.Validation.Ran, p)
				continue
			}
			if got != run.want {
				t.Errorf("%s (ran %v): got %q, want %q", tc.in, run.p.Validation.Ran, got, run.want)
			}
		}
	}
}

func TestValidationProblems(t *testing.T) {
	tests := []struct{ md, want string }{
		{"x {{agreement(C4, primary, nobody, kappa)}}", `agreement: no pair C4 primary against nobody (pairs: C4 primary author)`},
		{"x {{agreement(C4, primary, author, colour)}}", `agreement: unknown field "colour"`},
		{"x {{ambiguity(C9)}}", `ambiguity: no criterion "C9" (one of: C4, all)`},
		{"x {{fixture(T7, words)}}", `fixture: no fixture "T7" (configured: T2)`},
		{"x {{fixture(T2, nobody)}}", `fixture: no judge "nobody" (judges: primary, family-1, family-2)`},
		{"x {{ranking(primary, order)}}", `ranking takes 3 arguments, not 2`},
		{"x {{ranking(primary, C5, order)}}", `unknown`},
		{"x {{self_preference(primary, effect)}}", `self_preference: "primary" is not a family judge`},
		{"x {{rank(primary, C4, \"Model 9\")}}", `rank: no writer "Model 9"`},
	}
	for _, tc := range tests {
		_, doc := renderWith(t, validationFixture(), tc.md+"\n")
		if got := problems(tc.md+"\n", doc); !strings.Contains(got, tc.want) {
			t.Errorf("%q:\n got %s\nwant %s", tc.md, got, tc.want)
		}
	}
}

func TestRegistrationValues(t *testing.T) {
	p := validationFixture()
	in := `{{registration(made)}} {{registration(at)}} {{registration(matches)}}`
	if got, doc := renderWith(t, p, in+"\n"); problems(in, doc) != "" || got != "no n/a n/a" {
		t.Errorf("no registration: %q %s", got, problems(in, doc))
	}
	p.Registration = public.Registration{Present: true, At: "2026-06-12T12:00:00Z", Matches: false, Differences: []string{"x"}}
	if got, doc := renderWith(t, p, in+"\n"); problems(in, doc) != "" || got != "yes 2026-06-12 no" {
		t.Errorf("a registration: %q %s", got, problems(in, doc))
	}
}
