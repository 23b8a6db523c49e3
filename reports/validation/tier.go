package validation

import (
	"strings"

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

// FromTier makes the validation's input from the judged tier t (nil when it
// has not run) and its results under thresholds th. writers are the script
// headings in report order; fixtures come from the config with their word
// counts; prompt is nil when none is published.
func FromTier(t *judged.Tier, res *judged.Results, th judged.Thresholds, writers []string, fixtures []Fixture, prompt *Prompt, configFile string) Input {
	in := Input{Criteria: judged.Criteria, Writers: writers, Fixtures: fixtures, Prompt: prompt, ConfigFile: configFile}
	if th.C1MinPresent == 0 {
		in.Unscored = []string{judged.C1}
	}
	if t == nil {
		return in
	}
	in.Ran = true
	for _, j := range t.Judges {
		jd := Judge{Judge: j, File: t.JudgesFile(), Ratings: agreement.Ratings{}}
		if res != nil {
			for _, c := range res.Cells {
				if !c.Judged {
					continue // counted in no rate, ranked nowhere
				}
				for _, g := range c.Grades {
					if g.By == j.ID && !g.Labeller {
						item := agreement.Item{Writer: c.Script, Section: c.Section}
						for crit, v := range outcomes(g.Outcomes) {
							jd.Ratings.Set(item, crit, v)
						}
					}
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
		l := Labeller{ID: lab.ID, File: lab.File}
		for _, x := range lab.Labels {
			l.Labels = append(l.Labels, Label{Item: agreement.Item{Writer: x.Script, Section: x.Section}, Sample: x.Sample,
				LabelledAt: x.LabelledAt, Line: x.Line, Verdicts: outcomes(th.Apply(x.Verdicts))})
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
