package redact

import (
	"time"

	"github.com/evalpress/evalpress/config"
	"github.com/evalpress/evalpress/matcher"
	"github.com/evalpress/evalpress/redact/public"
	"github.com/evalpress/evalpress/reports/criteria"
	"github.com/evalpress/evalpress/reports/judged"
)

// judgedView makes the public view of the judged tier and gives each cell
// of p its grades. A family judge is named after its writer's alias, and
// its model is shown only to an internal audience (as is a primary judge's
// of a writer's family); the judges' analysis text is private like the
// sections it quotes. Only valid judges' verdicts reach the rates and the
// cells: an invalid judge's go to the diagnostic, with the reasons.
func (r *redactor) judgedView(p *public.Public, prompt *public.Prompt) {
	cfg, f, m, alias, publicName, names, ids := r.in.Config, r.in.Findings, r.m, r.alias, r.publicName, r.names, r.ids
	if f.Judged == nil || f.JudgedResults == nil {
		return
	}
	internal := cfg.Publish.Audience == config.Internal
	t, res, v := f.Judged, f.JudgedResults, f.Validation
	set := f.Criteria.Criteria()
	reg, declared1 := f.Criteria.Registered(set.Lookup(criteria.C1))
	reg, declared2 := reg.Registered(set.Lookup(criteria.C2))
	j := &public.Judged{Criteria: judged.Criteria,
		C1MinPresent: res.Thresholds.C1MinPresent, C2MaxUndeveloped: res.Thresholds.C2MaxUndeveloped,
		RegisteredC1MinPresent: reg.C1().MinPresent, RegisteredC2MaxUndeveloped: reg.C2().MaxUndeveloped, RegisteredDeclared: declared1 && declared2}
	first, last := t.Ran()
	j.FirstRun, j.LastRun = stamp(first), stamp(last)
	diagnostic := map[string]*public.DiagnosticJudge{}
	for _, jd := range t.Judges {
		jr := v.Judge(jd.ID)
		pj := public.JudgedJudge{ID: ids[jd.ID], Name: names[jd.ID], Role: jd.Role, Run: stamp(jd.Run),
			Iterations: jd.Iterations, TunedOn: jd.TunedOn, Order: jd.Order}
		if prompt != nil && prompt.SHA256 != "" && jd.PromptSHA256 == prompt.SHA256 {
			pj.PromptSHA256 = jd.PromptSHA256 // the digest of the prompt as published
		}
		private := jd.Role == judged.Family || jr != nil && !jr.Independent
		if jd.Role == judged.Family {
			pj.Writer = alias[jd.FamilyOf]
		}
		if !private || internal {
			pj.Model, pj.Version = m.Replace(jd.Model), m.Replace(jd.Version)
			if internal {
				pj.Model, pj.Version = jd.Model, jd.Version
			}
		}
		if jr != nil {
			pj.Valid = jr.Valid()
			pj.Reasons, pj.Notes = replaceAll(m, jr.Status.ReasonTexts()), replaceAll(m, jr.Status.Notes)
		}
		if !pj.Valid {
			diagnostic[jd.ID] = &public.DiagnosticJudge{Judge: pj.ID, Name: pj.Name, Reasons: pj.Reasons}
		}
		j.Judges = append(j.Judges, pj)
	}
	for _, lab := range t.Labellers {
		j.Labellers = append(j.Labellers, ids[lab.ID])
	}
	for _, s := range res.Sections {
		j.Sections = append(j.Sections, publicName[s])
	}
	for _, r := range res.Rates {
		pr := public.JudgedRate{Judge: ids[r.Judge], Writer: alias[r.Script], Criterion: r.Criterion,
			Pass: r.Pass, Fail: r.Fail, Ambiguous: r.Ambiguous, Unscored: r.Unscored, Missing: r.Missing, FailLow: r.FailLow, FailHigh: r.FailHigh}
		if d := diagnostic[r.Judge]; d != nil {
			d.Rates = append(d.Rates, pr)
			continue
		}
		j.Rates = append(j.Rates, pr)
	}
	j.Types = judgedTypes(res, diagnostic, publicName, m)
	for i, c := range f.Cells {
		rc := res.Cell(c.Script, c.Name)
		if rc == nil {
			continue
		}
		for _, g := range rc.Grades {
			var outs []public.JudgedOutcome
			for _, o := range g.Outcomes {
				po := public.JudgedOutcome{Criterion: o.Criterion, Verdict: o.Verdict, Label: o.Label()}
				if o.Count != nil {
					po.N, po.Of, po.HasCount = o.Count.N, o.Count.Of, true
				}
				outs = append(outs, po)
			}
			if d := diagnostic[g.By]; d != nil && !g.Labeller {
				d.Cells = append(d.Cells, public.DiagnosticCell{Index: i, Writer: alias[c.Script], Section: publicName[c.Name], Missing: g.Missing, Outcomes: outs})
				continue
			}
			pg := public.JudgedGrade{By: ids[g.By], Name: names[g.By], Labeller: g.Labeller, Sample: g.Sample, Missing: g.Missing, Outcomes: outs}
			if a := g.Additions; a != nil {
				pg.Additions = &public.Additions{Candidates: a.Candidates, ScopeCreep: a.ScopeCreep, Transitions: a.Transitions, Unclassified: a.Unclassified}
			}
			for _, gr := range g.Groups {
				pg.Groups = append(pg.Groups, public.Group{Moves: gr.Moves, Developed: gr.Developed})
			}
			if internal && !g.Labeller {
				if r := t.Reply(g.By, c.Script, c.Name); r != nil {
					pg.Analysis = r.Analysis
				}
			}
			p.Cells[i].Judged = append(p.Cells[i].Judged, pg)
		}
	}
	for _, jd := range t.Judges {
		if d := diagnostic[jd.ID]; d != nil {
			j.Diagnostic = append(j.Diagnostic, *d)
		}
	}
	p.Judged = j
}

func replaceAll(m *matcher.Matcher, texts []string) []string {
	var out []string
	for _, t := range texts {
		out = append(out, m.Replace(t))
	}
	return out
}

func stamp(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

// judgedTypes returns the tier's section types with the pass lines each
// is judged by and the valid judges' calls on its sections.
func judgedTypes(res *judged.Results, diagnostic map[string]*public.DiagnosticJudge, publicName map[string]string, m *matcher.Matcher) []public.JudgedType {
	types := res.Thresholds.SectionTypes
	if len(types) == 0 {
		return nil
	}
	var out []public.JudgedType
	at := map[string]int{}
	for _, s := range res.Sections {
		t := types.Of(s)
		i, ok := at[t]
		if !ok {
			th := res.Thresholds.For(s)
			i = len(out)
			at[t] = i
			out = append(out, public.JudgedType{Type: m.Replace(t), C1MinPresent: th.C1MinPresent, C2MaxUndeveloped: th.C2MaxUndeveloped})
		}
		out[i].Sections = append(out[i].Sections, publicName[s])
	}
	for _, r := range res.TypeRates {
		if i, ok := at[r.Script]; ok && diagnostic[r.Judge] == nil {
			out[i].Rates = append(out[i].Rates, public.JudgedRate{Judge: m.Replace(r.Judge), Criterion: r.Criterion,
				Pass: r.Pass, Fail: r.Fail, Ambiguous: r.Ambiguous, Unscored: r.Unscored})
		}
	}
	return out
}
