package findings

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/evalpress/evalpress/internal/diag"
	"github.com/evalpress/evalpress/reports/criteria"
	"github.com/evalpress/evalpress/reports/hypotheses"
	"github.com/evalpress/evalpress/reports/stats"
)

// Hypothesis verdicts.
const (
	Supported    = "supported"
	Refuted      = "refuted"
	Inconclusive = "inconclusive"
	// NotDecidable is a judged hypothesis whose judge's verdicts are no
	// result (the protocol's conditions of reporting fail): nothing it
	// returned may decide it.
	NotDecidable = "not decidable"
)

// HypothesisResult is a pre-registered hypothesis judged against the data.
type HypothesisResult struct {
	hypotheses.Hypothesis
	Verdict string
	// Reason says, with the numbers, why the verdict is what it is.
	Reason string
	// Digest is the SHA-256 of the hypothesis as registered.
	Digest string
	// Drifts are the thresholds of its criterion in force that differ from
	// those at registration; Drift states them ("max_run 12 -> 20").
	Drifts []criteria.Drift
	Drift  []string
	// RegisteredVerdict and RegisteredReason judge the hypothesis at its
	// registered thresholds; set only when those differ from the build's.
	RegisteredVerdict, RegisteredReason string
	// Chance is how often chance alone gives the writer it names a FAIL
	// gap as large (Findings.chance); nil when it names none, or there is
	// nothing to compare.
	Chance *stats.FailGap
}

// EvaluateHypotheses judges every hypothesis of s against f, by the FAIL
// counts of the criterion (and judge) it names, at the build's settings
// and, when those differ, at its registered ones. A prediction naming a
// writer alias or a judge that does not exist is an error with the config
// line.
func EvaluateHypotheses(s Settings, f *Findings) ([]HypothesisResult, error) {
	var out []HypothesisResult
	for _, h := range s.Hypotheses {
		r := HypothesisResult{Hypothesis: h, Digest: h.Digest()}
		p, crit, k := h.Prediction, h.Criterion(), h.Key()
		if p.Model != "" && f.writerByAlias(p.Model) == nil {
			var aliases []string
			for _, w := range f.Writers {
				aliases = append(aliases, strconv.Quote(w.Alias))
			}
			return nil, diag.Errorf(s.ConfigFile, h.Line, "hypothesis %q predicts about a writer by a name that is no alias (writers: %s)",
				h.ID, strings.Join(aliases, ", "))
		}
		for _, a := range p.Order {
			if f.writerByAlias(a) == nil {
				return nil, diag.Errorf(s.ConfigFile, h.Line, "hypothesis %q orders a writer by a name that is no alias", h.ID)
			}
		}
		if crit == nil {
			return nil, diag.Errorf(s.ConfigFile, h.Line, "hypothesis %q predicts on %q, which is no criterion", h.ID, p.Criterion)
		}
		if crit.Judged {
			if f.Judged == nil {
				r.Verdict, r.Reason = Inconclusive, "the judged tier has not been run"
				out = append(out, r)
				continue
			}
			jd := f.Judged.JudgeByPublicID(p.Judge, f.aliases())
			if jd == nil {
				return nil, diag.Errorf(s.ConfigFile, h.Line, "hypothesis %q names a judge by a name that is no judge's published id (judges: %s)",
					h.ID, strings.Join(f.publicJudgeIDs(), ", ")).
					WithHint("a judge is named as pages and documents name it: primary, family-of-model-1")
			}
			k.Judge = jd.ID // the outcomes are the author's judge's
			if j := f.Validation.Judge(jd.ID); j != nil && !j.Valid() {
				// Its verdicts are in no cell's outcomes: counting them
				// would find nothing, and nothing is what they decide.
				r.Verdict = NotDecidable
				r.Reason = fmt.Sprintf("%s's verdicts are no result (%s), so they decide nothing",
					f.judgeName(jd.ID), strings.Join(j.Status.ReasonTexts(), "; "))
				out = append(out, r)
				continue
			}
		}
		what := countsWords(crit, k, f.judgeName(k.Judge))
		if len(f.units()) > 1 && p.Runs == "" {
			return nil, diag.Errorf(s.ConfigFile, h.Line, "hypothesis %q registers no rule over runs, and the inputs hold %d runs", h.ID, len(f.units())).
				WithHint("add runs = %q or %q to its [hypothesis.prediction]; see docs/configuration.md", hypotheses.RunsPooled, hypotheses.RunsMajority)
		}
		r.Verdict, r.Reason = decide(f, p, k, what)
		if p.Model != "" {
			r.Chance = f.chance(p.Model, k)
		}
		if !h.Declared {
			// Nothing registered: no verdict at registered thresholds.
			out = append(out, r)
			continue
		}
		// The same prediction at its registered settings.
		r.Drifts = criteria.DriftOf(crit, h.At, f.Criteria)
		for _, d := range r.Drifts {
			r.Drift = append(r.Drift, fmt.Sprintf("%s %s -> %s", d.Name, d.Registered.Text(), d.Now.Text()))
		}
		if len(r.Drift) > 0 && (h.At.NGram() == f.Criteria.NGram() || f.measureAt != nil) {
			then, err := f.at(h.At)
			if err != nil {
				return nil, err
			}
			r.RegisteredVerdict, r.RegisteredReason = decide(then, p, k, what)
		}
		out = append(out, r)
	}
	return out, nil
}

// countsWords names the FAIL counts a prediction on k counts: "FAIL
// counts" of the headline criterion, "G1 FAIL counts" of another, "C2 FAIL
// counts by Primary judge" of a judged one, the judge by the name pages
// call it (judge; its id is for data files only).
func countsWords(c *criteria.Criterion, k criteria.Key, judge string) string {
	switch {
	case c.Judged:
		return fmt.Sprintf("%s FAIL counts by %s", c.ID, judge)
	case c.Headline:
		return "FAIL counts"
	}
	return string(c.ID) + " FAIL counts"
}

// judgeName returns what pages call the judge with id
// (judged.Tier.JudgeNames): reasons are read by people.
func (f *Findings) judgeName(id string) string {
	if f.Judged == nil {
		return id
	}
	if n, ok := f.Judged.JudgeNames(f.aliases())[id]; ok {
		return n
	}
	return id
}

// aliases maps each writer's script heading to its alias.
func (f *Findings) aliases() map[string]string {
	alias := map[string]string{}
	for _, w := range f.Writers {
		alias[w.Script] = w.Alias
	}
	return alias
}

// publicJudgeIDs lists the judges' published ids, in their public order.
func (f *Findings) publicJudgeIDs() []string {
	ids := f.Judged.PublicIDs(f.aliases())
	var out []string
	for _, jd := range f.Judged.Judges {
		out = append(out, ids[jd.ID])
	}
	return out
}

// at returns f's verdicts and counts under other settings: the cells
// judged anew (measured anew when the n-gram size differs), the outcomes
// counted again. The texts and runs are not carried over.
func (f *Findings) at(s criteria.Settings) (*Findings, error) {
	cells := f.Cells
	if s.NGram() != f.Criteria.NGram() {
		m, err := f.measureAt(s.NGram())
		if err != nil {
			return nil, err
		}
		if len(m.Cells) != len(f.Cells) {
			return nil, fmt.Errorf("%w: %d cells measured again, %d before", ErrStaleMeasurement, len(m.Cells), len(f.Cells))
		}
		cells = make([]Cell, len(m.Cells))
		for i, mc := range m.Cells {
			cells[i] = Cell{Cell: mc, Judgments: f.Cells[i].Judgments}
		}
	}
	g := &Findings{Criteria: s, Writers: slices.Clone(f.Writers), Cells: make([]Cell, len(cells))}
	index := map[string]int{}
	for i := range g.Writers {
		g.Writers[i].Tallies = nil
		index[g.Writers[i].Script] = i
	}
	for i, c := range cells {
		g.Cells[i] = Cell{Cell: c.Cell, Judgments: c.Judgments}
		g.Cells[i].Outcomes = s.Judge(g.Cells[i].Measurements())
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

// decide decides p over f's outcomes with key k, by p's rule over runs
// when f holds several.
func decide(f *Findings, p hypotheses.Prediction, k criteria.Key, what string) (verdict, reason string) {
	units := f.units()
	all := func(Cell) bool { return true }
	if len(units) < 2 {
		if p.Kind == hypotheses.MedianOrder {
			return medianOrder(f, p, all)
		}
		return judge(p, tallies(f, k), what)
	}
	if p.Runs != hypotheses.RunsMajority {
		v, why := judge(p, tallies(f, k), what)
		if p.Kind == hypotheses.MedianOrder {
			v, why = medianOrder(f, p, all)
		}
		return v, fmt.Sprintf("over %d runs, pooled: %s", len(units), why)
	}
	count := map[string]int{}
	for _, u := range units {
		var v string
		if p.Kind == hypotheses.MedianOrder {
			v, _ = medianOrder(f, p, func(c Cell) bool { return c.Episode == u.Episode && c.Repeat == u.Repeat })
		} else {
			v, _ = judge(p, unitTallies(f, u, k), what)
		}
		count[v]++
	}
	verdict = Inconclusive
	for _, v := range []string{Supported, Refuted} {
		if 2*count[v] > len(units) {
			verdict = v
		}
	}
	return verdict, fmt.Sprintf("decided in each of %d runs: supported in %d, refuted in %d, inconclusive in %d; the verdict is the one more than half reach",
		len(units), count[Supported], count[Refuted], count[Inconclusive])
}

// medianOrder decides a median_order prediction over the cells in: the
// writers it orders must have strictly increasing medians of its measure
// over their sections with an example.
func medianOrder(f *Findings, p hypotheses.Prediction, in func(Cell) bool) (verdict, reason string) {
	values := map[string][]float64{}
	script := map[string]string{}
	for _, w := range f.Writers {
		script[w.Script] = w.Alias
	}
	for _, c := range f.Cells {
		if !c.HasExample || !in(c) {
			continue
		}
		v := float64(c.Run)
		if p.Measure == hypotheses.MeasureOverlap {
			v = c.Overlap
		}
		values[script[c.Script]] = append(values[script[c.Script]], v)
	}
	var parts []string
	medians := make([]float64, len(p.Order))
	for i, a := range p.Order {
		if len(values[a]) == 0 {
			return Inconclusive, fmt.Sprintf("%s has no section with an example", a)
		}
		medians[i] = stats.Summarize(values[a]).Median
		text := strconv.FormatFloat(medians[i], 'f', -1, 64)
		if p.Measure == hypotheses.MeasureOverlap {
			text = strconv.FormatFloat(medians[i]*100, 'f', 1, 64) + "%"
		}
		parts = append(parts, fmt.Sprintf("%s %s", a, text))
	}
	what := "median longest run"
	if p.Measure == hypotheses.MeasureOverlap {
		what = "median overlap"
	}
	got := what + ": " + strings.Join(parts, ", ")
	for i := 1; i < len(medians); i++ {
		if medians[i] <= medians[i-1] {
			return Refuted, "the medians are not in the predicted order, lowest first. " + got
		}
	}
	return Supported, "the medians are in the predicted order, lowest first. " + got
}

// unitTallies returns every writer's counts of the outcomes with key k in
// run u alone.
func unitTallies(f *Findings, u Unit, k criteria.Key) []tally {
	out := make([]tally, len(f.Writers))
	index := map[string]int{}
	for i, w := range f.Writers {
		out[i].Alias, index[w.Script] = w.Alias, i
	}
	for _, c := range f.Cells {
		if c.Episode != u.Episode || c.Repeat != u.Repeat {
			continue
		}
		if o, ok := criteria.Find(c.Outcomes, k); ok && o.Scored() {
			t := &out[index[c.Script]]
			t.Sections++
			if o.Fail() {
				t.Fails++
			}
		}
	}
	return out
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
func judge(p hypotheses.Prediction, writers []tally, what string) (verdict, reason string) {
	byAlias := func(alias string) *tally {
		for i := range writers {
			if writers[i].Alias == alias {
				return &writers[i]
			}
		}
		return nil
	}
	switch p.Kind {
	case hypotheses.FewestFails, hypotheses.MostFails:
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
			if p.Kind == hypotheses.FewestFails && w.Fails <= target.Fails || p.Kind == hypotheses.MostFails && w.Fails >= target.Fails {
				strictly = false
			}
		}
		word := "fewest"
		if p.Kind == hypotheses.MostFails {
			word = "most"
		}
		if strictly {
			return Supported, fmt.Sprintf("%s has strictly the %s FAILs. %s", p.Model, word, counts(writers, what))
		}
		return Refuted, fmt.Sprintf("%s does not have strictly the %s FAILs. %s", p.Model, word, counts(writers, what))
	case hypotheses.FailsAtMost, hypotheses.FailsAtLeast:
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
		if p.Kind == hypotheses.FailsAtLeast {
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
