package validation

import (
	"time"

	"github.com/evalpress/evalpress/internal/diag"
	"github.com/evalpress/evalpress/reports/agreement"
)

// FixtureLabel is the author's label of one public fixture, its verdicts
// by criterion.
type FixtureLabel struct {
	Fixture    string
	LabelledAt time.Time
	Line       int
	Verdicts   map[string]agreement.Verdict
}

// LabelledFixture is the author's label of one fixture against what the
// fixture expects, criterion by criterion.
type LabelledFixture struct {
	Fixture    string
	LabelledAt time.Time
	Checks     []Check
	// Blind is true when the label was made before any judge replied (no
	// judge has: it is).
	Blind bool
}

// checkFixtureLabels sets the author's fixture labels against the
// expected verdicts, in the fixtures' order, and says of each made at or
// after the first judge's reply that it is not blind. It needs the
// protocol's order of dates (checkOrder).
func (r *Report) checkFixtureLabels(in Input) {
	first := r.Order.FirstJudge
	byFixture := map[string]FixtureLabel{}
	for _, x := range in.FixtureLabels {
		byFixture[x.Fixture] = x
		if !hasFixture(in.Fixtures, x.Fixture) {
			r.Warnings.Add(diag.Warnf(in.FixtureLabelsFile, x.Line, "a label of a fixture that no [[fixture]] entry describes").
				WithHint("describe it in a [[fixture]] entry of the config, or remove the label"))
		}
	}
	for _, f := range in.Fixtures {
		x, ok := byFixture[f.ID]
		if !ok {
			continue
		}
		lf := LabelledFixture{Fixture: f.ID, LabelledAt: x.LabelledAt, Blind: first.IsZero() || x.LabelledAt.Before(first)}
		for _, c := range in.Criteria {
			if want, ok := f.Expect[c]; ok {
				lf.Checks = append(lf.Checks, Check{Criterion: c, Expected: want, Observed: x.Verdicts[c]})
			}
		}
		if !lf.Blind {
			r.Warnings.Add(diag.Warnf(in.FixtureLabelsFile, x.Line, "fixture %q was labelled at %s, not before the first judge's reply (%s): the label is not blind",
				f.ID, x.LabelledAt.UTC().Format(time.RFC3339), first.UTC().Format(time.RFC3339)))
		}
		r.FixtureLabels = append(r.FixtureLabels, lf)
	}
}

// hasFixture reports whether fixtures holds one of id.
func hasFixture(fixtures []Fixture, id string) bool {
	for _, f := range fixtures {
		if f.ID == id {
			return true
		}
	}
	return false
}
