package redact

import (
	"path"
	"slices"
	"strings"

	"github.com/evalpress/evalpress/matcher"
	"github.com/evalpress/evalpress/reports/criteria"
	"github.com/evalpress/evalpress/reports/judged"
)

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
