// Package pipeline runs a whole evalpress build, one stage after another
// (Build): read the configuration, lock the output folder, read the private
// inputs, measure, assemble the findings, redact them into a public view,
// render the site and write it atomically behind the leak scan
// (leakcheck.go). Nothing private outlives a build: the only thing a build
// reads of the one before is the results.json it published (baseline.go).
//
// Memory: a build's heap is what Go's collector makes of it (GOGC, 100 by
// default: up to twice the live heap). The process sets no memory limit of
// its own; on a machine short of memory, run it with GOMEMLIMIT (for
// example GOMEMLIMIT=250MiB), which has the collector run more often as the
// heap nears the limit, at some cost in time.
package pipeline

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/evalpress/evalpress"
	"github.com/evalpress/evalpress/config"
	"github.com/evalpress/evalpress/internal/commitment"
	"github.com/evalpress/evalpress/internal/diag"
	"github.com/evalpress/evalpress/internal/jscompat"
	"github.com/evalpress/evalpress/internal/provenance"
	"github.com/evalpress/evalpress/internal/readfile"
	"github.com/evalpress/evalpress/internal/version"
	"github.com/evalpress/evalpress/matcher"
	"github.com/evalpress/evalpress/redact"
	"github.com/evalpress/evalpress/redact/public"
	"github.com/evalpress/evalpress/reports/c5"
	"github.com/evalpress/evalpress/reports/criteria"
	"github.com/evalpress/evalpress/reports/findings"
	"github.com/evalpress/evalpress/reports/inputs"
	"github.com/evalpress/evalpress/reports/judged"
	"github.com/evalpress/evalpress/reports/measure"
	"github.com/evalpress/evalpress/reports/registration"
	"github.com/evalpress/evalpress/reports/validation"
	"github.com/evalpress/evalpress/site"
	"github.com/evalpress/evalpress/sitewrite"
)

// Options are a build's settings from the command line.
type Options struct {
	Config   string   // config file
	Inputs   string   // private inputs folder; "" for the config's
	Out      string   // output folder; "" for the config's
	Sets     []string // key=value overrides
	Baseline string   // earlier results.json; "" for the output folder's
	Force    bool     // let an internal build replace a public one
	// Wait makes a build wait for another one writing the same output
	// folder, rather than fail.
	Wait bool
	// OutLocked says the caller holds the output folder's lock (serve).
	OutLocked bool
	// Criteria are the criteria the build judges; empty for
	// criteria.Default's (criteria.Default().With(c7) adds one).
	Criteria criteria.Set
	// Release, when set, also publishes the site as the release of this
	// name (releases.go).
	Release string
	// ReleaseAs, when set, is the release Release makes, as a site records
	// it (verify rebuilds it so): its date and number are not chosen anew.
	ReleaseAs *provenance.Release
	// ReleasesFrom is the folder of the earlier releases; "" for the
	// output folder's releases/.
	ReleasesFrom string
}

// criteria returns the criteria of a build with o.
func (o Options) criteria() criteria.Set {
	return o.Criteria.OrDefault()
}

// Result describes a finished build.
type Result struct {
	Pages   int
	Elapsed time.Duration
	Out     string
	// Watch lists the files and folders the build read, for a watcher.
	Watch []string
	// Baselined is true when the build compared with an earlier one, and
	// Changes lists the cells whose verdict flipped since it.
	Baselined bool
	Changes   []site.Change
	// NewEvaluation is true when the earlier build was of another
	// evaluation (no writer, or no section, in common): nothing compared.
	NewEvaluation bool
}

// Build runs a whole build. Warnings and progress go to stderr.
func Build(ctx context.Context, o Options, stderr io.Writer) (*Result, error) {
	b := &build{ctx: ctx, o: o, stderr: stderr, start: time.Now()}
	if err := b.configure(); err != nil {
		return nil, err
	}
	release, err := b.lock()
	if err != nil {
		return nil, err
	}
	defer release()
	defer b.close()
	if err := b.readInputs(); err != nil {
		return nil, err
	}
	if err := b.measure(); err != nil {
		return nil, err
	}
	if err := b.assembleFindings(); err != nil {
		return nil, err
	}
	if err := b.redact(); err != nil {
		return nil, err
	}
	if err := b.renderScanWrite(); err != nil {
		return nil, err
	}
	if b.scanner != nil && b.scanner.scanner != nil {
		if files := b.scanner.scanner.Unscanned(); len(files) > 0 {
			fmt.Fprintf(b.stderr, "evalpress: published without a leak scan (publish.unscanned): %s\n", strings.Join(files, ", "))
		}
	}
	b.progress.say("done")
	return b.result(), nil
}

// maskPaths makes the folder's private terms, as far as they are read, the
// mask of every path the build's messages name (diag.MaskPaths): an
// author's file or folder named after a judge ("judged/haiku.md") or a
// model must not reach a public CI log.
func (b *build) maskPaths() {
	m := matcher.New(matcher.Terms(b.folder))
	b.terms = m
	diag.MaskPaths(b.stderr, m.MaskLine)
}

// build is one run of Build: what each of its stages hands the next.
type build struct {
	ctx    context.Context
	o      Options
	stderr io.Writer
	start  time.Time

	// configure
	cfg               *config.Config
	inputsDir, outDir string
	templates         fs.FS // the templates folder beside the config; nil for none
	templatesLabel    string
	// readInputs
	key      []byte // the commitment key
	baseline func() (baseline, error)
	folder   *inputs.Folder
	terms    *matcher.Matcher // the folder's private terms (maskPaths)
	tier     *judged.Tier
	progress *progress
	scanner  *leakCheck // nil in an internal build
	// measure
	m *measure.Result
	// tokens are the texts' tokens the measurement made, for the
	// findings' run views; dropped once they have them.
	tokens *measure.Texts
	// assembleFindings, redact: the content folder (read before the
	// findings, which validate the judges against its prompt and fixtures)
	docs      []redact.RawDocument
	rawPrompt *redact.RawPrompt
	prompt    *validation.Prompt
	fixtures  []validation.Fixture
	// registration is the evaluation against its registration file; nil
	// without one.
	registration *registrationCheck
	f            *findings.Findings
	excerpts     []string          // the cells' excerpts a public build shows (cellExcerpts)
	files        map[string][]byte // the content folder's other files
	view         *public.View
	// renderScanWrite
	out  *site.Output
	base baseline
	// release is the release this build makes; nil for none.
	release *provenance.Release
}

// configure reads the config and settles the build's folders, refusing
// folders that cannot be used before anything is locked.
func (b *build) configure() error {
	cfg, err := config.Load(b.o.Config, b.o.Sets, b.o.criteria())
	if err != nil {
		return err
	}
	b.cfg = cfg
	if d := config.RegisteredDrift(cfg); len(d) > 0 {
		b.warn(diag.List{diag.Warnf(b.o.Config, 0, "thresholds differ from the registered ones: %s; pages with verdicts say so", strings.Join(d, ", "))})
	}
	if d := config.SetChangeWords(cfg); len(d) > 0 {
		b.warn(diag.List{diag.Warnf(b.o.Config, 0, "--set changes thresholds for which no registered ones are declared: %s; pages with verdicts say so", strings.Join(d, ", "))})
	}
	b.inputsDir, b.outDir = cfg.Path(cfg.Inputs.Dir), cfg.Path(cfg.Publish.Out)
	if b.o.Inputs != "" {
		b.inputsDir = b.o.Inputs
	}
	if b.o.Out != "" {
		b.outDir = b.o.Out
	}
	if err := separateFolders(b.outDir, b.inputsDir); err != nil {
		return err
	}
	if err := checkContentDir(cfg); err != nil {
		return err
	}
	if b.o.Inputs == "" {
		if err := checkInputsDir(cfg); err != nil {
			return err
		}
	}
	b.templatesLabel = "templates"
	if b.templates, err = templateOverride(b.ctx, cfg.Path("templates")); err != nil {
		return err
	}
	if b.templates != nil {
		b.templatesLabel = cfg.Path("templates")
	}
	if old := cfg.Path(oldCacheDir); isDir(old) {
		b.warnf("%s: note: evalpress no longer keeps a cache; this folder holds private data (names, texts) from older builds and can be removed", old)
	}
	// A folder that cannot be one is said so before it is locked.
	_, err = sitewrite.ExistingAudience(b.outDir)
	return err
}

// oldCacheDir is the folder beside the config where evalpress kept a cache
// of private data before it kept none; a build names it, never removes it.
const oldCacheDir = ".evalpress-cache"

// lock takes the output folder's lock, recovers what a killed build left,
// and refuses to replace a public site with an internal one unless forced.
// The function it returns releases the lock.
func (b *build) lock() (func(), error) {
	release, err := lockBuild(b.ctx, b.o, b.outDir, b.stderr)
	if err != nil {
		return nil, err
	}
	existing, err := sitewrite.ExistingAudience(b.outDir)
	if err == nil && b.cfg.Publish.Audience == config.Internal && existing == string(config.Public) && !b.o.Force {
		err = fmt.Errorf("%s: %w; build into another --out, or pass --force", b.outDir, sitewrite.ErrInternalOverPublic)
	}
	if err != nil {
		release()
		return nil, err
	}
	return release, nil
}

// readInputs opens the private inputs and their judged tier, and starts
// what runs meanwhile: reading the earlier results and making the leak
// scanner.
func (b *build) readInputs() error {
	key, err := commitmentKey(b.inputsDir, b.stderr)
	if err != nil {
		return err
	}
	b.key = key
	b.baseline = async(func() (baseline, error) { return loadBaseline(b.ctx, b.o.Baseline, b.outDir) })
	if b.folder, err = inputs.Open(b.inputsDir, inputs.WithContext(b.ctx)); err != nil {
		// Every broken file is reported at once: the judged tier's too,
		// when sections.md, which its files name, could be read.
		var oe *inputs.OpenError
		if errors.As(err, &oe) && oe.Sections != nil {
			_, judgedErr := judged.Load(readfile.DirFS(b.ctx, b.inputsDir, readfile.Corpus), b.inputsDir, oe.Sections)
			err = diag.Join(err, judgedErr)
		}
		return err
	}
	b.maskPaths()
	b.warn(b.folder.Diagnostics.Warnings())
	// The judged tier, when the inputs have one, adds private terms (a
	// family judge's model): read before the redaction and the scan start.
	b.tier, err = judged.Attach(b.ctx, b.folder, b.inputsDir)
	b.maskPaths()
	if err != nil {
		if cerr := b.readContent(); cerr != nil {
			return diag.Join(err, cerr)
		}
		return b.checkDocumentsWithout(err)
	}
	if b.tier != nil {
		b.warn(b.tier.Diagnostics.Warnings())
	}
	writers, err := findings.AssignAliases(b.folder, b.key)
	if err != nil {
		return err
	}
	if err := redact.CheckAliases(b.folder, writers); err != nil {
		return err
	}
	if err := checkReleaseTerms(b.o.Release, b.terms); err != nil {
		return err
	}
	// Two or more writers without an alias are numbered in the key's
	// order (one has its number whatever the order): say so, once.
	if n := findings.Unaliased(b.folder); n > 1 {
		b.warnf("%s: warning: %d writers have no alias: they are numbered \"Model N\" after the given aliases in the order of the inputs' key (%s), not in sections.md's; aliases in %s choose them", filepath.Join(b.inputsDir, inputs.ModelsFile), n, commitment.KeyFile, inputs.ModelsFile)
	}
	b.progress = newProgress(b.stderr, len(b.folder.Sections))
	// The content folder, read once: the judges are validated against its
	// prompt and fixtures, which are public, so what a judge's analysis
	// quotes of them is no private passage for the scanner.
	if err := b.readContent(); err != nil {
		return err
	}
	// The leak scanner reads every private text: it is made meanwhile.
	if b.cfg.Publish.Audience == config.Public {
		b.scanner = startLeakCheck(b.ctx, b.folder)
		b.scanner.unscanned = b.cfg.Publish.Unscanned
	}
	return nil
}

// readContent reads the content folder, and the prompt and fixtures the
// judges are validated against, which it adds to the inputs' public texts.
func (b *build) readContent() error {
	docs, files, err := readContent(b.ctx, b.cfg.Path(b.cfg.ContentDir), b.inputsDir)
	if err != nil {
		return err
	}
	prompt, rawPrompt, fixtures, err := validationInputs(b.cfg, docs, files, b.terms.Replace)
	if err != nil {
		return err
	}
	b.docs, b.files, b.rawPrompt, b.prompt, b.fixtures = docs, files, rawPrompt, prompt, fixtures
	b.folder.AddPublicTexts(protocolTexts(b.cfg, docs, files)...)
	return nil
}

// checkDocumentsWithout returns err, the judged tier's, with the problems
// of the documents as far as they can be checked without the tier: the
// build stops and writes nothing, but a false claim on the C5 results is
// not hidden behind a broken judged file. The placeholders that need the
// tier go unchecked (site.CheckDocuments); this pass's own warnings, of a
// build without the tier, are not shown.
func (b *build) checkDocumentsWithout(err error) error {
	b.tier = nil
	b.progress = newProgress(io.Discard, len(b.folder.Sections))
	stderr := b.stderr
	b.stderr = io.Discard
	defer func() { b.stderr = stderr }()
	check := func() error {
		if err := b.measure(); err != nil {
			return err
		}
		if err := b.assembleFindings(); err != nil {
			return err
		}
		if err := b.redact(); err != nil {
			return err
		}
		cfg := b.cfg
		return site.CheckDocuments(b.view, site.Options{Templates: evalpress.Templates(), Assets: evalpress.Assets(), ContentLabel: cfg.Path(cfg.ContentDir),
			Files: b.files, Context: b.ctx, Criteria: b.o.criteria()})
	}
	docErr := check()
	if b.ctx.Err() != nil {
		return b.ctx.Err()
	}
	var d *diag.Diagnostic
	if !errors.As(docErr, &d) {
		docErr = nil // not a document's problem: the tier's error is what to fix first
	}
	return diag.Join(err, docErr)
}

// measure measures every section, keeping the texts' tokens for the run
// views.
func (b *build) measure() error {
	b.progress.say("measuring %d sections", len(b.folder.Sections))
	var err error
	b.m, b.tokens, err = measure.RunWithTexts(b.ctx, b.folder, b.cfg.Criteria.NGram(), b.cfg.Criteria.Criteria().TextMeasures()...)
	return err
}

// assembleFindings judges every criterion and the hypotheses, with the
// texts of the run views, and says what the settings name that the inputs
// lack.
func (b *build) assembleFindings() error {
	cfg := b.cfg
	// A public build shows no run's words: the texts' are not kept.
	dropWords := cfg.Publish.Audience == config.Public
	prompt, fixtures := b.prompt, b.fixtures
	var err error
	if b.registration, err = checkRegistration(b.ctx, cfg, b.docs, b.files, b.stderr); err != nil {
		return err
	}
	var nRegistered time.Time
	if r := b.registration; r != nil && r.declaresN {
		nRegistered = r.Check.At
	}
	f, err := findings.Build(b.ctx, b.folder, findingsSettings(cfg), b.m, findings.Options{DropWords: dropWords, Tokens: b.tokens, Judged: b.tier, Key: b.key,
		Fixtures: fixtures, Prompt: prompt, NRegistered: nRegistered})
	b.tokens = nil
	if err == nil {
		err = b.ctx.Err()
	}
	if err != nil {
		return err
	}
	// The findings hold what the later stages need of the measurement: its
	// memory goes now.
	b.f, b.m = f, nil
	b.registration.order(f.Validation.Order.FirstJudge, b.stderr, cfg.Path(registration.File))
	if f.JudgedResults != nil {
		b.warn(f.JudgedResults.Diagnostics.Warnings())
	}
	b.warn(f.Validation.Warnings.Warnings())
	// A name is not quoted: where a section belongs, it may be a writer's.
	for i, name := range cfg.Judged.Sections {
		if !slices.Contains(f.SectionNames, name) {
			b.warn(diag.List{diag.Warnf(cfg.File, cfg.KeyLine("judged.sections"), "[judged] sections: name %d of %d is no section of sections.md", i+1, len(cfg.Judged.Sections))})
		}
	}
	b.warn(cfg.Unused(f.SectionNames))
	return nil
}

// findingsSettings are the settings of cfg the findings are made under.
func findingsSettings(cfg *config.Config) findings.Settings {
	return findings.Settings{Criteria: cfg.Criteria, MinRun: cfg.MinRunWords(), JudgedSections: cfg.Judged.Sections,
		Hypotheses: cfg.Hypotheses, ConfigFile: cfg.File}
}

// redact reads the content folder, validates the judged tier, and makes
// the public view: the only thing the renderer sees.
func (b *build) redact() error {
	b.progress.say("redacting")
	commitments, err := commit(b.ctx, b.folder, b.inputsDir, b.key)
	if err != nil {
		return err
	}
	b.excerpts = cellExcerpts(b.cfg, b.folder, b.f)
	in := redact.Input{Config: b.cfg, Findings: b.f, Folder: b.folder, Documents: b.docs, Source: sourceFiles(b.o.criteria()),
		Prompt: b.rawPrompt, Commitments: commitments, Excerpts: b.excerpts, Registration: b.registration.raw()}
	if b.view, err = stoppable(b.ctx, func() (*public.View, error) { return redact.New(in) }); err != nil {
		return err
	}
	// A hypothesis naming a writer is published redacted and without its
	// digest: nobody can verify it as registered, and the author should know.
	for i, h := range b.view.Public().Hypotheses {
		if h.DigestWithheld != "" {
			b.warn(diag.List{diag.Warnf(b.cfg.File, b.f.Hypotheses[i].Line,
				"hypothesis %s holds a private term, so its digest is withheld and it cannot be verified as registered; name writers by their aliases", h.ID)})
		}
	}
	// The view holds what the pages show: the private inputs (the texts
	// read whole, 12 MB on the bench) go before the pages are made. The
	// leak scanner keeps what it needs of them.
	b.folder, b.tier = nil, nil
	return b.ctx.Err()
}

// renderScanWrite renders the site; every file is leak-scanned (in a
// public build) and written as it is made, and the new site swapped in
// once all of them passed.
func (b *build) renderScanWrite() error {
	var err error
	if b.base, err = b.baseline(); err != nil {
		return err
	}
	if b.base.warning != "" {
		fmt.Fprintf(b.stderr, "evalpress: %s\n", b.base.warning)
	}
	earlier, err := b.readReleases()
	if err != nil {
		return err
	}
	b.progress.say("rendering")
	opt, err := b.siteOptions(earlier)
	if err != nil {
		return err
	}
	// A release's excerpts were published with it, which this site
	// carries: they are permitted in the release's own files.
	allowed := permits{all: redact.Permits(b.excerpts), under: releaseExcerpts(earlier)}
	var check func(sitewrite.File) error
	if b.scanner != nil {
		check = b.scanner.fileCheck(allowed)
	}
	// The findings are in the view now: their memory goes before the pages
	// are made.
	b.f = nil
	w, err := sitewrite.NewWriter(b.ctx, b.outDir, string(b.cfg.Publish.Audience), check)
	if err != nil {
		return err
	}
	opt.Emit = func(f site.File) { w.Add(sitewrite.File(f)) }
	out, err := stoppable(b.ctx, func() (*site.Output, error) { return b.render(opt, earlier) })
	if err == nil {
		err = b.ctx.Err()
	}
	if err != nil {
		w.Abort()
		return err
	}
	b.progress.say("scanning and writing %d files", len(out.Files))
	// The files of the output folder evalpress did not write are carried
	// into the new site and published with it: scanned too.
	if b.scanner != nil {
		if err := b.scanner.scanPublished(b.ctx, b.outDir, allowed); err != nil {
			w.Abort()
			if errors.Is(err, errLeak) {
				return b.scanner.report(b.outDir, b.cfg.Path(b.cfg.ContentDir), b.files, earlier)
			}
			return err
		}
	}
	if err := w.Commit(); err != nil {
		if errors.Is(err, errLeak) {
			return b.scanner.report(b.outDir, b.cfg.Path(b.cfg.ContentDir), b.files, earlier)
		}
		return err
	}
	for _, line := range w.Warnings() {
		fmt.Fprintf(b.stderr, "evalpress: %s\n", line)
	}
	b.out = out
	return nil
}

// siteOptions are the renderer's options: the templates, the content's
// files, the baseline, the tool, the method's evidence and the releases.
func (b *build) siteOptions(earlier []earlierRelease) (site.Options, error) {
	cfg := b.cfg
	opt := site.Options{Templates: evalpress.Templates(), Assets: evalpress.Assets(), TemplateOverride: b.templates, TemplatesLabel: b.templatesLabel,
		ContentLabel: cfg.Path(cfg.ContentDir), Files: b.files, Baseline: b.base.results, Context: b.ctx, Criteria: b.o.criteria(),
		Tool: version.Current().String(), Releases: b.releaseList(earlier)}
	var err error
	opt.Evidence, err = methodEvidence()
	return opt, err
}

// result describes the finished build.
func (b *build) result() *Result {
	return &Result{Pages: b.out.Pages, Elapsed: time.Since(b.start), Out: b.outDir, Watch: Inputs(b.o),
		Baselined: b.base.results != nil && !b.out.NewEvaluation, NewEvaluation: b.out.NewEvaluation, Changes: b.out.Results.Changes}
}

// close waits for what the stages hold, once they no longer run: the
// scanner. A stopped build waits for nothing: a stage may still
// run until it sees it stopped (stoppable), and the process ends.
func (b *build) close() {
	if b.ctx.Err() != nil {
		return
	}
	if b.scanner != nil {
		b.scanner.wait()
	}
}

// warn writes each diagnostic on a line of its own.
func (b *build) warn(ds diag.List) { diag.Write(b.stderr, ds) }

// warnf writes one line.
func (b *build) warnf(format string, args ...any) {
	fmt.Fprintf(b.stderr, "evalpress: "+format+"\n", args...)
}

// Inputs lists what a build with o reads: the config file, the private
// inputs folder, the content folder and the templates folder beside the
// config (which may not exist yet). When the config cannot be read, only
// the config file.
func Inputs(o Options) []string {
	cfg, err := config.Load(o.Config, o.Sets, o.criteria())
	if err != nil {
		return []string{o.Config}
	}
	inputsDir := cfg.Path(cfg.Inputs.Dir)
	if o.Inputs != "" {
		inputsDir = o.Inputs
	}
	return []string{o.Config, inputsDir, cfg.Path(cfg.ContentDir), cfg.Path("templates")}
}

// sourceFiles returns the measurement's source for the method page: the
// C5 engine's, and the files of crit's criteria that are evalpress's own.
func sourceFiles(crit criteria.Set) []public.SourceFile {
	var out []public.SourceFile
	for _, name := range c5.SourceFiles {
		out = append(out, public.SourceFile{Name: "reports/c5/" + name, Code: c5.Source(name)})
	}
	for _, name := range crit.SourceFiles() {
		out = append(out, public.SourceFile{Name: "reports/criteria/" + name, Code: criteria.Source(name)})
	}
	return append(out, public.SourceFile{Name: "internal/jscompat/jscompat.go", Code: jscompat.Source()})
}

// stoppable runs fn, a stage that may not see ctx at once, and returns
// what it returns, or ctx's error as soon as ctx is done: a stopped build
// exits at once. The stage goes on until it sees ctx is done, writing
// nothing (the sitewrite.Writer drops what it is handed after Abort).
func stoppable[T any](ctx context.Context, fn func() (T, error)) (T, error) {
	wait := async(fn)
	done := make(chan struct{})
	var v T
	var err error
	go func() {
		v, err = wait()
		close(done)
	}()
	select {
	case <-done:
		return v, err
	case <-ctx.Done():
		var zero T
		return zero, ctx.Err()
	}
}

// async runs fn in a goroutine of its own; the function it returns waits
// for fn and returns what it returned.
func async[T any](fn func() (T, error)) func() (T, error) {
	var v T
	var err error
	done := make(chan struct{})
	go func() {
		defer close(done)
		v, err = fn()
	}()
	return func() (T, error) {
		<-done
		return v, err
	}
}

// progress reports stages on stderr when the work is large.
type progress struct {
	w     io.Writer
	large bool
	start time.Time
}

func newProgress(w io.Writer, sections int) *progress {
	return &progress{w: w, large: sections >= 500, start: time.Now()}
}

func (p *progress) say(format string, args ...any) {
	if p.large {
		if os.Getenv("EVALPRESS_TIMING") != "" {
			format = "[" + time.Since(p.start).Round(time.Millisecond).String() + "] " + format
		}
		fmt.Fprintf(p.w, "evalpress: "+format+"\n", args...)
	}
}
