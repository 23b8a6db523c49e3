// Package public defines the public view of an evaluation: the only data the
// site renderer receives. Every string in a view has been through redaction
// or is a number, an alias or text evalpress wrote itself.
//
// A View with contents can be made only by Seal, which needs a key that only
// the redact packages can import (Go's internal rule, redact/internal/seal).
// What the compiler does not stop: any package can make an empty View (the
// zero value, or a generic helper's zero T), which holds nothing; and the
// Public struct itself can be filled anywhere, though only Seal turns it into
// a View. That the renderer never reaches private data is held by the
// dependency test (redact_test.go: site imports none of the packages that
// hold it) and, on the written files, by the leak scan.
package public

import (
	"github.com/evalpress/evalpress/config/audience"
	"github.com/evalpress/evalpress/redact/internal/seal"
	"github.com/evalpress/evalpress/reports/criteria"
	"github.com/evalpress/evalpress/reports/stats"
)

// The audiences' names, as a site's marker records them (sitewrite).
const (
	AudiencePublic   = string(audience.Public)
	AudienceInternal = string(audience.Internal)
)

// Seal makes a view of p. Only the redact package holds the key.
func Seal(_ seal.Key, p *Public) *View { return &View{p: p} }

// View is the public view of an evaluation, the only input of the renderer.
type View struct{ p *Public }

// Public returns the view's contents. The zero View has none.
func (v *View) Public() *Public {
	if v == nil || v.p == nil {
		return &Public{}
	}
	return v.p
}

// Public is what a view holds. Every string in it has been through redaction
// or is a number, an alias, or text evalpress wrote itself.
type Public struct {
	Title    string
	Audience audience.Audience
	Excerpts bool
	// CriteriaThresholds are every criterion's thresholds, in the
	// criteria's order: this build's, and the registered ones.
	CriteriaThresholds []CriterionThresholds
	// Registration is the evaluation against its registration file.
	Registration Registration
	// SetChanges are the thresholds --set moved from the config file's own
	// values where no registered ones are declared; Drift.Registered holds
	// the file's value.
	SetChanges []Drift
	// Thresholds are C5's, for the pages that state them.
	Thresholds Thresholds
	// C5Measure is set when C5 is a measurement only ([c5] mode =
	// "measure"): no pass line, no FAIL, no verdict counts.
	C5Measure bool
	// Measures are each writer's C5 measures (longest run, overlap) over
	// its sections with an example; set when C5Measure is.
	Measures []WriterMeasures
	// Registered are the thresholds the rubric registered ([c5.registered]);
	// nil when the config declares none. They never follow --set.
	Registered *Thresholds
	// G1Tolerance is the length gate's tolerance in this build;
	// RegisteredG1Tolerance the rubric's ([g1.registered]), nil when the
	// config declares none.
	G1Tolerance           float64
	RegisteredG1Tolerance *float64
	Writers               []Writer
	// Tallies count every cell's outcomes per criterion (and judge).
	Tallies         criteria.Tallies
	Sections        []string // public section names, in report order
	Cells           []Cell
	Hypotheses      []Hypothesis
	Documents       []Document
	Inputs          []Digest
	MandatedPhrases int
	Source          []SourceFile
	// Validation is the judge validation and the adversarial fixtures
	// (Validation.Ran is false when the judged tier has not run). Prompt is
	// the published judge prompt; nil when none is set.
	Validation Validation
	Prompt     *Prompt
	// Judged is the judged tier; nil when it has not been run.
	Judged *Judged
	// Statistics are how C5's measures split between sections and
	// writers, with permutation tests (computed by the findings).
	Statistics Statistics
	// Repeats are the results over several runs or episodes; nil with one
	// run of one episode. Each cell is then one run's: its Section names
	// the run ("HOOK · episode 1, run 2"), and Episode and Repeat number it.
	Repeats *Repeats
	// Pairs are writer against writer, section by section (and run by
	// run), in the order of Sections.
	Pairs []SectionPairs
}

// Statistics are how the two measures of C5's comparison, the longest run
// and the overlap, split between sections and writers: numbers, and the
// sections left out (not measured for every writer) by their public names.
type Statistics struct {
	Run, Overlap stats.Spread
	Omitted      []string
}

// Thresholds are the thresholds of the build.
type Thresholds struct {
	MaxRun     int
	MaxOverlap float64
	NGram      int
	MinRun     int // shortest highlighted run
}

// Writer is one writer, by alias, with its outcomes counted per criterion
// (and judge).
type Writer struct {
	Alias   string
	Tallies criteria.Tallies
	// HeadlineID is the build's headline criterion (criteria.Set.Headline),
	// whose FAILs Fails counts; "" for none.
	HeadlineID criteria.ID
}

// Fails returns the writer's FAILs of the headline criterion (C5).
func (w Writer) Fails() int { return w.Tallies.Of(criteria.Key{Criterion: w.HeadlineID}).Fail }

// Sections returns the writer's sections the headline criterion scored
// (C5's: those with an example).
func (w Writer) Sections() int { return w.Tallies.Of(criteria.Key{Criterion: w.HeadlineID}).Scored() }

// Cell is one writer's section.
type Cell struct {
	Index      int
	Writer     string // alias
	Section    string // public section name
	Slug       string // file-name-safe, unique: the cell page is cells/Slug.html
	HasExample bool
	// HeadlineID is the build's headline criterion, whose outcome Headline
	// returns; "" for none.
	HeadlineID criteria.ID
	Words, Run int
	// Episode and Repeat number the cell's episode and run from 1; 0 with
	// one run of one episode.
	Episode, Repeat int
	Shared          int
	Distinct        int
	Overlap         float64
	Variant         int // 1-based index of the worst example variant
	Variants        int
	// Outcomes are the cell's outcomes, one per criterion that applies
	// (one per judge for a judged criterion), in the criteria's order.
	Outcomes []criteria.Outcome
	// Excerpt is the longest run as written, redacted, then normalised,
	// then cut at a word to at most 100 characters (redact.Excerpt); set
	// only where the audience may see it.
	Excerpt string
	Runs    []Run
	// RunView is true when the cell has a run view page (cells/Slug.html):
	// it has an example and its texts.
	RunView bool
	// SectionText and ExampleText lay the two texts out as segments, masked
	// for the public audience; nil without example.
	SectionText *TextView
	ExampleText *TextView
	Diff        []DiffOp
	// Judged are every judge's and labeller's verdicts on the cell.
	Judged []JudgedGrade
}

// Outcome returns the cell's outcome of the measured criterion id (zero
// when it has none).
func (c *Cell) Outcome(id criteria.ID) criteria.Outcome {
	o, _ := criteria.Find(c.Outcomes, criteria.Key{Criterion: id})
	return o
}

// Headline returns the cell's outcome of the headline criterion (C5's), the
// cell's one verdict where a single one is shown.
func (c *Cell) Headline() criteria.Outcome { return c.Outcome(c.HeadlineID) }

// Run is a highlighted shared run. ID 1 is the longest.
type Run struct {
	ID        int
	Words     int
	SectionAt int    // word index in the section
	ExampleAt int    // word index in the example
	Text      string // normalised words; only where permitted
}

// Segment kinds of a laid-out text.
const (
	SegText     = "t" // words and the spaces between them
	SegBridge   = "b" // punctuation or other characters inside a run
	SegStripped = "m" // a mandated phrase, stripped before measuring
)

// Segment is a piece of a laid-out text.
type Segment struct {
	Kind string
	Run  int    // the run it belongs to, 0 for none
	Text string // the text, or its mask
}

// TextView is a text laid out for the run view.
type TextView struct {
	Segments []Segment
	Words    int
	Masked   bool
}

// DiffOp is one step of the word-level diff from the example to the section.
type DiffOp struct {
	Op   string // "=", "+" (the writer added), "-" (the writer left out)
	Text string
}

// Hypothesis is a pre-registered hypothesis with its verdict.
type Hypothesis struct {
	ID, Registered, Statement string
	Kind, Model               string
	Fails                     *int
	// Runs is its rule over runs ("pooled", "majority"); "" for none.
	Runs string
	// Criterion and Judge name the prediction's criterion and judge (its
	// id, for data files; JudgeName what pages call it); empty for C5 (the
	// headline criterion). RegistrationWords state the criterion's
	// thresholds at registration (criteria.Settings.Words).
	Criterion, Judge, JudgeName, RegistrationWords string
	Verdict, Reason, Digest                        string
	// DigestWithheld says why Digest is "" (DigestPrivate), when it is: the
	// digest covers its id, statement, prediction and judge as written, and
	// is published only when all of them are published as they are.
	DigestWithheld string
	// RegisteredVerdict and RegisteredReason judge the hypothesis at its
	// registered thresholds; empty when those are the build's thresholds.
	RegisteredVerdict, RegisteredReason string
	// Drifts are the thresholds of its criterion in force that differ from
	// those at registration; Drift states them ("max_run 12 -> 20").
	Drifts []Drift
	Drift  []string
	// Chance is how often shuffling each section's verdicts among the
	// writers gives the writer it names a FAIL gap as large; nil when it
	// names none, or there is nothing to compare.
	Chance *stats.FailGap
	// AsRegistered says whether the hypothesis is as the registration file
	// records it ("as registered", "changed since its registration", "not
	// in the registration"); "" without a registration.
	AsRegistered string
	// Unregistered is true when no registered thresholds are declared for
	// it (none of its own, no registered block): nothing is verdict "at
	// the registered thresholds".
	Unregistered bool
}

// DigestPrivate is why a hypothesis's digest is withheld: a digest of a
// text published redacted would confirm a guess of what was taken out.
const DigestPrivate = "withheld: the hypothesis holds a private term, and its digest would confirm a guess of it"

// Registration is the comparison of the evaluation with its registration
// file (evalpress register); Present is false without one.
type Registration struct {
	Present bool
	At      string // RFC 3339, UTC: when it was registered
	SHA256  string // of the file's bytes: the digest the author posted
	// Matches is true when the evaluation is as registered, by a
	// registration made before the run; Differences say what is not as
	// registered, Late each step of the run the registration came after.
	Matches     bool
	Differences []string
	Late        []string
	// Text is the registration file as it is, published beside the site's
	// data; "" when it cannot be published as it is (it holds a private
	// term, and then SHA256 is "" too).
	Text string
}

// Document is a markdown document of the artifact, redacted.
type Document struct {
	Path     string // slash-separated, relative to the content folder
	Markdown string
}

// Digest is the published digest of one private input file: plain or keyed.
type Digest struct {
	File string
	// SHA256 is the plain digest of a long text (sections.md,
	// examples.md), which anyone holding the file can check; "" for a
	// keyed one.
	SHA256 string
	// HMACSHA256 is the keyed commitment of a small, guessable file, which
	// only a holder of the key kept with the private inputs can check.
	HMACSHA256 string
}

// SourceFile is a file of the measurement's source code.
type SourceFile struct{ Name, Code string }

// Judged is the judged tier's public results: per judge, writer, section
// and criterion, never averaged across judges and never a composite. Rates
// and the cells' grades are valid judges' only: an invalid judge's verdicts
// are in Diagnostic, and nowhere else.
type Judged struct {
	Judges    []JudgedJudge
	Labellers []string // ids (data files); names are in Validation.Labellers
	Criteria  []string // C1, C2, C4, C6
	Sections  []string // public names of the sections the tier covers
	// C1MinPresent (0: N not yet calibrated) and C2MaxUndeveloped are the
	// thresholds applied; Registered* are the rubric's registered ones.
	C1MinPresent, RegisteredC1MinPresent         int
	C2MaxUndeveloped, RegisteredC2MaxUndeveloped float64
	// RegisteredDeclared is false without [judged.registered]: the
	// Registered* fields then hold the rubric's defaults, claimed by
	// nothing.
	RegisteredDeclared bool
	FirstRun, LastRun  string // RFC 3339, UTC
	// Rates are the valid judges' calls, per judge, writer and criterion.
	Rates []JudgedRate
	// Types are the section types with their own pass lines and the
	// valid judges' calls on each (Writer holds nothing there); empty
	// when the sections have no types.
	Types []JudgedType
	// Diagnostic holds, per invalid judge, its verdicts with the reasons
	// they are no result: shown only in a section marked as a diagnostic.
	Diagnostic []DiagnosticJudge
}

// JudgedJudge is one judge as the public may know it. A family judge is
// named after its writer's alias and its model is withheld in public, as
// is a primary judge's that belongs to a writer's family.
type JudgedJudge struct {
	ID, Name, Role string
	Model, Version string // empty when withheld in public
	Writer         string // a family judge's writer's alias
	Run            string // RFC 3339, UTC
	// PromptSHA256 is the digest the judge ran with, shown only when it is
	// the digest of the published prompt as published: "" otherwise.
	PromptSHA256 string
	Iterations   int
	TunedOn      string
	Order        string
	// Valid is true when its verdicts are results; Reasons say why not.
	Valid   bool
	Reasons []string
	Notes   []string
}

// JudgedRate is one judge's calls on one criterion over one writer's judged
// sections.
type JudgedRate struct {
	Judge, Writer, Criterion                 string
	Pass, Fail, Ambiguous, Unscored, Missing int
	// FailLow and FailHigh bound the share of the scored calls that are
	// FAIL (a 95% interval, as the findings computed it).
	FailLow, FailHigh float64
}

// JudgedType is one section type of the judged tier: its sections, the
// pass lines they are judged by, and the valid judges' calls on them.
type JudgedType struct {
	Type             string
	Sections         []string
	C1MinPresent     int
	C2MaxUndeveloped float64
	Rates            []JudgedRate
}

// DiagnosticJudge is an invalid judge's verdicts: never a result.
type DiagnosticJudge struct {
	Judge, Name string
	Reasons     []string
	Rates       []JudgedRate
	Cells       []DiagnosticCell
}

// DiagnosticCell is an invalid judge's verdicts on one cell.
type DiagnosticCell struct {
	Index           int // the cell's index in Public.Cells
	Writer, Section string
	Missing         bool
	Outcomes        []JudgedOutcome
}

// JudgedGrade is one judge's or labeller's verdicts on a cell.
type JudgedGrade struct {
	By, Name string // id, and the name pages show
	Labeller bool
	Sample   string
	Missing  bool
	Outcomes []JudgedOutcome
	// Analysis is the judge's reasoning: internal builds only.
	Analysis string
	// Additions is a judge's C4 as a human classified the candidates it
	// found; Groups are its STEP 2 groups with the kinds of move named for
	// each, when the reply lays them out.
	Additions *Additions
	Groups    []Group
}

// Additions counts a judge's candidate additions on a cell by a human's
// class: scope creep (each an instance), transition, not yet classified.
type Additions struct {
	Candidates, ScopeCreep, Transitions, Unclassified int
}

// Group is one beat group of a judge's STEP 2: the kinds of its moves
// (MECHANISM, EXAMPLE...) and whether the judge called it developed.
type Group struct {
	Moves     []string
	Developed bool
}

// JudgedOutcome is one criterion's verdict, with its raw count for C1 and C2.
type JudgedOutcome struct {
	Criterion, Verdict, Label string
	N, Of                     int
	HasCount                  bool
}

// CriterionThresholds are one criterion's settings that decide verdicts,
// as the criterion states them: in this build, and as registered when the
// config declares a registered block for it.
type CriterionThresholds struct {
	Criterion  criteria.ID
	Now        []criteria.Threshold
	Registered []criteria.Threshold // nil when none is declared
}

// A Drift is one threshold of the build that differs from the rubric's
// registered value: its criterion, its config key, and both values.
type Drift = criteria.Drift

// Drifts lists the build's thresholds that differ from the registered
// ones, criterion by criterion in the criteria's order: every page's
// threshold note and count(changed_thresholds) read this one list.
func (p *Public) Drifts() []Drift {
	var out []Drift
	for _, ct := range p.CriteriaThresholds {
		if ct.Registered == nil {
			continue
		}
		for i, t := range ct.Now {
			if i < len(ct.Registered) && !t.PerSection && t.Value != ct.Registered[i].Value {
				out = append(out, Drift{Criterion: ct.Criterion, Name: t.Name, Key: t.Key, Now: t, Registered: ct.Registered[i]})
			}
		}
	}
	return out
}
