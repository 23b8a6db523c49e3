package pipeline

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/evalpress/evalpress"
	"github.com/evalpress/evalpress/config"
	"github.com/evalpress/evalpress/internal/readfile"
	"github.com/evalpress/evalpress/leakscan"
	"github.com/evalpress/evalpress/redact"
	"github.com/evalpress/evalpress/reports/c5report"
	"github.com/evalpress/evalpress/reports/criteria"
	"github.com/evalpress/evalpress/reports/findings"
	"github.com/evalpress/evalpress/reports/inputs"
	"github.com/evalpress/evalpress/sitewrite"
)

// cellExcerpts returns the excerpts of the findings' cells
// (redact.FindingsExcerpts) a public build shows, from the private findings
// and the thresholds: the view shows them, and the leak scan permits them
// (redact.Permits; never read from the view it checks). nil unless the
// build shows excerpts.
func cellExcerpts(cfg *config.Config, folder *inputs.Folder, f *findings.Findings) []string {
	if cfg.Publish.Audience != config.Public || !cfg.Publish.Excerpts {
		return nil
	}
	return redact.FindingsExcerpts(folder, f)
}

// errLeak stops a build whose files hold a private term or passage.
var errLeak = errors.New("leak found")

// leakCheck is the leak scan of a public build: made from the private inputs
// while the build measures and renders, then run on every file before it is
// written, keeping what it finds by file.
type leakCheck struct {
	made    chan error
	ctx     context.Context
	once    sync.Once
	err     error // from made
	scanner *leakscan.Scanner
	// unscanned are the patterns of files published unread.
	unscanned []string
	mu        sync.Mutex
	leaks     map[string][]leakscan.Leak
}

// startLeakCheck starts making the scanner for folder.
func startLeakCheck(ctx context.Context, folder *inputs.Folder) *leakCheck {
	c := &leakCheck{ctx: ctx, made: make(chan error, 1), leaks: map[string][]leakscan.Leak{}}
	go func() {
		var err error
		c.scanner, err = leakscan.New(folder, true, nil)
		if err == nil {
			c.scanner.Fixed(fixedBytes())
		}
		c.made <- err
	}()
	return c
}

// wait waits for the scanner to be made, once the build no longer needs
// it: the inputs it reads are closed after.
func (c *leakCheck) wait() { c.ready(permits{}) }

// permits are the excerpts a build's scan permits: all, those the build
// shows, everywhere; under, an earlier release's, in its own files only
// (by the folder's slash-separated prefix, "releases/v1/").
type permits struct {
	all   []string
	under map[string][]string
}

// ready waits for the scanner and permits the excerpts p names, the
// first time it is called; it may be called from several goroutines.
func (c *leakCheck) ready(p permits) error {
	c.once.Do(func() {
		select {
		case c.err = <-c.made:
		case <-c.ctx.Done():
			c.err = c.ctx.Err()
		}
		if c.err == nil {
			c.scanner.Permit(p.all...)
			for _, dir := range slices.Sorted(maps.Keys(p.under)) {
				c.scanner.PermitUnder(dir, p.under[dir]...)
			}
			c.scanner.PublishUnscanned(c.unscanned)
		}
	})
	return c.err
}

// fileCheck returns the check of every file a build writes: its name and
// every byte of it are scanned.
func (c *leakCheck) fileCheck(p permits) func(sitewrite.File) error {
	return func(f sitewrite.File) error {
		if err := c.ready(p); err != nil {
			return err
		}
		return c.record(f.Path, c.scanner.ScanOutput(f.Path, f.Data))
	}
}

// scanPublished scans the files of the output folder outDir that the build
// did not write and carries into the new site (sitewrite.Published): they
// are published with it. What it finds is kept as the written files' is.
func (c *leakCheck) scanPublished(ctx context.Context, outDir string, p permits) error {
	if err := c.ready(p); err != nil {
		return err
	}
	files, err := sitewrite.Published(outDir)
	if err != nil {
		return fmt.Errorf("%s: cannot list the files evalpress did not write: %w", outDir, err)
	}
	var found error
	for _, name := range files {
		path := filepath.Join(outDir, filepath.FromSlash(name))
		if info, err := os.Stat(path); err == nil && info.IsDir() {
			return fmt.Errorf("%s: a link to a folder, which the scan does not follow, in the output folder; replace it by a copy or remove it", path)
		}
		data, err := readfile.ReadFile(ctx, path, readfile.Corpus)
		if err != nil {
			return err
		}
		if err := c.record(name, c.scanner.ScanOutput(name, data)); err != nil {
			found = err
		}
	}
	return found
}

// record keeps what the scan of one file found; it may run on several
// goroutines at once.
func (c *leakCheck) record(name string, found []leakscan.Leak) error {
	if len(found) == 0 {
		return nil
	}
	c.mu.Lock()
	c.leaks[name] = found
	c.mu.Unlock()
	return errLeak
}

// report states the leaks found as one error: the first, by file name,
// and how many more; when it is in one of the earlier releases the site
// carries, that the release cannot change, and how to withdraw it.
func (c *leakCheck) report(outDir, contentDir string, copied map[string][]byte, earlier []earlierRelease) error {
	names := make([]string, 0, len(c.leaks))
	for name := range c.leaks {
		names = append(names, name)
	}
	sort.Strings(names)
	var all []leakscan.Leak
	for _, name := range names {
		all = append(all, c.leaks[name]...)
	}
	// The scan names a file with its private terms masked (shown); the
	// leaks are kept by its name.
	first := all[0]
	shown := first.File
	first.File = filepath.Join(outDir, filepath.FromSlash(shown))
	more := ""
	if _, ok := copied[names[0]]; ok {
		// A file of the content folder, copied as it is: its source is
		// the file to change.
		first.File = filepath.Join(contentDir, filepath.FromSlash(shown))
		more = " (published as " + filepath.Join(outDir, filepath.FromSlash(shown)) + ")"
	}
	if len(all) > 1 {
		more += fmt.Sprintf(" (and %d more)", len(all)-1)
	}
	return fmt.Errorf("leak scan: %s%s; the previous site was kept%s", first, more, inRelease(outDir, names[0], earlier))
}

// inRelease says, when the site's file name is in one of the earlier
// releases, that the release holds it as published and cannot change;
// "" otherwise.
func inRelease(outDir, name string, earlier []earlierRelease) string {
	for _, e := range earlier {
		dir := ReleasesDir + "/" + e.record.Release.Name
		if strings.HasPrefix(name, dir+"/") {
			dir = filepath.Join(outDir, filepath.FromSlash(dir))
			return fmt.Sprintf("; %s holds it as it was published, and a release is never changed: if that is private now, withdraw the release (remove %s, and from where it is published)", dir, dir)
		}
	}
	return ""
}

// fixedBytes returns the binary's own files and the program source and
// reference script the method page quotes (leakscan.Scanner.Fixed): bytes
// no input reaches.
var fixedBytes = sync.OnceValues(func() ([][]byte, []string) {
	var files [][]byte
	_ = fs.WalkDir(evalpress.Assets(), ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(evalpress.Assets(), path)
		if err == nil {
			files = append(files, data)
		}
		return err
	})
	var texts []string
	for _, f := range sourceFiles(criteria.Default()) {
		texts = append(texts, f.Code)
	}
	// The reference script the method page shows beside the source.
	texts = append(texts, c5report.Reference())
	return files, texts
})
