package site

import (
	"slices"

	"github.com/evalpress/evalpress/redact/public"
)

// fixturePage is what a fixture's own page shows besides its text: the
// way back to the page that lists the fixtures, and what each judge
// returned on it.
type fixturePage struct {
	Fixture         public.Fixture
	Back, BackTitle string // the listing page, relative to the fixture's page
	Ran             bool   // some judge replied on the fixture
	Judges          []fixtureReturn
	// Labels are the labellers' blind labels of the fixture, each stated.
	Labels []fixtureLabelLine
}

// fixtureLabelLine is a labeller's label of a fixture, for its page.
type fixtureLabelLine struct {
	Labeller, Text string
}

// fixtureReturn is one judge's reply on a fixture.
type fixtureReturn struct {
	Name, Status string // the judge's display name; "valid" or "diagnostic only"
	Usability    string
	Replied      bool
	Checks       []public.Check // in the fixture's expected criteria's order
}

// fixturePageOf returns what the page of document pg shows as a fixture's
// page, or nil when pg is no fixture's text. The way back leads to the
// document that places the fixtures block, or else the index.
func fixturePageOf(p *public.Public, docs []*page, pg *page) *fixturePage {
	if len(p.Validation.Fixtures) == 0 {
		return nil
	}
	i := slices.IndexFunc(p.Validation.Fixtures, func(f public.Fixture) bool { return f.File == pg.Source })
	if i < 0 {
		return nil
	}
	f := &fixturePage{Fixture: p.Validation.Fixtures[i], Back: "index.html", BackTitle: "Overview"}
	for _, d := range docs {
		if slices.Contains(d.Blocks, "fixtures") {
			f.Back, f.BackTitle = d.HTMLPath, d.Title
			break
		}
	}
	f.Back = relativeTo(pg.HTMLPath, f.Back)
	valid := map[string]bool{}
	if p.Judged != nil {
		for _, j := range p.Judged.Judges {
			valid[j.ID] = j.Valid
		}
	}
	for _, j := range p.Validation.Judges {
		r := fixtureReturn{Name: j.Name, Usability: j.Usability, Status: "diagnostic only"}
		if valid[j.ID] {
			r.Status = "valid"
		}
		for _, fr := range j.Fixtures {
			if fr.Fixture == f.Fixture.ID {
				r.Replied, r.Checks = fr.Replied, fr.Checks
				f.Ran = f.Ran || fr.Replied
			}
		}
		f.Judges = append(f.Judges, r)
	}
	for _, l := range p.Validation.FixtureLabels {
		if l.Fixture == f.Fixture.ID {
			f.Labels = append(f.Labels, fixtureLabelLine{Labeller: l.Labeller, Text: labelText(l)})
		}
	}
	return f
}
