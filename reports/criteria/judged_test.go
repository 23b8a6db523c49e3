package criteria

import (
	"strings"
	"testing"
)

func TestJudgeJudgment(t *testing.T) {
	j := func(present, undeveloped, groups int, c4, c6 bool, amb ...ID) Judgment {
		return Judgment{Judge: "primary", Present: present, Assigned: 12, Undeveloped: undeveloped, Groups: groups, Additions: c4, OnBrief: c6, Ambiguous: amb}
	}
	at := func(n int, max float64) Settings {
		s, _ := Settings{}.With(Default().Lookup(C1), C1Settings{MinPresent: n})
		s, _ = s.With(Default().Lookup(C2), C2Settings{MaxUndeveloped: max})
		return s
	}
	tests := []struct {
		name string
		s    Settings
		j    Judgment
		want string // C1 C2 C4 C6 labels
	}{
		{"N unset", at(0, 0.3333), j(9, 1, 4, true, true), "N NOT YET CALIBRATED pass pass pass"},
		{"under N", at(10, 0.3333), j(9, 1, 4, true, false), "FAIL pass pass FAIL"},
		{"at N", at(9, 0.3333), j(9, 2, 4, false, true), "pass FAIL FAIL pass"},
		{"a third is not more than 0.3333", at(9, 0.3333), j(9, 1, 3, true, true), "pass pass pass pass"},
		{"a third is more than 0.3", at(9, 0.3), j(9, 1, 3, true, true), "pass FAIL pass pass"},
		{"34 of 100 is more than 0.3333", at(9, 0.3333), j(9, 34, 100, true, true), "pass FAIL pass pass"},
		{"ambiguous whatever the line says", at(9, 0.3333), j(1, 4, 4, false, false, C1, C4), "ambiguous FAIL ambiguous FAIL"},
	}
	for _, tc := range tests {
		var got []string
		for _, o := range JudgeJudgment(tc.s, tc.j) {
			got = append(got, o.Label())
			if o.Judge != "primary" {
				t.Errorf("%s: outcome of judge %q", tc.name, o.Judge)
			}
		}
		if strings.Join(got, " ") != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, strings.Join(got, " "), tc.want)
		}
	}
}

func TestJudgedOutcomesPerJudge(t *testing.T) {
	s, _ := Settings{}.With(Default().Lookup(C1), C1Settings{MinPresent: 10})
	m := &Measurements{Section: "ACT 1", Judgments: []Judgment{
		{Judge: "primary", Present: 9, Assigned: 12, Undeveloped: 1, Groups: 4, Additions: true, OnBrief: true},
		{Judge: "family-2", Present: 11, Assigned: 12, Undeveloped: 0, Groups: 4, Additions: true, OnBrief: true},
	}}
	outcomes := s.Judge(m)
	c1p, ok1 := Find(outcomes, Key{C1, "primary"})
	c1f, ok2 := Find(outcomes, Key{C1, "family-2"})
	if !ok1 || !ok2 || !c1p.Fail() || c1f.Fail() {
		t.Fatalf("C1 outcomes %+v / %+v", c1p, c1f)
	}
	// A threshold change re-judges the outcome from its values alone.
	if again := Default().WithLimit(c1p, LimitMinPresent, 9); again.Fail() || again.Judge != "primary" {
		t.Errorf("C1 at N = 9: %+v", again)
	}
	if got := Default().Checks(c1p)[0].Text; got != "9 of 12 bullets present, at least 10 wanted: FAIL" {
		t.Errorf("check line %q", got)
	}
	c2, _ := Find(outcomes, Key{C2, "primary"})
	if got := Default().Checks(c2)[0].Text; got != "1 of 4 groups undeveloped, at most 33.33% allowed: pass" {
		t.Errorf("check line %q", got)
	}
	var ts Tallies
	ts.AddAll(outcomes)
	if got := ts.Of(Key{C1, "primary"}); got.Fail != 1 || got.Pass != 0 {
		t.Errorf("tally %+v", got)
	}
}
