// Package pipeline runs a whole evalpress build: read the configuration and
// the private inputs, measure (or reuse the cached measurement), assemble the
// findings, redact them into a public view, render the site, and write it
// atomically behind the leak scan.
package pipeline

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/gob"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/evalpress/evalpress"
	"github.com/evalpress/evalpress/config"
	"github.com/evalpress/evalpress/internal/buildlock"
	"github.com/evalpress/evalpress/internal/cachefile"
	"github.com/evalpress/evalpress/internal/commitment"
	"github.com/evalpress/evalpress/internal/diag"
	"github.com/evalpress/evalpress/internal/jscompat"
	"github.com/evalpress/evalpress/internal/pagecache"
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
	start := time.Now()
	cfg, err := config.Load(o.Config, o.Sets)
	if err != nil {
		return nil, err
	}
	if d := config.RegisteredDrift(cfg); len(d) > 0 {
		fmt.Fprintf(stderr, "evalpress: %s: warning: thresholds differ from the registered ones: %s; pages with verdicts say so\n", o.Config, strings.Join(d, ", "))
	}
	inputsDir := cfg.Path(cfg.Inputs.Dir)
	if o.Inputs != "" {
		inputsDir = o.Inputs
	}
	outDir := cfg.Path(cfg.Publish.Out)
	if o.Out != "" {
		outDir = o.Out
	}
	cacheDir := cfg.Path(CacheDir)
	if err := separateFolders(outDir, cacheDir, inputsDir); err != nil {
		return nil, err
	}
	if err := checkContentDir(cfg); err != nil {
		return nil, err
	}
	// A folder that cannot be one is said so before it is locked.
	if _, err := sitewrite.ExistingAudience(outDir); err != nil {
		return nil, err
	}
	// One build at a time in the output folder and in the cache; what a
	// killed build left is recovered first.
	release, err := lockBuild(ctx, o, outDir, cacheDir, stderr)
	if err != nil {
		return nil, err
	}
	defer release()
	existing, err := sitewrite.ExistingAudience(outDir)
	if err != nil {
		return nil, err
	}
	if cfg.Publish.Audience == config.Internal && existing == config.Public && !o.Force {
		return nil, fmt.Errorf("%s: %w; build into another --out, or pass --force", outDir, sitewrite.ErrInternalOverPublic)
	}

	// The earlier results, and the cell pages a threshold-only change
	// reuses (with their runs), are read meanwhile.
	key, err := commitmentKey(inputsDir, stderr)
	if err != nil {
		return nil, err
	}
	seal := commitment.Derive(key, "cache")
	loadingBaseline := async(func() (baseline, error) { return loadBaseline(o.Baseline, outDir, cacheDir, seal) })
	override := cfg.Path("templates")
	pages := pageCache{dir: cacheDir, seal: seal, enabled: !isDir(override)}
	cached := pages // the goroutine's own copy
	loadingPages := async(func() (*pagecache.Entry, error) { return cached.load(), nil })

	folder, err := inputs.Open(inputsDir, inputs.InMemory())
	if err != nil {
		return nil, err
	}
	defer func() {
		// A stopped build may leave a stage running on the inputs until it
		// sees it stopped (stoppable): they stay mapped, for the process
		// ends.
		if ctx.Err() == nil {
			folder.Close()
		}
	}()
	for _, d := range folder.Diagnostics.Warnings() {
		fmt.Fprintf(stderr, "evalpress: %s\n", d.Error())
	}
	// The judged tier, when the inputs have one, adds private terms (a
	// family judge's model): read before the redaction and the scan start.
	tier, err := judged.Attach(folder, inputsDir)
	if err != nil {
		return nil, err
	}
	if tier != nil {
		for _, d := range tier.Diagnostics.Warnings() {
			fmt.Fprintf(stderr, "evalpress: %s\n", d.Error())
		}
	}
	if err := redact.CheckAliases(folder, findings.AssignAliases(folder)); err != nil {
		return nil, err
	}
	progress := newProgress(stderr, len(folder.Sections))
	// The leak scanner reads every private text: it is made meanwhile.
	var scanner *leakCheck
	if cfg.Publish.Audience == config.Public {
		scanner = startLeakCheck(ctx, folder, cacheDir, seal)
		scanner.unscanned = cfg.Publish.Unscanned
		defer func() {
			if ctx.Err() == nil { // a stopped build does not wait for the cache
				scanner.wait()
			}
		}()
	}
	m, hit, err := loadMeasurement(ctx, folder, cfg, seal, progress, stderr)
	if err != nil {
		return nil, err
	}
	// The pages fit only the inputs, settings and measurement they were
	// made from.
	pages.key, pages.measurement = pageCacheKey(folder, cfg), m.Digest
	pages.enabled = pages.enabled && m.Digest != ""
	reuse, _ := loadingPages()
	defer func() {
		if ctx.Err() == nil { // as the folder above
			reuse.Close() // after the pages are rendered and written
		}
	}()
	if !hit || !pages.fits(reuse) || len(reuse.Runs) != len(m.Cells) {
		reuse = nil
	}
	f, err := findings.Build(ctx, folder, cfg, m, findings.Options{Texts: reuse == nil, Judged: tier})
	if hit && errors.Is(err, findings.ErrStaleMeasurement) {
		fmt.Fprintf(stderr, "evalpress: %s: warning: cached measurement does not match the inputs; measuring again\n", cfg.Path(CacheDir))
		f, err = findings.Build(ctx, folder, cfg, nil, findings.Options{Texts: true, Judged: tier})
		reuse, pages.enabled = nil, false // pages made now would not fit the cached measurement
	}
	if err == nil {
		err = ctx.Err()
	}
	if err != nil {
		return nil, err
	}
	if f.JudgedResults != nil {
		for _, d := range f.JudgedResults.Diagnostics.Warnings() {
			fmt.Fprintf(stderr, "evalpress: %s\n", d.Error())
		}
	}
	for _, name := range cfg.Judged.Sections {
		if !slices.Contains(f.SectionNames, name) {
			fmt.Fprintf(stderr, "evalpress: %s: warning: [judged] sections names %q, which is no section of sections.md\n", cfg.File, name)
		}
	}
	for _, name := range cfg.G1.UnknownTargets(f.SectionNames) {
		d := diag.Warnf(cfg.File, cfg.KeyLine("g1.targets."+name), "[g1.targets] %q names no section of sections.md; it is ignored", name)
		fmt.Fprintf(stderr, "evalpress: %s\n", d.Error())
	}
	progress.say("redacting")
	docs, files, err := redact.ReadContent(cfg.Path(cfg.ContentDir))
	if err != nil {
		return nil, err
	}
	report, prompt, err := validate(cfg, f, docs, files, stderr)
	if err != nil {
		return nil, err
	}
	commitments, err := commit(folder, inputsDir, key)
	if err != nil {
		return nil, err
	}
	in := redact.Input{Config: cfg, Findings: f, Folder: folder, Documents: docs, Source: sourceFiles(),
		Validation: report, Prompt: prompt, Commitments: commitments}
	var bodies map[string][]byte
	if reuse != nil {
		in.Runs, bodies = reuse.Runs, reuse.Bodies()
	}
	view, err := stoppable(ctx, func() (*public.View, error) { return redact.New(in) })
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	base, err := loadingBaseline()
	if err != nil {
		return nil, err
	}
	if base.warning != "" {
		fmt.Fprintf(stderr, "evalpress: %s\n", base.warning)
	}
	progress.say("rendering")
	opt := site.Options{Templates: evalpress.Templates(), Assets: evalpress.Assets(), TemplatesLabel: "templates",
		ContentLabel: cfg.Path(cfg.ContentDir), Files: files, Baseline: base.results, CellBodies: bodies, Context: ctx}
	if isDir(override) {
		opt.TemplateOverride, opt.TemplatesLabel = os.DirFS(override), override
	}
	// Files are scanned and written as they are rendered.
	var check func(site.File) error
	var certified *sync.Map // cell page paths whose body the scan certified for reuse
	if scanner != nil {
		certified = new(sync.Map)
		check = scanner.fileCheck(permittedExcerpts(cfg, folder, f), reuse, certified)
	}
	w, err := sitewrite.NewWriter(ctx, outDir, cfg.Publish.Audience, check)
	if err != nil {
		return nil, err
	}
	opt.Emit = w.Add
	// A large site's cell pages are not all kept in memory: they are written
	// as they are made, and the page cache, which would need them all, is
	// not made.
	if cells := len(view.Public().Cells); cells > maxKeptCellPages {
		opt.DropCellPages, pages.enabled = true, false
		progress.say("%d cell pages: written as they are made; no page cache above %d", cells, maxKeptCellPages)
	}
	out, err := stoppable(ctx, func() (*site.Output, error) { return site.Render(view, opt) })
	if err == nil {
		err = ctx.Err()
	}
	if err != nil {
		w.Abort()
		return nil, err
	}
	progress.say("scanning and writing %d files", len(out.Files))
	if err := w.Commit(); err != nil {
		if errors.Is(err, errLeak) {
			return nil, scanner.report(outDir)
		}
		return nil, err
	}
	if err := storeBaseline(cacheDir, seal, out); err != nil {
		fmt.Fprintf(stderr, "evalpress: %s: warning: results not cached: %v\n", cfg.Path(CacheDir), err)
	}
	if pages.enabled && len(out.Reused) < len(out.Headers) {
		if err := pages.store(view, out, certified); err != nil {
			fmt.Fprintf(stderr, "evalpress: %s: warning: cell pages not cached: %v\n", pages.dir, err)
		}
	}
	if scanner != nil && scanner.scanner != nil {
		if files := scanner.scanner.Unscanned(); len(files) > 0 {
			fmt.Fprintf(stderr, "evalpress: published without a leak scan (publish.unscanned): %s\n", strings.Join(files, ", "))
		}
	}
	progress.say("done")
	return &Result{Pages: out.Pages, Reused: len(out.Reused), Elapsed: time.Since(start), Out: outDir, Watch: Inputs(o),
		Baselined: base.results != nil, Changes: out.Results.Changes}, nil
}

// maxKeptCellPages is the most cell pages a build keeps in memory, for
// the page cache: above it, memory would grow with the site.
var maxKeptCellPages = 20_000

// checkContentDir fails, on the config line that names it, when the
// content folder is missing or not a folder.
func checkContentDir(cfg *config.Config) error {
	dir := cfg.Path(cfg.ContentDir)
	info, err := os.Stat(dir)
	switch {
	case err == nil && info.IsDir():
		return nil
	case err == nil:
		return diag.Errorf(cfg.File, cfg.KeyLine("content_dir"), "content_dir %q: %s is a file, not a folder", cfg.ContentDir, dir)
	case errors.Is(err, os.ErrNotExist):
		set := ""
		if cfg.KeyLine("content_dir") == 0 {
			set = " (the default)"
		}
		return diag.Errorf(cfg.File, cfg.KeyLine("content_dir"), "content_dir %q%s: the folder %s does not exist", cfg.ContentDir, set, dir).
			WithHint("set content_dir to the folder of your markdown documents, relative to the config file")
	}
	return nil // redact.ReadContent says what else is wrong
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

// lockBuild takes the locks of the output folder (unless the caller holds
// it) and of the cache, for the whole build, then recovers what a killed
// build left in both. The function it returns releases the locks.
func lockBuild(ctx context.Context, o Options, outDir, cacheDir string, stderr io.Writer) (func(), error) {
	var out *buildlock.Lock
	if !o.OutLocked {
		var err error
		if out, err = LockOutput(ctx, outDir, o.Wait, stderr); err != nil {
			return nil, err
		}
	}
	cache, err := buildlock.Acquire(ctx, filepath.Join(cacheDir, ".lock"), cacheDir, o.Wait, stderr)
	if err != nil {
		out.Release()
		return nil, err
	}
	release := func() { cache.Release(); out.Release() }
	said, err := sitewrite.Recover(outDir)
	for _, line := range said {
		fmt.Fprintf(stderr, "evalpress: %s\n", line)
	}
	if err != nil {
		release()
		return nil, err
	}
	if n := cachefile.RemoveLeftovers(cacheDir); n > 0 {
		fmt.Fprintf(stderr, "evalpress: %s: removed %d files interrupted builds left\n", cacheDir, n)
	}
	return release, nil
}

// LockOutput takes the lock of the output folder dir: a build that finds
// it held fails with one line naming the holder, or with wait says so
// and waits. serve holds its folder's for as long as it runs.
func LockOutput(ctx context.Context, dir string, wait bool, stderr io.Writer) (*buildlock.Lock, error) {
	return buildlock.Acquire(ctx, sitewrite.LockPath(dir), dir, wait, stderr)
}

// loadMeasurement returns the cached measurement of folder, and true, or
// measures it and caches it. The measurement cache lives beside the
// config, never in the published folder; a threshold-only change reuses it.
func loadMeasurement(ctx context.Context, folder *inputs.Folder, cfg *config.Config, seal []byte, progress *progress, stderr io.Writer) (*measure.Result, bool, error) {
	cache := measure.Cache{Dir: cfg.Path(CacheDir), Seal: seal}
	key := measure.CacheKey(folder, cfg.C5.NGram)
	if m, hit := cache.Load(key); hit {
		progress.say("measurement from cache (%d sections)", len(folder.Sections))
		return m, true, nil
	}
	progress.say("measuring %d sections", len(folder.Sections))
	m, err := measure.Run(ctx, folder, cfg.C5.NGram)
	if err != nil {
		return nil, false, err
	}
	if err := cache.Store(key, m); err != nil {
		fmt.Fprintf(stderr, "evalpress: %s: warning: measurement not cached: %v\n", cache.Dir, err)
	}
	return m, false, nil
}

func isDir(p string) bool {
	info, err := os.Stat(p)
	return err == nil && info.IsDir()
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

// permittedExcerpts lists the run texts a public build may show, from the
// private findings and the thresholds (never from the view the scan checks):
// none unless the build shows excerpts.
func permittedExcerpts(cfg *config.Config, folder *inputs.Folder, f *findings.Findings) []string {
	if cfg.Publish.Audience != config.Public || !cfg.Publish.Excerpts {
		return nil
	}
	return redact.PermittedExcerpts(folder, redact.MeasuredCells(f), f.Criteria.C5)
}

// errLeak stops a build whose files hold a private term or passage.
var errLeak = errors.New("leak found")

// leakCheck is the leak scan of a public build: made from the private inputs
// while the build measures and renders, then run on every file before it is
// written, keeping what it finds by file.
type leakCheck struct {
	made    chan error
	stored  chan struct{} // closed once the scanner's index is cached
	ctx     context.Context
	once    sync.Once
	err     error // from made
	scanner *redact.Scanner
	// unscanned are the patterns of files published unread.
	unscanned []string
	mu        sync.Mutex
	leaks     map[string][]redact.Leak
}

// startLeakCheck makes the scanner for folder, from the index a build
// with the same binary and inputs cached in cacheDir when there is one.
func startLeakCheck(ctx context.Context, folder *inputs.Folder, cacheDir string, seal []byte) *leakCheck {
	c := &leakCheck{ctx: ctx, made: make(chan error, 1), stored: make(chan struct{}), leaks: map[string][]redact.Leak{}}
	go func() {
		defer close(c.stored)
		key := scannerCacheKey(folder)
		if index, ok := cachefile.Read(cacheDir, scannerKind, key, seal); ok {
			if s, err := redact.NewScannerFromIndex(folder, index, nil); err == nil {
				c.scanner = s
				c.made <- nil
				return
			}
		}
		var err error
		c.scanner, err = redact.NewScanner(folder, true, nil)
		c.made <- err
		if err == nil {
			// A failure to cache only costs the next build time.
			_ = cachefile.Write(cacheDir, scannerKind, key, seal, c.scanner.Index())
		}
	}()
	return c
}

// wait waits for the scanner to be made and its index cached.
func (c *leakCheck) wait() { <-c.stored }

// ready waits for the scanner and permits the excerpts the build shows,
// the first time it is called; it may be called from several goroutines.
func (c *leakCheck) ready(excerpts []string) error {
	c.once.Do(func() {
		select {
		case c.err = <-c.made:
		case <-c.ctx.Done():
			c.err = c.ctx.Err()
		}
		if c.err == nil {
			c.scanner.Permit(excerpts...)
			c.scanner.PublishUnscanned(c.unscanned)
		}
	})
	return c.err
}

// fileCheck returns the check of every file a build writes: the scan of a
// cell page whose body was reused and certified covers its header and the
// window after it (redact.Scanner.ScanReused); the scan of another cell
// page says whether its body may be reused (ScanCertified), and certified
// collects those that may.
func (c *leakCheck) fileCheck(excerpts []string, reuse *pagecache.Entry, certified *sync.Map) func(site.File) error {
	return func(f site.File) error {
		if err := c.ready(excerpts); err != nil {
			return err
		}
		switch {
		case f.Header == 0:
			return c.record(f.Path, c.scanner.ScanOutput(f.Path, f.Data))
		case f.Reused && reuse.Pages[f.Path].Certified:
			certified.Store(f.Path, true)
			return c.record(f.Path, c.scanner.ScanReused(f.Path, f.Data, f.Header))
		}
		leaks, ok := c.scanner.ScanCertified(f.Path, f.Data, f.Header)
		if ok {
			certified.Store(f.Path, true)
		}
		return c.record(f.Path, leaks)
	}
}

// record keeps what the scan of one file found; it may run on several
// goroutines at once.
func (c *leakCheck) record(name string, found []redact.Leak) error {
	if len(found) == 0 {
		return nil
	}
	c.mu.Lock()
	c.leaks[name] = found
	c.mu.Unlock()
	return errLeak
}

// report states the leaks found as one error: the first, by file name,
// and how many more.
func (c *leakCheck) report(outDir string) error {
	names := make([]string, 0, len(c.leaks))
	for name := range c.leaks {
		names = append(names, name)
	}
	sort.Strings(names)
	var all []redact.Leak
	for _, name := range names {
		all = append(all, c.leaks[name]...)
	}
	first := all[0]
	first.File = filepath.Join(outDir, filepath.FromSlash(first.File))
	more := ""
	if len(all) > 1 {
		more = fmt.Sprintf(" (and %d more)", len(all)-1)
	}
	return fmt.Errorf("leak scan: %s%s; the previous site was kept", first, more)
}

// baseline is the earlier results a build records its changes against,
// and a warning about them to show.
type baseline struct {
	results *site.Results
	warning string
}

// loadBaseline reads the baseline results: the --baseline file (an error
// when it is not a results.json) or the output folder's previous one. A
// results.json a build wrote is not parsed again: the build cached what it
// holds of a baseline, by the file's digest.
func loadBaseline(file, outDir, cacheDir string, seal []byte) (baseline, error) {
	name := file
	if name == "" {
		name = filepath.Join(outDir, "data", "results.json")
	}
	data, err := os.ReadFile(name)
	if err != nil {
		if file == "" {
			return baseline{}, nil
		}
		return baseline{}, fmt.Errorf("%s: cannot read baseline: %w", file, errors.Unwrap(err))
	}
	if r, ok := cachedBaseline(cacheDir, seal, data); ok {
		sum := sha256.Sum256(data)
		r.SHA256 = hex.EncodeToString(sum[:])
		return baseline{results: r}, nil
	}
	r, err := site.ParseBaseline(data)
	switch {
	case err != nil && file != "":
		return baseline{}, fmt.Errorf("%s: %w", file, err)
	case err != nil:
		return baseline{warning: fmt.Sprintf("%s: warning: previous results ignored: %v", name, err)}, nil
	}
	return baseline{results: r}, nil
}

// baselineKind names the cached baselines (see cachefile).
const baselineKind = "baseline"

// cachedBaseline returns the baseline a build cached for the results.json
// data, if it did.
func cachedBaseline(cacheDir string, seal, data []byte) (*site.Results, bool) {
	cached, ok := cachefile.Read(cacheDir, baselineKind, digestKey(data), seal)
	if !ok {
		return nil, false
	}
	var r site.Results
	if gob.NewDecoder(bytes.NewReader(cached)).Decode(&r) != nil {
		return nil, false
	}
	checked, err := r.CheckBaseline()
	return checked, err == nil
}

// storeBaseline caches what the results.json of out holds of a baseline.
func storeBaseline(cacheDir string, seal []byte, out *site.Output) error {
	var enc bytes.Buffer
	if err := gob.NewEncoder(&enc).Encode(out.Results.Baseline()); err != nil {
		return err
	}
	return cachefile.Write(cacheDir, baselineKind, digestKey(out.Files["data/results.json"]), seal, enc.Bytes())
}

// digestKey names data by its SHA-256, and the format of what is cached.
func digestKey(data []byte) string {
	sum := sha256.Sum256(data)
	return "3" + hex.EncodeToString(sum[:16])
}

// commitmentKey returns the key kept with the private inputs in dir
// (internal/commitment), and says so when a build made it.
func commitmentKey(dir string, stderr io.Writer) ([]byte, error) {
	if !isDir(dir) { // the inputs folder's own error says what is wrong
		if _, err := inputs.Open(dir); err != nil {
			return nil, err
		}
	}
	key, created, err := commitment.Load(dir)
	if err != nil {
		return nil, err
	}
	if created {
		fmt.Fprintf(stderr, "evalpress: %s: created the key of the published keyed digests and of the cache's seals; keep it with the private inputs, as private as they are\n", filepath.Join(dir, commitment.KeyFile))
	}
	return key, nil
}

// commit returns the keyed commitments of folder's small files (see
// internal/commitment), read again from dir and checked against the
// digests of the bytes the build read.
func commit(folder *inputs.Folder, dir string, key []byte) (map[string]string, error) {
	out := map[string]string{}
	for name, digest := range folder.Digests {
		if !commitment.Keyed(name) {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return nil, fmt.Errorf("failed to read %s again for its commitment: %w", name, err)
		}
		if sum := sha256.Sum256(data); hex.EncodeToString(sum[:]) != digest {
			return nil, fmt.Errorf("%s: changed while the build read it; build again", filepath.Join(dir, name))
		}
		out[name] = commitment.Sum(key, data)
	}
	return out, nil
}

// separateFolders refuses an output folder that holds the cache or the
// private inputs, or that the cache holds: a build would publish them, or
// write its site among private files.
func separateFolders(out, cache, inputsDir string) error {
	o, c, in := realPath(out), realPath(cache), realPath(inputsDir)
	switch {
	case within(c, o):
		return fmt.Errorf("%s: the output folder would hold the cache %s (real names, full texts); choose another --out", out, cache)
	case within(o, c):
		return fmt.Errorf("%s: the output folder is inside the cache %s; choose another --out", out, cache)
	case within(in, o):
		return fmt.Errorf("%s: the output folder would hold the private inputs %s; choose another --out", out, inputsDir)
	}
	return nil
}

// realPath returns p made absolute with every link resolved, as far as it
// exists: a folder not made yet resolves through its nearest parent.
func realPath(p string) string {
	abs, err := filepath.Abs(p)
	if err != nil {
		return filepath.Clean(p)
	}
	rest := ""
	for dir := abs; ; dir = filepath.Dir(dir) {
		if real, err := filepath.EvalSymlinks(dir); err == nil {
			return filepath.Join(real, rest)
		}
		if filepath.Dir(dir) == dir {
			return abs
		}
		rest = filepath.Join(filepath.Base(dir), rest)
	}
}

// within reports whether path is folder or inside it.
func within(path, folder string) bool {
	rel, err := filepath.Rel(folder, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// stoppable runs fn, a stage that may not see ctx at once, and returns
// what it returns, or ctx's error as soon as ctx is done: a stopped build
// exits at once. The stage goes on until it sees ctx is done, writing
// nothing (the Writer drops what it is handed after Abort).
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
