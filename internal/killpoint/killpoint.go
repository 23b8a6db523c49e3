// Package killpoint names the steps of evalpress's atomic site swap so that
// the module's fault tests can stop a process at one of them (a SIGKILL in
// a child process) and check what the next build finds. It is internal: no
// program outside the module can set it, and evalpress itself never does.
package killpoint

import "sync/atomic"

var at atomic.Pointer[func(step string)]

// Set makes f run at every step Reach names from now on; nil stops it. A
// test sets it once, in a child process it then kills.
func Set(f func(step string)) {
	if f == nil {
		at.Store(nil)
		return
	}
	at.Store(&f)
}

// Reach says that the step named step is reached.
func Reach(step string) {
	if f := at.Load(); f != nil {
		(*f)(step)
	}
}
