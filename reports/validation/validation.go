// Package validation applies the judge protocol's validation to the judged
// tier: agreement of every judge with every human labeller and of the
// labellers with each other on the validation sample, the ambiguity rates,
// the adversarial fixtures, the writers' ranking under each judge and each
// family judge's self-preference.
//
// It also enforces what the protocol forbids reporting: agreement against
// labels made after the judge ran is marked not blind, a judge whose prompt
// digest differs from the published prompt has its agreement withheld, and
// a judge iterated on the validation sample has its agreement labelled as
// measured on the tuning set. A judge that misses a fixture built to fail is
// unusable for its purpose whatever its agreement.
//
// The package is pure and works with real names (script headings); only
// the redact package turns its Report into something publishable.
package validation

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/evalpress/evalpress/internal/diag"
	"github.com/evalpress/evalpress/reports/agreement"
	"github.com/evalpress/evalpress/reports/judged"
)

// LengthTolerance is how much shorter than the longest fixture the shortest
// may be, as a share of the longest, for the fixtures to count as matched in
// length.
const LengthTolerance = 0.10

// Judge is one judge of judges.toml with its verdicts.
type Judge struct {
	judged.Judge
	File string // judges.toml, for messages
	// Ratings are its verdicts on the writers' sections.
	Ratings agreement.Ratings
	// Fixtures are its verdicts on the fixtures, by fixture id then
	// criterion; nil when it has no fixture replies. FixtureFile and
	// FixtureLines place the replies, for messages.
	Fixtures     map[string]map[string]agreement.Verdict
	FixtureFile  string
	FixtureLines map[string]int
}

// Label is a labeller's verdicts on one section.
type Label struct {
	Item       agreement.Item
	Sample     string // judged.Pilot or judged.Validation
	LabelledAt time.Time
	Line       int
	Verdicts   map[string]agreement.Verdict
}

// Labeller is one human labeller.
type Labeller struct {
	ID     string // public
	File   string
	Labels []Label
}

// Prompt is the published judge prompt.
type Prompt struct {
	File   string // relative to the content folder, as configured
	SHA256 string // hex digest of its bytes
}

// Fixture is one adversarial fixture of the config.
type Fixture struct {
	ID, Title string
	File      string // relative to the content folder
	Words     int
	// Expect is the verdict each listed criterion must get.
	Expect map[string]agreement.Verdict
	Line   int // line of its [[fixture]] entry in the config
}

// Input is what Build needs.
type Input struct {
	// Ran is true when the judged tier exists; without it only the
	// fixtures are checked.
	Ran bool
	// Criteria are the judged criteria, in report order.
	Criteria []string
	// Writers are the writers' script headings, in report order.
	Writers   []string
	Judges    []Judge
	Labellers []Labeller
	// Prompt is nil when no published prompt is configured.
	Prompt     *Prompt
	Fixtures   []Fixture
	ConfigFile string // for messages about fixtures
	// Unscored lists criteria no verdict can be given on yet (C1 before its
	// threshold is calibrated): a fixture check on them decides nothing.
	Unscored []string
}

// Prompt statuses of a judge.
const (
	PromptMatches    = "matches"    // the judge ran with the published prompt
	PromptDiffers    = "differs"    // it did not: its agreement is withheld
	PromptUnverified = "unverified" // no published prompt to compare with
)

// JudgeReport is the validation of one judge.
type JudgeReport struct {
	ID, Role, FamilyOf string
	Model, Version     string // private for a family judge
	Run                time.Time
	Iterations         int
	TunedOn            string
	// Pairs compare the judge with each labeller, labeller by labeller and
	// criterion by criterion. Nil when the agreement is withheld.
	Pairs []agreement.Pair
	// Late counts validation labels made at or after the judge's run: a
	// judge with late labels is not blindly validated.
	Late   int
	Prompt string // PromptMatches, PromptDiffers or PromptUnverified
	// TunedOnValidation is true when the prompt was iterated on the
	// validation sample: agreement is then measured on the tuning set.
	TunedOnValidation bool
	// Fixtures are the judge's fixture results, in fixture order.
	Fixtures []FixtureResult
	// Usability is UsabilityNotRun, Usable, Unusable or Undetermined.
	Usability string
}

// Usabilities of a judge, from its fixture results.
const (
	UsabilityNotRun = "not run"      // no fixture replies
	Usable          = "usable"       // it caught every fixture built to fail
	Unusable        = "unusable"     // it missed a fixture built to fail
	Undetermined    = "undetermined" // a fixture built to fail is on an unscored criterion
)

// Blind is true when every validation label was made before the judge ran.
func (j JudgeReport) Blind() bool { return j.Late == 0 }

// Withheld is true when the judge's agreement may not be reported.
func (j JudgeReport) Withheld() bool { return j.Prompt == PromptDiffers }

// FixtureResult is one judge's verdicts on one fixture, criterion by
// criterion against the expected ones; never averaged.
type FixtureResult struct {
	Fixture string
	Checks  []Check
	// Caught is true when no scored check was missed.
	Caught bool
	// Flawed is true when the fixture is built to fail some criterion.
	Flawed bool
	// Replied is false when the judge has no reply on the fixture.
	Replied bool
}

// Check is one criterion of one fixture under one judge.
type Check struct {
	Criterion          string
	Expected, Observed agreement.Verdict
	// Unscored is true when the criterion cannot be scored yet: the check
	// decides nothing.
	Unscored bool
}

// Match reports whether the judge returned the expected verdict.
func (c Check) Match() bool { return !c.Unscored && c.Observed == c.Expected }

// Missed reports whether the judge returned another verdict than expected
// on a scored criterion (no reply counts as a miss).
func (c Check) Missed() bool { return !c.Unscored && c.Observed != c.Expected }

// Ranking is the writers' order under one judge, over all judged criteria
// and criterion by criterion, with its flips against the primary judge.
type Ranking struct {
	Judge        string
	Role         string
	Overall      agreement.Ranking
	PerCriterion []agreement.Ranking
	// Flips and FlipsPerCriterion compare with the primary judge's
	// ranking (empty for the primary itself).
	Flips             []agreement.Flip
	FlipsPerCriterion [][]agreement.Flip
	// Same is true when the overall ranks are the primary's.
	Same bool
}

// Flipped reports whether the order flips against the primary judge's,
// overall or on any criterion.
func (r Ranking) Flipped() bool {
	if len(r.Flips) > 0 {
		return true
	}
	for _, f := range r.FlipsPerCriterion {
		if len(f) > 0 {
			return true
		}
	}
	return false
}

// FixtureLength is a fixture's length.
type FixtureLength struct {
	ID    string
	Words int
}

// Report is the whole validation.
type Report struct {
	Ran       bool
	Criteria  []string
	Labellers []string
	// Pilot and Sample are the sections labelled in the pilot and the
	// validation sample (by any labeller), sorted.
	Pilot, Sample []agreement.Item
	// HumanHuman compares each pair of labellers, criterion by criterion:
	// the later labeller (by id) against the earlier. Empty with fewer
	// than two labellers.
	HumanHuman []agreement.Pair
	Judges     []JudgeReport
	// Ambiguity is per criterion over every rater's applications on the
	// validation sample; AmbiguityAll over all criteria.
	Ambiguity    []agreement.Ambiguity
	AmbiguityAll agreement.Ambiguity
	// Fixtures are the configured fixtures, with their lengths.
	Fixtures      []Fixture
	LengthMatched bool
	Rankings      []Ranking
	// SelfPreference holds one entry per family judge.
	SelfPreference []agreement.SelfPreference
	Prompt         *Prompt
	Warnings       diag.List
}

// Build validates the judges of in.
func Build(in Input) *Report {
	r := &Report{Ran: in.Ran, Criteria: in.Criteria, Fixtures: in.Fixtures, Prompt: in.Prompt}
	labellerRatings := make([]agreement.Ratings, len(in.Labellers))
	pilot, sample := map[agreement.Item]bool{}, map[agreement.Item]bool{}
	for i, l := range in.Labellers {
		r.Labellers = append(r.Labellers, l.ID)
		labellerRatings[i] = agreement.Ratings{}
		for _, lab := range l.Labels {
			switch lab.Sample {
			case judged.Pilot:
				pilot[lab.Item] = true
			case judged.Validation:
				sample[lab.Item] = true
				for c, v := range lab.Verdicts {
					labellerRatings[i].Set(lab.Item, c, v)
				}
			}
		}
	}
	r.Pilot, r.Sample = sortedItems(pilot), sortedItems(sample)

	for j := 1; j < len(in.Labellers); j++ {
		for i := range j {
			for _, c := range in.Criteria {
				r.HumanHuman = append(r.HumanHuman, agreement.Compare(
					in.Labellers[j].ID, labellerRatings[j], in.Labellers[i].ID, labellerRatings[i], c, r.Sample))
			}
		}
	}

	if in.Prompt == nil && len(in.Judges) > 0 {
		r.Warnings.Add(diag.Warnf(in.ConfigFile, 0, "no published judge prompt is configured, so no judge's prompt digest can be checked").
			WithHint("set [judged] prompt to the prompt file, relative to the content folder"))
	}
	raters := slices.Clone(labellerRatings)
	for _, jd := range in.Judges {
		raters = append(raters, jd.Ratings)
		r.Judges = append(r.Judges, r.judge(in, jd, labellerRatings))
	}
	r.Ambiguity, r.AmbiguityAll = agreement.AmbiguityOf(raters, in.Criteria, r.Sample)
	r.checkFixtures(in)
	r.rank(in)
	return r
}

func sortedItems(set map[agreement.Item]bool) []agreement.Item {
	out := make([]agreement.Item, 0, len(set))
	for it := range set {
		out = append(out, it)
	}
	return agreement.SortItems(out)
}

// judge validates one judge.
func (r *Report) judge(in Input, jd Judge, labellers []agreement.Ratings) JudgeReport {
	jr := JudgeReport{ID: jd.ID, Role: jd.Role, FamilyOf: jd.FamilyOf, Model: jd.Model, Version: jd.Version, Run: jd.Run, Iterations: jd.Iterations, TunedOn: jd.TunedOn}

	// Blind labels: every validation label must predate the judge's run.
	var lateFiles []string
	for _, l := range in.Labellers {
		late := 0
		for _, lab := range l.Labels {
			if lab.Sample == judged.Validation && !lab.LabelledAt.Before(jd.Run) {
				late++
			}
		}
		if late > 0 {
			jr.Late += late
			lateFiles = append(lateFiles, fmt.Sprintf("%s (%d)", l.ID, late))
		}
	}
	if jr.Late > 0 {
		r.Warnings.Add(diag.Warnf(jd.File, jd.Line,
			"judge %q: %d validation label(s) were made at or after its run (%s), so its agreement is not blind",
			jd.ID, jr.Late, strings.Join(lateFiles, ", ")))
	}

	// A frozen prompt: the judge must have run with the published one.
	switch {
	case in.Prompt == nil:
		jr.Prompt = PromptUnverified
	case strings.EqualFold(jd.PromptSHA256, in.Prompt.SHA256):
		jr.Prompt = PromptMatches
	default:
		jr.Prompt = PromptDiffers
		r.Warnings.Add(diag.Warnf(jd.File, jd.Line,
			"judge %q ran with a prompt whose digest differs from the published %s; its agreement is withheld as invalid",
			jd.ID, in.Prompt.File))
	}

	// Iteration: say on which sample the prompt was tuned.
	if jd.Iterations > 0 {
		switch jd.TunedOn {
		case judged.Validation:
			jr.TunedOnValidation = true
		case "":
			r.Warnings.Add(diag.Warnf(jd.File, jd.Line,
				"judge %q: its prompt was iterated %d time(s) but tuned_on does not say on which sample", jd.ID, jd.Iterations))
		}
	}

	if !jr.Withheld() {
		for i, l := range in.Labellers {
			for _, c := range in.Criteria {
				jr.Pairs = append(jr.Pairs, agreement.Compare(jd.ID, jd.Ratings, l.ID, labellers[i], c, r.Sample))
			}
		}
	}
	return jr
}

// checkFixtures compares each judge's fixture verdicts with the expected
// ones and checks that the fixtures are matched in length.
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
		for _, id := range sortedKeys(jd.Fixtures) {
			if !known[id] {
				file, line := jd.File, jd.Line
				if jd.FixtureFile != "" {
					file, line = jd.FixtureFile, jd.FixtureLines[id]
				}
				r.Warnings.Add(diag.Warnf(file, line, "judge %q replied on fixture %q, which no [[fixture]] entry describes", jd.ID, id).
					WithHint("describe it in a [[fixture]] entry of the config, or remove the reply"))
			}
		}
		if jd.Fixtures == nil {
			jr.Usability = UsabilityNotRun
			continue
		}
		missed, undecided := false, false
		for _, f := range in.Fixtures {
			reply, replied := jd.Fixtures[f.ID]
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
				undecided = undecided || (chk.Unscored && want == agreement.Fail)
			}
			// A fixture built to fail that the judge gets wrong makes it
			// unusable for the job it exists for.
			missed = missed || (res.Flawed && !res.Caught)
			jr.Fixtures = append(jr.Fixtures, res)
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

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// rank orders the writers under each judge and measures family judges'
// self-preference against the primary judge.
func (r *Report) rank(in Input) {
	var primary *Judge
	for k := range in.Judges {
		if in.Judges[k].Role == judged.Primary {
			primary = &in.Judges[k]
			break
		}
	}
	var base Ranking
	for k, jd := range in.Judges {
		rk := Ranking{Judge: jd.ID, Role: jd.Role, Overall: agreement.Rank(jd.Ratings, in.Writers, in.Criteria)}
		for _, c := range in.Criteria {
			rk.PerCriterion = append(rk.PerCriterion, agreement.Rank(jd.Ratings, in.Writers, []string{c}))
		}
		if primary != nil && &in.Judges[k] == primary {
			base = rk
		}
		r.Rankings = append(r.Rankings, rk)
	}
	if primary == nil {
		return
	}
	for k := range r.Rankings {
		rk := &r.Rankings[k]
		if rk.Judge == primary.ID {
			continue
		}
		rk.Flips = agreement.Flips(base.Overall, rk.Overall)
		rk.Same = agreement.Same(base.Overall, rk.Overall)
		for i := range in.Criteria {
			rk.FlipsPerCriterion = append(rk.FlipsPerCriterion, agreement.Flips(base.PerCriterion[i], rk.PerCriterion[i]))
		}
	}
	for _, jd := range in.Judges {
		if jd.Role == judged.Family {
			r.SelfPreference = append(r.SelfPreference,
				agreement.SelfPreferenceOf(jd.ID, jd.Ratings, primary.Ratings, jd.FamilyOf, in.Criteria))
		}
	}
}
