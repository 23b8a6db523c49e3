package judged

import (
	"fmt"
	"slices"
	"strings"

	"github.com/evalpress/evalpress/internal/diag"
	"github.com/evalpress/evalpress/reports/criteria"
	"github.com/evalpress/evalpress/reports/inputs"
	"github.com/evalpress/evalpress/reports/stats"
)

// Verdicts of a judged criterion on one cell, for one judge or labeller.
const (
	Pass      = "pass"
	Fail      = "FAIL"
	Unscored  = "unscored"  // no threshold to apply yet; Reason says why
	Ambiguous = "ambiguous" // the judge or labeller named it on the AMBIGUOUS line
	Missing   = "missing"   // the judge did not grade the section
)

// Thresholds are the pass lines applied to the judges' counts.
type Thresholds struct {
	// C1MinPresent is N: C1 fails when fewer bullets are present. 0 means
	// N is not yet calibrated, and C1 is unscored.
	C1MinPresent int
	// C2MaxUndeveloped fails C2 when the undeveloped share of the groups,
	// taken to four decimals, is above it (0.3333 passes 1 of 3, as "more
	// than a third" means).
	C2MaxUndeveloped float64
	// SectionTypes give each section its type, and C1Types and C2Types a
	// type's own pass lines, which its sections are judged by.
	SectionTypes criteria.SectionTypes
	C1Types      map[string]criteria.C1Registered
	C2Types      map[string]criteria.C2Registered
}

// ThresholdsOf returns the judged criteria's pass lines in s.
func ThresholdsOf(s criteria.Settings) Thresholds {
	c1, c2 := s.C1(), s.C2()
	return Thresholds{C1MinPresent: c1.MinPresent, C2MaxUndeveloped: c2.MaxUndeveloped,
		SectionTypes: c1.SectionTypes, C1Types: c1.Types, C2Types: c2.Types}
}

// Settings returns the criteria's settings with th as C1's and C2's pass
// lines, the others' defaults.
func (th Thresholds) Settings() criteria.Settings {
	s, _ := criteria.Settings{}.With(criteria.Default().Lookup(criteria.C1), criteria.C1Settings{MinPresent: th.C1MinPresent, SectionTypes: th.SectionTypes, Types: th.C1Types})
	s, _ = s.With(criteria.Default().Lookup(criteria.C2), criteria.C2Settings{MaxUndeveloped: th.C2MaxUndeveloped, SectionTypes: th.SectionTypes, Types: th.C2Types})
	return s
}

// For returns the pass lines section is judged by: its type's, where its
// type has its own, else th's.
func (th Thresholds) For(section string) Thresholds {
	s := th.Settings()
	return Thresholds{C1MinPresent: s.C1().MinPresentOf(section), C2MaxUndeveloped: s.C2().MaxUndevelopedOf(section)}
}

// Outcome is one criterion's verdict on one cell by one judge or labeller.
type Outcome struct {
	Criterion string
	Verdict   string
	Reason    string // why it is unscored, ambiguous or missing
	Count     *Count // C1 and C2: the raw count, shown whatever the verdict
}

// Label returns the verdict as tables print it: "pass", "FAIL", or the
// reason of an outcome without a verdict.
func (o Outcome) Label() string {
	if o.Reason != "" && o.Verdict != Pass && o.Verdict != Fail {
		return o.Reason
	}
	return o.Verdict
}

// Grade is one judge's or labeller's outcomes on one cell, in the order of
// Criteria.
type Grade struct {
	By       string // the judge's or labeller's id
	Labeller bool
	Sample   string // a label's sample (Pilot, Validation)
	Missing  bool   // a judge that did not grade a judged section
	Outcomes []Outcome
	// Additions is a judge's C4 as a human classified the candidates it
	// found; Groups its STEP 2 groups and moves, when the reply lays them
	// out. Both empty for a labeller.
	Additions *Additions
	Groups    []Group
}

// Outcome returns the grade's outcome on criterion id.
func (g Grade) Outcome(id string) (Outcome, bool) {
	for _, o := range g.Outcomes {
		if o.Criterion == id {
			return o, true
		}
	}
	return Outcome{}, false
}

// Cell is one writer's section with every grade it has: the judges', in the
// order of judges.toml, then the labellers', by id.
type Cell struct {
	Script, Section string
	Judged          bool // the section is one the tier covers
	Grades          []Grade
}

// Rate counts one judge's verdicts on one criterion over one writer's
// judged sections. A pass rate is Pass of Pass+Fail; ambiguous, unscored
// and missing calls are counted, never folded in.
type Rate struct {
	Judge, Script, Criterion                 string
	Pass, Fail, Ambiguous, Unscored, Missing int
	// FailLow and FailHigh bound the share of the scored calls that are
	// FAIL: a 95% Wilson interval.
	FailLow, FailHigh float64
}

// Scored returns the calls with a verdict.
func (r Rate) Scored() int { return r.Pass + r.Fail }

// Results is the judged tier's results under some thresholds.
type Results struct {
	Thresholds Thresholds
	// Sections are the judged sections, in report order.
	Sections []string
	// Cells has one entry per cell that has a grade or is judged, in the
	// order of the cells Evaluate was given.
	Cells []Cell
	// Rates are per judge (in the tier's order: OrderJudges), writer and
	// criterion.
	Rates []Rate
	// TypeRates are per judge, section type and criterion, over every
	// writer, when the sections have types (Thresholds.SectionTypes);
	// Script holds the type there. The rubric claims only the type it was
	// calibrated on: the tier reports each type apart.
	TypeRates []Rate
	// Diagnostics are warnings: a judged section a judge did not grade, a
	// reply on a section the tier does not cover.
	Diagnostics diag.List
}

// Evaluate applies th to every reply and label of t. cells are the writers'
// sections in report order; sections are the sections the tier covers,
// or, when empty, every section some judge graded.
func Evaluate(t *Tier, th Thresholds, sections []string, cells []inputs.Section) *Results {
	r := &Results{Thresholds: th}
	covered := map[string]bool{}
	if len(sections) == 0 {
		for _, rs := range t.Replies {
			for _, rep := range rs.Replies {
				covered[rep.Section] = true
			}
		}
	} else {
		for _, s := range sections {
			covered[s] = true
		}
	}
	for _, c := range cells {
		if covered[c.Name] && !slices.Contains(r.Sections, c.Name) {
			r.Sections = append(r.Sections, c.Name)
		}
	}
	rates, typeRates := map[[3]string]*Rate{}, map[[3]string]*Rate{}
	rate := func(judge, script, criterion string) *Rate {
		k := [3]string{judge, script, criterion}
		if rates[k] == nil {
			rates[k] = &Rate{Judge: judge, Script: script, Criterion: criterion}
		}
		return rates[k]
	}
	missing := make([][]string, len(t.Judges))
	for _, c := range cells {
		cell := Cell{Script: c.Script, Section: c.Name, Judged: covered[c.Name]}
		for ji, j := range t.Judges {
			reply := t.Reply(j.ID, c.Script, c.Name)
			switch {
			case reply == nil && !cell.Judged:
				continue
			case reply == nil:
				missing[ji] = append(missing[ji], t.writerName(c)+" / "+c.Name)
				g := Grade{By: j.ID, Missing: true}
				for _, id := range Criteria {
					g.Outcomes = append(g.Outcomes, Outcome{Criterion: id, Verdict: Missing, Reason: "not graded"})
					rate(j.ID, c.Script, id).Missing++
				}
				cell.Grades = append(cell.Grades, g)
				continue
			}
			jm, adds := t.judgment(j.ID, reply)
			g := Grade{By: j.ID, Outcomes: th.For(c.Name).applyJudgment(jm, reply.Verdicts), Additions: &adds, Groups: reply.Groups}
			if !cell.Judged {
				r.Diagnostics.Add(diag.Warnf(t.Replies[ji].File, reply.Line,
					"section %q is not one [judged] sections covers; this reply is shown on its cell but counted in no rate", c.Name))
			} else {
				for _, o := range g.Outcomes {
					if len(th.SectionTypes) > 0 {
						k := [3]string{j.ID, th.SectionTypes.Of(c.Name), o.Criterion}
						if typeRates[k] == nil {
							typeRates[k] = &Rate{Judge: k[0], Script: k[1], Criterion: k[2]}
						}
						count(typeRates[k], o.Verdict)
					}
					count(rate(j.ID, c.Script, o.Criterion), o.Verdict)
				}
			}
			cell.Grades = append(cell.Grades, g)
		}
		for _, lab := range t.Labellers {
			if l := lab.Label(c.Script, c.Name); l != nil {
				cell.Grades = append(cell.Grades, Grade{By: lab.ID, Labeller: true, Sample: l.Sample, Outcomes: th.For(c.Name).Apply(l.Verdicts)})
			}
		}
		if cell.Judged || len(cell.Grades) > 0 {
			r.Cells = append(r.Cells, cell)
		}
	}
	for ji, j := range t.Judges {
		if len(missing[ji]) > 0 {
			r.Diagnostics.Add(diag.Warnf(t.judgesFile, j.Line, "this judge did not grade %d judged section(s): %s; they are shown as missing",
				len(missing[ji]), strings.Join(missing[ji], ", ")))
		}
	}
	var scripts []string
	for _, c := range cells {
		if !slices.Contains(scripts, c.Script) {
			scripts = append(scripts, c.Script)
		}
	}
	for _, j := range t.Judges {
		for _, s := range scripts {
			for _, id := range Criteria {
				if p := rates[[3]string{j.ID, s, id}]; p != nil {
					p.FailLow, p.FailHigh = stats.Wilson(p.Fail, p.Scored())
					r.Rates = append(r.Rates, *p)
				}
			}
		}
		for _, ty := range typeNames(th.SectionTypes, r.Sections) {
			for _, id := range Criteria {
				if p := typeRates[[3]string{j.ID, ty, id}]; p != nil {
					r.TypeRates = append(r.TypeRates, *p)
				}
			}
		}
	}
	return r
}

// Apply turns a verdict block into outcomes, in the order of Criteria: the
// judged criteria of the criteria seam (reports/criteria) decide them.
func (th Thresholds) Apply(v Verdicts) []Outcome { return th.applyJudgment(v.Judgment(""), v) }

// judgment returns judge's reply r as the criteria judge it: C4 as a human
// classified the candidates the judge found (AdditionsOf).
func (t *Tier) judgment(judge string, r *Reply) (criteria.Judgment, Additions) {
	jm := r.Verdicts.Judgment(judge)
	a := t.AdditionsOf(judge, r)
	jm.Additions = a.Pass
	if a.Unscored != "" {
		jm.Unscored = map[criteria.ID]string{criteria.C4: a.Unscored}
	}
	return jm, a
}

// applyJudgment turns a judgment of verdict block v into outcomes, in the
// order of Criteria, with C1's and C2's raw counts.
func (th Thresholds) applyJudgment(jm criteria.Judgment, v Verdicts) []Outcome {
	var out []Outcome
	for _, o := range criteria.JudgeJudgment(th.Settings(), jm) {
		jo := Outcome{Criterion: string(o.Criterion), Verdict: string(o.Verdict), Reason: o.Reason}
		if v.Unlabelled[jo.Criterion] {
			out = append(out, Outcome{Criterion: jo.Criterion, Verdict: Missing, Reason: "not labelled"})
			continue
		}
		switch o.Criterion {
		case criteria.C1:
			c := v.Coverage
			jo.Count = &c
		case criteria.C2:
			c := v.Development
			jo.Count = &c
		}
		out = append(out, jo)
	}
	return out
}

// Judgment returns the verdict block as the criteria seam judges it.
func (v Verdicts) Judgment(judge string) criteria.Judgment {
	j := criteria.Judgment{Judge: judge, Present: v.Coverage.N, Assigned: v.Coverage.Of,
		Undeveloped: v.Development.N, Groups: v.Development.Of, Additions: v.Additions, OnBrief: v.OnBrief}
	for _, id := range v.AmbiguousList() {
		j.Ambiguous = append(j.Ambiguous, criteria.ID(id))
	}
	return j
}

// Rate returns the rate of judge on script's criterion; zero when there is
// none.
func (r *Results) Rate(judge, script, criterion string) Rate {
	for _, p := range r.Rates {
		if p.Judge == judge && p.Script == script && p.Criterion == criterion {
			return p
		}
	}
	return Rate{Judge: judge, Script: script, Criterion: criterion}
}

// Cell returns the results of a writer's section, or nil.
func (r *Results) Cell(script, section string) *Cell {
	for i := range r.Cells {
		if r.Cells[i].Script == script && r.Cells[i].Section == section {
			return &r.Cells[i]
		}
	}
	return nil
}

// Judgments returns the judges' verdict blocks on a writer's section, in
// the order of judges.toml, for the criteria seam: none for a section the
// tier does not cover, none from a judge that did not grade it, and none
// from a judge valid reports false of (its verdicts are no result).
func (r *Results) Judgments(t *Tier, script, section string, valid func(judge string) bool) []criteria.Judgment {
	if !slices.Contains(r.Sections, section) {
		return nil
	}
	var out []criteria.Judgment
	for _, j := range t.Judges {
		if !valid(j.ID) {
			continue
		}
		if reply := t.Reply(j.ID, script, section); reply != nil {
			jm, _ := t.judgment(j.ID, reply)
			out = append(out, jm)
		}
	}
	return out
}

// writerName names the writer of section c in a message: by its alias, or
// before aliases are known by the line of its script heading.
func (t *Tier) writerName(c inputs.Section) string {
	if a, ok := t.alias[c.Script]; ok {
		return a
	}
	return fmt.Sprintf("the script of line %d", c.ScriptLine)
}

// count adds a verdict to r.
func count(r *Rate, verdict string) {
	switch verdict {
	case Pass:
		r.Pass++
	case Fail:
		r.Fail++
	case Ambiguous:
		r.Ambiguous++
	case Unscored:
		r.Unscored++
	}
}

// typeNames returns the types of sections, in their order, each once.
func typeNames(types criteria.SectionTypes, sections []string) []string {
	var out []string
	for _, s := range sections {
		if t := types.Of(s); !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}
