package prose

import (
	"strings"
	"testing"

	"github.com/evalpress/evalpress/redact/public"
)

func judgedFixture() *public.Public {
	return &public.Public{
		Writers:  []public.Writer{{Alias: "Model 1"}, {Alias: "Model 2"}},
		Sections: []string{"ACT 1", "HOOK"},
		Cells: []public.Cell{
			{Writer: "Model 2", Section: "ACT 1", Judged: []public.JudgedGrade{
				{By: "primary", Outcomes: []public.JudgedOutcome{{Criterion: "C1", Verdict: "FAIL", Label: "FAIL", N: 9, Of: 12, HasCount: true},
					{Criterion: "C6", Verdict: "ambiguous", Label: "ambiguous"}}},
				{By: "author", Labeller: true, Outcomes: []public.JudgedOutcome{{Criterion: "C1", Verdict: "pass", Label: "pass", N: 11, Of: 12, HasCount: true}}},
			}},
		},
		Judged: &public.Judged{
			Judges:    []public.JudgedJudge{{ID: "primary", Name: "primary judge"}, {ID: "family-2", Name: "Model 2's family judge"}},
			Labellers: []string{"author"}, Criteria: []string{"C1", "C2", "C4", "C6"}, Sections: []string{"ACT 1"},
			C1MinPresent: 10, RegisteredC1MinPresent: 9, RegisteredDeclared: true, C2MaxUndeveloped: 0.3333, RegisteredC2MaxUndeveloped: 0.3333,
			FirstRun: "2026-07-02T09:00:00Z", LastRun: "2026-07-02T12:00:00Z",
			Rates: []public.JudgedRate{{Judge: "primary", Writer: "Model 2", Criterion: "C2", Pass: 3, Fail: 1, Ambiguous: 1}},
		},
	}
}

func TestJudgedValues(t *testing.T) {
	tests := []struct{ in, want, unfilled string }{
		{`{{judged(ran)}} {{judged(judges)}} {{judged(labellers)}} {{judged(first_run)}}`, "yes 2 1 2026-07-02", "no 0 0 n/a"},
		{`{{judged(judge_names)}}`, "primary judge, Model 2&#39;s family judge", "n/a"},
		{`{{judged(sections)}}`, "1", "n/a"},
		{`{{judged_cell(primary, "Model 2", "ACT 1", C1, verdict)}} {{judged_cell(primary, "Model 2", "ACT 1", C1, count)}} of {{judged_cell(primary, "Model 2", "ACT 1", C1, of)}}`,
			"FAIL 9 of 12", "n/a n/a of n/a"},
		{`{{judged_cell(author, "Model 2", "ACT 1", C1, verdict)}} {{judged_cell(primary, "Model 2", "ACT 1", C6, verdict)}}`, "pass ambiguous", "n/a n/a"},
		{`{{if judged(ran) == "yes"}}ran on {{judged(last_run)}}{{else}}not run{{end}}`, "ran on 2026-07-02", "not run"},
	}
	unfilled := judgedFixture()
	unfilled.Judged = nil
	for _, tc := range tests {
		for _, run := range []struct {
			p    *public.Public
			want string
		}{{judgedFixture(), tc.want}, {unfilled, tc.unfilled}} {
			got, doc := renderWith(t, run.p, tc.in+"\n")
			if p := problems(tc.in, doc); p != "" {
				t.Errorf("%s (ran %v): %s", tc.in, run.p.Judged != nil, p)
				continue
			}
			if got != run.want {
				t.Errorf("%s (ran %v): got %q, want %q", tc.in, run.p.Judged != nil, got, run.want)
			}
		}
	}
}

func TestJudgedProblems(t *testing.T) {
	tests := []struct{ md, want string }{
		{`x {{judged_cell(nobody, "Model 2", "ACT 1", C2, verdict)}}`, `judged_cell: no judge or labeller "nobody" ("primary", "family-2", "author")`},
		{`x {{judged_cell(primary, "Model 9", "ACT 1", C2, verdict)}}`, `judged_cell: no writer "Model 9"`},
		{`x {{judged_cell(primary, "Model 2", "ACT 1", C5, verdict)}}`, `judged_cell: unknown field "C5"`},
		{`x {{judged_cell(primary, "Model 2", "ACT 9", C1, verdict)}}`, `judged_cell: no section "ACT 9"`},
		{`x {{judged(colour)}}`, `judged: unknown field "colour"`},
	}
	for _, tc := range tests {
		_, doc := renderWith(t, judgedFixture(), tc.md+"\n")
		if got := problems(tc.md+"\n", doc); !strings.Contains(got, tc.want) {
			t.Errorf("%q:\n got %s\nwant %s", tc.md, got, tc.want)
		}
	}
}
