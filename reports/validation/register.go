package validation

import (
	"slices"

	"github.com/evalpress/evalpress/internal/diag"
	"github.com/evalpress/evalpress/reports/agreement"
	"github.com/evalpress/evalpress/reports/judged"
)

// Disagreement is one section of the validation sample on which a judge
// and a labeller gave opposite verdicts on one criterion, with the cause
// the author recorded (the protocol's last step: read every disagreement
// and record what caused it). Cause is "" for one still open.
type Disagreement struct {
	Judge, Labeller, Criterion string
	Item                       agreement.Item
	JudgeVerdict, LabelVerdict agreement.Verdict
	Cause, Note                string
	// Valid is the judge's status: an invalid judge's disagreements are a
	// diagnostic, like its verdicts.
	Valid bool
}

// Open reports whether no cause is recorded.
func (d Disagreement) Open() bool { return d.Cause == "" }

// register lists every disagreement between a judge and a labeller on the
// validation sample, with its recorded cause; a cause that names no
// disagreement of this build is warned about, as are the open ones of
// judges whose verdicts are results.
func (r *Report) register(in Input, labellers []agreement.Ratings) {
	used := make([]bool, len(in.Causes))
	cause := func(judge, labeller, criterion string, it agreement.Item) (string, string) {
		for i, c := range in.Causes {
			if c.Judge == judge && c.Labeller == labeller && c.Criterion == criterion && c.Script == it.Writer && c.Section == it.Section {
				used[i] = true
				return c.Cause, c.Note
			}
		}
		return "", ""
	}
	open := 0
	for k, jd := range in.Judges {
		jr := &r.Judges[k]
		if jr.Withheld() {
			// Its agreement is withheld, so is where it disagrees; what was
			// recorded of it stays unsaid.
			for i, c := range in.Causes {
				used[i] = used[i] || c.Judge == jd.ID
			}
			continue
		}
		for i, l := range in.Labellers {
			for _, c := range in.Criteria {
				if !slices.Contains(l.Criteria, c) {
					continue
				}
				for _, it := range r.Sample {
					jv, lv := jd.Ratings.Verdict(it, c), labellers[i].Verdict(it, c)
					if (jv != agreement.Pass && jv != agreement.Fail) || (lv != agreement.Pass && lv != agreement.Fail) || jv == lv {
						continue
					}
					d := Disagreement{Judge: jd.ID, Labeller: l.ID, Criterion: c, Item: it, JudgeVerdict: jv, LabelVerdict: lv, Valid: jr.Valid()}
					d.Cause, d.Note = cause(jd.ID, l.ID, c, it)
					if d.Open() && d.Valid {
						open++ // an invalid judge's stay in its diagnostic
					}
					r.Disagreements = append(r.Disagreements, d)
				}
			}
		}
	}
	for i, c := range in.Causes {
		if !used[i] {
			r.Warnings.Add(diag.Warnf(in.CausesFile, c.Line,
				"the judge and the labeller named here do not disagree on %s there in this build (they agree, or one gave no verdict): the cause recorded names no disagreement", c.Criterion))
		}
	}
	if open > 0 {
		r.Warnings.Add(diag.Warnf(in.ConfigFile, 0, "%d disagreement(s) between a judge and a labeller have no recorded cause: pages list them as open", open).
			WithHint("record each cause in judged/%s", judged.DisagreementsFile))
	}
}
