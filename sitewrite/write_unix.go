//go:build unix

package sitewrite

import "syscall"

// inodeOf returns the inode number of path, 0 when unknown.
func inodeOf(path string) uint64 {
	var st syscall.Stat_t
	if syscall.Lstat(path, &st) != nil {
		return 0
	}
	return uint64(st.Ino)
}
