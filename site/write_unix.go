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
