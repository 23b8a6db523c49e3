package judged

import (
	"maps"
	"testing"
)

// TestPublicIDsComeFromRolesAndAliases: the ids a tier publishes are made
// from each judge's role and writer's alias and each labeller's place,
// numbered where a role or a writer has more than one, whatever the
// author's ids say; JudgeByPublicID finds the judge back.
func TestPublicIDsComeFromRolesAndAliases(t *testing.T) {
	t.Parallel()
	alias := map[string]string{"Claude Opus 4.1": "Model 1", "GPT-5": "Model 2"}
	for _, tc := range []struct {
		name   string
		judges []Judge
		labs   []string
		want   map[string]string
	}{
		{"one of each", []Judge{{ID: "sonnet", Role: Primary}, {ID: "haiku", Role: Family, FamilyOf: "Claude Opus 4.1"}, {ID: "4o-mini", Role: Family, FamilyOf: "GPT-5"}},
			[]string{"dario", "sam"},
			map[string]string{"sonnet": "primary", "haiku": "family-of-model-1", "4o-mini": "family-of-model-2", "dario": "labeller-1", "sam": "labeller-2"}},
		{"two primaries, two of one family", []Judge{{ID: "a", Role: Primary}, {ID: "b", Role: Primary}, {ID: "c", Role: Family, FamilyOf: "GPT-5"}, {ID: "d", Role: Family, FamilyOf: "GPT-5"}},
			nil,
			map[string]string{"a": "primary-1", "b": "primary-2", "c": "family-of-model-2-1", "d": "family-of-model-2-2"}},
	} {
		tier := &Tier{Judges: tc.judges}
		for _, id := range tc.labs {
			tier.Labellers = append(tier.Labellers, Labeller{ID: id})
		}
		if got := tier.PublicIDs(alias); !maps.Equal(got, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
		for author, public := range tc.want {
			if jd := tier.JudgeByPublicID(public, alias); tier.Judge(author) != nil && (jd == nil || jd.ID != author) {
				t.Errorf("%s: JudgeByPublicID(%q) = %v, want %s", tc.name, public, jd, author)
			}
		}
	}
	if jd := (&Tier{Judges: []Judge{{ID: "haiku", Role: Primary}}}).JudgeByPublicID("haiku", alias); jd != nil {
		t.Errorf("the author's id found a judge: %v", jd)
	}
}
