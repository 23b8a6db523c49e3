package prose

import (
	"fmt"
	"math"
	"strings"

	"github.com/evalpress/evalpress/redact/public"
)

// The judge validation's functions. A figure that does not exist (the tier
// has not run, a judge's agreement is withheld, kappa is undefined) is
// nothing ("n/a"), so a document can say so with a conditional; a name that
// the data does not know is an error.
//
//	agreement(C4, primary, author, percent|kappa|low|high|compared|ambiguous|catch_fail|catch_pass)
//	ambiguity(C4|all)
//	fixture(T2, words|title|expected|"<judge id>")
//	judge("<judge id>", name|status|reasons|notes|usability|blind|late|prompt|iterations|tuned_on|order|run)
//	ranking("<judge id>", C1|C2|C4|C6, order|flipped)
//	rank("<judge id>", C1|C2|C4|C6, "Model 2")
//
// A judge whose verdicts are no result (judge(id, status) is "diagnostic")
// has no ranking and no rank: they are nothing ("n/a"). Rankings are per
// criterion only: the protocol allows no composite order.
//	self_preference("<judge id>", effect|own_lift|others_lift)
//	validation(pilot|sample|labellers|judges|ran)
//	pilot(proposed|from|to|separates|adequate|thin)
//	disagreements(all|open)
//	registration(made|at|matches|late)

// validationResolvers are added to the resolvers table.
var validationResolvers = map[string]resolver{
	"agreement":       {4, 4, false, "agreement(C4, primary, author, percent|kappa|low|high|compared|ambiguous|catch_fail|catch_pass)", evalAgreement},
	"ambiguity":       {1, 1, false, "ambiguity(C4|all)", evalAmbiguity},
	"fixture":         {2, 2, false, `fixture(T2, words|title|expected|"judge id")`, evalFixture},
	"judge":           {2, 2, false, `judge("judge id", name|status|reasons|notes|usability|blind|late|prompt|iterations|tuned_on|order|run)`, evalJudge},
	"ranking":         {3, 3, false, `ranking("judge id", C1|C2|C4|C6, order|flipped)`, evalRanking},
	"rank":            {3, 3, false, `rank("judge id", C1|C2|C4|C6, "Model 2")`, evalRank},
	"self_preference": {2, 2, false, `self_preference("judge id", effect|own_lift|others_lift)`, evalSelfPreference},
	"validation":      {1, 1, false, "validation(pilot|sample|labellers|judges|ran)", evalValidation},
	"pilot":           {1, 1, false, "pilot(proposed|from|to|separates|adequate|thin)", evalPilot},
	"disagreements":   {1, 1, false, "disagreements(all|open)", evalDisagreements},
	"registration":    {1, 1, false, "registration(made|at|matches|late)", evalRegistration},
}

// decimalValue is a number written with two decimals (kappa); it compares
// as a share, so kappa >= 0.6 works.
func decimalValue(x float64) Value { return Value{Kind: Share, Num: x, Decimals: 2, Plain: true} }

func rateValue(r public.Rate) Value {
	v, ok := r.Value()
	if !ok {
		return Value{}
	}
	return shareValue(v, 0)
}

func yesNo(b bool) Value {
	if b {
		return textValue("yes")
	}
	return textValue("no")
}

// pointsValue writes a difference of shares in whole percentage points.
func pointsValue(x float64) Value { return intValue(int(math.Round(x * 100))) }

func evalValidation(ev *evaluator, c call) (Value, error) {
	v := &ev.p.Validation
	field, err := word(c, 0, "pilot", "sample", "labellers", "judges", "ran")
	if err != nil {
		return Value{}, err
	}
	if field == "ran" {
		return yesNo(v.Ran), nil
	}
	if !v.Ran {
		return Value{}, nil
	}
	return intValue(map[string]int{"pilot": v.Pilot, "sample": v.Sample, "labellers": len(v.Labellers), "judges": len(v.Judges)}[field]), nil
}

// findJudge returns the judge with id; a nil judge and no error when the
// tier has not run.
func findJudge(ev *evaluator, c call, id string) (*public.JudgeValidation, error) {
	v := &ev.p.Validation
	if !v.Ran {
		return nil, nil
	}
	var ids []string
	for i := range v.Judges {
		if v.Judges[i].ID == id {
			return &v.Judges[i], nil
		}
		ids = append(ids, v.Judges[i].ID)
	}
	return nil, evalErrorf(c.col, "%s: no judge %q (judges: %s)", c.name, id, strings.Join(ids, ", "))
}

func evalAgreement(ev *evaluator, c call) (Value, error) {
	v := &ev.p.Validation
	crit, a, b := c.words[0], c.words[1], c.words[2]
	field, err := word(c, 3, "percent", "kappa", "low", "high", "compared", "ambiguous", "catch_fail", "catch_pass")
	if err != nil || !v.Ran {
		return Value{}, err
	}
	pairs := v.HumanHuman
	for _, j := range v.Judges {
		if j.ID == a {
			if j.Withheld {
				return Value{}, nil // invalid: the protocol forbids reporting it
			}
			pairs = j.Pairs
		}
	}
	var known []string
	for _, p := range pairs {
		if p.Criterion == crit && p.A == a && p.B == b {
			return agreementField(p, field), nil
		}
		known = append(known, fmt.Sprintf("%s %s %s", p.Criterion, p.A, p.B))
	}
	return Value{}, evalErrorf(c.col, "agreement: no pair %s %s against %s (pairs: %s)", crit, a, b, strings.Join(known, "; "))
}

func agreementField(p public.Agreement, field string) Value {
	switch field {
	case "percent":
		return rateValue(p.Agree)
	case "kappa":
		if p.HasKappa {
			return decimalValue(p.Kappa)
		}
	case "low":
		if p.HasInterval {
			return decimalValue(p.Low)
		}
	case "high":
		if p.HasInterval {
			return decimalValue(p.High)
		}
	case "compared":
		return intValue(p.Compared)
	case "ambiguous":
		return intValue(p.Ambiguous)
	case "catch_fail":
		return rateValue(p.CatchFail)
	case "catch_pass":
		return rateValue(p.CatchPass)
	}
	return Value{}
}

func evalAmbiguity(ev *evaluator, c call) (Value, error) {
	v := &ev.p.Validation
	if !v.Ran {
		return Value{}, nil
	}
	if c.words[0] == "all" {
		return rateValue(v.AmbiguityAll.Rate), nil
	}
	var known []string
	for _, a := range v.Ambiguity {
		if a.Criterion == c.words[0] {
			return rateValue(a.Rate), nil
		}
		known = append(known, a.Criterion)
	}
	return Value{}, evalErrorf(c.col, "ambiguity: no criterion %q (one of: %s, all)", c.words[0], strings.Join(known, ", "))
}

func evalFixture(ev *evaluator, c call) (Value, error) {
	v := &ev.p.Validation
	var f *public.Fixture
	var ids []string
	for i := range v.Fixtures {
		if v.Fixtures[i].ID == c.words[0] {
			f = &v.Fixtures[i]
		}
		ids = append(ids, v.Fixtures[i].ID)
	}
	if f == nil {
		return Value{}, evalErrorf(c.col, "fixture: no fixture %q (configured: %s)", c.words[0], strings.Join(ids, ", "))
	}
	switch c.words[1] {
	case "words":
		return intValue(f.Words), nil
	case "title":
		return textValue(f.Title), nil
	case "expected":
		var parts []string
		for _, e := range f.Expect {
			parts = append(parts, e.Criterion+" "+e.Verdict)
		}
		return textValue(strings.Join(parts, ", ")), nil
	}
	j, err := findJudge(ev, c, c.words[1])
	if err != nil || j == nil {
		return Value{}, err
	}
	if j.Usability == "not run" {
		return textValue("not run"), nil
	}
	for _, r := range j.Fixtures {
		if r.Fixture != f.ID {
			continue
		}
		switch {
		case !r.Replied:
			return textValue("no reply"), nil
		case !r.Caught:
			return textValue("missed"), nil
		}
		for _, chk := range r.Checks {
			if chk.Unscored {
				return textValue("not scored"), nil
			}
		}
		return textValue("caught"), nil
	}
	return Value{}, nil
}

func evalJudge(ev *evaluator, c call) (Value, error) {
	field, err := word(c, 1, "name", "status", "reasons", "notes", "usability", "blind", "late", "prompt", "iterations", "tuned_on", "order", "run")
	if err != nil {
		return Value{}, err
	}
	j, err := findJudge(ev, c, c.words[0])
	if err != nil || j == nil {
		return Value{}, err
	}
	switch field {
	case "name":
		return textValue(j.Name), nil
	case "status":
		if j.Valid {
			return textValue("valid"), nil
		}
		return textValue("diagnostic"), nil
	case "reasons":
		return textValue(strings.Join(j.Reasons, "; ")), nil
	case "notes":
		return textValue(strings.Join(j.Notes, "; ")), nil
	case "order":
		return textValue(j.Order), nil
	case "usability":
		return textValue(j.Usability), nil
	case "blind":
		return yesNo(j.Blind), nil
	case "late":
		return intValue(j.Late), nil
	case "prompt":
		return textValue(j.Prompt), nil
	case "iterations":
		return intValue(j.Iterations), nil
	case "tuned_on":
		return textValue(j.TunedOn), nil
	}
	return textValue(j.Run), nil
}

// findRanking returns the judge's order on the criterion of c's second
// word; nil (n/a) when the tier has not run or the judge is not valid.
func findRanking(ev *evaluator, c call) (*public.Order, error) {
	crit, err := word(c, 1, judgedCriteria()...)
	if err != nil {
		return nil, err
	}
	if _, err := findJudge(ev, c, c.words[0]); err != nil || !ev.p.Validation.Ran {
		return nil, err
	}
	for _, r := range ev.p.Validation.Rankings {
		if r.Judge != c.words[0] {
			continue
		}
		for i, o := range r.PerCriterion {
			if o.Criterion == crit {
				return &r.PerCriterion[i], nil
			}
		}
	}
	return nil, nil
}

func evalRanking(ev *evaluator, c call) (Value, error) {
	field, err := word(c, 2, "order", "flipped")
	if err != nil {
		return Value{}, err
	}
	o, err := findRanking(ev, c)
	if err != nil || o == nil {
		return Value{}, err
	}
	if field == "flipped" {
		for _, r := range ev.p.Validation.Rankings {
			if r.Judge != c.words[0] || !r.Compared {
				continue
			}
			for i, f := range r.FlipsPerCriterion {
				if i < len(r.PerCriterion) && r.PerCriterion[i].Criterion == o.Criterion {
					return yesNo(len(f) > 0), nil
				}
			}
		}
		return Value{}, nil // the primary itself, or no valid primary to compare with
	}
	var b strings.Builder
	for i, s := range o.Standings {
		if i > 0 {
			if s.Rank == o.Standings[i-1].Rank {
				b.WriteString(" = ")
			} else {
				b.WriteString(" > ")
			}
		}
		b.WriteString(s.Writer)
	}
	return textValue(b.String()), nil
}

func evalRank(ev *evaluator, c call) (Value, error) {
	o, err := findRanking(ev, c)
	if err != nil || o == nil {
		return Value{}, err
	}
	for _, s := range o.Standings {
		if s.Writer == c.words[2] {
			return intValue(s.Rank), nil
		}
	}
	return Value{}, evalErrorf(c.col, "rank: no writer %q", c.words[2])
}

func evalSelfPreference(ev *evaluator, c call) (Value, error) {
	field, err := word(c, 1, "effect", "own_lift", "others_lift")
	if err != nil {
		return Value{}, err
	}
	j, err := findJudge(ev, c, c.words[0])
	if err != nil || j == nil {
		return Value{}, err
	}
	for _, s := range ev.p.Validation.SelfPreference {
		if s.Judge != j.ID {
			continue
		}
		if s.NotMeasured != "" || !s.HasEffect {
			return Value{}, nil
		}
		return pointsValue(map[string]float64{"effect": s.Effect, "own_lift": s.OwnLift, "others_lift": s.OthersLift}[field]), nil
	}
	return Value{}, evalErrorf(c.col, "self_preference: %q is not a family judge", j.ID)
}

// evalPilot is C1's N as the pilot calibrates it: the proposed N and the
// range that separates the adequate from the thin sections (nothing when
// none does), whether one does, and the two groups' sizes.
func evalPilot(ev *evaluator, c call) (Value, error) {
	field, err := word(c, 0, "proposed", "from", "to", "separates", "adequate", "thin")
	if err != nil || !ev.p.Validation.Ran {
		return Value{}, err
	}
	cal := ev.p.Validation.Calibration
	switch field {
	case "separates":
		return yesNo(cal.Checked && cal.Separates), nil
	case "adequate":
		return intValue(len(cal.Adequate)), nil
	case "thin":
		return intValue(len(cal.Thin)), nil
	}
	if !cal.Checked || !cal.Separates {
		return Value{}, nil
	}
	if field == "to" {
		return intValue(cal.To), nil
	}
	return intValue(cal.From), nil
}

// evalDisagreements counts the disagreement register's entries of valid
// judges: all, or those with no recorded cause.
func evalDisagreements(ev *evaluator, c call) (Value, error) {
	field, err := word(c, 0, "all", "open")
	if err != nil || !ev.p.Validation.Ran {
		return Value{}, err
	}
	n := 0
	for _, d := range ev.p.Validation.Disagreements {
		if d.Valid && (field == "all" || d.Cause == "") {
			n++
		}
	}
	return intValue(n), nil
}

// evalRegistration says whether the evaluation was registered, when,
// whether it matches its registration (never by one made after the run)
// and whether the registration was made after the run.
func evalRegistration(ev *evaluator, c call) (Value, error) {
	field, err := word(c, 0, "made", "at", "matches", "late")
	if err != nil {
		return Value{}, err
	}
	r := ev.p.Registration
	switch {
	case field == "made":
		return yesNo(r.Present), nil
	case !r.Present:
		return Value{}, nil
	case field == "at":
		return textValue(dateOf(r.At)), nil
	case field == "late":
		return yesNo(len(r.Late) > 0), nil
	}
	return yesNo(r.Matches), nil
}
