package judged

import (
	"slices"
	"strings"

	"github.com/evalpress/evalpress/internal/natural"
)

// OrderJudges puts the judges in their public order, the order of every
// list of judges a build shows: the primary judges first, by display name,
// then the family judges by their writer's alias (alias maps a script
// heading to its alias), in natural order ("Model 2" before "Model 10");
// judges with one key by display name, then id. judges.toml's order says
// nothing then: a file listing the family judges in the order of their
// writers' real names would otherwise give the aliases away. Replies and
// fixture replies follow. The order depends only on the judges and the
// aliases, so ordering again changes nothing. The tier keeps alias for
// its messages, which name writers by alias.
func (t *Tier) OrderJudges(alias map[string]string) {
	if t == nil {
		return
	}
	t.alias = alias
	names := t.JudgeNames(alias)
	order := make([]int, len(t.Judges))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		ja, jb := t.Judges[a], t.Judges[b]
		if fa, fb := ja.Role == Family, jb.Role == Family; fa != fb {
			if fb {
				return -1
			}
			return 1
		}
		if ja.Role == Family {
			if c := natural.Compare(alias[ja.FamilyOf], alias[jb.FamilyOf]); c != 0 {
				return c
			}
		}
		if c := natural.Compare(names[ja.ID], names[jb.ID]); c != 0 {
			return c
		}
		return strings.Compare(ja.ID, jb.ID)
	})
	judges := make([]Judge, len(order))
	for i, k := range order {
		judges[i] = t.Judges[k]
	}
	if len(t.Replies) == len(t.Judges) {
		replies := make([]Replies, len(order))
		for i, k := range order {
			replies[i] = t.Replies[k]
		}
		t.Replies = replies
	}
	t.Judges = judges
	place := map[string]int{}
	for i, j := range t.Judges {
		place[j.ID] = i
	}
	slices.SortStableFunc(t.Fixtures, func(a, b Fixtures) int { return place[a.Judge] - place[b.Judge] })
}
