//go:build !linux

package sitewrite

import "errors"

// exchange is not available here: the swap takes two renames, which its
// journal covers.
func exchange(a, b string) error { return errors.ErrUnsupported }
