package criteria

import (
	"errors"
	"testing"
)

// TestPassLinesPerType: a section of a type with its own pass lines is
// judged by them, any other by [judged]'s.
func TestPassLinesPerType(t *testing.T) {
	t.Parallel()
	c1 := C1Settings{MinPresent: 10, SectionTypes: SectionTypes{"ACT 1": "act", "HOOK": "frame"}, Types: map[string]C1Registered{"act": {MinPresent: 6}}}
	c2 := C2Settings{MaxUndeveloped: 0.3333, SectionTypes: c1.SectionTypes, Types: map[string]C2Registered{"act": {MaxUndeveloped: 0.5}}}
	tests := []struct {
		section string
		n       int
		line    float64
	}{
		{"ACT 1", 6, 0.5},
		{"HOOK", 10, 0.3333}, // a type without lines of its own
		{"CTA", 10, 0.3333},  // no type
	}
	for _, tc := range tests {
		if n := c1.MinPresentOf(tc.section); n != tc.n {
			t.Errorf("%s: N %d, want %d", tc.section, n, tc.n)
		}
		if l := c2.MaxUndevelopedOf(tc.section); l != tc.line {
			t.Errorf("%s: C2 line %v, want %v", tc.section, l, tc.line)
		}
		// 7 of 12 present, 2 of 4 undeveloped: judged by the type's lines.
		m := &Measurements{Section: tc.section, Judgments: []Judgment{{Judge: "primary", Present: 7, Assigned: 12, Undeveloped: 2, Groups: 4}}}
		s, _ := Settings{}.With(Default().Lookup(C1), c1)
		s, _ = s.With(Default().Lookup(C2), c2)
		outs := s.Judge(m)
		seen := 0
		for _, o := range outs {
			if o.Criterion == C1 || o.Criterion == C2 {
				seen++
			}
			wantFail := map[ID]bool{C1: 7 < tc.n, C2: 0.5 > tc.line}[o.Criterion]
			if (o.Criterion == C1 || o.Criterion == C2) && o.Fail() != wantFail {
				t.Errorf("%s: %s %s, want fail %v", tc.section, o.Criterion, o.Verdict, wantFail)
			}
		}
		if seen != 2 {
			t.Errorf("%s: %d of C1's and C2's outcomes, want 2", tc.section, seen)
		}
	}
}

func TestTypeNoSectionIsOf(t *testing.T) {
	t.Parallel()
	s, err := Settings{}.With(Default().Lookup(C1), C1Settings{SectionTypes: SectionTypes{"ACT 1": "act"}, Types: map[string]C1Registered{"acts": {MinPresent: 3}}})
	if err == nil {
		err = s.Validate()
	}
	var se *SettingError
	if !errors.As(err, &se) || se.Key != "judged.types.acts" {
		t.Fatalf("error %v, want one on judged.types.acts", err)
	}
}
