//go:build unix

package sitewrite

import (
	"bytes"
	"errors"
	"io/fs"
	"sync"
	"syscall"
)

// overwrites is true where a spare site's files are overwritten in place.
const overwrites = true

// overwrite writes data and then tail over the file at path, cutting it
// to length if it was longer, which keeps its inode and blocks; a file that
// holds those bytes already is left as it is (holds). It reports false, having
// removed the file, when the file is not one to overwrite: not a regular
// file, or one with another hard link, whose content would change elsewhere.
//
// It makes the system calls itself: os.OpenFile adds an fstat, four fcntl
// and an epoll registration, which for the thousands of files of a rebuild
// doubled the time of the one goroutine that writes.
func overwrite(path string, data, tail []byte) (bool, error) {
	fd, err := retry(func() (int, error) {
		return syscall.Open(path, syscall.O_RDWR|syscall.O_NOFOLLOW|syscall.O_CLOEXEC|syscall.O_NONBLOCK, 0)
	})
	if err != nil {
		return false, removeIfThere(path)
	}
	var st syscall.Stat_t
	if err := syscall.Fstat(fd, &st); err != nil || st.Mode&syscall.S_IFMT != syscall.S_IFREG || st.Nlink != 1 {
		syscall.Close(fd)
		return false, removeIfThere(path)
	}
	size := int64(len(data) + len(tail))
	if st.Size != size || !holds(fd, data, tail) {
		for _, part := range [][]byte{data, tail} {
			for rest := part; len(rest) > 0 && err == nil; {
				var n int
				if n, err = retry(func() (int, error) { return syscall.Write(fd, rest) }); err == nil {
					rest = rest[n:]
				}
			}
		}
		if err == nil && st.Size > size {
			err = syscall.Ftruncate(fd, size)
		}
	}
	if err == nil && st.Mode&0o7777 != 0o644 {
		err = syscall.Fchmod(fd, 0o644)
	}
	if cerr := syscall.Close(fd); err == nil {
		err = cerr
	}
	if err != nil {
		return true, &fs.PathError{Op: "write", Path: path, Err: err}
	}
	return true, nil
}

// holds reports whether the file open at fd, of the same size, holds data
// followed by tail already: a page that did not change since the build
// whose site is the spare (most of a rebuild's cell pages). Reading it
// back costs less than writing it: no page of the file is dirtied, and
// nothing is left for the disk to write. A read that fails says no.
func holds(fd int, data, tail []byte) bool {
	bufp := compareBuffers.Get().(*[]byte)
	defer compareBuffers.Put(bufp)
	buf := *bufp
	var at int64
	for _, part := range [][]byte{data, tail} {
		for len(part) > 0 {
			n, err := retry(func() (int, error) { return syscall.Pread(fd, buf[:min(len(buf), len(part))], at) })
			if err != nil || n <= 0 || !bytes.Equal(buf[:n], part[:n]) {
				return false
			}
			part, at = part[n:], at+int64(n)
		}
	}
	return true
}

// compareBuffers recycles the buffers holds reads into.
var compareBuffers = sync.Pool{New: func() any { b := make([]byte, 64<<10); return &b }}

// removeIfThere removes path unless it is gone already.
func removeIfThere(path string) error {
	if err := syscall.Unlink(path); err != nil && err != syscall.ENOENT {
		return &fs.PathError{Op: "remove", Path: path, Err: err}
	}
	return nil
}

// retry calls call again while a signal interrupts it.
func retry(call func() (int, error)) (int, error) {
	for {
		n, err := call()
		if err != syscall.EINTR {
			return n, err
		}
	}
}

// inodeOf returns the inode number of path, 0 when unknown.
func inodeOf(path string) uint64 {
	var st syscall.Stat_t
	if syscall.Lstat(path, &st) != nil {
		return 0
	}
	return uint64(st.Ino)
}

// isNotDir reports whether err says a path's parent is not a folder.
func isNotDir(err error) bool { return errors.Is(err, syscall.ENOTDIR) }
