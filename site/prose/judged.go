package prose

import (
	"strconv"
	"strings"

	"github.com/evalpress/evalpress/redact/public"
)

// The judged tier's functions. When the tier has not run, judged(ran) is
// "no", counts are 0 and every other figure is nothing ("n/a"), so a
// document can say so with a conditional; a judge, writer, section or
// criterion the data does not know is an error.
//
//	judged(ran|judges|judge_names|labellers|first_run|last_run|sections|c1_min_present|c2_max_undeveloped|registered_c1_min_present|registered_c2_max_undeveloped)
//	judged_rate("judge id", "Model 2", C2, passes|fails|scored|ambiguous|unscored|missing|pass_rate)
//	judged_cell("judge or labeller id", "Model 2", "ACT 1", C1, verdict|count|of)

// judgedResolvers are added to the resolvers table.
var judgedResolvers = map[string]resolver{
	"judged":      {1, 1, false, "judged(ran|judges|judge_names|labellers|first_run|last_run|sections|c1_min_present|c2_max_undeveloped|registered_c1_min_present|registered_c2_max_undeveloped)", evalJudged},
	"judged_rate": {4, 4, false, `judged_rate("judge id", "Model 2", C2, passes|fails|scored|ambiguous|unscored|missing|pass_rate)`, evalJudgedRate},
	"judged_cell": {5, 5, false, `judged_cell("judge or labeller id", "Model 2", "ACT 1", C1, verdict|count|of)`, evalJudgedCell},
}

var judgedCriteria = []string{"C1", "C2", "C4", "C6"}

func evalJudged(ev *evaluator, c call) (Value, error) {
	field, err := word(c, 0, "ran", "judges", "judge_names", "labellers", "first_run", "last_run", "sections",
		"c1_min_present", "c2_max_undeveloped", "registered_c1_min_present", "registered_c2_max_undeveloped")
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
	case "sections":
		return intValue(len(j.Sections)), nil
	case "c1_min_present":
		return intValue(j.C1MinPresent), nil
	case "c2_max_undeveloped":
		return shareValue(j.C2MaxUndeveloped, -1), nil
	case "registered_c1_min_present":
		return intValue(j.RegisteredC1MinPresent), nil
	}
	return shareValue(j.RegisteredC2MaxUndeveloped, -1), nil
}

// dateOf returns the date of an RFC 3339 time.
func dateOf(stamp string) string {
	date, _, _ := strings.Cut(stamp, "T")
	return date
}

// judgedGrader checks that id is a judge or labeller of the tier.
func (ev *evaluator) judgedGrader(c call, id string, labellers bool) error {
	j := ev.p.Judged
	var ids []string
	for _, jd := range j.Judges {
		if jd.ID == id {
			return nil
		}
		ids = append(ids, strconv.Quote(jd.ID))
	}
	if labellers {
		for _, l := range j.Labellers {
			if l == id {
				return nil
			}
			ids = append(ids, strconv.Quote(l))
		}
	}
	return evalErrorf(c.col, "%s: no judge %q (judges: %s)", c.name, id, strings.Join(ids, ", "))
}

func evalJudgedRate(ev *evaluator, c call) (Value, error) {
	judge, writer := c.words[0], c.words[1]
	criterion, err := word(c, 2, judgedCriteria...)
	if err != nil {
		return Value{}, err
	}
	field, err := word(c, 3, "passes", "fails", "scored", "ambiguous", "unscored", "missing", "pass_rate")
	if err != nil {
		return Value{}, err
	}
	if err := ev.checkWriter(c, writer); err != nil {
		return Value{}, err
	}
	if ev.p.Judged == nil {
		return Value{}, nil
	}
	if err := ev.judgedGrader(c, judge, false); err != nil {
		return Value{}, err
	}
	var r public.JudgedRate
	for _, x := range ev.p.Judged.Rates {
		if x.Judge == judge && x.Writer == writer && x.Criterion == criterion {
			r = x
		}
	}
	switch field {
	case "passes":
		return intValue(r.Pass), nil
	case "fails":
		return intValue(r.Fail), nil
	case "scored":
		return intValue(r.Pass + r.Fail), nil
	case "ambiguous":
		return intValue(r.Ambiguous), nil
	case "unscored":
		return intValue(r.Unscored), nil
	case "missing":
		return intValue(r.Missing), nil
	}
	if r.Pass+r.Fail == 0 {
		return Value{}, nil
	}
	return shareValue(float64(r.Pass)/float64(r.Pass+r.Fail), 0), nil
}

func evalJudgedCell(ev *evaluator, c call) (Value, error) {
	by, writer, section := c.words[0], c.words[1], c.words[2]
	criterion, err := word(c, 3, judgedCriteria...)
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
	if err := ev.judgedGrader(c, by, true); err != nil {
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
