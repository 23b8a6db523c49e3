package judged

import (
	"path/filepath"
	"strings"
	"testing"
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
		{"N unset", Thresholds{0, 0.3333}, v(Count{9, 12}, Count{1, 4}, true, true), "N not yet calibrated pass pass pass"},
		{"under N", Thresholds{10, 0.3333}, v(Count{9, 12}, Count{1, 4}, true, false), "FAIL pass pass FAIL"},
		{"at N", Thresholds{9, 0.3333}, v(Count{9, 12}, Count{2, 4}, false, true), "pass FAIL FAIL pass"},
		{"a third is not more than 0.3333", Thresholds{9, 0.3333}, v(Count{9, 12}, Count{1, 3}, true, true), "pass pass pass pass"},
		{"a third is more than 0.33", Thresholds{9, 0.3}, v(Count{9, 12}, Count{1, 3}, true, true), "pass FAIL pass pass"},
		{"just over a third", Thresholds{9, 0.3333}, v(Count{9, 12}, Count{34, 100}, true, true), "pass FAIL pass pass"},
		{"half at 0.5", Thresholds{9, 0.5}, v(Count{9, 12}, Count{2, 4}, true, true), "pass pass pass pass"},
		{"ambiguous whatever the line says", Thresholds{9, 0.3333}, v(Count{1, 12}, Count{4, 4}, false, false, C1, C4), "ambiguous FAIL ambiguous FAIL"},
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
	want := `in/judged/judges.toml:1: warning: judge "primary" did not grade 2 judged section(s): WRITER B / ACT 1, WRITER B / ACT 2; they are shown as missing
in/judged/judges.toml:12: warning: judge "family-b" did not grade 3 judged section(s): WRITER A / ACT 1, WRITER A / ACT 2, WRITER B / ACT 2; they are shown as missing`
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
