package judged

import (
	"strings"
	"testing"
)

// TestOrderJudges: primary judges first by display name, then family
// judges by their writer's alias in natural order (Model 2 before
// Model 10), whatever judges.toml's order; replies and fixture replies
// follow their judges, and ordering again changes nothing.
func TestOrderJudges(t *testing.T) {
	alias := map[string]string{"Zeta": "Model 2", "Alpha": "Model 10", "Mu": "Model 3"}
	for _, tc := range []struct {
		name   string
		judges []Judge
		want   string // ids, in order
	}{
		{"family judges in the writers' alphabetical order", []Judge{
			{ID: "f-alpha", Role: Family, FamilyOf: "Alpha"}, {ID: "f-mu", Role: Family, FamilyOf: "Mu"},
			{ID: "main", Role: Primary}, {ID: "f-zeta", Role: Family, FamilyOf: "Zeta"},
		}, "main f-zeta f-mu f-alpha"},
		{"two primaries, unnamed, keep their numbers", []Judge{
			{ID: "f-zeta", Role: Family, FamilyOf: "Zeta"}, {ID: "p2", Role: Primary}, {ID: "p1", Role: Primary},
		}, "p2 p1 f-zeta"},
		{"named primaries by name", []Judge{
			{ID: "b", Role: Primary, Name: "Judge 10"}, {ID: "a", Role: Primary, Name: "Judge 9"},
		}, "a b"},
		{"two family judges of one writer by display name, then id", []Judge{
			{ID: "z", Role: Family, FamilyOf: "Mu"}, {ID: "y", Role: Family, FamilyOf: "Mu", Name: "A second"},
			{ID: "x", Role: Family, FamilyOf: "Mu"},
		}, "y x z"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tier := &Tier{Judges: tc.judges}
			for i := len(tc.judges) - 1; i >= 0; i-- { // fixture replies in another order
				tier.Fixtures = append(tier.Fixtures, Fixtures{Judge: tc.judges[i].ID})
			}
			for _, j := range tc.judges {
				tier.Replies = append(tier.Replies, Replies{Judge: j})
			}
			names := tier.JudgeNames(alias)
			for range 2 {
				tier.OrderJudges(alias)
				var got []string
				for i, j := range tier.Judges {
					got = append(got, j.ID)
					if tier.Replies[i].Judge.ID != j.ID {
						t.Errorf("replies %d are %q's, beside judge %q", i, tier.Replies[i].Judge.ID, j.ID)
					}
					if tier.Fixtures[i].Judge != j.ID {
						t.Errorf("fixture replies %d are %q's, beside judge %q", i, tier.Fixtures[i].Judge, j.ID)
					}
				}
				if strings.Join(got, " ") != tc.want {
					t.Errorf("order %q, want %q", strings.Join(got, " "), tc.want)
				}
				for id, name := range tier.JudgeNames(alias) {
					if names[id] != name {
						t.Errorf("judge %q is %q once ordered, %q before", id, name, names[id])
					}
				}
			}
		})
	}
}
