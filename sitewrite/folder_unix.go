//go:build unix

package sitewrite

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"

	"golang.org/x/sys/unix"
)

// A folder is a folder evalpress holds open while it acts inside it: it
// looks, renames, creates and removes by names relative to the open
// folder (fstatat, renameat, openat, unlinkat), never through a path
// resolved again, and opens nothing through a link, so that a link put
// anywhere on the way is refused instead of followed.
type folder struct {
	f    *os.File
	path string // for messages
}

// openParent opens the folder the output folder is in, which the user
// named: a link on its way is the user's and is followed.
func openParent(path string) (*folder, error) {
	return openAt(unix.AT_FDCWD, path, path, 0)
}

// openFolder opens the folder at path, refusing it when path is a link.
func openFolder(path string) (*folder, error) {
	return openAt(unix.AT_FDCWD, path, path, unix.O_NOFOLLOW)
}

func openAt(dirfd int, name, path string, flags int) (*folder, error) {
	for {
		fd, err := unix.Openat(dirfd, name, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC|flags, 0)
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			return nil, &fs.PathError{Op: "open", Path: path, Err: err}
		}
		return &folder{f: os.NewFile(uintptr(fd), path), path: path}, nil
	}
}

func (d *folder) fd() int { return int(d.f.Fd()) }

func (d *folder) close() { d.f.Close() }

// child opens the folder name in d, refusing a link.
func (d *folder) child(name string) (*folder, error) {
	return openAt(d.fd(), name, filepath.Join(d.path, name), unix.O_NOFOLLOW)
}

// lstat says what is at name in d, without following a link: the zero
// entry when nothing is.
func (d *folder) lstat(name string) (entry, error) {
	var st unix.Stat_t
	err := unix.Fstatat(d.fd(), name, &st, unix.AT_SYMLINK_NOFOLLOW)
	if errors.Is(err, unix.ENOENT) {
		return entry{}, nil
	}
	if err != nil {
		return entry{}, &fs.PathError{Op: "lstat", Path: filepath.Join(d.path, name), Err: err}
	}
	return entryOf(&st), nil
}

// stat says what d itself is.
func (d *folder) stat() (entry, error) {
	var st unix.Stat_t
	if err := unix.Fstat(d.fd(), &st); err != nil {
		return entry{}, &fs.PathError{Op: "stat", Path: d.path, Err: err}
	}
	return entryOf(&st), nil
}

func entryOf(st *unix.Stat_t) entry {
	e := entry{exists: true, ino: uint64(st.Ino), dev: uint64(st.Dev), uid: int(st.Uid), links: uint64(st.Nlink)}
	switch st.Mode & unix.S_IFMT {
	case unix.S_IFDIR:
		e.mode = fs.ModeDir
	case unix.S_IFLNK:
		e.mode = fs.ModeSymlink
	case unix.S_IFREG:
	default:
		e.mode = fs.ModeIrregular
	}
	return e
}

// names lists the entries of d.
func (d *folder) names() ([]string, error) {
	if _, err := d.f.Seek(0, 0); err != nil {
		return nil, err
	}
	return d.f.Readdirnames(-1)
}

// renameTo renames from in d to to in dir.
func (d *folder) renameTo(from string, dir *folder, to string) error {
	err := unix.Renameat(d.fd(), from, dir.fd(), to)
	if err != nil {
		return &os.LinkError{Op: "rename", Old: filepath.Join(d.path, from), New: filepath.Join(dir.path, to), Err: err}
	}
	return nil
}

// remove removes the file, or with dir the empty folder, name in d.
func (d *folder) remove(name string, dir bool) error {
	flags := 0
	if dir {
		flags = unix.AT_REMOVEDIR
	}
	if err := unix.Unlinkat(d.fd(), name, flags); err != nil {
		return &fs.PathError{Op: "remove", Path: filepath.Join(d.path, name), Err: err}
	}
	return nil
}

// create writes data to a new file name in d; anything at name already,
// a link included, fails it.
func (d *folder) create(name string, data []byte) error {
	fd, err := unix.Openat(d.fd(), name, unix.O_WRONLY|unix.O_CREAT|unix.O_EXCL|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0o666)
	if err != nil {
		return &fs.PathError{Op: "create", Path: filepath.Join(d.path, name), Err: err}
	}
	return writeAndClose(os.NewFile(uintptr(fd), filepath.Join(d.path, name)), data)
}

// mkdir makes the folder name in d; one there already is no error.
func (d *folder) mkdir(name string) error {
	err := unix.Mkdirat(d.fd(), name, 0o777)
	if err != nil && !errors.Is(err, unix.EEXIST) {
		return &fs.PathError{Op: "mkdir", Path: filepath.Join(d.path, name), Err: err}
	}
	return nil
}

// myUID is the user evalpress runs as: the owner of what it makes.
var myUID = os.Geteuid()

// inodesKnown says that entries carry their inode: a journal must record
// the folders' inodes, and a folder is what it recorded only if its inode
// is the same.
const inodesKnown = true
