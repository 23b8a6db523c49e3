package site

import (
	"github.com/evalpress/evalpress/internal/numfmt"
	"github.com/evalpress/evalpress/redact/public"
)

// The judge validation's sections of results.json: agreement and ranking
// when the judged tier has run, the fixtures always (their expected
// verdicts and lengths exist before any judge has run). A figure that does
// not exist (kappa undefined, an empty share) is null.

// ResultsAgreement is results.json's "agreement".
type ResultsAgreement struct {
	PilotSample      int      `json:"pilot_sample"`
	ValidationSample int      `json:"validation_sample"`
	Labellers        []string `json:"labellers"` // ids
	// LabellerDetails are the labellers as the protocol defines them.
	LabellerDetails []ResultsLabeller `json:"labeller_details"`
	// HumanBaseline is false with a single labeller: no ceiling exists.
	HumanBaseline bool                 `json:"human_baseline"`
	Pairs         []ResultsPair        `json:"pairs"`
	Judges        []ResultsJudgeStatus `json:"judges"`
	Ambiguity     []ResultsAmbiguity   `json:"ambiguity"`
	// Calibration is C1's N from the pilot, Order the protocol's order of
	// dates, AmbiguityLog the ambiguities the labellers recorded and the
	// valid judges' AMBIGUOUS answers, and
	// Disagreements the disagreement register (an invalid judge's entries
	// marked as its diagnostic).
	Calibration ResultsCalibration `json:"calibration"`
	// CalibrationByType is C1's N per section type, from the pilot's
	// sections of that type; absent without section types.
	CalibrationByType []ResultsTypeCalibration `json:"calibration_by_type,omitempty"`
	Order             ResultsOrder             `json:"order"`
	AmbiguityLog      []ResultsAmbiguityLog    `json:"ambiguity_log"`
	Disagreements     []ResultsDisagreement    `json:"disagreements"`
}

// ResultsCalibration is C1's N from the pilot.
type ResultsCalibration struct {
	Adequate []ResultsPilotSection `json:"adequate"`
	Thin     []ResultsPilotSection `json:"thin"`
	Unmarked int                   `json:"unmarked"`
	// Separates is true when some N from From to To fails every thin
	// section and passes every adequate one; Proposed is From then.
	Separates  bool `json:"separates"`
	From       *int `json:"from"`
	To         *int `json:"to"`
	Proposed   *int `json:"proposed_n"`
	N          int  `json:"n"` // the configured N, 0 when not calibrated
	NSeparates bool `json:"n_separates"`
}

// ResultsTypeCalibration is C1's N for one section type.
type ResultsTypeCalibration struct {
	Type     string   `json:"type"`
	Sections []string `json:"sections"`
	Piloted  []string `json:"piloted_sections"`
	ResultsCalibration
}

// ResultsPilotSection is one pilot section's C1 count.
type ResultsPilotSection struct {
	Model    string `json:"model"`
	Section  string `json:"section"`
	Labeller string `json:"labeller"`
	Present  int    `json:"present"`
	Assigned int    `json:"assigned"`
}

// ResultsOrder is the protocol's order of dates ("" when unknown).
type ResultsOrder struct {
	LastPilot       string   `json:"last_pilot_label"`
	NRegistered     string   `json:"n_registered"`
	FirstValidation string   `json:"first_validation_label"`
	LastValidation  string   `json:"last_validation_label"`
	FirstJudge      string   `json:"first_judge_output"`
	Problems        []string `json:"problems"`
}

// ResultsAmbiguityLog is an ambiguity a labeller recorded, or a judge's
// AMBIGUOUS answer.
type ResultsAmbiguityLog struct {
	Model    string `json:"model"`
	Section  string `json:"section"`
	Labeller string `json:"labeller"` // the labeller's display name, or the judge's
	// Judge is true for a judge's AMBIGUOUS answer (sample "").
	Judge     bool   `json:"judge"`
	Sample    string `json:"sample"`
	Criterion string `json:"criterion"`
	Note      string `json:"note"`
}

// ResultsDisagreement is an entry of the disagreement register.
type ResultsDisagreement struct {
	Model        string `json:"model"`
	Section      string `json:"section"`
	Criterion    string `json:"criterion"`
	Judge        string `json:"judge"`
	Labeller     string `json:"labeller"`
	JudgeVerdict string `json:"judge_verdict"`
	LabelVerdict string `json:"labeller_verdict"`
	Cause        string `json:"cause"` // "" while open
	Note         string `json:"note,omitempty"`
	// Status is "diagnostic only: no result" for an invalid judge's entry.
	Status string `json:"status,omitempty"`
}

// ResultsLabeller is one labeller: id, display name, role and the criteria
// it labels.
type ResultsLabeller struct {
	ID       string   `json:"id"`
	Name     string   `json:"name"`
	Role     string   `json:"role"` // "author" (the rubric's) or "second"
	Criteria []string `json:"criteria"`
}

// ResultsPair is one pair of raters on one criterion.
type ResultsPair struct {
	Criterion string       `json:"criterion"`
	Kind      string       `json:"kind"` // "human-human" or "judge-human"
	A         string       `json:"a"`
	B         string       `json:"b"`
	AName     string       `json:"a_name"`
	BName     string       `json:"b_name"`
	Compared  int          `json:"compared"`
	Ambiguous int          `json:"ambiguous"`
	Missing   int          `json:"missing"`
	Table     ResultsTable `json:"table"`
	Percent   *float64     `json:"percent"`
	Kappa     *float64     `json:"kappa"`
	KappaCI95 *[2]float64  `json:"kappa_ci95"`
	CatchFail *float64     `json:"catch_fail"` // of B's FAILs, the share A also failed
	CatchPass *float64     `json:"catch_pass"`
}

// ResultsTable is a 2x2 table, A's verdict first.
type ResultsTable struct {
	PassPass int `json:"pass_pass"`
	PassFail int `json:"pass_fail"`
	FailPass int `json:"fail_pass"`
	FailFail int `json:"fail_fail"`
}

// ResultsJudgeStatus is what the protocol's rules say of a judge.
type ResultsJudgeStatus struct {
	Judge             string `json:"judge"`
	Name              string `json:"name"`
	Role              string `json:"role"`
	Blind             bool   `json:"blind"`
	LateLabels        int    `json:"late_labels"`
	Prompt            string `json:"prompt"` // matches, differs, unverified
	Withheld          bool   `json:"withheld"`
	Iterations        int    `json:"iterations"`
	TunedOn           string `json:"tuned_on"`
	TunedOnValidation bool   `json:"tuned_on_validation"`
	Usability         string `json:"usability"`
	Order             string `json:"order"`
	// Valid is false when the protocol's conditions of reporting fail:
	// the judge's verdicts are then no result (Reasons say why), and only
	// judged.diagnostic holds them.
	Valid   bool     `json:"valid"`
	Reasons []string `json:"reasons"`
	Notes   []string `json:"notes"`
}

// ResultsAmbiguity is an ambiguity rate ("all" for every criterion).
type ResultsAmbiguity struct {
	Criterion    string   `json:"criterion"`
	Ambiguous    int      `json:"ambiguous"`
	Applications int      `json:"applications"`
	Rate         *float64 `json:"rate"`
}

// ResultsFixtures is results.json's "fixtures".
type ResultsFixtures struct {
	LengthMatched   bool             `json:"length_matched"`
	LengthTolerance float64          `json:"length_tolerance"`
	Fixtures        []ResultsFixture `json:"fixtures"`
}

// ResultsFixture is one fixture with each judge's verdicts.
type ResultsFixture struct {
	ID      string                `json:"id"`
	Title   string                `json:"title"`
	File    string                `json:"file"`
	Words   int                   `json:"words"`
	Expect  map[string]string     `json:"expect"`
	Results []ResultsFixtureJudge `json:"results"`
	// Labels are the labellers' blind labels of the fixture.
	Labels []ResultsFixtureLabel `json:"labels"`
}

// ResultsFixtureJudge is one judge's verdicts on one fixture.
type ResultsFixtureJudge struct {
	Judge   string         `json:"judge"`
	Replied bool           `json:"replied"`
	Caught  bool           `json:"caught"`
	Checks  []ResultsCheck `json:"checks"`
}

// ResultsCheck is one expected verdict against the judge's.
type ResultsCheck struct {
	Criterion string `json:"criterion"`
	Expected  string `json:"expected"`
	Observed  string `json:"observed"`
	Match     bool   `json:"match"`
	Unscored  bool   `json:"unscored"`
}

// ResultsRanking is results.json's "ranking": valid judges only.
type ResultsRanking struct {
	Judges         []ResultsJudgeRanking `json:"judges"`
	SelfPreference []ResultsSelfPref     `json:"self_preference"`
	Selection      ResultsSelection      `json:"selection"`
}

// ResultsSelection is the judge selection checks.
type ResultsSelection struct {
	Checked     bool     `json:"checked"`
	Unchecked   string   `json:"unchecked,omitempty"`
	Independent bool     `json:"primary_independent"`
	Unmeasured  []string `json:"unmeasured"` // writers no family judge measures
}

// ResultsJudgeRanking is the writers' order under one valid judge,
// criterion by criterion.
type ResultsJudgeRanking struct {
	Judge string `json:"judge"`
	Name  string `json:"name"`
	Role  string `json:"role"`
	// Overall is always null: the protocol allows no composite ranking
	// over the criteria (per_criterion holds the orders).
	Overall      *[]ResultsStanding           `json:"overall"`
	PerCriterion map[string][]ResultsStanding `json:"per_criterion"`
	Compared     bool                         `json:"compared_with_primary"`
	Flipped      bool                         `json:"flipped"`
	// Same is true when every criterion's order is the primary's.
	Same  bool          `json:"same_as_primary"`
	Flips []ResultsFlip `json:"flips"`
}

// ResultsFlip is a pair of writers a judge orders opposite to the primary
// on one criterion: Above is ahead under the primary.
type ResultsFlip struct {
	Criterion string `json:"criterion"`
	Above     string `json:"above"`
	Below     string `json:"below"`
}

// ResultsStanding is a writer's place; tied writers share a rank.
type ResultsStanding struct {
	Model  string `json:"model"`
	Passes int    `json:"passes"`
	Scored int    `json:"scored"`
	Rank   int    `json:"rank"`
}

// ResultsSelfPref is a family judge's self-preference, in shares.
type ResultsSelfPref struct {
	Judge      string   `json:"judge"`
	Name       string   `json:"name"`
	Model      string   `json:"model"`
	OwnLift    *float64 `json:"own_lift"`
	OthersLift *float64 `json:"others_lift"`
	Effect     *float64 `json:"effect"`
	// PerCriterion holds the effect criterion by criterion.
	PerCriterion map[string]*float64 `json:"per_criterion,omitempty"`
	// NotMeasured says why nothing was measured.
	NotMeasured string `json:"not_measured,omitempty"`
}

// share is a rate as a share, rounded as the pages show it
// (numfmt.RoundShare): results.json says what the page says.
func share(r public.Rate) *float64 {
	if v, ok := r.Value(); ok {
		v = numfmt.RoundShare(v)
		return &v
	}
	return nil
}

// maybe is a statistic (kappa), rounded as the pages show it, when ok.
func maybe(x float64, ok bool) *float64 {
	if ok {
		x = numfmt.RoundStat(x)
		return &x
	}
	return nil
}

// maybeShare is a difference of shares (a lift), rounded as the pages
// show it in points, when ok.
func maybeShare(x float64, ok bool) *float64 {
	if ok {
		x = numfmt.RoundShare(x)
		return &x
	}
	return nil
}

func resultsPair(a public.Agreement, kind string) ResultsPair {
	p := ResultsPair{Criterion: a.Criterion, Kind: kind, A: a.A, B: a.B, AName: a.AName, BName: a.BName, Compared: a.Compared, Ambiguous: a.Ambiguous, Missing: a.Missing,
		Table:   ResultsTable{PassPass: a.PassPass, PassFail: a.PassFail, FailPass: a.FailPass, FailFail: a.FailFail},
		Percent: share(a.Agree), Kappa: maybe(a.Kappa, a.HasKappa), CatchFail: share(a.CatchFail), CatchPass: share(a.CatchPass)}
	if a.HasInterval {
		p.KappaCI95 = &[2]float64{numfmt.RoundStat(a.Low), numfmt.RoundStat(a.High)}
	}
	return p
}

// validationResults fills results.json's agreement, fixtures and ranking.
func validationResults(v *public.Validation) (*ResultsAgreement, *ResultsFixtures, *ResultsRanking) {
	fx := &ResultsFixtures{LengthMatched: v.LengthMatched, LengthTolerance: v.LengthTolerance, Fixtures: []ResultsFixture{}}
	for _, f := range v.Fixtures {
		rf := ResultsFixture{ID: f.ID, Title: f.Title, File: f.File, Words: f.Words, Expect: map[string]string{}, Results: []ResultsFixtureJudge{},
			Labels: resultsFixtureLabels(v, f.ID)}
		for _, e := range f.Expect {
			rf.Expect[e.Criterion] = e.Verdict
		}
		for _, j := range v.Judges {
			for _, r := range j.Fixtures {
				if r.Fixture != f.ID {
					continue
				}
				rj := ResultsFixtureJudge{Judge: j.ID, Replied: r.Replied, Caught: r.Caught, Checks: []ResultsCheck{}}
				for _, c := range r.Checks {
					rj.Checks = append(rj.Checks, ResultsCheck{Criterion: c.Criterion, Expected: c.Expected, Observed: c.Observed, Match: c.Match, Unscored: c.Unscored})
				}
				rf.Results = append(rf.Results, rj)
			}
		}
		fx.Fixtures = append(fx.Fixtures, rf)
	}
	if !v.Ran {
		return nil, fx, nil
	}
	ag := &ResultsAgreement{PilotSample: v.Pilot, ValidationSample: v.Sample, Labellers: []string{}, LabellerDetails: []ResultsLabeller{},
		HumanBaseline: len(v.Labellers) >= 2, Pairs: []ResultsPair{}, Judges: []ResultsJudgeStatus{}, Ambiguity: []ResultsAmbiguity{}}
	for _, l := range v.Labellers {
		ag.Labellers = append(ag.Labellers, l.ID)
		ag.LabellerDetails = append(ag.LabellerDetails, ResultsLabeller{ID: l.ID, Name: l.Name, Role: l.Role, Criteria: append([]string{}, l.Criteria...)})
	}
	for _, h := range v.HumanHuman {
		ag.Pairs = append(ag.Pairs, resultsPair(h, "human-human"))
	}
	for _, j := range v.Judges {
		ag.Judges = append(ag.Judges, ResultsJudgeStatus{Judge: j.ID, Name: j.Name, Role: j.Role, Blind: j.Blind, LateLabels: j.Late,
			Prompt: j.Prompt, Withheld: j.Withheld, Iterations: j.Iterations, TunedOn: j.TunedOn, TunedOnValidation: j.TunedOnValidation,
			Usability: j.Usability, Order: j.Order, Valid: j.Valid, Reasons: append([]string{}, j.Reasons...), Notes: append([]string{}, j.Notes...)})
		for _, a := range j.Pairs {
			ag.Pairs = append(ag.Pairs, resultsPair(a, "judge-human"))
		}
	}
	for _, tc := range v.TypeCalibrations {
		piloted := tc.Piloted
		if piloted == nil {
			piloted = []string{}
		}
		ag.CalibrationByType = append(ag.CalibrationByType, ResultsTypeCalibration{Type: tc.Type, Sections: tc.Sections, Piloted: piloted, ResultsCalibration: resultsCalibration(tc.Calibration)})
	}
	ag.Calibration, ag.Order = resultsCalibration(v.Calibration), ResultsOrder{LastPilot: v.Order.LastPilot, NRegistered: v.Order.NRegistered,
		FirstValidation: v.Order.FirstValidation, LastValidation: v.Order.LastValidation, FirstJudge: v.Order.FirstJudge, Problems: append([]string{}, v.Order.Problems...)}
	ag.AmbiguityLog, ag.Disagreements = []ResultsAmbiguityLog{}, []ResultsDisagreement{}
	for _, a := range v.Ambiguities {
		ag.AmbiguityLog = append(ag.AmbiguityLog, ResultsAmbiguityLog{Model: a.Writer, Section: a.Section, Labeller: a.Labeller, Judge: a.Judge, Sample: a.Sample, Criterion: a.Criterion, Note: a.Note})
	}
	for _, d := range v.Disagreements {
		rd := ResultsDisagreement{Model: d.Writer, Section: d.Section, Criterion: d.Criterion, Judge: d.Judge, Labeller: d.Labeller,
			JudgeVerdict: d.JudgeVerdict, LabelVerdict: d.LabelVerdict, Cause: d.Cause, Note: d.Note}
		if !d.Valid {
			rd.Status = diagnosticStatus
		}
		ag.Disagreements = append(ag.Disagreements, rd)
	}
	for _, a := range append(v.Ambiguity, public.Ambiguity{Criterion: "all", Rate: v.AmbiguityAll.Rate}) {
		ag.Ambiguity = append(ag.Ambiguity, ResultsAmbiguity{Criterion: a.Criterion, Ambiguous: a.Rate.Num, Applications: a.Rate.Den, Rate: share(a.Rate)})
	}
	rk := &ResultsRanking{Judges: []ResultsJudgeRanking{}, SelfPreference: []ResultsSelfPref{},
		Selection: ResultsSelection{Checked: v.Selection.Checked, Unchecked: v.Selection.Unchecked, Independent: v.Selection.Independent,
			Unmeasured: append([]string{}, v.Selection.Unmeasured...)}}
	standings := func(o public.Order) []ResultsStanding {
		out := []ResultsStanding{}
		for _, s := range o.Standings {
			out = append(out, ResultsStanding{Model: s.Writer, Passes: s.Passes, Scored: s.Scored, Rank: s.Rank})
		}
		return out
	}
	for _, r := range v.Rankings {
		jr := ResultsJudgeRanking{Judge: r.Judge, Name: r.Name, Role: r.Role, PerCriterion: map[string][]ResultsStanding{},
			Compared: r.Compared, Flipped: r.Flipped, Same: r.Role == "primary" || r.Compared, Flips: []ResultsFlip{}}
		for i, o := range r.PerCriterion {
			jr.PerCriterion[o.Criterion] = standings(o)
			if i < len(r.FlipsPerCriterion) {
				for _, f := range r.FlipsPerCriterion[i] {
					jr.Flips = append(jr.Flips, ResultsFlip{Criterion: o.Criterion, Above: f.Above, Below: f.Below})
				}
			}
			if r.Compared && (i >= len(r.SamePerCriterion) || !r.SamePerCriterion[i]) {
				jr.Same = false
			}
		}
		rk.Judges = append(rk.Judges, jr)
	}
	for _, s := range v.SelfPreference {
		sp := ResultsSelfPref{Judge: s.Judge, Name: s.Name, Model: s.Writer, NotMeasured: s.NotMeasured}
		if s.NotMeasured == "" {
			sp.OwnLift, sp.OthersLift, sp.Effect = maybeShare(s.OwnLift, s.HasEffect), maybeShare(s.OthersLift, s.HasEffect), maybeShare(s.Effect, s.HasEffect)
		}
		for _, pc := range s.PerCriterion {
			if sp.PerCriterion == nil {
				sp.PerCriterion = map[string]*float64{}
			}
			sp.PerCriterion[pc.Criterion] = maybeShare(pc.Effect, pc.HasEffect)
		}
		rk.SelfPreference = append(rk.SelfPreference, sp)
	}
	return ag, fx, rk
}

func resultsCalibration(c public.Calibration) ResultsCalibration {
	pilot := func(ps []public.PilotSection) []ResultsPilotSection {
		out := []ResultsPilotSection{}
		for _, p := range ps {
			out = append(out, ResultsPilotSection{Model: p.Writer, Section: p.Section, Labeller: p.Labeller, Present: p.Present, Assigned: p.Assigned})
		}
		return out
	}
	rc := ResultsCalibration{Adequate: pilot(c.Adequate), Thin: pilot(c.Thin), Unmarked: c.Unmarked, Separates: c.Checked && c.Separates,
		N: c.N, NSeparates: c.NSeparates}
	if rc.Separates {
		from, to := c.From, c.To
		rc.From, rc.To, rc.Proposed = &from, &to, &from
	}
	return rc
}
