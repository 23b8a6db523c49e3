// Package publictest helps tests that make public views' contents by hand:
// it gives hand-made cells the outcomes their numbers have.
package publictest

import (
	"github.com/evalpress/evalpress/redact/public"
	"github.com/evalpress/evalpress/reports/criteria"
)

// JudgeCell gives c the outcomes its numbers have under the C5 thresholds
// th, with the evaluation's own criteria (C5 the headline); its words count
// as written words too (G1 unscored: no targets).
func JudgeCell(c *public.Cell, th public.Thresholds) {
	s, _ := criteria.Settings{}.With(criteria.Default().Lookup(criteria.C5), criteria.C5Settings{
		C5Thresholds: criteria.C5Thresholds{MaxRun: th.MaxRun, MaxOverlap: th.MaxOverlap, NGram: th.NGram}})
	m := &criteria.Measurements{Section: c.Section, Numbers: []criteria.Named{{Name: criteria.MeasureWritten, Value: float64(c.Words)}}}
	if c.HasExample {
		m.Numbers = append(m.Numbers, criteria.Comparison(c.Run, c.Overlap, c.Shared, c.Distinct)...)
	}
	c.Outcomes = s.Judge(m)
	c.HeadlineID = criteria.C5
}

// Judge judges every cell of p under its thresholds and counts the outcomes
// per writer and overall, as the findings do, and states its thresholds
// criterion by criterion (Thresholds). It returns p.
func Judge(p *public.Public) *public.Public {
	p.Tallies = nil
	for i := range p.Writers {
		p.Writers[i].Tallies = nil
		p.Writers[i].HeadlineID = criteria.C5
	}
	for i := range p.Cells {
		c := &p.Cells[i]
		JudgeCell(c, p.Thresholds)
		p.Tallies.AddAll(c.Outcomes)
		for w := range p.Writers {
			if p.Writers[w].Alias == c.Writer {
				p.Writers[w].Tallies.AddAll(c.Outcomes)
			}
		}
	}
	return Thresholds(p)
}

// Thresholds fills p.CriteriaThresholds from the thresholds a hand-made
// view states criterion by criterion (Thresholds and Registered for C5,
// G1Tolerance and RegisteredG1Tolerance, the judged tier's), as the
// redaction states them from the criteria's settings. It returns p.
func Thresholds(p *public.Public) *public.Public {
	set := func(s criteria.Settings, id criteria.ID, v any) criteria.Settings {
		s, err := s.With(criteria.Default().Lookup(id), v)
		if err != nil {
			panic(err)
		}
		return s
	}
	th := func(t public.Thresholds) criteria.C5Thresholds {
		return criteria.C5Thresholds{MaxRun: t.MaxRun, MaxOverlap: t.MaxOverlap, NGram: t.NGram}
	}
	c5 := criteria.C5Settings{C5Thresholds: th(p.Thresholds)}
	if p.Registered != nil {
		r := th(*p.Registered)
		c5.Registered = &r
	}
	s := set(criteria.Settings{}, criteria.C5, c5)
	g1 := criteria.G1Settings{Tolerance: p.G1Tolerance}
	if p.RegisteredG1Tolerance != nil {
		g1.Registered = &criteria.G1Registered{Tolerance: *p.RegisteredG1Tolerance}
	}
	s = set(s, criteria.G1, g1)
	if j := p.Judged; j != nil {
		s = set(s, criteria.C1, criteria.C1Settings{MinPresent: j.C1MinPresent, Registered: &criteria.C1Registered{MinPresent: j.RegisteredC1MinPresent}})
		s = set(s, criteria.C2, criteria.C2Settings{MaxUndeveloped: j.C2MaxUndeveloped, Registered: &criteria.C2Registered{MaxUndeveloped: j.RegisteredC2MaxUndeveloped}})
	}
	p.CriteriaThresholds = nil
	for _, c := range criteria.Default().All() {
		ct := public.CriterionThresholds{Criterion: c.ID, Now: s.Thresholds(c)}
		if r, declared := s.Registered(c); declared {
			ct.Registered = r.Thresholds(c)
		}
		p.CriteriaThresholds = append(p.CriteriaThresholds, ct)
	}
	return p
}
