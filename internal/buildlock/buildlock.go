// Package buildlock keeps builds from running over each other: an advisory
// lock (flock) on a file, held for as long as a build writes a folder, and
// holding the process id of its holder so that a second build can name it.
package buildlock

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/evalpress/evalpress/internal/readfile"
)

// A Lock is held until Release.
type Lock struct {
	f *os.File
}

// ErrHeld is returned (wrapped) when another process holds a lock and the
// caller did not ask to wait.
var ErrHeld = errors.New("locked by another process")

// HeldError says which process holds a lock.
type HeldError struct {
	What string // the folder the lock guards, as the user named it
	PID  int    // 0 when the holder did not say
}

func (e *HeldError) Error() string {
	holder := "another evalpress process"
	if e.PID > 0 {
		holder = fmt.Sprintf("evalpress process %d", e.PID)
	}
	return fmt.Sprintf("%s: in use by %s; wait for it to finish, or pass --wait", e.What, holder)
}

// Unwrap makes errors.Is(err, ErrHeld) true.
func (e *HeldError) Unwrap() error { return ErrHeld }

// Acquire takes the lock in file path, which guards what (named in
// messages). When another process holds it, Acquire fails with a
// *HeldError, or with wait says so once on say and waits until the lock is
// free or ctx is done. The holder's process id is written into the file.
func Acquire(ctx context.Context, path, what string, wait bool, say io.Writer) (*Lock, error) {
	if err := MkdirAll(filepath.Dir(path)); err != nil {
		return nil, fmt.Errorf("%s: cannot create the lock's folder: %w", what, err)
	}
	// Only a regular file is a lock: nothing else is opened (opening a
	// device can act on it), nor written through a link.
	if info, err := os.Lstat(path); err == nil && !info.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: the lock %s is not a regular file; remove it if no build is running", what, path)
	}
	f, err := openLock(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	said := false
	for {
		ok, err := tryLock(f)
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("%s: cannot lock %s: %w", what, path, err)
		}
		if ok {
			break
		}
		held := &HeldError{What: what, PID: holder(path)}
		if !wait {
			f.Close()
			return nil, held
		}
		if !said && say != nil {
			pid := "another evalpress process"
			if held.PID > 0 {
				pid = fmt.Sprintf("evalpress process %d", held.PID)
			}
			fmt.Fprintf(say, "evalpress: %s: waiting for %s to finish\n", what, pid)
			said = true
		}
		select {
		case <-ctx.Done():
			f.Close()
			return nil, ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
	}
	// The file says who holds it; a failure to say costs only the message.
	if f.Truncate(0) == nil {
		f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	}
	return &Lock{f: f}, nil
}

// openLock opens the lock file at path, made if missing, so that nothing
// else is written through it: not through a link (O_NOFOLLOW, where the
// system has it), and not when the file has another name (a hard link:
// writing the holder's id would empty the file it shares, a config.toml).
func openLock(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|noFollow, 0o666)
	if err != nil {
		return nil, fmt.Errorf("cannot open the lock file: %w", err)
	}
	info, err := f.Stat()
	if err == nil && (!info.Mode().IsRegular() || links(info) != 1) {
		err = fmt.Errorf("the lock %s has another name (a hard link) or is not a regular file: writing it would change another file; remove it if no build is running", path)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// MkdirAll makes the folder dir and its parents (0777 less the umask), as
// os.MkdirAll does, but says why a folder that cannot be looked at fails:
// a folder whose stat fails otherwise than by its absence (an input/output
// error, a loop of links) made os.MkdirAll try to make it and say "file
// exists".
func MkdirAll(dir string) error {
	err := os.MkdirAll(dir, 0o777)
	if err == nil {
		return nil
	}
	if _, serr := os.Stat(dir); serr != nil && !errors.Is(serr, fs.ErrNotExist) {
		return serr
	}
	return err
}

// Release gives the lock up. The file stays: removing it would let a third
// process lock a new file while a second waits on the old one.
func (l *Lock) Release() {
	if l == nil || l.f == nil {
		return
	}
	l.f.Truncate(0)
	unlock(l.f)
	l.f.Close()
	l.f = nil
}

// holder returns the process id written in the lock file at path, or 0.
func holder(path string) int {
	data, err := readfile.ReadSmall(path)
	if err != nil {
		return 0
	}
	pid, err := strconv.Atoi(string(bytes.TrimSpace(data)))
	if err != nil {
		return 0
	}
	return pid
}
