package pipeline

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/evalpress/evalpress/config"
	"github.com/evalpress/evalpress/internal/readfile"
	"github.com/evalpress/evalpress/leakscan"
	"github.com/evalpress/evalpress/redact"
	"github.com/evalpress/evalpress/reports/criteria"
	"github.com/evalpress/evalpress/reports/inputs"
	"github.com/evalpress/evalpress/reports/judged"
	"github.com/evalpress/evalpress/reports/measure"
	"github.com/evalpress/evalpress/site"
	"github.com/evalpress/evalpress/sitewrite"
)

// CheckOptions are the inputs of Check.
type CheckOptions struct {
	Dir      string // the folder to scan
	Inputs   string // the private inputs folder
	Passages bool   // also report passages of the private texts
	// Excerpts permits the excerpts a public build with excerpts shows,
	// under the thresholds the scanned site declares.
	Excerpts  bool
	Unscanned []string // patterns of files published unread (publish.unscanned)
	// Wait makes the check of a site a build is writing wait for the
	// build, rather than fail; Stderr gets the line that says it waits.
	Wait   bool
	Stderr io.Writer
	// Config, when set, is the config of the build that made the folder:
	// the judge prompt and the fixtures of its content folder are public,
	// and what a judge's analysis quotes of them is no private passage, as
	// in the build.
	Config string
}

// CheckResult is what Check found.
type CheckResult struct {
	Leaks     []leakscan.Leak // file names relative to Dir
	Unscanned []string        // files not scanned, by Unscanned
}

// Check runs the leak scan on any folder (a built site, an upload) against
// the private inputs, with the permits a build would give it. The check of
// a site evalpress built holds the folder's lock, as a build does: it never
// reads a tree a build is swapping, half one site and half the other.
func Check(ctx context.Context, o CheckOptions) (*CheckResult, error) {
	info, err := os.Stat(o.Dir)
	if err != nil {
		return nil, fmt.Errorf("%s: cannot scan: %w", o.Dir, readfile.WithoutPath(err))
	}
	if !info.IsDir() {
		return nil, fmt.Errorf("%s: not a folder to scan", o.Dir)
	}
	// A link to a site is scanned under the site's own lock, the one
	// its builds take, not one named after the link.
	real, err := filepath.EvalSymlinks(o.Dir)
	if err != nil {
		return nil, fmt.Errorf("%s: cannot scan: %w", o.Dir, readfile.WithoutPath(err))
	}
	if isSite(real) {
		lock, err := LockOutput(ctx, real, o.Wait, o.Stderr)
		if err != nil {
			return nil, err
		}
		defer lock.Release()
		if sitewrite.SwapPending(real) {
			return nil, fmt.Errorf("%s: a build was stopped while it put a new site in place; build again, which finishes or undoes that, then check", o.Dir)
		}
	}
	folder, err := inputs.Open(o.Inputs, inputs.WithContext(ctx))
	if err != nil {
		return nil, err
	}
	if _, err := judged.Attach(ctx, folder, o.Inputs); err != nil { // a family judge's model is private too
		return nil, err
	}
	if o.Config != "" {
		cfg, err := config.Load(o.Config, nil, criteria.Default())
		if err != nil {
			return nil, err
		}
		docs, files, err := readContent(ctx, cfg.Path(cfg.ContentDir), o.Inputs)
		if err != nil {
			return nil, err
		}
		folder.AddPublicTexts(protocolTexts(cfg, docs, files)...)
	}
	var allowed []string
	if o.Excerpts {
		if allowed, err = permittedFor(ctx, o.Dir, folder); err != nil {
			return nil, err
		}
	}
	scanner, err := leakscan.New(folder, o.Passages, allowed)
	if err != nil {
		return nil, err
	}
	scanner.Fixed(fixedBytes())
	if len(o.Unscanned) > 0 {
		scanner.PublishUnscanned(o.Unscanned)
	}
	leaks, err := scanner.ScanDir(ctx, o.Dir)
	if err != nil {
		return nil, err
	}
	return &CheckResult{Leaks: leaks, Unscanned: scanner.Unscanned()}, nil
}

// isSite reports whether dir is a site evalpress builds, whose builds hold
// its lock: it holds the marker file, or the lock beside it exists.
func isSite(dir string) bool {
	if _, err := os.Lstat(filepath.Join(dir, sitewrite.MarkerFile)); err == nil {
		return true
	}
	_, err := os.Lstat(sitewrite.LockPath(dir))
	return err == nil
}

// permittedFor recomputes, from the private inputs, the excerpts a public
// build may show (redact.PermittedExcerpts, as build permits them), under
// the thresholds the scanned site declares in data/results.json (the
// rubric's when it has none).
func permittedFor(ctx context.Context, dir string, folder *inputs.Folder) ([]string, error) {
	th := criteria.DefaultC5
	if data, err := readfile.ReadFile(ctx, filepath.Join(dir, "data", "results.json"), readfile.Corpus); err == nil {
		if r, err := site.ParseBaseline(data); err == nil {
			maxRun, _ := r.Thresholds.Get(criteria.LimitMaxRun)
			maxOverlap, _ := r.Thresholds.Get(criteria.LimitMaxOverlap)
			ngram, _ := r.Thresholds.Get("ngram")
			th = criteria.C5Thresholds{MaxRun: int(maxRun), MaxOverlap: maxOverlap, NGram: int(ngram)}
		}
	}
	res, texts, err := measure.RunWithTexts(ctx, folder, th.NGram)
	if err != nil {
		return nil, err
	}
	return redact.PermittedExcerpts(folder, res, texts, th)
}
