package site

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/evalpress/evalpress/internal/parallel"
)

// MarkerFile is written into every site evalpress builds. It records the
// audience, so that an internal build does not replace a public one unless
// told to, and marks the folder as evalpress's to replace.
const MarkerFile = ".evalpress-build"

// ErrInternalOverPublic is returned when an internal build would replace a
// public one.
var ErrInternalOverPublic = errors.New("refusing to replace a public build with an internal one")

// ExistingAudience returns the audience of the build in dir, "" when dir
// does not exist or is empty, and an error when it holds something evalpress
// did not build.
func ExistingAudience(dir string) (string, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) || err == nil && len(entries) == 0 {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("%s: cannot use as the output folder: %w", dir, unwrapPath(err))
	}
	data, err := os.ReadFile(filepath.Join(dir, MarkerFile))
	if err != nil {
		return "", fmt.Errorf("%s: the output folder exists and was not built by evalpress; remove it or choose another --out", dir)
	}
	audience := strings.TrimPrefix(strings.TrimSpace(string(data)), "audience=")
	return audience, nil
}

// SpareDir returns the folder beside the output folder dir where Write keeps
// the files of the public site it last replaced, to reuse them.
func SpareDir(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		abs = dir
	}
	return filepath.Join(filepath.Dir(abs), "."+filepath.Base(abs)+".spare")
}

// Write writes out into dir so that dir changes only if everything works.
// check (the leak scan) runs on every file, the marker file included, on all
// cores, and a file is written only once check has passed it, so nothing
// check rejects reaches the disk; the files go into a temporary folder
// beside dir, which is swapped in when all of them passed and were written.
// On any failure the previous dir is left as it was, and the first error in
// the order of the paths is returned.
//
// Creating a file is the slow part of writing a site on some file systems
// (allocating an inode can cost a hundred times more than renaming a file),
// so the public site that a build replaces is kept in SpareDir and its files
// are renamed into the next build and overwritten there. Only files with no
// other hard link are reused, and an internal site is never kept.
func Write(out *Output, dir, audience string, check func(name string, data []byte) error) error {
	files := make(map[string][]byte, len(out.Files)+1)
	for name, data := range out.Files {
		files[name] = data
	}
	files[MarkerFile] = []byte("audience=" + audience + "\n")
	names := slices.Sorted(maps.Keys(files))
	abs, err := filepath.Abs(dir)
	if err != nil {
		return fmt.Errorf("%s: %w", dir, err)
	}
	parent, base := filepath.Dir(abs), filepath.Base(abs)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return fmt.Errorf("%s: cannot create the output folder's parent: %w", dir, unwrapPath(err))
	}
	tmp, err := os.MkdirTemp(parent, "."+base+".tmp-")
	if err != nil {
		return fmt.Errorf("%s: cannot write beside the output folder: %w", dir, unwrapPath(err))
	}
	ok := false
	defer func() {
		if !ok {
			os.RemoveAll(tmp)
		}
	}()
	dirs := map[string]bool{}
	for _, name := range names {
		dirs[filepath.Dir(filepath.Join(tmp, filepath.FromSlash(name)))] = true
	}
	for d := range dirs {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return fmt.Errorf("%s: %w", dir, unwrapPath(err))
		}
	}
	spare := SpareDir(abs)
	ours := isSpare(spare)
	var pool []spareFile
	if ours {
		pool = spareFiles(spare)
	}
	// One goroutine writes, while the others check: file creation is a
	// syscall, and spreading syscalls over threads costs more in thread
	// wake-ups than it saves.
	passed := make(chan string, 256)
	written := make(chan error, 1)
	go func() {
		var err error
		for name := range passed {
			if err == nil {
				if err = writeFile(filepath.Join(tmp, filepath.FromSlash(name)), files[name], &pool); err != nil {
					err = fmt.Errorf("%s: failed to write %s: %w", dir, name, unwrapPath(err))
				}
			}
		}
		written <- err
	}()
	var failed atomic.Bool
	checkErr := parallel.For(len(names), func(i int) error {
		if check != nil {
			if err := check(names[i], files[names[i]]); err != nil {
				failed.Store(true)
				return err
			}
		}
		if !failed.Load() {
			passed <- names[i]
		}
		return nil
	})
	close(passed)
	writeErr := <-written
	if checkErr != nil {
		return checkErr
	}
	if writeErr != nil {
		return writeErr
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		return fmt.Errorf("%s: %w", dir, unwrapPath(err))
	}
	previous, _ := ExistingAudience(abs)
	old := ""
	if _, err := os.Stat(abs); err == nil {
		old = filepath.Join(parent, "."+base+".old-"+filepath.Base(tmp)[len(base)+6:])
		if err := os.Rename(abs, old); err != nil {
			return fmt.Errorf("%s: cannot move the previous site aside: %w", dir, unwrapPath(err))
		}
	}
	if err := os.Rename(tmp, abs); err != nil {
		if old != "" {
			os.Rename(old, abs)
		}
		return fmt.Errorf("%s: cannot put the new site in place: %w", dir, unwrapPath(err))
	}
	ok = true
	// The spare files not reused go; the replaced site becomes the spare
	// when it was public, so that nothing private lingers beside the output.
	if ours {
		os.RemoveAll(spare)
	}
	if old != "" {
		if previous != "public" || os.Rename(old, spare) != nil {
			os.RemoveAll(old)
		}
	}
	return nil
}

// isSpare reports whether dir is a spare site Write kept: a public site
// evalpress built. Anything else there is left alone.
func isSpare(dir string) bool {
	audience, err := ExistingAudience(dir)
	return err == nil && audience == "public"
}

// spareFile is a file of the spare site, with what writeFile needs to know
// to overwrite it with as few system calls as it can.
type spareFile struct {
	path string
	size int64
	mode fs.FileMode
}

// spareFiles lists the reusable files under dir: regular files with a single
// link, so that overwriting one cannot change a file elsewhere. The marker
// stays, so that a spare a failed build half used is still known as one.
func spareFiles(dir string) []spareFile {
	var files []spareFile
	marker := filepath.Join(dir, MarkerFile)
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() || path == marker {
			return nil
		}
		if info, err := d.Info(); err == nil && singleLink(info) {
			files = append(files, spareFile{path: path, size: info.Size(), mode: info.Mode().Perm()})
		}
		return nil
	})
	return files
}

// writeFile writes data to path, reusing a file from pool when one is left
// (see overwrite).
func writeFile(path string, data []byte, pool *[]spareFile) error {
	for len(*pool) > 0 {
		spare := (*pool)[len(*pool)-1]
		*pool = (*pool)[:len(*pool)-1]
		if done, err := overwrite(spare, path, data); done || err != nil {
			return err
		}
	}
	return os.WriteFile(path, data, 0o644)
}

func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
