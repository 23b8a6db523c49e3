//go:build !linux

package sitewrite

import "errors"

// exchangeFolders is not available here: the swap takes two renames, which
// its journal covers.
func exchangeFolders(parent *folder, a, b string) error { return errors.ErrUnsupported }
