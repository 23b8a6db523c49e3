//go:build unix

package site

import (
	"io/fs"
	"syscall"
)

// singleLink reports whether a file has exactly one hard link.
func singleLink(info fs.FileInfo) bool {
	st, ok := info.Sys().(*syscall.Stat_t)
	return ok && st.Nlink == 1
}

// overwrite renames spare to path and writes data over it, cutting it to
// length if it was longer, which keeps its inode and blocks. It reports false
// when the spare cannot be used (it went, or it is not ours to overwrite: its
// mode was changed), for the caller to try another.
//
// It makes the system calls itself: os.Rename adds an lstat, and os.OpenFile
// an fstat, four fcntl and an epoll registration, which for the thousands of
// files of a rebuild doubled the time of the one goroutine that writes.
func overwrite(spare spareFile, path string, data []byte) (bool, error) {
	if syscall.Rename(spare.path, path) != nil {
		return false, nil
	}
	fd, err := retry(func() (int, error) { return syscall.Open(path, syscall.O_WRONLY|syscall.O_CLOEXEC, 0) })
	if err != nil {
		return false, syscall.Unlink(path)
	}
	for rest := data; len(rest) > 0 && err == nil; {
		var n int
		if n, err = retry(func() (int, error) { return syscall.Write(fd, rest) }); err == nil {
			rest = rest[n:]
		}
	}
	if err == nil && spare.size > int64(len(data)) {
		err = syscall.Ftruncate(fd, int64(len(data)))
	}
	if err == nil && spare.mode != 0o644 {
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

// retry calls call again while a signal interrupts it.
func retry(call func() (int, error)) (int, error) {
	for {
		n, err := call()
		if err != syscall.EINTR {
			return n, err
		}
	}
}
