package prose

import (
	"strconv"
	"strings"

	"github.com/evalpress/evalpress/reports/criteria"
)

// The judged tier's functions. When the tier has not run, judged(ran) is
// "no", counts are 0 and every other figure is nothing ("n/a"), so a
// document can say so with a conditional (counts of verdicts are count()'s,
// with criterion= and judge=; thresholds are threshold() and registered()); a judge, writer, section or
// criterion the data does not know is an error.
//
//	judged(ran|judges|judge_names|labellers|first_run|last_run|sections)
//	judged_cell("judge or labeller id", "Model 2", "ACT 1", C1, verdict|count|of)

// judgedResolvers are added to the resolvers table.
var judgedResolvers = map[string]resolver{
	"judged":      {1, 1, false, "judged(ran|judges|judge_names|labellers|first_run|last_run|sections)", evalJudged},
	"judged_cell": {5, 5, false, `judged_cell("judge or labeller id", "Model 2", "ACT 1", C1, verdict|count|of)`, evalJudgedCell},
}

// judgedCriteria names the judged criteria a function takes, in the
// protocol's order (criteria.JudgedIDs).
func judgedCriteria() []string {
	out := make([]string, len(criteria.JudgedIDs))
	for i, id := range criteria.JudgedIDs {
		out[i] = string(id)
	}
	return out
}

func evalJudged(ev *evaluator, c call) (Value, error) {
	field, err := word(c, 0, "ran", "judges", "judge_names", "labellers", "first_run", "last_run", "sections")
	if err != nil {
		return Value{}, err
	}
	j := ev.p.Judged
	if j == nil {
		switch field {
		case "ran":
			return yesNo(false), nil
		case "judges", "labellers":
			return intValue(0), nil
		}
		return Value{}, nil
	}
	switch field {
	case "ran":
		return yesNo(true), nil
	case "judges":
		return intValue(len(j.Judges)), nil
	case "judge_names":
		var names []string
		for _, jd := range j.Judges {
			names = append(names, jd.Name)
		}
		return textValue(strings.Join(names, ", ")), nil
	case "labellers":
		return intValue(len(j.Labellers)), nil
	case "first_run":
		return textValue(dateOf(j.FirstRun)), nil
	case "last_run":
		return textValue(dateOf(j.LastRun)), nil
	}
	return intValue(len(j.Sections)), nil
}

// dateOf returns the date of an RFC 3339 time.
func dateOf(stamp string) string {
	date, _, _ := strings.Cut(stamp, "T")
	return date
}

// diagnostic reports whether id is a judge whose verdicts are no result.
func (ev *evaluator) diagnostic(id string) bool {
	if j := ev.p.Judged; j != nil && id != "" {
		for _, jd := range j.Judges {
			if jd.ID == id {
				return !jd.Valid
			}
		}
	}
	return false
}

// judgedGrader checks that id is a judge or a labeller of the tier.
func (ev *evaluator) judgedGrader(c call, id string) error {
	j := ev.p.Judged
	var ids []string
	for _, jd := range j.Judges {
		if jd.ID == id {
			return nil
		}
		ids = append(ids, strconv.Quote(jd.ID))
	}
	for _, l := range j.Labellers {
		if l == id {
			return nil
		}
		ids = append(ids, strconv.Quote(l))
	}
	return evalErrorf(c.col, "%s: no judge or labeller %q (%s)", c.name, id, strings.Join(ids, ", "))
}

func evalJudgedCell(ev *evaluator, c call) (Value, error) {
	by, writer, section := c.words[0], c.words[1], c.words[2]
	criterion, err := word(c, 3, judgedCriteria()...)
	if err != nil {
		return Value{}, err
	}
	field, err := word(c, 4, "verdict", "count", "of")
	if err != nil {
		return Value{}, err
	}
	if err := ev.checkWriter(c, writer); err != nil {
		return Value{}, err
	}
	if err := ev.checkSection(c, section); err != nil {
		return Value{}, err
	}
	if ev.p.Judged == nil {
		return Value{}, nil
	}
	if err := ev.judgedGrader(c, by); err != nil {
		return Value{}, err
	}
	for _, cell := range ev.p.Cells {
		if cell.Writer != writer || cell.Section != section {
			continue
		}
		for _, g := range cell.Judged {
			if g.By != by {
				continue
			}
			for _, o := range g.Outcomes {
				if o.Criterion != criterion {
					continue
				}
				switch {
				case field == "verdict":
					return textValue(o.Label), nil
				case !o.HasCount:
					return Value{}, nil
				case field == "count":
					return intValue(o.N), nil
				}
				return intValue(o.Of), nil
			}
		}
	}
	return Value{}, nil // not graded
}
