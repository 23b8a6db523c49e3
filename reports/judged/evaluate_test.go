package judged

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/evalpress/evalpress/reports/criteria"
	"github.com/evalpress/evalpress/reports/inputs"
)

func TestApply(t *testing.T) {
	v := func(c1, c2 Count, c4, c6 bool, amb ...string) Verdicts {
		m := map[string]bool{}
		for _, a := range amb {
			m[a] = true
		}
		return Verdicts{Coverage: c1, Development: c2, Additions: c4, OnBrief: c6, Ambiguous: m}
	}
	tests := []struct {
		name string
		th   Thresholds
		v    Verdicts
		want string // C1 C2 C4 C6 labels
	}{
		{"N unset", Thresholds{C1MinPresent: 0, C2MaxUndeveloped: 0.3333}, v(Count{9, 12}, Count{1, 4}, true, true), "N not yet calibrated pass pass pass"},
		{"under N", Thresholds{C1MinPresent: 10, C2MaxUndeveloped: 0.3333}, v(Count{9, 12}, Count{1, 4}, true, false), "FAIL pass pass FAIL"},
		{"at N", Thresholds{C1MinPresent: 9, C2MaxUndeveloped: 0.3333}, v(Count{9, 12}, Count{2, 4}, false, true), "pass FAIL FAIL pass"},
		{"a third is not more than 0.3333", Thresholds{C1MinPresent: 9, C2MaxUndeveloped: 0.3333}, v(Count{9, 12}, Count{1, 3}, true, true), "pass pass pass pass"},
		{"a third is more than 0.33", Thresholds{C1MinPresent: 9, C2MaxUndeveloped: 0.3}, v(Count{9, 12}, Count{1, 3}, true, true), "pass FAIL pass pass"},
		{"just over a third", Thresholds{C1MinPresent: 9, C2MaxUndeveloped: 0.3333}, v(Count{9, 12}, Count{34, 100}, true, true), "pass FAIL pass pass"},
		{"half at 0.5", Thresholds{C1MinPresent: 9, C2MaxUndeveloped: 0.5}, v(Count{9, 12}, Count{2, 4}, true, true), "pass pass pass pass"},
		{"ambiguous whatever the line says", Thresholds{C1MinPresent: 9, C2MaxUndeveloped: 0.3333}, v(Count{1, 12}, Count{4, 4}, false, false, C1, C4), "ambiguous FAIL ambiguous FAIL"},
	}
	for _, tc := range tests {
		var got []string
		for _, o := range tc.th.Apply(tc.v) {
			got = append(got, o.Label())
		}
		if strings.Join(got, " ") != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, strings.Join(got, " "), tc.want)
		}
	}
}

func TestEvaluate(t *testing.T) {
	tier, err := Load(tree(), "in", testSections)
	if err != nil {
		t.Fatal(err)
	}
	res := Evaluate(tier, Thresholds{C1MinPresent: 10, C2MaxUndeveloped: 0.3333}, []string{"ACT 1", "ACT 2"}, testSections)
	if strings.Join(res.Sections, "|") != "ACT 1|ACT 2" || len(res.Cells) != 4 {
		t.Fatalf("sections %v, %d cells", res.Sections, len(res.Cells))
	}
	// family-b graded only WRITER B / ACT 1: three judged sections are
	// missing for it, shown and warned about.
	c := res.Cell("WRITER A", "ACT 1")
	if len(c.Grades) != 3 || c.Grades[0].By != "primary" || !c.Grades[1].Missing || c.Grades[2].By != "author" || !c.Grades[2].Labeller {
		t.Fatalf("grades of WRITER A / ACT 1: %+v", c.Grades)
	}
	if o, _ := c.Grades[1].Outcome(C2); o.Verdict != Missing {
		t.Errorf("missing judge's C2 = %+v", o)
	}
	var warnings []string
	for _, d := range res.Diagnostics {
		warnings = append(warnings, filepath.ToSlash(d.Error()))
	}
	// Writers are named by alias; with none known yet, by their heading's line.
	want := `in/judged/judges.toml:1: warning: this judge did not grade 2 judged section(s): the script of line 0 / ACT 1, the script of line 0 / ACT 2; they are shown as missing
in/judged/judges.toml:12: warning: this judge did not grade 3 judged section(s): the script of line 0 / ACT 1, the script of line 0 / ACT 2, the script of line 0 / ACT 2; they are shown as missing`
	if strings.Join(warnings, "\n") != want {
		t.Errorf("warnings\n%s\nwant\n%s", strings.Join(warnings, "\n"), want)
	}
	// primary on WRITER A: ACT 1 9 of 12 (FAIL under 10), ACT 2 12 of 12.
	if p := res.Rate("primary", "WRITER A", C1); p.Pass != 1 || p.Fail != 1 {
		t.Errorf("primary C1 rate on WRITER A: %+v", p)
	}
	// ACT 1 names C4 and C6 ambiguous: counted apart.
	if p := res.Rate("primary", "WRITER A", C4); p.Pass != 0 || p.Fail != 1 || p.Ambiguous != 1 {
		t.Errorf("primary C4 rate on WRITER A: %+v", p)
	}
	if p := res.Rate("family-b", "WRITER A", C1); p.Missing != 2 || p.Scored() != 0 {
		t.Errorf("family-b C1 on WRITER A: %+v", p)
	}
	// A threshold change re-judges without reading anything again.
	res2 := Evaluate(tier, Thresholds{C1MinPresent: 0, C2MaxUndeveloped: 0.3333}, []string{"ACT 1", "ACT 2"}, testSections)
	if p := res2.Rate("primary", "WRITER A", C1); p.Unscored != 2 || p.Scored() != 0 {
		t.Errorf("with N unset, C1 = %+v", p)
	}
	if o, _ := res2.Cell("WRITER A", "ACT 1").Grades[0].Outcome(C1); o.Count == nil || *o.Count != (Count{9, 12}) || o.Label() != "N not yet calibrated" {
		t.Errorf("unscored C1 keeps its counts: %+v", o)
	}
}

func TestEvaluateUncoveredReply(t *testing.T) {
	tier, err := Load(tree(), "in", testSections)
	if err != nil {
		t.Fatal(err)
	}
	res := Evaluate(tier, Thresholds{C2MaxUndeveloped: 0.3333}, []string{"ACT 1"}, testSections)
	c := res.Cell("WRITER A", "ACT 2")
	if c == nil || c.Judged || len(c.Grades) != 1 {
		t.Fatalf("WRITER A / ACT 2: %+v", c)
	}
	if p := res.Rate("primary", "WRITER A", C2); p.Scored() != 1 {
		t.Errorf("an uncovered section was counted: %+v", p)
	}
	found := false
	for _, d := range res.Diagnostics {
		found = found || strings.Contains(d.Error(), `primary.md:11: warning: section "ACT 2" is not one [judged] sections covers`)
	}
	if !found {
		t.Errorf("no warning about the uncovered reply: %v", res.Diagnostics)
	}
}

// TestAdditions: C4 as the rubric defines it. The judge finds candidate
// additions; the verdict follows a human's classification of them.
func TestAdditions(t *testing.T) {
	reply := func(c4 string, candidates ...string) *Reply {
		r := &Reply{Script: "WRITER A", Section: "ACT 2", Verdicts: Verdicts{Additions: c4 == "PASS"}}
		for _, c := range candidates {
			r.Candidates = append(r.Candidates, Candidate{Class: c})
		}
		return r
	}
	classified := func(classes ...string) *Tier {
		t := &Tier{}
		for i, c := range classes {
			if c != "" {
				t.Classifications = append(t.Classifications, Classification{Judge: "j", Script: "WRITER A", Section: "ACT 2", Candidate: i + 1, Class: c})
			}
		}
		return t
	}
	for _, tc := range []struct {
		name     string
		tier     *Tier
		reply    *Reply
		pass     bool
		unscored string
		creep    int
	}{
		{"no candidate, PASS", classified(), reply("PASS"), true, "", 0},
		{"FAIL without a list", classified(), reply("FAIL"), false, "the judge returned FAIL but lists no candidate addition a human could classify", 0},
		{"unclassified", classified(ScopeCreep, ""), reply("FAIL", ScopeCreep, Transition), false, "1 of 2 candidate additions await a human's classification", 1},
		// The human's class decides, whatever the judge called it.
		{"the judge's scope creep is a transition", classified(Transition), reply("FAIL", ScopeCreep), true, "", 0},
		{"the judge's transition is scope creep", classified(Transition, ScopeCreep), reply("PASS", Transition, Transition), false, "", 1},
	} {
		a := tc.tier.AdditionsOf("j", tc.reply)
		if a.Pass != tc.pass || a.Unscored != tc.unscored || a.ScopeCreep != tc.creep || a.Candidates != len(tc.reply.Candidates) {
			t.Errorf("%s: %+v", tc.name, a)
		}
	}
	// On the cells: a candidate classified as scope creep fails C4, and
	// the criteria seam's judgment says so too.
	tier, err := Load(tree(), "in", testSections)
	if err != nil {
		t.Fatal(err)
	}
	res := Evaluate(tier, Thresholds{C1MinPresent: 10, C2MaxUndeveloped: 0.3333}, []string{"ACT 1", "ACT 2"}, testSections)
	g := res.Cell("WRITER A", "ACT 2").Grades[0]
	if o, _ := g.Outcome(C4); o.Verdict != Fail || g.Additions == nil || g.Additions.ScopeCreep != 1 || g.Additions.Transitions != 1 {
		t.Errorf("C4 on WRITER A / ACT 2: %+v, %+v", o, g.Additions)
	}
	tier.Classifications = tier.Classifications[1:] // the scope creep unclassified
	res = Evaluate(tier, Thresholds{C1MinPresent: 10, C2MaxUndeveloped: 0.3333}, []string{"ACT 1", "ACT 2"}, testSections)
	if o, _ := res.Cell("WRITER A", "ACT 2").Grades[0].Outcome(C4); o.Verdict != Unscored || o.Reason != "1 of 2 candidate additions await a human's classification" {
		t.Errorf("C4 awaiting: %+v", o)
	}
	jm := res.Judgments(tier, "WRITER A", "ACT 2", func(string) bool { return true })
	if len(jm) != 1 || jm[0].Unscored[criteria.C4] == "" {
		t.Errorf("the seam's judgment: %+v", jm)
	}
}

func TestSteps(t *testing.T) {
	body := func(text string) []inputs.BodyLine {
		var out []inputs.BodyLine
		for i, l := range strings.Split(text, "\n") {
			out = append(out, inputs.BodyLine{Number: i + 1, Text: l})
		}
		return out
	}
	s := parseSteps(body(`STEP 1 - Coverage. MECHANISM is not a move here.
STEP 2 - Development, by group.
A. The problem
- MECHANISM: "the basket gets heavy"
- EXAMPLE: "a shopper stops"
A: DEVELOPED
B. The inventor
- CONSEQUENCE: "he builds a cart"
B: UNDEVELOPED (one move)
C. The rejection: UNDEVELOPED
Groups with moves: 1 DEVELOPED. Groups without: 2 UNDEVELOPED.
STEP 3 - Additions.
- "Stay to the end": SCOPE_CREEP
2. "So here is the thing": TRANSITION
A line about TRANSITION that is no list item.
- a line naming both TRANSITION and SCOPE_CREEP
STEP 4 - Framing. YES.
- "after step 4": SCOPE_CREEP`))
	if len(s.Groups) != 3 || !slices.Equal(s.Groups[0].Moves, []string{"MECHANISM", "EXAMPLE"}) || !s.Groups[0].Developed ||
		len(s.Groups[1].Moves) != 1 || s.Groups[1].Developed || len(s.Groups[2].Moves) != 0 || s.Groups[2].Line != 10 {
		t.Errorf("groups %+v", s.Groups)
	}
	if !s.Step3 || len(s.Candidates) != 2 || s.Candidates[0].Class != ScopeCreep || s.Candidates[1].Class != Transition || s.Candidates[1].Line != 14 {
		t.Errorf("candidates %+v", s.Candidates)
	}
	if s := parseSteps(body("STEP 1 - all there.\nSTEP 4 - fine.")); s.Step3 || s.Groups != nil || s.Candidates != nil {
		t.Errorf("no steps 2 and 3: %+v", s)
	}
}
