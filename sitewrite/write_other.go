//go:build !unix

package sitewrite

// overwrites is false where the files of a spare site cannot be told safe
// to overwrite (their hard links): every file is written anew.
const overwrites = false

// overwrite is never called where nothing is overwritten.
func overwrite(string, []byte, []byte) (bool, error) { return false, nil }

// inodeOf is unknown here: a swap the journal records is then always undone.
func inodeOf(string) uint64 { return 0 }

func isNotDir(error) bool { return false }
