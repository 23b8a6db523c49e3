package findings

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/evalpress/evalpress/config"
	"github.com/evalpress/evalpress/internal/diag"
	"github.com/evalpress/evalpress/reports/criteria"
	"github.com/evalpress/evalpress/reports/inputs"
	"github.com/evalpress/evalpress/reports/judged"
)

// Hypothesis verdicts.
const (
	Supported    = "supported"
	Refuted      = "refuted"
	Inconclusive = "inconclusive"
)

// HypothesisResult is a pre-registered hypothesis judged against the data.
type HypothesisResult struct {
	config.Hypothesis
	Verdict string
	// Reason says, with the numbers, why the verdict is what it is.
	Reason string
	// Digest is the SHA-256 of the hypothesis as registered.
	Digest string
	// Drift lists the thresholds in force that differ from those at
	// registration ("max_run 12 -> 20"); empty when they match.
	Drift []string
	// RegisteredVerdict and RegisteredReason judge the hypothesis at its
	// registered thresholds; set only when those differ from the build's.
	RegisteredVerdict, RegisteredReason string
}

// Registration returns the thresholds a hypothesis was registered at: its
// own, else the config's [c5.registered], else the rubric's defaults.
func Registration(cfg *config.Config, h config.Hypothesis) config.C5 {
	switch {
	case h.Thresholds != nil:
		return *h.Thresholds
	case cfg.C5.Registered != nil:
		return *cfg.C5.Registered
	}
	return config.DefaultC5
}

// EvaluateHypotheses judges every hypothesis of cfg against f. A prediction
// naming a writer alias that does not exist is an error with the config line.
func EvaluateHypotheses(cfg *config.Config, f *Findings) ([]HypothesisResult, error) {
	var out []HypothesisResult
	for _, h := range cfg.Hypotheses {
		r := HypothesisResult{Hypothesis: h, Digest: h.Digest()}
		p := h.Prediction
		if p.Model != "" && f.writerByAlias(p.Model) == nil {
			var aliases []string
			for _, w := range f.Writers {
				aliases = append(aliases, strconv.Quote(w.Alias))
			}
			return nil, diag.Errorf(cfg.File, h.Line, "hypothesis %q predicts about %q, which is not a writer's alias (writers: %s)",
				h.ID, p.Model, strings.Join(aliases, ", "))
		}
		if slices.Contains(config.JudgedCriteria, p.Criterion) {
			if err := judgedPrediction(cfg, h, f, &r); err != nil {
				return nil, err
			}
			out = append(out, r)
			continue
		}
		// A measured criterion: C5, or the gate it names (G1).
		k := p.Key()
		what := "FAIL counts"
		if k.Criterion != criteria.C5 {
			what = string(k.Criterion) + " FAIL counts"
		}
		r.Verdict, r.Reason = judge(p, tallies(f, k), what)
		// The same prediction at the registered thresholds of its criterion.
		s := f.Criteria
		if k.Criterion == criteria.G1 {
			if reg := cfg.G1.Registered; reg != nil && reg.Tolerance != s.G1.Tolerance {
				r.Drift = []string{fmt.Sprintf("g1.tolerance %s -> %s", config.SharePercent(reg.Tolerance), config.SharePercent(s.G1.Tolerance))}
				s.G1.Tolerance = reg.Tolerance
			}
		} else {
			now := f.Criteria.C5
			r.Drift = drift(Registration(cfg, h), config.C5{MaxRun: now.MaxRun, MaxOverlap: now.MaxOverlap, NGram: now.NGram})
			s.C5 = Registration(cfg, h).Thresholds()
		}
		if len(r.Drift) > 0 && (s.C5.NGram == f.Criteria.C5.NGram || f.measureAt != nil) {
			then, err := f.at(s)
			if err != nil {
				return nil, err
			}
			r.RegisteredVerdict, r.RegisteredReason = judge(p, tallies(then, k), what)
		}
		out = append(out, r)
	}
	return out, nil
}

// at returns f's verdicts and counts under other settings: the cells
// judged anew (measured anew when the n-gram size differs), the outcomes
// counted again. The texts and runs are not carried over.
func (f *Findings) at(s criteria.Settings) (*Findings, error) {
	cells := f.Cells
	if s.C5.NGram != f.Criteria.C5.NGram {
		m, err := f.measureAt(s.C5.NGram)
		if err != nil {
			return nil, err
		}
		cells = make([]Cell, len(m.Cells))
		for i, mc := range m.Cells {
			cells[i] = Cell{Cell: mc}
		}
	}
	g := &Findings{Criteria: s, Writers: slices.Clone(f.Writers), Cells: make([]Cell, len(cells))}
	index := map[string]int{}
	for i := range g.Writers {
		g.Writers[i].Tallies = nil
		index[g.Writers[i].Script] = i
	}
	for i, c := range cells {
		g.Cells[i] = Cell{Cell: c.Cell, Outcomes: criteria.Judge(&s, Measurements(&c.Cell))}
		g.Writers[index[c.Script]].Tallies.AddAll(g.Cells[i].Outcomes)
		g.Tallies.AddAll(g.Cells[i].Outcomes)
	}
	return g, nil
}

func (f *Findings) writerByAlias(alias string) *Writer {
	for i := range f.Writers {
		if f.Writers[i].Alias == alias {
			return &f.Writers[i]
		}
	}
	return nil
}

// judgedPrediction judges a hypothesis on a judged criterion, by one
// judge's FAIL counts per writer: its scored calls (pass or FAIL) on the
// judged sections, ambiguous, unscored and missing calls left out.
func judgedPrediction(cfg *config.Config, h config.Hypothesis, f *Findings, r *HypothesisResult) error {
	p := h.Prediction
	if f.Judged == nil {
		r.Verdict, r.Reason = Inconclusive, "the judged tier has not been run"
		return nil
	}
	if f.Judged.Judge(p.Judge) == nil {
		var ids []string
		for _, j := range f.Judged.Judges {
			ids = append(ids, strconv.Quote(j.ID))
		}
		return diag.Errorf(cfg.File, h.Line, "hypothesis %q names judge %q, which judges.toml does not describe (judges: %s)",
			h.ID, p.Judge, strings.Join(ids, ", "))
	}
	what := fmt.Sprintf("%s FAIL counts by judge %s", p.Criterion, p.Judge)
	r.Verdict, r.Reason = judge(p, f.judgedWriters(f.JudgedResults, p), what)
	registered := cfg.JudgedRegistered()
	r.Drift = cfg.Judged.JudgedThresholds.Drift(registered)
	if len(r.Drift) > 0 {
		// Judged again at the registered thresholds: the replies are
		// already read, so this costs no input.
		var sections []inputs.Section
		for _, c := range f.Cells {
			sections = append(sections, c.Section)
		}
		th := judged.Thresholds{C1MinPresent: registered.C1MinPresent, C2MaxUndeveloped: registered.C2MaxUndeveloped}
		then := judged.Evaluate(f.Judged, th, cfg.Judged.Sections, sections)
		r.RegisteredVerdict, r.RegisteredReason = judge(p, f.judgedWriters(then, p), what)
	}
	return nil
}

// judgedWriters returns the writers with the FAIL counts of p's judge on
// p's criterion in res: scored calls only.
func (f *Findings) judgedWriters(res *judged.Results, p config.Prediction) []tally {
	writers := make([]tally, len(f.Writers))
	for i, w := range f.Writers {
		rate := res.Rate(p.Judge, w.Script, p.Criterion)
		writers[i] = tally{Alias: w.Alias, Fails: rate.Fail, Sections: rate.Scored()}
	}
	return writers
}

// tally is what a hypothesis counts of one writer: the FAILs and the scored
// sections of the criterion it names.
type tally struct {
	Alias           string
	Fails, Sections int
}

// tallies returns every writer's counts of the outcomes with key k.
func tallies(f *Findings, k criteria.Key) []tally {
	out := make([]tally, len(f.Writers))
	for i, w := range f.Writers {
		t := w.Tallies.Of(k)
		out[i] = tally{Alias: w.Alias, Fails: t.Fail, Sections: t.Scored()}
	}
	return out
}

func counts(writers []tally, what string) string {
	var parts []string
	for _, w := range writers {
		parts = append(parts, fmt.Sprintf("%s %d of %d", w.Alias, w.Fails, w.Sections))
	}
	return what + ": " + strings.Join(parts, ", ")
}

// judge decides prediction p over the writers' FAIL counts; what names the
// counts in the reason.
func judge(p config.Prediction, writers []tally, what string) (verdict, reason string) {
	byAlias := func(alias string) *tally {
		for i := range writers {
			if writers[i].Alias == alias {
				return &writers[i]
			}
		}
		return nil
	}
	switch p.Kind {
	case config.FewestFails, config.MostFails:
		target := byAlias(p.Model)
		if target.Sections == 0 {
			return Inconclusive, fmt.Sprintf("%s has no measured section. %s", p.Model, counts(writers, what))
		}
		others := 0
		for _, w := range writers {
			if w.Alias == p.Model || w.Sections == 0 {
				continue
			}
			others++
			if w.Sections != target.Sections {
				return Inconclusive, fmt.Sprintf("writers were measured on different numbers of sections, so FAIL counts do not compare. %s", counts(writers, what))
			}
		}
		if others == 0 {
			return Inconclusive, fmt.Sprintf("no other writer to compare with. %s", counts(writers, what))
		}
		strictly := true
		for _, w := range writers {
			if w.Alias == p.Model || w.Sections == 0 {
				continue
			}
			if p.Kind == config.FewestFails && w.Fails <= target.Fails || p.Kind == config.MostFails && w.Fails >= target.Fails {
				strictly = false
			}
		}
		word := "fewest"
		if p.Kind == config.MostFails {
			word = "most"
		}
		if strictly {
			return Supported, fmt.Sprintf("%s has strictly the %s FAILs. %s", p.Model, word, counts(writers, what))
		}
		return Refuted, fmt.Sprintf("%s does not have strictly the %s FAILs. %s", p.Model, word, counts(writers, what))
	case config.FailsAtMost, config.FailsAtLeast:
		fails, measured, who := 0, 0, "all writers"
		if p.Model != "" {
			w := byAlias(p.Model)
			fails, measured, who = w.Fails, w.Sections, p.Model
		} else {
			for _, w := range writers {
				fails, measured = fails+w.Fails, measured+w.Sections
			}
		}
		if measured == 0 {
			return Inconclusive, fmt.Sprintf("%s: no measured section", who)
		}
		bound := *p.Fails
		ok := fails <= bound
		rel := "at most"
		if p.Kind == config.FailsAtLeast {
			ok, rel = fails >= bound, "at least"
		}
		msg := fmt.Sprintf("predicted %s %d FAIL for %s; observed %d of %d", rel, bound, who, fails, measured)
		if ok {
			return Supported, msg
		}
		return Refuted, msg
	}
	return Inconclusive, "unknown prediction kind " + p.Kind
}

func drift(registered, now config.C5) []string {
	var out []string
	for _, c := range config.Changes(registered, now) {
		out = append(out, fmt.Sprintf("%s %s -> %s", c.Name, c.Registered, c.Now))
	}
	return out
}
