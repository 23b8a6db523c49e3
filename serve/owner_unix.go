//go:build unix

package serve

import (
	"io/fs"
	"os"
	"syscall"
)

// ownedByMe reports whether the file info describes is this user's: in a
// temporary folder others share, another user's folder is never touched.
func ownedByMe(info fs.FileInfo) bool {
	st, ok := info.Sys().(*syscall.Stat_t)
	return ok && int(st.Uid) == os.Getuid()
}
