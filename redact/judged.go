package redact

import (
	"time"

	"github.com/evalpress/evalpress/config"
	"github.com/evalpress/evalpress/redact/public"
	"github.com/evalpress/evalpress/reports/criteria"
	"github.com/evalpress/evalpress/reports/findings"
	"github.com/evalpress/evalpress/reports/judged"
)

// judgedView makes the public view of the judged tier and gives each cell
// of p its grades. A family judge is named after its writer's alias, and
// its model is shown only to an internal audience; the judges' analysis
// text is private like the sections it quotes.
func judgedView(cfg *config.Config, f *findings.Findings, p *public.Public, m *Matcher, alias, publicName map[string]string) {
	if f.Judged == nil || f.JudgedResults == nil {
		return
	}
	internal := cfg.Publish.Audience == config.Internal
	t, res := f.Judged, f.JudgedResults
	reg, _ := f.Criteria.Registered(criteria.Lookup(criteria.C1))
	reg, _ = reg.Registered(criteria.Lookup(criteria.C2))
	j := &public.Judged{Criteria: judged.Criteria,
		C1MinPresent: res.Thresholds.C1MinPresent, C2MaxUndeveloped: res.Thresholds.C2MaxUndeveloped,
		RegisteredC1MinPresent: reg.C1().MinPresent, RegisteredC2MaxUndeveloped: reg.C2().MaxUndeveloped}
	first, last := t.Ran()
	j.FirstRun, j.LastRun = stamp(first), stamp(last)
	names := map[string]string{}
	for _, jd := range t.Judges {
		pj := public.JudgedJudge{ID: m.Replace(jd.ID), Role: jd.Role, Run: stamp(jd.Run), PromptSHA256: jd.PromptSHA256,
			Iterations: jd.Iterations, TunedOn: m.Replace(jd.TunedOn)}
		if jd.Role == judged.Family {
			pj.Writer = alias[jd.FamilyOf]
			pj.Name = pj.Writer + "'s family judge"
			if internal {
				pj.Model, pj.Version = jd.Model, jd.Version
			}
		} else {
			pj.Name = pj.ID + " judge"
			pj.Model, pj.Version = m.Replace(jd.Model), m.Replace(jd.Version)
		}
		names[jd.ID] = pj.Name
		j.Judges = append(j.Judges, pj)
	}
	for _, lab := range t.Labellers {
		j.Labellers = append(j.Labellers, m.Replace(lab.ID))
		names[lab.ID] = m.Replace(lab.ID) + " (labeller)"
	}
	for _, s := range res.Sections {
		j.Sections = append(j.Sections, publicName[s])
	}
	for _, r := range res.Rates {
		j.Rates = append(j.Rates, public.JudgedRate{Judge: m.Replace(r.Judge), Writer: alias[r.Script], Criterion: r.Criterion,
			Pass: r.Pass, Fail: r.Fail, Ambiguous: r.Ambiguous, Unscored: r.Unscored, Missing: r.Missing})
	}
	p.Judged = j
	for i, c := range f.Cells {
		rc := res.Cell(c.Script, c.Name)
		if rc == nil {
			continue
		}
		for _, g := range rc.Grades {
			pg := public.JudgedGrade{By: m.Replace(g.By), Name: names[g.By], Labeller: g.Labeller, Sample: g.Sample, Missing: g.Missing}
			for _, o := range g.Outcomes {
				po := public.JudgedOutcome{Criterion: o.Criterion, Verdict: o.Verdict, Label: o.Label()}
				if o.Count != nil {
					po.N, po.Of, po.HasCount = o.Count.N, o.Count.Of, true
				}
				pg.Outcomes = append(pg.Outcomes, po)
			}
			if internal && !g.Labeller {
				if r := t.Reply(g.By, c.Script, c.Name); r != nil {
					pg.Analysis = r.Analysis
				}
			}
			p.Cells[i].Judged = append(p.Cells[i].Judged, pg)
		}
	}
}

func stamp(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}
