package pipeline

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"path/filepath"
	"sort"
	"sync"

	"github.com/evalpress/evalpress/config"
	"github.com/evalpress/evalpress/internal/cachefile"
	"github.com/evalpress/evalpress/pipeline/incremental"
	"github.com/evalpress/evalpress/redact"
	"github.com/evalpress/evalpress/reports/findings"
	"github.com/evalpress/evalpress/reports/inputs"
	"github.com/evalpress/evalpress/site"
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

// scannerKind names the cached index of the leak scanner's private passages.
const scannerKind = "scanner"

// scannerCacheKey identifies the leak scanner's index: the evalpress binary
// and every private input.
func scannerCacheKey(folder *inputs.Folder) string {
	h := sha256.New()
	fmt.Fprintf(h, "evalpress-scanner-1\n%s\n", cachefile.Executable())
	cachefile.WriteDigests(h, folder.Digests)
	return hex.EncodeToString(h.Sum(nil))[:32]
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
			_ = cachefile.Write(cacheDir, scannerKind, key, seal, c.scanner.IndexPieces()...)
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

// fileCheck returns the check of every file a build writes: a streamed
// file's scan in pieces (scanStream), or its scan by the incremental build, which scans a reused cell page's header and the
// window after it, and certifies the cell pages a later build may reuse.
func (c *leakCheck) fileCheck(excerpts []string, pages *incremental.Build) func(site.File) error {
	return func(f site.File) error {
		if err := c.ready(excerpts); err != nil {
			return err
		}
		if f.Stream != nil { // a large file, read a piece at a time
			leaks, err := scanStream(c.scanner, f)
			if err != nil {
				return err
			}
			return c.record(f.Path, leaks)
		}
		return c.record(f.Path, pages.Scan(c.scanner, f))
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
