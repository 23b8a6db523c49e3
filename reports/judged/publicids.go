package judged

import (
	"fmt"

	"github.com/evalpress/evalpress/internal/slug"
)

// PublicIDs returns the id each judge and labeller is published under, by
// the author's id, made from public facts only: a judge's role and, for a
// family judge, its writer's alias ("primary", "family-of-model-1"; alias
// maps a script heading to its alias), a labeller's place in the tier
// ("labeller-1"). The author's ids name files and may name a model
// ("haiku", "4o-mini"): none of them is published, in a page, an anchor, a
// CSV column or results.json, and documents and hypotheses name graders by
// these. Judges are numbered in their order (OrderJudges: primary judges,
// then family judges by alias) when a role or a writer has more than one.
func (t *Tier) PublicIDs(alias map[string]string) map[string]string {
	ids := map[string]string{}
	base := func(jd Judge) string {
		if jd.Role == Family {
			return "family-of-" + slug.Make(alias[jd.FamilyOf])
		}
		return Primary
	}
	count := map[string]int{}
	for _, jd := range t.Judges {
		count[base(jd)]++
	}
	seen := map[string]int{}
	for _, jd := range t.Judges {
		b := base(jd)
		seen[b]++
		ids[jd.ID] = b
		if count[b] > 1 {
			ids[jd.ID] = fmt.Sprintf("%s-%d", b, seen[b])
		}
	}
	for i, lab := range t.Labellers {
		ids[lab.ID] = fmt.Sprintf("labeller-%d", i+1)
	}
	return ids
}

// JudgeByPublicID returns the judge published as id (PublicIDs), or nil.
func (t *Tier) JudgeByPublicID(id string, alias map[string]string) *Judge {
	for author, public := range t.PublicIDs(alias) {
		if public == id {
			return t.Judge(author)
		}
	}
	return nil
}
