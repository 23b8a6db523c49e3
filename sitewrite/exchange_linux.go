package sitewrite

import "golang.org/x/sys/unix"

// exchange swaps the folders a and b in one step (renameat2 with
// RENAME_EXCHANGE): a kill leaves either the one or the other in place,
// never neither.
func exchange(a, b string) error {
	for {
		err := unix.Renameat2(unix.AT_FDCWD, a, unix.AT_FDCWD, b, unix.RENAME_EXCHANGE)
		if err != unix.EINTR {
			return err
		}
	}
}
