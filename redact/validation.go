package redact

import (
	"time"

	"github.com/evalpress/evalpress/redact/public"
	"github.com/evalpress/evalpress/reports/agreement"
	"github.com/evalpress/evalpress/reports/judged"
	"github.com/evalpress/evalpress/reports/validation"
)

// RawPrompt is the published judge prompt as read from the content folder.
type RawPrompt struct {
	File   string // relative to the content folder
	Text   string
	SHA256 string
}

// publicPrompt redacts the published prompt.
func publicPrompt(p *RawPrompt, m *Matcher) *public.Prompt {
	if p == nil {
		return nil
	}
	return &public.Prompt{File: m.Replace(p.File), Text: m.Replace(p.Text), SHA256: p.SHA256}
}

// publicValidation turns the validation into its public form: writers by
// alias, family judges named after their writer's alias and never by
// model, items reduced to counts.
func publicValidation(r *validation.Report, alias map[string]string, m *Matcher) public.Validation {
	if r == nil {
		return public.Validation{}
	}
	v := public.Validation{
		Ran: r.Ran, Criteria: r.Criteria, Pilot: len(r.Pilot), Sample: len(r.Sample),
		LengthMatched: r.LengthMatched, LengthTolerance: validation.LengthTolerance,
	}
	for _, l := range r.Labellers {
		v.Labellers = append(v.Labellers, m.Replace(l))
	}
	for _, p := range r.HumanHuman {
		v.HumanHuman = append(v.HumanHuman, publicAgreement(p, m))
	}
	names := map[string]string{}
	for _, j := range r.Judges {
		pj := public.JudgeValidation{
			ID: m.Replace(j.ID), Role: j.Role, Run: j.Run.UTC().Format(time.RFC3339),
			Iterations: j.Iterations, TunedOn: m.Replace(j.TunedOn), TunedOnValidation: j.TunedOnValidation,
			Late: j.Late, Blind: j.Blind(), Prompt: j.Prompt, Withheld: j.Withheld(), Usability: j.Usability,
		}
		if j.Role == judged.Family {
			pj.Writer = alias[j.FamilyOf]
			pj.Name = pj.Writer + "'s family judge"
		} else {
			pj.Model, pj.Version = m.Replace(j.Model), m.Replace(j.Version)
			pj.Name = "primary judge"
		}
		names[j.ID] = pj.Name
		for _, p := range j.Pairs {
			pj.Pairs = append(pj.Pairs, publicAgreement(p, m))
		}
		for _, f := range j.Fixtures {
			pf := public.FixtureResult{Fixture: m.Replace(f.Fixture), Replied: f.Replied, Caught: f.Caught, Flawed: f.Flawed}
			for _, c := range f.Checks {
				pf.Checks = append(pf.Checks, public.Check{Criterion: c.Criterion, Expected: c.Expected.String(),
					Observed: c.Observed.String(), Match: c.Match(), Unscored: c.Unscored})
			}
			pj.Fixtures = append(pj.Fixtures, pf)
		}
		v.Judges = append(v.Judges, pj)
	}
	for _, a := range r.Ambiguity {
		v.Ambiguity = append(v.Ambiguity, public.Ambiguity{Criterion: a.Criterion, Rate: publicRate(a.Rate())})
	}
	v.AmbiguityAll = public.Ambiguity{Rate: publicRate(r.AmbiguityAll.Rate())}
	for _, f := range r.Fixtures {
		pf := public.Fixture{ID: m.Replace(f.ID), Title: m.Replace(f.Title), File: m.Replace(f.File), Words: f.Words}
		for _, c := range r.Criteria {
			if want, ok := f.Expect[c]; ok {
				pf.Expect = append(pf.Expect, public.Expected{Criterion: c, Verdict: want.String()})
			}
		}
		v.Fixtures = append(v.Fixtures, pf)
	}
	order := func(o agreement.Ranking) public.Order {
		po := public.Order{Criterion: o.Criterion}
		for _, s := range o.Standings {
			po.Standings = append(po.Standings, public.Standing{Writer: alias[s.Writer], Passes: s.Passes, Scored: s.Scored, Rank: s.Rank})
		}
		return po
	}
	flips := func(fs []agreement.Flip) []public.Flip {
		var out []public.Flip
		for _, f := range fs {
			out = append(out, public.Flip{Above: alias[f.Above], Below: alias[f.Below]})
		}
		return out
	}
	for _, rk := range r.Rankings {
		pr := public.Ranking{Judge: m.Replace(rk.Judge), Name: names[rk.Judge], Role: rk.Role, Overall: order(rk.Overall),
			Flipped: rk.Flipped(), Same: rk.Same, Flips: flips(rk.Flips)}
		for _, o := range rk.PerCriterion {
			pr.PerCriterion = append(pr.PerCriterion, order(o))
		}
		for _, f := range rk.FlipsPerCriterion {
			pr.FlipsPerCriterion = append(pr.FlipsPerCriterion, flips(f))
		}
		v.Rankings = append(v.Rankings, pr)
	}
	for _, s := range r.SelfPreference {
		ps := public.SelfPreference{Judge: m.Replace(s.Judge), Name: names[s.Judge], Writer: alias[s.Writer],
			Own: publicRate(s.Own), OwnPrimary: publicRate(s.OwnPrimary), Others: publicRate(s.Others), OthersPrimary: publicRate(s.OthersPrimary)}
		ps.OwnLift, _ = s.OwnLift()
		ps.OthersLift, _ = s.OthersLift()
		ps.Effect, ps.HasEffect = s.Effect()
		v.SelfPreference = append(v.SelfPreference, ps)
	}
	return v
}

func publicRate(r agreement.Rate) public.Rate { return public.Rate{Num: r.Num, Den: r.Den} }

func publicAgreement(p agreement.Pair, m *Matcher) public.Agreement {
	t := p.Table
	a := public.Agreement{
		A: m.Replace(p.A), B: m.Replace(p.B), Criterion: p.Criterion,
		Sample: p.Sample, Compared: t.N(), Ambiguous: p.Ambiguous, Missing: p.Missing,
		PassPass: t.PassPass, PassFail: t.PassFail, FailPass: t.FailPass, FailFail: t.FailFail,
		Agree: publicRate(t.Agreement()), CatchFail: publicRate(t.CatchFail()), CatchPass: publicRate(t.CatchPass()),
		Resamples: p.Interval.Resamples, Undefined: p.Interval.Undefined,
	}
	a.Kappa, a.HasKappa = t.Kappa()
	if p.Interval.Defined {
		a.Low, a.High, a.HasInterval = p.Interval.Low, p.Interval.High, true
	}
	return a
}
