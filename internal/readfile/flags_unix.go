//go:build unix

package readfile

import "syscall"

// openFlags open a named pipe without waiting for a writer, and a terminal
// without making it the process's.
const openFlags = syscall.O_NONBLOCK | syscall.O_NOCTTY
