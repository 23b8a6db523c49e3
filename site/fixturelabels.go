package site

import (
	"strings"

	"github.com/evalpress/evalpress/redact/public"
)

// fixtureLabellers are the names of the labellers who labelled the
// fixtures, in the view's order: a column each beside the judges'.
func fixtureLabellers(v *public.Validation) []string {
	var out []string
	for _, l := range v.FixtureLabels {
		if len(out) == 0 || out[len(out)-1] != l.Labeller {
			out = append(out, l.Labeller)
		}
	}
	return out
}

// fixtureLabelCell writes labeller's label of fixture: each verdict
// against the expected one, and when it was made.
func fixtureLabelCell(v *public.Validation, labeller, fixture string) string {
	for _, l := range v.FixtureLabels {
		if l.Labeller == labeller && l.Fixture == fixture {
			return labelText(l)
		}
	}
	return "not labelled"
}

// labelText states a fixture label: "C1 pass as expected; C2 FAIL,
// expected pass (labelled 2026-06-28T09:00:00Z, before any judge
// replied)".
func labelText(l public.FixtureLabel) string {
	var parts []string
	for _, c := range l.Checks {
		if c.Match {
			parts = append(parts, c.Criterion+" "+c.Observed+" as expected")
		} else {
			parts = append(parts, c.Criterion+" "+c.Observed+", expected "+c.Expected)
		}
	}
	when := "before any judge replied"
	if !l.Blind {
		when = "after a judge had replied: not blind"
	}
	return strings.Join(parts, "; ") + " (labelled " + l.LabelledAt + ", " + when + ")"
}

// resultsFixtureLabels are a fixture's labels as results.json holds them.
func resultsFixtureLabels(v *public.Validation, fixture string) []ResultsFixtureLabel {
	out := []ResultsFixtureLabel{}
	for _, l := range v.FixtureLabels {
		if l.Fixture != fixture {
			continue
		}
		rl := ResultsFixtureLabel{Labeller: l.Labeller, Role: l.Role, LabelledAt: l.LabelledAt, Blind: l.Blind, Checks: []ResultsCheck{}}
		for _, c := range l.Checks {
			rl.Checks = append(rl.Checks, ResultsCheck{Criterion: c.Criterion, Expected: c.Expected, Observed: c.Observed, Match: c.Match})
		}
		out = append(out, rl)
	}
	return out
}

// ResultsFixtureLabel is a labeller's blind label of one fixture, in
// results.json.
type ResultsFixtureLabel struct {
	Labeller   string         `json:"labeller"`
	Role       string         `json:"role"`
	LabelledAt string         `json:"labelled_at"`
	Blind      bool           `json:"blind"`
	Checks     []ResultsCheck `json:"checks"`
}

func init() {
	funcs["fixtureLabellers"] = fixtureLabellers
	funcs["fixtureLabelCell"] = fixtureLabelCell
}
