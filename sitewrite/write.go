// Package sitewrite writes a rendered site (File) into its output folder so that the folder changes only if everything works: every
// file behind a check (the leak scan), into a new folder beside the target,
// swapped in at the end with a journal that lets the next build finish or
// undo a swap a kill interrupted. It keeps, in the marker file, the list of
// the files evalpress wrote, and never touches the others.
//
// Files and folders are made with the modes 0666 and 0777, less the
// process's umask, as other tools make theirs: under the usual umask 022 a
// site is 0644 and 0755, under 077 it is the owner's alone.
package sitewrite

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"maps"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/evalpress/evalpress/internal/buildlock"
	"github.com/evalpress/evalpress/internal/killpoint"
	"github.com/evalpress/evalpress/internal/readfile"
)

// MarkerFile is written into every site evalpress builds. It records the
// audience, so that an internal build does not replace a public one unless
// told to, and marks the folder as evalpress's to replace.
const MarkerFile = ".evalpress-build"

// stagingStamp is the empty file a new site's folder holds from the moment
// it is made until its marker is written: what proves a folder of the
// staging name, found with no marker after a kill, evalpress's to remove
// whole. An author's folder that merely has the name holds none.
const stagingStamp = ".evalpress-staging"

// ErrInternalOverPublic is returned when an internal build would replace a
// public one.
var ErrInternalOverPublic = errors.New("refusing to replace a public build with an internal one")

// A File is one file of a site on its way to the disk.
type File struct {
	Path string // slash-separated, relative to the site's folder
	Data []byte
}

// Write writes files (by slash-separated path) into dir so that dir
// changes only if everything works: it hands every file to a Writer and
// commits it.
func Write(ctx context.Context, files map[string][]byte, dir, audience string, check func(File) error) error {
	w, err := NewWriter(ctx, dir, audience, check)
	if err != nil {
		return err
	}
	for _, name := range slices.Sorted(maps.Keys(files)) {
		w.Add(File{Path: name, Data: files[name]})
	}
	return w.Commit()
}

// A Writer writes a site into a folder so that the folder changes only if
// everything works. Files are added as they are made (site.Options.Emit), from
// any goroutine; check (the leak scan) runs on each on all cores, the marker
// file included, and a file is written only once check has passed it, so
// nothing check rejects reaches the disk. The files go into a new folder
// beside the target (stagingName), which Commit swaps in when all of them
// passed and were written. On any failure the previous folder is left as it
// was, and the error of the first file in path order is returned. When ctx is
// cancelled, nothing more is written, and what was is left for the next
// build's Recover to remove: stopping does not wait for a removal.
//
// Only the files it wrote are evalpress's: the marker file lists them (the
// manifest), and everything else in the output folder, a .git folder, a
// CNAME file, is carried into the new site untouched (see swapIn).
type Writer struct {
	ctx                     context.Context
	dir, abs, tmp, audience string
	check                   func(File) error

	added      chan File // to the checkers
	addedLarge chan File // to the checkers, before added's files
	passed     chan File // to the one writer
	checked    sync.WaitGroup
	writerDone chan struct{}

	// exchange swaps two folders of parent in one step, where the system
	// can (exchangeFolders); tests make it fail to try the fallback.
	exchange func(parent *folder, a, b string) error
	said     []string // warnings of the swap (Warnings)

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
func NewWriter(ctx context.Context, dir, audience string, check func(File) error) (*Writer, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", dir, err)
	}
	if err := buildlock.MkdirAll(filepath.Dir(abs)); err != nil {
		return nil, fmt.Errorf("%s: cannot create the output folder's parent: %w", dir, readfile.WithoutPath(err))
	}
	tmp, err := makeStaging(abs)
	if err != nil {
		return nil, fmt.Errorf("%s: cannot write beside the output folder: %w", dir, readfile.WithoutPath(err))
	}
	w := &Writer{ctx: ctx, dir: dir, abs: abs, tmp: tmp, audience: audience, check: check,
		added: make(chan File, queued), addedLarge: make(chan File, queued), passed: make(chan File, queued), writerDone: make(chan struct{}),
		errs: map[string]error{}, seen: map[string]bool{}, exchange: exchangeFolders}
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

// makeStaging makes the new folder a site is written into, beside the
// output folder abs, with a name of the form stagingName: 0777 less the
// umask, as the site's own folders (os.MkdirTemp would make it 0700).
func makeStaging(abs string) (string, error) {
	for {
		var random [8]byte
		rand.Read(random[:])
		tmp := filepath.Join(filepath.Dir(abs), stagingPrefix(abs)+hex.EncodeToString(random[:]))
		err := os.Mkdir(tmp, 0o777)
		if err == nil {
			return tmp, stamp(tmp)
		}
		if !errors.Is(err, os.ErrExist) {
			return tmp, err
		}
	}
}

// stamp puts the staging stamp in the new folder tmp; the folder goes
// again if it cannot.
func stamp(tmp string) error {
	d, err := openFolder(tmp)
	if err == nil {
		err = d.create(stagingStamp, nil)
		d.close()
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}

// queued is how many files wait at most to be checked, and how many checked
// to be written: a renderer that makes pages faster than the leak scan
// reads them waits, rather than the pages piling up in memory (1,024 of
// the bench's 20 KB cell pages were 20 MB).
const queued = 64

// Add hands a file to the writer. It may be called from several goroutines
// at once; after Commit or Abort it does nothing. A path that is not one a
// site holds (sitePath: a plain relative path, no hidden segment, no CNAME
// at the top) fails the write: the marker could not list it.
func (w *Writer) Add(f File) {
	if err := sitePath(f.Path); err != nil {
		w.fail(f.Path, fmt.Errorf("%s: no file of a site can be at that path: %w", w.dir, err))
		return
	}
	w.add(f)
}

func (w *Writer) add(f File) {
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
// scanned in tens of milliseconds, would come after them all.
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
		var f File
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
		if w.check != nil {
			if err := w.check(f); err != nil {
				w.fail(f.Path, err)
				continue
			}
		}
		if !w.failed.Load() {
			w.passed <- f
		}
	}
}

// writeFiles writes the files that passed into the new site's folder,
// through its open folders (folderOf): a link put into the folder while it
// is written is refused, never written through.
func (w *Writer) writeFiles() {
	defer close(w.writerDone)
	root, rootErr := openFolder(w.tmp)
	dirs := map[string]*folder{"": root}
	defer func() {
		for _, d := range dirs {
			if d != nil {
				d.close()
			}
		}
	}()
	for f := range w.passed {
		if w.failed.Load() || w.ctx.Err() != nil {
			continue
		}
		dir, name := path.Split(f.Path)
		d, err := root, rootErr
		if err == nil {
			d, err = folderOf(dirs, strings.TrimSuffix(dir, "/"))
		}
		if err == nil {
			err = d.create(name, f.Data)
		}
		if err != nil {
			w.fail(f.Path, fmt.Errorf("%s: failed to write %s: %w", w.dir, f.Path, readfile.WithoutPath(err)))
		}
	}
}

// folderOf returns the open folder rel (slash-separated) of a new site
// whose open folders dirs holds by path ("" its top), making and opening
// it and its parents as needed.
func folderOf(dirs map[string]*folder, rel string) (*folder, error) {
	if d, ok := dirs[rel]; ok {
		return d, nil
	}
	parentRel, name := path.Split(rel)
	parent, err := folderOf(dirs, strings.TrimSuffix(parentRel, "/"))
	if err != nil {
		return nil, err
	}
	if err := parent.mkdir(name); err != nil {
		return nil, err
	}
	d, err := parent.child(name)
	if err != nil {
		return nil, err
	}
	dirs[rel] = d
	return d, nil
}

// writeAndClose writes data to the new file f and closes it, with the
// first error of the two.
func writeAndClose(f *os.File, data []byte) error {
	_, err := f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

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
	marker := markerData(w.audience, files)
	if len(marker) > int(readfile.Settings) {
		// A marker the next build could not read would leave this site
		// evalpress's no more: refused before anything is swapped.
		w.Abort()
		return fmt.Errorf("%s: the list of the site's %d files would take %d bytes, more than the %v evalpress reads back; build fewer files into one folder", w.dir, len(files), len(marker), readfile.Settings)
	}
	w.add(File{Path: MarkerFile, Data: marker})
	w.finish()
	if err := w.ctx.Err(); err != nil {
		return err // the next build removes the new folder
	}
	// The marker says what is evalpress's now; a kill before this line
	// leaves both, which the next build's Recover takes as the marker says.
	os.Remove(filepath.Join(w.tmp, stagingStamp))
	ok := false
	defer func() {
		// A swap that could not be undone keeps its journal, and the
		// entries it carried: the next build's Recover tries again.
		if !ok && !SwapPending(w.abs) {
			os.RemoveAll(w.tmp)
		}
	}()
	if len(w.errs) > 0 {
		first := slices.Min(slices.Collect(maps.Keys(w.errs)))
		return w.errs[first]
	}
	killpoint.Reach("written")
	if err := w.ctx.Err(); err != nil {
		return err
	}
	if err := w.swapIn(); err != nil {
		return fmt.Errorf("%s: cannot put the new site in place: %w", w.dir, readfile.WithoutPath(err))
	}
	ok = true
	return nil
}

// Warnings returns what a committed write has to say though it worked: an
// earlier site it could not remove whole, left beside the new one.
func (w *Writer) Warnings() []string { return w.said }
