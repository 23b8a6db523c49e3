package redact

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/evalpress/evalpress/matcher"
	"github.com/evalpress/evalpress/reports/criteria"
	"github.com/evalpress/evalpress/reports/judged"
)

// graderIDs makes the published ids of the judges and labellers, by the
// author's id, from public facts only: a judge's role and, for a family
// judge, its writer's alias ("primary", "family-of-model-1"), a labeller's
// place ("labeller-1"). The author's ids name files and may name a model
// ("haiku", "4o-mini"): none of them is published, in a page, an anchor, a
// CSV column or results.json. Judges are numbered in their public order
// (primary judges, then family judges by alias) when a role or an alias has
// more than one; labellers in the order of the tier.
func graderIDs(t *judged.Tier, alias map[string]string) map[string]string {
	ids := map[string]string{}
	base := func(jd judged.Judge) string {
		if jd.Role == judged.Family {
			return "family-of-" + Slug(alias[jd.FamilyOf])
		}
		return judged.Primary
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

// graderNames returns what pages call each judge and labeller, by id: the
// display name the author gave (redacted like any text), or a judge's
// role: "Primary judge", "Model 2's family judge".
func graderNames(t *judged.Tier, alias map[string]string, m *matcher.Matcher) map[string]string {
	names := t.JudgeNames(alias)
	for _, jd := range t.Judges {
		if jd.Name != "" {
			names[jd.ID] = m.Replace(jd.Name)
		}
	}
	for _, lab := range t.Labellers {
		names[lab.ID] = m.Replace(lab.Name)
	}
	return names
}

// publicInputName returns the name the method page gives an input file: a
// judge's reply files and a labeller's labels file are named by their
// public ids (judged/family-of-model-1.md), never by the author's.
func publicInputName(name string, ids map[string]string) string {
	dir, file := path.Split(name)
	switch dir {
	case judged.Dir + "/", judged.Dir + "/fixtures/", judged.Dir + "/labels/":
	default:
		return name
	}
	ext := path.Ext(file)
	if id, ok := ids[strings.TrimSuffix(file, ext)]; ok {
		return dir + id + ext
	}
	return name
}

// outcomes returns os with each judge named by its published id.
func (r *redactor) outcomes(os []criteria.Outcome) []criteria.Outcome {
	return withIDs(os, r.ids, func(o *criteria.Outcome) *string { return &o.Judge })
}

// tallies returns ts with each judge named by its published id.
func (r *redactor) tallies(ts criteria.Tallies) criteria.Tallies {
	return withIDs(ts, r.ids, func(t *criteria.Tally) *string { return &t.Judge })
}

// withIDs returns a copy of xs with the judge id judge points to in each
// replaced by its published id (ids); "" (no judge) stays.
func withIDs[S ~[]T, T any](xs S, ids map[string]string, judge func(*T) *string) S {
	if len(ids) == 0 {
		return xs
	}
	out := slices.Clone(xs)
	for i := range out {
		if id := judge(&out[i]); *id != "" {
			*id = ids[*id]
		}
	}
	return out
}
