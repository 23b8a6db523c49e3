package validation

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/evalpress/evalpress/internal/diag"
	"github.com/evalpress/evalpress/reports/agreement"
	"github.com/evalpress/evalpress/reports/judged"
)

// PilotSection is one pilot label's C1 count of a section its labeller
// judged adequate or thin as a whole.
type PilotSection struct {
	Item              agreement.Item
	Labeller          string
	Present, Assigned int
}

// Calibration is C1's N as the pilot calibrates it: the N that separates
// the sections judged adequate from those judged thin, if one does. When
// none does, the rubric says C1 is not discriminative and has to be
// reworked rather than tuned.
type Calibration struct {
	// Adequate and Thin are the pilot's sections of each group, sorted.
	Adequate, Thin []PilotSection
	// Unmarked counts the pilot labels that judge neither way.
	Unmarked int
	// Checked is true when both groups have sections: only then can an N
	// separate them.
	Checked bool
	// Separates is true when some N fails every thin section and passes
	// every adequate one: From to To are those N (From is proposed).
	Separates bool
	From, To  int
	// N is the configured N (0: not yet calibrated); NSeparates is true
	// when it is one of From to To.
	N          int
	NSeparates bool
}

// Proposed returns the N the pilot proposes (the least that separates
// the groups), and false when none does.
func (c Calibration) Proposed() (int, bool) { return c.From, c.Checked && c.Separates }

// Order is the protocol's order of dates, as the build checked it: pilot
// labels, then N registered, then validation labels, then judge runs.
type Order struct {
	LastPilot, FirstValidation, LastValidation, FirstJudge time.Time
	// NRegistered is when N was registered (the registration's date); zero
	// when no registration records it.
	NRegistered time.Time
	// Problems are the steps out of order, in words; empty when the order
	// holds as far as the dates go.
	Problems []string
}

// LoggedAmbiguity is one entry of the ambiguity log: an ambiguity a
// labeller recorded (Note), a criterion a label marked AMBIGUOUS with no
// note, or a criterion a judge answered AMBIGUOUS on (Judge set, Labeller
// and Sample "").
type LoggedAmbiguity struct {
	Item      agreement.Item
	Labeller  string
	Judge     string
	Sample    string
	Criterion string
	Note      string // "" when the label marked it AMBIGUOUS without a note
	Line      int
}

// calibrate finds C1's N from the pilot labels' ADEQUACY and C1 counts:
// over every pilot section, and with section types, per type over the
// pilot's sections of that type alone.
func (r *Report) calibrate(in Input) {
	var all []pilotCount
	for _, l := range in.Labellers {
		for _, lab := range l.Labels {
			if lab.Sample == judged.Pilot {
				all = append(all, pilotCount{PilotSection{Item: lab.Item, Labeller: l.ID, Present: lab.Present, Assigned: lab.Assigned}, lab.Adequacy})
			}
		}
	}
	r.Calibration = calibrateOn(all, in.C1MinPresent, in.Writers, func(format string, args ...any) {
		r.Warnings.Add(diag.Warnf(in.ConfigFile, 0, format, args...))
	})
	r.calibrateTypes(in, all)
}

// pilotCount is one pilot label's count and its labeller's judgement of
// the section as a whole.
type pilotCount struct {
	PilotSection
	adequacy string
}

// calibrateOn calibrates N n on the pilot labels given; warn says what
// is wrong with n.
func calibrateOn(labels []pilotCount, n int, writers []string, warn func(format string, args ...any)) Calibration {
	c := Calibration{N: n}
	for _, l := range labels {
		switch {
		case l.Assigned == 0: // C1 not labelled: no count to calibrate on
		case l.adequacy == judged.Adequate:
			c.Adequate = append(c.Adequate, l.PilotSection)
		case l.adequacy == judged.Thin:
			c.Thin = append(c.Thin, l.PilotSection)
		default:
			c.Unmarked++
		}
	}
	sortPilot(c.Adequate, writers)
	sortPilot(c.Thin, writers)
	c.Checked = len(c.Adequate) > 0 && len(c.Thin) > 0
	if !c.Checked {
		return c
	}
	maxThin, minAdequate := 0, -1
	for _, s := range c.Thin {
		maxThin = max(maxThin, s.Present)
	}
	for _, s := range c.Adequate {
		if minAdequate < 0 || s.Present < minAdequate {
			minAdequate = s.Present
		}
	}
	c.From, c.To = maxThin+1, minAdequate
	c.Separates = c.From <= c.To
	c.NSeparates = c.Separates && c.N >= c.From && c.N <= c.To
	switch {
	case !c.Separates:
		warn("no N separates the pilot's adequate sections from its thin ones (a thin one has %d bullets present, an adequate one %d): C1 is not discriminative and has to be reworked, not tuned",
			maxThin, minAdequate)
	case c.N > 0 && !c.NSeparates:
		warn("c1_min_present = %d does not separate the pilot's adequate sections from its thin ones; N from %d to %d does", c.N, c.From, c.To)
	}
	return c
}

// sortPilot sorts s in the published order of writers (agreement.Order),
// then by labeller.
func sortPilot(s []PilotSection, writers []string) {
	order := agreement.Order(writers)
	slices.SortFunc(s, func(a, b PilotSection) int {
		if c := order(a.Item, b.Item); c != 0 {
			return c
		}
		return cmp.Compare(a.Labeller, b.Labeller)
	})
}

// checkOrder checks the protocol's order of dates.
func (r *Report) checkOrder(in Input) {
	o := Order{NRegistered: in.NRegistered}
	for _, l := range in.Labellers {
		for _, lab := range l.Labels {
			switch lab.Sample {
			case judged.Pilot:
				if lab.LabelledAt.After(o.LastPilot) {
					o.LastPilot = lab.LabelledAt
				}
			case judged.Validation:
				if o.FirstValidation.IsZero() || lab.LabelledAt.Before(o.FirstValidation) {
					o.FirstValidation = lab.LabelledAt
				}
				if lab.LabelledAt.After(o.LastValidation) {
					o.LastValidation = lab.LabelledAt
				}
			}
		}
	}
	for _, j := range in.Judges {
		first := j.FirstOutput
		if first.IsZero() || j.Run.Before(first) {
			first = j.Run
		}
		if o.FirstJudge.IsZero() || first.Before(o.FirstJudge) {
			o.FirstJudge = first
		}
	}
	stamp := func(t time.Time) string { return t.UTC().Format(time.RFC3339) }
	add := func(format string, args ...any) { o.Problems = append(o.Problems, fmt.Sprintf(format, args...)) }
	known := func(ts ...time.Time) bool {
		for _, t := range ts {
			if t.IsZero() {
				return false
			}
		}
		return true
	}
	if known(o.LastPilot, o.FirstValidation) && !o.LastPilot.Before(o.FirstValidation) {
		add("a pilot label (%s) is not before the first validation label (%s)", stamp(o.LastPilot), stamp(o.FirstValidation))
	}
	if known(o.LastPilot, o.NRegistered) && !o.LastPilot.Before(o.NRegistered) {
		add("N was registered (%s) before the last pilot label (%s), so not from the whole pilot", stamp(o.NRegistered), stamp(o.LastPilot))
	}
	if known(o.NRegistered, o.FirstValidation) && !o.NRegistered.Before(o.FirstValidation) {
		add("N was registered (%s) after validation labelling began (%s)", stamp(o.NRegistered), stamp(o.FirstValidation))
	}
	late := 0
	if known(o.LastValidation, o.FirstJudge) && !o.LastValidation.Before(o.FirstJudge) {
		add("a validation label (%s) is not before the first judge output (%s)", stamp(o.LastValidation), stamp(o.FirstJudge))
		late = 1
	}
	// A late validation label is the blind rule's, which warns of it.
	for _, p := range o.Problems[:len(o.Problems)-late] {
		r.Warnings.Add(diag.Warnf(in.ConfigFile, 0, "out of the protocol's order: %s", p))
	}
	r.Order = o
}

// logAmbiguities gathers every ambiguity the labellers recorded, and every
// criterion a label marked AMBIGUOUS without a note, pilot labels first.
func (r *Report) logAmbiguities(in Input) {
	for _, sample := range []string{judged.Pilot, judged.Validation} {
		for _, l := range in.Labellers {
			for _, lab := range l.Labels {
				if lab.Sample != sample {
					continue
				}
				noted := map[string]bool{}
				for _, a := range lab.Ambiguities {
					noted[a.Criterion] = true
					r.Ambiguities = append(r.Ambiguities, LoggedAmbiguity{Item: lab.Item, Labeller: l.ID, Sample: sample, Criterion: a.Criterion, Note: a.Note, Line: a.Line})
				}
				for _, c := range in.Criteria {
					if lab.Verdicts[c] == agreement.Ambiguous && !noted[c] {
						r.Ambiguities = append(r.Ambiguities, LoggedAmbiguity{Item: lab.Item, Labeller: l.ID, Sample: sample, Criterion: c, Line: lab.Line})
					}
				}
			}
		}
	}
}

// logJudgeAmbiguities adds every criterion a judge whose verdicts are
// results answered AMBIGUOUS on, judge by judge in the order of
// judges.toml, then writer by writer in report order and section by
// section. An invalid judge's answers stay in its diagnostic.
func (r *Report) logJudgeAmbiguities(in Input) {
	for k, jd := range in.Judges {
		if !r.Judges[k].Valid() {
			continue
		}
		var items []agreement.Item
		for it := range jd.Ratings {
			items = append(items, it)
		}
		rank := func(w string) int { return slices.Index(in.Writers, w) }
		slices.SortFunc(items, func(a, b agreement.Item) int {
			if d := rank(a.Writer) - rank(b.Writer); d != 0 {
				return d
			}
			return strings.Compare(a.Section, b.Section)
		})
		for _, it := range items {
			for _, c := range in.Criteria {
				if jd.Ratings.Verdict(it, c) == agreement.Ambiguous {
					r.Ambiguities = append(r.Ambiguities, LoggedAmbiguity{Item: it, Judge: jd.ID, Criterion: c})
				}
			}
		}
	}
}
