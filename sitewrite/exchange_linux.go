package sitewrite

import "golang.org/x/sys/unix"

// exchangeFolders swaps the folders a and b of parent in one step
// (renameat2 with RENAME_EXCHANGE): a kill leaves either the one or the
// other in place, never neither.
func exchangeFolders(parent *folder, a, b string) error {
	for {
		err := unix.Renameat2(parent.fd(), a, parent.fd(), b, unix.RENAME_EXCHANGE)
		if err != unix.EINTR {
			return err
		}
	}
}
