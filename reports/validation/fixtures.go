package validation

import (
	"fmt"
	"slices"
	"strings"

	"github.com/evalpress/evalpress/internal/diag"
	"github.com/evalpress/evalpress/reports/agreement"
)

// checkFixtures compares each judge's fixture verdicts with the expected
// ones and checks that the fixtures are matched in length. A judge is usable
// only when it returns what every fixture expects: the padded fixtures
// failed where they are built to fail, and the dense control passed, so
// that it separates them. A fixture without a reply is a miss, and said.
func (r *Report) checkFixtures(in Input) {
	known := map[string]bool{}
	shortest, longest := -1, 0
	for _, f := range in.Fixtures {
		known[f.ID] = true
		if shortest < 0 || f.Words < shortest {
			shortest = f.Words
		}
		longest = max(longest, f.Words)
	}
	r.LengthMatched = len(in.Fixtures) < 2 || float64(longest-shortest) <= LengthTolerance*float64(longest)
	if !r.LengthMatched {
		var lengths []string
		for _, f := range in.Fixtures {
			lengths = append(lengths, fmt.Sprintf("%s %d", f.ID, f.Words))
		}
		r.Warnings.Add(diag.Warnf(in.ConfigFile, 0,
			"the fixtures are not matched in length (%s words): length could explain a difference in verdicts",
			strings.Join(lengths, ", ")).WithHint("keep the shortest fixture within %.0f%% of the longest", LengthTolerance*100))
	}
	unscored := map[string]bool{}
	for _, c := range in.Unscored {
		unscored[c] = true
	}
	for k := range r.Judges {
		jd, jr := in.Judges[k], &r.Judges[k]
		file, line := jd.File, jd.Line
		if jd.FixtureFile != "" {
			file = jd.FixtureFile
		}
		for _, id := range sortedKeys(jd.Fixtures) {
			if !known[id] {
				r.Warnings.Add(diag.Warnf(file, jd.FixtureLines[id], "a reply on a fixture that no [[fixture]] entry describes").
					WithHint("describe it in a [[fixture]] entry of the config, or remove the reply"))
			}
		}
		if jd.Fixtures == nil {
			jr.Usability = UsabilityNotRun
			if len(in.Fixtures) > 0 {
				r.Warnings.Add(diag.Warnf(jd.File, line, "this judge has no fixture replies (judged/fixtures/<its id>.md): it is not shown to separate the dense fixture from the padded ones, so its verdicts are no result"))
			}
			continue
		}
		missed, undecided := false, false
		var unreplied []string
		for _, f := range in.Fixtures {
			reply, replied := jd.Fixtures[f.ID]
			if !replied {
				unreplied = append(unreplied, f.ID)
			}
			res := FixtureResult{Fixture: f.ID, Replied: replied, Caught: true}
			for _, c := range in.Criteria {
				want, ok := f.Expect[c]
				if !ok {
					continue
				}
				chk := Check{Criterion: c, Expected: want, Observed: reply[c], Unscored: unscored[c]}
				res.Flawed = res.Flawed || want == agreement.Fail
				res.Checks = append(res.Checks, chk)
				res.Caught = res.Caught && !chk.Missed()
				undecided = undecided || chk.Unscored
			}
			missed = missed || !res.Caught
			jr.Fixtures = append(jr.Fixtures, res)
		}
		if len(unreplied) > 0 {
			at := 0 // the whole fixture replies file, or the judge's entry
			if jd.FixtureFile == "" {
				at = line
			}
			r.Warnings.Add(diag.Warnf(file, at, "this judge has no reply on fixture(s) %s: counted as missed", strings.Join(unreplied, ", ")).
				WithHint("a file cut short loses its last replies; every [[fixture]] needs a '## ID' reply"))
		}
		switch {
		case missed:
			jr.Usability = Unusable
		case undecided:
			jr.Usability = Undetermined
		default:
			jr.Usability = Usable
		}
	}
}

// fixtureProblems says, in words, why a judge's fixture results do not
// show that it separates the dense fixture from the padded ones; nil when
// they do.
func fixtureProblems(in Input, jr *JudgeReport) []string {
	switch {
	case len(in.Fixtures) == 0:
		return []string{"no adversarial fixture is configured, so no judge is shown to separate dense from padded text"}
	case jr.Usability == UsabilityNotRun:
		return []string{"not run on the adversarial fixtures"}
	}
	var out []string
	for _, f := range jr.Fixtures {
		if !f.Replied {
			out = append(out, "no reply on "+f.Fixture)
			continue
		}
		var wrong, undecided []string
		for _, c := range f.Checks {
			switch {
			case c.Unscored:
				undecided = append(undecided, c.Criterion)
			case c.Missed():
				wrong = append(wrong, fmt.Sprintf("%s %s, expected %s", c.Criterion, c.Observed, c.Expected))
			}
		}
		switch {
		case len(wrong) > 0 && f.Flawed:
			out = append(out, fmt.Sprintf("missed %s (%s)", f.Fixture, strings.Join(wrong, "; ")))
		case len(wrong) > 0:
			out = append(out, fmt.Sprintf("does not separate the control %s from the padded fixtures (%s)", f.Fixture, strings.Join(wrong, "; ")))
		case len(undecided) > 0:
			out = append(out, fmt.Sprintf("%s undecided: %s not scored yet", f.Fixture, strings.Join(undecided, ", ")))
		}
	}
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
