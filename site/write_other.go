//go:build !unix

package site

import "io/fs"

// singleLink reports whether a file has exactly one hard link; where that
// cannot be told, no file is reused.
func singleLink(fs.FileInfo) bool { return false }

// overwrite is never called where no file is reused.
func overwrite(spareFile, string, []byte) (bool, error) { return false, nil }
