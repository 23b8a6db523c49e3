package site

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/evalpress/evalpress/internal/numfmt"
	"github.com/evalpress/evalpress/redact/public"
	"github.com/evalpress/evalpress/reports/criteria"
)

// The reporting template is the judge protocol's report, laid out in advance
// as named slots in five parts (judge, validation, adversarial fixtures,
// results, ranking stability). Every slot is filled from the view, or shows
// what it is for and why it is empty: before the judged tier has run, and
// where the protocol's rules withhold a figure. The same slots render as a
// table ({{reporting template}}) and as plain text ({{reporting template
// text}}).

// reportPart is one part of the reporting template.
type reportPart struct {
	Title string
	Slots []reportSlot
}

// reportSlot is one slot: its label, what it holds, and either its lines
// or, when Empty is set, why it holds nothing.
type reportSlot struct {
	Label, Holds string
	Lines        []string
	Empty        string
	// Agreement is set on a slot that holds judges' verdicts or figures
	// made of them: it links to the judged page's agreement table.
	Agreement bool
}

// agreementLink is where a slot's Agreement link leads, from the site's
// root.
const agreementLink = "judged.html#agreement"

// notRun is the reason of every slot that needs the judged tier.
const notRun = "the judged tier has not been run: no judged/ folder in the private inputs"

// oneLabeller is said, in the human-human slot, when a single person labelled.
const oneLabeller = "A single labeller: no agreement between two people was measured, so there is no ceiling " +
	"for the task itself against which the judges' agreement could be read."

// rateText writes a share as "83% (10 of 12)", or "no data (0 of 0)".
func rateText(r public.Rate) string {
	v, ok := r.Value()
	if !ok {
		return "n/a (0 of 0)"
	}
	return fmt.Sprintf("%s (%d of %d)", wholePercent(v), r.Num, r.Den)
}

func wholePercent(v float64) string { return numfmt.Percent(v) }

// kappaText writes kappa with its interval, or why it is undefined.
func kappaText(a public.Agreement) string {
	switch {
	case a.Compared == 0:
		return "κ undefined (nothing compared)"
	case !a.HasKappa:
		return "κ undefined (chance agreement is 1: both raters gave one verdict throughout)"
	case !a.HasInterval:
		return fmt.Sprintf("κ = %s (no interval)", signed(a.Kappa))
	}
	return fmt.Sprintf("κ = %s, 95%% CI %s to %s", signed(a.Kappa), signed(a.Low), signed(a.High))
}

func signed(x float64) string { return numfmt.Stat(x) }

// agreementText writes percent agreement, never without kappa beside it.
func agreementText(a public.Agreement) string {
	s := rateText(a.Agree) + " agreement, " + kappaText(a)
	if a.Ambiguous > 0 {
		s += fmt.Sprintf("; %d ambiguous left out", a.Ambiguous)
	}
	if a.Missing > 0 {
		s += fmt.Sprintf("; %d without a verdict", a.Missing)
	}
	return s
}

// humanCeiling returns the labellers' agreement on criterion, the ceiling
// shown beside every judge figure.
func humanCeiling(v *public.Validation, criterion string) string {
	if len(v.Labellers) < 2 {
		return "no human ceiling (single labeller)"
	}
	var parts []string
	for _, h := range v.HumanHuman {
		if h.Criterion == criterion {
			parts = append(parts, fmt.Sprintf("humans %s vs %s: %s, %s", h.AName, h.BName, rateText(h.Agree), kappaText(h)))
		}
	}
	if len(parts) == 0 {
		return "no human ceiling on " + criterion + " (labelled by one person only)"
	}
	return strings.Join(parts, "; ")
}

// shortCeiling is the labellers' agreement on criterion, for a table cell.
func shortCeiling(v public.Validation, criterion string) string {
	if len(v.Labellers) < 2 {
		return "none: a single labeller"
	}
	var parts []string
	for _, h := range v.HumanHuman {
		if h.Criterion == criterion {
			k := "κ undefined"
			if h.HasKappa {
				k = "κ = " + signed(h.Kappa)
			}
			parts = append(parts, fmt.Sprintf("%s, %s", rateText(h.Agree), k))
		}
	}
	if len(parts) == 0 {
		return "none: one labeller on " + criterion
	}
	return strings.Join(parts, "; ")
}

// judgeNotes are the protocol's marks on a judge's agreement.
func judgeNotes(j public.JudgeValidation) []string {
	var out []string
	if !j.Valid {
		out = append(out, "DIAGNOSTIC ONLY: its verdicts are no result")
	}
	if !j.Blind {
		out = append(out, fmt.Sprintf("NOT BLIND: %d validation label(s) made at or after the judge's first output", j.Late))
	}
	if j.TunedOnValidation {
		out = append(out, "measured on the tuning set: the prompt was iterated on the validation sample")
	}
	if j.Prompt == "unverified" {
		out = append(out, "prompt not verified: no published prompt to compare with")
	}
	return out
}

// statusText is a judge's status phrase (statusPhrase).
func statusText(j public.JudgeValidation) string { return statusPhrase(j.Valid, j.Reasons, j.Notes) }

// statusPhrase is a judge's status, worded the same wherever its verdicts
// or their figures appear (the judged page, the cell pages, the hypothesis
// block, the reporting template's JUDGE, RESULTS and ranking slots): "valid:
// its verdicts are results", or "diagnostic only, its verdicts are no
// result: REASONS", then every note that withholds nothing (a primary judge
// that is not independent, a fixed answer order, a prompt tuned on the
// validation sample).
func statusPhrase(valid bool, reasons, notes []string) string {
	return statusWord(valid) + statusRest(valid, reasons, notes)
}

// statusWord is the status phrase's first words: "valid" or "diagnostic
// only".
func statusWord(valid bool) string {
	if valid {
		return "valid"
	}
	return "diagnostic only"
}

// statusRest is the status phrase after statusWord.
func statusRest(valid bool, reasons, notes []string) string {
	s := ": its verdicts are results"
	if !valid {
		s = ", its verdicts are no result: " + strings.Join(reasons, "; ")
	}
	for _, n := range notes {
		s += "; " + n
	}
	return s
}

// ReportingTemplate fills the reporting template from the view.
func (sd *siteData) ReportingTemplate() []reportPart {
	return reportingTemplate(sd.Public, sd.crit)
}

// ReportingTemplateText is the reporting template in plain text.
func (sd *siteData) ReportingTemplateText() string {
	return reportingText(reportingTemplate(sd.Public, sd.crit))
}

func reportingTemplate(p *public.Public, crit criteria.Set) []reportPart {
	v := &p.Validation
	return []reportPart{
		{"JUDGE", judgeSlots(p, v)},
		{"VALIDATION", validationSlots(v)},
		{"ADVERSARIAL FIXTURES", fixtureSlots(v)},
		{"RESULTS", resultSlots(p, crit, v)},
		{"RANKING STABILITY", rankingSlots(v)},
	}
}

func judgeSlots(p *public.Public, v *public.Validation) []reportSlot {
	primary := reportSlot{Label: "primary judge", Holds: "the headline judge, from a model family no writer belongs to: model, version, when it ran, whether its verdicts are results"}
	family := reportSlot{Label: "bias-measurement judges", Holds: "one judge from each writer's family, named after its writer, with its status"}
	prompt := reportSlot{Label: "prompt", Holds: "frozen for the whole run and published verbatim; each judge's prompt checked against it"}
	iter := reportSlot{Label: "iterations", Holds: "how often the prompt was revised, and on which sample"}
	order := reportSlot{Label: "answer order", Holds: "randomised, or swapped and averaged, on comparative calls; a fixed order is flagged"}
	if p.Prompt != nil {
		line := "published as " + p.Prompt.File
		if p.Prompt.SHA256 != "" {
			line += " (SHA-256 " + p.Prompt.SHA256 + ")"
		} else {
			line += " (redacted for publication: its digest is not published)"
		}
		prompt.Lines = []string{line}
	}
	if !v.Ran {
		primary.Empty, family.Empty, iter.Empty, order.Empty = notRun, notRun, notRun, notRun
		if p.Prompt == nil {
			prompt.Empty = "no published prompt is configured ([judged] prompt)"
		}
		return []reportSlot{primary, family, prompt, iter, order}
	}
	for _, j := range v.Judges {
		if j.Role == "primary" {
			model := strings.TrimSpace(j.Model + " " + j.Version)
			if model == "" {
				model = "model withheld (its family or lab is a writer's)"
			}
			primary.Lines = append(primary.Lines, fmt.Sprintf("%s: %s, ran %s; %s", j.Name, model, j.Run, statusText(j)))
		} else {
			family.Lines = append(family.Lines, fmt.Sprintf("%s: ran %s; %s", j.Name, j.Run, statusText(j)))
		}
		switch j.Prompt {
		case "matches":
			prompt.Lines = append(prompt.Lines, j.Name+": ran with the published prompt")
		case "differs":
			prompt.Lines = append(prompt.Lines, j.Name+": INVALID, ran with another prompt than the published one; its agreement is withheld")
		default:
			prompt.Lines = append(prompt.Lines, j.Name+": not verified")
		}
		it := fmt.Sprintf("%s: %d", j.Name, j.Iterations)
		if j.Iterations > 0 {
			it += ", on the " + tunedOnText(j.TunedOn) + " sample"
			if j.TunedOnValidation {
				it += " (its agreement is measured on the tuning set)"
			}
		}
		iter.Lines = append(iter.Lines, it)
		o := j.Name + ": " + j.Order
		if j.Order == "fixed" {
			o += " (FLAGGED: the protocol asks for a randomised or swapped order)"
		}
		order.Lines = append(order.Lines, o)
	}
	switch sel := v.Selection; {
	case len(primary.Lines) == 0:
		primary.Empty = "no judge in judges.toml has the role primary"
	case !sel.Checked:
		primary.Lines = append(primary.Lines, "independence from the writers' families not checked: "+sel.Unchecked)
	case !sel.Independent:
		primary.Lines = append(primary.Lines, "NOT INDEPENDENT: the primary judge belongs to a writer's family or lab (which one is not said, as it would name the writer's lab)")
	default:
		primary.Lines = append(primary.Lines, "independent: its family and lab are none of the writers'")
	}
	for _, w := range v.Selection.Unmeasured {
		family.Lines = append(family.Lines, w+"'s family: not measured (no family judge)")
	}
	if len(family.Lines) == 0 {
		family.Empty = "no judge in judges.toml has the role family"
	}
	if p.Prompt == nil && len(prompt.Lines) == 0 {
		prompt.Empty = "no published prompt is configured ([judged] prompt)"
	}
	return []reportSlot{primary, family, prompt, iter, order}
}

// tunedOnText names a tuning sample.
func tunedOnText(s string) string {
	switch s {
	case "":
		return "an unstated"
	case "other":
		return "author's own"
	}
	return s
}

func validationSlots(v *public.Validation) []reportSlot {
	pilot := reportSlot{Label: "pilot sample", Holds: "sections labelled by hand to fix the rubric before freezing it"}
	sample := reportSlot{Label: "validation sample", Holds: "sections labelled blind by every labeller, before any judge output existed"}
	hh := reportSlot{Label: "human-human agreement", Holds: "the ceiling: the labellers' agreement with each other, per criterion both labelled, percent with kappa"}
	jh := reportSlot{Label: "judge-human agreement", Holds: "each judge against each labeller, per criterion, percent with kappa, the human ceiling beside it"}
	amb := reportSlot{Label: "ambiguity rate", Holds: "the share of criterion applications marked AMBIGUOUS, per criterion"}
	if !v.Ran {
		for _, s := range []*reportSlot{&pilot, &sample, &hh, &jh, &amb} {
			s.Empty = notRun
		}
		return []reportSlot{pilot, sample, hh, jh, amb}
	}
	pilot.Lines = append([]string{fmt.Sprintf("%d sections", v.Pilot)}, calibrationLines(v)...)
	var names []string
	for _, l := range v.Labellers {
		names = append(names, l.Name)
	}
	sample.Lines = []string{fmt.Sprintf("%d sections, labelled by %s", v.Sample, strings.Join(names, ", "))}
	switch {
	case len(v.Labellers) == 0:
		hh.Empty, jh.Empty, amb.Empty = "no labeller's forms in judged/labels/", "no labeller to compare with", "no validation sample"
		sample.Lines = []string{"0 sections: no labeller's forms"}
		return []reportSlot{pilot, sample, hh, jh, amb}
	case len(v.Labellers) == 1:
		hh.Lines = []string{oneLabeller}
	default:
		for _, h := range v.HumanHuman {
			hh.Lines = append(hh.Lines, fmt.Sprintf("%s, %s vs %s: %s", h.Criterion, h.AName, h.BName, agreementText(h)))
		}
		for _, c := range v.Criteria {
			if !slices.ContainsFunc(v.HumanHuman, func(a public.Agreement) bool { return a.Criterion == c }) {
				hh.Lines = append(hh.Lines, c+": no ceiling, labelled by one person only")
			}
		}
	}
	for _, j := range v.Judges {
		if j.Withheld {
			jh.Lines = append(jh.Lines, j.Name+": WITHHELD, invalid: the judge ran with another prompt than the published one")
			continue
		}
		for _, n := range judgeNotes(j) {
			jh.Lines = append(jh.Lines, j.Name+": "+n)
		}
		for _, a := range j.Pairs {
			jh.Lines = append(jh.Lines, fmt.Sprintf("%s, %s vs %s: %s [%s]", a.Criterion, a.AName, a.BName, agreementText(a), humanCeiling(v, a.Criterion)))
		}
	}
	for _, a := range v.Ambiguity {
		amb.Lines = append(amb.Lines, fmt.Sprintf("%s: %s", a.Criterion, rateText(a.Rate)))
	}
	amb.Lines = append(amb.Lines, "all criteria: "+rateText(v.AmbiguityAll.Rate))
	return []reportSlot{pilot, sample, hh, jh, amb}
}

// calibrationLines state C1's N from the pilot and the order of dates.
func calibrationLines(v *public.Validation) []string {
	c := v.Calibration
	counts := func(ps []public.PilotSection) string {
		var parts []string
		for _, p := range ps {
			parts = append(parts, fmt.Sprintf("%d of %d", p.Present, p.Assigned))
		}
		return strings.Join(parts, ", ")
	}
	var out []string
	switch {
	case !c.Checked:
		out = append(out, "C1's N: none proposed; the pilot does not judge sections both adequate and thin")
	case !c.Separates:
		out = append(out, fmt.Sprintf("C1's N: NONE SEPARATES the adequate sections (%s) from the thin (%s): C1 is to be reworked, not tuned", counts(c.Adequate), counts(c.Thin)))
	default:
		out = append(out, fmt.Sprintf("C1's N: adequate sections %s, thin %s: N from %d to %d separates them, %d proposed", counts(c.Adequate), counts(c.Thin), c.From, c.To, c.From))
	}
	if c.Checked && c.Separates && c.N > 0 && !c.NSeparates {
		out = append(out, fmt.Sprintf("the applied N = %d is outside that range", c.N))
	}
	for _, p := range v.Order.Problems {
		out = append(out, "OUT OF ORDER: "+p)
	}
	return out
}

func expectText(f public.Fixture) string {
	var parts []string
	for _, e := range f.Expect {
		parts = append(parts, e.Criterion+" "+e.Verdict)
	}
	return strings.Join(parts, ", ")
}

// fixtureRan reports whether some judge replied on fixture id.
func fixtureRan(v *public.Validation, id string) bool {
	for _, j := range v.Judges {
		for _, r := range j.Fixtures {
			if r.Fixture == id && r.Replied {
				return true
			}
		}
	}
	return false
}

// expectWords states a fixture's expected verdicts: a prediction, not a
// result, until a judge has run on it.
func expectWords(v *public.Validation, f public.Fixture) string {
	s := "must return " + expectText(f)
	if !fixtureRan(v, f.ID) {
		s += " (a prediction, not a result, until a judge has run on it)"
	}
	return s
}

func fixtureSlots(v *public.Validation) []reportSlot {
	var out []reportSlot
	if len(v.Fixtures) == 0 {
		return []reportSlot{{Label: "fixtures", Holds: "texts engineered to trip one criterion each, with the verdicts a usable judge must return",
			Empty: "no [[fixture]] is configured"}}
	}
	for _, f := range v.Fixtures {
		s := reportSlot{Label: strings.TrimSpace(f.ID + " " + f.Title),
			Holds: fmt.Sprintf("%s; %d words", expectWords(v, f), f.Words)}
		if !v.Ran {
			s.Empty = notRun
		}
		for _, j := range v.Judges {
			if j.Usability == "not run" {
				s.Lines = append(s.Lines, j.Name+": no fixture replies")
				continue
			}
			for _, r := range j.Fixtures {
				if r.Fixture == f.ID {
					s.Lines = append(s.Lines, j.Name+": "+checksText(r))
				}
			}
		}
		out = append(out, s)
	}
	usable := reportSlot{Label: "usable judges", Holds: "a judge must return every fixture's expected verdicts, the dense control's too, or it is not usable, whatever its agreement"}
	if !v.Ran {
		usable.Empty = notRun
	}
	for _, j := range v.Judges {
		line := j.Name + ": " + j.Usability
		var why []string
		for _, r := range j.Fixtures {
			switch {
			case !r.Replied:
				why = append(why, "no reply on "+r.Fixture)
			case !r.Caught && r.Flawed:
				why = append(why, "missed "+r.Fixture)
			case !r.Caught:
				why = append(why, "does not separate the control "+r.Fixture)
			}
		}
		if len(why) > 0 {
			line += " (" + strings.Join(why, ", ") + ")"
		}
		usable.Lines = append(usable.Lines, line)
	}
	length := reportSlot{Label: "length", Holds: "the fixtures are matched in length, so length cannot explain a difference"}
	var words []string
	for _, f := range v.Fixtures {
		words = append(words, fmt.Sprintf("%s %d", f.ID, f.Words))
	}
	verdict := fmt.Sprintf("matched (the shortest within %s of the longest)", wholePercent(v.LengthTolerance))
	if !v.LengthMatched {
		verdict = fmt.Sprintf("NOT MATCHED: the shortest is more than %s shorter than the longest", wholePercent(v.LengthTolerance))
	}
	length.Lines = []string{strings.Join(words, ", ") + " words: " + verdict}
	return append(out, usable, length)
}

// checksText writes a judge's verdicts on one fixture, each against the
// expected one.
func checksText(r public.FixtureResult) string {
	if !r.Replied {
		return "no reply (missed)"
	}
	var parts []string
	for _, c := range r.Checks {
		switch {
		case c.Unscored:
			parts = append(parts, c.Criterion+" not scored")
		case c.Match:
			parts = append(parts, c.Criterion+" "+c.Observed+" as expected")
		default:
			parts = append(parts, fmt.Sprintf("%s %s, expected %s: MISSED", c.Criterion, c.Observed, c.Expected))
		}
	}
	return strings.Join(parts, "; ")
}

// resultsJudge returns the judge whose verdicts fill the RESULTS part: the
// first primary judge, and whether its verdicts are results.
func resultsJudge(v *public.Validation) (*public.JudgeValidation, bool) {
	for i := range v.Judges {
		if v.Judges[i].Role == "primary" {
			return &v.Judges[i], v.Judges[i].Valid
		}
	}
	return nil, false
}

// criterionStatus states a judge's status on one criterion, as it stands
// beside its verdicts: its status phrase, its kappa against each labeller
// with the interval, and the human ceiling.
func criterionStatus(v *public.Validation, j *public.JudgeValidation, criterion string) string {
	return fmt.Sprintf("%s (%s): %s", j.Name, statusText(*j), agreementOn(v, j, criterion))
}

// agreementOn states a judge's agreement on one criterion: its kappa
// against each labeller with the interval, and the human ceiling.
func agreementOn(v *public.Validation, j *public.JudgeValidation, criterion string) string {
	var parts []string
	for _, a := range j.Pairs {
		if a.Criterion == criterion {
			parts = append(parts, "against "+a.BName+" "+kappaText(a))
		}
	}
	agreement := "no agreement measured on " + criterion
	if len(parts) > 0 {
		agreement = strings.Join(parts, "; ")
	}
	return agreement + "; " + humanCeiling(v, criterion)
}

// judgedLine writes one writer's results on a judged criterion under one
// judge: its pass rate, then each section's verdict with the raw count
// the template asks for.
func judgedLine(p *public.Public, crit criteria.Set, judge, writer, criterion string) (string, bool) {
	pass, scored := 0, 0
	var sections []string
	for _, c := range p.Cells {
		if c.Writer != writer {
			continue
		}
		for _, g := range c.Judged {
			if g.Labeller || g.By != judge {
				continue
			}
			for _, o := range g.Outcomes {
				if o.Criterion != criterion {
					continue
				}
				switch o.Verdict {
				case "pass":
					pass++
					scored++
				case "FAIL":
					scored++
				}
				sections = append(sections, c.Section+" "+slotCall(crit, o, g.Additions))
			}
		}
	}
	if len(sections) == 0 {
		return "", false
	}
	return fmt.Sprintf("%s: %d of %d pass; %s", writer, pass, scored, strings.Join(sections, ", ")), true
}

// slotCall writes one section's judged outcome for the template: its
// count as the criterion writes one (C1's bullets present, C2's
// undeveloped groups), and C4's scope-creep instances (the candidate
// additions a human classified as scope creep), as the protocol's slots
// ask.
func slotCall(crit criteria.Set, o public.JudgedOutcome, a *public.Additions) string {
	c := crit.Lookup(criteria.ID(o.Criterion))
	switch {
	case c == nil:
	case c.ID == criteria.C4 && a != nil && a.Candidates > 0:
		return fmt.Sprintf("%s (%d scope-creep instance(s) of %d addition(s) found)", o.Label, a.ScopeCreep, a.Candidates)
	case o.HasCount && c.Tally != "":
		return o.Label + " (" + fmt.Sprintf(c.Tally, o.N, o.Of) + ")"
	case o.HasCount && c.Counts != "":
		return fmt.Sprintf("%s (%d of %d: %s)", o.Label, o.N, o.Of, c.Counts)
	}
	if o.HasCount {
		return fmt.Sprintf("%s (%d of %d)", o.Label, o.N, o.Of)
	}
	return o.Label
}

// protocolResults are the criteria of the RESULTS part of the judge
// protocol's reporting template, in its order: the template mirrors the
// protocol's slots. Every other registered criterion has a slot after them
// (criterionSlot).
var protocolResults = []criteria.ID{criteria.C1, criteria.C2, criteria.C4, criteria.C5, criteria.C6, criteria.G1}

// slotLabel names a criterion's RESULTS slot: its ID and title as the
// criterion states them, a gate marked as one ("G1 length (gate)").
func slotLabel(crit criteria.Set, id criteria.ID) string {
	c := crit.Lookup(id)
	if c == nil {
		return string(id)
	}
	label := string(c.ID) + " " + c.Title
	if c.Kind == criteria.Gate {
		label += " (gate)"
	}
	return label
}

// slotHolds says what a criterion's RESULTS slot holds: the criterion's
// own words (Criterion.Reports), or those of a slot of its kind.
func slotHolds(crit criteria.Set, id criteria.ID) string {
	c := crit.Lookup(id)
	switch {
	case c == nil:
		return ""
	case c.Reports != "":
		return c.Reports
	case c.Judged:
		return "pass rate per writer under the primary judge, and each section's verdict"
	case c.Kind == criteria.Gate:
		return "the gate's pass rate per writer, and each section's verdict; reported apart from the quality criteria"
	}
	return "pass rate per writer, and each section's verdict (code, not a judge)"
}

func resultSlots(p *public.Public, crit criteria.Set, v *public.Validation) []reportSlot {
	prim, valid := resultsJudge(v)
	judged := func(c criteria.ID) reportSlot {
		s := reportSlot{Label: slotLabel(crit, c), Holds: slotHolds(crit, c)}
		switch {
		case !v.Ran:
			s.Empty = notRun
		case prim == nil:
			s.Empty = "no primary judge"
		case !valid:
			s.Empty = "the primary judge's verdicts are no result (" + strings.Join(prim.Reasons, "; ") + "); they are shown only as a diagnostic on the judged results page"
		default:
			for _, w := range p.Writers {
				if line, ok := judgedLine(p, crit, prim.ID, w.Alias, string(c)); ok {
					s.Lines = append(s.Lines, line)
				}
			}
			if len(s.Lines) == 0 {
				s.Empty = "not judged in this build"
				break
			}
			s.Lines = append([]string{"under " + criterionStatus(v, prim, string(c))}, s.Lines...)
		}
		// The verdicts, or the diagnostic they are shown as, are one link
		// from the agreement table.
		s.Agreement = len(s.Lines) > 0 || (v.Ran && prim != nil && !valid)
		return s
	}
	c5 := reportSlot{Label: slotLabel(crit, criteria.C5), Holds: slotHolds(crit, criteria.C5)}
	for _, w := range p.Writers {
		var sections []string
		for _, c := range p.Cells {
			if c.Writer != w.Alias {
				continue
			}
			if !c.HasExample {
				sections = append(sections, c.Section+" no example")
				continue
			}
			sections = append(sections, fmt.Sprintf("%s %d words / %s", c.Section, c.Run, overlapText(c)))
		}
		line := fmt.Sprintf("%s: %d of %d pass", w.Alias, w.Sections()-w.Fails(), w.Sections())
		if len(sections) > 0 {
			line += "; " + strings.Join(sections, ", ")
		}
		c5.Lines = append(c5.Lines, line)
	}
	if len(c5.Lines) == 0 {
		c5.Empty = "no writer measured"
	}
	g1 := reportSlot{Label: slotLabel(crit, criteria.G1), Holds: slotHolds(crit, criteria.G1)}
	scored := false
	for _, w := range p.Writers {
		t := w.Tallies.Of(criteria.Key{Criterion: criteria.G1})
		scored = scored || t.Scored() > 0
		g1.Lines = append(g1.Lines, fmt.Sprintf("%s: %d of %d pass, %d FAIL of %d sections with a target", w.Alias, t.Pass, t.Scored(), t.Fail, t.Scored()))
	}
	if !scored {
		g1.Lines, g1.Empty = nil, "no section has a length target ([g1.targets])"
	}
	var out []reportSlot
	for _, id := range protocolResults {
		switch id {
		case criteria.C5:
			out = append(out, c5)
		case criteria.G1:
			out = append(out, g1)
		default:
			out = append(out, judged(id))
		}
	}
	for _, c := range crit.All() {
		switch {
		case slices.Contains(protocolResults, c.ID):
		case c.Judged:
			out = append(out, judged(c.ID))
		default:
			out = append(out, measuredSlot(p, crit, c))
		}
	}
	return out
}

// measuredSlot is the RESULTS slot of a measured criterion the protocol's
// template does not name: its pass rate per writer, and each section's
// verdict.
func measuredSlot(p *public.Public, crit criteria.Set, c *criteria.Criterion) reportSlot {
	s := reportSlot{Label: slotLabel(crit, c.ID), Holds: slotHolds(crit, c.ID)}
	for _, w := range p.Writers {
		var sections []string
		for _, cell := range p.Cells {
			if cell.Writer != w.Alias {
				continue
			}
			if o, ok := criteria.Find(cell.Outcomes, criteria.Key{Criterion: c.ID}); ok {
				sections = append(sections, cell.Section+" "+o.Label())
			}
		}
		if len(sections) == 0 {
			continue
		}
		t := w.Tallies.Of(criteria.Key{Criterion: c.ID})
		s.Lines = append(s.Lines, fmt.Sprintf("%s: %d of %d pass; %s", w.Alias, t.Pass, t.Scored(), strings.Join(sections, ", ")))
	}
	if len(s.Lines) == 0 {
		s.Empty = "no section measured"
	}
	return s
}

// orderText writes a ranking: "Model 2 (20/24) > Model 1 = Model 3 (18/24)".
func orderText(o public.Order) string {
	var b strings.Builder
	for i, s := range o.Standings {
		if i > 0 {
			if s.Rank == o.Standings[i-1].Rank {
				b.WriteString(" = ")
			} else {
				b.WriteString(" > ")
			}
		}
		fmt.Fprintf(&b, "%s (%d/%d)", s.Writer, s.Passes, s.Scored)
	}
	return b.String()
}

func flipsText(fs []public.Flip) string {
	var parts []string
	for _, f := range fs {
		parts = append(parts, fmt.Sprintf("%s and %s swap", f.Above, f.Below))
	}
	return strings.Join(parts, ", ")
}

func points(x float64) string { return numfmt.Points(x) }

// rankingLines writes one valid judge's orders under its status phrase,
// criterion by criterion, each with the judge's agreement on it and against
// the primary judge's order when compared.
func rankingLines(v *public.Validation, r public.Ranking) []string {
	j := v.Judge(r.Judge)
	if j == nil {
		return nil
	}
	lines := []string{r.Name + " (" + statusText(*j) + "):"}
	for i, o := range r.PerCriterion {
		line := fmt.Sprintf("  %s: %s", o.Criterion, orderText(o))
		if r.Compared && i < len(r.FlipsPerCriterion) {
			switch f := r.FlipsPerCriterion[i]; {
			case len(f) > 0:
				line += "; FLIPS against the primary: " + flipsText(f)
			case i < len(r.SamePerCriterion) && r.SamePerCriterion[i]:
				line += "; the primary's order: stable"
			default:
				line += "; no flip against the primary, but ties differ"
			}
		}
		line += "; its agreement: " + agreementOn(v, j, o.Criterion)
		lines = append(lines, line)
	}
	return lines
}

func rankingSlots(v *public.Validation) []reportSlot {
	prim := reportSlot{Label: "ranking under primary judge", Holds: "writers by share of passes, criterion by criterion (never one composite order); ties shown as ties"}
	fam := reportSlot{Label: "ranking under each family judge", Holds: "the same orders under each family judge, criterion by criterion, and where they flip against the primary's"}
	self := reportSlot{Label: "self-preference effect", Holds: "how much more often a family judge passes its own writer than the primary does, against the same difference for the other writers"}
	if !v.Ran {
		prim.Empty, fam.Empty, self.Empty = notRun, notRun, notRun
		return []reportSlot{prim, fam, self}
	}
	ranked := map[string]bool{}
	for _, r := range v.Rankings {
		ranked[r.Judge] = true
		if r.Role == "primary" {
			prim.Lines = append(prim.Lines, rankingLines(v, r)...)
		} else {
			fam.Lines = append(fam.Lines, rankingLines(v, r)...)
		}
	}
	for _, j := range v.Judges {
		if ranked[j.ID] {
			continue
		}
		line := j.Name + ": not ranked (" + statusText(j) + ")"
		if j.Role == "primary" {
			prim.Lines = append(prim.Lines, line)
		} else {
			fam.Lines = append(fam.Lines, line)
		}
	}
	for _, w := range v.Selection.Unmeasured {
		fam.Lines = append(fam.Lines, w+"'s family: not measured (no family judge)")
	}
	if len(prim.Lines) == 0 {
		prim.Empty = "no primary judge"
	}
	if len(fam.Lines) == 0 {
		fam.Empty = "no family judge"
	}
	for _, s := range v.SelfPreference {
		switch {
		case s.NotMeasured != "":
			self.Lines = append(self.Lines, fmt.Sprintf("%s: not measured: %s", s.Name, s.NotMeasured))
		case !s.HasEffect:
			self.Lines = append(self.Lines, fmt.Sprintf("%s: no verdicts shared with the primary", s.Name))
		default:
			self.Lines = append(self.Lines, fmt.Sprintf("%s: passes %s %s vs the primary's %s (%s); other writers %s vs %s (%s); effect %s",
				s.Name, s.Writer, rateText(s.Own), rateText(s.OwnPrimary), points(s.OwnLift),
				rateText(s.Others), rateText(s.OthersPrimary), points(s.OthersLift), points(s.Effect)))
			for _, pc := range s.PerCriterion {
				if pc.HasEffect {
					self.Lines = append(self.Lines, fmt.Sprintf("  %s: effect %s", pc.Criterion, points(pc.Effect)))
				} else {
					self.Lines = append(self.Lines, fmt.Sprintf("  %s: no verdicts shared", pc.Criterion))
				}
			}
		}
	}
	for _, w := range v.Selection.Unmeasured {
		self.Lines = append(self.Lines, w+": not measured (no family judge)")
	}
	if len(self.Lines) == 0 {
		self.Empty = "no family judge"
	}
	prim.Agreement, fam.Agreement, self.Agreement = prim.Empty == "", fam.Empty == "", self.Empty == ""
	return []reportSlot{prim, fam, self}
}

// reportingText lays the template out as plain text: each part's title,
// then its slots, a label column and the lines beside it.
func reportingText(parts []reportPart) string {
	width := 0
	for _, part := range parts {
		for _, s := range part.Slots {
			width = max(width, utf8.RuneCountInString(s.Label))
		}
	}
	width += 4 // two to indent, two to separate
	var b strings.Builder
	for i, part := range parts {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(part.Title + "\n")
		for _, s := range part.Slots {
			lines := s.Lines
			if s.Empty != "" {
				lines = []string{"[empty: " + s.Holds + "; " + s.Empty + "]"}
			}
			if s.Agreement {
				lines = append(slices.Clip(lines), "(agreement table: "+agreementLink+")")
			}
			for k, l := range lines {
				label := ""
				if k == 0 {
					label = s.Label
				}
				fmt.Fprintf(&b, "  %-*s%s\n", width-2, label, l)
			}
		}
	}
	return b.String()
}

// validationBlocks are the judge validation's block placeholders, each
// rendered by the template "block.<name>" (templates/validation.html).
var validationBlocks = []string{"reporting template", "reporting template text", "judge prompt", "agreement", "fixtures"}

// validationFuncs are the template functions of the validation's blocks.
var validationFuncs = map[string]any{
	"oneLabeller": func() string { return oneLabeller },
	"ceiling":     shortCeiling,
	"rateText":    rateText,
	"kappaText":   kappaText,
	"expectText":  expectText,
	"expectWords": func(v public.Validation, f public.Fixture) string { return expectWords(&v, f) },
	"judgeNotes":  func(j public.JudgeValidation) string { return strings.Join(judgeNotes(j), "; ") },
	"fixtureCell": fixtureCell,
}

// fixtureCell writes one judge's verdicts on one fixture.
func fixtureCell(j public.JudgeValidation, fixture string) string {
	if j.Usability == "not run" {
		return "no fixture replies"
	}
	for _, r := range j.Fixtures {
		if r.Fixture == fixture {
			return checksText(r)
		}
	}
	return "no reply"
}

// The validation's blocks and functions join the site's own here, so that
// they live beside the code that fills them.
func init() {
	for _, name := range validationBlocks {
		blockNames[name] = true
	}
	for name, fn := range validationFuncs {
		funcs[name] = fn
	}
}

// fenced writes text as a fenced code block, with a fence longer than any
// run of backticks inside.
func fenced(text string) string {
	fence := "```"
	for strings.Contains(text, fence) {
		fence += "`"
	}
	return fence + "text\n" + strings.TrimSuffix(text, "\n") + "\n" + fence + "\n"
}

// validationMarkdown is what the validation's blocks become in a
// downloaded document; ok is false for other blocks.
func validationMarkdown(name string, p *public.Public, crit criteria.Set) (string, bool) {
	v := &p.Validation
	var b strings.Builder
	switch name {
	case "reporting template", "reporting template text":
		b.WriteString(fenced(reportingText(reportingTemplate(p, crit))))
	case "judge prompt":
		if p.Prompt == nil {
			b.WriteString("*(No judge prompt is published in this build.)*\n")
		} else {
			fmt.Fprintf(&b, "The judge prompt, verbatim from `%s` (SHA-256 `%s`):\n\n%s", p.Prompt.File, p.Prompt.SHA256, fenced(p.Prompt.Text))
		}
	case "agreement":
		if !v.Ran {
			b.WriteString("*(No agreement figures: the judged tier has not been run.)*\n")
			break
		}
		if len(v.Labellers) < 2 {
			b.WriteString(oneLabeller + "\n\n")
		}
		b.WriteString("| Criterion | A | B | Agreement | Kappa | Human ceiling | Notes |\n| --- | --- | --- | --- | --- | --- | --- |\n")
		for _, h := range v.HumanHuman {
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | this row is the ceiling | human-human |\n", h.Criterion, h.AName, h.BName, rateText(h.Agree), kappaText(h))
		}
		for _, j := range v.Judges {
			if j.Withheld {
				fmt.Fprintf(&b, "| all | %s | every labeller | withheld | withheld | | invalid: ran with another prompt than the published one |\n", j.Name)
				continue
			}
			for _, a := range j.Pairs {
				fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s |\n", a.Criterion, a.AName, a.BName, rateText(a.Agree), kappaText(a),
					humanCeiling(v, a.Criterion), strings.Join(judgeNotes(j), "; "))
			}
		}
	case "fixtures":
		if len(v.Fixtures) == 0 {
			b.WriteString("*(No adversarial fixture is configured.)*\n")
			break
		}
		b.WriteString("| Fixture | Words | Expected |")
		for _, j := range v.Judges {
			b.WriteString(" " + j.Name + " |")
		}
		b.WriteString("\n| --- | --- | --- |" + strings.Repeat(" --- |", len(v.Judges)) + "\n")
		for _, f := range v.Fixtures {
			fmt.Fprintf(&b, "| %s %s | %d | %s |", f.ID, f.Title, f.Words, expectWords(v, f))
			for _, j := range v.Judges {
				b.WriteString(" " + fixtureCell(j, f.ID) + " |")
			}
			b.WriteString("\n")
		}
	default:
		return "", false
	}
	return b.String(), true
}
