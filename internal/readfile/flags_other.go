//go:build !unix

package readfile

// openFlags: elsewhere, the look before opening is the guard.
const openFlags = 0
