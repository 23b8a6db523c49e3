package validation

import (
	"slices"
	"strings"
	"time"

	"github.com/evalpress/evalpress/reports/agreement"
	"github.com/evalpress/evalpress/reports/judged"
)

// verdictOf turns a judged outcome into an agreement verdict: unscored and
// missing outcomes are no verdict.
func verdictOf(verdict string) agreement.Verdict {
	switch verdict {
	case judged.Pass:
		return agreement.Pass
	case judged.Fail:
		return agreement.Fail
	case judged.Ambiguous:
		return agreement.Ambiguous
	}
	return agreement.None
}

func outcomes(os []judged.Outcome) map[string]agreement.Verdict {
	m := map[string]agreement.Verdict{}
	for _, o := range os {
		if v := verdictOf(o.Verdict); v != agreement.None {
			m[o.Criterion] = v
		}
	}
	return m
}

// Setup is what the validation needs besides the judged tier: the
// writers, their families, the configured fixtures (with their word
// counts) and the published prompt (nil when none is).
type Setup struct {
	// Writers are the script headings in report order.
	Writers []string
	// WriterFamilies maps a script heading to its model family, when known.
	WriterFamilies map[string]string
	// WriterLabs maps a script heading to its labs, when known.
	WriterLabs map[string][]string
	Fixtures   []Fixture
	Prompt     *Prompt
	ConfigFile string
	// NRegistered is when C1's N was registered; zero when unknown.
	NRegistered time.Time
}

// FromTier makes the validation's input from the judged tier t (nil when it
// has not run) and its results under thresholds th. A judge's ratings are
// its own verdicts on the sections the tier covers: on C4 the judge's own
// call, since the reported C4 verdict follows a human's classification of
// the judge's candidates and would measure the human, not the judge. Its
// reported verdicts are res's, the ones the pass rates count: rankings and
// self-preference are built from them.
func FromTier(t *judged.Tier, res *judged.Results, th judged.Thresholds, s Setup) Input {
	in := Input{Criteria: judged.Criteria, Writers: s.Writers, WriterFamilies: s.WriterFamilies, WriterLabs: s.WriterLabs, Fixtures: s.Fixtures,
		Prompt: s.Prompt, ConfigFile: s.ConfigFile, C1MinPresent: th.C1MinPresent, NRegistered: s.NRegistered}
	if th.C1MinPresent == 0 {
		in.Unscored = []string{judged.C1}
	}
	if len(th.SectionTypes) > 0 {
		in.SectionTypes, in.C1Types = th.SectionTypes, map[string]int{}
		for name, t := range th.C1Types {
			in.C1Types[name] = t.MinPresent
		}
	}
	if t == nil {
		return in
	}
	in.Ran = true
	in.Causes, in.CausesFile = t.Causes, t.RecordFile(judged.DisagreementsFile)
	in.FixtureLabelsFile = t.FixtureLabelsFile
	for _, x := range t.FixtureLabels {
		in.FixtureLabels = append(in.FixtureLabels, FixtureLabel{Fixture: x.Fixture, LabelledAt: x.LabelledAt, Line: x.Line, Verdicts: outcomes(th.Apply(x.Verdicts))})
	}
	var covered []string
	if res != nil {
		covered = res.Sections
	}
	in.Covered = covered
	for _, j := range t.Judges {
		jd := Judge{Judge: j, File: t.JudgesFile(), FirstOutput: t.FirstOutput(j.ID), Ratings: agreement.Ratings{}, Reported: agreement.Ratings{}}
		if res != nil {
			for _, c := range res.Cells {
				if !c.Judged {
					continue // counted in no rate, ranked nowhere
				}
				for _, g := range c.Grades {
					if g.Labeller || g.By != j.ID {
						continue
					}
					item := agreement.Item{Writer: c.Script, Section: c.Section}
					for crit, v := range outcomes(g.Outcomes) {
						jd.Reported.Set(item, crit, v)
					}
				}
			}
		}
		for _, rs := range t.Replies {
			if rs.Judge.ID != j.ID {
				continue
			}
			for _, rep := range rs.Replies {
				if !slices.Contains(covered, rep.Section) {
					continue // counted in no rate, ranked nowhere
				}
				item := agreement.Item{Writer: rep.Script, Section: rep.Section}
				for crit, v := range outcomes(th.For(rep.Section).Apply(rep.Verdicts)) {
					jd.Ratings.Set(item, crit, v)
				}
			}
		}
		for _, fx := range t.Fixtures {
			if fx.Judge != j.ID {
				continue
			}
			jd.Fixtures = map[string]map[string]agreement.Verdict{}
			jd.FixtureFile, jd.FixtureLines = fx.File, map[string]int{}
			for _, r := range fx.Replies {
				jd.Fixtures[r.Fixture] = outcomes(th.Apply(r.Verdicts))
				jd.FixtureLines[r.Fixture] = r.Line
			}
		}
		in.Judges = append(in.Judges, jd)
	}
	for _, lab := range t.Labellers {
		l := Labeller{ID: lab.ID, Name: lab.Name, Role: lab.Role, Criteria: lab.Criteria, File: lab.File}
		for _, x := range lab.Labels {
			label := Label{Item: agreement.Item{Writer: x.Script, Section: x.Section}, Sample: x.Sample,
				LabelledAt: x.LabelledAt, Line: x.Line, Verdicts: outcomes(th.For(x.Section).Apply(x.Verdicts)), Adequacy: x.Adequacy, Ambiguities: x.Ambiguities}
			if !x.Verdicts.Unlabelled[judged.C1] {
				label.Present, label.Assigned = x.Verdicts.Coverage.N, x.Verdicts.Coverage.Of
			}
			l.Labels = append(l.Labels, label)
		}
		in.Labellers = append(in.Labellers, l)
	}
	return in
}

// FixtureWords counts the words of a fixture's markdown: every run of
// non-space characters outside heading lines, so that a fixture's title
// does not count toward its length.
func FixtureWords(markdown string) int {
	n := 0
	for _, line := range strings.Split(markdown, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
		n += len(strings.Fields(line))
	}
	return n
}
