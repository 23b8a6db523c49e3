package redact

import (
	"github.com/evalpress/evalpress/redact/public"
	"github.com/evalpress/evalpress/reports/criteria"
)

// criteriaThresholds states every criterion's thresholds in s, and the
// registered ones where the config declares them.
func criteriaThresholds(s criteria.Settings) []public.CriterionThresholds {
	var out []public.CriterionThresholds
	for _, c := range s.Criteria().All() {
		ct := public.CriterionThresholds{Criterion: c.ID, Now: s.Thresholds(c)}
		if r, declared := s.Registered(c); declared {
			ct.Registered = r.Thresholds(c)
		}
		out = append(out, ct)
	}
	return out
}

// registered returns C5's registered thresholds, or nil.
func registered(s criteria.Settings) *public.Thresholds {
	r := s.C5().Registered
	if r == nil {
		return nil
	}
	return &public.Thresholds{MaxRun: r.MaxRun, MaxOverlap: r.MaxOverlap, NGram: r.NGram}
}

// registeredG1 returns the rubric's registered G1 tolerance, or nil.
func registeredG1(s criteria.Settings) *float64 {
	if r := s.G1().Registered; r != nil {
		t := r.Tolerance
		return &t
	}
	return nil
}
