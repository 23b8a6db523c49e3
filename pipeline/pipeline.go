// Package pipeline runs a whole evalpress build, one stage after another
// (Build): read the configuration, lock the output folder and the cache,
// read the private inputs, measure (or reuse the cached measurement),
// assemble the findings, redact them into a public view, render the site
// and write it atomically behind the leak scan (leakcheck.go), and cache
// what the next build reuses (baseline.go, and pipeline/incremental for a
// threshold-only change).
package pipeline

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/evalpress/evalpress"
	"github.com/evalpress/evalpress/config"
	"github.com/evalpress/evalpress/internal/commitment"
	"github.com/evalpress/evalpress/internal/diag"
	"github.com/evalpress/evalpress/internal/jscompat"
	"github.com/evalpress/evalpress/pipeline/incremental"
	"github.com/evalpress/evalpress/redact"
	"github.com/evalpress/evalpress/redact/public"
	"github.com/evalpress/evalpress/reports/c5"
	"github.com/evalpress/evalpress/reports/criteria"
	"github.com/evalpress/evalpress/reports/findings"
	"github.com/evalpress/evalpress/reports/inputs"
	"github.com/evalpress/evalpress/reports/judged"
	"github.com/evalpress/evalpress/reports/measure"
	"github.com/evalpress/evalpress/site"
	"github.com/evalpress/evalpress/sitewrite"
)

// CacheDir is the measurement cache's folder, relative to the config file.
const CacheDir = ".evalpress-cache"

// Options are a build's settings from the command line.
type Options struct {
	Config   string   // config file
	Inputs   string   // private inputs folder; "" for the config's
	Out      string   // output folder; "" for the config's
	Sets     []string // key=value overrides
	Baseline string   // earlier results.json; "" for the output folder's
	Force    bool     // let an internal build replace a public one
	// Wait makes a build wait for another one writing the same output
	// folder or cache, rather than fail.
	Wait bool
	// OutLocked says the caller holds the output folder's lock (serve).
	OutLocked bool
}

// Result describes a finished build.
type Result struct {
	Pages int
	// Reused counts the cell pages whose body an earlier build made (a
	// threshold-only change).
	Reused  int
	Elapsed time.Duration
	Out     string
	// Watch lists the files and folders the build read, for a watcher.
	Watch []string
	// Baselined is true when the build compared with an earlier one, and
	// Changes lists the cells whose verdict flipped since it.
	Baselined bool
	Changes   []site.Change
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
	defer b.limitMemory()()
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
	b.store()
	b.progress.say("done")
	return b.result(), nil
}

// build is one run of Build: what each of its stages hands the next.
type build struct {
	ctx    context.Context
	o      Options
	stderr io.Writer
	start  time.Time

	// configure
	cfg                                   *config.Config
	inputsDir, outDir, cacheDir, override string
	// readInputs
	key, seal []byte // the commitment key, and the cache's seal from it
	baseline  func() (baseline, error)
	pages     *incremental.Build
	folder    *inputs.Folder
	tier      *judged.Tier
	progress  *progress
	scanner   *leakCheck // nil in an internal build
	// measure
	m      *measure.Result
	cached bool // m came from the cache
	// tokens are the texts' tokens the measurement made when it was not
	// cached, for the findings' run views; dropped once they have them.
	tokens *measure.Texts
	// assembleFindings, redact
	f        *findings.Findings
	excerpts []string          // the cells' excerpts a public build shows (cellExcerpts)
	files    map[string][]byte // the content folder's other files
	view     *public.View
	// renderScanWrite
	out  *site.Output
	base baseline
	// figures are the view's figures in the cache, reused by a
	// threshold-only rebuild.
	figures *incremental.Figures
	// storing stores the results and figures (storedEarly: while the files
	// are written), with what failed.
	storing                 sync.WaitGroup
	storedEarly             bool
	baselineErr, figuresErr error
}

// configure reads the config and settles the build's folders, refusing
// folders that cannot be used before anything is locked.
func (b *build) configure() error {
	cfg, err := config.Load(b.o.Config, b.o.Sets)
	if err != nil {
		return err
	}
	b.cfg = cfg
	if d := config.RegisteredDrift(cfg); len(d) > 0 {
		b.warnf("%s: warning: thresholds differ from the registered ones: %s; pages with verdicts say so", b.o.Config, strings.Join(d, ", "))
	}
	b.inputsDir, b.outDir = cfg.Path(cfg.Inputs.Dir), cfg.Path(cfg.Publish.Out)
	if b.o.Inputs != "" {
		b.inputsDir = b.o.Inputs
	}
	if b.o.Out != "" {
		b.outDir = b.o.Out
	}
	b.cacheDir, b.override = cfg.Path(CacheDir), cfg.Path("templates")
	if err := separateFolders(b.outDir, b.cacheDir, b.inputsDir); err != nil {
		return err
	}
	if err := checkContentDir(cfg); err != nil {
		return err
	}
	// A folder that cannot be one is said so before it is locked.
	_, err = sitewrite.ExistingAudience(b.outDir)
	return err
}

// lock takes the output folder's and the cache's locks, recovers what a
// killed build left, and refuses to replace a public site with an internal
// one unless forced. The function it returns releases the locks.
func (b *build) lock() (func(), error) {
	release, err := lockBuild(b.ctx, b.o, b.outDir, b.cacheDir, b.stderr)
	if err != nil {
		return nil, err
	}
	existing, err := sitewrite.ExistingAudience(b.outDir)
	if err == nil && b.cfg.Publish.Audience == config.Internal && existing == config.Public && !b.o.Force {
		err = fmt.Errorf("%s: %w; build into another --out, or pass --force", b.outDir, sitewrite.ErrInternalOverPublic)
	}
	if err != nil {
		release()
		return nil, err
	}
	return release, nil
}

// readInputs opens the private inputs and their judged tier, and starts
// what runs meanwhile: reading the earlier results and the pages a
// threshold-only change reuses, and making the leak scanner.
func (b *build) readInputs() error {
	key, err := commitmentKey(b.inputsDir, b.stderr)
	if err != nil {
		return err
	}
	b.key, b.seal = key, commitment.Derive(key, "cache")
	b.baseline = async(func() (baseline, error) { return loadBaseline(b.o.Baseline, b.outDir, b.cacheDir, b.seal) })
	b.pages = incremental.Start(b.cacheDir, b.seal, !isDir(b.override))
	if b.folder, err = inputs.Open(b.inputsDir, inputs.InMemory()); err != nil {
		return err
	}
	b.warn(b.folder.Diagnostics.Warnings())
	// The judged tier, when the inputs have one, adds private terms (a
	// family judge's model): read before the redaction and the scan start.
	if b.tier, err = judged.Attach(b.folder, b.inputsDir); err != nil {
		return err
	}
	if b.tier != nil {
		b.warn(b.tier.Diagnostics.Warnings())
	}
	if err := redact.CheckAliases(b.folder, findings.AssignAliases(b.folder)); err != nil {
		return err
	}
	b.progress = newProgress(b.stderr, len(b.folder.Sections))
	// The leak scanner reads every private text: it is made meanwhile.
	if b.cfg.Publish.Audience == config.Public {
		b.scanner = startLeakCheck(b.ctx, b.folder, b.cacheDir, b.seal)
		b.scanner.unscanned = b.cfg.Publish.Unscanned
	}
	return nil
}

// measure reads the measurement from the cache or makes it, and opens the
// pages of the previous build that fit it.
func (b *build) measure() error {
	var err error
	if b.m, b.tokens, b.cached, err = loadMeasurement(b.ctx, b.folder, b.cfg, b.seal, b.progress, b.stderr); err != nil {
		return err
	}
	b.pages.Open(b.folder, b.cfg, b.m, b.cached)
	return nil
}

// assembleFindings judges every criterion and the hypotheses, with the
// texts of the run views unless the pages that show them are reused, and
// says what the settings name that the inputs lack.
func (b *build) assembleFindings() error {
	cfg := b.cfg
	// A large public site keeps the runs but not the texts: each run view
	// is made from the inputs when its page is (redact), and dropped with
	// it. An internal one shows every run's words, which need the texts.
	runsOnly := len(b.m.Cells) > maxKeptCellPages && cfg.Publish.Audience == config.Public
	// A public build shows no run's words: the texts' are not kept.
	dropWords := cfg.Publish.Audience == config.Public
	f, err := findings.Build(b.ctx, b.folder, cfg, b.m, findings.Options{Texts: !b.pages.Reusing(), RunsOnly: runsOnly, DropWords: dropWords, Tokens: b.tokens, Judged: b.tier})
	b.tokens = nil
	if b.cached && errors.Is(err, findings.ErrStaleMeasurement) {
		b.warnf("%s: warning: cached measurement does not match the inputs; measuring again", cfg.Path(CacheDir))
		f, err = findings.Build(b.ctx, b.folder, cfg, nil, findings.Options{Texts: true, RunsOnly: runsOnly, DropWords: dropWords, Judged: b.tier})
		b.pages.Forget() // pages made now would not fit the cached measurement
	}
	if err == nil {
		err = b.ctx.Err()
	}
	if err != nil {
		return err
	}
	// The findings hold what the later stages need of the measurement: its
	// memory goes now (a 200,000-section measurement is 80 MB).
	b.f, b.m = f, nil
	if f.JudgedResults != nil {
		b.warn(f.JudgedResults.Diagnostics.Warnings())
	}
	for _, name := range cfg.Judged.Sections {
		if !slices.Contains(f.SectionNames, name) {
			b.warnf("%s: warning: [judged] sections names %q, which is no section of sections.md", cfg.File, name)
		}
	}
	for _, name := range cfg.G1.UnknownTargets(f.SectionNames) {
		b.warn(diag.List{diag.Warnf(cfg.File, cfg.KeyLine("g1.targets."+name), "[g1.targets] %q names no section of sections.md; it is ignored", name)})
	}
	return nil
}

// redact reads the content folder, validates the judged tier, and makes
// the public view: the only thing the renderer sees.
func (b *build) redact() error {
	b.progress.say("redacting")
	docs, files, err := redact.ReadContent(b.cfg.Path(b.cfg.ContentDir))
	if err != nil {
		return err
	}
	b.files = files
	report, prompt, err := validate(b.cfg, b.f, docs, files, b.stderr)
	if err != nil {
		return err
	}
	commitments, err := commit(b.folder, b.inputsDir, b.key)
	if err != nil {
		return err
	}
	b.excerpts = cellExcerpts(b.cfg, b.folder, b.f)
	in := redact.Input{Config: b.cfg, Findings: b.f, Folder: b.folder, Documents: docs, Source: sourceFiles(),
		Validation: report, Prompt: prompt, Commitments: commitments, Runs: b.pages.Runs(), Excerpts: b.excerpts}
	if b.view, err = stoppable(b.ctx, func() (*public.View, error) { return redact.New(in) }); err != nil {
		return err
	}
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
	b.progress.say("rendering")
	cfg := b.cfg
	opt := site.Options{Templates: evalpress.Templates(), Assets: evalpress.Assets(), TemplatesLabel: "templates",
		ContentLabel: cfg.Path(cfg.ContentDir), Files: b.files, Baseline: b.base.results, CellBodies: b.pages.Bodies(), Context: b.ctx}
	if isDir(b.override) {
		opt.TemplateOverride, opt.TemplatesLabel = os.DirFS(b.override), b.override
	}
	b.figures = incremental.OpenFigures(b.cacheDir, b.seal, b.view.Public())
	opt.Spreads = b.figures.Cached
	var check func(site.File) error
	if b.scanner != nil {
		check = b.scanner.fileCheck(redact.Permits(b.excerpts), b.pages)
	}
	// The findings are in the view now: their memory goes before the pages
	// are made (a 30 MB section's words alone take 120 MB).
	b.f = nil
	w, err := sitewrite.NewWriter(b.ctx, b.outDir, cfg.Publish.Audience, check)
	if err != nil {
		return err
	}
	opt.Emit = w.Add
	// A large site's cell pages are not all kept in memory: they are written
	// as they are made, and the page cache, which would need them all, is
	// not made. Its results page and data files are streamed: made a piece
	// at a time for the scan and again for the disk, never whole.
	// A build that reuses the previous one's bodies stores no pages
	// (incremental.Build.Store): its cell pages go once written, so that
	// their 20 KB apiece do not all stay in memory to the end.
	opt.DropCellPages = b.pages.Reusing()
	if cells := len(b.view.Public().Cells); cells > maxKeptCellPages {
		opt.DropCellPages, opt.Stream = true, true
		b.pages.Forget() // nothing to store: no page is certified for it
		b.progress.say("%d cell pages: written as they are made; no page cache above %d", cells, maxKeptCellPages)
	}
	out, err := stoppable(b.ctx, func() (*site.Output, error) { return site.Render(b.view, opt) })
	if err == nil {
		err = b.ctx.Err()
	}
	if err != nil {
		w.Abort()
		return err
	}
	b.progress.say("scanning and writing %d files", len(out.Files))
	if !opt.Stream {
		// The results and figures are cached while the files are scanned
		// and written: they need nothing written. A build that then fails
		// leaves a baseline keyed by the digest of a results.json it did
		// not publish, which no build reads, in place of the published
		// one's: the next build reads that results.json itself, slower.
		b.storing.Go(func() { b.baselineErr = storeBaseline(b.cacheDir, b.seal, out) })
		b.storing.Go(func() { b.figuresErr = b.figures.Store(out.Spreads) })
		b.storedEarly = true
	}
	err = w.Commit()
	b.storing.Wait()
	if err != nil {
		if errors.Is(err, errLeak) {
			return b.scanner.report(b.outDir)
		}
		return err
	}
	b.out = out
	return nil
}

// store caches what the next build reuses: the results as a baseline and
// the cell pages; a failure to cache only costs the next build time.
func (b *build) store() {
	// Three files, written at once, the results and figures already unless
	// the results were streamed: the build ends when the slowest, the cell
	// pages, is written.
	if !b.storedEarly {
		b.storing.Go(func() { b.baselineErr = storeBaseline(b.cacheDir, b.seal, b.out) })
		b.storing.Go(func() { b.figuresErr = b.figures.Store(b.out.Spreads) })
	}
	pagesErr := b.pages.Store(b.view, b.out)
	b.storing.Wait()
	if b.baselineErr != nil {
		b.warnf("%s: warning: results not cached: %v", b.cacheDir, b.baselineErr)
	}
	if pagesErr != nil {
		b.warnf("%s: warning: cell pages not cached: %v", b.cacheDir, pagesErr)
	}
	if b.figuresErr != nil {
		b.warnf("%s: warning: figures not cached: %v", b.cacheDir, b.figuresErr)
	}
	if b.scanner != nil && b.scanner.scanner != nil {
		if files := b.scanner.scanner.Unscanned(); len(files) > 0 {
			fmt.Fprintf(b.stderr, "evalpress: published without a leak scan (publish.unscanned): %s\n", strings.Join(files, ", "))
		}
	}
}

// result describes the finished build.
func (b *build) result() *Result {
	return &Result{Pages: b.out.Pages, Reused: len(b.out.Reused), Elapsed: time.Since(b.start), Out: b.outDir, Watch: Inputs(b.o),
		Baselined: b.base.results != nil, Changes: b.out.Results.Changes}
}

// close releases what the stages hold, once they no longer run: the
// reused pages, the scanner's cache, the inputs. A stopped build releases
// nothing: a stage may still run until it sees it stopped (stoppable), and
// the process ends.
func (b *build) close() {
	if b.ctx.Err() != nil {
		return
	}
	b.pages.Close()
	if b.scanner != nil {
		b.scanner.wait()
	}
	if b.folder != nil {
		b.folder.Close()
	}
}

// warn writes each diagnostic on a line of its own.
func (b *build) warn(ds diag.List) {
	for _, d := range ds {
		fmt.Fprintf(b.stderr, "evalpress: %s\n", d.Error())
	}
}

// warnf writes one line.
func (b *build) warnf(format string, args ...any) {
	fmt.Fprintf(b.stderr, "evalpress: "+format+"\n", args...)
}

// maxKeptCellPages is the most cell pages a build keeps in memory, for
// the page cache: above it, memory would grow with the site.
var maxKeptCellPages = 20_000

// A large site's build (more cells than maxKeptCellPages) keeps about
// 1.6 KB a cell live while it renders (330 MB for 200,000 cells, gctrace),
// but Go's collector lets the heap grow to twice the live heap of its last
// collection, and a collection that meets a large piece being made (the
// results page's charts, the stored baseline: about 100 MB for a moment)
// sets a goal far above what the build keeps: the 200,000-section build
// peaked at 930 MB to 1.1 GB. Its soft memory limit (debug.SetMemoryLimit)
// is streamedMemoryPerCell a cell, at least minStreamedMemory: about two
// and a half times what it keeps, so the collector never runs much more
// often than without it (no thrashing, whatever the site's size), but a
// passing peak no longer doubles the heap. It replaces the command's
// smaller budget (internal/memlimit), which such a build's live heap lifts
// anyway; GOMEMLIMIT is left as it is.
const (
	streamedMemoryPerCell = 4 << 10
	minStreamedMemory     = 768 << 20
)

// limitMemory sets a large site's build's soft memory limit (see
// streamedMemoryPerCell) and returns what restores the limit before it.
func (b *build) limitMemory() func() {
	cells := len(b.folder.Sections)
	limit := max(minStreamedMemory, int64(cells)*streamedMemoryPerCell)
	if _, set := os.LookupEnv("GOMEMLIMIT"); cells <= maxKeptCellPages || set {
		return func() {}
	}
	prev := debug.SetMemoryLimit(limit)
	return func() { debug.SetMemoryLimit(prev) }
}

// Inputs lists what a build with o reads: the config file, the private
// inputs folder, the content folder and the templates folder beside the
// config (which may not exist yet). When the config cannot be read, only
// the config file.
func Inputs(o Options) []string {
	cfg, err := config.Load(o.Config, o.Sets)
	if err != nil {
		return []string{o.Config}
	}
	inputsDir := cfg.Path(cfg.Inputs.Dir)
	if o.Inputs != "" {
		inputsDir = o.Inputs
	}
	return []string{o.Config, inputsDir, cfg.Path(cfg.ContentDir), cfg.Path("templates")}
}

// loadMeasurement returns the cached measurement of folder, and true, or
// measures it and caches it, and then returns the tokens of the texts it
// made too. The measurement cache lives beside the config, never in the
// published folder; a threshold-only change reuses it.
func loadMeasurement(ctx context.Context, folder *inputs.Folder, cfg *config.Config, seal []byte, progress *progress, stderr io.Writer) (*measure.Result, *measure.Texts, bool, error) {
	cache := measure.Cache{Dir: cfg.Path(CacheDir), Seal: seal}
	key := measure.CacheKey(folder, cfg.C5.NGram)
	if m, hit := cache.Load(key); hit {
		progress.say("measurement from cache (%d sections)", len(folder.Sections))
		return m, nil, true, nil
	}
	progress.say("measuring %d sections", len(folder.Sections))
	m, tokens, err := measure.RunWithTexts(ctx, folder, cfg.C5.NGram)
	if err != nil {
		return nil, nil, false, err
	}
	if err := cache.Store(key, m); err != nil {
		fmt.Fprintf(stderr, "evalpress: %s: warning: measurement not cached: %v\n", cache.Dir, err)
	}
	return m, tokens, false, nil
}

// sourceFiles returns the measurement's source for the method page.
func sourceFiles() []public.SourceFile {
	var out []public.SourceFile
	for _, name := range c5.SourceFiles {
		out = append(out, public.SourceFile{Name: "reports/c5/" + name, Code: c5.Source(name)})
	}
	for _, name := range criteria.SourceFiles {
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
