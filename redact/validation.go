package redact

import (
	"slices"
	"time"

	"github.com/evalpress/evalpress/internal/natural"
	"github.com/evalpress/evalpress/matcher"
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

// publicPrompt redacts the published prompt. Its digest is published only
// when the prompt is published as it is: the digest of a redacted file
// would confirm a guess of what was taken out.
func publicPrompt(p *RawPrompt, m *matcher.Matcher) *public.Prompt {
	if p == nil {
		return nil
	}
	pp := &public.Prompt{File: m.Replace(p.File), Text: m.Replace(p.Text)}
	if pp.File == p.File && pp.Text == p.Text {
		pp.SHA256 = p.SHA256
	}
	return pp
}

// publicValidation turns the validation into its public form: writers by
// alias, judges and labellers by their display names (names, by id), never
// a family judge's model, items reduced to counts.
func publicValidation(r *validation.Report, alias, names, ids map[string]string, m *matcher.Matcher) public.Validation {
	if r == nil {
		return public.Validation{}
	}
	v := public.Validation{
		Ran: r.Ran, Criteria: r.Criteria, Pilot: len(r.Pilot), Sample: len(r.Sample),
		LengthMatched: r.LengthMatched, LengthTolerance: validation.LengthTolerance,
	}
	name := func(id string) string {
		if n, ok := names[id]; ok {
			return n
		}
		return ids[id]
	}
	agree := func(p agreement.Pair) public.Agreement {
		a := publicAgreement(p)
		a.A, a.B = ids[p.A], ids[p.B]
		a.AName, a.BName = name(p.A), name(p.B)
		return a
	}
	for _, l := range r.Labellers {
		v.Labellers = append(v.Labellers, public.Labeller{ID: ids[l.ID], Name: name(l.ID), Role: l.Role, Criteria: l.Criteria})
	}
	author := "The author"
	for _, l := range r.Labellers {
		if l.Role == judged.RoleAuthor {
			author = name(l.ID)
		}
	}
	for _, x := range r.FixtureLabels {
		pl := public.FixtureLabel{Labeller: author, Role: judged.RoleAuthor, Fixture: m.Replace(x.Fixture),
			LabelledAt: x.LabelledAt.UTC().Format(time.RFC3339), Blind: x.Blind}
		for _, c := range x.Checks {
			pl.Checks = append(pl.Checks, public.Check{Criterion: c.Criterion, Expected: c.Expected.String(), Observed: c.Observed.String(), Match: c.Match()})
		}
		v.FixtureLabels = append(v.FixtureLabels, pl)
	}
	for _, p := range r.HumanHuman {
		v.HumanHuman = append(v.HumanHuman, agree(p))
	}
	for _, j := range r.Judges {
		pj := public.JudgeValidation{
			ID: ids[j.ID], Name: name(j.ID), Role: j.Role, Run: j.Run.UTC().Format(time.RFC3339),
			Iterations: j.Iterations, TunedOn: j.TunedOn, TunedOnValidation: j.TunedOnValidation,
			Late: j.Late, Blind: j.Blind(), Prompt: j.Prompt, Withheld: j.Withheld(), Usability: j.Usability,
			Order: j.Order, Valid: j.Valid(), Reasons: replaceAll(m, j.Status.ReasonTexts()), Notes: replaceAll(m, j.Status.Notes),
		}
		if j.Role == judged.Family {
			pj.Writer = alias[j.FamilyOf]
		} else if j.Independent {
			pj.Model, pj.Version = m.Replace(j.Model), m.Replace(j.Version)
		}
		for _, p := range j.Pairs {
			pj.Pairs = append(pj.Pairs, agree(p))
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
		pr := public.Ranking{Judge: ids[rk.Judge], Name: name(rk.Judge), Role: rk.Role,
			Compared: rk.Compared, Flipped: rk.Flipped(), SamePerCriterion: rk.SamePerCriterion}
		for _, o := range rk.PerCriterion {
			pr.PerCriterion = append(pr.PerCriterion, order(o))
		}
		for _, f := range rk.FlipsPerCriterion {
			pr.FlipsPerCriterion = append(pr.FlipsPerCriterion, flips(f))
		}
		v.Rankings = append(v.Rankings, pr)
	}
	for _, s := range r.SelfPreference {
		v.SelfPreference = append(v.SelfPreference, publicSelfPreference(s, alias, name, ids, m))
	}
	v.Selection = public.Selection{Checked: r.Selection.Checked, Unchecked: r.Selection.Unchecked, Independent: r.Selection.Independent}
	for _, w := range r.Selection.Unmeasured {
		v.Selection.Unmeasured = append(v.Selection.Unmeasured, alias[w])
	}
	publicRecords(&v, r, alias, name, ids, m)
	return v
}

// publicRecords fills the validation's records: C1's N from the pilot, the
// order of dates, the ambiguity log and the disagreement register. Notes
// the author wrote are published only as redacted.
func publicRecords(v *public.Validation, r *validation.Report, alias map[string]string, name func(string) string, ids map[string]string, m *matcher.Matcher) {
	calibration := func(c validation.Calibration) public.Calibration {
		pc := public.Calibration{Unmarked: c.Unmarked, Checked: c.Checked, Separates: c.Separates, From: c.From, To: c.To, N: c.N, NSeparates: c.NSeparates}
		pilot := func(ps []validation.PilotSection) []public.PilotSection {
			var out []public.PilotSection
			for _, p := range ps {
				out = append(out, public.PilotSection{Writer: alias[p.Item.Writer], Section: m.Replace(p.Item.Section), Labeller: name(p.Labeller),
					Present: p.Present, Assigned: p.Assigned})
			}
			return out
		}
		pc.Adequate, pc.Thin = pilot(c.Adequate), pilot(c.Thin)
		return pc
	}
	v.Calibration = calibration(r.Calibration)
	for _, tc := range r.TypeCalibrations {
		v.TypeCalibrations = append(v.TypeCalibrations, public.TypeCalibration{Type: m.Replace(tc.Type), Sections: replaceAll(m, tc.Sections),
			Piloted: replaceAll(m, tc.Piloted), Calibration: calibration(tc.Calibration)})
	}
	o := r.Order
	v.Order = public.DateOrder{LastPilot: stamp(o.LastPilot), NRegistered: stamp(o.NRegistered), FirstValidation: stamp(o.FirstValidation),
		LastValidation: stamp(o.LastValidation), FirstJudge: stamp(o.FirstJudge), Problems: replaceAll(m, o.Problems)}
	for _, a := range r.Ambiguities {
		by := a.Labeller
		if a.Judge != "" {
			by = a.Judge
		}
		v.Ambiguities = append(v.Ambiguities, public.LoggedAmbiguity{Writer: alias[a.Item.Writer], Section: m.Replace(a.Item.Section),
			Labeller: name(by), Judge: a.Judge != "", Sample: a.Sample, Criterion: a.Criterion, Note: m.Replace(a.Note)})
	}
	for _, d := range r.Disagreements {
		v.Disagreements = append(v.Disagreements, public.Disagreement{Writer: alias[d.Item.Writer], Section: m.Replace(d.Item.Section), Criterion: d.Criterion,
			Judge: ids[d.Judge], JudgeName: name(d.Judge), Labeller: ids[d.Labeller], LabellerName: name(d.Labeller),
			JudgeVerdict: d.JudgeVerdict.String(), LabelVerdict: d.LabelVerdict.String(), Cause: d.Cause, Note: m.Replace(d.Note), Valid: d.Valid})
	}
	// The log and the register follow the labels' and the judges' files;
	// published, they list writers by alias like every list.
	slices.SortStableFunc(v.Ambiguities, func(a, b public.LoggedAmbiguity) int { return natural.Compare(a.Writer, b.Writer) })
	slices.SortStableFunc(v.Disagreements, func(a, b public.Disagreement) int { return natural.Compare(a.Writer, b.Writer) })
}

func publicSelfPreference(s agreement.SelfPreference, alias map[string]string, name func(string) string, ids map[string]string, m *matcher.Matcher) public.SelfPreference {
	ps := public.SelfPreference{Judge: ids[s.Judge], Name: name(s.Judge), Writer: alias[s.Writer], Criterion: s.Criterion,
		NotMeasured: m.Replace(s.NotMeasured)}
	if s.NotMeasured != "" {
		return ps
	}
	ps.Own, ps.OwnPrimary, ps.Others, ps.OthersPrimary = publicRate(s.Own), publicRate(s.OwnPrimary), publicRate(s.Others), publicRate(s.OthersPrimary)
	ps.OwnLift, _ = s.OwnLift()
	ps.OthersLift, _ = s.OthersLift()
	ps.Effect, ps.HasEffect = s.Effect()
	for _, pc := range s.PerCriterion {
		ps.PerCriterion = append(ps.PerCriterion, publicSelfPreference(pc, alias, name, ids, m))
	}
	return ps
}

func publicRate(r agreement.Rate) public.Rate { return public.Rate{Num: r.Num, Den: r.Den} }

func publicAgreement(p agreement.Pair) public.Agreement {
	t := p.Table
	a := public.Agreement{
		Criterion: p.Criterion,
		Sample:    p.Sample, Compared: t.N(), Ambiguous: p.Ambiguous, Missing: p.Missing,
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
