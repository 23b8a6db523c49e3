// Package readfile reads the files evalpress is given, and only those that
// are regular files: a named pipe, a device, a socket, or a link to one is an
// error naming it, found without blocking (a named pipe is opened with
// O_NONBLOCK, then checked with fstat on the opened file, so it cannot be
// swapped in between). A file larger than the limit of its kind is an error
// too, said before it is read, and a read stops between two chunks once its
// context is done, so that an interrupt stops the read of a large file.
//
// Errors about the file itself are one line naming it, as the command line
// prints them:
//
//	evalpress: demo/private/sections.md: not a regular file (a named pipe)
//
// Walking a folder needs nothing more: a walker that reads the entries it
// keeps through this package gets the same error for one that is not a
// regular file, and an entry it does not read cannot block it or fill the
// memory, so it is left alone like any other file the walker ignores.
package readfile

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/evalpress/evalpress/internal/diag"
)

// A Limit is the most bytes a file of one kind may hold.
type Limit int64

// The limits, by kind of file. A build holds what it reads in memory, and
// the supported scale is 20,000 cells built in under 1 GB.
const (
	// Corpus bounds a file that holds a text for every cell: sections.md,
	// examples.md, a judge's replies, a labeller's labels, an earlier
	// build's results.json. The bench corpus is 12 MB for 2,700 sections
	// (4.4 KB a section); 20,000 such sections are 90 MB, and 256 MiB
	// leaves room for sections three times as long.
	Corpus Limit = 256 << 20
	// Content bounds a file of the content folder: a document, or an image
	// or paper a document links to (published as it is). A long document is
	// under 1 MB; 64 MiB holds a high-resolution figure or a paper's PDF.
	Content Limit = 64 << 20
	// Settings bounds a small file a person writes: config.toml,
	// models.toml, judges.toml, labellers.toml, mandated_phrases.txt,
	// redact.txt, a template, the commitment key. The largest in use, a
	// config with a G1 target for each of 20,000 sections, is about 600 KB.
	Settings Limit = 4 << 20
)

// String says the limit in the units people use for file sizes.
func (l Limit) String() string { return size(int64(l)) }

// chunk is how much is read between two looks at the context: at the
// speed of a page-cache read, a few milliseconds.
const chunk = 4 << 20

// ReadSmall reads the regular file at path whole, at most Settings bytes:
// one chunk, a few milliseconds that no interrupt would cut shorter, so it
// takes no context. It is for the small files read before a build has a
// context or while it recovers, when stopping half-way helps nobody: a
// config, a lock's holder, a swap's journal, a site's marker, the
// commitment key. Every other read is ReadFile's, with a context.
func ReadSmall(path string) ([]byte, error) {
	return ReadFile(context.Background(), path, Settings)
}

// ReadFile reads the regular file at path whole, at most limit bytes,
// checking ctx between chunks.
func ReadFile(ctx context.Context, path string, limit Limit) ([]byte, error) {
	f, info, err := open(path, false)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readAll(ctx, f, info, path, limit)
}

// open opens path, a regular file or, with dirOK, a folder. It looks
// before it opens, so that no device is opened (opening one can act on
// it), and after, on the opened file, so that nothing swapped in between
// is read.
func open(path string, dirOK bool) (*os.File, fs.FileInfo, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, nil, err
	}
	if err := check(path, info, dirOK); err != nil {
		return nil, nil, err
	}
	f, err := os.OpenFile(path, os.O_RDONLY|openFlags, 0)
	if err != nil {
		return nil, nil, err
	}
	if info, err = f.Stat(); err != nil {
		f.Close()
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	if err := check(path, info, dirOK); err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, info, nil
}

// check fails unless info, what path leads to, is a regular file (or a
// folder, with dirOK).
func check(path string, info fs.FileInfo, dirOK bool) error {
	return checkAs(path, info, dirOK, true)
}

// checkAs is check, saying whether path is a link only when onDisk: the
// name of a file of another fs.FS is not a path of the system.
func checkAs(path string, info fs.FileInfo, dirOK, onDisk bool) error {
	if info.Mode().IsRegular() || dirOK && info.IsDir() {
		return nil
	}
	kind := kindOf(info.Mode())
	if onDisk {
		kind = linkTo(path, kind)
	}
	return diag.Errorf(path, 0, "not a regular file (%s)", kind)
}

// linkTo says kind, the kind of file path leads to, as a link's when path
// is a link.
func linkTo(path, kind string) string {
	link, err := os.Lstat(path)
	if err != nil || link.Mode()&fs.ModeSymlink == 0 {
		return kind
	}
	if target, err := os.Readlink(path); err == nil {
		return fmt.Sprintf("a link to %s, %s", target, kind)
	}
	return "a link to " + kind
}

// kindOf names a file mode that is not a regular file's.
func kindOf(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a folder"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a block device"
	}
	return "an irregular file"
}

// ReadFS reads the file name of fsys whole, at most limit bytes (and at
// most a DirFS's own limit). With a DirFS, the file must be regular and the
// read stops between chunks once the folder's context is done.
func ReadFS(fsys fs.FS, name string, limit Limit) ([]byte, error) {
	var f fs.File
	var err error
	path, onDisk := name, false
	if d, ok := fsys.(dirFS); ok {
		path, onDisk = d.path(name), true
		limit = min(limit, d.limit)
		f, err = d.open(name, limit)
	} else {
		f, err = fsys.Open(name)
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if err := checkAs(path, info, false, onDisk); err != nil {
		return nil, err
	}
	return readAll(context.Background(), f, info, path, limit)
}

// readAll reads f, whose Stat is info, to its end: at most limit bytes,
// in chunks, stopping once ctx is done.
func readAll(ctx context.Context, f io.Reader, info fs.FileInfo, path string, limit Limit) ([]byte, error) {
	if info.Size() > int64(limit) {
		return nil, tooLarge(path, info.Size(), limit)
	}
	// Room for the whole file and one more byte, which tells that it grew.
	buf := make([]byte, 0, max(info.Size(), 0)+1)
	for {
		if err := ctx.Err(); err != nil {
			return nil, stopped(path, err)
		}
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := f.Read(buf[len(buf):min(cap(buf), len(buf)+chunk)])
		buf = buf[:len(buf)+n]
		if int64(len(buf)) > int64(limit) {
			return nil, tooLarge(path, -1, limit)
		}
		if errors.Is(err, io.EOF) {
			return buf, nil
		}
		if err != nil {
			return nil, readError(path, err)
		}
	}
}

// readError gives err, met reading path, the file's name once.
func readError(path string, err error) error {
	var stop *stoppedError
	var large *largeError
	if errors.As(err, &stop) || errors.As(err, &large) {
		return err // a *file's error, which names the file
	}
	return fmt.Errorf("%s: cannot read: %w", path, WithoutPath(err))
}

// WithoutPath returns the error a *fs.PathError in err's chain holds,
// without its operation and path, for a message that names the file
// itself; any other error as it is.
func WithoutPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// tooLarge says path holds n bytes, more than limit; n < 0 when the file
// grew past the limit while it was read.
func tooLarge(path string, n int64, limit Limit) error {
	holds := "more than " + limit.String()
	if n >= 0 && size(n) != limit.String() {
		holds = size(n)
	}
	return diag.Errorf(path, 0, "too large: %s, and a file of its kind may hold %s", holds, limit)
}

// stoppedError says a read stopped because its context was done; the
// context's error stays in the chain, so that callers tell a stop from a
// fault.
type stoppedError struct {
	path string
	err  error
}

func (e *stoppedError) Error() string { return e.path + ": reading stopped: " + e.err.Error() }
func (e *stoppedError) Unwrap() error { return e.err }

func stopped(path string, err error) error { return &stoppedError{path, err} }

// size writes n bytes in binary units, as file managers do.
func size(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.4g GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.4g MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.4g KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}

// DirFS returns the folder dir as a file system whose Open opens only
// regular files and folders (without blocking on anything else) and whose
// files hold at most limit bytes and stop being read once ctx is done.
// Errors name a file by dir joined with its name, as the user names it.
// Its ReadFile (fs.ReadFile) reads a file whole under those rules.
func DirFS(ctx context.Context, dir string, limit Limit) fs.FS {
	return dirFS{ctx: ctx, dir: dir, limit: limit}
}

type dirFS struct {
	ctx   context.Context // fs.FS has no context: the folder's is the reads'
	dir   string
	limit Limit
}

func (d dirFS) path(name string) string { return filepath.Join(d.dir, filepath.FromSlash(name)) }

// Open implements fs.FS.
func (d dirFS) Open(name string) (fs.File, error) { return d.open(name, d.limit) }

// open opens name, a folder or a regular file of at most limit bytes.
func (d dirFS) open(name string, limit Limit) (fs.File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	path := d.path(name)
	f, info, err := open(path, true)
	if err != nil {
		return nil, err
	}
	if info.IsDir() {
		return f, nil
	}
	if info.Size() > int64(limit) {
		f.Close()
		return nil, tooLarge(path, info.Size(), limit)
	}
	return &file{File: f, ctx: d.ctx, path: path, limit: limit}, nil
}

// Stat implements fs.StatFS without opening the file.
func (d dirFS) Stat(name string) (fs.FileInfo, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "stat", Path: name, Err: fs.ErrInvalid}
	}
	return os.Stat(d.path(name))
}

// ReadDir implements fs.ReadDirFS.
func (d dirFS) ReadDir(name string) ([]fs.DirEntry, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: fs.ErrInvalid}
	}
	return os.ReadDir(d.path(name))
}

// ReadFile implements fs.ReadFileFS: the file whole, within the folder's
// limit.
func (d dirFS) ReadFile(name string) ([]byte, error) { return ReadFS(d, name, d.limit) }

// file is a regular file of a DirFS.
type file struct {
	*os.File
	ctx   context.Context
	path  string
	limit Limit
	read  int64
}

// Read reads as os.File does, unless the folder's context is done or the
// file grew past the limit.
func (f *file) Read(p []byte) (int, error) {
	if err := f.ctx.Err(); err != nil {
		return 0, stopped(f.path, err)
	}
	n, err := f.File.Read(p)
	if f.read += int64(n); f.read > int64(f.limit) {
		return n, &largeError{tooLarge(f.path, -1, f.limit)}
	}
	return n, err
}

// largeError is a *file's tooLarge, which names the file.
type largeError struct{ error }

func (e *largeError) Unwrap() error { return e.error }
