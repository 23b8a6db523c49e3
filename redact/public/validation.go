package public

// Validation is the judge validation of the judged tier, as the reporting
// template and results.json show it: figures, verdicts, aliases, judge and
// labeller ids. Without a judged tier only the fixtures are filled.
type Validation struct {
	// Ran is true when the judged tier has run (a judged/ folder exists).
	Ran bool
	// Criteria are the judged criteria, in report order.
	Criteria []string
	// Labellers are the human labellers, by id.
	Labellers []Labeller
	// Pilot and Sample count the sections labelled in the pilot and in the
	// validation sample.
	Pilot, Sample int
	// HumanHuman compares the labellers criterion by criterion; empty with
	// a single labeller.
	HumanHuman []Agreement
	Judges     []JudgeValidation
	// Ambiguity is per criterion, AmbiguityAll over every criterion.
	Ambiguity    []Ambiguity
	AmbiguityAll Ambiguity
	Fixtures     []Fixture
	// FixtureLabels are the author's blind labels of the fixtures, in
	// their order.
	FixtureLabels []FixtureLabel
	// LengthMatched is false when the fixtures differ in length by more
	// than LengthTolerance of the longest.
	LengthMatched   bool
	LengthTolerance float64
	// Rankings hold one entry per valid judge, criterion by criterion.
	Rankings       []Ranking
	SelfPreference []SelfPreference
	// Selection is what the judge selection checks found.
	Selection Selection
	// Calibration is C1's N from the pilot; Order the protocol's order of
	// dates; Ambiguities the labellers' ambiguity log; Disagreements the
	// disagreement register.
	Calibration Calibration
	// TypeCalibrations are C1's N per section type, each from the pilot's
	// sections of that type; empty without section types.
	TypeCalibrations []TypeCalibration
	Order            DateOrder
	Ambiguities      []LoggedAmbiguity
	Disagreements    []Disagreement
}

// PilotSection is one pilot section's C1 count, of a group.
type PilotSection struct {
	Writer, Section, Labeller string // alias, public name, labeller's name
	Present, Assigned         int
}

// Calibration is C1's N from the pilot: the counts of the sections judged
// adequate and thin, and the N that separates them when one does.
type Calibration struct {
	Adequate, Thin []PilotSection
	Unmarked       int
	Checked        bool // both groups have sections
	Separates      bool
	From, To       int // the N that separate them; From is proposed
	N              int // the configured N (0: not yet calibrated)
	NSeparates     bool
}

// DateOrder is the protocol's order of dates: each step's date (RFC 3339,
// "" when unknown) and the steps found out of order.
type DateOrder struct {
	LastPilot, NRegistered, FirstValidation, LastValidation, FirstJudge string
	Problems                                                            []string
}

// LoggedAmbiguity is an entry of the ambiguity log: a labeller's, or a
// judge's AMBIGUOUS answer (Judge true; Sample "").
type LoggedAmbiguity struct {
	// Labeller is the display name of the labeller, or of the judge.
	Writer, Section, Labeller, Sample, Criterion string
	Judge                                        bool
	Note                                         string // "" when marked AMBIGUOUS without a note
}

// Disagreement is an entry of the disagreement register.
type Disagreement struct {
	Writer, Section, Criterion string
	Judge, JudgeName           string // id, display name
	Labeller, LabellerName     string
	JudgeVerdict, LabelVerdict string // "pass" or "FAIL"
	Cause, Note                string // "" when open
	// Valid is the judge's status: an invalid judge's entries belong to
	// its diagnostic.
	Valid bool
}

// Labeller is a human labeller as readers know it.
type Labeller struct {
	ID   string // in data files only
	Name string // the display name the author gave
	Role string // "author" (the rubric's) or "second"
	// Criteria are the criteria the labeller labels.
	Criteria []string
}

// Selection is the judge selection checks: whether the primary judge is
// independent of the writers' families, and which writers' families no
// family judge measures (by alias).
type Selection struct {
	Checked     bool
	Unchecked   string // why not checked
	Independent bool
	Unmeasured  []string
}

// Judge returns the judge with id, or nil.
func (v *Validation) Judge(id string) *JudgeValidation {
	for i := range v.Judges {
		if v.Judges[i].ID == id {
			return &v.Judges[i]
		}
	}
	return nil
}

// LabellerName returns the display name of rater id: a labeller's or a
// judge's; id itself when neither is known.
func (v *Validation) LabellerName(id string) string {
	for _, l := range v.Labellers {
		if l.ID == id {
			return l.Name
		}
	}
	if j := v.Judge(id); j != nil {
		return j.Name
	}
	return id
}

// Rate is a share with its counts.
type Rate struct{ Num, Den int }

// Value returns the share; ok is false when the denominator is 0.
func (r Rate) Value() (float64, bool) {
	if r.Den == 0 {
		return 0, false
	}
	return float64(r.Num) / float64(r.Den), true
}

// Agreement is rater A's agreement with rater B (the reference) on one
// criterion over the validation sample.
type Agreement struct {
	// A and B are the raters' ids (data files); AName and BName what pages
	// show.
	A, B, Criterion string
	AName, BName    string
	// Sample is the sample's size; Compared the sections both scored PASS
	// or FAIL; Ambiguous and Missing those left out.
	Sample, Compared, Ambiguous, Missing int
	// The 2x2 table, A's verdict first.
	PassPass, PassFail, FailPass, FailFail int
	Agree                                  Rate
	// Kappa is Cohen's kappa; HasKappa is false where it is undefined
	// (chance agreement is 1, or nothing was compared).
	Kappa    float64
	HasKappa bool
	// Low and High bound the 95% bootstrap interval, when HasInterval.
	Low, High            float64
	HasInterval          bool
	Resamples, Undefined int
	CatchFail, CatchPass Rate
}

// JudgeValidation is one judge's validation.
type JudgeValidation struct {
	ID   string
	Name string // the author's display name, or "Primary judge", "Model 2's family judge"
	Role string // "primary" or "family"
	// Writer is a family judge's writer, by alias.
	Writer string
	// Model and Version name a primary judge; empty for family judges,
	// whose model is private.
	Model, Version string
	Run            string // RFC 3339
	Iterations     int
	TunedOn        string
	// TunedOnValidation marks agreement measured on the tuning set.
	TunedOnValidation bool
	// Late counts validation labels made at or after the run; Blind is
	// true when there are none.
	Late  int
	Blind bool
	// Prompt is "matches", "differs" or "unverified"; Withheld is true
	// when the agreement may not be reported (Pairs is then empty).
	Prompt   string
	Withheld bool
	Pairs    []Agreement
	// Usability is "usable", "unusable", "undetermined" or "not run".
	Usability string
	Fixtures  []FixtureResult
	// Order is "randomised", "swapped" or "fixed".
	Order string
	// Valid is true when its verdicts are results; Reasons say which
	// conditions of reporting it fails, and Notes what is stated beside
	// its verdicts either way.
	Valid   bool
	Reasons []string
	Notes   []string
}

// Ambiguity counts criterion applications marked AMBIGUOUS.
type Ambiguity struct {
	Criterion string // "" for all criteria
	Rate      Rate   // ambiguous of applications
}

// Fixture is an adversarial fixture.
type Fixture struct {
	ID, Title string
	File      string // relative to the content folder
	Words     int
	Expect    []Expected
}

// FixtureLabel is the author's blind label of one fixture, against what
// the fixture expects.
type FixtureLabel struct {
	Labeller, Role string // the author's display name ("The author" without one) and role
	Fixture        string
	LabelledAt     string // RFC 3339, UTC
	// Blind is true when it was made before any judge replied.
	Blind  bool
	Checks []Check // Observed is the label's verdict
}

// Expected is a fixture's expected verdict on one criterion.
type Expected struct {
	Criterion, Verdict string // "pass" or "FAIL"
}

// FixtureResult is one judge's verdicts on one fixture.
type FixtureResult struct {
	Fixture                 string
	Replied, Caught, Flawed bool
	Checks                  []Check
}

// Check is one expected verdict against the judge's.
type Check struct {
	Criterion, Expected, Observed string // "pass", "FAIL", "ambiguous", "none"
	Match, Unscored               bool
}

// Ranking is the writers' order under one valid judge, criterion by
// criterion; never one composite order.
type Ranking struct {
	Judge, Name, Role string
	PerCriterion      []Order
	// Compared is true when a valid primary judge's orders are compared
	// with these; Flipped is true when one flips on some criterion, and
	// FlipsPerCriterion and SamePerCriterion say, per criterion, which
	// pairs swap and whether every rank is the primary's.
	Compared          bool
	Flipped           bool
	FlipsPerCriterion [][]Flip
	SamePerCriterion  []bool
}

// Order is a ranking over one criterion, or all ("" criterion).
type Order struct {
	Criterion string
	Standings []Standing
}

// Standing is a writer's place; tied writers share a rank.
type Standing struct {
	Writer               string
	Passes, Scored, Rank int
}

// Flip is a pair of writers ordered oppositely by a judge and the primary:
// Above is ahead under the primary.
type Flip struct{ Above, Below string }

// SelfPreference is a family judge's preference for its own writer.
type SelfPreference struct {
	Judge, Name, Writer                    string
	Own, OwnPrimary, Others, OthersPrimary Rate
	// OwnLift, OthersLift and Effect are differences of pass rates (family
	// minus primary; own lift minus others' lift), when HasEffect.
	OwnLift, OthersLift, Effect float64
	HasEffect                   bool
	// Criterion names the criterion of an entry of PerCriterion.
	Criterion    string
	PerCriterion []SelfPreference
	// NotMeasured says why nothing was measured ("" when it was).
	NotMeasured string
}

// Prompt is the published judge prompt, shown verbatim.
type Prompt struct {
	File   string // relative to the content folder
	Text   string
	SHA256 string
}

// TypeCalibration is C1's N for one section type, from the pilot's
// sections of that type alone.
type TypeCalibration struct {
	Type              string
	Sections, Piloted []string // public section names
	Calibration
}
