// Package sitewrite writes a rendered site (site.File, site.Output) into its
// output folder so that the folder changes only if everything works: every
// file behind a check (the leak scan), into a spare or temporary folder
// beside the target, swapped in at the end with a journal that lets the next
// build finish or undo a swap a kill interrupted. It keeps, in the marker
// file, the list of the files evalpress wrote, and never touches the others.
package sitewrite

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/evalpress/evalpress/redact/public"
	"github.com/evalpress/evalpress/site"
)

// MarkerFile is written into every site evalpress builds. It records the
// audience, so that an internal build does not replace a public one unless
// told to, and marks the folder as evalpress's to replace.
const MarkerFile = ".evalpress-build"

// ErrInternalOverPublic is returned when an internal build would replace a
// public one.
var ErrInternalOverPublic = errors.New("refusing to replace a public build with an internal one")

// SpareDir returns the folder beside the output folder dir where Write keeps
// the files of the public site it last replaced, to reuse them.
func SpareDir(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		abs = dir
	}
	return sibling(abs, "spare")
}

// Write writes out into dir so that dir changes only if everything works:
// it hands every file of out to a Writer and commits it.
func Write(ctx context.Context, out *site.Output, dir, audience string, check func(site.File) error) error {
	w, err := NewWriter(ctx, dir, audience, check)
	if err != nil {
		return err
	}
	for _, name := range out.Paths() {
		w.Add(site.File{Path: name, Data: out.Files[name]})
	}
	return w.Commit()
}

// A Writer writes a site into a folder so that the folder changes only if
// everything works. Files are added as they are made (site.Options.Emit), from
// any goroutine; check (the leak scan) runs on each on all cores, the marker
// file included, and a file is written only once check has passed it, so
// nothing check rejects reaches the disk. The files go into a temporary
// folder beside the target, which Commit swaps in when all of them passed
// and were written. On any failure the previous folder is left as it was,
// and the error of the first file in path order is returned. When ctx is
// cancelled, nothing more is written, and what was is left for the next
// build's Recover to remove: stopping does not wait for a removal.
//
// Only the files it wrote are evalpress's: the marker file lists them (the
// manifest), and everything else in the output folder, a .git folder, a
// CNAME file, is carried into the new site untouched (see swapIn).
//
// Creating a file is the slow part of writing a site on some file systems
// (allocating an inode can cost a hundred times more than overwriting a
// file), so the public site that a build replaces is kept in SpareDir, and
// the next build is written into it: a file at a path the spare has is
// overwritten in place, the spare's other files are removed before the swap.
// Only regular files with no other hard link are overwritten, and an
// internal site is never kept.
type Writer struct {
	ctx                     context.Context
	dir, abs, tmp, audience string
	check                   func(site.File) error
	spare                   string
	staged                  bool            // tmp is the spare, renamed
	existing                map[string]bool // staged: the spare's files not yet overwritten

	added      chan site.File // to the checkers
	addedLarge chan site.File // to the checkers, before added's files
	passed     chan checked   // to the one writer
	checked    sync.WaitGroup
	writerDone chan struct{}

	mu     sync.Mutex
	errs   map[string]error // by path: the first error of each failed file
	seen   map[string]bool
	failed atomic.Bool
	// closing guards done: Add holds it shared while it hands a file
	// over, so that finish closes the channel only after.
	closing sync.RWMutex
	done    bool
}

// NewWriter prepares to write a site into dir for audience. check may be nil.
// The caller holds the folder's lock (LockPath) and has called Recover.
func NewWriter(ctx context.Context, dir, audience string, check func(site.File) error) (*Writer, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", dir, err)
	}
	parent, base := filepath.Dir(abs), filepath.Base(abs)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return nil, fmt.Errorf("%s: cannot create the output folder's parent: %w", dir, unwrapPath(err))
	}
	tmp, err := os.MkdirTemp(parent, "."+base+".tmp-")
	if err != nil {
		return nil, fmt.Errorf("%s: cannot write beside the output folder: %w", dir, unwrapPath(err))
	}
	w := &Writer{ctx: ctx, dir: dir, abs: abs, tmp: tmp, audience: audience, check: check, spare: SpareDir(abs),
		added: make(chan site.File, 1024), addedLarge: make(chan site.File, 64), passed: make(chan checked, 1024), writerDone: make(chan struct{}),
		errs: map[string]error{}, seen: map[string]bool{}}
	// The spare takes the temporary folder's name: only a public site
	// evalpress built, holding nothing but the files it lists.
	if overwrites && isRealDir(w.spare) && isSpare(w.spare) && os.Remove(tmp) == nil {
		if os.Rename(w.spare, tmp) == nil {
			w.staged = true
		} else if err := os.Mkdir(tmp, 0o700); err != nil {
			return nil, fmt.Errorf("%s: cannot write beside the output folder: %w", dir, unwrapPath(err))
		}
	}
	// The checkers use every core; one goroutine writes: a file is a few
	// system calls, and spreading them over threads costs more in thread
	// wake-ups than it saves.
	for range runtime.GOMAXPROCS(0) {
		w.checked.Add(1)
		go w.checkFiles()
	}
	go w.writeFiles()
	return w, nil
}

// Add hands a file to the writer. It may be called from several goroutines
// at once; after Commit or Abort it does nothing.
func (w *Writer) Add(f site.File) {
	w.closing.RLock()
	defer w.closing.RUnlock()
	if w.done {
		return
	}
	w.mu.Lock()
	dup := w.seen[f.Path]
	w.seen[f.Path] = true
	w.mu.Unlock()
	if dup {
		w.fail(f.Path, fmt.Errorf("%s: two files would be written at %s", w.dir, f.Path))
		return
	}
	if len(f.Data) >= largeFile {
		w.addedLarge <- f
		return
	}
	w.added <- f
}

// largeFile is the size from which a file is checked before the smaller
// files handed over before it: a large file's scan is long, and would
// otherwise end the build. A site's cell pages, thousands of them, are
// handed over while its results page and data are made, and fill the
// checkers' queue; the results page, its JSON and the chart library, each
// scanned in tens of milliseconds, came after them all (on the bench, a
// threshold-only rebuild spent its last 140-200 ms scanning them alone).
const largeFile = 256 << 10

func (w *Writer) fail(path string, err error) {
	w.failed.Store(true)
	w.mu.Lock()
	if _, ok := w.errs[path]; !ok {
		w.errs[path] = err
	}
	w.mu.Unlock()
}

func (w *Writer) checkFiles() {
	defer w.checked.Done()
	large, small := w.addedLarge, w.added
	for large != nil || small != nil {
		var f site.File
		var ok bool
		select {
		case f, ok = <-large: // a large file first, when one waits
		default:
			select {
			case f, ok = <-large:
			case f, ok = <-small:
				if !ok {
					small = nil
					continue
				}
			}
		}
		if !ok {
			large = nil
			continue
		}
		if w.ctx.Err() != nil {
			continue // stopping: drain
		}
		c := checked{File: f}
		if w.check != nil {
			if err := w.check(f); err != nil {
				w.fail(f.Path, err)
				continue
			}
		}
		if !w.failed.Load() {
			w.passed <- c
		}
	}
}

// checked is a file that passed the check.
type checked struct {
	site.File
}

func (w *Writer) writeFiles() {
	if w.staged {
		var pure bool
		w.existing, pure = readRecord(w.tmp).ownedFiles(w.tmp)
		if !pure { // something else got into the spare: it stays as it is
			w.unstage()
		}
	}
	dirs := map[string]bool{w.tmp: true}
	for f := range w.passed {
		if w.failed.Load() || w.ctx.Err() != nil {
			continue
		}
		path := filepath.Join(w.tmp, filepath.FromSlash(f.Path))
		if err := w.writeFile(path, f, dirs); err != nil {
			w.fail(f.Path, fmt.Errorf("%s: failed to write %s: %w", w.dir, f.Path, unwrapPath(err)))
		}
	}
	close(w.writerDone)
}

// unstage puts the spare back and writes into a new temporary folder.
func (w *Writer) unstage() {
	w.staged, w.existing = false, nil
	if os.Rename(w.tmp, w.spare) != nil {
		return // no other folder: write over it all the same
	}
	tmp, err := os.MkdirTemp(filepath.Dir(w.abs), "."+filepath.Base(w.abs)+".tmp-")
	if err != nil {
		os.Rename(w.spare, w.tmp)
		w.fail(MarkerFile, fmt.Errorf("%s: cannot write beside the output folder: %w", w.dir, unwrapPath(err)))
		return
	}
	w.tmp = tmp
}

// writeFile writes f to path: over the spare's file there when it has
// one it may overwrite, else into a new file.
func (w *Writer) writeFile(path string, f checked, dirs map[string]bool) error {
	if w.existing[path] {
		delete(w.existing, path)
		if done, err := overwrite(path, f.Data, nil); done || err != nil {
			return err
		}
	}
	if d := filepath.Dir(path); !dirs[d] {
		if err := w.mkdirAll(d); err != nil {
			return err
		}
		dirs[d] = true
	}
	create := func() error { return createFile(path, f.Data, nil) }
	err := create()
	if err != nil && w.staged {
		// The spare has something else there: a folder, a link. It goes;
		// nothing is ever written through a link.
		os.RemoveAll(path)
		err = create()
	}
	return err
}

// createFile writes data and then tail to a new file at path; it fails
// when anything is there already, a link included.
func createFile(path string, data, tail []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if err == nil && len(tail) > 0 {
		_, err = f.Write(tail)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// mkdirAll makes folder d of the new site. In the spare, whatever stands in
// its way that is not a folder (a file, a link to a folder elsewhere) goes
// first: nothing is ever written through a link.
func (w *Writer) mkdirAll(d string) error {
	if w.staged {
		rel, _ := filepath.Rel(w.tmp, d)
		at := w.tmp
		for _, part := range strings.Split(rel, string(filepath.Separator)) {
			at = filepath.Join(at, part)
			info, err := os.Lstat(at)
			if err != nil {
				break // nothing there: MkdirAll makes the rest
			}
			if !info.IsDir() {
				os.Remove(at)
				delete(w.existing, at)
				break
			}
		}
	}
	return os.MkdirAll(d, 0o755)
}

// isRealDir reports whether path is a folder, not a link to one.
func isRealDir(path string) bool {
	info, err := os.Lstat(path)
	return err == nil && info.IsDir()
}

// removeStale removes the spare's files the new site does not have, and the
// folders that leaves empty.
func (w *Writer) removeStale() error { return removeFiles(w.tmp, w.existing) }

// Abort stops the writer and removes what it wrote; the folder is left as
// it was. It does nothing after Commit.
func (w *Writer) Abort() {
	if w.finish() && w.ctx.Err() == nil {
		os.RemoveAll(w.tmp)
	}
}

// finish waits for every file added to be checked and written; false when
// the writer had finished already.
func (w *Writer) finish() bool {
	w.closing.Lock()
	if w.done {
		w.closing.Unlock()
		return false
	}
	w.done = true
	w.closing.Unlock()
	close(w.added)
	close(w.addedLarge)
	w.checked.Wait()
	close(w.passed)
	<-w.writerDone
	return true
}

// Commit writes the marker file with the list of files written, waits for
// every file, and swaps the new site in when all of them passed and were
// written.
func (w *Writer) Commit() error {
	w.closing.RLock()
	done := w.done
	w.closing.RUnlock()
	if done {
		return fmt.Errorf("%s: the site was already written", w.dir)
	}
	w.mu.Lock()
	files := slices.Sorted(maps.Keys(w.seen))
	w.mu.Unlock()
	w.Add(site.File{Path: MarkerFile, Data: markerData(w.audience, files)})
	w.finish()
	if err := w.ctx.Err(); err != nil {
		return err // the next build removes the temporary folder
	}
	ok := false
	defer func() {
		// A swap that could not be undone keeps its journal, and the
		// entries it carried: the next build's Recover tries again.
		if _, swapping := readJournal(w.abs); !ok && !swapping {
			os.RemoveAll(w.tmp)
		}
	}()
	if len(w.errs) > 0 {
		first := slices.Min(slices.Collect(maps.Keys(w.errs)))
		return w.errs[first]
	}
	if err := w.removeStale(); err != nil {
		return fmt.Errorf("%s: cannot clear the spare site: %w", w.dir, unwrapPath(err))
	}
	if err := os.Chmod(w.tmp, 0o755); err != nil {
		return fmt.Errorf("%s: %w", w.dir, unwrapPath(err))
	}
	step("written")
	if err := w.ctx.Err(); err != nil {
		return err
	}
	if err := swapIn(w.tmp, w.abs, w.spare); err != nil {
		return fmt.Errorf("%s: cannot put the new site in place: %w", w.dir, unwrapPath(err))
	}
	ok = true
	return nil
}

// isSpare reports whether dir is a spare site Write kept: a public site
// evalpress built. Anything else there is left alone.
func isSpare(dir string) bool {
	r := readRecord(dir)
	return r != nil && r.audience == public.AudiencePublic && !r.legacy
}

func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
