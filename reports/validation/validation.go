// Package validation applies the judge protocol's validation to the judged
// tier: agreement of every judge with every human labeller and of the
// labellers with each other on the validation sample, the ambiguity rates,
// the adversarial fixtures, the writers' ranking under each judge, criterion
// by criterion, and each family judge's self-preference.
//
// It decides, once, whether each judge's verdicts may be reported at all
// (Status): the judge must return every fixture's expected verdicts (catch
// the padded fixtures and pass the dense control: separate them), have its
// agreement measured against a human on the validation sample, have been
// validated blind (every validation label made before its first output) and
// have run with the published, frozen prompt. A judge that fails any of
// these is a diagnostic: its verdicts are no result, and it is ranked
// nowhere and measures no self-preference. What withholds nothing is still
// stated beside its results: a prompt tuned on the validation sample, an
// answer order that was fixed, a primary judge that is not independent of a
// writer's family.
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
	"github.com/evalpress/evalpress/internal/numfmt"
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
	// FirstOutput is when the judge's first output existed: its run, or
	// its earliest call when the replies record the calls' times.
	FirstOutput time.Time
	// Ratings are its own verdicts on the writers' sections, for agreement:
	// on C4 its own call. Reported are the verdicts the pages report as
	// results (on C4 as a human classified its candidates), for rankings
	// and self-preference, so that they agree with the pass rates.
	Ratings, Reported agreement.Ratings
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
	// Present and Assigned are its C1 count (Assigned 0 when it does not
	// label C1); Adequacy a pilot label's judgement of the section
	// (judged.Adequate, judged.Thin or ""); Ambiguities what it recorded.
	Present, Assigned int
	Adequacy          string
	Ambiguities       []judged.Ambiguity
}

// Labeller is one human labeller.
type Labeller struct {
	ID   string // shown in data files only, redacted
	Name string // the display name the author gave
	Role string // judged.RoleAuthor or judged.RoleSecond
	// Criteria are the criteria the labeller labels; agreement with them
	// is measured on these only.
	Criteria []string
	File     string
	Labels   []Label
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
	// FixtureLabels are the author's blind labels of the fixtures, from
	// FixtureLabelsFile.
	FixtureLabels     []FixtureLabel
	FixtureLabelsFile string
	// Unscored lists criteria no verdict can be given on yet (C1 before its
	// threshold is calibrated): a fixture check on them decides nothing.
	Unscored []string
	// WriterFamilies maps a writer's script heading to its model family
	// ("" or absent when not known), for the judge selection checks.
	WriterFamilies map[string]string
	// WriterLabs maps a writer's script heading to its labs (absent when
	// none is known): a primary judge of a writer's lab is not
	// independent either (judged.WriterLabs).
	WriterLabs map[string][]string
	// C1MinPresent is the configured N (0: not yet calibrated), checked
	// against the pilot; NRegistered is when N was registered (zero when
	// no registration records it).
	C1MinPresent int
	NRegistered  time.Time
	// SectionTypes give each section its type ([judged] section_types),
	// C1Types a type's own N, and Covered the sections the tier covers:
	// with types, each type's N is checked against the pilot's sections
	// of that type only.
	SectionTypes map[string]string
	C1Types      map[string]int
	Covered      []string
	// Causes are the causes recorded for disagreements, from CausesFile.
	Causes     []judged.Cause
	CausesFile string
}

// Prompt statuses of a judge.
const (
	PromptMatches    = "matches"    // the judge ran with the published prompt
	PromptDiffers    = "differs"    // it did not: its agreement is withheld
	PromptUnverified = "unverified" // no published prompt to compare with
)

// JudgeReport is the validation of one judge.
type JudgeReport struct {
	ID, Name, Role, FamilyOf string
	Model, Version           string // private for a family judge
	Run                      time.Time
	Iterations               int
	TunedOn                  string
	Order                    string
	// Pairs compare the judge with each labeller, labeller by labeller and
	// criterion by criterion (the criteria each labeller labels). Nil when
	// the agreement is withheld.
	Pairs []agreement.Pair
	// Late counts validation labels made at or after the judge's first
	// output: a judge with late labels is not blindly validated.
	Late   int
	Prompt string // PromptMatches, PromptDiffers or PromptUnverified
	// TunedOnValidation is true when the prompt was iterated on the
	// validation sample: agreement is then measured on the tuning set.
	TunedOnValidation bool
	// Fixtures are the judge's fixture results, in fixture order.
	Fixtures []FixtureResult
	// Usability is UsabilityNotRun, Usable, Unusable or Undetermined.
	Usability string
	// Independent is false for a primary judge of a writer's family.
	Independent bool
	// Status says whether its verdicts may be reported, and why not.
	Status Status
}

// Usabilities of a judge, from its fixture results.
const (
	UsabilityNotRun = "not run"      // no fixture replies
	Usable          = "usable"       // it returned every fixture's expected verdicts
	Unusable        = "unusable"     // it missed one: it does not separate dense from padded
	Undetermined    = "undetermined" // an expected verdict is on an unscored criterion
)

// Blind is true when every validation label was made before the judge's
// first output.
func (j JudgeReport) Blind() bool { return j.Late == 0 }

// Withheld is true when the judge's agreement may not be reported.
func (j JudgeReport) Withheld() bool { return j.Prompt == PromptDiffers }

// Valid is true when the judge's verdicts are results.
func (j JudgeReport) Valid() bool { return j.Status.Valid }

// FixtureResult is one judge's verdicts on one fixture, criterion by
// criterion against the expected ones; never averaged.
type FixtureResult struct {
	Fixture string
	Checks  []Check
	// Caught is true when no scored check was missed: the judge returned
	// what the fixture expects (a padded one failed, the control passed).
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

// FixtureLength is a fixture's length.
type FixtureLength struct {
	ID    string
	Words int
}

// Report is the whole validation.
type Report struct {
	Ran       bool
	Criteria  []string
	Labellers []Labeller
	// Pilot and Sample are the sections labelled in the pilot and the
	// validation sample (by any labeller), sorted.
	Pilot, Sample []agreement.Item
	// HumanHuman compares each pair of labellers on the criteria both
	// label: the second labeller against the author (else the later by id
	// against the earlier). Empty with fewer than two labellers.
	HumanHuman []agreement.Pair
	Judges     []JudgeReport
	// Ambiguity is per criterion over every rater's applications on the
	// validation sample; AmbiguityAll over all criteria.
	Ambiguity    []agreement.Ambiguity
	AmbiguityAll agreement.Ambiguity
	// Fixtures are the configured fixtures, with their lengths;
	// FixtureLabels the author's labels of them, in their order.
	Fixtures      []Fixture
	FixtureLabels []LabelledFixture
	LengthMatched bool
	// Rankings hold one entry per valid judge, criterion by criterion.
	Rankings []Ranking
	// SelfPreference holds one entry per family judge; those that cannot
	// be measured say why.
	SelfPreference []agreement.SelfPreference
	// Selection is what the judge selection checks found.
	Selection Selection
	// TypeCalibrations are C1's N per section type, each from the pilot's
	// sections of that type; empty without [judged] section_types.
	TypeCalibrations []TypeCalibration
	// Calibration is C1's N from the pilot; Order the protocol's order of
	// dates; Ambiguities the labellers' ambiguity log.
	Calibration Calibration
	Order       Order
	Ambiguities []LoggedAmbiguity
	// Disagreements is the disagreement register: every judge-labeller
	// disagreement on the validation sample, with its cause.
	Disagreements []Disagreement
	Prompt        *Prompt
	Warnings      diag.List
}

// Judge returns the report of the judge with id, or nil.
func (r *Report) Judge(id string) *JudgeReport {
	if r == nil {
		return nil
	}
	for i := range r.Judges {
		if r.Judges[i].ID == id {
			return &r.Judges[i]
		}
	}
	return nil
}

// Valid reports whether the judge with id may be reported: false for a
// judge the report does not know.
func (r *Report) Valid(id string) bool {
	j := r.Judge(id)
	return j != nil && j.Valid()
}

// Build validates the judges of in.
func Build(in Input) *Report {
	r := &Report{Ran: in.Ran, Criteria: in.Criteria, Fixtures: in.Fixtures, Prompt: in.Prompt, Labellers: in.Labellers}
	labellerRatings := make([]agreement.Ratings, len(in.Labellers))
	pilot, sample := map[agreement.Item]bool{}, map[agreement.Item]bool{}
	for i, l := range in.Labellers {
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
	r.Pilot, r.Sample = sortedItems(pilot, in.Writers), sortedItems(sample, in.Writers)
	r.humanHuman(in, labellerRatings)
	if in.Ran {
		r.calibrate(in)
		r.checkOrder(in)
		r.checkFixtureLabels(in)
		r.logAmbiguities(in)
	}

	if in.Prompt == nil && len(in.Judges) > 0 {
		r.Warnings.Add(diag.Warnf(in.ConfigFile, 0, "no published judge prompt is configured, so no judge's prompt can be checked as frozen: no judge's verdicts are results").
			WithHint("set [judged] prompt to the prompt file, relative to the content folder"))
	}
	raters := slices.Clone(labellerRatings)
	for _, jd := range in.Judges {
		raters = append(raters, jd.Ratings)
		r.Judges = append(r.Judges, r.judge(in, jd, labellerRatings))
	}
	r.Ambiguity, r.AmbiguityAll = agreement.AmbiguityOf(raters, in.Criteria, r.Sample)
	r.checkFixtures(in)
	r.checkSelection(in)
	for k := range r.Judges {
		jr := &r.Judges[k]
		jr.Status = r.status(in, jr)
		// The blind and prompt rules warn as they are checked; the others
		// are said here.
		var why []string
		for _, reason := range jr.Status.Reasons {
			if reason.Condition == CondFixtures || reason.Condition == CondAgreement {
				why = append(why, reason.Text)
			}
		}
		if len(why) > 0 {
			r.Warnings.Add(diag.Warnf(in.Judges[k].File, in.Judges[k].Line, "this judge's verdicts are no result (%s): pages show them only as a diagnostic",
				strings.Join(why, "; ")))
		}
	}
	if in.Ran {
		r.logJudgeAmbiguities(in)
	}
	r.register(in, labellerRatings)
	r.rank(in)
	return r
}

// humanHuman compares each pair of labellers on the criteria both label.
func (r *Report) humanHuman(in Input, ratings []agreement.Ratings) {
	for j := 1; j < len(in.Labellers); j++ {
		for i := range j {
			a, b := j, i // the later against the earlier ...
			if in.Labellers[i].Role == judged.RoleSecond && in.Labellers[j].Role == judged.RoleAuthor {
				a, b = i, j // ... but always the second labeller against the author
			}
			la, lb := in.Labellers[a], in.Labellers[b]
			for _, c := range in.Criteria {
				if slices.Contains(la.Criteria, c) && slices.Contains(lb.Criteria, c) {
					r.HumanHuman = append(r.HumanHuman, agreement.Compare(la.ID, ratings[a], lb.ID, ratings[b], c, r.Sample))
				}
			}
		}
	}
}

// sortedItems returns the items of set in the published order of writers
// (agreement.Order).
func sortedItems(set map[agreement.Item]bool, writers []string) []agreement.Item {
	out := make([]agreement.Item, 0, len(set))
	for it := range set {
		out = append(out, it)
	}
	return agreement.SortItems(out, writers)
}

// judge validates one judge: blind labels, the frozen prompt, the sample
// it was tuned on and its agreement with each labeller.
func (r *Report) judge(in Input, jd Judge, labellers []agreement.Ratings) JudgeReport {
	jr := JudgeReport{ID: jd.ID, Name: jd.Name, Role: jd.Role, FamilyOf: jd.FamilyOf, Model: jd.Model, Version: jd.Version, Run: jd.Run,
		Iterations: jd.Iterations, TunedOn: jd.TunedOn, Order: jd.Order, Independent: true}
	first := jd.FirstOutput
	if first.IsZero() || jd.Run.Before(first) {
		first = jd.Run
	}

	// Blind labels: every validation label must predate the judge's first
	// output.
	var lateFiles []string
	for i, l := range in.Labellers {
		late := 0
		for _, lab := range l.Labels {
			if lab.Sample == judged.Validation && !lab.LabelledAt.Before(first) {
				late++
			}
		}
		if late > 0 {
			jr.Late += late
			lateFiles = append(lateFiles, fmt.Sprintf("labeller-%d (%d)", i+1, late)) // as published
		}
	}
	if jr.Late > 0 {
		r.Warnings.Add(diag.Warnf(jd.File, jd.Line,
			"this judge: %d validation label(s) were made at or after its first output (%s), so it is not blindly validated: its verdicts are no result",
			jr.Late, strings.Join(lateFiles, ", ")))
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
			"this judge ran with a prompt whose digest differs from the published %s: its agreement is withheld and its verdicts are no result",
			in.Prompt.File))
	}

	// Iteration: the sample the prompt was tuned on is always stated.
	jr.TunedOnValidation = jd.Iterations > 0 && jd.TunedOn == judged.Validation
	if jr.TunedOnValidation {
		r.Warnings.Add(diag.Warnf(jd.File, jd.Line,
			"this judge's prompt was iterated %s on the validation sample: its agreement is measured on the set it was tuned on; pages say so beside its results",
			numfmt.Times(jd.Iterations)).WithHint("tune the prompt on the pilot sample, and validate on labels it was not tuned on"))
	}

	if jd.Order == judged.OrderFixed {
		r.Warnings.Add(diag.Warnf(jd.File, jd.Line,
			"this judge answered in a fixed order: the protocol asks for the order randomised, or swapped and averaged; pages say so beside its results"))
	}

	if !jr.Withheld() {
		for i, l := range in.Labellers {
			for _, c := range in.Criteria {
				if slices.Contains(l.Criteria, c) {
					jr.Pairs = append(jr.Pairs, agreement.Compare(jd.ID, jd.Ratings, l.ID, labellers[i], c, r.Sample))
				}
			}
		}
	}
	return jr
}
