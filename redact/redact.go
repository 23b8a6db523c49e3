// Package redact is the wall between an evaluation's private findings and its
// public site. It turns findings (real model names, generated texts, mandated
// phrases) into a View that holds only what the audience may see: aliases,
// numbers, verdicts, section names and document prose with private terms
// replaced by visible placeholders, and texts masked word by word unless the
// audience is internal.
//
// A View can only be made by New: its one field is unexported, so the site
// renderer, which accepts nothing but a *View, cannot be handed private data
// by mistake. The leak scan (package leakscan) is the second wall: it reads
// every file before the build writes it and fails the build on any private
// term or private passage. Both find terms with package matcher.
//
// redact reads no file: the build reads the inputs and the content folder
// and hands them in (Input).
package redact

import (
	"github.com/evalpress/evalpress/config"
	"github.com/evalpress/evalpress/matcher"
	"github.com/evalpress/evalpress/redact/internal/seal"
	"github.com/evalpress/evalpress/redact/public"
	"github.com/evalpress/evalpress/reports/criteria"
	"github.com/evalpress/evalpress/reports/findings"
	"github.com/evalpress/evalpress/reports/inputs"
)

// Input is what New needs.
type Input struct {
	Config    *config.Config
	Findings  *findings.Findings
	Folder    *inputs.Folder
	Documents []RawDocument // unredacted
	Source    []public.SourceFile
	// Commitments are the keyed digests (internal/commitment) of the
	// small private inputs, by file name: the only digests published of
	// them.
	Commitments map[string]string
	// Excerpts are the findings' cells' excerpts (FindingsExcerpts) when
	// the view shows excerpts: made once by the build, for the view and
	// the leak scan's permits. nil makes them.
	Excerpts []string
	// Prompt is the published judge prompt (nil when none is configured);
	// the judge validation is the findings' (Findings.Validation).
	Prompt *RawPrompt
	// Registration is the evaluation against its registration file, and
	// the file's bytes; nil without one.
	Registration *RawRegistration
}

// New builds the view of in for the configured audience.
func New(in Input) (*public.View, error) {
	if err := CheckAliases(in.Folder, in.Findings.Writers); err != nil {
		return nil, err
	}
	r := newRedactor(in)
	p := r.header()
	var err error
	if p.Cells, err = r.cells(); err != nil {
		return nil, err
	}
	prompt := publicPrompt(in.Prompt, r.m)
	r.judgedView(p, prompt)
	p.Statistics = r.statistics()
	var withheld []string
	p.Hypotheses, withheld = r.hypotheses()
	if in.Prompt != nil && prompt.SHA256 == "" {
		withheld = append(withheld, in.Prompt.SHA256)
	}
	// The author's documents are published as written: one with a private
	// term stops the build (CheckDocuments), never is masked.
	if p.Documents, err = r.documents(); err != nil {
		return nil, err
	}
	p.Registration = publicRegistration(in.Registration, r.m, withheld)
	p.Inputs = r.inputDigests()
	p.Validation = publicValidation(in.Findings.Validation, r.alias, r.names, r.ids, r.m)
	p.Prompt = prompt
	return public.Seal(seal.Key{}, p), nil
}

// redactor holds what every part of one view is made with.
type redactor struct {
	in     Input
	m      *matcher.Matcher
	masked bool // a public audience: texts masked
	// alias maps a script heading to its writer's alias, publicName a
	// section name to its published form, names a judge's or labeller's
	// id to what pages call it, ids the same id to its published id
	// (judged.Tier.PublicIDs).
	alias, publicName, names, ids map[string]string
	// headlineID is the headline criterion's ID, "" when there is none.
	headlineID criteria.ID
	// repeats are the results over runs (nil with one run of one
	// episode), and cellSection each cell's public section name: with
	// several runs, named with its run ("HOOK · episode 1, run 2").
	repeats     *public.Repeats
	cellSection []string
}

func newRedactor(in Input) *redactor {
	r := &redactor{in: in, m: matcher.New(matcher.Terms(in.Folder)),
		masked: in.Config.Publish.Audience == config.Public,
		alias:  map[string]string{}, publicName: map[string]string{}, names: map[string]string{}, ids: map[string]string{}}
	for _, w := range in.Findings.Writers {
		r.alias[w.Script] = w.Alias
	}
	if h := in.Findings.Criteria.Criteria().Headline(); h != nil {
		r.headlineID = h.ID
	}
	for _, s := range in.Findings.SectionNames {
		r.publicName[s] = r.m.Replace(s)
	}
	r.repeats = publicRepeats(in.Findings, r.alias, r.publicName)
	if in.Findings.Judged != nil {
		r.names = graderNames(in.Findings.Judged, r.alias, r.m)
		r.ids = in.Findings.Judged.PublicIDs(r.alias)
	}
	return r
}

// header makes the view's title, thresholds, tallies, writers and sections.
func (r *redactor) header() *public.Public {
	cfg, f, s := r.in.Config, r.in.Findings, r.in.Findings.Criteria
	p := &public.Public{
		Title:              r.m.Replace(cfg.Title),
		Audience:           cfg.Publish.Audience,
		Excerpts:           cfg.Publish.Excerpts || !r.masked,
		CriteriaThresholds: criteriaThresholds(s), SetChanges: config.SetChanges(cfg), C5Measure: s.C5().Measuring(),
		Thresholds: public.Thresholds{MaxRun: s.C5().MaxRun, MaxOverlap: s.C5().MaxOverlap,
			NGram: s.NGram(), MinRun: f.MinRun},
		Registered:  registered(s),
		G1Tolerance: s.G1().Tolerance, RegisteredG1Tolerance: registeredG1(s),
		Tallies:         r.tallies(f.Tallies),
		MandatedPhrases: len(f.Phrases),
		Source:          r.in.Source,
	}
	for _, w := range f.Writers {
		p.Writers = append(p.Writers, public.Writer{Alias: w.Alias, Tallies: r.tallies(w.Tallies), HeadlineID: r.headlineID})
	}
	p.Repeats = r.repeats
	p.Sections, r.cellSection = runSections(f, r.repeats, r.publicName)
	p.Pairs = publicPairs(f, r.cellSection)
	if p.C5Measure {
		for _, m := range f.Measures() {
			p.Measures = append(p.Measures, public.WriterMeasures{Writer: m.Alias, Run: m.Run, Overlap: m.Overlap})
		}
	}
	return p
}

// statistics makes the view's statistics, the omitted sections by their
// public names.
func (r *redactor) statistics() public.Statistics {
	st := r.in.Findings.Statistics
	out := public.Statistics{Run: st.Run, Overlap: st.Overlap}
	for _, s := range st.Omitted {
		out.Omitted = append(out.Omitted, r.publicName[s])
	}
	return out
}
