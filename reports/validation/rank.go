package validation

import (
	"strings"

	"github.com/evalpress/evalpress/reports/agreement"
	"github.com/evalpress/evalpress/reports/judged"
)

// Ranking is the writers' order under one valid judge, criterion by
// criterion: never pooled over criteria into one composite order.
type Ranking struct {
	Judge string
	Role  string
	// PerCriterion holds one order per judged criterion, in report order.
	PerCriterion []agreement.Ranking
	// Compared is true when a valid primary judge's orders are compared
	// with these (never for the primary itself); FlipsPerCriterion and
	// SamePerCriterion then hold, per criterion, the pairs of writers the
	// two order oppositely and whether every writer has the primary's rank.
	Compared          bool
	FlipsPerCriterion [][]agreement.Flip
	SamePerCriterion  []bool
}

// Flipped reports whether the order flips against the primary judge's on
// any criterion.
func (r Ranking) Flipped() bool {
	for _, f := range r.FlipsPerCriterion {
		if len(f) > 0 {
			return true
		}
	}
	return false
}

// primaryJudge returns the index of the first primary judge in in, or -1.
func primaryJudge(in Input) int {
	for k := range in.Judges {
		if in.Judges[k].Role == judged.Primary {
			return k
		}
	}
	return -1
}

// rank orders the writers under each valid judge, criterion by criterion,
// on its reported verdicts (C4 as a human classified its candidates, as the
// pass rates count it),
// and measures family judges' self-preference against a valid primary
// judge. An invalid judge is ranked nowhere and measures nothing: its
// self-preference entry says why.
func (r *Report) rank(in Input) {
	p := primaryJudge(in)
	validPrimary := p >= 0 && r.Judges[p].Valid()
	var base Ranking
	for k, jd := range in.Judges {
		if !r.Judges[k].Valid() {
			continue
		}
		rk := Ranking{Judge: jd.ID, Role: jd.Role}
		for _, c := range in.Criteria {
			rk.PerCriterion = append(rk.PerCriterion, agreement.Rank(jd.Reported, in.Writers, []string{c}))
		}
		if k == p {
			base = rk
		}
		r.Rankings = append(r.Rankings, rk)
	}
	if validPrimary {
		for k := range r.Rankings {
			rk := &r.Rankings[k]
			if rk.Judge == base.Judge {
				continue
			}
			rk.Compared = true
			for i := range in.Criteria {
				rk.FlipsPerCriterion = append(rk.FlipsPerCriterion, agreement.Flips(base.PerCriterion[i], rk.PerCriterion[i]))
				rk.SamePerCriterion = append(rk.SamePerCriterion, agreement.Same(base.PerCriterion[i], rk.PerCriterion[i]))
			}
		}
	}
	for k, jd := range in.Judges {
		if jd.Role != judged.Family {
			continue
		}
		var why string
		switch {
		case !r.Judges[k].Valid():
			why = "its verdicts are no result: " + strings.Join(r.Judges[k].Status.ReasonTexts(), "; ")
		case p < 0:
			why = "no primary judge to compare with"
		case !validPrimary:
			why = "the primary judge's verdicts are no result, so there is nothing to compare with"
		}
		if why != "" {
			r.SelfPreference = append(r.SelfPreference, agreement.SelfPreference{Judge: jd.ID, Writer: jd.FamilyOf, NotMeasured: why})
			continue
		}
		r.SelfPreference = append(r.SelfPreference,
			agreement.SelfPreferenceOf(jd.ID, jd.Reported, in.Judges[p].Reported, jd.FamilyOf, in.Criteria))
	}
}
